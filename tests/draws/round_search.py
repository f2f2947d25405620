"""An independent search of one round, to measure a draw against (issue 35).

Written for the tests, apart from the draws' own search: it only counts what a
player feels in the round being drawn, and anneals over swaps of two seats
(two players exchange their places, the seat keeps its role, power or number).
A round drawn by TourneyBook is *dominated* when this search finds a seating of
the same tables that is no worse on every figure and better on one.

The figures of a round, after the rounds played before it (``history``):

* seat repeats: a role (Friedrich) or a power (Diplomacy) the player had before;
* repeated pairs: pairs at one table of this round who met before;
* rematch cost: what the round adds to the sum over pairs of (meetings - 1)^2;
* keep-apart pairs: pairs of one keep-apart group at one table;
* theatre repeats (Diplomacy): a player in a theatre they had before;
* a player on two boards this round repeats a power or theatre between them too (the same power on both is a
  power repeat, the same theatre a theatre repeat), as the player feels it;
* two players on the same two boards this round meet twice in it: a repeated pair and what the second meeting
  adds to the rematch cost, as the draw's quality figures count them (issue 35: blind to it, this search
  "dominated" a round of the workbook day of seed 1, 24 players, by a seating with one theatre repeat fewer
  and two players on two boards together on both, 16 repeated pairs in the quality figures where the draw
  had 15);
* 3-player repeats (Carcassonne): a player at a table of three who sat at one before.

Friedrich: the rounds after this one must stay drawable, so a seating that
leaves the roles still owed unbalanced (no way for the players of this round to
play each remaining round with each role a quarter of them) is never taken.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, fields
from itertools import combinations

from tourneybook.draws.model import DEFAULT_THEATRES, ROLES, Family, Power, Round, Theatre

QUALIFYING_ROUNDS = 4
"""Friedrich: one round per role."""


@dataclass(frozen=True, order=True)
class RoundFigures:
    """What one round adds, as players feel it (lower is better on each)."""

    seat_repeats: int = 0
    repeated_pairs: int = 0
    rematch_cost: int = 0
    keep_apart: int = 0
    theatre_repeats: int = 0
    small_repeats: int = 0

    def values(self) -> tuple[int, ...]:
        return tuple(getattr(self, f.name) for f in fields(self))

    def dominates(self, other: RoundFigures) -> bool:
        """No worse on every figure and better on one."""
        mine, theirs = self.values(), other.values()
        return all(a <= b for a, b in zip(mine, theirs)) and mine != theirs


# Lexicographic weights of the annealing's cost, in the order above; each far above what the next can sum to.
WEIGHTS = (10**15, 10**12, 10**9, 10**6, 10**3, 10**3)


class _Past:
    """What the rounds before say about each player (counted once)."""

    def __init__(self, game: Family, history: Sequence[Round], groups: Sequence[Collection[str]],
                 theatres: Mapping[Power, Theatre]):
        self.game = game
        self.met: Counter[frozenset[str]] = Counter()
        self.seats: Counter[tuple[str, str]] = Counter()
        self.theatre_of = {p.value: t for p, t in theatres.items()}
        self.theatres: Counter[tuple[str, Theatre]] = Counter()
        self.small: Counter[str] = Counter()
        for rnd in history:
            for table in rnd.tables:
                names = sorted(set(table.players))
                self.met.update(frozenset(pair) for pair in combinations(names, 2))
                for seat in table.seats:
                    self.seats[(seat.player, seat.seat)] += 1
                    if seat.seat in self.theatre_of:
                        self.theatres[(seat.player, self.theatre_of[seat.seat])] += 1
                if game is Family.CARCASSONNE and len(table.seats) == 3:
                    self.small.update(names)
        self.apart = {frozenset(pair) for g in groups for pair in combinations(sorted(set(g)), 2)}
        self.labels = ({r.value for r in ROLES} if game is Family.FRIEDRICH
                       else set(self.theatre_of) | {p.value for p in Power} if game is Family.DIPLOMACY else set())

    def table(self, seats: Sequence[tuple[str, str]]) -> list[int]:
        """The figures one table adds, as a list in :class:`RoundFigures` order."""
        out = [0] * 6
        names = [p for _, p in seats]
        for a, b in combinations(names, 2):
            pair = frozenset((a, b))
            met = self.met[pair]
            if met:
                out[1] += 1
                out[2] += 2 * met - 1
            if pair in self.apart:
                out[3] += 1
        for label, player in seats:
            if label in self.labels and self.seats[(player, label)]:
                out[0] += 1
            theatre = self.theatre_of.get(label)
            if theatre is not None and self.theatres[(player, theatre)]:
                out[4] += 1
        if self.game is Family.CARCASSONNE and len(seats) == 3:
            out[5] += sum(1 for p in names if self.small[p])
        return out

    def twice(self, seats: Sequence[tuple[int, str, str]]) -> list[int]:
        """What the seats (table, label, player) of players on two boards this round add between them: the same
        power on both boards is a power repeat, the same theatre a theatre repeat (each where the past does not
        count it already); two of them at the same two tables meet again (each table counts a pair that met
        before: the second meeting of a pair new to each other is a repeated pair, and adds 1 to the rematch cost
        where each table counted nothing; one that met ``m`` times before adds 4m in all, each table 2m - 1)."""
        out = [0] * 6
        mine: dict[str, list[str]] = {}
        tables: dict[str, list[int]] = {}
        for table, label, player in seats:
            mine.setdefault(player, []).append(label)
            tables.setdefault(player, []).append(table)
        together: dict[tuple[int, ...], list[str]] = {}
        for player, at in tables.items():
            if len(at) > 1:
                together.setdefault(tuple(sorted(at)), []).append(player)
        for pair in (frozenset(pair) for group in together.values() for pair in combinations(group, 2)):
            out[1] += 0 if self.met[pair] else 1
            out[2] += 2 if self.met[pair] else 1
        for player, labels in mine.items():
            for a, b in combinations(labels, 2):
                if a == b and a in self.labels and not self.seats[(player, a)]:
                    out[0] += 1
                theatre = self.theatre_of.get(a)
                if theatre is not None and theatre == self.theatre_of.get(b) and not self.theatres[(player, theatre)]:
                    out[4] += 1
        return out


def round_figures(game: Family, rnd: Round, history: Sequence[Round], groups: Sequence[Collection[str]] = (),
                  theatres: Mapping[Power, Theatre] = DEFAULT_THEATRES) -> RoundFigures:
    """The figures of ``rnd`` after ``history``."""
    past = _Past(game, history, groups, theatres)
    total = past.twice([(t, s.seat, s.player) for t, table in enumerate(rnd.tables) for s in table.seats])
    for table in rnd.tables:
        for i, v in enumerate(past.table([(s.seat, s.player) for s in table.seats])):
            total[i] += v
    return RoundFigures(*total)


class _RolesLeft:
    """Friedrich: whether the roles owed after this round can still fill the rounds after it (kept up to date).

    Supply and demand (Gale): each player plays each remaining round in a role they owe, each role a quarter of
    the players per round; that can be done exactly when every set S of roles gets enough players to play it:
    sum over players of min(remaining, roles of S they owe) >= |S| * remaining * players / 4.
    """

    SUBSETS = [frozenset(s) for k in range(1, 5) for s in combinations([r.value for r in ROLES], k)]

    def __init__(self, history: Sequence[Round], seating: dict[str, str], remaining: int):
        self.remaining = remaining
        self.had = {p: {s.seat for rnd in history for t in rnd.tables for s in t.seats if s.player == p}
                    for p in seating}
        self.need = {s: len(s) * remaining * len(seating) // 4 for s in self.SUBSETS}
        self.supply = Counter()
        for player, role in seating.items():
            self._count(player, role, 1)

    def _owed(self, player: str, role: str) -> set[str]:
        return {r.value for r in ROLES} - self.had[player] - {role}

    def _count(self, player: str, role: str, sign: int) -> None:
        owed = self._owed(player, role)
        for s in self.SUBSETS:
            self.supply[s] += sign * min(self.remaining, len(owed & s))

    def ok(self) -> bool:
        return all(self.supply[s] >= self.need[s] for s in self.SUBSETS)

    def move(self, player: str, old: str, new: str) -> None:
        self._count(player, old, -1)
        self._count(player, new, 1)


def anneal(game: Family, rnd: Round, history: Sequence[Round], groups: Sequence[Collection[str]] = (), *,
           rng: random.Random, theatres: Mapping[Power, Theatre] = DEFAULT_THEATRES, steps: int | None = None,
           restarts: int = 2) -> RoundFigures:
    """The best figures an annealing over swaps of two seats of ``rnd`` finds (from ``rnd`` and from shuffles:
    Friedrich's keep each player's role, so a restart leaves the draw's tables, not its roles)."""
    past = _Past(game, history, groups, theatres)
    seats = [(t, s.seat) for t, table in enumerate(rnd.tables) for s in table.seats]
    start = [s.player for table in rnd.tables for s in table.seats]
    steps = steps or 300 * len(seats)
    remaining = QUALIFYING_ROUNDS - rnd.number if game is Family.FRIEDRICH else 0
    best = round_figures(game, rnd, history, groups, theatres)
    for attempt in range(restarts):
        order = list(start)
        if attempt and game is Family.FRIEDRICH:
            # Players shuffled among the seats of their role this round: across roles, the roles owed could be left
            # unbalanced, which the annealing never takes.
            for role in sorted({label for _, label in seats}):
                places = [i for i, (_, label) in enumerate(seats) if label == role]
                for i, p in zip(places, rng.sample([order[i] for i in places], len(places))):
                    order[i] = p
        elif attempt:
            rng.shuffle(order)
            if any(len(set(_at(order, seats, t))) != len(_at(order, seats, t)) for t in range(len(rnd.tables))):
                order = list(start)  # a double seated twice at one table: start from the draw
        found = _anneal_once(past, seats, order, len(rnd.tables), remaining, history, steps, rng)
        if found.values() < best.values():
            best = found
    return best


def _at(order: list[str], seats: list[tuple[int, str]], t: int) -> list[str]:
    return [p for p, (table, _) in zip(order, seats) if table == t]


def _anneal_once(past: _Past, seats, order: list[str], tables: int, remaining: int, history, steps: int,
                 rng: random.Random) -> RoundFigures:
    members = [[i for i, (t, _) in enumerate(seats) if t == table] for table in range(tables)]

    def table_figures(t: int) -> list[int]:
        return past.table([(seats[i][1], order[i]) for i in members[t]])

    doubles = {p for p, times in Counter(order).items() if times > 1}

    def twice_figures() -> list[int]:
        return past.twice([(*seats[i], p) for i, p in enumerate(order) if p in doubles])

    figures = [table_figures(t) for t in range(tables)]
    twice = twice_figures()
    cost = sum(_scalar(f) for f in figures) + _scalar(twice)
    roles = _RolesLeft(history, {order[i]: label for i, (_, label) in enumerate(seats)}, remaining) \
        if remaining else None
    best_cost, best = cost, [sum(f[k] for f in figures) + twice[k] for k in range(6)]
    temperature, cooling = float(WEIGHTS[1]), (0.01 / WEIGHTS[1]) ** (1 / max(1, steps))
    for _ in range(steps):
        temperature *= cooling
        i, j = rng.sample(range(len(seats)), 2)
        ti, tj = seats[i][0], seats[j][0]
        if order[i] == order[j] or (ti != tj and (order[i] in _players(order, members[tj])
                                                  or order[j] in _players(order, members[ti]))):
            continue  # a player on two boards never sits twice at one
        if ti == tj and past.game is Family.CARCASSONNE:
            continue  # the seat order of a Carcassonne table counts for nothing here
        order[i], order[j] = order[j], order[i]
        if roles is not None and seats[i][1] != seats[j][1]:
            roles.move(order[j], seats[i][1], seats[j][1])
            roles.move(order[i], seats[j][1], seats[i][1])
            if not roles.ok():
                roles.move(order[j], seats[j][1], seats[i][1])
                roles.move(order[i], seats[i][1], seats[j][1])
                order[i], order[j] = order[j], order[i]
                continue
        changed = {ti, tj}
        new = {t: table_figures(t) for t in changed}
        new_twice = twice_figures() if order[i] in doubles or order[j] in doubles else twice
        delta = sum(_scalar(new[t]) - _scalar(figures[t]) for t in changed) + _scalar(new_twice) - _scalar(twice)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            for t in changed:
                figures[t] = new[t]
            twice = new_twice
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [sum(f[k] for f in figures) + twice[k] for k in range(6)]
        else:
            if roles is not None and seats[i][1] != seats[j][1]:
                roles.move(order[j], seats[j][1], seats[i][1])
                roles.move(order[i], seats[i][1], seats[j][1])
            order[i], order[j] = order[j], order[i]
    return RoundFigures(*best)


def _players(order: list[str], members: list[int]) -> set[str]:
    return {order[i] for i in members}


def _scalar(figures: Sequence[int]) -> int:
    return sum(w * v for w, v in zip(WEIGHTS, figures))
