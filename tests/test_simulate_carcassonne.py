"""The Carcassonne 2004 simulator (seed 002_013fbe404487106e.txt, RULES.md "Carcassonne 2004")."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from statistics import mean

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.errors import InputError
from tourneybook.rules.carcassonne2004 import RULESET, tournament_problems
from tourneybook.rules.carcassonne_knockout import Decision
from tourneybook.simulate import simulate, write_event
from tourneybook.simulate.carcassonne import knockout_size
from tourneybook.files.filestore import FileWorkbook
from tourneybook.actions.recalc import read_event

EXAMPLE = Path(__file__).resolve().parents[1] / "workbooks" / "carcassonne2004-example.xlsx"
EXAMPLE_SEED = 3
"""`tourneybook simulate carcassonne2004 --players 26 --seed 3 --out workbooks/carcassonne2004-example.xlsx`."""


def _event(players: int, seed: int = 1):
    return simulate("carcassonne2004", players, seed)


def _seeding(t) -> tuple[str, ...]:
    standings, _ = RULESET.preliminary(t)
    return standings.order


def test_same_seed_same_tournament():
    assert _event(26, 7) == _event(26, 7)
    assert _event(26, 7) != _event(26, 8)


def test_same_seed_whatever_the_hash_seed():
    """The example workbook is rebuilt from its command: string hashing must not change it."""
    code = "from tourneybook.simulate import simulate; print(repr(simulate('carcassonne2004', 22, 5)))"
    runs = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(runs) == 1


@pytest.mark.parametrize(
    ("players", "threes", "bracket"),
    [
        pytest.param(3, 1, 2, id="3 = one table of 3; a final only"),
        pytest.param(13, 3, 8, id="13 = 4 + 3x3 (RULES.md: b <= 3); bracket of 8"),
        pytest.param(22, 2, 16, id="22 = 4x4 + 2x3; the best 16 (seed 002)"),
        pytest.param(26, 2, 16, id="26 = 5x4 + 2x3; the best 16"),
        pytest.param(40, 0, 16, id="40 = 10x4: all tables of four 'if possible' (seed 002)"),
    ],
)
def test_fields_validate_and_rank(players, threes, bracket):
    t = _event(players)
    assert tournament_problems(t) == []
    assert len(t.players) == players and t.settings.knockout_size == bracket
    result = RULESET.standings(t)
    assert sorted(result.standings.order) == sorted(t.players)
    for rnd in range(1, t.settings.preliminary_rounds + 1):
        tables = [x for x in t.tables if x.round == rnd]
        seated = Counter(s.player for x in tables for s in x.seats)
        assert set(seated) == set(t.players) and set(seated.values()) == {1}, f"round {rnd}: everyone plays once"
        assert sum(len(x.seats) == 3 for x in tables) == threes <= 3
        assert all(len(x.seats) in (3, 4) for x in tables)
    b = RULESET.knockout(t)
    assert b.size == bracket and len(b.matches) == bracket - 1 and b.champion in t.players


@pytest.mark.parametrize(
    ("players", "size"),
    [
        pytest.param(3, 2, id="3 players: final of 2"),
        pytest.param(4, 4, id="4: semi-finals"),
        pytest.param(7, 4, id="7: semi-finals"),
        pytest.param(8, 8, id="8: quarter-finals"),
        pytest.param(15, 8, id="15: quarter-finals"),
        pytest.param(16, 16, id="16: seed 002's best sixteen"),
        pytest.param(200, 16, id="200: still the best sixteen"),
    ],
)
def test_knockout_size(players, size):
    assert knockout_size(players) == size


SEED_PAIRINGS = (
    *((f"S{k}", f"rank {k}", f"rank {17 - k}") for k in range(1, 9)),
    ("Q1", "S1", "S8"), ("Q2", "S2", "S7"), ("Q3", "S3", "S6"), ("Q4", "S4", "S5"),
    ("SF1", "Q1", "Q4"), ("SF2", "Q2", "Q3"), ("F", "SF1", "SF2"),
)
"""Seed 002 and RULES.md written out: who meets in each match (a rank, or the winner of an earlier match)."""


def test_knockout_follows_the_bracket_from_the_computed_standings():
    """Seed 002: S1 = Rank1 - Rank16 ... S8 = Rank8 - Rank9; Q1 = S1vS8 ...; SF1 = Q1vQ4, SF2 = Q2vQ3;
    checked against the pairings written out above (independent of the rules' bracket code)."""
    t = _event(26, 2)
    order = _seeding(t)
    rank = {p: i for i, p in enumerate(order)}
    played = {m.stage: m for m in t.knockout}
    decided = RULESET.knockout(t)
    assert [m.stage for m in t.knockout] == [stage for stage, _, _ in SEED_PAIRINGS]
    for stage, *sides in SEED_PAIRINGS:
        high, low = (order[int(x.removeprefix("rank ")) - 1] if x.startswith("rank ") else decided.match(x).winner
                     for x in sides)
        match = played[stage]
        assert set(match.players) == {high, low}, stage
        assert rank[match.players[0]] < rank[match.players[1]], f"{stage}: higher seed first"
    assert {p for m in t.knockout if m.stage.startswith("S") for p in m.players} == set(order[:16])


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_every_match_is_played_to_its_end(seed):
    """Seed 002: best of three; the record stops the game a player reaches two wins."""
    b = RULESET.knockout(_event(26, seed))
    for m in b.matches:
        assert m.winner is not None and 2 <= len(m.games) <= 3, m.stage
        if len(m.games) == 2:
            assert max(m.wins) == 2, m.stage


def test_clock_losses_and_tied_matches_occur():
    """Seed 002: 'Should a player have used up all of his time, he loses the game'; RULES.md: wins
    equal after three games go to the VP total. Both happen now and then across events."""
    events = [_event(26, seed) for seed in range(1, 6)]
    clock = sum(g.lost_on_clock is not None for t in events for m in t.knockout for g in m.games)
    decisions = Counter(m.decided_by for t in events for m in RULESET.knockout(t).matches)
    assert clock > 0
    assert decisions[Decision.VP_TOTAL] > 0
    assert decisions[Decision.GAME_WINS] > 10 * decisions[Decision.VP_TOTAL]


def test_victory_points_are_realistic():
    """Four-player base-game scores of about 60-110; seed 002: 'three player tables produce more'."""
    t = _event(40, 1)
    t3 = _event(26, 1)
    four = [s.vp for x in t.tables for s in x.seats]
    three = [s.vp for x in t3.tables if len(x.seats) == 3 for s in x.seats]
    assert 70 <= mean(four) <= 95
    assert mean(three) > mean(four)
    assert min(four) >= 20 and max(four) <= 160
    ties = sum(len({s.vp for s in x.seats}) < len(x.seats) for x in t.tables + t3.tables)
    assert 0 < ties < len(t.tables + t3.tables) / 4, "occasional tied places (seed 002: points divided)"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        pytest.param(5, "5 players cannot be seated", id="RULES.md: N = 5 cannot be seated"),
        pytest.param(0, "0 players", id="an empty field"),
    ],
)
def test_unseatable_fields_are_refused(players, message):
    with pytest.raises(InputError) as raised:
        _event(players)
    assert message in str(raised.value)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(min_value=6, max_value=48), seed=st.integers(min_value=0, max_value=10**6))
def test_any_seatable_field_simulates_a_valid_event(players, seed):
    """N = 4a + 3b with b <= 3 seats every N >= 6 (RULES.md); every record passes the rules."""
    t = _event(players, seed)
    result = RULESET.standings(t)
    assert len(result.standings.order) == players
    assert RULESET.knockout(t).champion in t.players


def test_write_event_standings_sheet_has_one_row_per_player(tmp_path):
    path = write_event("carcassonne2004", 22, tmp_path / "event.xlsx", seed=4)
    sheet = openpyxl.load_workbook(path, read_only=True)["Standings"]
    rows = list(sheet.iter_rows(values_only=True))
    header = next(i for i, row in enumerate(rows) if row[:2] == ("Rank", "Player"))
    players = [row[1] for row in rows[header + 1 :] if isinstance(row[0], int)]
    assert sorted(players) == sorted(_event(22, 4).players)


def test_shipped_example_is_the_simulated_event():
    """workbooks/carcassonne2004-example.xlsx holds exactly the event its command simulates."""
    event = read_event(FileWorkbook(EXAMPLE))
    assert event.record == _event(26, EXAMPLE_SEED)
    assert {"Standings", "Games", "Knock-out", "Final placings"} <= set(openpyxl.load_workbook(EXAMPLE, read_only=True).sheetnames)
