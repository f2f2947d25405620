"""The phone page in a real browser on the shipped Friedrich example: a finalist's two places, names in Language order."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_in_chromium import browser, served, texts_of, wait_for  # noqa: F401  (served: the server fixture, used by name)

from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path

pytestmark = pytest.mark.chromium
WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


@pytest.fixture
def hall(tmp_path) -> Hall:
    event = tmp_path / "fwc2022.xlsx"
    shutil.copyfile(WORKBOOKS / "fwc2022-example.xlsx", event)
    found = Hall(event, Journal(journal_path(event)))
    assert found.reload(), found.problems
    return found


def test_a_finalist_reads_the_final_place_then_the_qualifying_place(chrome, hall, served):
    from selenium.webdriver.common.by import By

    phone = browser(chrome, (390, 844))
    try:
        phone.get(served + "/")
        phone.find_element(By.ID, "find").send_keys("klara")
        card = texts_of(lambda: phone.find_elements(By.ID, "me"))[0].splitlines()
        assert card[0] == "Klara Novak"
        final = card.index("Final: place 2")
        assert card[final + 1] == "below Felix Vidal on winning nations"
        assert card[final + 2] == "Standings: place 3 with 38.75 (points)"
        assert card[final + 3] == "below Felix Vidal on points"
    finally:
        phone.quit()


def test_the_names_offered_are_in_the_events_language_order(chrome, hall, served):
    from selenium.webdriver.common.by import By

    phone = browser(chrome, (390, 844))
    try:
        phone.get(served + "/")
        phone.find_element(By.ID, "find").send_keys("er")
        offered = texts_of(lambda: phone.find_elements(By.CLASS_NAME, "hit"))
        names = hall.api()["names"]
        assert offered == [n for n in names if "er" in n.lower()][:12] and len(offered) > 1
    finally:
        phone.quit()


def test_the_projectors_list_by_name_runs_down_each_column_and_marks_a_stand_in(chrome, tmp_path):
    """Issue 39: the list by name read down the first column, then the second (as a printed list is), each name on one
    line, a stand-in marked as the Seating sheet marks them."""
    from test_in_chromium import serve

    from tourneybook.files.filestore import FileWorkbook
    from tourneybook.workbook.generic import PLAYERS, STAND_IN

    event = tmp_path / "codcon2008.xlsx"
    shutil.copyfile(WORKBOOKS / "codcon2008-example.xlsx", event)
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload()
    stand_in = hall.api()["by_name"][1]["player"]
    book = FileWorkbook(event)
    line = next(i for i, row in enumerate(book.read(PLAYERS.name).rows, start=1) if row and row[0] == stand_in)
    book.write_cells(PLAYERS.name, {(line, PLAYERS.index(STAND_IN)): "yes"})
    book.save()
    assert hall.reload(), hall.problems
    url, stop = serve(hall)
    projector = browser(chrome, (1920, 1080))
    try:
        projector.get(url + "/projector?seconds=3")
        wait_for(lambda: "by name" in projector.execute_script("return document.querySelector('#seating h2')?.textContent || ''"))
        at = wait_for(lambda: projector.execute_script(
            "return Array.from(document.querySelectorAll('#seating .names div'), "
            "d => [d.textContent, Math.round(d.getBoundingClientRect().left), Math.round(d.getBoundingClientRect().top), "
            "d.getBoundingClientRect().height])"))
        names = [p["player"] for p in hall.api()["by_name"]][:len(at)]
        assert [text.split(":")[0] for text, *_ in at] == [n + (" (stand-in)" if n == stand_in else "") for n in names]
        lefts = [left for _, left, _, _ in at]
        column = lefts.count(lefts[0])
        assert 1 < column < len(at) and lefts[:column] == [lefts[0]] * column  # the first names down the first column
        assert [top for _, _, top, _ in at[:column]] == sorted(top for _, _, top, _ in at[:column])
        assert lefts[column] > lefts[0]  # then the second column
        assert len({height for *_, height in at}) == 1  # every name on one line
    finally:
        projector.quit()
        stop()


def test_before_the_first_draw_a_player_reads_that_no_round_is_drawn(chrome, tmp_path):
    """Issue 39: not "Round 0: not seated" before round 1 is drawn."""
    from test_in_chromium import serve

    from tourneybook.cli import main

    players = tmp_path / "players.csv"
    players.write_text("Name\nAnna Berg\nBen Olsen\nCarla Costa\nDmitri Weber\nEmma Weber\nFelix Brandt\n", encoding="utf-8")
    event = tmp_path / "new.xlsx"
    assert main(["new", "carcassonne2004", "--players", str(players), "--out", str(event)]) == 0
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    url, stop = serve(hall)
    phone = browser(chrome, (390, 844))
    try:
        phone.get(url + "/")
        phone.find_element("id", "find").send_keys("anna")
        assert wait_for(lambda: phone.execute_script("return document.getElementById('seat')?.textContent")) == \
            "No round drawn yet"
    finally:
        phone.quit()
        stop()
