// The players' page: find one's name, see one's table, rounds and place. Drawn from /api/state (hall.js follows
// it) and, for the chosen player, /api/player.
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
    const r = await fetch('/api/player?player=' + encodeURIComponent(want), {cache: 'no-store'});
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

const REPORT_WORDS = {
  waiting: 'reported, waiting for a second player', confirmed: 'confirmed', disputed: 'disputed: the director settles it',
  accepted: 'accepted by the director', imported: 'in the workbook', clash: 'differs from the workbook: the director settles it',
  rejected: 'rejected by the director', refused: 'refused at import: tell the director',
};

// Every table of the player: round, table, seat or role, opponents, points or the report's state; the next one new.
function roundsTable(me, mine) {
  const table = el('table', undefined, 'rounds');
  table.id = 'rounds';
  if (!mine.length) {
    (me ? me.games : []).forEach(g => {
      const tr = el('tr');
      tr.append(el('td', g.game + ', ' + g.seat), el('td', g.points, 'pts'));
      table.append(tr);
    });
    return table;
  }
  mine.forEach(r => {
    const tr = el('tr', undefined, r.new ? 'new' : '');
    const what = el('td');
    const against = r.opponents && r.opponents.length ? ' vs ' + r.opponents.join(', ') : '';
    what.append(el('div', r.label + (r.new ? ' · new' : '')), el('div', r.seat + against, 'reason'));
    const scored = r.points !== null && r.points !== undefined && r.points !== '';
    const said = scored ? r.points : (r.report ? REPORT_WORDS[r.report] || r.report : (r.new ? 'to play' : '–'));
    tr.append(what, el('td', said, 'pts'));
    table.append(tr);
  });
  return table;
}

// Where the player sits now: their latest table, else the current seating, else not seated (before a draw: nothing).
function seatLine(mine, seat) {
  const last = mine[mine.length - 1];
  if (last) return last.label + ', ' + last.seat + (last.new ? ' (new)' : '');
  if (seat) return 'Round ' + state.round + ': ' + state.table_word + ' ' + seat[0] + ', ' + seat[1];
  return state.round ? 'Round ' + state.round + ': not seated' : 'No round drawn yet';
}

function placeLine(me) {
  if (!me) return 'Not in the standings (a stand-in is never ranked)';
  if (me.rank === null) return 'No result yet';
  return (me.placings.length ? 'Standings: place ' : 'Place ') + me.rank + ' with ' + me.total + ' (' + state.standings.total_name + ')';
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
    const a = el('a', 'Check in for round ' + state.checkin.round);
    a.href = '/checkin?player=' + encodeURIComponent(chosen);
    a.id = 'checkin';
    box.append(a);
  }
  // the final, knock-out or awards place first (it decides the event), then the standings' place: say both
  (me ? me.placings : []).forEach(p => {
    box.append(el('p', p.title + ': place ' + p.place, 'big'));
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
    const since = new Date(state.problems.since * 1000).toLocaleTimeString();
    out.append(el('p', 'The workbook saved since ' + since + ' has problems: this is the last good state.', 'warn'));
  }
  const seated = {};
  state.seating.forEach(t => t.seats.forEach(s => { seated[s.player] = [t.table, s.seat]; }));
  // everyone in the standings and everyone seated, sorted by the server in the event's Language (Settings)
  const names = state.names;
  const hits = q.length >= 2 ? names.filter(n => fold(n).includes(q)) : [];
  if (hits.length === 1) chosen = hits[0];
  const showing = names.includes(chosen) && (hits.length <= 1 || (picked && hits.includes(chosen)));
  if (hits.length > 1 && !showing) {
    out.append(el('p', hits.length + ' players have these letters: tap your name.', 'reason'));
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
    out.append(el('p', 'No player has these letters in their name.'));
  }
  document.getElementById('out').replaceChildren(out);
}

// the director's round clock (state.clock) with the stage it belongs to; "time" at zero
function clock() {
  const box = document.getElementById('now'), left = secondsLeft(state && state.clock, serverNow, fetched);
  if (left === null) { box.textContent = ''; return; }
  const stage = state.clock.stage || (state.stage ? state.stage.title : '');
  const shown = left ? minutes(left) + (state.clock.state === 'paused' ? ' (paused)' : ' left') : 'time';
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
  if (first) performance.mark('state drawn');
});
document.getElementById('find').addEventListener('input', () => { picked = false; if (state) draw(); });
setInterval(clock, 500);
