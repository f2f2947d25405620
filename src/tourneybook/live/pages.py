"""The hall's pages: self-contained HTML (styles and scripts inline, nothing fetched from elsewhere).

The projector and phone pages are shells whose script long-polls ``/api/state``
(the server answers when the state changed) and redraws only when its ``version`` changed, building every element with
``textContent`` (a name is never parsed as HTML) and swapping it in whole: no
reload, no flicker. The report and director pages are plain forms rendered on
the server, every value passed through :func:`html.escape`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

BASE_CSS = """
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff;color:#111}
h1{font-size:1.3em;margin:.4em 0}.warn{background:#fff3cd;border:2px solid #c90;padding:.4em .6em;margin:.4em 0}
.bad{color:#a00}.ok{color:#070}table{border-collapse:collapse}td,th{padding:.15em .4em;text-align:left}
input,select,button{font-size:1em;padding:.4em}label{display:block;margin:.5em 0 .1em}
"""

PHONE_CSS = """
body{padding:10px;max-width:420px;margin:auto}#find{width:100%;font-size:1.2em}
.hit{display:block;width:100%;text-align:left;margin:.2em 0}.card{border:1px solid #888;padding:.5em;margin:.5em 0}
.big{font-size:1.6em;font-weight:bold}.reason{color:#444}
"""

PROJECTOR_CSS = """
body{width:1920px;height:1080px;overflow:hidden;font-size:26px;padding:16px 24px}
header{display:flex;justify-content:space-between;align-items:baseline;height:90px}header h1{font-size:42px;margin:0}
#clock{font-size:64px;font-weight:bold;font-variant-numeric:tabular-nums}
main{display:flex;gap:40px;height:950px}#seating{flex:1.3;overflow:hidden}#ranking{flex:1;overflow:hidden}
h2{margin:.2em 0 .4em}.tables{display:grid;grid-template-columns:1fr 1fr;gap:6px 30px}.tbl b{font-size:28px}
.names{display:grid;grid-template-columns:1fr 1fr;gap:0 30px}.page{font-size:20px;color:#555}
tr.cut td{border-bottom:5px solid #c00}.extra{margin-bottom:14px}
"""

PHONE_JS = r"""
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
    card.append(el('p', seat ? 'Round ' + state.round + ': ' + state.table_word + ' ' + seat[0] + ', ' + seat[1] : 'Round ' + state.round + ': not seated', 'big'));
    const place = el('p'); place.id = 'place';
    // the final, knock-out or awards place first (it decides the event), then the standings' place: say both
    (me ? me.placings : []).forEach(p => { card.append(el('p', p.title + ': place ' + p.place, 'big')); if (p.reason) card.append(el('p', p.reason, 'reason')); });
    place.textContent = me ? (me.placings.length ? 'Standings: place ' : 'Place ') + me.rank + ' with ' + me.total + ' (' + state.standings.total_name + ')' : 'Not in the standings (a stand-in is never ranked)';
    card.append(place);
    if (me && me.reason) card.append(el('p', me.reason, 'reason'));
    const games = el('table'); (me ? me.games : []).forEach(g => { const tr = el('tr'); tr.append(el('td', g.game), el('td', g.seat), el('td', g.points)); games.append(tr); });
    card.append(games); out.append(card);
  } else if (q.length >= 2 && !hits.length) out.append(el('p', 'No player has these letters in their name.'));
  document.getElementById('out').replaceChildren(out);
}
async function poll() {
  let pause = 0;  // a long poll: the server answers as soon as the workbook's state changed, so ask again at once
  try { const r = await fetch('/api/state?wait=25&since=' + version, {cache: 'no-store'}); const s = await r.json(); if (s.version !== version) { state = s; version = s.version; document.getElementById('title').textContent = s.title; draw(); } } catch (e) { pause = 2000; }
  setTimeout(poll, pause);
}
document.getElementById('find').addEventListener('input', () => state && draw());
poll();
"""

PROJECTOR_JS = r"""
let state = null, version = -1, view = 0, seatFrom = 0, rankFrom = 0, fetched = Date.now();
const seconds = Math.max(3, parseInt(new URLSearchParams(location.search).get('seconds') || '12'));
function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }
// Put items from `from` into holder while the box does not overflow; the index to start the next page at (0: all shown).
function fill(box, holder, items, from) {
  let i = from;
  for (; i < items.length; i++) { holder.append(items[i]); if (box.scrollHeight > box.clientHeight + 1) { if (i > from) items[i].remove(); else i++; break; } }
  return i >= items.length ? 0 : i;
}
function seatingViews() {
  const tables = [];
  state.seating.forEach(t => { const d = el('div', undefined, 'tbl'); d.append(el('b', state.table_word + ' ' + t.table)); t.seats.forEach(s => d.append(el('div', s.seat + ': ' + s.player))); tables.push(d); });
  // by name in the event's Language, as the server sorted them (the Seating sheet's order, not the browser's)
  const names = state.by_name.map(p => el('div', p.player + ': ' + state.table_word.toLowerCase() + ' ' + p.table + ', ' + p.seat));
  return [['Round ' + state.round + ' by ' + state.table_word.toLowerCase(), 'tables', tables], ['Round ' + state.round + ' by name', 'names', names]];
}
function drawSeating() {
  const box = document.getElementById('seating'), views = seatingViews(), [title, cls, items] = views[view % views.length];
  const holder = el('div', undefined, cls), h = el('h2', title);
  box.replaceChildren(h, holder);
  if (!items.length) { h.textContent = 'Round ' + state.round + ': not drawn yet'; return 0; }
  const next = fill(box, holder, items, seatFrom);
  if (next) h.append(el('span', '  (more on the next page)', 'page'));
  return next;
}
function drawRanking() {
  const box = document.getElementById('ranking'), parts = [];
  if (state.problems) parts.push(el('p', 'The workbook saved at ' + new Date(state.problems.since * 1000).toLocaleTimeString() + ' has problems: the last good standings are shown.', 'warn'));
  state.extras.slice(0, 2).forEach(t => { const d = el('div', undefined, 'extra'); d.append(el('h2', t.title)); const tb = el('table'); const hr = el('tr'); t.headers.slice(0, 4).forEach(h => hr.append(el('th', h))); tb.append(hr); t.rows.slice(0, 8).forEach(r => { const tr = el('tr'); r.slice(0, 4).forEach(v => tr.append(el('td', v))); tb.append(tr); }); d.append(tb); parts.push(d); });
  const tb = el('table'); tb.id = 'standings';
  parts.push(el('h2', 'Standings'), tb);
  box.replaceChildren(...parts);
  const rows = state.standings.rows.map((r, i) => { const tr = el('tr'); if (state.standings.cut && i + 1 === state.standings.cut) tr.className = 'cut'; tr.append(el('td', String(r.rank)), el('td', r.player), el('td', r.total)); return tr; });
  return fill(box, tb, rows, rankFrom);
}
function draw() { return [drawSeating(), drawRanking()]; }
function tick() {
  if (!state) return;
  const [seatNext, rankNext] = draw();
  if (seatNext) seatFrom = seatNext; else { seatFrom = 0; view += 1; }
  rankFrom = rankNext;
  draw();
}
function clock() {
  const c = document.getElementById('clock');
  if (!state || !state.clock.started) { c.textContent = ''; return; }
  const left = Math.max(0, Math.round(state.clock.started + state.clock.minutes * 60 - (state.now + (Date.now() - fetched) / 1000)));
  c.textContent = Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0');
}
async function poll() {
  let pause = 0;  // a long poll, as on the phone page; the clock counts on from the server's time of the answer
  try { const r = await fetch('/api/state?wait=25&since=' + version, {cache: 'no-store'}); const s = await r.json(); fetched = Date.now(); const now = parseFloat(r.headers.get('X-Now')); if (s.version !== version) { state = s; version = s.version; document.getElementById('title').textContent = s.title; state.now = now; draw(); } else state.now = now; } catch (e) { pause = 2000; }
  setTimeout(poll, pause);
}
setInterval(tick, seconds * 1000); setInterval(clock, 500); poll();
"""


def page(title: str, body: str, css: str = "", script: str = "") -> str:
    """A whole page: everything inline, nothing fetched from elsewhere."""
    js = f"<script>{script}</script>" if script else ""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, '
            f'initial-scale=1"><title>{escape(title)}</title><style>{BASE_CSS}{css}</style></head><body>{body}{js}</body></html>')


def phone_page(title: str) -> str:
    body = ('<h1 id="title">' + escape(title) + '</h1><input id="find" placeholder="A few letters of your name" '
            'autocomplete="off" autofocus><div id="out"></div>'
            '<form action="/t" method="get"><label for="code">Report a result: the table code on your form</label>'
            '<input id="code" name="code" autocomplete="off" size="8"> <button>Open</button></form>')
    return page(title, body, PHONE_CSS, PHONE_JS)


def projector_page(title: str) -> str:
    body = ('<header><h1 id="title">' + escape(title) + '</h1><div id="clock"></div></header>'
            '<main><section id="seating"></section><section id="ranking"></section></main>')
    return page(title, body, PROJECTOR_CSS, PROJECTOR_JS)


def message_page(title: str, message: str, status_class: str = "") -> str:
    return page(title, f'<h1>{escape(title)}</h1><p class="{escape(status_class)}">{escape(message)}</p><p><a href="/">Back</a></p>',
                PHONE_CSS)


def hidden(name: str, value: str) -> str:
    return f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'


def report_page(title: str, heading: str, seats: Sequence[tuple[str, str]], fields: Sequence[tuple[str, str, str]],
                choices: Mapping[str, Sequence[str]], csrf: str, action: str, *, problems: Iterable[str] = (),
                waiting: str = "", waiting_form: str = "") -> str:
    """The report form: the table's players, then one input per field (name, label, value) as the paper form asks."""
    parts = [f"<h1>{escape(heading)}</h1>", "<ul>" + "".join(f"<li>{escape(s)}: {escape(p)}</li>" for s, p in seats) + "</ul>"]
    if waiting:
        parts.append(f'<div class="warn">{escape(waiting)}{waiting_form}</div>')
    listed = list(problems)
    if listed:
        parts.append('<div class="warn bad" id="problems"><b>Not stored, please correct:</b><ul>'
                     + "".join(f"<li>{escape(p)}</li>" for p in listed) + "</ul></div>")
    inputs = []
    for i, (name, label, value) in enumerate(fields):
        header = label.split(": ", 1)[-1]
        options = choices.get(header, ())
        listed_id = f"c{i}" if options else ""
        datalist = (f'<datalist id="{listed_id}">' + "".join(f'<option value="{escape(o)}">' for o in options) + "</datalist>") if options else ""
        inputs.append(f'<label for="f{i}">{escape(label)}</label><input id="f{i}" name="{escape(name)}" value="{escape(value)}"'
                      + (f' list="{listed_id}"' if listed_id else "") + f' autocomplete="off">{datalist}')
    parts.append(f'<form method="post" action="{escape(action)}">{hidden("csrf", csrf)}' + "".join(inputs)
                 + '<p><button id="send">Send the result</button></p></form>')
    return page(title, "".join(parts), PHONE_CSS)


def points_list(points: Sequence[tuple[str, str, str]]) -> str:
    return "<table>" + "".join(f"<tr><td>{escape(s)}</td><td>{escape(p)}</td><td>{escape(v)}</td></tr>" for s, p, v in points) + "</table>"


__all__ = ["hidden", "message_page", "page", "phone_page", "points_list", "projector_page", "report_page"]
