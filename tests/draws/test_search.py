"""The search's bookkeeping: kept counts agree with counting afresh after any swaps."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tourneybook.draws.model import DEFAULT_WEIGHTS
from tourneybook.draws.search import Seating


def _seating(rng: random.Random, n: int, rounds: int, small: bool) -> Seating:
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
    return Seating(tables, classes, smalls, meetings, partners, [0] * n, DEFAULT_WEIGHTS)


@pytest.mark.parametrize("trial", range(8))
def test_after_any_swaps_the_kept_figures_are_those_counted_afresh(trial):
    rng = random.Random(trial)
    seating = _seating(rng, 16 + 4 * (trial % 3), 3, small=trial % 2 == 1)
    for _ in range(60):
        r = rng.randrange(len(seating.rounds))
        ta, tb = rng.sample(range(len(seating.rounds[r])), 2)
        ia, ib = rng.randrange(4), rng.randrange(4)
        predicted = seating.delta(r, ta, ia, tb, ib)
        before = seating.cost
        assert seating.swap(r, ta, ia, tb, ib) == predicted
        assert seating.cost == before + predicted == seating.total_cost()
        kept = seating.hot_seats()
        afresh = Seating(seating.rounds, seating.classes, seating.small, *seating._history[:1], seating.partners,
                         seating._history[1], seating.w)
        assert kept == afresh.hot_seats()
        assert any(kept)  # the history's repeated pairs keep some seats hot: the comparison is not empty
