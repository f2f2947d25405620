"""Theatres spread over the boards of the round drawn after played ones (issue 35: this round first).

Which theatres a board can give without repeats depends on who sits at it
(seven seats: 2 West, 3 Central, 2 East), and the search of the boards does
not see theatres. So players of two boards are swapped where that changes
nothing the round ranks before (its rematches, its keep-apart pairs, the
plan: the search's cost does not rise) and the boards' theatres repeat less.

Swaps that keep everything ranked before are few once the rematches are at
their floor (after two rounds of 49 players, 6 of 2,058), and one at a time
they stall where a few in a row would do (event day 6 of
tests/draws/test_round_first.py). So it is an annealing, as the yardstick
of the tests is: a swap that seats a pair again is taken now and then while
the temperature is high, the cost ranks the search's figures before the
theatres, and the best seating seen is kept; then every single swap that
still helps is taken. A player on two boards moves too (never to a board
they already sit at).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations, product

from .model import Weights
from .powers import PowerBook, slots_cost, theatre_row, theatre_slots
from .search import Seating

STEPS_PER_SEAT = 100
"""The annealing's steps per seat of the round (each weighs one swap)."""
RUNS = 1
"""Annealings from the search's seating, the best kept."""
HEAT = 3
"""The annealing's first temperature, in pairs meeting again."""


def spread_theatres(seating: Seating, book: PowerBook, weights: Weights, rng: random.Random) -> None:
    """Swap players of round 0's boards so that fewer play a theatre they had, nothing ranked before worse.

    ``book`` holds the played rounds only. The boards' theatre cost is exact
    (:func:`.powers.slots_cost`); the powers are given afterwards.
    """
    boards = seating.rounds[0]
    if len(boards) < 2 or seating.tiers is None:
        return
    walk = _Walk(seating, book, weights)
    start = [[list(t) for t in rnd] for rnd in seating.rounds]
    best_key, best = (seating.cost, walk.total), start
    for run in range(RUNS):
        if best_key[1] == 0:
            break
        if run:
            seating.reset(start)
            walk = _Walk(seating, book, weights)
        key, seated = _anneal(seating, walk, rng)
        if key < best_key:
            best_key, best = key, seated
    if [[list(t) for t in rnd] for rnd in seating.rounds] != best:
        seating.reset(best)
    walk = _Walk(seating, book, weights)
    _descend(seating, walk)


def _anneal(seating: Seating, walk: _Walk, rng: random.Random) -> tuple[tuple[int, int], list[list[list[int]]]]:
    """One annealing from the seating; the best (search's cost, theatres' cost) seen and its rounds."""
    boards = seating.rounds[0]
    seats = [(t, i) for t, board in enumerate(boards) for i in range(len(board))]
    steps = STEPS_PER_SEAT * len(seats)
    # the energy: the search's cost first, the theatres after it (``scale`` exceeds any theatres' total)
    scale = 1 + sum(max(walk.rows[p]) for board in boards for p in board)
    temperature = HEAT * float(scale * seating.tiers.rematch)  # pairs meeting again are taken now and then at first
    cooling = (0.2 / temperature) ** (1 / steps)
    best_key, best = (seating.cost, walk.total), [[list(t) for t in rnd] for rnd in seating.rounds]
    for _ in range(steps):
        temperature *= cooling
        (t, i), (u, j) = rng.sample(seats, 2)
        if t == u or not seating.can_swap(0, t, i, u, j):
            continue
        mine, theirs = list(boards[t]), list(boards[u])
        mine[i], theirs[j] = theirs[j], mine[i]
        new_t, new_u = walk.cost_of(mine), walk.cost_of(theirs)
        d = seating.delta(0, t, i, u, j)
        energy = d * scale + new_t + new_u - walk.cost[t] - walk.cost[u]
        if energy <= 0 or rng.random() < math.exp(-energy / temperature):
            seating.swap(0, t, i, u, j)
            walk.cost[t], walk.cost[u] = new_t, new_u
            walk.total = sum(walk.cost)
            if (seating.cost, walk.total) < best_key:
                best_key, best = (seating.cost, walk.total), [[list(b) for b in rnd] for rnd in seating.rounds]
                if walk.total == 0:
                    break
    return best_key, best


def _descend(seating: Seating, walk: _Walk) -> None:
    """Every swap of two boards' players that lowers the theatres' cost with nothing ranked before worse, taken
    until none is left (the annealing ends near such a seating, not always at it)."""
    boards = seating.rounds[0]
    better = True
    while better and walk.total:
        better = False
        for t, u in combinations(range(len(boards)), 2):
            for i, j in product(range(len(boards[t])), range(len(boards[u]))):
                if not seating.can_swap(0, t, i, u, j):
                    continue
                mine, theirs = list(boards[t]), list(boards[u])
                mine[i], theirs[j] = theirs[j], mine[i]
                new_t, new_u = walk.cost_of(mine), walk.cost_of(theirs)
                if new_t + new_u < walk.cost[t] + walk.cost[u] and seating.delta(0, t, i, u, j) <= 0:
                    seating.swap(0, t, i, u, j)
                    walk.cost[t], walk.cost[u] = new_t, new_u
                    walk.total = sum(walk.cost)
                    better = True


class _Walk:
    """The boards' theatre costs, kept up to date as players swap."""

    def __init__(self, seating: Seating, book: PowerBook, weights: Weights):
        self.slots = theatre_slots(book)
        self.rows = {p: theatre_row(p, book, weights, self.slots) for board in seating.rounds[0] for p in board}
        self.known: dict[tuple[tuple[int, ...], ...], int] = {}
        self.cost = [self.cost_of(board) for board in seating.rounds[0]]
        self.total = sum(self.cost)

    def cost_of(self, board: Sequence[int]) -> int:
        """What ``board``'s players repeat in the theatres at least (:func:`.powers.slots_cost`)."""
        key = tuple(sorted(self.rows[p] for p in board))  # boards of the same kinds of players cost the same
        if key not in self.known:
            self.known[key] = slots_cost(key, self.slots)
        return self.known[key]


__all__ = ["spread_theatres"]
