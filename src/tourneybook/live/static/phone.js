const fold = s => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
let state = null, version = -1, chosen = localStorage.getItem('tb_player') || '';
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
function draw() {
  const out = el('div'), q = fold(document.getElementById('find').value.trim());
  if (state.problems) out.append(el('p', 'The workbook saved since ' + new Date(state.problems.since * 1000).toLocaleTimeString() + ' has problems: this is the last good state.', 'warn'));
  const rows = state.standings.rows, seated = {};
  state.seating.forEach(t => t.seats.forEach(s => { seated[s.player] = [t.table, s.seat]; }));
  // everyone in the standings and everyone seated, sorted by the server in the event's Language (Settings)
  const names = state.names;
  const hits = q.length >= 2 ? names.filter(n => fold(n).includes(q)) : [];
  if (hits.length === 1) chosen = hits[0];
  if (hits.length > 1) hits.slice(0, 12).forEach(n => { const b = el('button', n, 'hit'); b.onclick = () => { chosen = n; localStorage.setItem('tb_player', chosen); draw(); }; out.append(b); });
  if (names.includes(chosen) && hits.length <= 1) {
    localStorage.setItem('tb_player', chosen);
    const me = rows.find(r => r.player === chosen), seat = seated[chosen];
    const card = el('div', undefined, 'card'); card.id = 'me';
    card.append(el('div', chosen, 'big'));
    // the player's latest table (a round's, the final's, a knock-out match's), marked new until its result is in
    const mine = (state.players && state.players[chosen] || {rounds: []}).rounds, last = mine[mine.length - 1];
    const at = el('p', last ? last.label + ', ' + last.seat + (last.new ? ' (new)' : '') : (seat ? 'Round ' + state.round + ': ' + state.table_word + ' ' + seat[0] + ', ' + seat[1] : 'Round ' + state.round + ': not seated'), 'big'); at.id = 'seat';
    card.append(at);
    if (state.checkin && state.checkin.open) { const a = el('a', 'Check in for round ' + state.checkin.round + (state.checkin.answers[chosen] ? ' (answered: ' + state.checkin.answers[chosen] + ')' : '')); a.href = '/checkin?player=' + encodeURIComponent(chosen); a.id = 'checkin'; card.append(a); }
    const place = el('p'); place.id = 'place';
    // the final, knock-out or awards place first (it decides the event), then the standings' place: say both
    (me ? me.placings : []).forEach(p => { card.append(el('p', p.title + ': place ' + p.place, 'big')); if (p.reason) card.append(el('p', p.reason, 'reason')); });
    place.textContent = me && me.rank === null ? 'No result yet' : me ? (me.placings.length ? 'Standings: place ' : 'Place ') + me.rank + ' with ' + me.total + ' (' + state.standings.total_name + ')' : 'Not in the standings (a stand-in is never ranked)';
    card.append(place);
    if (me && me.reason) card.append(el('p', me.reason, 'reason'));
    const games = el('table'); (me ? me.games : []).forEach(g => { const tr = el('tr'); tr.append(el('td', g.game), el('td', g.seat), el('td', g.points)); games.append(tr); });
    card.append(games); out.append(card);
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
  try { const r = await fetch('/api/state?wait=25&since=' + version, {cache: 'no-store'}); const s = await r.json(); serverNow = parseFloat(r.headers.get('X-Now')) || Date.now() / 1000; fetched = Date.now(); if (s.version !== version) { state = s; version = s.version; document.getElementById('title').textContent = s.title; draw(); } } catch (e) { pause = 2000; }
  setTimeout(poll, pause);
}
document.getElementById('find').addEventListener('input', () => state && draw());
setInterval(clock, 500); poll();
