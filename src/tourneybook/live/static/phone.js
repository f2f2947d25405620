const fold = s => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
let state = null, version = -1, chosen = localStorage.getItem('tb_player') || '';
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
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
    if (r.ok) { const p = await r.json(); if (want === chosen) { const first = theirs === null; theirs = p; draw(); if (first) performance.mark('rounds drawn'); } }
  } catch (e) { /* the next state asks again */ } finally { if (asking === at) asking = ''; }
}
const REPORT_WORDS = {waiting: 'reported, waiting for a second player', confirmed: 'confirmed', disputed: 'disputed: the director settles it',
  accepted: 'accepted by the director', imported: 'in the workbook', clash: 'differs from the workbook: the director settles it',
  rejected: 'rejected by the director', refused: 'refused at import: tell the director'};
function roundsTable(me, mine) {
  // every table of the player: round, table, seat or role, opponents, points, the report's state; the next one new
  const table = el('table', undefined, 'rounds'); table.id = 'rounds';
  if (mine.length) {
    mine.forEach(r => {
      const tr = el('tr', undefined, r.new ? 'new' : '');
      const what = el('td'); what.append(el('div', r.label + (r.new ? ' · new' : '')), el('div', r.seat + (r.opponents && r.opponents.length ? ' vs ' + r.opponents.join(', ') : ''), 'reason'));
      const points = r.points !== null && r.points !== undefined && r.points !== '' ? r.points : (r.report ? REPORT_WORDS[r.report] || r.report : (r.new ? 'to play' : '–'));
      tr.append(what, el('td', points, 'pts'));
      table.append(tr);
    });
  } else (me ? me.games : []).forEach(g => { const tr = el('tr'); tr.append(el('td', g.game + ', ' + g.seat), el('td', g.points, 'pts')); table.append(tr); });
  return table;
}
function draw() {
  const out = el('div'), q = fold(document.getElementById('find').value.trim());
  if (state.problems) out.append(el('p', 'The workbook saved since ' + new Date(state.problems.since * 1000).toLocaleTimeString() + ' has problems: this is the last good state.', 'warn'));
  const rows = state.standings.rows, seated = {};
  state.seating.forEach(t => t.seats.forEach(s => { seated[s.player] = [t.table, s.seat]; }));
  // everyone in the standings and everyone seated, sorted by the server in the event's Language (Settings)
  const names = state.names;
  const hits = q.length >= 2 ? names.filter(n => fold(n).includes(q)) : [];
  if (hits.length === 1) chosen = hits[0];
  const showing = names.includes(chosen) && (hits.length <= 1 || (picked && hits.includes(chosen)));
  if (hits.length > 1 && !showing) {
    out.append(el('p', hits.length + ' players have these letters: tap your name.', 'reason'));
    hits.slice(0, 12).forEach(n => { const b = el('button', n, 'hit'); b.type = 'button'; b.onclick = () => { chosen = n; picked = true; localStorage.setItem('tb_player', chosen); draw(); }; out.append(b); });
  }
  if (showing) {
    localStorage.setItem('tb_player', chosen);
    const me = rows.find(r => r.player === chosen), seat = seated[chosen];
    const card = el('div', undefined, 'card'); card.id = 'me';
    card.append(el('div', chosen, 'big'));
    // what is being played now: a round, the final, the knock-out, Italia's top board
    if (state.stage && state.stage.kind && state.stage.kind !== 'round') { const st = el('p', state.stage.title, 'stage'); st.id = 'stage'; card.append(st); }
    // the player's latest table (a round's, the final's, a knock-out match's), marked new until its result is in
    const mine = theirs && theirs.player === chosen ? theirs.rounds : [], last = mine[mine.length - 1];
    const at = el('p', last ? last.label + ', ' + last.seat + (last.new ? ' (new)' : '') : (seat ? 'Round ' + state.round + ': ' + state.table_word + ' ' + seat[0] + ', ' + seat[1] : 'Round ' + state.round + ': not seated'), 'big'); at.id = 'seat';
    card.append(at);
    if (state.checkin && state.checkin.open) { const a = el('a', 'Check in for round ' + state.checkin.round); a.href = '/checkin?player=' + encodeURIComponent(chosen); a.id = 'checkin'; card.append(a); }
    const place = el('p'); place.id = 'place';
    // the final, knock-out or awards place first (it decides the event), then the standings' place: say both
    (me ? me.placings : []).forEach(p => { card.append(el('p', p.title + ': place ' + p.place, 'big')); if (p.reason) card.append(el('p', p.reason, 'reason')); });
    place.textContent = me && me.rank === null ? 'No result yet' : me ? (me.placings.length ? 'Standings: place ' : 'Place ') + me.rank + ' with ' + me.total + ' (' + state.standings.total_name + ')' : 'Not in the standings (a stand-in is never ranked)';
    card.append(place);
    if (me && me.reason && me.rank !== null) card.append(el('p', me.reason, 'reason'));
    if (state.counted && state.counted.note) card.append(el('p', state.counted.note, 'reason'));
    card.append(roundsTable(me, mine)); out.append(card);
    askRounds();
  } else if (q.length >= 2 && !hits.length) out.append(el('p', 'No player has these letters in their name.'));
  document.getElementById('out').replaceChildren(out);
}
// the director's round clock (state.clock), counted from the server's time of the last answer; "time" at zero
let serverNow = 0, fetched = Date.now();
function clock() {
  const k = state && state.clock, box = document.getElementById('now');
  if (!k || k.state === 'stopped') { box.textContent = ''; return; }
  const left = k.state === 'running' ? Math.max(0, Math.round(k.ends_at - (serverNow + (Date.now() - fetched) / 1000))) : Math.round(k.remaining || 0);
  box.textContent = (state.stage ? state.stage.title + ': ' : '') + (left ? Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') + (k.state === 'paused' ? ' (paused)' : ' left') : 'time');
}
async function poll() {
  let pause = 0;  // a long poll: the server answers as soon as the workbook's state changed, so ask again at once
  try { const r = await fetch('/api/state?wait=25&since=' + version, {cache: 'no-store'}); const s = await r.json(); serverNow = parseFloat(r.headers.get('X-Now')) || Date.now() / 1000; fetched = Date.now(); if (s.version !== version) { const first = state === null; state = s; version = s.version; document.getElementById('title').textContent = s.title; draw(); if (first) performance.mark('state drawn'); } } catch (e) { pause = 2000; }
  setTimeout(poll, pause);
}
document.getElementById('find').addEventListener('input', () => { picked = false; if (state) draw(); });
setInterval(clock, 500); poll();
