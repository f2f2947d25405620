"""The director's page of a hall of 100 tables (TestClient): a line per table, what needs the director first, the
rest folded, and a page whose size grows by a line per table, not by every field of every report."""

from __future__ import annotations

import re
import shutil
import sys
import time

import pytest

from test_director import RESULT, director, report_box

from tourneybook.cli import main
from tourneybook.live.hall import Hall
from tourneybook.live.settling import LATE
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.reports.reporting import PASSES
from tourneybook.workbook.settings_sheet import SETTINGS, live_reporting_cells
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook import event

TABLES = 100
LINE_BYTES = 1_500
"""What one folded line of a confirmed table may cost the page (its summary and its folded filled fields)."""


@pytest.fixture(scope="module")
def big_event(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hall100")
    players = folder / "players.csv"
    players.write_text("Name\n" + "\n".join(f"Player {i:03d}" for i in range(4 * TABLES)) + "\n", encoding="utf-8")
    event = folder / "hall100.xlsx"
    assert main(["new", "carcassonne2004", "--players", str(players), "--out", str(event), "--name", "Hall of 100"]) == 0
    assert main(["draw", str(event), "--round", "1"]) == 0
    book = FileWorkbook(event)
    book.write_cells(SETTINGS.name, live_reporting_cells(book.read(SETTINGS.name), on=True))
    book.save()
    return event


def test_a_hundred_tables_one_line_each_what_needs_the_director_first(big_event, tmp_path, monkeypatch):
    event = tmp_path / "hall100.xlsx"
    shutil.copyfile(big_event, event)
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    assert len(hall.state.draw.tables) == TABLES
    result = {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}
    ids = {}
    for number in range(1, TABLES - 1):  # two tables have not reported
        report = hall.journal.add(1, number, result, f"phone-{number}", seat="Player 1")
        ids[number] = report.id
        if number in (7, 40):
            hall.journal.dispute(report.id, "Player 3", "VP 3 was 75", {**result, "VP 3": "75"}, f"phone-{number}b")
        elif number not in (12, 13):  # 12 and 13 wait for their second player
            hall.journal.confirm(report.id, f"phone-{number}b", "Player 2")
    now = time.time()
    monkeypatch.setattr("tourneybook.live.settling.time.time", lambda: now + LATE + 60)  # 12 and 13 wait too long

    page = director(hall).get("/director").text
    lines = re.findall(r'<details class="line[^"]*" id="([^"]+)"( open)?>', page)
    assert len(lines) == TABLES
    needs = page.split('id="needs"', 1)[1].split("</section>", 1)[0]
    first = [i for i, _ in re.findall(r'<details class="line[^"]*" id="([^"]+)"( open)?>', needs)]
    assert first == [f"report-{ids[7]}", f"report-{ids[40]}", f"report-{ids[12]}", f"report-{ids[13]}"]  # disputes first
    assert all(is_open for i, is_open in lines if i in first) and not any(is_open for i, is_open in lines if i not in first)
    assert "waiting 11 min for a second player" in needs
    assert 'id="r1-t99"' in page and 'id="r1-t100"' in page and page.count("no report yet") >= 2
    line = report_box(page, ids[50])
    assert "by Player 1 (" in line and ", confirmed by Player 2 (" in line
    seats = hall.state.draw.table(1, 50).seats
    assert f"{seats[0].player} <b>5.00</b>" in line and f"{seats[3].player} <b>1.00</b>" in line  # each seat's points
    assert "(empty)" not in page
    assert len(page.encode()) < TABLES * LINE_BYTES, len(page.encode())


def hall_of_tables(folder, tables: int) -> Hall:
    """A Carcassonne event of ``tables`` tables of four in round 1, live reporting on, no result yet."""
    folder.mkdir()
    players = folder / "players.csv"
    players.write_text("Name\n" + "\n".join(f"Player {i:03d}" for i in range(4 * tables)) + "\n", encoding="utf-8")
    event = folder / f"hall{tables}.xlsx"
    assert main(["new", "carcassonne2004", "--players", str(players), "--out", str(event), "--name", "Hall"]) == 0
    assert main(["draw", str(event), "--round", "1"]) == 0
    book = FileWorkbook(event)
    book.write_cells(SETTINGS.name, live_reporting_cells(book.read(SETTINGS.name), on=True))
    book.save()
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    return hall


def counted(monkeypatch, name: str, module) -> list[int]:
    """How often ``module.name`` is called from now on, wherever TourneyBook imported it."""
    calls = [0]
    original = getattr(module, name)

    def counting(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    for loaded in list(sys.modules.values()):
        if getattr(loaded, "__name__", "").startswith("tourneybook") and getattr(loaded, name, None) is original:
            monkeypatch.setattr(loaded, name, counting)
    return calls


@pytest.mark.parametrize("wrong", [False, True], ids=["all-right", "one-wrong"])
def test_the_first_page_reads_the_event_as_often_for_3_tables_as_for_12(tmp_path, monkeypatch, wrong):
    """The first answer for 100 tables took 5 s: every report's points were scored against the whole event, one
    reading of it per report. Now the reports are read together: the readings and rankings of the event do not grow
    with the tables (one; with a report at fault, the reading that finds it, its own check and one of the others),
    a second answer reads nothing, a new report one reading."""
    readings = {}
    for tables in (3, 12):
        hall = hall_of_tables(tmp_path / str(tables), tables)
        ids = []
        for number in range(1, tables + 1):
            result = {**RESULT, "VP 3": "lots"} if wrong and number == 2 else RESULT
            report = hall.journal.add(1, number, result, f"phone-{number}", seat="Player 1")
            hall.journal.confirm(report.id, f"phone-{number}b", "Player 2")
            ids.append(report.id)
        d = director(hall)
        with monkeypatch.context() as patched:
            read, ranked = counted(patched, "read_event", event), counted(patched, "event_result", event)
            page = d.get("/director").text
            readings[tables] = (read[0], ranked[0])
            for number, report in enumerate(ids, 1):  # Carcassonne 2004's ranking points of 90, 80, 70, 60 VP
                line = report_box(page, report).split("</summary>", 1)[0]
                assert line.count("<b>") == (0 if wrong and number == 2 else 4), line
            assert d.get("/director").text == page and (read[0], ranked[0]) == readings[tables]
            one_more = hall.journal.add(1, tables, RESULT, "phone-late", seat="Player 3")  # a second report of a table
            assert "<b>5.00</b>" in report_box(d.get("/director").text, one_more.id)
            assert (read[0], ranked[0]) == (readings[tables][0] + 1, readings[tables][1] + 1)
    assert readings[3] == readings[12], readings
    if wrong:  # the reading that finds it, the wrong report's own check (a reading a pass), the others' reading
        assert readings[3][0] <= 1 + PASSES + 1 and readings[3][1] == 1, readings
    else:
        assert readings[3] == (1, 1), readings
