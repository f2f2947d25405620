"""The director's page of a hall of 100 tables (TestClient): a line per table, what needs the director first, the
rest folded, and a page whose size grows by a line per table, not by every field of every report."""

from __future__ import annotations

import re
import shutil
import time

import pytest

from test_director import director, report_box

from tourneybook.cli import main
from tourneybook.live.hall import Hall
from tourneybook.live.settling import LATE
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.workbook.settings_sheet import SETTINGS, live_reporting_cells
from tourneybook.files.filestore import FileWorkbook

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
