"""Carcassonne preliminary draw (seed 002; RULES.md Carcassonne) and the seed pairings of its knock-out bracket."""

from __future__ import annotations

import random

import pytest

from tourneybook.draws import draw_carcassonne, quality
from tourneybook.draws.carcassonne import small_tables
from tourneybook.errors import InputError
from tourneybook.rules.carcassonne_knockout import bracket_slots

from .conftest import field


@pytest.mark.parametrize(
    "n, sizes",
    [
        (16, [4, 4, 4, 4]),  # seed 002: "all of the games will be four player games if possible"
        (17, [4, 4, 3, 3, 3]),  # 17 = 4*2 + 3*3: the maximum of three tables of three
        (18, [4, 4, 4, 3, 3]),
        (19, [4, 4, 4, 4, 3]),
        (9, [3, 3, 3]),
        (6, [3, 3]),
        (3, [3]),
    ],
)
def test_table_sizes(n, sizes):
    draw = draw_carcassonne(field(n), rng=random.Random(n))
    assert all([len(t.seats) for t in r.tables] == sizes for r in draw.rounds)
    assert len(draw.rounds) == 4


@pytest.mark.parametrize(
    "n",
    [5, 2, 1, 0],  # RULES.md Carcassonne: N = 5 cannot be seated
)
def test_impossible_fields_are_refused(n):
    with pytest.raises(InputError) as caught:
        draw_carcassonne(field(n), rng=random.Random(1))
    assert str(caught.value) == (
        f"players: {n} players cannot be seated at tables of four with at most three tables of three "
        "(N = 4a + 3b, b <= 3): 3, 4, 6 or more can"
    )


@pytest.mark.parametrize("n", [5, 1, 2])
def test_small_tables_refuses_what_cannot_be_seated(n):
    assert small_tables(n) is None


@pytest.mark.parametrize(
    "n, small_repeats",
    [
        (16, 0),
        (17, 19),  # 9 seats at 3-tables x 4 rounds = 36 for 17 players: 19 second visits at least
        (18, 6),  # 6 x 4 = 24 for 18 players
        (19, 0),  # 3 x 4 = 12 for 19 players: nobody twice
        (21, 15),  # 9 x 4 = 36 for 21
        (37, 0),  # RULES.md: nobody at a 3-player table twice when avoidable
        (101, 0),
        (402, 0),
    ],
)
def test_repeats_at_the_lower_bound(n, small_repeats):
    report = quality(draw_carcassonne(field(n), rng=random.Random(2)))
    assert (report.repeated_pairs, report.small_table_repeats) == (0, small_repeats)
    assert report.small_table_bound == small_repeats


def test_round_by_round_takes_the_played_rounds_into_account():
    players = field(22)
    first = draw_carcassonne(players, rounds=2, rng=random.Random(1))
    rest = draw_carcassonne(players, rounds=2, history=first.rounds, rng=random.Random(2))
    report = quality(rest, first.rounds)
    assert [r.number for r in rest.rounds] == [3, 4]
    # 2 tables of three x 3 seats x 4 rounds = 24 seats for 22 players: 2 second visits at least
    assert (report.repeated_pairs, report.small_table_repeats, report.small_table_bound) == (0, 2, 2)


def test_knockout_bracket_follows_the_seed_pairings():
    """The one bracket is the rules' (rules/carcassonne_knockout.py): seeds and feeders per stage."""
    pairs = [(s.stage, s.seeds, s.feeders) for s in bracket_slots(16)]
    # RULES.md Carcassonne: S1 = 1v16 ... S8 = 8v9; Q1 = S1vS8 ... SF1 = Q1vQ4, SF2 = Q2vQ3; final
    assert pairs == [
        ("S1", (1, 16), None), ("S2", (2, 15), None), ("S3", (3, 14), None), ("S4", (4, 13), None),
        ("S5", (5, 12), None), ("S6", (6, 11), None), ("S7", (7, 10), None), ("S8", (8, 9), None),
        ("Q1", None, ("S1", "S8")), ("Q2", None, ("S2", "S7")),
        ("Q3", None, ("S3", "S6")), ("Q4", None, ("S4", "S5")),
        ("SF1", None, ("Q1", "Q4")), ("SF2", None, ("Q2", "Q3")),
        ("F", None, ("SF1", "SF2")),
    ]



@pytest.mark.parametrize("n", [13, 14, 17, 21, 25])
def test_three_player_tables_are_spread_evenly(n):
    """Issue 9: at 17, 21 and 25 one player sat at a table of 3 in all four rounds; the even spread needs
    ceil(3-player seats / players) at most: 3, 2, 2 (and 3 at 13, 2 at 14)."""
    report = quality(draw_carcassonne(field(n), rng=random.Random(2024)))
    spread = {13: 3, 14: 2, 17: 3, 21: 2, 25: 2}[n]
    assert (report.small_table_spread, report.most_small_tables) == (spread, spread)


def test_seven_players_reach_the_optimum():
    """Issue 9: 7 players (a table of 4 and one of 3 each round) had rematch cost 21; 18 is the proven bound."""
    report = quality(draw_carcassonne(field(7), rng=random.Random(2024)))
    assert (report.rematch_cost, report.rematch_bound, report.most_small_tables) == (18, 18, 2)


@pytest.mark.parametrize("n", range(15, 27))
def test_fifteen_to_twenty_six_players_meet_no_one_twice(n):
    report = quality(draw_carcassonne(field(n), rng=random.Random(2024)))
    assert report.repeated_pairs == 0 and report.most_small_tables == report.small_table_spread
