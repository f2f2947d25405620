"""What is not counted yet is said (issue 29, point 8): a round partly entered is named on the Issues sheet and in
recalc's output, and :func:`tourneybook.workbook.round_progress.rounds_counted` gives the hall its 'after round 2'."""

from __future__ import annotations

import random

import openpyxl
from event_day import SHEET, enter_results, new_event, run

from tourneybook.files.filestore import FileWorkbook
from tourneybook.rules import Family
from tourneybook.workbook.event import read_event
from tourneybook.workbook.round_progress import PartRound, RoundsCounted

NAMES = [f"Player {i:02}" for i in range(20)]


def _clear_results(path, sheet: str, rnd: int, keep_tables: int) -> None:
    """Round ``rnd``'s results typed at its first ``keep_tables`` tables only, as after one report was imported."""
    from tourneybook.rules import find_ruleset
    from tourneybook.workbook.draw_rows import draw_headers, draw_sheet

    ruleset = "fwc2022" if sheet == SHEET["fwc2022"] else "carcassonne2004"
    keep = set(draw_headers(draw_sheet(find_ruleset(ruleset))))
    book = openpyxl.load_workbook(path)
    ws = book[sheet]
    headers = [c.value for c in ws[3]]
    table = headers.index("Table") + 1
    for line in range(4, ws.max_row + 1):
        if ws.cell(line, 1).value == rnd and ws.cell(line, table).value > keep_tables:
            for col, header in enumerate(headers, start=1):
                if header not in keep:
                    ws.cell(line, col).value = None
    book.save(path)


def test_a_round_partly_entered_is_named_on_the_issues_sheet_and_in_recalc(tmp_path, capsys):
    path = new_event(tmp_path, "fwc2022", NAMES)
    rng = random.Random(3)
    for rnd in (1, 2, 3):
        assert run("draw", path, "--round", rnd) == 0
        enter_results(path, "fwc2022", rnd, rng)
    _clear_results(path, SHEET["fwc2022"], 3, keep_tables=1)
    capsys.readouterr()
    assert run("recalc", path) == 0
    said = ("round 3: 1 of 5 tables entered; the standings count rounds 1-2 (a round counts once every table is "
            "entered)")
    assert f"note: {said}" in capsys.readouterr().out
    issues = [[c for c in row if c is not None] for row in openpyxl.load_workbook(path)["Issues"].iter_rows(values_only=True)]
    assert ["Note 1", said] in issues and ["No problems in the entries. Notes to read:"] in issues
    counted = read_event(FileWorkbook(path, read_only=True)).counted
    assert counted == RoundsCounted((1, 2), (PartRound(3, 1, 5),), "table", whole_rounds_only=True)
    assert counted.heading() == "after round 2" and counted.through == 2


def test_the_sentences_and_headings_of_each_kind_of_event():
    friedrich = RoundsCounted((1,), (PartRound(2, 3, 5),), "table")
    assert friedrich.sentences() == ("round 2: 3 of 5 tables entered; the standings count round 1 (a round counts "
                                     "once every table is entered)",)
    assert RoundsCounted((), (PartRound(1, 1, 4),)).sentences() == (
        "round 1: 1 of 4 tables entered; the standings count no round yet (a round counts once every table is entered)",)
    assert RoundsCounted((), (PartRound(1, 1, 4),)).heading() == ""
    boards = RoundsCounted((1, 2), (PartRound(3, 2, 3),), "board", whole_rounds_only=False)
    assert boards.sentences() == ("round 3: 2 of 3 boards entered; the standings count those 2 and rounds 1-2 whole",)
    assert boards.heading() == "after round 2 and 2 of 3 boards of round 3"
    assert RoundsCounted((1, 2, 3)).sentences() == () and RoundsCounted((1, 2, 3)).heading() == "after round 3"
    assert RoundsCounted((1, 3), (PartRound(2, 1, 2),)).through == 1


def test_carcassonne_counts_each_table_as_it_is_entered(tmp_path):
    path = new_event(tmp_path, "carcassonne2004", NAMES[:16])
    rng = random.Random(5)
    for rnd in (1, 2):
        assert run("draw", path, "--round", rnd) == 0
        enter_results(path, "carcassonne2004", rnd, rng)
    _clear_results(path, SHEET["carcassonne2004"], 2, keep_tables=2)
    event = read_event(FileWorkbook(path, read_only=True))
    assert event.ruleset.family is Family.CARCASSONNE
    assert event.counted.sentences() == ("round 2: 2 of 4 tables entered; the standings count those 2 and round 1 whole",)
