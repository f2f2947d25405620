// The director's page follows the hall: a new report, confirmation, dispute or save of the workbook makes a new
// version of /api/state, and the page is loaded again to show it, so the director never acts on a stale list.
// While the director types in one of its fields (a reason, the minutes), the reload waits until they leave it.
// A form being sent is never cut short by a reload: its answer is the next page.
let seen = false, stale = false, sending = false;
document.addEventListener('submit', () => { sending = true; });
const typing = () => {
  const a = document.activeElement;
  return a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA') && a.value !== '';
};
document.addEventListener('focusout', () => { if (stale && !typing() && !sending) location.reload(); });
follow(s => {
  if (!s) return;
  if (seen) stale = true;
  seen = true;
  if (stale && !typing() && !sending) location.reload();
});
