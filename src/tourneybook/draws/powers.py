"""Giving powers to the seven players of a board (seed 003, II.4).

"A player should not be assigned the same power twice in the tournament [...]
If possible, the TD will try to assign countries in different theaters (East,
West, Central) in the three rounds." Each board is an assignment problem of
seven players to seven powers, solved exactly over subsets of powers (7 x 2^7
states), with ties broken by the seeded shuffle.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from .model import POWERS, Power, Theatre, Weights


class PowerBook:
    """Which powers and theatres each player has had so far (mutable, internal)."""

    def __init__(self, theatre_of: Mapping[Power, Theatre]):
        self.theatre_of = theatre_of
        self.powers: Counter[tuple[int, Power]] = Counter()
        self.theatres: Counter[tuple[int, Theatre]] = Counter()
        self.games: Counter[int] = Counter()

    def record(self, player: int, power: Power) -> None:
        self.powers[(player, power)] += 1
        self.games[player] += 1
        if power in self.theatre_of:
            self.theatres[(player, self.theatre_of[power])] += 1

    def forget(self, player: int, power: Power) -> None:
        """Undo :meth:`record` (a board being given other powers)."""
        self.powers[(player, power)] -= 1
        self.games[player] -= 1
        if power in self.theatre_of:
            self.theatres[(player, self.theatre_of[power])] -= 1

    def cost(self, player: int, power: Power, weights: Weights) -> int:
        theatre = self.theatre_of.get(power)
        again = self.theatres[(player, theatre)] if theatre is not None else 0
        return weights.power_repeat * self.powers[(player, power)] + weights.theatre_repeat * theatre_cost(again)

    def repeats(self, board: Sequence[int], assignment: Sequence[Power]) -> int:
        """Powers of this assignment that its players already had."""
        return sum(self.powers[(p, power)] for p, power in zip(board, assignment))

    def record_board(self, board: Sequence[int], assignment: Sequence[Power]) -> None:
        for p, power in zip(board, assignment):
            self.record(p, power)

    def forget_board(self, board: Sequence[int], assignment: Sequence[Power]) -> None:
        for p, power in zip(board, assignment):
            self.forget(p, power)


THEATRE_FIRST = 8
"""What a player in a theatre they had costs beyond the times they had it: more than a board's other players' times
can add, so a board seats the fewest players in a theatre they had before (what each of them feels, issue 35) and
only then the fewest times."""


def theatre_cost(had: int) -> int:
    """The cost, in theatre repeats, of a player getting a theatre they had ``had`` times."""
    return THEATRE_FIRST + had if had else 0


def theatre_slots(book: PowerBook) -> list[tuple[Theatre | None, list[Power]]]:
    """Each theatre (None: the powers without one) with its powers, in the order of :data:`POWERS`."""
    groups: dict[Theatre | None, list[Power]] = {}
    for power in POWERS:
        groups.setdefault(book.theatre_of.get(power), []).append(power)
    return list(groups.items())


def theatre_row(player: int, book: PowerBook, weights: Weights,
                slots: Sequence[tuple[Theatre | None, list[Power]]]) -> tuple[int, ...]:
    """What ``player`` costs in each theatre of ``slots``: the times they had it, and a power repeat where they
    had every power of it."""
    row = []
    for theatre, powers in slots:
        had = book.theatres[(player, theatre)] if theatre is not None else 0
        fresh = any(book.powers[(player, power)] == 0 for power in powers)
        row.append(weights.theatre_repeat * theatre_cost(had) + (0 if fresh else weights.power_repeat))
    return tuple(row)


def slots_cost(rows: Sequence[Sequence[int]], slots: Sequence[tuple[Theatre | None, list[Power]]]) -> int:
    """The cheapest way to seat the players of a board costing ``rows`` (:func:`theatre_row`) in the theatres'
    slots (West 2, Central 3, East 2): a lower estimate of what :func:`assign_powers` costs there, exact on
    theatres, used to compare boards (issue 35), not to seat them."""
    best = {tuple(0 for _ in slots): 0}
    for row in rows:  # states: how many seats of each theatre are taken
        following: dict[tuple[int, ...], int] = {}
        for used, total in best.items():
            for k, (_, powers) in enumerate(slots):
                if used[k] < len(powers):
                    nxt = used[:k] + (used[k] + 1,) + used[k + 1:]
                    value = total + row[k]
                    if value < following.get(nxt, value + 1):
                        following[nxt] = value
        best = following
    return min(best.values(), default=0)


def theatres_floor(rows: Sequence[Sequence[int]], slots: Sequence[tuple[Theatre | None, list[Power]]],
                   boards: int) -> int:
    """A lower bound of the theatres' cost of a round whatever its boards (:func:`slots_cost` summed over them):
    the players costing ``rows`` seated in the slots of ``boards`` boards taken together, by a min-cost flow
    from the kinds of players to the theatres (successive shortest paths; a handful of nodes)."""
    kinds = Counter(tuple(row) for row in rows)
    costs, supply = list(kinds), list(kinds.values())
    room = [boards * len(powers) for _, powers in slots]
    flow = [[0] * len(room) for _ in costs]
    n, total = len(costs), 0
    while any(supply):
        # distances over the residual graph: nodes 0..n-1 the kinds, n+k the theatres
        far = float("inf")
        dist, back = [0 if s else far for s in supply] + [far] * len(room), [-1] * (n + len(room))
        for _ in range(n + len(room)):
            changed = False
            for i in range(n):
                for k in range(len(room)):
                    if dist[i] + costs[i][k] < dist[n + k]:
                        dist[n + k], back[n + k], changed = dist[i] + costs[i][k], i, True
                    if flow[i][k] and dist[n + k] - costs[i][k] < dist[i]:
                        dist[i], back[i], changed = dist[n + k] - costs[i][k], n + k, True
            if not changed:
                break
        open_rooms = [k for k in range(len(room)) if room[k]]
        if not open_rooms:
            raise ValueError("more players than seats")
        k = min(open_rooms, key=lambda k: dist[n + k])
        path, node = [], n + k
        while back[node] >= 0:
            path.append((back[node], node))
            node = back[node]
        amount = min([room[k], supply[node], *(flow[b][a - n] for a, b in path if a >= n)])
        for a, b in path:
            if a < n:  # kind a takes more of theatre b
                flow[a][b - n] += amount
                total += amount * costs[a][b - n]
            else:  # kind b gives back some of theatre a
                flow[b][a - n] -= amount
                total -= amount * costs[b][a - n]
        room[k] -= amount
        supply[node] -= amount
    return total


def assign_powers(board: Sequence[int], book: PowerBook, weights: Weights, rng: random.Random) -> list[Power]:
    """The cheapest powers for the seven players of ``board``, given what each player had."""
    powers = list(POWERS)
    rng.shuffle(powers)
    costs = [[book.cost(p, power, weights) for power in powers] for p in board]
    # layers[i][mask]: cheapest (cost, previous mask, power) giving the first i+1 players the powers in mask
    layers: list[dict[int, tuple[int, int, int]]] = []
    current = {0: 0}
    for i in range(len(board)):
        layer: dict[int, tuple[int, int, int]] = {}
        for mask, value in current.items():
            for j in range(len(powers)):
                if not mask & (1 << j):
                    nxt, total = mask | (1 << j), value + costs[i][j]
                    if nxt not in layer or total < layer[nxt][0]:
                        layer[nxt] = (total, mask, j)
        layers.append(layer)
        current = {m: v[0] for m, v in layer.items()}
    mask = min(current, key=current.__getitem__)
    chosen: list[Power] = []
    for layer in reversed(layers):
        _, previous, j = layer[mask]
        chosen.append(powers[j])
        mask = previous
    return chosen[::-1]
