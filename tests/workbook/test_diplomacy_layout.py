"""The Diplomacy workbooks (layouts/codcon2008.py, italia2010.py): typed as an organiser types, scored as the seeds say."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from tourneybook.forms import round_forms
from tourneybook.office import convert_all
from tourneybook.rules import STARTED_AS_THEMSELVES, Family, find_ruleset
from tourneybook.rules.ranking import Adjustment
from tourneybook.simulate import simulate
from tourneybook.workbook import template
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.layouts import find_layout
from tourneybook.workbook.layouts.diplomacy import YEARS
from tourneybook.actions.on_file import recalc_file
from tourneybook.workbook.event import read_event

ROOT = Path(__file__).resolve().parents[2]
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
FIRST = 4  # first entry row of every entry sheet

# Seed 003, VII.4: (centres, eliminated in, points) per power, AEFGIRT.
CODCON_EXAMPLES = {
    "a": [(0, 1904, 4), (12, None, 156), (3, None, 42), (6, None, 72), (9, None, 102), (0, 1908, 8), (4, None, 52)],
    "b": [(17, None, 219), (0, 1911, 11), (1, None, 25), (12, None, 135), (0, 1906, 6), (4, None, 55), (0, 1905, 5)],
    "c": [(18, None, 450), (3, None, 15), (4, None, 20), (0, 1908, 8), (0, 1905, 5), (9, None, 45), (0, 1904, 4)],
}

# Seed 004 2.4.1: "18 centers with 4 players with 3 centers or more = 445,9" (examples/italia2010/solo.json).
# Italy's row stops after its 0, as a paper sheet does.
ITALIA_SOLO = [
    ("Alice", [5, 7, 9, 11, 13, 15, 18], 445.9),
    ("Ben", [4, 5, 5, 4, 4, 3, 3], 1),
    ("Chloe", [5, 5, 6, 5, 5, 5, 4], 1),
    ("Dmitri", [5, 5, 5, 6, 6, 6, 5], 1),
    ("Elena", [4, 3, 2, 1, 0], 1),
    ("Farid", [5, 4, 3, 3, 2, 2, 2], 1),
    ("Greta", [4, 4, 4, 4, 3, 3, 2], 1),
]
# Seed 004 3.2: A and B on 9 in 1907; A had 9 in 1906, B 8, so A is first (70) and B second (34 + 10 no break).
# TSS: six powers on 3+ = 50 %. A: (36 + 70) x 1.5 + 1 = 160; B: (36 + 34 + 10) x 1.5 + 1 = 121; Germany third:
# (20 + 16 + 10) x 1.5 + 1 = 70. A 1902 count of 11 for A makes that year 38 centres.
ITALIA_TIE = [
    ("A", [4, 5, 6, 7, 8, 9, 9], 160),
    ("Ben", [4, 4, 5, 5, 5, 4, 4], None),
    ("B", [5, 6, 6, 7, 8, 8, 9], 121),
    ("Dmitri", [4, 4, 4, 5, 5, 5, 5], 70),
    ("Elena", [3, 2, 1, 1, 0, 0, 0], 1),
    ("Farid", [6, 6, 5, 4, 4, 4, 4], None),
    ("Greta", [4, 5, 5, 4, 3, 3, 3], None),
]


def layout_of(ruleset_id: str):
    return find_layout(ruleset_id)


def type_players(wb: openpyxl.Workbook, names: list[str]) -> None:
    for i, name in enumerate(names):
        wb["Players"].cell(FIRST + i, 1, name)


def codcon_typed(path: Path) -> Path:
    """Seed 003's examples a, b, c as boards R1 B1-B3, typed cell by cell (only Centres and Eliminated in)."""
    template.write(path, layout_of("codcon2008"))
    wb = openpyxl.load_workbook(path)
    names = [f"{example}-{power}" for example in CODCON_EXAMPLES for power in POWERS]
    type_players(wb, names)
    ws = wb["Boards"]
    line = FIRST
    for board, (example, rows) in enumerate(CODCON_EXAMPLES.items(), start=1):
        for power, (centres, eliminated, _) in zip(POWERS, rows):
            for col, value in enumerate((1, board, power, f"{example}-{power}", centres, eliminated), start=1):
                ws.cell(line, col, value)
            line += 1
    wb.save(path)
    return path


def italia_typed(path: Path) -> Path:
    """The solo (R1 B1) and the tie example (R2 B1) typed from their centre-count sheets."""
    template.write(path, layout_of("italia2010"))
    wb = openpyxl.load_workbook(path)
    type_players(wb, sorted({n for n, _, _ in ITALIA_SOLO + ITALIA_TIE}))
    ws = wb["Boards"]
    line = FIRST
    for rnd, board in ((1, ITALIA_SOLO), (2, ITALIA_TIE)):
        for power, (player, counts, _) in zip(POWERS, board):
            for col, value in enumerate((rnd, 1, power, player, *counts), start=1):
                ws.cell(line, col, value)
            line += 1
    wb.save(path)
    return path


def sheet_rows(path: Path, sheet: str) -> list[tuple]:
    ws = openpyxl.load_workbook(path, data_only=True)[sheet]
    return [r for r in ws.iter_rows(min_row=5, values_only=True) if any(v is not None for v in r)]


def test_codcon_examples_typed_in_score_as_the_seed(tmp_path: Path):
    path = codcon_typed(tmp_path / "codcon.xlsx")
    report = recalc_file(path)
    assert report.ok, report.problems
    points = {(game, player): pts for game, player, _, pts, *_ in sheet_rows(path, "Games")}
    for board, (example, rows) in enumerate(CODCON_EXAMPLES.items(), start=1):
        for power, (_, _, expected) in zip(POWERS, rows):
            assert points[(f"R1 B{board}", f"{example}-{power}")] == expected, (example, power)
    standings = sheet_rows(path, "Standings")
    assert standings[0][:3] == (1, "c-Austria", 450)  # 003 VII: the solo's 450 is the best single game


@pytest.mark.parametrize(
    "board, rows",
    [pytest.param("R1 B1", ITALIA_SOLO, id="004 2.4.1 solo: 445.9"), pytest.param("R2 B1", ITALIA_TIE, id="004 3.2 tie: A 160, B 121")],
)
def test_italia_examples_typed_in_score_as_the_seed(tmp_path: Path, board, rows):
    path = italia_typed(tmp_path / "italia.xlsx")
    report = recalc_file(path)
    assert report.ok, report.problems
    points = {(game, player): pts for game, player, _, pts, *_ in sheet_rows(path, "Games")}
    for player, _, expected in rows:
        if expected is not None:
            assert points[(board, player)] == pytest.approx(expected, abs=1e-9), player
    assert report.result.games[1].of("A").part("position") == 1 and report.result.games[1].of("B").part("position") == 2


def test_drawn_boards_without_results_are_a_partial_tournament(tmp_path: Path):
    path = codcon_typed(tmp_path / "codcon.xlsx")
    wb = openpyxl.load_workbook(path)
    ws = wb["Boards"]
    for i, power in enumerate(POWERS):  # round 2 drawn, not played: only players
        for col, value in enumerate((2, 1, power, f"a-{POWERS[(i + 1) % 7]}"), start=1):
            ws.cell(FIRST + 21 + i, col, value)
    wb.save(path)
    report = recalc_file(path)
    assert report.ok, report.problems
    assert [g.game for g in report.result.games] == ["R1 B1", "R1 B2", "R1 B3"]
    assert [f.players[0] for f in round_forms(FileWorkbook(path), 2)] == ["a-England"]  # forms read the drawn block


def with_extras_codcon(t):
    return dataclasses.replace(t, adjustments=(Adjustment(t.players[3].name, Fraction(-5), "late orders after a warning"),),
                               lot_decisions=((t.players[0].name, 1), (t.players[1].name, 2)))


def example_record(ruleset_id: str):
    record = find_ruleset(ruleset_id).tournament_from_dict(json.loads((ROOT / "examples" / ruleset_id / "tournament.json").read_text()))
    # The workbook has no 'last year' cell for a board without its year columns: the years say it when typed.
    return dataclasses.replace(record, games=tuple(sorted((dataclasses.replace(g, last_year=None) for g in record.games),
                                                          key=lambda b: (b.round, b.board))))


@pytest.mark.parametrize(
    "ruleset_id, made",
    [  # made in the test, not as the module is collected (a run of other tests waited for the simulations)
        pytest.param("codcon2008", lambda: simulate("codcon2008", 26, 1), id="CODCon simulated, 26 players, double boards"),
        pytest.param("codcon2008", lambda: with_extras_codcon(simulate("codcon2008", 14, 2)),
                     id="CODCon with an adjustment and lots"),
        pytest.param("codcon2008", lambda: example_record("codcon2008"), id="examples/codcon2008/tournament.json"),
        pytest.param("italia2010", lambda: simulate("italia2010", 30, 1),
                     id="Italia simulated, 30 players, sit-outs, top board"),
        pytest.param("italia2010", lambda: example_record("italia2010"),
                     id="examples/italia2010/tournament.json, round 3 of 8 years"),
    ],
)
def test_what_to_rows_writes_reads_back_as_the_same_record(tmp_path: Path, ruleset_id, made):
    record = made()
    layout = layout_of(ruleset_id)
    path = template.write(tmp_path / "e.xlsx", layout, tournament=record.name, settings=record.settings, rows=layout.to_rows(record))
    assert read_event(FileWorkbook(path)).record == record


def _set(wb, sheet: str, cell: str, value) -> None:
    wb[sheet][cell] = value


CODCON_BAD = [
    # (id, edits, expected (cell, words) pairs); rows 4-10 are R1 B1 = example a, AEFGIRT.
    ("003/RULES.md: centres add up to at most 34", [("Boards", "E5", 13)], [("Boards!E4:E10", "add up to 35")]),
    ("a survivor has no elimination year", [("Boards", "F6", 1905)], [("Boards!F6", "survives with 3 centres")]),
    ("an eliminated power needs its year (003 VII: 19n scores n)", [("Boards", "F4", None)],
     [("Boards!F4", "no elimination year")]),
    ("a player twice on one board", [("Boards", "D10", "a-Austria")], [("Boards!D10", "already plays Austria")]),
    ("an unknown player", [("Boards", "D5", "Nobody Known")], [("Boards!D5", "not on the Players sheet")]),
    ("year columns: a gap, and a row counted shorter than its board",
     [("Boards", "G5", 4), ("Boards", "I5", 12)], [("Boards!H5", "count of 1902 is missing")]),
    ("optional years, when typed, end on the centres and bound the eliminations", [("Boards", f"G{r}", 3) for r in range(4, 11)],
     [("Boards!F4", "after the game's last year 1901"), ("Boards!G5", "ends with 3 in 1901 but final centres are 12")]),
    ("a player on a third board in one round (003 II.2: at most two)",
     [("Boards", "D11", "a-Austria"), ("Boards", "D18", "a-Austria")], [("Boards!D18", "third board in round 1")]),
    ("a power twice on a board", [("Boards", "C5", "Austria")], [("Boards!C5", "Austria is already on row 4")]),
]


@pytest.mark.parametrize("edits, expected", [pytest.param(e, x, id=i) for i, e, x in CODCON_BAD])
def test_codcon_bad_inputs_at_their_cells_file_untouched(tmp_path: Path, edits, expected):
    path = codcon_typed(tmp_path / "codcon.xlsx")
    check_bad(path, edits, expected)


ITALIA_BAD = [
    # rows 4-10 = R1 B1 (the solo), 11-17 = R2 B1 (the tie); E = 1901, F = 1902 ... K = 1907, T = Eliminated in.
    ("004 3.2: every year is needed, a gap is not", [("Boards", "G5", None)], [("Boards!G5", "count of 1903 is missing")]),
    ("a year's centres add up to at most 34", [("Boards", "F11", 11)], [("Boards!F11:F17", "1902: centres add up to 38")]),
    ("004 3.1: a game cannot run past its round's years",
     [("Rounds", "A4", 2), ("Rounds", "B4", 6)], [("Boards!K11:K17", "runs to 1907, but round 2 games end in 1906")]),
    ("004 section 4: one top board", [("Rounds", "A4", 1), ("Rounds", "C4", 1), ("Rounds", "A5", 2), ("Rounds", "C5", 1)],
     [("Rounds!C5", "one top board")]),
    ("the top board must be a board of its round", [("Rounds", "A4", 1), ("Rounds", "C4", 2)], [("Rounds!C4", "has no board 2")]),
    ("004 section 6: who plays does not sit out", [("Sit-outs", "A4", 1), ("Sit-outs", "B4", "Ben")],
     [("Sit-outs!B4", "plays board R1 B1")]),
    ("Italia has no stand-ins", [("Players", "C4", "yes")], [("Players!C4", "has none")]),
    ("an elimination year the count contradicts", [("Boards", "T8", 1906)], [("Boards!T8", "elimination year 1906 but")]),
]


@pytest.mark.parametrize("edits, expected", [pytest.param(e, x, id=i) for i, e, x in ITALIA_BAD])
def test_italia_bad_inputs_at_their_cells_file_untouched(tmp_path: Path, edits, expected):
    path = italia_typed(tmp_path / "italia.xlsx")
    check_bad(path, edits, expected)


def check_bad(path: Path, edits, expected) -> None:
    wb = openpyxl.load_workbook(path)
    for sheet, cell, value in edits:
        _set(wb, sheet, cell, value)
    wb.save(path)
    before = path.read_bytes()
    report = recalc_file(path)
    assert not report.ok
    found = [(f"{p.sheet}!{p.cell}", p.message) for p in report.problems]
    for cell, words in expected:
        assert any(c == cell and words in m for c, m in found), (cell, words, found)
    assert path.read_bytes() == before


DIPLOMACY_EXAMPLES = [r.id for r in STARTED_AS_THEMSELVES if r.family is Family.DIPLOMACY]


@pytest.fixture(scope="module")
def examples_recalculated(soffice, tmp_path_factory) -> dict[str, tuple[Path, bool, Path]]:
    """Each Diplomacy example's ruleset -> its copy recalculated, whether recalc accepted it, and the copy as
    LibreOffice saved it: all converted in one start of LibreOffice (a start per example was most of each test)."""
    folder = tmp_path_factory.mktemp("examples")
    copies, accepted = [], []
    for ruleset_id in DIPLOMACY_EXAMPLES:
        example = ROOT / "workbooks" / f"{ruleset_id}-example.xlsx"
        copies.append(folder / example.name)
        copies[-1].write_bytes(example.read_bytes())
        accepted.append(recalc_file(copies[-1]).ok)
    converted = convert_all(copies, "xlsx", folder / "lo")
    return dict(zip(DIPLOMACY_EXAMPLES, zip(copies, accepted, converted)))


@pytest.mark.libreoffice
@pytest.mark.parametrize("ruleset_id", DIPLOMACY_EXAMPLES)
def test_libreoffice_opens_the_shipped_examples_and_reads_back_the_same(examples_recalculated, ruleset_id):
    copy, accepted, converted = examples_recalculated[ruleset_id]
    assert accepted
    for sheet in ("Boards", "Players", "Standings", "Games"):
        assert sheet_rows(converted, sheet) == sheet_rows(copy, sheet), sheet
    top = sheet_rows(converted, "Standings")[0]
    assert top[0] == 1 and isinstance(top[1], str) and top[2] > 0


def test_the_year_columns_cover_the_printed_sheet():
    # forms/diplomacy.py prints 1901.. for the round's years (default 7); the sheet holds 15.
    assert YEARS[0] == "1901" and YEARS[-1] == "1915"
