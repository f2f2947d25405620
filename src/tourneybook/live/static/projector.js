// The projector: the current seating (a round, the final, the knock-out) and the standings, paged to fit a screen
// without scrolling, and the round clock. Drawn from /api/state (hall.js follows it), in the event's language: every
// sentence, the game's seats and the decimal mark are the page's (the JSON block "words"), none this script's own.
const W = JSON.parse(document.getElementById('words').textContent);
const say = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? values[k] : m));
const seatWord = seat => W.seats[seat] || seat;
// a number with the language's decimal mark: '43.83' -> '43,83'
const num = v => String(v).replace(/\d+\.\d+/g, n => n.replace('.', W.mark));
// the stage being played in the event's words: a round, Italia's top board, the final, the knock-out
function stageTitle(st) {
  if (!st) return say(W.round, {round: state.round});
  if (st.kind === 'round') return say(W.round, {round: st.round});
  if (st.kind === 'top board') return say(W.top_board, {round: st.round, board: st.board});
  return st.kind === 'final' ? W.final : st.kind === 'knockout' ? W.knockout : st.title;
}
// the clock's stage in the event's words ('round 2' is its key; the final's and the knock-out's their own)
function clockStage(c) {
  const key = /^round (\d+)$/.exec(c.stage_key || '');
  return key ? say(W.round, {round: key[1]}) : c.stage_key === 'final' ? W.final : c.stage_key === 'knockout' ? W.knockout : c.stage || '';
}
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
const named = player => ((state.stand_ins || []).includes(player) ? say(W.stand_in, {player}) : player);

// the current stage: a round, the final, the knock-out (each match's state) or Italia's top board (state.stage)
function label(t) {
  const top = state.stage && state.stage.kind === 'top board' && t.table === state.stage.board;
  return top ? say(W.top_table, {table: t.table}) : t.label || say(W.table[state.table_word] || W.table.Table, {table: t.table});
}

function seatingViews() {
  const tables = [], labels = {}, now = stageTitle(state.stage);
  state.seating.forEach(t => {
    labels[t.table] = label(t);
    const d = el('div', undefined, 'tbl');
    d.append(el('b', label(t) + (t.state ? ' (' + (W.states[t.state] || t.state) + ')' : '')));
    t.seats.forEach(s => d.append(el('div', seatWord(s.seat) + ': ' + named(s.player))));
    tables.push(d);
  });
  // by name in the event's Language, as the server sorted them (the Seating sheet's order, not the browser's)
  const names = state.by_name.map(p => el('div', say(W.name_at, {player: named(p.player), table: labels[p.table] || '', seat: seatWord(p.seat)})));
  const byTable = state.stage && state.stage.kind !== 'round' ? now : say(W.by_table[state.table_word] || W.by_table.Table, {stage: now});
  return [[byTable, 'tables', tables], [say(W.by_name, {stage: now}), 'names', names]];
}

function drawSeating() {
  const box = document.getElementById('seating'), views = seatingViews(), [title, cls, items] = views[view % views.length];
  const holder = el('div', undefined, cls), h = el('h2', title);
  box.replaceChildren(h, holder);
  if (cls === 'names') {  // its columns fill down to the box's foot, then across
    holder.style.height = Math.floor(box.getBoundingClientRect().bottom - holder.getBoundingClientRect().top - 4) + 'px';
  }
  if (!items.length) {
    h.textContent = state.round ? say(W.not_drawn, {round: state.round}) : W.nothing_drawn;
    return 0;
  }
  const next = fill(box, holder, items, seatFrom);
  if (next) h.append(el('span', '  ' + W.more, 'page'));
  return next;
}

// A cell whose parts ('103-119, 110-106, 98-101': a knock-out's games) are each kept on one line: it breaks
// between them, never inside a score
function listCell(v) {
  const parts = String(v).split(', ');
  if (parts.length < 2) return el('td', v);
  const td = el('td');
  parts.forEach((part, i) => td.append(...(i ? [', '] : []), el('span', part, 'whole')));
  return td;
}

// A table placing players ahead of the standings (the final, the knock-out, awards): its first columns and rows.
function extraTable(t) {
  const d = el('div', undefined, 'extra'), tb = el('table'), hr = el('tr');
  d.append(el('h2', t.title));
  t.headers.slice(0, 4).forEach(h => hr.append(el('th', h)));
  tb.append(hr);
  t.rows.slice(0, 8).forEach(r => {
    const tr = el('tr');
    r.slice(0, 4).forEach(v => tr.append(listCell(v)));
    tb.append(tr);
  });
  d.append(tb);
  return d;
}

function drawRanking() {
  const box = document.getElementById('ranking'), parts = [];
  if (state.problems) {
    const at = new Date(state.problems.since * 1000).toLocaleTimeString(document.documentElement.lang);
    parts.push(el('p', say(W.problems, {time: at}), 'warn'));
  }
  state.extras.slice(0, 2).forEach(t => parts.push(extraTable(t)));
  const tb = el('table');
  tb.id = 'standings';
  // 'after round 2' in the event's words; a round counted in part keeps the workbook's own heading
  const c = state.counted || {};
  const heading = !c.heading ? W.standings : c.partly ? W.standings + ' ' + c.heading : say(W.standings_after, {round: c.after_round});
  parts.push(el('h2', heading), tb);
  if (state.counted && state.counted.note) parts.push(el('p', state.counted.note, 'page'));
  box.replaceChildren(...parts);
  const rows = state.standings.rows.map((r, i) => {
    const tr = el('tr');
    if (state.standings.cut && i + 1 === state.standings.cut) tr.className = 'cut';
    tr.append(el('td', r.rank === null ? '–' : String(r.rank)), el('td', r.player), el('td', r.rank === null ? W.no_result : num(r.total)));
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
  document.getElementById('clock-stage').textContent = left === null ? '' : clockStage(state.clock);
  if (left === null) { c.textContent = ''; c.className = ''; return; }
  c.className = state.clock.state === 'running' && left ? '' : (left ? 'paused' : 'time');
  c.textContent = left ? (state.clock.state === 'paused' ? say(W.paused, {time: minutes(left)}) : minutes(left)) : W.time;
}

follow((s, now) => {
  serverNow = now;
  fetched = Date.now();
  if (!s) return;
  state = s;
  document.getElementById('title').textContent = s.title;
  draw();
  clock();  // at once, not at the next tick: a new stage's clock with it
});
setInterval(tick, seconds * 1000);
setInterval(clock, 500);
