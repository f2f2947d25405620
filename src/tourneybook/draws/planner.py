"""The plans the rounds of a draw are taken from, rebuilt from the rounds on the sheet (pure).

A field's plan runs from its first round to the end (:mod:`tourneybook.draws.plan`);
the draw action gives the planner plain values: the players with the rounds each
plays, the keep-apart groups, the rounds played and a draw function, never a
workbook. Nothing is stored: the same rounds give the same plans.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..errors import InputError
from .families import DrawFamily
from .model import DrawnRounds, Family, Round
from .plan import follow_plan, same_round, substituted
from .quality import quality


class Attendee(Protocol):
    """A player as the planner sees them: a name, and whether they play a round (the Players sheet's row)."""

    @property
    def name(self) -> str: ...

    def plays(self, number: int) -> bool: ...


class Planner:
    """The plans the rounds are taken from (draws/plan.py), rebuilt from the rounds on the sheet.

    A field's plan runs from its first round to the end. Where the field changed
    one for one (a stand-in or a late arrival for a withdrawn player), the plan of
    the field before, with the newcomer in the seats planned for the one who left,
    is kept when it is at least as good as planning the rest again: so a
    withdrawn player's seat goes to their stand-in and nobody else's tables move.
    This holds for the first change of the field; after a later one the rest is
    planned again (this round first, :mod:`.search`), which needs one search, not
    one per change.
    """

    def __init__(self, family: DrawFamily, players: Sequence[Attendee], groups: Sequence[Sequence[str]],
                 played: Sequence[Round], end: int, seed: int | None,
                 draw: Callable[[int, int, Sequence[Round], int], DrawnRounds]):
        self.family, self.players, self.groups, self.played = family, players, groups, tuple(played)
        self.end, self.seed, self.draw = end, seed, draw
        self._plans: dict[tuple[int, int], DrawnRounds] = {}

    def present(self, number: int) -> frozenset[str]:
        return frozenset(p.name for p in self.players if p.plays(number))

    def followed(self, field_round: int, number: int) -> DrawnRounds:
        """The plan for the field of ``field_round`` that the rounds played follow, from round ``number`` on;
        or the plan made now, when it seats round ``number`` better (issue 35: this round first)."""
        earliest = field_start(field_round, self.players)  # a --seed follows its plan as the default seed does
        plan, anchor = follow_plan(lambda a: self.plan(field_round, a), self.played, earliest, number)
        if anchor == number or number == 1:
            return plan
        before = tuple(r for r in self.played if r.number < number)
        key = round_key(plan.rounds[0], plan.game, before, self.groups)
        if not any(key):
            return plan  # nothing a plan made now could better
        fresh = self.plan(field_round, number)
        return fresh if round_key(fresh.rounds[0], fresh.game, before, self.groups) < key else plan

    def plan(self, field_round: int, anchor: int) -> DrawnRounds:
        """The plan made at round ``anchor`` for the players present in round ``field_round``, to the end."""
        key = (field_round, anchor)
        if key not in self._plans:
            before = tuple(r for r in self.played if r.number < anchor)
            kept = self._kept_seats(field_round, anchor, before)
            if kept is not None and at_bounds(kept, before, self.groups):
                self._plans[key] = kept  # no fresh plan can rank better: it is not drawn (issue 32: time)
            else:
                fresh = self._round_first(field_round, anchor, before)
                self._plans[key] = fresh if kept is None or worse(kept, fresh, before, self.groups) else kept
        return self._plans[key]

    def _round_first(self, field_round: int, anchor: int, before: Sequence[Round]) -> DrawnRounds:
        """Round ``anchor`` drawn alone, then the rounds after it planned with what it leaves (issue 35).

        Friedrich's draw does this itself, its roles moving with the seats (:mod:`.continuation`); a draw
        before any round is played plans every round together (nothing is played yet to come first).
        """
        count = self.end - anchor + 1
        if not before or count == 1 or self.family.stand_ins:
            return self.draw(field_round, count, before, anchor)
        first = self.draw(field_round, 1, before, anchor)
        rest = self.draw(field_round, count - 1, (*before, *first.rounds), anchor)
        return DrawnRounds(first.game, first.rounds + rest.rounds, first.notes + rest.notes)

    def _kept_seats(self, field_round: int, anchor: int, before: Sequence[Round]) -> DrawnRounds | None:
        """The field before's plan with the newcomers in the leavers' seats, when the change is one for one and
        the field before is the event's first."""
        if not self.family.keeps_seats or anchor == 1:
            return None
        if anchor != field_start(field_round, self.players) or field_start(anchor - 1, self.players) != 1:
            # Only the first field's plan is kept (issue 32: time). A plan for a field that had itself changed
            # would be rebuilt from the plan before it, and that from the one before: a search per change,
            # repeated at every later draw, for seats the search of this round ranks anyway.
            return None
        now, then = self.present(anchor), self.present(anchor - 1)
        leavers, joiners = sorted(then - now), sorted(now - then)
        if not leavers or len(leavers) != len(joiners):
            return None
        try:
            first = self.plan(anchor - 1, 1)
        except InputError:
            return None
        # The first field's plan as the rounds played follow it. Not the plan a search of this round would make
        # for the field that left (as followed() would when that one seats it better): that costs a second
        # search of the round (1.2 s of a 2.8 s draw, 23 players in big clubs), and the fresh plan for today's
        # field is searched this round first anyway, the better of the two kept (issue 35, the 2 s goal).
        if len(before) != anchor - 1 or not all(same_round(first.game, p, h) for p, h in zip(first.rounds, before)):
            return None
        old = DrawnRounds(first.game, tuple(r for r in first.rounds if r.number >= anchor), first.notes)
        return substituted(old, dict(zip(leavers, joiners)), before, self.groups)


def round_key(rnd: Round, game: Family, before: Sequence[Round], groups: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """Round ``rnd`` after ``before`` as its players feel it, in the order the draws rank it (issue 35): the
    roles or powers they had before, what it adds to the rematch cost, its pairs meeting again, its
    keep-apart pairs above what the groups force, its players at a second 3-player table, their theatres
    had before."""
    now = quality(DrawnRounds(game, (rnd,)), before, groups)
    then = quality(DrawnRounds(game, tuple(before)), (), groups) if before else None

    def added(name: str) -> int:
        return getattr(now, name) - (getattr(then, name) if then is not None else 0)

    return (added("seat_repeats"), added("rematch_cost"), added("repeated_pairs"),
            now.keep_apart_violations - now.keep_apart_bound, added("small_table_repeats"), added("theatre_repeats"))


def worse(kept: DrawnRounds, fresh: DrawnRounds, before: Sequence[Round], groups: Sequence[Sequence[str]]) -> bool:
    """Whether the plan that keeps the seats is worse than the new one: this round first (:func:`round_key`),
    then the plan (roles, clubs, rematches, 3-player tables), as the draws rank them."""
    def key(d: DrawnRounds) -> tuple[int, ...]:
        q = quality(d, before, groups)
        return (*round_key(d.rounds[0], d.game, before, groups),
                q.seat_repeats, q.keep_apart_violations, max(0, q.most_small_tables - q.small_table_spread),
                q.rematch_cost, q.small_table_repeats)

    return key(kept) > key(fresh)


def at_bounds(plan: DrawnRounds, before: Sequence[Round], groups: Sequence[Sequence[str]]) -> bool:
    """Whether every figure :func:`worse` ranks by is at its proven lower bound: no plan can rank better."""
    now = quality(DrawnRounds(plan.game, plan.rounds[:1]), before, groups)
    then = quality(DrawnRounds(plan.game, tuple(before)), (), groups) if before else None
    q = quality(plan, before, groups)
    return (now.seat_repeats == 0 and now.repeated_pairs == (then.repeated_pairs if then else 0)
            and now.keep_apart_violations == now.keep_apart_bound
            and q.seat_repeats == 0 and q.keep_apart_violations == q.keep_apart_bound
            and q.most_small_tables <= q.small_table_spread and q.rematch_cost == q.rematch_bound
            and q.small_table_repeats == q.small_table_bound)


def field_start(number: int, players: Sequence[Attendee]) -> int:
    """The first round with the same players present as round ``number``."""
    start = number
    while start > 1 and all(p.plays(start - 1) == p.plays(number) for p in players):
        start -= 1
    return start


def same_field_runs(wanted: Sequence[int], players: Sequence[Attendee]) -> list[list[int]]:
    """The rounds to draw, in runs with the same players present (a late arrival or a withdrawal starts a new run).

    A run is drawn as one (its rounds planned together); the next run is drawn
    with the rounds before as history, so the remaining rounds are re-planned
    from what was played and drawn whenever the field changes.
    """
    runs: list[list[int]] = []
    for n in wanted:
        if runs and all(p.plays(n) == p.plays(runs[-1][0]) for p in players):
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


__all__ = ["Attendee", "Planner", "at_bounds", "field_start", "round_key", "same_field_runs", "worse"]
