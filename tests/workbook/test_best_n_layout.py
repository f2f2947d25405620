"""The workbooks of Sum of Squares, Draw Size Scoring, C-Diplo 100 and OpenTribute (layouts/best_n.py): typed as an
organiser types.

The boards are the hand-worked examples (examples/<id>/, docs/formats/diplomacy.md). Draw Size Scoring's
In draw column (G, after Eliminated in) records a draw that left survivors out.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import openpyxl
import pytest

from tourneybook.rules import find_ruleset
from tourneybook.rules.best_n import Entrant
from tourneybook.simulate import simulate
from tourneybook.workbook import template
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.layouts import find_layout
from tourneybook.actions.on_file import recalc_file
from tourneybook.workbook.event import read_event

ROOT = Path(__file__).resolve().parents[2]
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Fe", "Gu")
TIE = ((0, 1905), (5, None), (9, None), (9, None), (4, None), (3, None), (4, None))
FIRST = 4


def typed(path: Path, ruleset_id: str, in_draw: dict[str, str] | None = None) -> Path:
    """The tie board as R1 B1, typed cell by cell: Centres (E), Eliminated in (F), and In draw (G) for dss."""
    template.write(path, find_layout(ruleset_id))
    wb = openpyxl.load_workbook(path)
    for i, name in enumerate(PLAYERS):
        wb["Players"].cell(FIRST + i, 1, name)
    ws = wb["Boards"]
    for i, (power, player, (centres, eliminated)) in enumerate(zip(POWERS, PLAYERS, TIE)):
        for col, value in enumerate((1, 1, power, player, centres, eliminated), start=1):
            ws.cell(FIRST + i, col, value)
        if in_draw and power in in_draw:
            ws.cell(FIRST + i, 7, in_draw[power])
    wb.save(path)
    return path


def scores(path: Path) -> dict[str, float]:
    ws = openpyxl.load_workbook(path, data_only=True)["Games"]
    return {row[1]: row[3] for row in ws.iter_rows(min_row=5, values_only=True) if row[0] == "R1 B1"}


@pytest.mark.parametrize("ruleset_id, in_draw, expected", [
    ("dss", None, [0] + [16.67] * 6),  # 100 / 6, as the sheet shows it (2 decimals)
    ("dss", {"France": "yes", "Germany": "x", "England": "no"}, [0, 0, 50, 50, 0, 0, 0]),
    ("cdiplo100", None, [1, 13, 36, 36, 5, 4, 5]),
    ("opentribute", None, [0, 45, 68, 68, 41, 37, 41]),
    ("sos", None, [0, 10.96, 35.53, 35.53, 7.02, 3.95, 7.02]),  # 100 x centres² / 228 (25 + 81 + 81 + 16 + 9 + 16)
])
def test_the_tie_board_typed_in_scores_as_worked_by_hand(tmp_path: Path, ruleset_id, in_draw, expected):
    path = typed(tmp_path / f"{ruleset_id}.xlsx", ruleset_id, in_draw)
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    got = scores(path)
    assert [got[p] for p in PLAYERS] == expected


@pytest.mark.parametrize("ruleset_id", ["sos", "dss", "cdiplo100", "opentribute"])
def test_a_stand_in_is_scored_for_the_board_but_not_ranked(tmp_path: Path, ruleset_id):
    path = typed(tmp_path / f"{ruleset_id}.xlsx", ruleset_id)
    wb = openpyxl.load_workbook(path)
    wb["Players"].cell(FIRST + 2, 3, "yes")  # Cy (France, 9 centres) is marked Stand-in (column C)
    wb.save(path)
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    board = {name.removesuffix(" (stand-in)"): points for name, points in scores(path).items()}
    assert board["Cy"] == board["Di"] > 0  # France scores as Germany, their equal on 9 centres
    rows = [row for row in openpyxl.load_workbook(path, data_only=True)["Standings"].iter_rows(min_row=5, values_only=True)
            if row[1] is not None]
    ranked = [row[1] for row in rows]
    assert not any(str(n).startswith("Cy") for n in ranked)
    assert sorted(ranked) == sorted(set(PLAYERS) - {"Cy"})
    assert rows[0][0] == 1 and rows[0][2] == board["Di"]  # Germany's 9 centres lead once France's stand-in is out


def test_in_draw_on_an_eliminated_power_is_refused_at_its_cell_and_the_file_kept(tmp_path: Path):
    path = typed(tmp_path / "dss.xlsx", "dss", {"Austria": "yes", "France": "yes"})
    before = path.read_bytes()
    report = recalc_file(path)
    assert not report.ok
    found = [(f"{p.sheet}!{p.cell}", p.message) for p in report.problems]
    assert any(c == "Boards!G4" and "in the draw but has no centres" in m for c, m in found), found
    assert path.read_bytes() == before


def test_only_dss_has_the_in_draw_column():
    headers = {r: [c.header for c in find_layout(r).sheets[0].columns] for r in ("dss", "cdiplo100", "opentribute")}
    assert headers["dss"][4:7] == ["Centres", "Eliminated in", "In draw"]
    assert "In draw" not in headers["cdiplo100"] + headers["opentribute"]


@pytest.mark.parametrize("ruleset_id", ["sos", "dss", "cdiplo100", "opentribute"])
def test_what_to_rows_writes_reads_back_as_the_same_record(tmp_path: Path, ruleset_id):
    ruleset, layout = find_ruleset(ruleset_id), find_layout(ruleset_id)
    record = ruleset.tournament_from_dict(json.loads((ROOT / "examples" / ruleset_id / "tournament.json").read_text()))
    # The workbook has no 'last year' cell for a board without its year columns: the years say it when typed.
    record = dataclasses.replace(record, games=tuple(dataclasses.replace(b, last_year=None) for b in record.games))
    simulated = simulate(ruleset_id, 23, 2)  # no players list: the Players sheet lists them by first board
    seated = dict.fromkeys(p.player for b in sorted(simulated.games, key=lambda b: (b.round, b.board)) for p in b.in_power_order())
    for t in (record, dataclasses.replace(simulated, players=tuple(Entrant(n) for n in seated))):
        path = template.write(tmp_path / f"{ruleset_id}.xlsx", layout, tournament=t.name, settings=t.settings,
                              rows=layout.to_rows(t))
        assert read_event(FileWorkbook(path)).record == t


def test_an_adjustment_for_a_sum_of_squares_stand_in_is_refused_at_its_cell_and_the_file_kept(tmp_path: Path):
    path = typed(tmp_path / "sos.xlsx", "sos")
    wb = openpyxl.load_workbook(path)
    wb["Players"].cell(FIRST + 2, 3, "yes")  # Cy is a stand-in
    for col, value in enumerate(("Cy", -5, "late"), start=1):
        wb["Adjustments"].cell(FIRST, col, value)
    wb.save(path)
    before = path.read_bytes()
    report = recalc_file(path)
    assert not report.ok
    found = [(f"{p.sheet}!{p.cell}", p.message) for p in report.problems]
    assert any(c == "Adjustments!A4" and "Cy is a stand-in" in m for c, m in found), found
    assert path.read_bytes() == before
