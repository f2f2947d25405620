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
from itertools import product

from .model import Weights
from .powers import PowerBook, slots_cost, theatre_cost, theatre_row, theatre_slots, theatres_floor
from .reseat import reseat_pairs
from .search import Seating

RUNS: tuple[tuple[float | None, int], ...] = ((None, 100), (1, 600))
"""The annealings from the search's seating, while the floor is not reached: how hot each starts (in pairs
meeting again; None: a few theatre repeats, nothing ranked before ever worse, which is quick where the
seatings as good as the search's are many) and its steps per seat (each weighs one swap). The best is kept.
The hot one cools over 600 steps a seat: over 300, 50 players with 4 pairs forced to meet again and six on
two boards kept 21 theatre repeats where the yardstick's seating of the same boards has 19 (scan seed 52)."""
CHAINS = 3
"""At the end, the swaps costing the least of what ranks before tried per player as the first of two in a row."""
SPLIT_WAYS = 64
"""Ways to split the theatres of the players on two boards tried every one to cost a seating (more: one player
at a time): six players on two boards who never had two theatres each."""


def spread_theatres(seating: Seating, book: PowerBook, weights: Weights, rng: random.Random) -> None:
    """Swap players of round 0's boards so that fewer play a theatre they had, nothing ranked before worse.

    ``book`` holds the played rounds only. The boards' theatre cost is exact
    (:func:`.powers.slots_cost`); the powers are given afterwards.
    """
    boards = seating.rounds[0]
    if len(boards) < 2 or seating.tiers is None:
        return
    walk = _Walk(seating, book, weights)
    if walk.total <= walk.floor:
        return
    start = [[list(t) for t in rnd] for rnd in seating.rounds]
    best_key, best = (seating.cost, walk.total), start
    for run, (heat, steps) in enumerate(RUNS):
        if best_key[1] <= walk.floor:
            break
        if run:
            seating.reset(start)
            walk = _Walk(seating, book, weights)
        key, seated = _anneal(seating, walk, rng, heat, steps)
        if key < best_key:
            best_key, best = key, seated
    if [[list(t) for t in rnd] for rnd in seating.rounds] != best:
        seating.reset(best)
    walk = _Walk(seating, book, weights)
    _descend(seating, walk)
    if reseat_pairs(seating, walk):
        _descend(seating, walk)


def _anneal(seating: Seating, walk: _Walk, rng: random.Random, heat: float | None,
            per_seat: int) -> tuple[tuple[int, int], list[list[list[int]]]]:
    """One annealing from the seating, starting ``heat`` pairs meeting again hot (None: a few theatre repeats, so
    nothing ranked before gets worse), ``per_seat`` steps per seat; the best (search's cost, theatres' cost)
    seen and its rounds."""
    boards = seating.rounds[0]
    seats = [(t, i) for t, board in enumerate(boards) for i in range(len(board))]
    steps = per_seat * len(seats)
    # the energy: the search's cost first, the theatres after it (``scale`` exceeds any theatres' total)
    scale = 1 + sum(max(walk.rows[p]) for board in boards for p in board)
    temperature = float(heat * scale * seating.tiers.rematch if heat else 3 * theatre_cost(1))
    cooling = (0.2 / temperature) ** (1 / steps)
    best_key, best = (seating.cost, walk.total), [[list(t) for t in rnd] for rnd in seating.rounds]
    for _ in range(steps):
        temperature *= cooling
        (t, i), (u, j) = rng.sample(seats, 2)
        if t == u or not seating.can_swap(0, t, i, u, j):
            continue
        mine, theirs = list(boards[t]), list(boards[u])
        mine[i], theirs[j] = theirs[j], mine[i]
        new_t, new_u = walk.cost_of(mine, t, {mine[i]: u}), walk.cost_of(theirs, u, {theirs[j]: t})
        d = seating.delta(0, t, i, u, j)
        energy = d * scale + new_t + new_u - walk.cost[t] - walk.cost[u]
        if energy <= 0 or rng.random() < math.exp(-energy / temperature):
            seating.swap(0, t, i, u, j)
            walk.cost[t], walk.cost[u] = new_t, new_u
            walk.total = sum(walk.cost)
            if (seating.cost, walk.total) < best_key:
                best_key, best = (seating.cost, walk.total), [[list(b) for b in rnd] for rnd in seating.rounds]
                if walk.total <= walk.floor:
                    break
    return best_key, best


def _descend(seating: Seating, walk: _Walk) -> None:
    """Each player to blame for a board's theatre repeats moved by the swap, or two swaps in a row, that lowers
    the theatres' cost with nothing ranked before worse, until none does (the annealing ends near such a
    seating, not always at it)."""
    boards = seating.rounds[0]
    better = True
    while better and walk.total > walk.floor:
        better = walk.settle_splits()
        for t in range(len(boards)):
            for x in walk.blamed(t):
                if x in boards[t] and _move(seating, walk, t, boards[t].index(x)):
                    better = True


def _move(seating: Seating, walk: _Walk, t: int, i: int) -> bool:
    """Move seat ``i`` of board ``t`` by the swap, or the two in a row (the second moving on whoever the first
    moved), that lowers the theatres' cost most with nothing ranked before worse; whether one did."""
    boards = seating.rounds[0]
    direct = sorted((seating.delta(0, t, i, u, j), u, j) for u, other in enumerate(boards) if u != t
                    for j in range(len(other)) if seating.can_swap(0, t, i, u, j))
    best, gain = [], 0
    for d, u, j in direct:
        if d <= 0 and (change := walk.change(boards, [(t, i, u, j)])) < gain:
            best, gain = [(t, i, u, j)], change
    if not best:
        for d, u, j in [c for c in direct if c[0] > 0][:CHAINS]:
            seating.swap(0, t, i, u, j)
            for at, seat in ((u, j), (t, i)):
                for v, other in enumerate(boards):
                    for k in range(len(other) if v != at else 0):
                        if seating.can_swap(0, at, seat, v, k) and d + seating.delta(0, at, seat, v, k) <= 0:
                            change = walk.change(boards, [(t, i, u, j), (at, seat, v, k)], done=1)
                            if change < gain:
                                best, gain = [(t, i, u, j), (at, seat, v, k)], change
            seating.swap(0, t, i, u, j)
    for move in best:
        seating.swap(0, *move)
    for b in {b for move in best for b in (move[0], move[2])}:
        walk.cost[b] = walk.cost_of(boards[b], b)
    walk.total = sum(walk.cost)
    return bool(best)


class _Walk:
    """The boards' theatre costs, kept up to date as players swap.

    A player on two boards cannot take a theatre they never had on both: the same theatre twice is a repeat
    too. So their two seats (the first and second of :class:`.search.Seating`'s, which a swap keeps) cost as
    if the theatres they never had were split between them, some to each; seen as one player on each board,
    they looked fresh on both, the walk stopped at a floor its seating did not reach (issue 35: 24 players,
    six on two boards, a theatre repeated where the search's seating spared it). The split is the one that
    costs the seating least, chosen again wherever the walk starts and at each round of its descent: with one
    split kept (every other theatre to each seat), half the seatings without a repeat cost one or two (issue
    35: workbook day of seed 1, 24 players, four on two boards). The annealing keeps the splits it starts
    with: turning them as moves of its own spent its steps and left as many of the scan's rounds worse as
    better.
    """

    def __init__(self, seating: Seating, book: PowerBook, weights: Weights):
        self.slots = theatre_slots(book)
        boards = seating.rounds[0]
        self.rows = {p: theatre_row(p, book, weights, self.slots) for board in boards for p in board}
        self.at = seating._at[0]
        """Per player, the boards they sit at (the search keeps it as players swap)."""
        self.splits = {p: _splits(row, p, book, weights, self.slots) for p, row in self.rows.items()
                       if len(self.at[p]) > 1}
        """Per player on two boards, the rows of their two seats for each way to split their fresh theatres."""
        self.split = dict.fromkeys(self.splits, 0)
        """Per player on two boards, the split their seats cost by now."""
        self.twice = {p: splits[0] for p, splits in self.splits.items()}
        self.known: dict[tuple[tuple[int, ...], ...], int] = {}
        self.cost = [self.cost_of(board, t) for t, board in enumerate(boards)]
        self.total = sum(self.cost)
        self.floor = theatres_floor([row for p, row in self.rows.items() if p not in self.splits]
                                    + [row for p in self.splits for row in _either_split(self.splits[p])],
                                    self.slots, len(boards))
        """No seating of these boards costs less (the boards' seats taken together): the walk stops there."""
        self.boards = boards
        self.settle_splits()

    def split_change(self, p: int, k: int) -> int:
        """What the theatres' cost changes by if player ``p`` on two boards took split ``k``."""
        now = self.twice[p]
        self.twice[p] = self.splits[p][k]
        change = sum(self.cost_of(self.boards[b], b) - self.cost[b] for b in self.at[p])
        self.twice[p] = now
        return change

    def turn(self, p: int, k: int) -> None:
        """Player ``p`` on two boards takes split ``k``."""
        self.split[p], self.twice[p] = k, self.splits[p][k]
        for b in self.at[p]:
            self.cost[b] = self.cost_of(self.boards[b], b)
        self.total = sum(self.cost)

    def settle_splits(self) -> bool:
        """The players on two boards to the splits that cost least together (every way, when there are at most
        :data:`SPLIT_WAYS`; else each to its cheapest while one lowers the cost); whether one turned."""
        doubles = list(self.splits)
        ways = math.prod(len(self.splits[p]) for p in doubles)
        if 1 < ways <= SPLIT_WAYS:
            touched = sorted({b for p in doubles for b in self.at[p]})
            now = tuple(self.split[p] for p in doubles)
            costs = {}
            for choice in product(*(range(len(self.splits[p])) for p in doubles)):
                for p, k in zip(doubles, choice):
                    self.twice[p] = self.splits[p][k]
                costs[choice] = sum(self.cost_of(self.boards[b], b) for b in touched)
            best = min(costs, key=lambda choice: (costs[choice], choice != now))
            for p, k in zip(doubles, best):
                self.turn(p, k)
            return best != now
        turned = again = False
        while True:
            again = False
            for p, splits in self.splits.items():
                change, k = min((self.split_change(p, k), k) for k in range(len(splits)))
                if change < 0:
                    self.turn(p, k)
                    turned = again = True
            if not again:
                return turned

    def _row(self, p: int, t: int, came: dict[int, int] | None = None) -> tuple[int, ...]:
        """``p``'s row at board ``t`` (a player on two boards: that of the seat they sit at, or came from). A seat
        never moves to a board where its player sits: a player on two boards already at ``t`` sits there by their
        other seat, whatever ``came`` says of the seat moving (two swaps in a row moved both seats of one player,
        and the walk costed the one that stayed as the one that moved: a move it took for a gain lost as much)."""
        if p not in self.twice:
            return self.rows[p]
        seats = self.at[p]
        return self.twice[p][seats.index(t if t in seats or not came or p not in came else came[p])]

    def blamed(self, t: int) -> list[int]:
        """The players of board ``t`` without whom it would repeat less."""
        board = self.boards[t]
        rows = [self._row(p, t) for p in board]
        return [p for k, p in enumerate(board) if self._cost_of_rows(rows[:k] + rows[k + 1:]) < self.cost[t]] \
            or list(board)

    def change(self, boards: Sequence[Sequence[int]], moves: Sequence[tuple[int, int, int, int]],
               done: int = 0) -> int:
        """What the theatres' cost changes by after ``moves`` (the first ``done`` of them already made)."""
        after = {b: list(boards[b]) for move in moves for b in (move[0], move[2])}
        came: dict[int, int] = {}
        for ta, ia, tb, ib in moves[done:]:
            came.setdefault(after[ta][ia], ta)
            came.setdefault(after[tb][ib], tb)
            after[ta][ia], after[tb][ib] = after[tb][ib], after[ta][ia]
        return sum(self.cost_of(board, b, came) - self.cost[b] for b, board in after.items())

    def cost_of(self, board: Sequence[int], t: int, came: dict[int, int] | None = None) -> int:
        """What ``board``'s players repeat in the theatres at least (:func:`.powers.slots_cost`) at board ``t``;
        ``came``: the boards the players moving there come from."""
        return self._cost_of_rows([self._row(p, t, came) for p in board])

    def _cost_of_rows(self, rows: list[tuple[int, ...]]) -> int:
        key = tuple(sorted(rows))  # boards of the same kinds of players cost the same
        if key not in self.known:
            self.known[key] = slots_cost(key, self.slots)
        return self.known[key]


def _splits(row: tuple[int, ...], player: int, book: PowerBook, weights: Weights,
            slots) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The rows of the two seats of a player on two boards, for each way to split the theatres they never had
    between the seats (none empty, when there are two or more): a seat costs a theatre of the other's share as
    one had once. The cheapest split of a seating is what the player repeats there, exactly."""
    fresh = [k for k, (theatre, _) in enumerate(slots)
             if theatre is not None and book.theatres[(player, theatre)] == 0]
    if len(fresh) < 2:
        shares = [(set(fresh), set()), (set(), set(fresh))][:1 + len(fresh)]
    else:
        shares = [({k for b, k in enumerate(fresh) if mask >> b & 1}, {k for b, k in enumerate(fresh) if not mask >> b & 1})
                  for mask in range(1, 2 ** len(fresh) - 1)]
    repeat = weights.theatre_repeat * theatre_cost(1)
    return [tuple(tuple(value + (repeat if k in fresh and k not in own else 0) for k, value in enumerate(row))
                  for own in share) for share in shares]


def _either_split(splits: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[tuple[int, ...]]:
    """The rows of a player on two boards that the floor takes: those of every split when the splits differ
    only in which seat has which (two theatres never had, or one), else the cheapest of every split's in each
    theatre (three never had: the floor must hold whichever split a seating takes)."""
    kinds = {tuple(sorted(pair)) for pair in splits}
    if len(kinds) == 1:
        return list(splits[0])
    cheapest = tuple(min(values) for values in zip(*(row for pair in splits for row in pair)))
    return [cheapest, cheapest]


__all__ = ["spread_theatres"]
