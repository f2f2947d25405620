"""The improvement step shared by every draw: tabu search over swaps within a round.

A swap exchanges two players of the same class (Friedrich: the same role this
round; otherwise anyone) between two tables of one round. The search picks a
player involved in a compromise (a rematch, a keep-apart pair, a second
3-player table), tries swapping them with others of that round, and takes the
best swap not recently undone. It stops at ``target`` (a known best value),
after ``max_steps``, or after ``patience`` steps without progress, and keeps
the best seating seen. Steps, not seconds,
bound it, so a seed always gives the same draw.

This round first (issue 32): a round drawn after played rounds is what the
players sit at now, while the rounds after it are re-planned whenever the
field changes again. So with ``this_round_first`` the first new round's
repeated pairs (pairs that met before, weighed by their rematch cost) and keep-apart pairs cost more than
the whole plan can (:class:`Tiers`): the search minimises them in that order,
and only then the plan's total, with the later rounds still drawn. While that
round adds more to the rematch cost than its floor, the player picked is one of
a pair that met before (issue 35: a big club keeps all its members in a
compromise, which drowned the few seats of a rematch).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Protocol

from .bounds import keep_apart_bound, partner_cliques
from .cost import copy_meetings, most_meetings, rematch_cost
from .model import Weights

SAMPLE = 48
"""Swap partners tried per step in a large round (all of them in a small one)."""


SPREAD_PENALTY = 10
"""Extra cost, in 3-player-table units, of each visit beyond the even spread (issue 9: at most ceil(seats / players))."""


def small_table_cost(times: int, cap: int | None = None) -> int:
    """The cost of one player's ``times`` at 3-player tables: each visit after the first, and heavily each beyond ``cap``.

    The total of second visits is fixed by the field, so counting them alone
    would not care whether one player sits at a table of three in every round;
    ``cap`` (the even spread) makes that a compromise the search avoids.
    """
    over = max(0, times - cap) if cap is not None else 0
    return max(0, times - 1) + SPREAD_PENALTY * over


class Tiers:
    """Weights that make the first new round's compromises lexicographically first (``this_round_first``).

    In the order the README gives (issue 35): what the pairs of this round who
    met before add to the rematch cost (``rematch``: a third meeting adds 3, a
    second 1), then how many such pairs there are (``pair``), then its
    keep-apart pairs (``apart``),
    then its players at a second 3-player table (``small``), then the plan's
    total. Each weight exceeds what every tier below it can add up to (a proven
    cap computed from the shape: every pair at most meets in every round), so
    one rematch in this round outweighs all the rest.
    """

    def __init__(self, rounds, meetings, small_counts, weights: Weights, small_cap: int | None):
        pairs_before = sum(len(row) for row in meetings) // 2
        pairs_new = sum(len(t) * (len(t) - 1) // 2 for rnd in rounds for t in rnd)
        most = most_meetings(meetings) + len(rounds)
        per_pair = weights.rematch * rematch_cost(most) + weights.keep_apart * most
        small = max(small_counts, default=0) + len(rounds)
        cap = (pairs_before + pairs_new) * per_pair + weights.small_table * len(meetings) * small_table_cost(small, small_cap)
        seats = sum(len(t) for t in rounds[0])
        self.small = cap + 1
        """Per player at a 3-player table of this round who sat at one before."""
        self.apart = self.small * (seats + 1)
        """Per keep-apart pair at a table of this round."""
        pairs_now = sum(len(t) * (len(t) - 1) // 2 for t in rounds[0])
        self.pair = self.apart * (pairs_now + 1)
        """Per pair at a table of this round that met in an earlier round: among rounds adding as much to the
        rematch cost, the fewest such pairs."""
        self.rematch = self.pair * (pairs_now + 1)
        """Per pair at a table of this round that met in an earlier round, times what the meeting adds to the
        rematch cost (1 for a second meeting, 3 for a third: one third meeting is worse than two second ones)."""


class Seating:
    """Mutable working copy of the new rounds, with the cost kept up to date (internal)."""

    def __init__(
        self,
        rounds: list[list[list[int]]],
        classes: list[list[int]],
        small: list[list[bool]],
        meetings: list[list[int]],
        partners: list[frozenset[int]],
        small_counts: list[int],
        weights: Weights,
        small_cap: int | None = None,
        this_round_first: bool = False,
    ):
        self.classes = classes
        """Per round, each player's class: only players of one class swap."""
        self.small = small
        """Per round, which tables are 3-player tables."""
        self.partners = partners
        self.w = weights
        self.small_cap = small_cap
        """Carcassonne: the even spread of 3-player seats; more visits than this are a compromise."""
        self._history = (meetings, small_counts)
        self._met_again: int | None = None
        """With the tiers, the floor of what the first new round adds to the rematch cost (set by :meth:`floor`)."""
        self.tiers = Tiers(rounds, meetings, small_counts, weights, small_cap) if this_round_first and rounds else None
        """Set when the first new round's compromises come first (see the module docstring)."""
        self._focus_weight: list[dict[int, int]] = []
        """With the tiers: per player, what sitting with each other player costs in the first new round (only the
        players met before or kept apart from are stored; the search's innermost loop looks them up)."""
        if self.tiers is not None:
            for p, before in enumerate(meetings):
                weight = {z: self.tiers.pair + self.tiers.rematch * (2 * met - 1) for z, met in before.items() if met}
                for z in partners[p]:
                    weight[z] = weight.get(z, 0) + self.tiers.apart
                self._focus_weight.append(weight)
        most = most_meetings(meetings)
        self._rc = [rematch_cost(c) for c in range(most + len(rounds) + 2)]
        self.reset(rounds)

    def reset(self, rounds: list[list[list[int]]]) -> None:
        """Seat ``rounds`` and recount everything from the history."""
        meetings, small_counts = self._history
        self.rounds = [[list(t) for t in rnd] for rnd in rounds]
        self.meet = copy_meetings(meetings)
        self.small_counts = list(small_counts)
        for r, rnd in enumerate(self.rounds):
            for t, table in enumerate(rnd):
                for a in table:
                    for b in table:
                        if a != b:
                            self.meet[a][b] += 1
                    if self.small[r][t]:
                        self.small_counts[a] += 1
        self.focus_cost = self._focus_total()
        """What the first round's tiers add to :attr:`cost` (0 without ``this_round_first``)."""
        self.cost = self.total_cost() + self.focus_cost
        self._doubles = any(sum(map(len, rnd)) != len({p for table in rnd for p in table}) for rnd in self.rounds)
        """Whether a round seats someone twice (a Diplomacy double): only then may two tables share a player."""
        self._at = [[[] for _ in self.meet] for _ in self.rounds]
        """Per round, the tables each player sits at (two for a player on two boards)."""
        for r, rnd in enumerate(self.rounds):
            for t, table in enumerate(rnd):
                for a in table:
                    self._at[r][a].append(t)
        self._hot: list[list[list[tuple[int, int, int]] | None]] = [[None] * len(rnd) for rnd in self.rounds]
        """Per round and table, its seats in a compromise; None once a swap may have changed them."""
        self._met_hot: list[list[tuple[int, int, int]] | None] = [None] * len(self.rounds[0]) if self.rounds else []
        """Per table of the first new round, its seats in a pair that met before; None once a swap may have
        changed them."""

    def total_cost(self) -> int:
        pairs = 0
        for a, row in enumerate(self.meet):
            for b, c in row.items():  # only the pairs that met: linear in meetings, not in players squared
                if b > a and c:
                    pairs += self.w.rematch * self._rc[c] + (self.w.keep_apart * c if b in self.partners[a] else 0)
        smalls = sum(small_table_cost(s, self.small_cap) for s in self.small_counts)
        return pairs + self.w.small_table * smalls

    def floor(self, rematch_bound: int, met_again: int = 0) -> int:
        """A proven lower bound of :attr:`cost`: the rematch bound, and the keep-apart pairs the group sizes
        force in each round (:mod:`.bounds`); with the tiers, the first round's forced keep-apart pairs and
        ``met_again``, what it must add to the rematch cost and to its pairs met again
        (:func:`.quality.met_again_bound`). The search stops there."""
        groups = partner_cliques(self.partners)
        forced = [keep_apart_bound([{p for t in rnd for p in t}], [[len(t) for t in rnd]], groups)
                  for rnd in self.rounds]
        floor = self.w.rematch * rematch_bound + self.w.keep_apart * sum(forced)
        if self.tiers is not None and forced:
            self._met_again = met_again
            # met_again bounds the sum over this round's pairs of m, the times each met before; such a pair costs
            # rematch * (2m - 1) + pair, never less than m * (rematch + pair): a pair met twice is no cheaper per
            # meeting than two pairs met once, so the bound holds whoever met twice (issue 35, the speed goal)
            floor += self.tiers.apart * forced[0] + (self.tiers.rematch + self.tiers.pair) * met_again
            been = self._history[1]
            small_seats = sum(len(t) for t, small in zip(self.rounds[0], self.small[0]) if small)
            floor += self.tiers.small * max(0, small_seats - sum(1 for t in self.rounds[0] for p in t if not been[p]))
        return floor

    @property
    def plan_cost(self) -> int:
        """The plan's total (history and every new round), without the first round's tiers."""
        return self.cost - self.focus_cost

    def _focus_with(self, p: int, table: list[int], leaving: int) -> int:
        """The tiers' cost of ``p`` sitting with ``table`` (``leaving`` not counted) in the first new round.

        A pair that met costs ``rematch`` times what the meeting adds to the rematch cost (a third meeting
        weighs three second ones: rematch_cost(3) - rematch_cost(2)); a keep-apart pair costs ``apart``.
        """
        weight = self._focus_weight[p]
        if not weight:
            return 0
        cost = sum(weight.get(z, 0) for z in table)
        return cost - weight.get(leaving, 0) if leaving in table else cost

    def _focus_total(self) -> int:
        if self.tiers is None:
            return 0
        been = self._history[1]
        again = sum(1 for t, small in zip(self.rounds[0], self.small[0]) if small for p in t if been[p])
        return sum(self._focus_with(a, table, a) for table in self.rounds[0] for a in table) // 2 + self.tiers.small * again

    def _focus_change(self, r: int, ta: int, ia: int, tb: int, ib: int) -> int:
        """How a swap in round ``r`` changes the first round's tiers."""
        if self.tiers is None or r != 0:
            return 0
        a_table, b_table = self.rounds[0][ta], self.rounds[0][tb]
        x, y = a_table[ia], b_table[ib]
        wx, wy = self._focus_weight[x], self._focus_weight[y]
        change = 0
        if wx:  # x leaves a_table for b_table, where y no longer sits
            change += sum([wx.get(z, 0) for z in b_table]) - wx.get(y, 0) - sum([wx.get(z, 0) for z in a_table])
        if wy:
            change += sum([wy.get(z, 0) for z in a_table]) - wy.get(x, 0) - sum([wy.get(z, 0) for z in b_table])
        small = self.small[0]
        if small[ta] != small[tb]:  # one of them moves to a table of three: had they sat at one before?
            been = self._history[1]
            into, out = (y, x) if small[ta] else (x, y)
            change += self.tiers.small * ((been[into] > 0) - (been[out] > 0))
        return change

    def _pair_change(self, a: int, b: int, d: int) -> int:
        c = self.meet[a][b]
        change = self.w.rematch * (self._rc[c + d] - self._rc[c])
        if b in self.partners[a]:
            change += self.w.keep_apart * d
        return change

    def _small_change(self, leaving: int, joining: int) -> int:
        out, into, cap = self.small_counts[leaving], self.small_counts[joining], self.small_cap
        change = (small_table_cost(out - 1, cap) - small_table_cost(out, cap)
                  + small_table_cost(into + 1, cap) - small_table_cost(into, cap))
        return self.w.small_table * change

    def delta(self, r: int, ta: int, ia: int, tb: int, ib: int) -> int:
        """Cost change of swapping seat ``ia`` of table ``ta`` with seat ``ib`` of ``tb``."""
        a_table, b_table = self.rounds[r][ta], self.rounds[r][tb]
        x, y = a_table[ia], b_table[ib]
        # A player on both boards (a double) still sits with whoever moves between them: those pairs do not change.
        both = set(a_table).intersection(b_table) if self._doubles else ()
        # _pair_change written out: this is the search's innermost loop
        rc, rematch, keep_apart = self._rc, self.w.rematch, self.w.keep_apart
        d = 0
        for mover, other, old, new in ((x, y, a_table, b_table), (y, x, b_table, a_table)):
            met, apart = self.meet[mover], self.partners[mover]
            for z in old:
                if z != mover and z not in both:
                    c = met[z]
                    d += rematch * (rc[c - 1] - rc[c]) - (keep_apart if z in apart else 0)
            for z in new:
                if z != other and z not in both:
                    c = met[z]
                    d += rematch * (rc[c + 1] - rc[c]) + (keep_apart if z in apart else 0)
        if self.small[r][ta] != self.small[r][tb]:
            d += self._small_change(x, y) if self.small[r][ta] else self._small_change(y, x)
        return d + self._focus_change(r, ta, ia, tb, ib)

    def swap(self, r: int, ta: int, ia: int, tb: int, ib: int) -> int:
        """Do the swap, keep counts and cost current, and return the cost change."""
        a_table, b_table = self.rounds[r][ta], self.rounds[r][tb]
        x, y = a_table[ia], b_table[ib]
        focus = self._focus_change(r, ta, ia, tb, ib)
        self.focus_cost += focus
        d = focus
        for mover, old, new, stay_old, stay_new in ((x, a_table, b_table, ia, ib), (y, b_table, a_table, ib, ia)):
            for i, z in enumerate(old):
                if i != stay_old:
                    d += self._pair_change(mover, z, -1)
                    self.meet[mover][z] -= 1
                    self.meet[z][mover] -= 1
            for i, z in enumerate(new):
                if i != stay_new:
                    d += self._pair_change(mover, z, 1)
                    self.meet[mover][z] += 1
                    self.meet[z][mover] += 1
        if self.small[r][ta] != self.small[r][tb]:
            leaving, joining = (x, y) if self.small[r][ta] else (y, x)
            d += self._small_change(leaving, joining)
            self.small_counts[leaving] -= 1
            self.small_counts[joining] += 1
        a_table[ia], b_table[ib] = y, x
        self.cost += d
        # x's and y's pairs changed: every table they sit at, in any round, must look again
        for at, hot in zip(self._at, self._hot):
            for t in (*at[x], *at[y]):
                hot[t] = None
        self._hot[r][ta] = self._hot[r][tb] = None
        if r == 0 and self._met_hot:
            self._met_hot[ta] = self._met_hot[tb] = None
        seats = self._at[r]
        seats[x][seats[x].index(ta)] = tb
        seats[y][seats[y].index(tb)] = ta
        return d

    def hot_seats(self) -> list[tuple[int, int, int]]:
        """(round, table, seat) of every player involved in a compromise.

        Each table's seats are kept until a swap touches one of its players.
        """
        hot: list[tuple[int, int, int]] = []
        for r, (rnd, known) in enumerate(zip(self.rounds, self._hot)):
            for t, table in enumerate(rnd):
                seats = known[t]
                if seats is None:
                    seats = known[t] = self._hot_at(r, t, table)
                hot += seats
        return hot

    def hot_seat(self, rng: random.Random) -> tuple[int, int, int] | None:
        """``rng.choice(self.hot_seats())`` without building the list (the same draw of ``rng``: choice and
        randrange both take ``_randbelow`` of the length); None when no seat is in a compromise.

        With the tiers, while the first new round adds more to the rematch cost than its floor, only its seats
        in a pair that met before: the keep-apart pairs a club's size forces keep every member of a big club in
        a compromise, and drawn among them the few seats of a rematch were picked too rarely to undo it (issue
        35: a club of 27 in 49 seats).
        """
        if self._met_again is not None and self.focus_cost // self.tiers.rematch > self._met_again:
            met = self._met_seats()
            if met:
                return met[rng.randrange(len(met))]
        total = 0
        for r, (rnd, known) in enumerate(zip(self.rounds, self._hot)):
            for t, table in enumerate(rnd):
                if known[t] is None:
                    known[t] = self._hot_at(r, t, table)
                total += len(known[t])
        if not total:
            return None
        k = rng.randrange(total)
        for known in self._hot:
            for seats in known:
                if k < len(seats):
                    return seats[k]
                k -= len(seats)
        raise AssertionError("k is below the total")

    def _met_seats(self) -> list[tuple[int, int, int]]:
        """The seats of the first new round in a pair that met before."""
        before, known = self._history[0], self._met_hot
        for t, table in enumerate(self.rounds[0]):
            if known[t] is None:
                known[t] = [(0, t, i) for i, x in enumerate(table)
                            if any(before[x][z] for z in table if z != x)]
        return [seat for seats in known for seat in seats]

    def _hot_at(self, r: int, t: int, table: list[int]) -> list[tuple[int, int, int]]:
        # each pair looked at once: meetings and keep-apart partners are symmetric
        hot = [self.small[r][t] and self.small_counts[x] > 1 for x in table]
        for i, x in enumerate(table):
            row, partners = self.meet[x], self.partners[x]
            for j in range(i + 1, len(table)):
                z = table[j]
                if z != x and (row[z] > 1 or z in partners):
                    hot[i] = hot[j] = True
        return [(r, t, i) for i, is_hot in enumerate(hot) if is_hot]

    def pair_cost(self, a: int, b: int, together: int) -> int:
        """What ``a`` and ``b`` at one table of the first new round add to :attr:`cost`, their meetings counted
        without the ``together`` tables of it that seat them now."""
        c = self.meet[a][b] - together
        cost = self.w.rematch * (self._rc[c + 1] - self._rc[c]) + (self.w.keep_apart if b in self.partners[a] else 0)
        return cost + (self._focus_weight[a].get(b, 0) if self.tiers is not None else 0)

    def can_swap(self, r: int, ta: int, ia: int, tb: int, ib: int) -> bool:
        a_table, b_table = self.rounds[r][ta], self.rounds[r][tb]
        x, y = a_table[ia], b_table[ib]
        cls = self.classes[r]
        return x != y and cls[x] == cls[y] and y not in a_table and x not in b_table


class Guard(Protocol):
    """A rule a swap must keep beyond the players' classes (Friedrich: the roles still owed stay balanced)."""

    def allows(self, x: int, seat_x: int, y: int, seat_y: int) -> bool:
        """Whether ``x`` (at seat ``seat_x`` of its table) and ``y`` (at ``seat_y`` of theirs) may swap."""

    def swapped(self, x: int, seat_x: int, y: int, seat_y: int) -> None:
        """They did: ``x`` now sits at ``seat_y``, ``y`` at ``seat_x``."""

    def reset(self, rounds: list[list[list[int]]]) -> None:
        """The search went back to ``rounds`` (its best seating)."""


def improve(seating: Seating, rng: random.Random, target: int, max_steps: int, patience: int,
            guard: Guard | None = None) -> None:
    """Lower ``seating.cost`` towards ``target`` by tabu search; leave the best seating found.

    ``patience``: steps without a new best after which the search gives up (the
    bound may be out of reach). ``guard``: a rule every swap keeps (one round only).
    """
    best_cost = seating.cost
    best = [[list(t) for t in rnd] for rnd in seating.rounds]
    tabu: dict[tuple[int, int], int] = {}
    if all(len(rnd) < 2 for rnd in seating.rounds):
        return  # one table per round: nothing to swap
    last_best = 0
    for step in range(max_steps):
        if seating.cost <= target or step - last_best > patience:
            break
        chosen_seat = seating.hot_seat(rng)
        if chosen_seat is None:
            break  # every remaining cost comes from the history alone
        r, ta, ia = chosen_seat
        rnd = seating.rounds[r]
        x, a_table, cls = rnd[ta][ia], rnd[ta], seating.classes[r]
        partners = [  # every (tb, ib) that seating.can_swap allows, in the same order
            (tb, ib)
            for tb, table in enumerate(rnd)
            if tb != ta and x not in table
            for ib, y in enumerate(table)
            if y != x and cls[y] == cls[x] and y not in a_table and (guard is None or guard.allows(x, ia, y, ib))
        ]
        if len(partners) > SAMPLE:
            partners = rng.sample(partners, SAMPLE)
        chosen: list[tuple[int, int]] = []
        chosen_delta = math.inf
        for tb, ib in partners:
            d = seating.delta(r, ta, ia, tb, ib)
            y = rnd[tb][ib]
            is_tabu = tabu.get((r, x), -1) > step or tabu.get((r, y), -1) > step
            if is_tabu and seating.cost + d >= best_cost:
                continue  # aspiration: a tabu swap is taken only for a new best
            if d < chosen_delta:
                chosen_delta, chosen = d, [(tb, ib)]
            elif d == chosen_delta:
                chosen.append((tb, ib))
        if not chosen:
            continue
        tb, ib = rng.choice(chosen)
        y = rnd[tb][ib]
        seating.swap(r, ta, ia, tb, ib)
        if guard is not None:
            guard.swapped(x, ia, y, ib)
        tenure = 5 + rng.randrange(10)
        tabu[(r, x)] = tabu[(r, y)] = step + tenure
        if seating.cost < best_cost:
            best_cost, last_best = seating.cost, step
            best = [[list(t) for t in rnd] for rnd in seating.rounds]
    if seating.cost > best_cost:
        seating.reset(best)
        if guard is not None:
            guard.reset(best)


def best_of(attempts: int, searched: Callable[[], tuple[Seating, int]]) -> Seating:
    """The cheapest of up to ``attempts`` searches from different starts; ``searched()`` makes one and returns
    it with the floor of its cost. The first to reach its floor ends it: no other start can do better."""
    best = None
    for _ in range(max(1, attempts)):
        seating, floor = searched()
        if best is None or seating.cost < best.cost:
            best = seating
        if best.cost <= floor:
            break
    if best is None:
        raise AssertionError("bug: best is unset")
    return best
