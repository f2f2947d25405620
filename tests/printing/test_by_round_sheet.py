"""The 'Standings by round' sheet of a recalculated workbook: places and totals after each round, and its chart."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from tourneybook.rules import find_ruleset
from tourneybook.workbook import template
from tourneybook.workbook.layouts import find_layout
from tourneybook.actions.on_file import recalc_file

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_places_and_totals_after_each_round(tmp_path):
    layout = find_layout("carcassonne2004")
    record = find_ruleset("carcassonne2004").tournament_from_dict(json.loads((EXAMPLES / "carcassonne2004" / "tournament.json").read_text()))
    path = template.write(tmp_path / "c.xlsx", layout, rows=layout.to_rows(record))
    report = recalc_file(path)
    assert report.ok and report.sheets[:3] == ("Standings", "Standings by round", "Games")
    ws = openpyxl.load_workbook(path)["Standings by round"]
    header = [c.value for c in ws[4]]
    assert header == ["Rank", "Player", *(f"Place after round {n}" for n in range(1, 5)),
                      *(f"ranking points after round {n}" for n in range(1, 5))]
    rows = {r[1]: r for r in ws.iter_rows(min_row=5, values_only=True)}
    assert len(rows) == 22
    # Lars Jensen: 5, 5, 3, 5 ranking points in rounds 1-4 (Games sheet), first overall
    assert rows["Lars Jensen"][0] == 1 and rows["Lars Jensen"][6:10] == (5, 10, 13, 18)
    assert rows["Lars Jensen"][5] == 1  # place after round 4 is the standings' rank
    (chart,) = ws._charts
    assert len(chart.series) == 10  # the current top ten, one line each
    assert chart.y_axis.scaling.orientation == "maxMin"  # 1st place at the top
    assert ws.print_title_rows == "$3:$4" and [b.id for b in ws.row_breaks.brk] == [26]


def test_club_column_and_club_ranking_when_settings_ask(tmp_path):
    layout = find_layout("carcassonne2004")
    record = find_ruleset("carcassonne2004").tournament_from_dict(json.loads((EXAMPLES / "carcassonne2004" / "tournament.json").read_text()))
    path = template.write(tmp_path / "c.xlsx", layout, rows=layout.to_rows(record))
    assert "Club ranking" not in recalc_file(path).sheets  # off by default
    wb = openpyxl.load_workbook(path)
    players = wb["Players"]
    club_col = next(c.column for c in players[3] if c.value == "Club / country")
    for row in players.iter_rows(min_row=4):
        name = row[0].value
        if name in ("Lars Jensen", "Bram de Wit"):
            players.cell(row[0].row, club_col, "Denmark")
        elif name in ("Sven Olsen", "Vera Horak"):
            players.cell(row[0].row, club_col, "Sweden")
    settings = wb["Settings"]
    (line,) = [c.row for c in settings["A"] if c.value == "Club ranking (best N)"]
    settings.cell(line, 2, 2)
    wb.save(path)
    report = recalc_file(path)
    assert report.ok and "Club ranking" in report.sheets
    book = openpyxl.load_workbook(path)
    standings = {r[1]: r for r in book["Standings"].iter_rows(min_row=5, values_only=True)}
    assert [c.value for c in book["Standings"][4]][:4] == ["Rank", "Player", "Club", "ranking points"]
    assert standings["Lars Jensen"][2] == "Denmark" and standings["Elena Novak"][2] is None
    ranking = [r for r in book["Club ranking"].iter_rows(min_row=5, values_only=True) if r[1]]
    assert ranking[:2] == [(1, "Sweden", 33, "Sven Olsen (2), Vera Horak (3)"), (2, "Denmark", 32, "Lars Jensen (1), Bram de Wit (4)")]
