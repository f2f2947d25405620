"""The players' side of the hall in a real browser (Debian's chromium, one browser for the module, phone and
projector sizes): picking one's name among several, a report with the keypad and choices, every problem at
once, the points before sending (a Friedrich qualifying game, a Diplomacy board, a Carcassonne table, the
final, a knock-out match), confirming from another seat and disputing with one's own version.

A second player is the same browser with its cookies cleared: another phone to the server.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from live_event import new_event
from test_final_and_knockout import example, without_stage
from test_in_chromium import browser, heading, serve, standings_rows, tap, texts_of, wait_for

from tourneybook.files.filestore import FileWorkbook
from tourneybook.live.hall import Hall
from tourneybook.reports.journal import ACCEPTED, CONFIRMED, DISPUTED, REPLACED, Journal, journal_path
from tourneybook.reports.reporting import typed_values

pytestmark = pytest.mark.chromium
PHONE, PROJECTOR = (390, 844), (1920, 1080)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "live"
"""Where the README's pictures of these pages live: written there only when asked (``TB_PICTURES=1``), so a test
run leaves the repository as it was."""


def picture(driver, name: str, folder: Path) -> None:
    """A screenshot of the page into ``folder``; into docs/live too with ``TB_PICTURES=1`` (the README's pictures)."""
    import os

    driver.save_screenshot(str(folder / name))
    if os.environ.get("TB_PICTURES") == "1":
        driver.save_screenshot(str(DOCS / name))


@pytest.fixture(scope="module")
def driver(chrome):
    found = browser(chrome, PHONE)
    yield found
    found.quit()


def hall_of(event: Path) -> Hall:
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    return hall


def cleared(name: str, folder: Path, pick, also: tuple[str, ...] = ()) -> tuple[Hall, object, dict[str, str]]:
    """A shipped example whose table ``pick(state)`` has its result taken out (a table still to report); the
    hall, the table, and the result as the workbook had it (as a phone would type it). The sheets ``also`` lose
    their entries too (a knock-out that follows the standings)."""
    folder.mkdir()
    event = example(name, folder)
    book = FileWorkbook(event)
    for sheet in also:
        grid = book.read(sheet)
        book.write_cells(sheet, {(line, col): None for line in range(4, len(grid.rows) + 1)
                                 for col in range(1, len(grid.rows[line - 1]) + 1)})
    book.save()
    hall = hall_of(event)
    table = pick(hall.state)
    draw = hall.state.draw_of(table)
    typed = typed_values(hall.state.snapshot, draw, table)
    book = FileWorkbook(event)
    book.write_cells(draw.sheet, {(f.line, draw.columns[f.header]): None for f in draw.fields(table)})
    book.save()
    return hall_of(event), table, typed


def texts(driver, css: str) -> list[str]:
    """The text of every element ``css`` finds, read in one go inside the page: no element found here can be
    replaced by the page's script before its text is read (a stale element)."""
    return driver.execute_script("return Array.from(document.querySelectorAll(arguments[0]), e => e.textContent)", css)


def as_new_phone(driver) -> None:
    """Another player's phone: none of this one's cookies (the server tells phones apart by them)."""
    driver.delete_all_cookies()


def fill(driver, values: dict[str, str]) -> None:
    """Type ``values`` into the report form by field name (as a phone's keyboard does: input and change events)."""
    driver.execute_script("""
        const form = document.getElementById('report'), values = arguments[0];
        for (const [name, value] of Object.entries(values)) {
          const field = form.elements.namedItem(name);
          if (!field) {  // a tick-box entry ('Winners'): a box per word ticked
            value.split(',').map(w => w.trim()).filter(Boolean).forEach(w => { const box = form.elements.namedItem(name + '+' + w); box.checked = true; box.dispatchEvent(new Event('change', {bubbles: true})); });
            continue;
          }
          if (field instanceof RadioNodeList) { Array.from(field).forEach(r => { r.checked = r.value === value; }); continue; }
          field.value = value;
          field.dispatchEvent(new Event('input', {bubbles: true})); field.dispatchEvent(new Event('change', {bubbles: true}));
        }""", values)


def points_shown(driver) -> list[list[str]]:
    """The points the page shows before sending: [seat, player, points] rows, and the parts under each."""
    return driver.execute_script("return Array.from(document.querySelectorAll('#points tr'), "
                                 "r => Array.from(r.cells, c => c.textContent))")


def shown(driver, css: str) -> bool:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css).is_displayed()


def test_a_friedrich_report_with_keypad_and_choices_every_problem_at_once_the_points_and_a_dispute(driver, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    hall, table, typed = cleared("fwc2022", tmp_path / "fwc", lambda s: s.draw.table(1, 1))
    url, stop = serve(hall)
    code = hall.code_of(table)
    frederick, pompadour = hall.seat_code_of(table, "Frederick"), hall.seat_code_of(table, "Pompadour")
    try:
        driver.set_window_size(*PHONE)
        driver.get(f"{url}/t/{code}")
        ended = driver.find_element(By.NAME, "Game ended in turn")
        assert ended.get_attribute("inputmode") == "numeric"  # the phone's number keypad
        assert driver.find_element(By.CSS_SELECTOR, "[name='Russia held']").get_attribute("inputmode") == "numeric"
        # the paper form's parts in its words; the Offensive Option asked only once it happened
        legends = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "fieldset.part legend")]
        assert "Prussian Offensive Option: call the jury when it fails" in legends and "Imperial Army changes controller" in legends
        assert not shown(driver, "select[name='OO outcome']")
        offensive = driver.find_element(By.XPATH, "//legend[contains(., 'Prussian Offensive Option')]//input")
        offensive.click()
        assert shown(driver, "select[name='OO outcome']") and not shown(driver, "[name='OO called off in turn']")
        Select(driver.find_element(By.NAME, "OO outcome")).select_by_visible_text("called off")
        assert shown(driver, "[name='OO called off in turn']")  # asked only after 'called off'
        assert [o.get_attribute("textContent") for o in Select(driver.find_element(By.NAME, "IA new controller")).options] == ["–", "Elisabeth", "Pompadour"]
        assert len(driver.find_elements(By.CSS_SELECTOR, "[name='Austria picked up set-aside TC'][type=radio]")) == 2
        offensive.click()  # no Offensive Option in this game after all: its entries are not sent
        # a nonsense report: every problem at once, each at its field, in a player's words
        ended.send_keys("40")
        driver.find_element(By.NAME, "Russia held").send_keys("lots")
        driver.find_element(By.NAME, "Winners+Prussia").click()
        driver.find_element(By.ID, "seat-code").send_keys(frederick)
        driver.find_element(By.ID, "send").click()
        # read whole in the page (texts): the page's script redraws the list and the fields' lines as the preview answers
        problems = wait_for(lambda: [p for p in texts(driver, "#problems li")
                                     if "Game ended in turn: 40 is too high: at most 23" in texts(driver, "#problems li")])
        assert 'Russia held: "lots" is not a whole number' in problems
        assert "Russia total: fill this in (the game's result needs it)" in problems and len(problems) >= 10
        at_field = "#" + driver.find_element(By.NAME, "Game ended in turn").get_attribute("id") + "-p"
        wait_for(lambda: texts(driver, at_field) == ["40 is too high: at most 23"])
        # the result as the paper form has it: the points show before sending, part by part (the Games sheet's)
        fill(driver, {k: v for k, v in typed.items() if k != "Winners"})
        assert driver.find_element(By.NAME, "Winners+Prussia").is_selected()  # kept from the form sent
        rows = wait_for(lambda: [r for r in points_shown(driver) if len(r) == 3] or None)
        assert rows == [["Frederick", "Fabio Ivanova", "12.00"], ["Elisabeth", "Carla Torres", "4.00"],
                        ["Maria Theresa", "Felix Brandt", "7.00"], ["Pompadour", "Felix Vidal", "6.25"]]
        assert ["Prussia 10.00; bonus 2.00; second-best –; sTCC 0.61"] in points_shown(driver)
        assert not shown(driver, "#problems") and not driver.find_elements(By.CSS_SELECTOR, "#report .problem")  # all mended
        driver.execute_script("document.getElementById('points').scrollIntoView()")
        picture(driver, "report.png", tmp_path)
        driver.find_element(By.ID, "send").click()
        wait_for(lambda: heading(driver) == "Stored")
        (sent,) = hall.journal.reports()
        assert sent.seat == "Frederick" and sent.values["Winners"] == "Prussia" and sent.values["OO outcome"] == ""
        # the same phone opens its table again (to correct the report): its seat code is kept from the first use
        driver.get(f"{url}/t/{code}")
        assert wait_for(lambda: driver.find_element(By.ID, "seat-code").get_attribute("value")) == frederick
        # a phone the table shares (issue 39): its link opens the answers, for another seat's code; a code typed
        # there is not kept as this phone's own
        driver.find_element(By.ID, "answer-here").click()
        wait_for(lambda: driver.find_elements(By.ID, "confirm"))
        driver.find_element(By.ID, "confirm-seat").send_keys("ZZZZ")
        driver.find_element(By.ID, "confirm").click()
        wait_for(lambda: "Your seat code" in driver.find_element(By.ID, "problems").text)
        driver.get(f"{url}/t/{code}")
        assert wait_for(lambda: driver.find_element(By.ID, "seat-code").get_attribute("value")) == frederick
        # another player finds France's objectives wrong: disputes with a reason and their own version
        as_new_phone(driver)
        driver.get(f"{url}/t/{code}")
        wait_for(lambda: driver.find_elements(By.ID, "confirm"))
        assert "Reported by Frederick (Fabio Ivanova)" in wait_for(lambda: "".join(texts(driver, "#waiting")))
        assert ["Pompadour", "Felix Vidal", "6.25"] in points_shown(driver)
        picture(driver, "confirm.png", tmp_path)
        driver.find_element(By.ID, "confirm-seat").send_keys(frederick)  # the reporter's own code: not a second player
        driver.find_element(By.ID, "confirm").click()
        wait_for(lambda: "the seat that sent the report" in driver.find_element(By.ID, "problems").text)
        driver.find_element(By.CSS_SELECTOR, "#dispute-box summary").click()
        driver.find_element(By.ID, "reason").send_keys("France held 6 at the end")
        driver.find_element(By.CSS_SELECTOR, "#own-version summary").click()
        driver.find_element(By.ID, "own").click()
        france = driver.find_element(By.CSS_SELECTOR, "#dispute-form [name='France held']")
        france.clear()
        france.send_keys("6")
        driver.find_element(By.ID, "dispute-seat").send_keys(pompadour)
        driver.find_element(By.ID, "dispute").click()
        wait_for(lambda: heading(driver) == "Disputed")
        assert hall.journal.get(sent.id).status == DISPUTED
        (dispute,) = hall.journal.disputes(sent.id)
        assert (dispute.seat, dispute.reason, dispute.values["France held"]) == ("Pompadour", "France held 6 at the end", "6")

        # the director settles it in one step with Pompadour's version; the table's phones read the outcome
        as_new_phone(driver)
        driver.set_window_size(1280, 900)
        driver.get(f"{url}/director")
        driver.find_element(By.ID, "key").send_keys(hall.director_key)
        driver.find_element(By.ID, "enter").click()
        theirs = f"#needs #report-{sent.id} button.theirs"
        assert wait_for(lambda: texts_of(lambda: driver.find_elements(By.CSS_SELECTOR, theirs))) == ["Accept Pompadour's version"]
        differs = texts_of(lambda: driver.find_elements(By.CSS_SELECTOR, f"#report-{sent.id} tr.differs td"))
        assert differs[:3] == ["France held", "5", "6"]  # the field, as reported, Pompadour's version
        picture(driver, "director-dispute.png", tmp_path)
        tap(lambda: driver.find_elements(By.CSS_SELECTOR, theirs))
        wait_for(lambda: hall.journal.latest(1, 1).status == ACCEPTED)
        assert hall.journal.latest(1, 1).values["France held"] == "6" and hall.journal.get(sent.id).status == REPLACED
        driver.set_window_size(*PHONE)
        driver.get(f"{url}/t/{code}")
        outcome = wait_for(lambda: driver.find_element(By.ID, "outcome").text)
        assert "The director settled this table's result: the version of Pompadour." in outcome
    finally:
        stop()


def test_picking_ones_name_no_result_yet_and_a_carcassonne_table_reported_and_confirmed(driver, tmp_path):
    from selenium.webdriver.common.by import By

    hall = hall_of(new_event(tmp_path))
    url, stop = serve(hall)
    try:
        # the projector before any result: nobody has a place
        driver.set_window_size(*PROJECTOR)
        driver.get(f"{url}/projector")
        rows = wait_for(lambda: standings_rows(driver))
        assert len(rows) == 8 and all(r.startswith("–") and r.endswith("no result yet") for r in rows)
        # 'weber' matches two players: tapping one's own name shows one's card
        driver.set_window_size(*PHONE)
        driver.get(url + "/")
        driver.find_element(By.ID, "find").send_keys("weber")
        assert texts_of(lambda: driver.find_elements(By.CLASS_NAME, "hit")) == ["Dmitri Weber", "Emma Weber"]
        tap(lambda: [h for h in driver.find_elements(By.CLASS_NAME, "hit") if h.text == "Emma Weber"])
        card, place = wait_for(lambda: [(me.text, place.text) for me in driver.find_elements(By.ID, "me")
                                        for place in me.find_elements(By.ID, "place")])[0]
        assert card.startswith("Emma Weber") and place == "No result yet"
        table = next(t for t in hall.state.draw.tables if any(s.player == "Emma Weber" for s in t.seats))
        seat = next(s.seat for s in table.seats if s.player == "Emma Weber")
        rounds = wait_for(lambda: [r.text for r in driver.find_elements(By.ID, "rounds") if "· new" in r.text])[0]
        assert f"Round 1, table {table.table} · new" in rounds and seat in rounds and "to play" in rounds
        # her table's slip on the phone: the keypad, the points before sending, then another seat confirms
        code = hall.code_of(table)
        driver.get(f"{url}/t/{code}")
        fields = driver.find_elements(By.CSS_SELECTOR, "#report input.num")
        assert [f.get_attribute("inputmode") for f in fields] == ["numeric"] * 4
        # one entry typed wrong: the points box lists what needs a look, and only that entry is marked, not the
        # three still blank (issue 39: "N entries need a look" said which)
        fields[0].send_keys("lots")
        needs = wait_for(lambda: texts(driver, "#points li") if texts(driver, "#points p") and
                         any("not a whole number" in t for t in texts(driver, "#points li")) else None)
        assert texts(driver, "#points p")[0].startswith(f"No points yet: {len(needs)} entr")
        marked = wait_for(lambda: driver.execute_script(
            "return Array.from(document.querySelectorAll('#report .problem'), p => p.id)") or None)
        assert marked == [fields[0].get_attribute("id") + "-p"]
        fields[0].clear()
        for field, vp in zip(fields, ["90", "80", "70", "60"]):
            field.send_keys(vp)
        rows = wait_for(lambda: [r for r in points_shown(driver) if len(r) == 3] or None)
        # Carcassonne 2004 ranking points of a table of four by VP: 5, 3, 2, 1 (seed 002)
        assert [r[2] for r in rows] == ["5.00", "3.00", "2.00", "1.00"] and rows[0][1] == table.seats[0].player
        driver.find_element(By.ID, "seat-code").send_keys(hall.seat_code_of(table, table.seats[0].seat))
        driver.find_element(By.ID, "send").click()
        wait_for(lambda: heading(driver) == "Stored")
        as_new_phone(driver)
        driver.get(f"{url}/t/{code}")
        driver.find_element(By.ID, "confirm-seat").send_keys(hall.seat_code_of(table, seat).lower())
        driver.find_element(By.ID, "confirm").click()
        wait_for(lambda: heading(driver) == "Confirmed")
        (report,) = hall.journal.reports()
        assert report.status == CONFIRMED and report.confirmed_seat == seat
        driver.get(url + "/")  # the phone remembers her: the card shows the report's state on her round
        assert wait_for(lambda: [r for r in driver.find_elements(By.ID, "rounds") if "confirmed" in r.text])
    finally:
        stop()


def preview_of(driver, url: str, code: str, values: dict[str, str]) -> list[list[str]]:
    driver.get(f"{url}/t/{code}")
    fill(driver, values)
    return wait_for(lambda: [r for r in points_shown(driver) if len(r) == 3] or None)


def test_the_points_before_sending_on_a_diplomacy_board_the_final_and_a_knockout_match(driver, tmp_path):
    driver.set_window_size(*PHONE)
    # a CODCon board (seed 003): the example's round 1, board 1, its centres typed again
    hall, table, typed = cleared("codcon2008", tmp_path / "codcon", lambda s: s.draw.table(1, 1))
    url, stop = serve(hall)
    try:
        rows = preview_of(driver, url, hall.code_of(table), typed)
        assert rows[:2] == [["Austria", "Hugo Weber", "100.00"], ["England", "Dmitri Conti", "40.00"]]
        assert any(r[0].startswith("centres 9; centre points 90") for r in points_shown(driver))
    finally:
        stop()
    # the Friedrich final (seeds 000): its game score per finalist, scored on its own
    hall, final, typed = cleared("fwc2022", tmp_path / "final", lambda s: s.stages.tables[0])
    url, stop = serve(hall)
    try:
        assert typed["Winners"] == "Prussia"
        rows = preview_of(driver, url, hall.code_of(final), typed)
        assert ["Maria Theresa", "Klara Novak", "8.00"] in rows and len(rows) == 4
    finally:
        stop()
    # a Carcassonne knock-out final not typed yet (seed 002): wins, VP totals and the winner
    folder = tmp_path / "knockout"
    folder.mkdir()
    event = example("carcassonne2004", folder)
    without_stage(event, "F")
    hall = hall_of(event)
    match = next(t for t in hall.state.stages.tables if t.stage == "F")
    url, stop = serve(hall)
    try:
        rows = preview_of(driver, url, hall.code_of(match), {"Game 1 VP A": "120", "Game 1 VP B": "98", "Game 2 VP A": "101",
                                                             "Game 2 VP B": "99"})
        assert [r[0::2] for r in rows] == [["wins", "2-0"], ["VP totals", "221-197"], ["winner", "Anna Eriksen"]]
        picture(driver, "knockout-report.png", tmp_path)
    finally:
        stop()
