"""The hall follows the workbook's saves, keeps the last good state while a save has problems, and says since when."""

from __future__ import annotations

import re
import threading
import time

from starlette.testclient import TestClient

from tourneybook.cli import main
from tourneybook.live.app import create_app
from tourneybook.live.guard import DEVICE_COOKIE
from tourneybook.live.hall import Hall, follow
from tourneybook.reports.journal import Journal
from tourneybook.files.filestore import FileWorkbook


def type_vp(event, line: int, values) -> None:
    book = FileWorkbook(event)
    book.write_cells("Preliminary", {(line, col): v for col, v in zip((4, 6, 8, 10), values)})
    book.save()


def test_a_save_with_problems_keeps_the_last_good_state_and_says_since_when(hall, event):
    before = hall.api()
    line = hall.state.draw.table(1, 1).seats[0].line
    type_vp(event, line, ["lots", 80, 70, 60])
    assert hall.reload() is False
    state = hall.api()
    assert state["standings"] == before["standings"] and state["problems"]["since"] is not None
    assert any('"lots" is not a whole number' in p for p in state["problems"]["lines"])
    since = state["problems"]["since"]
    assert hall.reload() is False and hall.api()["problems"]["since"] == since  # since the first bad save, not the last
    type_vp(event, line, [90, 80, 70, 60])
    assert main(["recalc", str(event)]) == 0
    assert hall.reload() is True and hall.api()["problems"] is None
    assert hall.api()["standings"]["rows"][0]["total"] == "5.00"


def test_the_hall_follows_saves_by_itself(hall, event):
    stop = threading.Event()
    watcher = threading.Thread(target=follow, args=(hall, stop), daemon=True)
    watcher.start()
    try:
        time.sleep(0.5)  # the watcher is listening
        version = hall.version
        type_vp(event, hall.state.draw.table(1, 2).seats[0].line, [50, 40, 30, 20])
        deadline = time.monotonic() + 30
        while hall.version == version and time.monotonic() < deadline:
            time.sleep(0.1)
        assert hall.version > version
        winner = hall.state.draw.table(1, 2).seats[0].player
        assert next(r for r in hall.api()["standings"]["rows"] if r["player"] == winner)["total"] == "5.00"
    finally:
        stop.set()
        watcher.join(10)


def test_a_report_that_cannot_be_stored_gets_a_sentence(hall, tmp_path):
    hall.journal = Journal(tmp_path / "j.sqlite")
    hall.journal.path = tmp_path  # a folder: SQLite cannot open it
    c = TestClient(create_app(hall))
    c.cookies.set(DEVICE_COOKIE, "phone-a")
    table = hall.state.draw.table(1, 1)
    code = hall.code_of(table)
    token = re.search(r'name="csrf" value="([^"]+)"', c.get(f"/t/{code}").text)
    answer = c.post(f"/t/{code}", data={"csrf": token[1] if token else "", "seat_code": hall.seat_code_of(table, "Player 1"), "VP 1": "9", "VP 2": "8", "VP 3": "7", "VP 4": "6"})
    assert answer.status_code in (503,)
    assert "hand in the paper form" in answer.text


def test_the_director_key_and_table_codes_survive_a_restart(event):
    from tourneybook.reports.journal import journal_path

    first = Hall(event, Journal(journal_path(event)))
    again = Hall(event, Journal(journal_path(event)))
    assert first.director_key == again.director_key and len(first.director_key) == 12
    assert first.table_secret == again.table_secret


def test_live_reporting_is_off_unless_settings_say_yes_and_a_wrong_word_is_named_at_its_cell():
    from tourneybook.errors import Collector, InputError
    from tourneybook.workbook.settings_sheet import read_live_reporting
    from tourneybook.files.store import SheetGrid

    def grid(value):
        return SheetGrid("Settings", (("Settings",), ("help",), ("Setting", "Value", "Meaning"), ("Ruleset", "sos"),
                                      ("Live reporting", value)))

    out = Collector(InputError)
    assert read_live_reporting(grid("yes"), out) is True and read_live_reporting(grid(None), out) is False
    assert read_live_reporting(SheetGrid("Settings", ()), out) is False and not out.problems
    assert read_live_reporting(grid("maybe"), out) is False
    assert [str(p) for p in out.problems] == ['Settings!B5: Live reporting: "maybe" is not yes or no']
