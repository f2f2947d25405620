"""Two boards of the round drawn after played ones seated again, every way (issue 35: this round first).

The theatres' annealing (:mod:`.theatre_spread`) moves two players at a
time. Where the boards' rematches and keep-apart pairs are at their floor,
a seating with fewer theatre repeats may differ from the one reached in
half the players of two boards at once, every step between them seating a
pair that met before: the round 2 drawn before for the workbook day of
seed 1 (24 players, four on two boards) kept a theatre repeated where
seating the players of two of its boards again spared it with nothing
ranked before worse. So, while the theatres
are above their floor, the players of two boards are split between them in
every way that ranks before no worse (a branch and bound: what a pair at
one board costs only adds up), and the split that lowers what ranks before,
or the theatres, most is taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .search import Seating


class TheatreCosts(Protocol):
    """The boards' theatre costs as :mod:`.theatre_spread`'s walk keeps them."""

    cost: list[int]
    """Per board of the round, what its players repeat at least."""
    total: int
    floor: int
    """No seating of the round's boards costs less."""

    def cost_of(self, board: Sequence[int], t: int, came: dict[int, int] | None = None) -> int:
        """What ``board``'s players would repeat at board ``t`` (``came``: where the players moving come from)."""

    def settle_splits(self) -> bool:
        """Players on two boards to the splits of their theatres that cost least."""


SPLITS_BUDGET = 30_000
"""Splits of two boards' players looked at, at most, per round (7 + 7 players split 1,716 ways): a few hundred
ms at most; a big field's boards are not all paired."""


def reseat_pairs(seating: Seating, walk: TheatreCosts) -> bool:
    """Seat the players of two boards again, the boards with theatre repeats first, while that lowers
    (what ranks before, the theatres); whether it did."""
    boards = seating.rounds[0]
    left, improved, better = SPLITS_BUDGET, False, True
    while better and walk.total > walk.floor:
        better = False
        order = sorted(range(len(boards)), key=lambda b: (-walk.cost[b], b))
        pairs = [(x, y) for k, x in enumerate(order) if walk.cost[x] for y in order[k + 1:]]
        for x, y in pairs:
            if left <= 0:
                return improved
            seen, split = _best_split(seating, walk, x, y, left)
            left -= seen
            if split is not None:
                _seat(seating, x, y, split)
                for b in (x, y):
                    walk.cost[b] = walk.cost_of(boards[b], b)
                walk.total = sum(walk.cost)
                walk.settle_splits()
                improved = better = True
                break
    return improved


def _best_split(seating: Seating, walk: TheatreCosts, x: int, y: int, budget: int) -> tuple[int, list[int] | None]:
    """(splits looked at, the players for board ``x`` of the best split lowering (what ranks before, the
    theatres), None if none does). A player on both boards stays on both."""
    boards = seating.rounds[0]
    both = set(boards[x]) & set(boards[y])
    pool = [p for p in boards[x] if p not in both] + [p for p in boards[y] if p not in both]
    size = len(boards[x]) - len(both)
    if len(boards[y]) != len(boards[x]):
        return 0, None
    came = {p: x if k < size else y for k, p in enumerate(pool)}
    weight = [[seating.pair_cost(a, b, (i < size) == (j < size)) if i != j else 0 for j, b in enumerate(pool)]
              for i, a in enumerate(pool)]
    now = sum(weight[i][j] for i in range(len(pool)) for j in range(i + 1, len(pool)) if (i < size) == (j < size))
    theatres_now = walk.cost[x] + walk.cost[y]
    best: tuple[tuple[int, int], list[int]] | None = None
    seen = 0
    sides: list[list[int]] = [[0], []]  # the first player of the pool on board x's side: either side is alike
    costs = [0, 0]

    def place(k: int) -> None:
        nonlocal best, seen
        if seen >= budget:
            return
        if k == len(pool):
            seen += 1
            mine, theirs = [*both, *(pool[i] for i in sides[0])], [*both, *(pool[i] for i in sides[1])]
            key = (costs[0] + costs[1] - now,
                   walk.cost_of(mine, x, came) + walk.cost_of(theirs, y, came) - theatres_now)
            if key < (0, 0) and (best is None or key < best[0]):
                best = (key, [pool[i] for i in sides[0]])
            return
        for side in (0, 1):
            if len(sides[side]) < size:
                added = sum(weight[k][i] for i in sides[side])
                if costs[0] + costs[1] + added <= now:  # what a pair at one board costs never falls
                    sides[side].append(k)
                    costs[side] += added
                    place(k + 1)
                    costs[side] -= added
                    sides[side].pop()

    place(1)
    return seen, best[1] if best else None


def _seat(seating: Seating, x: int, y: int, mine: list[int]) -> None:
    """Board ``x`` takes the players ``mine`` of the two boards and board ``y`` the others (or the other way
    round, where fewer move), by swaps."""
    boards = seating.rounds[0]
    both = set(boards[x]) & set(boards[y])
    chosen = set(mine)
    if len(chosen - set(boards[x])) > len(chosen - set(boards[y])):
        chosen = (set(boards[x]) | set(boards[y])) - chosen - both
    going = [p for p in boards[x] if p not in chosen and p not in both]
    coming = [p for p in boards[y] if p in chosen]
    for a, b in zip(going, coming):
        seating.swap(0, x, boards[x].index(a), y, boards[y].index(b))
