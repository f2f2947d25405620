"""Result sheets: the seed's numbers as the organiser sees them, lots, adjustments, Issues (render.py, actions/recalc.py)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from tourneybook.errors import Problem
from tourneybook.rules.carcassonne2004 import PreliminaryTable, Settings, Tournament, VpResult
from tourneybook.rules.ranking import Adjustment
from tourneybook.workbook import template
from tourneybook.actions.on_file import recalc_file
from tourneybook.workbook.render import DECIDED_LOT, SUGGESTED_LOT, issues_sheet, number_cell, sheet_name

# seed 002 "E.g.": A and B both win two games and are third once, 223 VP each (as in tests/rules).
A_GAMES = [(92, [50, 30, 21]), (43, [70, 50, 14]), (88, [60, 40, 25])]
B_GAMES = [(106, [60, 40, 25]), (34, [80, 50, 5]), (83, [70, 45, 30])]


def seed_example() -> Tournament:
    tables, players = [], ["A", "B"]
    for rnd, (a, b) in enumerate(zip(A_GAMES, B_GAMES), start=1):
        for no, (who, (vp, others)) in enumerate((("A", a), ("B", b)), start=1):
            names = [f"R{rnd}T{no}-{i}" for i in range(3)]
            players += names
            tables.append(PreliminaryTable(rnd, no, (VpResult(who, vp), *(VpResult(n, v) for n, v in zip(names, others)))))
    return Tournament(tuple(players), tuple(tables), settings=Settings(tournament="Seed 002", preliminary_rounds=3, knockout_size=0))


def three_player_example() -> Tournament:
    """Seed 002's 3-player table (131, 87, 76) beside a table of four."""
    tables = (
        PreliminaryTable(1, 1, tuple(VpResult(p, v) for p, v in (("D", 90), ("E", 80), ("F", 70), ("G", 60)))),
        PreliminaryTable(1, 2, (VpResult("A", 131), VpResult("B", 87), VpResult("C", 76))),
    )
    return Tournament(tuple("ABCDEFG"), tables, settings=Settings(tournament="Three", knockout_size=0))


def recalculated(tmp_path: Path, layout, t: Tournament, edit=None) -> openpyxl.Workbook:
    path = template.write(tmp_path / "event.xlsx", layout, settings=t.settings, rows=layout.to_rows(t))
    if edit:
        wb = openpyxl.load_workbook(path)
        edit(wb)
        wb.save(path)
    report = recalc_file(path)
    assert report.ok, report.problems
    return openpyxl.load_workbook(path)


def standings_rows(wb: openpyxl.Workbook) -> dict[str, dict]:
    ws = wb["Standings"]
    headers = [c.value for c in ws[4]]
    return {row[1]: dict(zip(headers, row)) for row in ws.iter_rows(min_row=5, values_only=True) if row[1]}


@pytest.mark.parametrize(
    "player, rank, points, vp, percentage, decided_by",
    [
        ("A", 1, 12, 223, 113.28, None),  # RULES.md: exactly 113.28 (the seed's 113.27 adds rounded figures)
        ("B", 2, 12, 223, 102.41, "percentage sum"),  # seed 002: "Therefore player A is ranked higher than player B"
    ],
)
def test_seed_percentage_example_in_the_standings_sheet(tmp_path, carcassonne_layout, player, rank, points, vp, percentage, decided_by):
    rows = standings_rows(recalculated(tmp_path, carcassonne_layout, seed_example()))
    row = rows[player]
    assert (row["Rank"], row["ranking points"], row["VP sum (3-player x 3/4)"]) == (rank, points, vp)
    assert row["percentage sum"] == percentage
    assert row["Decided by"] == decided_by


@pytest.mark.parametrize(
    "player, points, adjusted_vp, percentage",
    [
        ("A", 5, 98.25, 33.42),  # RULES.md: 100 x 131 / 392 = 33.42 (the seed divides by 394)
        ("B", 3, 65.25, 22.19),
        ("C", 1, 57, 19.39),
    ],
)
def test_seed_three_player_table_in_the_games_sheet(tmp_path, carcassonne_layout, player, points, adjusted_vp, percentage):
    ws = recalculated(tmp_path, carcassonne_layout, three_player_example())["Games"]
    headers = [c.value for c in ws[4]]
    row = next(dict(zip(headers, r)) for r in ws.iter_rows(min_row=5, values_only=True) if r[1] == player)
    assert (row["Game"], row["Points"], row["adjusted VP"], row["percentage"]) == ("R1 T2", points, adjusted_vp, percentage)
    column = ws.iter_cols(min_col=headers.index("percentage") + 1, max_col=headers.index("percentage") + 1)
    cell = next(c for c in next(column) if c.value == percentage)
    assert cell.number_format == "0.00"


def test_an_unresolved_lot_is_flagged_and_a_decided_one_is_shown(tmp_path, carcassonne_layout):
    """RULES.md "Everywhere": never guess a lot silently; take the decision from the workbook."""
    tie = Tournament(
        tuple("ABCD"),
        (PreliminaryTable(1, 1, tuple(VpResult(p, 50) for p in "ABCD")),),
        settings=Settings(tournament="Tie", knockout_size=0, preliminary_rounds=1),  # the last round: a lot is due
    )
    rows = standings_rows(recalculated(tmp_path, carcassonne_layout, tie))
    assert {r["Lot"] for r in rows.values()} == {SUGGESTED_LOT}
    assert SUGGESTED_LOT == "suggested lot: enter decisions in Players!F"
    issues = recalculated(tmp_path, carcassonne_layout, tie)["Issues"]
    notes = [r[1] for r in issues.iter_rows(min_row=6, values_only=True) if r[0] and str(r[0]).startswith("Note")]
    # one note, in the one wording of every ruleset, naming the players in the suggested order and the cell to type in
    assert notes == ["lot needed: C, A, B, D are still tied; the suggested order is shown until the organiser's lot is "
                     "entered in Players!F"]

    def decide(wb):
        for line, lot in zip(range(4, 8), (4, 3, 2, 1)):
            wb["Players"][f"F{line}"] = lot

    wb = recalculated(tmp_path, carcassonne_layout, tie, decide)
    rows = standings_rows(wb)
    assert [rows[p]["Rank"] for p in "DCBA"] == [1, 2, 3, 4]
    assert {r["Lot"] for r in rows.values()} == {DECIDED_LOT}
    assert [r[0] for r in wb["Issues"].iter_rows(min_row=4, values_only=True)][0] == "No issues"  # the lot is decided


def test_before_the_last_round_a_tie_shares_its_place_with_a_quiet_note_and_asks_for_no_lot(tmp_path, carcassonne_layout):
    """Issue 21: a lot decides nothing until the last qualifying round (the knock-out's seeding, the prizes)."""
    tie = Tournament(
        tuple("ABCD"),
        (PreliminaryTable(1, 1, tuple(VpResult(p, 50) for p in "ABCD")),),
        settings=Settings(tournament="Tie", knockout_size=0, preliminary_rounds=4),
    )
    wb = recalculated(tmp_path, carcassonne_layout, tie)
    rows = standings_rows(wb)
    assert [(rows[p]["Rank"], rows[p]["Decided by"], rows[p].get("Lot")) for p in "ABCD"] == [
        (1, None, None), (1, "tied on every criterion", None), (1, "tied on every criterion", None), (1, "tied on every criterion", None)]
    notes = {r[1].value: r[1] for r in wb["Issues"].iter_rows(min_row=6) if r[0].value and str(r[0].value).startswith("Note")}
    shared = "A, B, C, D are tied on every criterion and share place 1: a lot decides their order only after the last qualifying round, if it still matters then"
    assert shared in notes
    assert notes[shared].font.color.rgb != "FF9C0006" and notes[shared].fill.fgColor.rgb != "FFFFC7CE"  # quiet, not alarm red
    assert not any("lot" in n and "enter" in n for n in notes)


def test_adjustments_are_shown_with_their_reason(tmp_path, carcassonne_layout):
    t = three_player_example()
    t = Tournament(t.players, t.tables, settings=t.settings, adjustments=(Adjustment("A", Fraction(-5, 2), "late for round 1"),))
    row = standings_rows(recalculated(tmp_path, carcassonne_layout, t))["A"]
    assert (row["ranking points"], row["Adjustment"], row["Reason"]) == (2.5, -2.5, "late for round 1")


def test_standings_has_a_bar_chart_of_points(tmp_path, carcassonne_layout):
    ws = recalculated(tmp_path, carcassonne_layout, three_player_example())["Standings"]
    assert len(ws._charts) == 1


@pytest.mark.parametrize(
    "value, written",
    [
        (Fraction(8, 3), Fraction(267, 100)),  # RULES.md: 2 x 4/3 is 2.67 on screen, 8/3 inside
        (Fraction(107, 40), Fraction(268, 100)),  # 2.675 half up is 2.68 (a float 2.675 would show 2.67 in Python)
        (Fraction(1, 8), Fraction(13, 100)),  # 0.125 -> 0.13, half up
        (Fraction(12), 12),  # whole numbers are written whole, shown 12.00 like their column
    ],
)
def test_numbers_are_written_as_their_half_up_display(value, written):
    cell = number_cell(value)
    assert cell.value == written
    assert cell.number_format == "0.00"


def test_issues_sheet_lists_problems_with_their_cells():
    sheet = issues_sheet([Problem('"abc" is not a whole number', sheet="Preliminary", cell="D7"), Problem("unknown", where="R2 T3")])
    values = [[c.value for c in row] for row in sheet.rows]
    assert values[3][0].startswith("2 problem(s) to fix. The result sheets were NOT updated")
    assert values[5:] == [["Preliminary!D7", '"abc" is not a whole number'], ["R2 T3", "unknown"]]


@pytest.mark.parametrize("title, name", [("Knock-out", "Knock-out"), ("Best power: Russia/Turkey [R1]", "Best power  Russia Turkey  R1"), ("x" * 40, "x" * 31)])
def test_sheet_names_are_valid(title, name):
    assert sheet_name(title) == name


def test_a_long_note_on_the_issues_sheet_gets_the_rows_it_wraps_onto():
    # LibreOffice keeps a row's default height: a note wrapped onto two lines printed over the next note
    from tourneybook.workbook.render import issues_sheet

    long = "lot needed: Anna Costa, Bruno Duval, Emma Berg, Xenia Garcia are still tied; the suggested order is shown"
    sheet = issues_sheet((), [long, "short"])
    rows = {i: row for i, row in enumerate(sheet.rows, start=1)}
    long_row = next(i for i, row in rows.items() if len(row) > 1 and row[1].value == long)
    assert dict(sheet.row_heights) == {long_row: 30.0}  # two lines of 15 pt in the 80-character column


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "workbooks").glob("*-example.xlsx"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_chart_series_has_its_own_colour_without_a_theme(tmp_path, example):
    """Issue 36, 3: a workbook LibreOffice saved has no theme part; a series coloured from the theme is drawn empty
    there. Every ruleset's charts name each series' colour (bars: fill and edge; lines: the line) outright."""
    import shutil
    import zipfile

    from lxml import etree

    workbook = tmp_path / example.name
    shutil.copy(example, workbook)
    assert recalc_file(workbook).ok
    a = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
    with zipfile.ZipFile(workbook) as package:
        charts = [etree.fromstring(package.read(n)) for n in package.namelist() if n.startswith("xl/charts/chart")]
    assert charts
    for chart in charts:
        assert not chart.findall(f".//{a}schemeClr")
        for ser in chart.iter("{*}ser"):
            look = ser.find("{*}spPr")
            bar = chart.find(".//{*}barChart") is not None
            colour = look.find(f"{a}solidFill/{a}srgbClr" if bar else f"{a}ln/{a}solidFill/{a}srgbClr")
            assert colour is not None and len(colour.get("val")) == 6, etree.tostring(ser)[:300]
