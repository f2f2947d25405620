// The players' page: find one's name, see one's table, rounds and place. Drawn from /api/state (hall.js follows
// it) and, for the chosen player, /api/player. Its words are the page's (the JSON block "words", in the phone's
// language): this script holds no sentence of its own.
const W = JSON.parse(document.getElementById('words').textContent);
// W's sentence `key` with its {placeholders} filled from `values`
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? values[k] : m));
const say = (key, values) => fill(W[key], values);
// a round's table as the game says it (a Diplomacy board, a table), from its numbers: the final's and the
// knock-out's (round 0) keep the server's label
const tableLabel = r => (r.round ? fill(W.round_table[state.table_word] || W.round_table.Table, r) : r.label);
// a number (or a text with numbers) with the language's decimal mark: '43.83' -> '43,83'
// a seat as the game names it in this language ('Player 2', 'Frederick', 'Austria')
const seatWord = seat => W.seats[seat] || seat;
const num = v => String(v).replace(/\d+\.\d+/g, n => n.replace('.', W.mark));
const fold = s => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
let state = null, version = -1, chosen = localStorage.getItem('tb_player') || '';
let serverNow = 0, fetched = Date.now();
// picked: a name clicked among several matches (the card shows it until the letters change)
let picked = false;
// theirs: the chosen player's tables {version, player, rounds} from /api/player, asked once per state version (the
// state carries no player's rounds: a thousand players' would be most of every poll)
let theirs = null, asking = '';

async function askRounds() {
  if (theirs && theirs.player === chosen && theirs.version >= version) return;
  const want = chosen, at = want + '@' + version;
  if (asking === at) return;
  asking = at;
  try {
    const r = await fetch('/api/player?lang=' + document.documentElement.lang + '&player=' + encodeURIComponent(want),
      {cache: 'no-store'});
    if (r.ok) {
      const p = await r.json();
      if (want === chosen) {
        const first = theirs === null;
        theirs = p;
        draw();
        if (first) performance.mark('rounds drawn');
      }
    }
  } catch (e) {
    // the next state asks again
  } finally {
    if (asking === at) asking = '';
  }
}

const REPORT_WORDS = W.reports;

// Every table of the player: round, table, seat or role, opponents, points or the report's state; the next one new.
function roundsTable(me, mine) {
  const table = el('table', undefined, 'rounds');
  table.id = 'rounds';
  if (!mine.length) {
    (me ? me.games : []).forEach(g => {
      const tr = el('tr');
      tr.append(el('td', g.game + ', ' + seatWord(g.seat)), el('td', num(g.points), 'pts'));
      table.append(tr);
    });
    return table;
  }
  mine.forEach(r => {
    const tr = el('tr', undefined, r.new ? 'new' : '');
    const what = el('td');
    const against = r.opponents && r.opponents.length ? ' ' + say('against', {names: r.opponents.join(', ')}) : '';
    what.append(el('div', tableLabel(r) + (r.new ? ' · ' + W.new : '')), el('div', seatWord(r.seat) + against, 'reason'));
    const scored = r.points !== null && r.points !== undefined && r.points !== '';
    const said = scored ? num(r.points) : (r.report ? REPORT_WORDS[r.report] || r.report : (r.new ? W.to_play : '–'));
    tr.append(what, el('td', said, 'pts'));
    table.append(tr);
  });
  return table;
}

// Where the player sits now: their latest table, else the current seating, else not seated (before a draw: nothing).
function seatLine(mine, seat) {
  const last = mine[mine.length - 1];
  if (last) return tableLabel(last) + ', ' + (last.new ? say('seat_new', {seat: seatWord(last.seat)}) : seatWord(last.seat));
  if (seat) {
    const said = W.seated[state.table_word] || W.seated.Table;
    return fill(said, {round: state.round, table: seat[0], seat: seatWord(seat[1])});
  }
  return state.round ? say('not_seated', {round: state.round}) : W.no_round;
}

function placeLine(me) {
  if (!me) return W.not_ranked;
  if (me.rank === null) return W.no_result;
  const values = {rank: me.rank, total: num(me.total), total_name: W.total_name || state.standings.total_name};
  return say(me.placings.length ? 'standings_place' : 'place', values);
}

function card(me, seat) {
  const box = el('div', undefined, 'card');
  box.id = 'me';
  box.append(el('div', chosen, 'big'));
  if (state.winner) {
    const w = el('p', state.winner.title + ': ' + state.winner.player, 'winner');
    w.id = 'winner';
    box.append(w);
  }
  // what is being played now: a round, the final, the knock-out, Italia's top board
  if (state.stage && state.stage.kind && state.stage.kind !== 'round') {
    const st = el('p', state.stage.title, 'stage');
    st.id = 'stage';
    box.append(st);
  }
  // the player's latest table (a round's, the final's, a knock-out match's), marked new until its result is in
  const mine = theirs && theirs.player === chosen ? theirs.rounds : [];
  const at = el('p', seatLine(mine, seat), 'big');
  at.id = 'seat';
  box.append(at);
  if (state.checkin && state.checkin.open) {
    const a = el('a', say('check_in', {round: state.checkin.round}));
    a.href = '/checkin?player=' + encodeURIComponent(chosen);
    a.id = 'checkin';
    box.append(a);
  }
  // the final, knock-out or awards place first (it decides the event), then the standings' place: say both
  (me ? me.placings : []).forEach(p => {
    box.append(el('p', say('placing', {title: p.title, place: p.place}), 'big'));
    if (p.reason) box.append(el('p', p.reason, 'reason'));
  });
  const place = el('p', placeLine(me));
  place.id = 'place';
  box.append(place);
  if (me && me.reason && me.rank !== null) box.append(el('p', me.reason, 'reason'));
  if (state.counted && state.counted.note) box.append(el('p', state.counted.note, 'reason'));
  box.append(roundsTable(me, mine));
  return box;
}

function draw() {
  const out = el('div'), q = fold(document.getElementById('find').value.trim());
  if (state.problems) {
    const since = new Date(state.problems.since * 1000).toLocaleTimeString(document.documentElement.lang);
    out.append(el('p', say('problems', {time: since}), 'warn'));
  }
  const seated = {};
  state.seating.forEach(t => t.seats.forEach(s => { seated[s.player] = [t.table, s.seat]; }));
  // everyone in the standings and everyone seated, sorted by the server in the event's Language (Settings)
  const names = state.names;
  const hits = q.length >= 2 ? names.filter(n => fold(n).includes(q)) : [];
  if (hits.length === 1) chosen = hits[0];
  const showing = names.includes(chosen) && (hits.length <= 1 || (picked && hits.includes(chosen)));
  if (hits.length > 1 && !showing) {
    out.append(el('p', say('several', {n: hits.length}), 'reason'));
    hits.slice(0, 12).forEach(n => {
      const b = el('button', n, 'hit');
      b.type = 'button';
      b.onclick = () => { chosen = n; picked = true; localStorage.setItem('tb_player', chosen); draw(); };
      out.append(b);
    });
  }
  if (showing) {
    localStorage.setItem('tb_player', chosen);
    out.append(card(state.standings.rows.find(r => r.player === chosen), seated[chosen]));
    askRounds();
  } else if (q.length >= 2 && !hits.length) {
    out.append(el('p', W.nobody));
  }
  document.getElementById('out').replaceChildren(out);
}

// the director's round clock (state.clock) with the stage it belongs to; "time" at zero
function clock() {
  const box = document.getElementById('now'), left = secondsLeft(state && state.clock, serverNow, fetched);
  if (left === null) { box.textContent = ''; return; }
  // a round's clock named from its number, the final's and the knock-out's from the stage (its title in the
  // page's language); a clock of an older version, kept without its stage, the current stage's
  const now = state.stage || {}, c = state.clock, key = /^round (\d+)$/.exec(c.stage_key || '');
  const stage = key ? say('round', {round: key[1]}) : c.stage_key && c.stage_key === now.kind ? now.title
    : now.kind === 'round' && now.round ? say('round', {round: now.round}) : now.title || '';
  const shown = left ? say(state.clock.state === 'paused' ? 'paused' : 'left', {time: minutes(left)}) : W.time;
  box.textContent = (stage ? stage + ': ' : '') + shown;
}

follow((s, now) => {
  serverNow = now;
  fetched = Date.now();
  if (!s) return;
  const first = state === null;
  state = s;
  version = s.version;
  document.getElementById('title').textContent = s.title;
  draw();
  clock();  // at once, not at the next tick: a new stage's clock with it
  if (first) performance.mark('state drawn');
});
document.getElementById('find').addEventListener('input', () => { picked = false; if (state) draw(); });
setInterval(clock, 500);
