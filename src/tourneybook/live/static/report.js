// The report form on the phone: only the entries the game needs, and the points before sending.
// Every check stays on the server: what is hidden here is only not sent (a disabled field), never trusted.
document.querySelectorAll('form.fields').forEach(form => {

  // A part that happens in some games only (the Offensive Option): shown once "it happened" is ticked.
  function showPart(part) {
    const open = part.querySelector('input.happened').checked;
    const body = part.querySelector('.body');
    body.hidden = !open;
    body.querySelectorAll('input, select').forEach(i => { i.disabled = !open; });
  }
  // An entry asked only after another answer ('called off' -> the turn it was called off).
  function valueOf(name) {
    const field = form.elements.namedItem(name);
    if (!field) return '';
    if (field instanceof RadioNodeList) {
      const on = Array.from(field).find(r => r.checked);
      return on ? on.value : '';
    }
    return field.disabled ? '' : field.value;
  }
  function showEntries() {
    form.querySelectorAll('.entry[data-when]').forEach(entry => {
      const shown = valueOf(entry.dataset.when).trim().toLowerCase() === entry.dataset.whenValue.toLowerCase();
      entry.hidden = !shown;
      entry.querySelectorAll('input, select').forEach(i => { i.disabled = !shown; });
    });
  }
  const previewed = form.id === 'report';  // the report's own form; a dispute's version is checked when sent
  form.querySelectorAll('fieldset.optional').forEach(part => {
    part.querySelector('input.happened').addEventListener('change', () => { showPart(part); showEntries(); preview(); });
    showPart(part);
  });
  showEntries();

  // The points before sending: the server scores the game as reported (the ruleset's own scoring) and says
  // each seat's points and what makes them, or what is still wrong; the page only shows the answer.
  const box = form.querySelector('#points') || document.createElement('div');
  let timer = 0, asked = 0;
  // The entries the player has typed into or chosen: while they type, only those are marked (not every blank one).
  const touched = new Set(), keyOf = field => (field.name || '').split('+')[0];
  // The problems as the server sees the form now: the list above and each entry's own line follow the typing;
  // before the form was sent, only at the entries in `only` (the touched ones).
  function markProblems(answer, only) {
    const list = document.getElementById('problems');
    if (list) {
      if (answer.problems.length) {
        list.querySelector('ul').replaceChildren(...answer.problems.map(p => el('li', p)));
      } else {
        list.hidden = true;
      }
    }
    form.querySelectorAll('.problem').forEach(p => { if (p.id !== 'seat-code-p') p.remove(); });
    form.querySelectorAll('.wrong').forEach(f => { if (f.id !== 'seat-code') f.classList.remove('wrong'); });
    Object.entries(answer.at || {}).forEach(([name, problems]) => {
      if (only && !only.has(name)) return;
      const field = form.elements.namedItem(name) || form.querySelector('[name^="' + CSS.escape(name) + '+"]');
      const entry = field && (field.closest ? field : field[0]).closest('.entry, td');
      if (!entry) return;
      const line = el('span', problems.join('; '), 'problem bad'), own = field.id ? field : entry.querySelector('[id]');
      if (own) {
        line.id = own.id + '-p';
        own.setAttribute('aria-describedby', line.id);
      }
      entry.append(line);
      if (field.classList) field.classList.add('wrong');
    });
  }
  // Each seat's points and what makes them, as the server scored the game so far.
  function pointsTable(points) {
    const table = el('table', undefined, 'points');
    points.forEach(p => {
      const tr = el('tr');
      tr.append(el('td', p.seat), el('td', p.player), el('td', p.points));
      table.append(tr);
      if (p.parts && p.parts.length) {
        const why = el('tr', undefined, 'why'), td = el('td', p.parts.join('; '));
        td.colSpan = 3;
        why.append(td);
        table.append(why);
      }
    });
    return table;
  }
  function show(answer) {
    const sent = document.getElementById('problems') || form.querySelector('.problem:not(#seat-code-p)');
    if (answer.problems) markProblems(answer, sent ? null : touched);
    const parts = [];
    // the sentence above them is the server's, in the page's language (this script holds no words of its own)
    if (answer.points && answer.points.length) {
      parts.push(el('h2', answer.said), pointsTable(answer.points));
    } else if (answer.problems && answer.problems.length) {
      // which entries: each problem names its entry, in the paper form's words
      const which = el('ul', undefined, 'reason');
      answer.problems.forEach(p => which.append(el('li', p)));
      parts.push(el('p', answer.said, 'reason'), which);
    }
    box.replaceChildren(...parts);
  }
  async function preview() {
    if (!previewed) return;
    const mine = ++asked;
    const body = new URLSearchParams(new FormData(form));
    try {
      const r = await fetch(form.getAttribute('action') + '/preview', {method: 'POST', body, headers: {'Accept': 'application/json'}});
      if (r.ok && mine === asked) show(await r.json());
    } catch (e) { /* the points wait for the next change; sending still works */ }
  }
  // after each change, ask again once the typing pauses (a choice at once)
  function changed(event, wait) {
    touched.add(keyOf(event.target));
    showEntries();
    clearTimeout(timer);
    timer = setTimeout(preview, wait);
  }
  form.addEventListener('input', e => changed(e, 400));
  form.addEventListener('change', e => changed(e, 150));
  if (form.querySelector('input[value]:not([type=hidden]):not([value=""])')) preview();
});
