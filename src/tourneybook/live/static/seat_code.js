// The seat code printed beside a player's name, kept on this phone for its table from the first time it is typed:
// the next report or correction of the table from this phone has it filled in already. Kept per table code (a
// table of the next round has another code); the server checks it whatever the phone fills in. Only the report's
// own form is filled in: on a phone passed round the table, confirming or disputing asks for the code of whoever answers.
(() => {
  const table = location.pathname.split('/')[2] || '';
  const key = 'tb-seat:' + table;
  const own = document.querySelector('#report [name=seat_code]');
  let kept = '';
  try { kept = localStorage.getItem(key) || ''; } catch (e) { /* private mode: typed each time */ }
  if (own && !own.value && kept) own.value = kept;
  document.addEventListener('submit', event => {
    const field = event.target.querySelector('[name=seat_code]');
    if (!field || !field.value.trim()) return;
    try { localStorage.setItem(key, field.value.trim()); } catch (e) { /* not kept: typed again next time */ }
  });
})();
