// The projector: the current seating (a round, the final, the knock-out) and the standings, paged to fit a screen
// without scrolling, and the round clock. Drawn from /api/state (hall.js follows it).
let state = null, view = 0, seatFrom = 0, rankFrom = 0, serverNow = 0, fetched = Date.now();
const seconds = Math.max(3, parseInt(new URLSearchParams(location.search).get('seconds') || '12'));

// Put items from `from` into holder while the box does not overflow (nor the holder, whose columns fill top to
// bottom, then left to right); the index to start the next page at (0: all shown).
function fill(box, holder, items, from) {
  let i = from;
  const over = () => box.scrollHeight > box.clientHeight + 1 || holder.scrollWidth > holder.clientWidth + 1;
  for (; i < items.length; i++) {
    holder.append(items[i]);
    if (over()) {
      if (i > from) items[i].remove(); else i++;
      break;
    }
  }
  return i >= items.length ? 0 : i;
}

// a stand-in (plays, is never ranked) marked as the Seating sheet marks them
const named = player => player + ((state.stand_ins || []).includes(player) ? ' (stand-in)' : '');

// the current stage: a round, the final, the knock-out (each match's state) or Italia's top board (state.stage)
const label = t => t.label || (state.table_word + ' ' + t.table);

function seatingViews() {
  const tables = [], labels = {}, now = state.stage ? state.stage.title : 'Round ' + state.round;
  state.seating.forEach(t => {
    labels[t.table] = label(t);
    const d = el('div', undefined, 'tbl');
    d.append(el('b', label(t) + (t.state ? ' (' + t.state + ')' : '')));
    t.seats.forEach(s => d.append(el('div', s.seat + ': ' + named(s.player))));
    tables.push(d);
  });
  // by name in the event's Language, as the server sorted them (the Seating sheet's order, not the browser's)
  const names = state.by_name.map(p => el('div', named(p.player) + ': ' + (labels[p.table] || '').toLowerCase() + ', ' + p.seat));
  const byTable = state.stage && state.stage.kind !== 'round' ? '' : ' by ' + state.table_word.toLowerCase();
  return [[now + byTable, 'tables', tables], [now + ' by name', 'names', names]];
}

function drawSeating() {
  const box = document.getElementById('seating'), views = seatingViews(), [title, cls, items] = views[view % views.length];
  const holder = el('div', undefined, cls), h = el('h2', title);
  box.replaceChildren(h, holder);
  if (cls === 'names') {  // its columns fill down to the box's foot, then across
    holder.style.height = Math.floor(box.getBoundingClientRect().bottom - holder.getBoundingClientRect().top - 4) + 'px';
  }
  if (!items.length) {
    h.textContent = state.round ? 'Round ' + state.round + ': not drawn yet' : 'Not drawn yet';
    return 0;
  }
  const next = fill(box, holder, items, seatFrom);
  if (next) h.append(el('span', '  (more on the next page)', 'page'));
  return next;
}

// A table placing players ahead of the standings (the final, the knock-out, awards): its first columns and rows.
function extraTable(t) {
  const d = el('div', undefined, 'extra'), tb = el('table'), hr = el('tr');
  d.append(el('h2', t.title));
  t.headers.slice(0, 4).forEach(h => hr.append(el('th', h)));
  tb.append(hr);
  t.rows.slice(0, 8).forEach(r => {
    const tr = el('tr');
    r.slice(0, 4).forEach(v => tr.append(el('td', v)));
    tb.append(tr);
  });
  d.append(tb);
  return d;
}

function drawRanking() {
  const box = document.getElementById('ranking'), parts = [];
  if (state.problems) {
    const at = new Date(state.problems.since * 1000).toLocaleTimeString();
    parts.push(el('p', 'The workbook saved at ' + at + ' has problems: the last good standings are shown.', 'warn'));
  }
  state.extras.slice(0, 2).forEach(t => parts.push(extraTable(t)));
  const tb = el('table');
  tb.id = 'standings';
  const after = state.counted && state.counted.heading ? ' ' + state.counted.heading : '';
  parts.push(el('h2', 'Standings' + after), tb);
  if (state.counted && state.counted.note) parts.push(el('p', state.counted.note, 'page'));
  box.replaceChildren(...parts);
  const rows = state.standings.rows.map((r, i) => {
    const tr = el('tr');
    if (state.standings.cut && i + 1 === state.standings.cut) tr.className = 'cut';
    tr.append(el('td', r.rank === null ? '–' : String(r.rank)), el('td', r.player), el('td', r.rank === null ? 'no result yet' : r.total));
    return tr;
  });
  return fill(box, tb, rows, rankFrom);
}

// the event's winner, once the final (or the knock-out's final) is decided: headlined above everything
function drawWinner() {
  const box = document.getElementById('winner');
  box.hidden = !state.winner;
  box.textContent = state.winner ? state.winner.title + ': ' + state.winner.player : '';
}

function draw() {
  drawWinner();
  return [drawSeating(), drawRanking()];
}

function tick() {
  if (!state) return;
  const [seatNext, rankNext] = draw();
  if (seatNext) seatFrom = seatNext; else { seatFrom = 0; view += 1; }
  rankFrom = rankNext;
  draw();
}

// the director's round clock (state.clock): counts down, holds while paused, stops at zero with "time"
function clock() {
  const c = document.getElementById('clock'), left = secondsLeft(state && state.clock, serverNow, fetched);
  document.getElementById('clock-stage').textContent = left === null ? '' : state.clock.stage || '';
  if (left === null) { c.textContent = ''; c.className = ''; return; }
  c.className = state.clock.state === 'running' && left ? '' : (left ? 'paused' : 'time');
  c.textContent = left ? minutes(left) + (state.clock.state === 'paused' ? ' paused' : '') : '0:00 time';
}

follow((s, now) => {
  serverNow = now;
  fetched = Date.now();
  if (!s) return;
  state = s;
  document.getElementById('title').textContent = s.title;
  draw();
});
setInterval(tick, seconds * 1000);
setInterval(clock, 500);
