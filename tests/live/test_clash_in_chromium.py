"""A clash at save in a real browser (Debian's chromium, one window per role): a table's report confirmed on two
phones, then the typed paper form saved with another result; the served hall notices the save by itself, the
director's page shows the clash under "Needs you", the table's page both versions, and the director's "Take the
reported version over the workbook's" reaches the table's page (issue 39 item 3)."""

from __future__ import annotations

import pytest

from test_director_in_chromium import click, text_of, window
from test_in_chromium import browser, heading, serve, tap, wait_for
from test_report_in_chromium import texts
from test_settling import VP

from tourneybook.files.filestore import FileWorkbook
from tourneybook.reports.journal import ACCEPTED, CLASH, CONFIRMED

pytestmark = pytest.mark.chromium
PHONE = (390, 844)


@pytest.fixture
def driver(chrome):
    found = browser(chrome, PHONE)
    yield found
    found.quit()


def test_a_clash_at_save_is_seen_on_both_pages_and_the_reported_version_taken_over_the_workbooks(driver, hall, event):
    from selenium.webdriver.common.by import By

    one = hall.state.draw.table(1, 1)
    code = hall.code_of(one)
    first, second = one.seats[0].seat, one.seats[1].seat
    served, stop = serve(hall)
    try:
        # the table reports from one phone and confirms from another (a second phone: no cookies shared)
        driver.get(f"{served}/t/{code}")
        fields = driver.find_elements(By.CSS_SELECTOR, "#report input.num")
        for field, vp in zip(fields, ["90", "80", "70", "60"]):
            field.send_keys(vp)
        driver.find_element(By.ID, "seat-code").send_keys(hall.seat_code_of(one, first))
        driver.find_element(By.ID, "send").click()
        wait_for(lambda: heading(driver) == "Stored")
        driver.delete_all_cookies()
        driver.get(f"{served}/t/{code}")
        driver.find_element(By.ID, "confirm-seat").send_keys(hall.seat_code_of(one, second))
        driver.find_element(By.ID, "confirm").click()
        wait_for(lambda: heading(driver) == "Confirmed")
        (report,) = hall.journal.reports()
        assert report.status == CONFIRMED

        # the paper form typed with VP 1 as 95, saved with the project's file layer; the hall's own watcher reads
        # the save (saved again while unseen: the watcher may listen a moment after its thread starts)
        def saved_and_seen() -> bool:
            book = FileWorkbook(event)
            book.write_cells("Preliminary", {(one.seats[0].line, col): vp for col, vp in zip(VP.values(), (95, 80, 70, 60))})
            book.save()
            try:
                return wait_for(lambda: hall.journal.get(report.id).status == CLASH, 10)
            except AssertionError:
                return False

        wait_for(saved_and_seen, 120)

        # the table's page (a third phone) shows both versions side by side
        driver.delete_all_cookies()
        driver.get(f"{served}/t/{code}")
        assert "differs from the one reported here" in wait_for(lambda: text_of(driver, "#outcome"))
        assert wait_for(lambda: texts(driver, "#outcome table.clash th")) == ["", "Paper form", "Reported"]
        assert texts(driver, "#outcome table.clash tbody td") == ["VP 1", "95", "90"]  # only the field that differs
        table_page = driver.current_window_handle

        # the director's page: the clash under "Needs you", the workbook's figure beside the reported one
        window(driver, served + "/director", (1280, 900))
        driver.find_element(By.ID, "key").send_keys(hall.director_key)
        click(driver, "#enter")
        needs = f"#needs #report-{report.id}"
        assert "clashes with the workbook" in wait_for(lambda: text_of(driver, f"{needs} .state"))
        differs = wait_for(lambda: texts(driver, f"{needs} tr.differs td"))
        assert differs[:3] == ["VP 1", "95", "90"]  # the field, in the workbook, reported
        over = f"{needs} button[value=over]"
        assert text_of(driver, over) == "Take the reported version over the workbook's"
        tap(lambda: driver.find_elements(By.CSS_SELECTOR, over))
        wait_for(lambda: hall.journal.latest(1, 1).status == ACCEPTED)
        settled = hall.journal.latest(1, 1)
        assert settled.over and settled.values["VP 1"] == "90"
        # the page redraws itself: nothing needs the director now, the table's line reads accepted
        wait_for(lambda: text_of(driver, "#needs #nothing-needed") == "Nothing needs you now.")
        assert "accepted for import" in wait_for(lambda: text_of(driver, f"#report-{settled.id} .state"))

        # the table's page tells the outcome
        driver.switch_to.window(table_page)
        driver.get(f"{served}/t/{code}")
        outcome = wait_for(lambda: text_of(driver, "#outcome"))
        assert "The director settled this table's result" in outcome
        assert "the reported version, in place of the result typed in the workbook." in " ".join(outcome.split())
    finally:
        stop()
