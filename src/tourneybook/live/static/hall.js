// What every page of the hall shares, loaded before the page's own script: one element builder, one loop that
// follows /api/state, and the round clock's time left.

// An element with its text (always text, never markup: a player's name cannot become a tag) and its class.
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// Follow the hall: a long poll of /api/state, answered as soon as the workbook, a report or the clock changed (or
// after 25 s), its words in the page's language (<html lang>). onState(state, now) gets each new version;
// onState(null, now) an answer with none (now: the server's time of the answer, in seconds, for the clock).
function follow(onState) {
  let version = -1;
  async function ask() {
    let pause = 0;
    try {
      const r = await fetch('/api/state?wait=25&lang=' + document.documentElement.lang + '&since=' + version, {cache: 'no-store'});
      const s = await r.json();
      const now = parseFloat(r.headers.get('X-Now')) || Date.now() / 1000;
      const fresh = s.version !== version;
      version = s.version;
      onState(fresh ? s : null, now);
    } catch (e) {
      pause = 2000;  // the laptop's server restarting: ask again shortly
    }
    setTimeout(ask, pause);
  }
  ask();
}

// Seconds the round clock (state.clock) has left, counted on from the server's time `now` of the answer that
// came `since` (Date.now() then); null for a stopped clock.
function secondsLeft(clock, now, since) {
  if (!clock || clock.state === 'stopped') return null;
  if (clock.state !== 'running') return Math.round(clock.remaining || 0);
  return Math.max(0, Math.round(clock.ends_at - (now + (Date.now() - since) / 1000)));
}

// 754 -> '12:34'
function minutes(seconds) {
  return Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
}
