"""Every bound the quality report gives is a proven lower bound of exactly its figure (issue 32).

Checked against the exact optimum, found by trying every seating of small fields:
the keep-apart bound is the optimum itself (the groups' even splits are reached
together); the rematch and 3-player bounds are never above the optimum.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, product

import pytest

from tourneybook.draws import DrawnRounds, DrawnTable, Family, Round, Seat, draw_diplomacy, quality, rematch_bound
from tourneybook.draws.bounds import forced_keep_apart, keep_apart_bound

from .conftest import field


def seatings(players: tuple[str, ...], sizes: tuple[int, ...]):
    """Every way to seat ``players`` at tables of ``sizes``, each once (tables of one size are not told apart):
    the first player left sits at a table of each size in turn, with every choice of mates."""
    if not players:
        yield ()
        return
    first, others = players[0], players[1:]
    for size in sorted(set(sizes)):
        rest = list(sizes)
        rest.remove(size)
        for mates in combinations(others, size - 1):
            left = tuple(p for p in others if p not in mates)
            for more in seatings(left, tuple(rest)):
                yield ((first, *mates), *more)


def _keep_apart_pairs(tables, groups) -> int:
    together = {frozenset(p) for g in groups for p in combinations(g, 2)}
    return sum(1 for t in tables for p in combinations(t, 2) if frozenset(p) in together)


@pytest.mark.parametrize(
    "players, sizes, groups",
    [
        ("ABCDEFGHIJKL", (4, 4, 4), ["ABCDE", "FGHI"]),  # a club of 5 at 3 tables: 2+2+1, 2 pairs
        ("ABCDEFGHIJ", (4, 3, 3), ["ABCD", "EFGH", "IJ"]),  # Carcassonne's 4 and 3
        ("ABCDEFGHIJK", (4, 4, 3), ["ABCDEF", "GHIJK"]),
        ("ABCDEFGHIJKLMN", (7, 7), ["ABCDE", "FGHIJ", "KLMN"]),  # Diplomacy boards: 2+2+1+... forced
        ("ABCDEFGHIJKLMN", (7, 7), ["ABC", "DEF", "GHI", "JKL", "MN"]),  # small clubs: none forced
        ("ABCDEFGH", (4, 4), ["ABCDEFGH"]),  # everyone one club: 12 pairs
    ],
)
def test_keep_apart_bound_is_the_exact_optimum(players, sizes, groups):
    best = min(_keep_apart_pairs(tables, groups) for tables in seatings(tuple(players), sizes))
    assert forced_keep_apart(players, sizes, groups).pairs == best


def test_five_clubs_of_six_on_seven_seat_boards_force_eight_club_meetings():
    """The issue's Italia round 1: 30 players in 5 clubs of 6, two sit out, 4 boards of 7."""
    players = field(30)
    clubs = [players[i * 6:(i + 1) * 6] for i in range(5)]
    draw = draw_diplomacy(players, sit_outs={1: [players[0], players[6]]}, keep_apart=clubs, rng=random.Random(1))
    report = quality(draw, (), clubs)
    assert (report.keep_apart_violations, report.keep_apart_bound) == (8, 8)
    text = report.render()
    assert "keep-apart violations: 8, at its lower bound 8: none better exists" in text
    assert ("forced: round 1: keep-apart groups of 6, 6, 6, 5 and 5 players at 4 boards of 7: at least 8 pair(s) "
            "of them share a board") in text
    assert "compromises remain" not in text
    assert draw.notes == ()  # no 'draw cost above the best known bound' beside the figures
    reasons = [r for t in draw.rounds[0].tables for r in t.reasons if r.startswith("keep-apart broken")]
    assert len(reasons) == 8 and all(r.endswith("share this board") for r in reasons)  # the board's own word


def test_compromises_remain_is_said_of_a_figure_above_its_bound():
    clubs = [list("ABCD")]
    draw = DrawnRounds(Family.CARCASSONNE, (Round(1, (DrawnTable(1, tuple(Seat(f"seat {i}", p) for i, p in enumerate("ABCD", 1))),
                                                DrawnTable(2, tuple(Seat(f"seat {i}", p) for i, p in enumerate("EFGH", 1))))),))
    report = quality(draw, (), clubs)
    assert (report.keep_apart_violations, report.keep_apart_bound) == (6, 2)  # a club of 4 at 2 tables: 2 + 2
    assert "keep-apart violations: 6, above its lower bound 2: compromises remain" in report.render()


def _tables(number: int, tables) -> Round:
    return Round(number, tuple(DrawnTable(t + 1, tuple(Seat(f"seat {i + 1}", p) for i, p in enumerate(names)))
                               for t, names in enumerate(tables)))


@pytest.mark.parametrize(
    "players, sizes, history",
    [
        ("ABCDEFGH", (4, 4), [("ABCD", "EFGH")]),  # 8 at two tables, two new rounds after one
        ("ABCDEFG", (4, 3), [("ABCD", "EFG")]),  # Carcassonne's 7: 4 + 3
        ("ABCDEF", (3, 3), []),  # three rounds fresh: 6 opponents for 5 others (the counting bound)
    ],
)
def test_rematch_and_small_table_bounds_are_never_above_the_optimum(players, sizes, history):
    played = [_tables(r + 1, tables) for r, tables in enumerate(history)]
    rounds = 3 if not history else 2
    options = list(seatings(tuple(players), sizes))
    best_cost = best_small = None
    for chosen in product(options, repeat=rounds):
        meetings: Counter[frozenset[str]] = Counter()
        small: Counter[str] = Counter()
        for tables in [*history, *chosen]:
            for t in tables:
                meetings.update(frozenset(p) for p in combinations(t, 2))
                if len(t) == 3:  # quality counts a Carcassonne draw's tables of three
                    small.update(t)
        cost = sum((c - 1) ** 2 for c in meetings.values() if c > 1)
        repeats = sum(c - 1 for c in small.values() if c > 1)
        best_cost = cost if best_cost is None else min(best_cost, cost)
        best_small = repeats if best_small is None else min(best_small, repeats)
    bound = rematch_bound(played, [players] * rounds, [sizes] * rounds)
    assert bound <= best_cost
    one = DrawnRounds(Family.CARCASSONNE, tuple(_tables(len(history) + r + 1, options[0]) for r in range(rounds)))
    assert quality(one, played).small_table_bound <= best_small


def test_keep_apart_bound_of_several_rounds_is_the_sum_of_theirs():
    assert keep_apart_bound(["ABCDEFGH", "ABCDEFG"], [(4, 4), (4, 3)], ["ABCDE"]) == 4 + 4
    assert sum(1 for _ in seatings(tuple("ABCDEFGHIJ"), (4, 3, 3))) == 2100  # 10! / (4! 3! 3! 2!): each once
