"""The search's bookkeeping: kept counts agree with counting afresh after any swaps."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tourneybook.draws.model import DEFAULT_WEIGHTS
from tourneybook.draws.search import Seating


def _seating(rng: random.Random, n: int, rounds: int, small: bool, first: bool = False) -> Seating:
    tables = []
    for _ in range(rounds):
        order = rng.sample(range(n), n)
        tables.append([order[i : i + 4] for i in range(0, n, 4)])
    meetings = [Counter() for _ in range(n)]
    for _ in range(n):
        a, b = rng.sample(range(n), 2)
        meetings[a][b] += 1
        meetings[b][a] += 1
    partners = [frozenset()] * n
    partners[0], partners[1] = frozenset({1}), frozenset({0})
    smalls = [[small and t == 0 for t in range(n // 4)] for _ in range(rounds)]
    classes = [[p % 2 for p in range(n)] for _ in range(rounds)]
    return Seating(tables, classes, smalls, meetings, partners, [0] * n, DEFAULT_WEIGHTS, this_round_first=first)


@pytest.mark.parametrize("trial", range(8))
def test_after_any_swaps_the_kept_figures_are_those_counted_afresh(trial):
    rng = random.Random(trial)
    seating = _seating(rng, 16 + 4 * (trial % 3), 3, small=trial % 2 == 1, first=trial >= 4)
    for _ in range(60):
        r = rng.randrange(len(seating.rounds))
        ta, tb = rng.sample(range(len(seating.rounds[r])), 2)
        ia, ib = rng.randrange(4), rng.randrange(4)
        predicted = seating.delta(r, ta, ia, tb, ib)
        before = seating.cost
        assert seating.swap(r, ta, ia, tb, ib) == predicted
        assert seating.cost == before + predicted == seating.total_cost() + seating._focus_total()
        kept = seating.hot_seats()
        afresh = Seating(seating.rounds, seating.classes, seating.small, *seating._history[:1], seating.partners,
                         seating._history[1], seating.w, this_round_first=seating.tiers is not None)
        assert kept == afresh.hot_seats()
        assert any(kept)  # the history's repeated pairs keep some seats hot: the comparison is not empty


def _this_round_first_key(seating: Seating) -> tuple[int, int, int, int]:
    """Issue 35's order, counted afresh: the rematch cost the first round's pairs that met before add, how
    many they are, its keep-apart pairs, the plan."""
    before, partners = seating._history[0], seating.partners
    pairs = [(a, b) for table in seating.rounds[0] for i, a in enumerate(table) for b in table[i + 1:]]
    return (sum(2 * before[a][b] - 1 for a, b in pairs if before[a][b]), sum(1 for a, b in pairs if before[a][b]),
            sum(1 for a, b in pairs if b in partners[a]), seating.total_cost())


@pytest.mark.parametrize("trial", range(4))
def test_this_round_first_ranks_the_first_round_before_the_plan(trial):
    """Issues 32 and 35: with ``this_round_first`` the search's cost orders seatings as (the rematch cost this
    round's pairs that met before add, how many they are, its keep-apart pairs, the plan's total) do, lexicographically; without it one rematch now can be traded
    for a cheaper plan."""
    rng = random.Random(trial)
    base = _seating(rng, 20, 3, small=False, first=True)
    orders = [[rng.sample(range(20), 20) for _ in range(3)] for _ in range(30)]
    seatings = [Seating([[order[i:i + 4] for i in range(0, 20, 4)] for order in seating],
                        base.classes, base.small, base._history[0], base.partners, base._history[1], base.w,
                        this_round_first=True) for seating in orders]
    for _ in range(200):
        s = rng.choice(seatings)
        r = rng.randrange(3)
        ta, tb = rng.sample(range(5), 2)
        s.swap(r, ta, rng.randrange(4), tb, rng.randrange(4))
        s2, s3 = rng.sample(seatings, 2)
        assert (s2.cost < s3.cost) == (_this_round_first_key(s2) < _this_round_first_key(s3))


@pytest.mark.parametrize("first", [False, True])
def test_a_swap_between_boards_sharing_doubles_changes_the_cost_by_its_delta(first):
    """Players on two boards (Diplomacy doubles) stay with whoever moves between those boards: the delta counted
    without doing the swap is the cost the swap makes, and the kept cost is the cost counted afresh."""
    rng, shared = random.Random(7), 0
    for _ in range(60):
        n, boards = rng.randint(14, 30), rng.randint(2, 5)
        if not n <= 7 * boards <= 2 * n:
            continue
        entries = list(range(n)) + rng.sample(range(n), 7 * boards - n)
        order = rng.sample(entries, len(entries))
        tables = [order[b * 7:(b + 1) * 7] for b in range(boards)]
        if any(len(set(t)) < 7 for t in tables):
            continue
        meetings = [Counter() for _ in range(n)]
        for _ in range(2 * n):
            a, b = rng.sample(range(n), 2)
            meetings[a][b] += 1
            meetings[b][a] += 1
        partners = [frozenset({(p + 1) % n, (p - 1) % n}) if p % 5 == 0 else frozenset() for p in range(n)]
        partners = [frozenset(q for q in range(n) if p in partners[q] or q in partners[p]) for p in range(n)]
        seating = Seating([tables], [[0] * n], [[False] * boards], meetings, partners, [0] * n, DEFAULT_WEIGHTS,
                          this_round_first=first)
        for _ in range(40):
            ta, tb = rng.sample(range(boards), 2)
            ia, ib = rng.randrange(7), rng.randrange(7)
            if not seating.can_swap(0, ta, ia, tb, ib):
                continue
            shared += bool(set(seating.rounds[0][ta]) & set(seating.rounds[0][tb]))
            delta = seating.delta(0, ta, ia, tb, ib)
            assert seating.swap(0, ta, ia, tb, ib) == delta
            assert seating.cost == seating.total_cost() + seating._focus_total()
    assert shared > 50  # the boards did share players
