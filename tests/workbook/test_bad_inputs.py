"""A catalogue of organisers' mistakes: each gives its cell-addressed message, and the file stays byte-identical.

The base workbook is the small Carcassonne event of conftest.py; each row edits
it as an organiser might (with openpyxl, saved as a spreadsheet program would)
and names the place and words of the expected problem.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main
from tourneybook.rules import RULESET_IDS
from tourneybook.actions.on_file import recalc_file

Edit = Callable[[openpyxl.Workbook], None]


def put(sheet: str, **cells) -> Edit:
    def edit(wb: openpyxl.Workbook) -> None:
        for ref, value in cells.items():
            wb[sheet][ref] = value

    return edit


def both(*edits: Edit) -> Edit:
    def edit(wb: openpyxl.Workbook) -> None:
        for e in edits:
            e(wb)

    return edit


def delete_sheet(name: str) -> Edit:
    return lambda wb: wb.remove(wb[name])


def rename_sheet(name: str, new: str) -> Edit:
    def edit(wb: openpyxl.Workbook) -> None:
        wb[name].title = new

    return edit


def merge(sheet: str, ref: str) -> Edit:
    return lambda wb: wb[sheet].merge_cells(ref)


def insert_row_on_top(sheet: str) -> Edit:
    def edit(wb: openpyxl.Workbook) -> None:
        ws = wb[sheet]
        for table in list(ws.tables):
            del ws.tables[table]  # openpyxl does not move tables; the organiser's program would
        ws.insert_rows(1)

    return edit


def swap_headers(sheet: str, a: str, b: str) -> Edit:
    def edit(wb: openpyxl.Workbook) -> None:
        ws = wb[sheet]
        for table in list(ws.tables):
            del ws.tables[table]
        ws[a].value, ws[b].value = ws[b].value, ws[a].value

    return edit


def retitle(sheet: str, ref: str, header: str) -> Edit:
    def edit(wb: openpyxl.Workbook) -> None:
        ws = wb[sheet]
        for table in list(ws.tables):
            del ws.tables[table]
        ws[ref] = header

    return edit


P, S, PL, A, K = "Preliminary", "Settings", "Players", "Adjustments", "Knock-out matches"

CATALOGUE: list[tuple[str, Edit, str, str]] = [
    # (what the organiser did, the edit, where the problem is, words of the message)
    ("typo in a player's name", put(P, C4="Ana Berg"), "Preliminary!C4", 'did you mean "Anna Berg"'),
    ("name not on Players at all", put(P, C4="Zed Zulu"), "Preliminary!C4", '"Zed Zulu" is not on the Players sheet; add them'),
    ("duplicate player on Players", put(PL, A12="Chiara Dini"), "Players!A12", '"Chiara Dini" is already on row 6'),
    ("duplicate differing only in case", put(PL, A12="chiara  DINI"), "Players!A12", "is already on row 6"),
    ("a player twice in one round", put(P, C5="Anna Berg"), "Preliminary!C5", "Anna Berg already plays in round 1 at table 1 (row 4)"),
    ("a player twice at one table", put(P, E4="Anna Berg"), "Preliminary!E4", "Anna Berg is seated twice at this table"),
    ("text in a VP cell", put(P, D4="abc"), "Preliminary!D4", '"abc" is not a whole number'),
    ("a fraction in a VP cell", put(P, D4=7.5), "Preliminary!D4", "7.5 is not a whole number"),
    ("negative VP", put(P, D4=-3), "Preliminary!D4", "-3 is negative; VP 1 cannot be below 0"),
    ("VP missing for a seated player", put(P, D4=None), "Preliminary!D4", "Anna Berg's victory points are missing"),
    ("VP without a player", put(P, C4=None), "Preliminary!C4", "VP 92 without a player"),
    ("round number missing", put(P, A4=None), "Preliminary!A4", "Round is missing (the row has other entries)"),
    ("round 0", put(P, A4=0), "Preliminary!A4", "below the smallest allowed Round, 1"),
    ("round beyond the preliminary", put(P, A7=5), "Preliminary!A7", "the preliminary has 4 rounds"),
    ("the same table entered twice", put(P, B5=1), "Preliminary!B5", "round 1 table 1 is already entered on row 4"),
    ("a table with two players", put(P, G4=None, H4=None, I4=None, J4=None), "Preliminary!C4", "2 player(s) at this table"),
    ("Excel error in a VP cell", put(P, D4="#DIV/0!"), "Preliminary!D4", "the cell shows the error #DIV/0!"),
    ("a formula never calculated", put(P, D4="=50+2"), "Preliminary!D4", "is a formula with no stored result"),
    ("the Preliminary sheet deleted", delete_sheet(P), "Preliminary", "the sheet 'Preliminary' is missing (copy it"),
    ("the Preliminary sheet renamed", rename_sheet(P, "Preliminari"), "Preliminary", 'is "Preliminari" it, renamed?'),
    ("a renamed header", retitle(P, "D3", "Score"), "Preliminary!D3", 'should be "VP 1", not "Score"'),
    ("two columns swapped", swap_headers(P, "C3", "D3"), "Preliminary!C3", 'the column "Player 1" belongs in C3 but was moved to D3'),
    ("a row inserted above the headers", insert_row_on_top(P), "Preliminary!A4", "the column headers are in row 4, not row 3"),
    ("merged cells in the entry area", merge(P, "C4:D4"), "Preliminary!C4", "merged cells C4:D4 in the entry area"),
    ("the Settings sheet deleted", delete_sheet(S), "Settings", "the sheet 'Settings' is missing"),
    ("no ruleset given", put(S, B4=None), "Settings!B4", "no ruleset given"),
    ("an unknown ruleset id", put(S, B4="carcassonne2005"), "Settings!B4", "unknown ruleset 'carcassonne2005'"),
    ("a setting that is not a number", put(S, B6="four"), "Settings!B6", 'Preliminary rounds: "four" is not a whole number'),
    ("a misspelt setting label", put(S, A8="Most 3-player table per round"), "Settings!A8", 'did you mean "Most 3-player tables per round"'),
    ("an impossible knock-out size", put(S, B7=12), "Settings!B7", "Knock-out size: knock-out size must be 16, 8, 4, 2 or 0"),
    ("more 3-player tables than allowed", both(put(S, B8=0), put(P, I5=None, J5=None)), "Preliminary!A4", "round 1: 1 tables of 3; at most 0"),
    ("an adjustment for an unknown player", put(A, A4="Nobody", B4=-1, C4="late"), "Adjustments!A4", '"Nobody" is not on the Players sheet'),
    ("an adjustment without a reason", put(A, A4="Gus Hart", B4=-1), "Adjustments!C4", "Reason is missing"),
    ("adjustment points in words", put(A, A4="Gus Hart", B4="minus one", C4="late"), "Adjustments!B4", '"minus one" is not a number'),
    ("adjustment points from a formula's float", put(A, A4="Gus Hart", B4=2 / 3, C4="x"), "Adjustments!B4", "is not a short decimal"),
    ("a lot decision of 0", put(PL, F4=0), "Players!F4", "below the smallest allowed Lot decision, 1"),
    ("a stand-in flag that is not yes/no", put(PL, C4="maybe"), "Players!C4", '"maybe" is not yes or no'),
    ("a stand-in in Carcassonne", put(PL, C4="yes"), "Players!C4", "Anna Berg is marked as a stand-in"),
    ("a negative distance", put(PL, D4=-5), "Players!D4", "is negative"),
    ("an unknown knock-out stage", put(K, A4="X1", B4="Anna Berg", C4="Hana Ito"), "Knock-out matches!A4", '"X1" is not one of: S1'),
    ("a knock-out player against themselves", put(K, A4="S1", B4="Anna Berg", C4="Anna Berg"), "Knock-out matches!C4", "cannot play against themselves"),
    ("a knock-out before the preliminary ends", put(K, A4="S1", B4="Anna Berg", C4="Hana Ito"), "Knock-out matches", "before the preliminary is complete"),
    ("a clock loss by someone else", put(K, A4="S1", B4="Anna Berg", C4="Hana Ito", D4=80, E4=70, F4="Gus Hart"), "Knock-out matches!F4", "Gus Hart does not play this match"),
    ("game 3 without game 2", put(K, A4="S1", B4="Anna Berg", C4="Hana Ito", D4=80, E4=70, J4=60, K4=50), "Knock-out matches!J4", "game 3 is entered but game 2 is not"),
]


def edited(path: Path, edit: Edit) -> bytes:
    wb = openpyxl.load_workbook(path)
    edit(wb)
    wb.save(path)
    return path.read_bytes()


@pytest.mark.parametrize("what, edit, place, words", CATALOGUE, ids=[c[0] for c in CATALOGUE])
def test_bad_input_is_reported_at_its_cell_and_the_file_is_untouched(event_file: Path, what, edit, place, words):
    before = edited(event_file, edit)
    report = recalc_file(event_file)
    assert not report.ok and report.result is None
    shown = [str(p) for p in report.problems]
    assert any(s.startswith(place + ":") and words in s for s in shown), shown
    assert event_file.read_bytes() == before


def test_the_catalogue_is_broad():
    assert len(CATALOGUE) >= 30


def test_every_problem_is_reported_at_once(event_file: Path):
    """Three mistakes on three sheets: all three come back from one run."""
    edited(event_file, both(put(P, D4="abc"), put(PL, F5=0), put(A, A4="Gus Hart", B4=-1)))
    places = sorted(f"{p.sheet}!{p.cell}" for p in recalc_file(event_file).problems)
    assert places == ["Adjustments!C4", "Players!F5", "Preliminary!D4"]


def test_cli_prints_every_problem_and_exits_2(event_file: Path, capsys):
    before = edited(event_file, put(P, D4="abc", F5=-1))
    assert main(["recalc", str(event_file)]) == 1
    err = capsys.readouterr().err
    assert 'Preliminary!D4: "abc" is not a whole number' in err
    assert "Preliminary!F5: -1 is negative" in err
    assert "the file is unchanged" in err
    assert event_file.read_bytes() == before


def test_a_file_that_is_not_a_workbook(tmp_path: Path):
    path = tmp_path / "event.xlsx"
    path.write_text("not a workbook")
    report = recalc_file(path)
    assert "cannot be opened as an Excel workbook" in str(report.problems[0])
    assert path.read_text() == "not a workbook"


def test_a_missing_file(tmp_path: Path):
    assert "no such workbook" in str(recalc_file(tmp_path / "nothing.xlsx").problems[0])


@pytest.mark.parametrize("ruleset", sorted(RULESET_IDS))
def test_a_refused_value_is_told_what_is_wrong_not_the_cells_help(tmp_path, ruleset):
    """Issue 36, 8: the box Excel or Calc shows for a value a column's check refuses says what is wrong with it
    ('not a whole number from 0 to 23'), where it used to repeat the cell's help; the help stays the input message."""
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "".join(f"P{i}\n" for i in range(28)), encoding="utf-8")
    workbook = tmp_path / "event.xlsx"
    assert main(["new", ruleset, "--players", str(players), "--out", str(workbook)]) == 0
    book = openpyxl.load_workbook(workbook)
    checked = 0
    for sheet in book.worksheets:
        for dv in sheet.data_validations.dataValidation:
            if not dv.showErrorMessage or dv.type is None:
                continue
            checked += 1
            assert dv.error and dv.error != dv.prompt and dv.error.startswith(("This is not", "Only yes or no",
                                                                               "Pick one")), (sheet.title, dv.error)
            if dv.type == "whole" and dv.operator == "between" and abs(int(dv.formula2)) < 10**9:
                assert f"from {dv.formula1} to {dv.formula2}" in dv.error, dv.error
    assert checked > 3
