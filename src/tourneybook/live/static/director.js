// The director's page follows the hall: a new report, confirmation, dispute or save of the workbook makes a new
// version of /api/state, and the page is loaded again to show it, so the director never acts on a stale list.
// While the director types in one of its fields (a reason, the minutes, a corrected field), the reload waits until
// they leave it. A form being sent is never cut short by a reload: its answer is the next page.
// The tables the director unfolded stay unfolded, and the page where it was, across the reloads.
let seen = false, stale = false, sending = false;
const KEPT = 'tb-director-open';
const unfolded = () => Array.from(document.querySelectorAll('details.line[open]'), d => d.id);
for (const id of JSON.parse(sessionStorage.getItem(KEPT) || '[]')) {
  const line = document.getElementById(id);
  if (line) line.open = true;
}
const reload = () => {
  sessionStorage.setItem(KEPT, JSON.stringify(unfolded()));
  location.reload();
};
document.addEventListener('submit', () => { sending = true; });
const typing = () => {
  const a = document.activeElement;
  return a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') && a.value !== '' && a.type !== 'hidden';
};
document.addEventListener('focusout', () => { if (stale && !typing() && !sending) reload(); });
follow(s => {
  if (!s) return;
  if (seen) stale = true;
  seen = true;
  if (stale && !typing() && !sending) reload();
});
