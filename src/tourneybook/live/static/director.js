// The director's page follows the hall: a new report, confirmation, dispute or save of the workbook makes a new
// version of /api/state, and the page is loaded again to show it, so the director never acts on a stale list.
// While the director types in one of its fields (a reason, the minutes), the reload waits until they leave it.
let version = -1, stale = false;
const typing = () => { const a = document.activeElement; return a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') && a.value !== ''; };
document.addEventListener('focusout', () => { if (stale && !typing()) location.reload(); });
async function follow() {
  for (;;) {
    let pause = 0;
    try {
      const r = await fetch('/api/state?wait=25&since=' + version, {cache: 'no-store'});
      const s = await r.json();
      if (version !== -1 && s.version !== version) stale = true;
      version = s.version;
      if (stale && !typing()) { location.reload(); return; }
    } catch (e) { pause = 5000; }  // the laptop's server restarting: ask again shortly
    await new Promise(done => setTimeout(done, pause));
  }
}
follow();
