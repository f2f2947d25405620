"""dipvis's published test boards (dipvis_test_boards.py: every board its game-scoring tests score) score as its
tests expect, each with our system of the same name.

A board whose test gives a centre chart with a year left out reads that year as the year before (dipvis skips a
year it has no counts for when it looks back for a tie; a copy of the year before separates the same powers).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from dipvis_test_boards import DIPVIS_BOARDS
from tourneybook.rules.diplomacy import Board, Power, PowerResult
from tourneybook.rules.game_scoring import LISTED, SYSTEMS, find_system

POWERS = dict(zip("AEFGIRT", Power))


def board(counts, eliminated, last_year, draw, history) -> Board:
    """Our board of a dipvis test's game state."""
    if history is not None:
        filled = {}
        for initial, row in history.items():
            years = list(row)
            for i, n in enumerate(years):
                if n is None:
                    years[i] = years[i - 1]
            filled[initial] = tuple(years)
        eliminated = {initial: 1901 + row.index(0) for initial, row in filled.items() if row[-1] == 0}
        history = filled
    seats = tuple(PowerResult(power, initial, n, (eliminated or {}).get(initial) if n == 0 else None,
                              history[initial] if history else ())
                  for (initial, power), n in zip(POWERS.items(), counts))
    return Board(1, 1, seats, last_year=last_year, draw=None if draw is None else tuple(POWERS[i] for i in draw))


def test_every_board_is_there_and_every_system_has_some():
    """157 boards of 36 systems' tests (all but Sum of Squares and Solos have several)."""
    assert len(DIPVIS_BOARDS) == 157
    named = {name for _, name, *_ in DIPVIS_BOARDS}
    assert {find_system(dipvis_id(name)).id for name in named} == {s.id for s in SYSTEMS}


def dipvis_id(name: str) -> str:
    """Our system of the name dipvis gives it."""
    return next(s.id for s in LISTED if name == s.as_dipvis_names_it)


@pytest.mark.parametrize("where, name, counts, eliminated, last_year, draw, history, expected", DIPVIS_BOARDS,
                         ids=[f"{where}-{name}" for where, name, *_ in DIPVIS_BOARDS])
def test_dipvis_board_scores_as_its_test_expects(where, name, counts, eliminated, last_year, draw, history,
                                                 expected):
    game = find_system(dipvis_id(name)).scores(board(counts, eliminated, last_year, draw, history))
    assert [game.of(initial).points for initial in POWERS] == [F(x) for x in expected]


@pytest.mark.parametrize("where, name, counts, eliminated, last_year, draw, history, expected", DIPVIS_BOARDS,
                         ids=[f"{where}-{name}" for where, name, *_ in DIPVIS_BOARDS])
def test_the_second_account_of_dipvis_gives_what_its_tests_expect(where, name, counts, eliminated, last_year, draw,
                                                                   history, expected):
    """tests/rules/dipvis_arithmetic.py, which the random boards compare us with, is checked on dipvis's own boards."""
    from dipvis_arithmetic import dipvis_scores

    system = find_system(dipvis_id(name))
    theirs = dipvis_scores(system.id, board(counts, eliminated, last_year, draw, history), system.numbers())
    assert [theirs[power] for power in Power] == [F(x) for x in expected]


def test_dipvis_general_tests_two_cdiplo_80_boards():
    """test_general.py's C-Diplo 80 boards, asserted there power by power: a three-way top on 10 with four powers on
    1, and three survivors on 17, 16 and 1; each board gives out 80."""
    tie = find_system("cdiplo80").scores(board((1, 10, 1, 1, 10, 10, 1), {}, 1907, None, None))
    assert [tie.of(i).points for i in POWERS] == [1, F(46, 3) + 10, 1, 1, F(46, 3) + 10, F(46, 3) + 10, 1]
    three = find_system("cdiplo80").scores(board((0, 17, 0, 0, 16, 1, 0), {"A": 1903, "F": 1907, "G": 1905,
                                                                          "T": 1905}, 1907, None, None))
    assert [three.of(i).points for i in POWERS] == [0, 42, 0, 0, 30, 8, 0]
    assert sum(p.points for p in tie.players) == sum(p.points for p in three.players) == 80


# --- our own boards, one for each difference the issue found and for each documented decision ------------------

SEED_003_A = board((0, 12, 3, 6, 9, 0, 4), {"A": 1904, "R": 1908}, 1908, None, None)
"""Seed 003's example a: Austria out in 1904, Russia in 1908, the game's last year."""


@pytest.mark.parametrize("system_id, austria, russia", [
    ("bangkok", F(9, 10), F(21, 10)),  # 0.3 x (1904 - 1901), 0.3 x (1908 - 1901)
    ("olympic", F(9, 10), F(21, 10)),
    ("manorcon", F(3, 10), F(7, 10)),  # 0.1 x 3, 0.1 x 7
    ("manorcon_original", F(3, 10), F(7, 10)),
    ("manorcon_v2", F(3, 10), F(7, 10)),
    ("bangkok_pike", F(4, 10), F(8, 10)),  # counts the year of elimination: 1 + year - 1901, as dipvis's does
])
def test_an_eliminated_power_scores_the_years_it_survived_as_dipvis_counts_them(system_id, austria, russia):
    game = find_system(system_id).scores(SEED_003_A)
    assert (game.of("A").points, game.of("R").points) == (austria, russia)


def test_world_and_summer_classic_losers_to_a_solo_score_their_years_survived():
    """dipvis's test_g_scoring_world_classic_solo (a dipvis board above too): Germany's solo in 1907."""
    solo = board((0, 4, 0, 18, 0, 5, 7), {"A": 1904, "F": 1906, "I": 1906}, 1907, None, None)
    for system_id in ("world_classic", "summer_classic"):
        game = find_system(system_id).scores(solo)
        assert [game.of(i).points for i in POWERS] == [3, 6, 5, 420, 5, 6, 6]


def test_southern_sun_rounds_a_half_to_even():
    """Four powers share the top four ranks: (130 + 80 + 50 + 30) / 4 = 72.5, rounded to 72 (dipvis: Python's
    round); each scores 30 + 10 x 2 + 72; the eliminated 3 x 2 years played."""
    four = board((0, 2, 2, 2, 2, 0, 0), {"A": 1902, "R": 1902, "T": 1902}, 1902, None, None)
    game = find_system("southern_sun").scores(four)
    assert [game.of(i).points for i in POWERS] == [6, 122, 122, 122, 122, 6, 6]


CONCEDED_HISTORY = {"A": (1, 1, 1, 1, 0, 0, 0), "E": (4, 4, 4, 4, 5, 5, 5), "F": (9,) * 7, "G": (9,) * 7, "I": (4,) * 7,
                    "R": (3,) * 7, "T": (4,) * 7}
CONCEDED = replace(board((0, 5, 9, 9, 4, 3, 4), {"A": 1905}, 1907, None, CONCEDED_HISTORY), conceded_to=Power.FRANCE)
"""game_scoring_boards.TIE, conceded to France in 1907 (France and Germany level every year)."""


@pytest.mark.parametrize("system_id, ours, dipvis", [
    # docs/formats/diplomacy.md, Concessions: we score the solo of the power conceded to; dipvis's code ...
    ("cdiplo100", [0, 0, 100, 0, 0, 0, 0], [1, 13, 36, 36, 5, 4, 5]),  # ... scores the centres as a draw
    ("cdiplo80", [0, 0, 80, 0, 0, 0, 0], [0, 12, F(57, 2), F(57, 2), 4, 3, 4]),
    ("cdiplo_namur", [0, 0, 85, 0, 0, 0, 0], [1, 24, 48, 48, 15, 13, 15]),
    ("whipping", [5, 7, 468, 7, 7, 7, 7], [5, 60, 100, 100, 50, 40, 50]),
    # ... scores France as one of the losers: no one takes the solo's points
    ("haight", [5, 25, 451, 45, 20, 15, 20], [5, 25, 45, 45, 20, 15, 20]),
    ("ranked_classic", [4, 6, 550, 6, 6, 6, 6], [4, 6, 6, 6, 6, 6, 6]),
    ("ranked_classic_v2", [4, 6, 550, 6, 6, 6, 6], [4, 6, 6, 6, 6, 6, 6]),
    # ... ranks France by its 9 centres, level with Germany's every year; the line counts for France alone
    ("maxonian", [1, 5, 12, 6, F(7, 2), 2, F(7, 2)], [1, 5, F(13, 2), F(13, 2), F(7, 2), 2, F(7, 2)]),
    ("7eleven", [1, 5, 14, 6, F(7, 2), 2, F(7, 2)], [1, 5, F(13, 2), F(13, 2), F(7, 2), 2, F(7, 2)]),
])
def test_a_concession_is_the_solo_of_the_power_conceded_to_where_dipvis_scores_it_otherwise(system_id, ours, dipvis):
    from dipvis_arithmetic import dipvis_scores

    system = find_system(system_id)
    game = system.scores(CONCEDED)
    assert [game.of(i).points for i in POWERS] == ours
    theirs = dipvis_scores(system_id, CONCEDED, system.numbers())
    assert [theirs[power] for power in Power] == dipvis


LONE = board((0, 0, 0, 17, 0, 0, 0), {"A": 1903, "E": 1905, "F": 1905, "I": 1906, "R": 1906, "T": 1907}, 1907, None,
             None)
"""Germany survives alone on 17 centres (the other 17 neutral); no solo."""


@pytest.mark.parametrize("system_id, expected", [
    # docs/formats/diplomacy.md, Boards dipvis cannot score: dipvis's code raises; we rank Germany first, the
    # eliminated by year (Turkey 1907; Italy, Russia 1906; England, France 1905; Austria 1903), and measure the lead
    # against the next power's 0 centres
    ("carnage", [1000, 2500, 2500, 7017, 4500, 4500, 6000]),
    ("carnage_centre_count", [1001, F(5005, 2), F(5005, 2), 500 * 17 + 7007, F(9009, 2), F(9009, 2), 6006]),
    ("carnage2023", [1000, 2500, 2500, 7017 + 300 * 17, 4500, 4500, 6000]),
    # dipvis's Haight pays 5 x (17 - 0.06): the lead over Turkey's (1907 - 1901) / 100; ours 5 x 17
    ("haight", [3, 16, 16, 170 + 66 + 85, 39, 39, 62]),
])
def test_a_lone_survivor_without_a_solo_is_scored(system_id, expected):
    game = find_system(system_id).scores(LONE)
    assert [game.of(i).points for i in POWERS] == expected


def test_carnage_with_dead_equal_pays_a_lead_only_when_the_director_sets_one():
    """dipvis's variant never pays a lead; ours has the Settings row, at 0 (dipvis's) unless changed."""
    leader = board((3, 5, 6, 11, 4, 5, 0), {"T": 1906}, 1907, None, None)
    system = find_system("carnage_dead_equal")
    assert system.scores(leader).of("G").points == 7000 + 11
    assert system.scores(leader, {"lead": 100}).of("G").points == 7000 + 11 + 100 * 5
