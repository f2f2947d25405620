"""The director's day in a real browser (Debian's chromium, one browser for the module, a window per role):
reject and accept reports, import, recalc; the clock paused and reset; check-in to import to draw; the
projector and a finalist's phone moving to the final.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_in_chromium import browser, heading, serve, slowed, standings_rows, tap, wait_for

from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path

pytestmark = pytest.mark.chromium
WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


@pytest.fixture(scope="module")
def one_browser(chrome):
    found = browser(chrome, (1280, 900))
    yield found
    found.quit()


@pytest.fixture
def driver(one_browser):
    """The module's browser; the windows a test opened (phones, projector) are closed after it."""
    yield one_browser
    for handle in one_browser.window_handles[1:]:
        one_browser.switch_to.window(handle)
        one_browser.close()
    one_browser.switch_to.window(one_browser.window_handles[0])


def window(driver, url: str, size=(1280, 900)) -> str:
    driver.switch_to.new_window("window")
    driver.set_window_size(*size)
    slowed(driver)
    driver.get(url)
    return driver.current_window_handle


def text_of(driver, css: str) -> str:
    return driver.execute_script(f"const e = document.querySelector({css!r}); return e ? e.textContent : ''")


def click(driver, css: str) -> None:
    """Click ``css`` once it is there, again if the page was replaced meanwhile: the director's page reloads itself
    at each new state of the hall (a save of the workbook the watcher reads a moment later, on a loaded machine)."""
    from selenium.webdriver.common.by import By

    tap(lambda: driver.find_elements(By.CSS_SELECTOR, css))


def settle(driver, report: int, action: str) -> None:
    """Press the settling button ``action`` of a report, its table's line unfolded first (a line that needs nothing
    is folded), again if the page was replaced meanwhile."""
    from selenium.webdriver.common.by import By

    def once():
        found = driver.find_elements(By.CSS_SELECTOR, f"#report-{report} button[value={action}]")
        if found:
            driver.execute_script("arguments[0].closest('details').open = true", found[0])
            found[0].click()
        return bool(found)

    wait_for(once)


def test_the_directors_day(driver, hall, event):
    from selenium.webdriver.common.by import By

    served, stop = serve(hall)
    try:
        projector = window(driver, served + "/projector", (1920, 1080))
        wait_for(lambda: standings_rows(driver))
        assert "no result yet" in standings_rows(driver)[0]  # nobody has a place before a result
        director = window(driver, served + "/director")
        driver.find_element(By.ID, "key").send_keys(hall.director_key)
        click(driver, "#enter")
        # the key page is headed "Director" too: the director's own page is there once its clock form is
        wait_for(lambda: heading(driver) == "Director" and driver.find_elements(By.ID, "minutes"))

        # the clock: started, paused (the projector holds it), reset (gone)
        driver.find_element(By.ID, "minutes").send_keys("50")
        click(driver, "#start")
        wait_for(lambda: "running" in text_of(driver, "#clock-state"))
        click(driver, "#pause")
        wait_for(lambda: "paused" in text_of(driver, "#clock-state"))
        driver.switch_to.window(projector)
        assert wait_for(lambda: "paused" in text_of(driver, "#clock") and text_of(driver, "#clock")).startswith(("49:", "50:"))
        driver.switch_to.window(director)
        click(driver, "#reset")
        wait_for(lambda: "stopped" in text_of(driver, "#clock-state"))
        driver.switch_to.window(projector)
        wait_for(lambda: text_of(driver, "#clock") == "")

        # two reports: the director rejects table 1's, accepts table 2's; the import writes table 2 only
        one, two = hall.state.draw.table(1, 1), hall.state.draw.table(1, 2)
        wrong = hall.journal.add(1, 1, {"VP 1": "9", "VP 2": "8", "VP 3": "7", "VP 4": "6"}, "phone-a")
        right = hall.journal.add(1, 2, {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}, "phone-c")
        driver.switch_to.window(director)
        driver.get(served + "/director")
        settle(driver, wrong.id, "reject")
        wait_for(lambda: "rejected" in text_of(driver, f"#report-{wrong.id} .state"))
        settle(driver, right.id, "accept")
        wait_for(lambda: "accepted for import" in text_of(driver, f"#report-{right.id} .state"))
        assert main(["import-reports", str(event)]) == 0
        assert main(["recalc", str(event)]) == 0
        driver.switch_to.window(projector)
        winner = two.seats[0].player
        assert winner in wait_for(lambda: [r for r in standings_rows(driver) if "5.00" in r])[0]
        assert "round 1: 1 of 2 tables entered" in text_of(driver, "#ranking")
        assert text_of(driver, "#ranking h2:last-of-type") == "Standings"

        # table 1 comes in after all: confirmed by the director, imported: "after round 1"
        driver.switch_to.window(director)
        driver.get(served + "/director")
        again = hall.journal.add(1, 1, {"VP 1": "91", "VP 2": "81", "VP 3": "71", "VP 4": "61"}, "phone-b")
        # the open director's page shows the new report by itself (director.js follows /api/state)
        wait_for(lambda: driver.find_elements(By.ID, f"report-{again.id}"))
        settle(driver, again.id, "confirm")
        wait_for(lambda: "confirmed" in text_of(driver, f"#report-{again.id} .state"))
        assert main(["import-reports", str(event)]) == 0 and main(["recalc", str(event)]) == 0
        driver.switch_to.window(projector)
        wait_for(lambda: "Standings after round 1" in text_of(driver, "#ranking"))

        # check-in for round 2: Zoë skips it from her phone; the import marks her absent; the draw leaves her out
        driver.switch_to.window(director)
        driver.get(served + "/director")
        click(driver, "#open-checkin")
        wait_for(lambda: "Open for round 2" in text_of(driver, "#checkin-state"))
        phone = window(driver, served + "/", (390, 844))
        driver.find_element(By.ID, "find").send_keys("zoe")
        tap(lambda: driver.find_elements(By.ID, "checkin"))
        tap(lambda: driver.find_elements(By.ID, "skip"))
        wait_for(lambda: heading(driver) == "Checked in")
        driver.switch_to.window(director)
        driver.get(served + "/director")
        assert "1 answered, 7 not yet" in text_of(driver, "#checkin-state")
        assert main(["import-reports", str(event)]) == 0
        assert main(["draw", str(event), "--round", "2"]) == 0
        driver.switch_to.window(projector)
        wait_for(lambda: "Round 2" in text_of(driver, "#seating h2"))
        seating = text_of(driver, "#seating")
        assert "Zoë Faure" not in seating and "Anna Berg" in seating
        driver.switch_to.window(phone)
        driver.get(served + "/")
        driver.find_element(By.ID, "find").send_keys("anna")  # her new table of round 2, marked new
        assert wait_for(lambda: text_of(driver, "#seat").startswith("Round 2") and text_of(driver, "#seat")).endswith("(new)")
    finally:
        stop()


def test_the_projector_and_a_finalists_phone_move_to_the_final_with_its_clock_and_its_winner(driver, tmp_path):
    """The clock belongs to a stage (issue 39 item 5): round 4's clock stops once the final's table is known, the
    final's clock is named so, none runs after the final's result, and the winner is headlined on both pages."""
    from selenium.webdriver.common.by import By

    event = tmp_path / "fwc2022.xlsx"
    shutil.copyfile(WORKBOOKS / "fwc2022-example.xlsx", event)
    book = FileWorkbook(event)
    final = {col: book.read("Final game").value(4, col) for col in range(2, 40)}
    book.write_cells("Final game", {(4, col): None for col in range(2, 40)})  # the qualifying rounds only
    book.save()
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    served, stop = serve(hall)
    try:
        hall.set_clock(50)  # the director starts round 4's clock
        projector = window(driver, served + "/projector", (1920, 1080))
        wait_for(lambda: text_of(driver, "#seating h2").startswith("Round 4"))
        wait_for(lambda: text_of(driver, "#clock-stage") == "Round 4" and text_of(driver, "#clock").startswith(("49:", "50:")))
        phone = window(driver, served + "/", (390, 844))
        driver.find_element(By.ID, "find").send_keys("Felix Vid")
        assert wait_for(lambda: text_of(driver, "#seat")).startswith("Round 4, table")
        assert wait_for(lambda: text_of(driver, "#now")).startswith("Round 4: ")
        book = FileWorkbook(event)
        book.write_cells("Final game", {(4, col): final[col] for col in range(2, 6)})  # the roles chosen
        book.save()
        assert wait_for(lambda: text_of(driver, "#seat")) and wait_for(
            lambda: text_of(driver, "#seat") == "Final, table 1, Frederick (new)")
        wait_for(lambda: text_of(driver, "#now") == "")  # round 4's clock stopped: the final is under way
        assert hall.api()["clock"]["note"] == "Round 4's clock stopped: the final is under way."
        driver.switch_to.window(projector)
        wait_for(lambda: text_of(driver, "#seating h2") == "Final")
        assert "Final, table 1 (to play)" in text_of(driver, "#seating") and "Frederick: Felix Vidal" in text_of(driver, "#seating")
        wait_for(lambda: text_of(driver, "#clock") == "" and text_of(driver, "#clock-stage") == "")
        hall.set_clock(90)  # the final's clock
        wait_for(lambda: text_of(driver, "#clock-stage") == "Final" and text_of(driver, "#clock").startswith(("89:", "90:")))
        assert driver.find_element(By.ID, "winner").get_attribute("hidden") is not None  # nobody has won yet

        book = FileWorkbook(event)
        book.write_cells("Final game", {(4, col): value for col, value in final.items()})  # the final's result
        book.save()
        assert wait_for(lambda: text_of(driver, "#winner")) == "Winner: Felix Vidal"
        wait_for(lambda: text_of(driver, "#clock") == "")  # no clock after the final's result
        assert hall.api()["clock"]["note"] == "Final's clock stopped: the final is decided, Felix Vidal won."
        driver.switch_to.window(phone)
        assert wait_for(lambda: text_of(driver, "#winner")) == "Winner: Felix Vidal"
        wait_for(lambda: text_of(driver, "#now") == "")
    finally:
        stop()
