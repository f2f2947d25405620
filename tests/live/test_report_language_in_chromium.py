"""A table's report in the phone's own language in a real browser (issue 37): for every ruleset and each of Spanish,
German, Italian and French, the form, a report with mistakes (every problem shown, and the points box's sentence the
script writes), the correct report with its points before sending, the stored page, another seat's confirm page and
its confirmation or dispute. Each page's visible text has no English word left (names aside) and its numbers take
the decimal comma; the final's and a knock-out match's report too.

One browser for the module; each phone picks its language on the switch (``?lang=``, remembered in its cookie), as a
player does whose phone asks for another. Every page is loaded once: the TestClient tests
(test_report_language.py) say every refusal and message in each language; this one sees what the browser shows,
the script's sentences among it.
"""

from __future__ import annotations

import pytest
from report_language import MISTAKES, OTHERS, RULESETS, STAGES, in_language, stage_to_report, still_to_report
from test_in_chromium import browser, serve, wait_for

from tourneybook.i18n import words_in

pytestmark = pytest.mark.chromium
PHONE = (390, 844)
STAGE_MISTAKES = {"carcassonne2004": {"Game 1 VP A": "zz", "Game 2 VP B": "-3"}}
"""A knock-out match's mistakes (a word, a negative score); a final's are its ruleset's."""


@pytest.fixture(scope="module")
def driver(chrome):
    found = browser(chrome, PHONE)
    yield found
    found.quit()


def fill(driver, values: dict[str, str]) -> None:
    """Type ``values`` into the report form by field name, as a phone's keyboard does (input and change events): a part
    that happens in some games only is ticked open first; a tick-box entry ('Winners') has each of its words' boxes
    ticked or not; a field whose value is '' is emptied."""
    driver.execute_script("""
        const form = document.getElementById('report'), values = arguments[0];
        const changed = f => { f.dispatchEvent(new Event('input', {bubbles: true})); f.dispatchEvent(new Event('change', {bubbles: true})); };
        for (const [name, value] of Object.entries(values)) {
          const field = form.elements.namedItem(name);
          const boxes = Array.from(form.querySelectorAll('input[type=checkbox]')).filter(b => b.name.startsWith(name + '+'));
          const first = field ? (field instanceof RadioNodeList ? field[0] : field) : boxes[0];
          const part = first && first.closest('fieldset.optional');
          if (part && value && !part.querySelector('input.happened').checked) {
            const open = part.querySelector('input.happened');
            open.checked = true;
            changed(open);
          }
          if (!field) {
            const words = value.split(',').map(w => w.trim());
            boxes.forEach(b => { b.checked = words.includes(b.name.slice(name.length + 1)); changed(b); });
          } else if (field instanceof RadioNodeList) {
            Array.from(field).forEach(r => { r.checked = r.value === value; });
            changed(field[0]);
          } else {
            field.value = value;
            changed(field);
          }
        }""", values)


def send(driver, button: str, then: str) -> None:
    """Click ``button`` and wait for the next page to have loaded with an element ``then`` (never the old page's)."""
    driver.execute_script("document.documentElement.dataset.old = 'yes'")
    driver.execute_script("arguments[0].click()", driver.find_element("css selector", button))
    wait_for(lambda: driver.execute_script(
        "return !document.documentElement.dataset.old && document.readyState === 'complete' && "
        "!!document.querySelector(arguments[0])", then))
    assert fits(driver), driver.current_url


def fits(driver) -> bool:
    """Nothing of the page runs off a phone's screen sideways, however long the language's words: a wide grid (an
    Italia board's years) scrolls inside its own box, not the whole page."""
    return driver.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def shown(driver) -> str:
    """The page's visible text (hidden parts and folded details are not read; the TestClient tests read those)."""
    return driver.execute_script("return document.body.innerText")


def as_phone(driver, url: str, code: str) -> None:
    """Another player's phone, in ``code``'s language chosen on the switch: none of the last phone's cookies."""
    driver.delete_all_cookies()
    driver.get(f"{url}?lang={code}")
    assert driver.execute_script("return document.documentElement.lang") == code


def points_said(driver) -> str:
    """The points box once the script has drawn each seat's points (the server's sentence above them)."""
    return wait_for(lambda: driver.execute_script(
        "const box = document.getElementById('points'); return box && box.querySelector('td') ? box.innerText : ''"))


def report_flow(driver, address: str, event, code: str, mistakes: dict[str, str], answer: str) -> None:
    """One table reported in ``code``'s language: the form, the mistakes, the correct result and its points, stored;
    another seat's phone answers it (``answer``: 'confirm' or 'dispute')."""
    hall, (table, typed), words = event.hall, event.tables[code], words_in(code)
    url = f"{address}/t/{hall.code_of(table)}"
    as_phone(driver, url, code)
    in_language(shown(driver), code, event.names)

    fill(driver, {**typed, **mistakes})
    send(driver, "#send", "#problems")
    problems = driver.execute_script("return Array.from(document.querySelectorAll('#problems li'), li => li.textContent)")
    assert len(problems) >= 2, problems  # the list follows the preview's problems; the seat code's stays at its field
    assert driver.find_element("id", "seat-code-p").text == words._("type the code printed beside your name on the form")
    needs, count = wait_for(lambda: driver.execute_script(
        "const p = document.querySelector('#points p.reason');"
        "return p && [p.textContent, document.querySelectorAll('#points ul.reason li').length]"))
    assert needs == words.ngettext("No points yet: {count} entry needs a look (it is checked again when you send):",
                                   "No points yet: {count} entries need a look (they are checked again when you send):",
                                   count).format(count=count)  # the script's sentence, the server's words
    in_language(shown(driver), code, event.names)

    fill(driver, {**{k: "" for k in mistakes}, **typed})
    said = points_said(driver)
    assert said.startswith(words._("Points if this is the result"))
    in_language(said, code, event.names, decimals=not table.stage)
    driver.find_element("id", "seat-code").send_keys(hall.seat_code_of(table, table.seats[0].seat))
    send(driver, "#send", "#message.ok")
    assert driver.find_element("tag name", "h1").text == words._("Stored")
    in_language(shown(driver), code, event.names, decimals=not table.stage)

    as_phone(driver, url, code)  # another seat's player: the report waits for them
    wait_for(lambda: driver.find_elements("id", "confirm"))
    in_language(shown(driver), code, event.names, decimals=not table.stage)
    other = hall.seat_code_of(table, table.seats[1].seat)
    if answer == "confirm":
        driver.find_element("id", "confirm-seat").send_keys(other)
        send(driver, "#confirm", "#message.ok")
        assert driver.find_element("tag name", "h1").text == words._("Confirmed")
    else:
        driver.find_element("css selector", "#dispute-box summary").click()
        in_language(shown(driver), code, event.names, decimals=not table.stage)  # the dispute's form, opened
        driver.find_element("id", "reason").send_keys("12 14")
        driver.find_element("id", "dispute-seat").send_keys(other)
        send(driver, "#dispute", "#message.ok")
        assert driver.find_element("tag name", "h1").text == words._("Disputed")
    in_language(shown(driver), code, event.names)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rulesets_report_confirm_and_dispute_in_each_language(driver, ruleset, tmp_path):
    event = still_to_report(ruleset, tmp_path)
    address, stop = serve(event.hall)
    try:
        for at, code in enumerate(OTHERS):  # each language confirms in some rulesets and disputes in the others
            answer = ("confirm", "dispute")[(at + RULESETS.index(ruleset)) % 2]
            report_flow(driver, address, event, code, MISTAKES[ruleset], answer)
    finally:
        stop()


@pytest.mark.parametrize("ruleset", STAGES)
def test_the_finals_and_a_knockout_matchs_report_in_a_language(driver, ruleset, tmp_path):
    event = stage_to_report(ruleset, tmp_path)
    code = OTHERS[list(STAGES).index(ruleset) % len(OTHERS)]  # one language each: the pages are the round's
    address, stop = serve(event.hall)
    try:
        report_flow(driver, address, event, code, STAGE_MISTAKES.get(ruleset, MISTAKES[ruleset]), "confirm")
    finally:
        stop()
