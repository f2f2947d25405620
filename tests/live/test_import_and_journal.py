"""Importing confirmed reports (a typed result wins, unknown tables refused) and a journal that loses nothing."""

from __future__ import annotations

import subprocess
import sys
import threading

from tourneybook.cli import main
from tourneybook.reports.importing import import_reports
from tourneybook.reports.journal import ACCEPTED, CONFIRMED, REPLACED, Journal, journal_path
from tourneybook.files.filestore import FileWorkbook

RESULT = {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}


def vp_cells(book: FileWorkbook, line: int) -> list:
    grid = book.read("Preliminary")
    return [grid.value(line, col) for col in (4, 6, 8, 10)]  # VP 1..VP 4 (D, F, H, J)


def confirmed(journal: Journal, round: int, table: int, values=RESULT) -> None:
    report = journal.add(round, table, values, "phone-a")
    assert journal.confirm(report.id, "phone-b").status == CONFIRMED


def test_a_confirmed_report_is_written_into_its_row_then_recalc_ranks_it(hall, event, capsys):
    confirmed(hall.journal, 1, 1)
    assert main(["import-reports", str(event)]) == 0
    assert "round 1 table 1: written" in capsys.readouterr().out
    line = hall.state.draw.table(1, 1).seats[0].line
    assert vp_cells(FileWorkbook(event), line) == [90, 80, 70, 60]
    assert main(["recalc", str(event)]) == 0
    assert hall.reload()
    winner = hall.state.draw.table(1, 1).seats[0].player
    row = next(r for r in hall.api()["standings"]["rows"] if r["player"] == winner)
    assert row["rank"] == 1 and row["total"] == "5.00"
    assert main(["import-reports", str(event)]) == 0  # twice: nothing changes, nothing listed again
    assert "no confirmed reports or check-in answers to import" in capsys.readouterr().out
    assert [r.status for r in hall.journal.reports()] == ["imported"]


def test_a_typed_result_is_never_overwritten(hall, event, capsys):
    line = hall.state.draw.table(1, 1).seats[0].line
    book = FileWorkbook(event)
    book.write_cells("Preliminary", {(line, 4): 95})
    book.save()
    before = event.read_bytes()
    confirmed(hall.journal, 1, 1, {**RESULT, "VP 4": ""})
    assert main(["import-reports", str(event)]) == 0  # a clash is the director's to settle, not a problem of the data
    out = capsys.readouterr().out
    assert "round 1 table 1: NOT written" in out and "VP 1: workbook '95', reported '90'" in out
    assert event.read_bytes() == before
    (clash,) = hall.journal.reports("clash")  # remembered with every field of the table, the empty ones too
    assert clash.detail[0] == ["VP 1", "95", "90", True] and ["VP 2", "", "80", False] in clash.detail
    assert ["VP 4", "", "", False] in clash.detail
    assert main(["import-reports", str(event)]) == 0
    assert "NOT written" not in capsys.readouterr().out  # listed once


def test_a_report_for_a_table_the_draw_does_not_have_is_refused(hall, event):
    confirmed(hall.journal, 1, 9)
    done = import_reports(FileWorkbook(event), hall.journal)
    assert done.written == () and [r.table for r, _ in done.refused] == [9]
    assert "the draw has no table 9 in round 1" in done.lines()[0]


def test_two_phones_at_once_both_stored(tmp_path):
    journal = Journal(tmp_path / "e.reports.sqlite")
    threads = [threading.Thread(target=lambda t=t: [journal.add(1, t, RESULT, f"p{t}") for _ in range(20)]) for t in range(1, 5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    reports = journal.reports()
    assert len(reports) == 80
    assert sorted(r.table for r in reports if r.status == "waiting") == [1, 2, 3, 4]  # each table's last one waits


def test_each_table_has_one_report_to_import_whoever_settled_it_last(tmp_path):
    """A table's confirmed or accepted report is replaced by the next one confirmed, accepted or decided, never
    imported beside it; another table's is left alone."""
    journal = Journal(tmp_path / "e.reports.sqlite")
    other = journal.add(1, 2, RESULT, "phone-c")
    assert journal.confirm(other.id, "phone-d").status == CONFIRMED
    first = journal.add(1, 1, RESULT, "phone-a")
    journal.confirm(first.id, "phone-b")
    second = journal.add(1, 1, RESULT, "phone-a")  # a correction after the confirmation: confirmed in its turn
    journal.confirm(second.id, "phone-b")
    assert [(r.table, r.id) for r in journal.to_import()] == [(1, second.id), (2, other.id)]
    assert journal.get(first.id).status == REPLACED
    third = journal.add(1, 1, RESULT, "phone-a")
    journal.dispute(third.id, "B", "not our score")
    assert journal.accept(third.id).status == ACCEPTED  # the director takes the disputed one: it replaces the second
    assert [(r.table, r.id) for r in journal.to_import()] == [(1, third.id), (2, other.id)]
    fourth = journal.add(1, 1, RESULT, "phone-a")
    journal.dispute(fourth.id, "B", "not our score")
    decided = journal.decide(fourth.id, RESULT, "the disputer's version")
    assert [(r.table, r.id) for r in journal.to_import()] == [(1, decided.id), (2, other.id)]
    assert {journal.get(n).status for n in (second.id, third.id, fourth.id)} == {REPLACED}


KILLED = """
import os, signal, sys
from tourneybook.reports.journal import Journal
j = Journal(sys.argv[1])
r = j.add(1, 3, {"VP 1": "12"}, "a")
j.confirm(r.id, "b")
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_confirmed_report_survives_a_killed_server(tmp_path):
    path = journal_path(tmp_path / "e.xlsx")
    run = subprocess.run([sys.executable, "-c", KILLED, str(path)], timeout=60)
    assert run.returncode == -9
    (report,) = Journal(path).confirmed()
    assert (report.table, report.values) == (3, {"VP 1": "12"})


def test_the_buttons_import_action_runs_the_same_import_through_the_store(hall, event):
    from tourneybook.excel.actions import IMPORT_REPORTS, Choice, run_action

    confirmed(hall.journal, 1, 2)
    book = FileWorkbook(event)
    report = run_action(book, Choice(IMPORT_REPORTS))
    assert report.ok and "round 1 table 2: written" in report.message
    line = hall.state.draw.table(1, 2).seats[0].line
    assert vp_cells(book, line) == [90, 80, 70, 60]


def test_a_report_for_players_no_longer_at_the_table_is_refused(hall, event):
    from tourneybook.reports.sheet import seated_of

    table = hall.state.draw.table(1, 1)
    others = tuple(reversed(seated_of(table)))  # as if round 1 had been drawn again since
    report = hall.journal.add(1, 1, RESULT, "phone-a", others)
    hall.journal.confirm(report.id, "director")
    before = event.read_bytes()
    done = import_reports(FileWorkbook(event), hall.journal)
    assert done.written == () and "the players of table 1 changed since it was reported" in done.lines()[0]
    assert event.read_bytes() == before
    right = hall.journal.add(1, 1, RESULT, "phone-a", seated_of(table))
    hall.journal.confirm(right.id, "director")
    assert [r.table for r in import_reports(FileWorkbook(event), hall.journal).written] == [1]


def test_import_without_a_journal_says_where_it_looked(event, capsys):
    assert main(["import-reports", str(event)]) == 1
    assert "hall.reports.sqlite: no reports journal beside the workbook (tourneybook live makes it)" in capsys.readouterr().err


def test_a_report_recalc_would_refuse_is_never_written_and_listed_once(hall, event, capsys):
    confirmed(hall.journal, 1, 1, {**RESULT, "VP 2": "-5"})  # as if written into the journal past the server's check
    before = event.read_bytes()
    assert main(["import-reports", str(event)]) == 0
    out = capsys.readouterr().out
    assert "round 1 table 1: refused, recalc would refuse it:" in out and "-5" in out
    assert event.read_bytes() == before
    (refused,) = hall.journal.reports("refused")
    assert "recalc would refuse it" in refused.detail
    assert main(["import-reports", str(event)]) == 0
    assert "refused" not in capsys.readouterr().out


def test_the_director_rejects_one_report_and_accepts_another_for_import(hall, event):
    first = hall.journal.add(1, 1, RESULT, "phone-a")
    second = hall.journal.add(1, 2, RESULT, "phone-c")
    assert hall.journal.reject(first.id, "a wrong table").status == "rejected"
    assert hall.journal.accept(first.id) is None  # a rejected report stays rejected
    assert hall.journal.accept(second.id).status == "accepted"
    done = import_reports(FileWorkbook(event), hall.journal)
    assert [r.table for r in done.written] == [2]


def test_a_clash_accepted_after_the_typed_cells_are_cleared_is_written(hall, event):
    line = hall.state.draw.table(1, 1).seats[0].line
    book = FileWorkbook(event)
    book.write_cells("Preliminary", {(line, 4): 95})
    book.save()
    confirmed(hall.journal, 1, 1)
    book = FileWorkbook(event)
    import_reports(book, hall.journal).remember(hall.journal)
    (clash,) = hall.journal.reports("clash")
    book.write_cells("Preliminary", {(line, 4): None})  # the director agrees with the phone: clears the typed cell
    assert import_reports(book, hall.journal).written == ()  # a clash waits for the director
    hall.journal.accept(clash.id)
    done = import_reports(book, hall.journal)
    assert [r.id for r in done.written] == [clash.id] and vp_cells(book, line) == [90, 80, 70, 60]


def test_a_journal_made_before_seat_codes_opens_and_keeps_its_reports(tmp_path):
    import sqlite3

    path = tmp_path / "old.reports.sqlite"
    with sqlite3.connect(path) as db:  # the reports table as TourneyBook made it before seats and disputes
        db.executescript("CREATE TABLE reports (id INTEGER PRIMARY KEY AUTOINCREMENT, round INTEGER NOT NULL, tbl INTEGER "
                         "NOT NULL, vals TEXT NOT NULL, seated TEXT NOT NULL DEFAULT '[]', device TEXT NOT NULL, created REAL "
                         "NOT NULL, status TEXT NOT NULL, confirmed_by TEXT, confirmed_at REAL);"
                         "INSERT INTO reports (round, tbl, vals, device, created, status) VALUES (1, 2, '{\"VP 1\": \"9\"}', 'a', 0, 'waiting');")
    journal = Journal(path)
    (old,) = journal.reports()
    assert (old.round, old.table, old.values, old.seat) == (1, 2, {"VP 1": "9"}, "")
    assert journal.dispute(old.id, "Player 2", "it was 8").status == "disputed"
    assert [(d.seat, d.reason, d.values) for d in journal.disputes()] == [("Player 2", "it was 8", None)]


def test_an_import_lost_with_an_unsaved_workbook_is_written_again(hall, event):
    confirmed(hall.journal, 1, 2)
    unsaved = FileWorkbook(event)  # as the button writes into the open workbook, closed without saving
    import_reports(unsaved, hall.journal).remember(hall.journal)
    assert [r.status for r in hall.journal.reports()] == ["imported"]
    book = FileWorkbook(event)
    done = import_reports(book, hall.journal)
    assert [r.table for r in done.written] == [2]
    line = hall.state.draw.table(1, 2).seats[0].line
    assert vp_cells(book, line) == [90, 80, 70, 60]
    assert import_reports(book, hall.journal).lines() == []  # once in the workbook, nothing more to do
    (report,) = hall.journal.reports()
    hall.journal.reject(report.id, "cleared on purpose")
    assert import_reports(FileWorkbook(event), hall.journal).written == ()  # rejected: never written again
