"""The Carcassonne 2004 layout: what to_rows writes, to_tournament reads back (layouts/carcassonne2004.py)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from workbook_events import random_event, small_event

from tourneybook.errors import InputError, Problem
from tourneybook.rules.carcassonne2004 import Tournament, preliminary
from tourneybook.rules.carcassonne_knockout import KnockoutGame, Match
from tourneybook.rules.ranking import Adjustment
from tourneybook.workbook import template
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.layout import locate
from tourneybook.workbook.layouts import available_layouts, find_layout
from tourneybook.workbook.reader import Row
from tourneybook.actions.on_file import recalc_file
from tourneybook.workbook.event import read_event


def with_first_knockout_stage(t: Tournament) -> Tournament:
    """S1..S8 played: the higher seed wins 2-0, except S8 goes to three games with a clock loss."""
    order = preliminary(t)[0].order
    matches = []
    for i in range(8):
        high, low = order[i], order[15 - i]
        games = (KnockoutGame((80, 70)), KnockoutGame((75, 60)))
        if i == 7:
            games = (KnockoutGame((60, 70)), KnockoutGame((90, 50)), KnockoutGame((99, 40), lost_on_clock=low))
        matches.append(Match(f"S{i + 1}", (low, high) if i % 2 else (high, low), games if i % 2 == 0 else tuple(KnockoutGame(g.vp[::-1], g.lost_on_clock) for g in games)))
    return Tournament(t.players, t.tables, tuple(matches), t.settings, (Adjustment(order[20], Fraction(-1, 2), "slow play"),), {order[0]: 1})


@pytest.mark.parametrize(
    "event",
    [
        pytest.param(small_event(), id="conftest small event: 8 players, 2 rounds"),
        pytest.param(random_event(23, seed=3), id="23 players: three tables of 3 each round (seed 002)"),
        pytest.param(with_first_knockout_stage(random_event(24, seed=5)), id="24 players, 4 rounds, S1-S8 played, adjustment, lot"),
    ],
)
def test_what_to_rows_writes_reads_back_as_the_same_record(tmp_path: Path, carcassonne_layout, event: Tournament):
    path = template.write(tmp_path / "e.xlsx", carcassonne_layout, settings=event.settings, rows=carcassonne_layout.to_rows(event))
    assert read_event(FileWorkbook(path)).record == event


def test_the_knockout_results_reach_the_workbook(tmp_path: Path, carcassonne_layout):
    event = with_first_knockout_stage(random_event(24, seed=5))
    path = template.write(tmp_path / "e.xlsx", carcassonne_layout, settings=event.settings, rows=carcassonne_layout.to_rows(event))
    report = recalc_file(path)
    assert report.ok and report.sheets == ("Standings", "Standings by round", "Games", "Knock-out", "Issues")
    knockout = next(t for t in report.result.extras if t.title == "Knock-out")
    s8 = next(r for r in knockout.rows if r[0] == "S8")
    assert s8[4] == "2-1" and s8[7] == "game wins"  # the clock loss decides game 3 (seed 002)


def test_registry():
    assert "carcassonne2004" in [layout.ruleset for layout in available_layouts()]
    with pytest.raises(InputError, match="unknown ruleset 'chess'"):
        find_layout("chess")


def test_locate_places_rules_problems_at_their_row():
    row = Row("Preliminary", 7, {}, {"Round": "A", "VP 1": "D"})
    problems = locate([Problem("negative victory points -1", "R2 T3, Anna"), Problem("other", "round 2")], {"R2 T3": row, "R2 T": row})
    assert [str(p) for p in problems] == ["Preliminary!A7: R2 T3, Anna: negative victory points -1", "round 2: other"]
