"""Round-by-round draws that keep the plan of an all-at-once draw.

Drawn one round at a time, each round chosen greedily after the ones before
can leave the last rounds with no good choice (issue 9: 20 CAFE players in
five keep-apart groups, 23 repeated pairs round by round where the four-round
draw has 7). So a round is never drawn on its own: the draw of round ``a``
plans every round to the end (the draw ``--all`` makes), and a later round
``n`` is taken from the plan the rounds played since ``a`` follow.

Nothing needs storing: a plan is a deterministic function of what was played
before its first round, the field and the seed of that round, so a later call
rebuilds it (earliest first) and checks the rounds played since against it.
When they differ (the field changed, a round was redrawn with another seed,
a seat was edited) the rest is planned again from what was played.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from ..errors import InputError
from .cost import keep_apart_partners, meeting_counts, small_table_visits
from .explain import Ledger, make_round
from .model import DrawnRounds, Family, Round
from .shape import shape_of


def _table_key(game: Family, table) -> frozenset:
    """A table as what matters to the plan: roles/powers with players, or Carcassonne's seating order."""
    if shape_of(game).seats_in_order:
        return frozenset(enumerate(s.player for s in table.seats))  # seat labels differ: 'seat 1' vs 'Player 1'
    return frozenset((s.seat, s.player) for s in table.seats)


def same_round(game: Family, planned: Round, played: Round) -> bool:
    """Whether ``played`` seats exactly the tables of ``planned`` (table numbers aside)."""
    return {_table_key(game, t) for t in planned.tables} == {_table_key(game, t) for t in played.tables}


def follow_plan(
    plan_from: Callable[[int], DrawnRounds], played: Sequence[Round], earliest: int, number: int
) -> tuple[DrawnRounds, int]:
    """The rounds from ``number`` on, from the plan the rounds played since it follow; and the plan's first round.

    ``plan_from(a)`` is the deterministic draw of round ``a`` to the end (after
    the rounds played before ``a``). Plans from ``earliest`` (the first round
    with today's field) to ``number`` are tried in that order; the plan made
    at ``number`` itself always qualifies (nothing was played since).
    """
    for anchor in range(earliest, number + 1):
        since = [r for r in played if anchor <= r.number < number]
        if len(since) != number - anchor:
            continue
        try:
            plan = plan_from(anchor)
        except InputError:
            if anchor == number:
                raise
            continue
        if all(same_round(plan.game, p, h) for p, h in zip(plan.rounds, since)):
            rest = tuple(r for r in plan.rounds if r.number >= number)
            return DrawnRounds(plan.game, rest, plan.notes), anchor
    raise AssertionError("the plan made at the round itself always qualifies")


def substituted(
    plan: DrawnRounds, replacing: Mapping[str, str], history: Sequence[Round], keep_apart: Sequence[Collection[str]] = ()
) -> DrawnRounds:
    """``plan`` with each player ``replacing`` maps from sitting in the seats planned for them: a newcomer
    (a stand-in, a late arrival) takes over a withdrawn player's seats, roles included.

    Friedrich and Carcassonne: the tables' reasons are counted again for the new names.
    """
    rounds = [[[replacing.get(s.player, s.player) for s in t.seats] for t in rnd.tables] for rnd in plan.rounds]
    field = sorted({p for rnd in rounds for t in rnd for p in t})
    index = {name: i for i, name in enumerate(field)}
    small_tables = shape_of(plan.game).small_tables
    small_history = small_table_visits(index, history) if small_tables else [0] * len(field)
    ledger = Ledger(meeting_counts(index, history), keep_apart_partners(index, [
        [p for p in g if p in index] for g in keep_apart]), small_history, plan.game.table_word.lower(), history)
    built = []
    for rnd, names in zip(plan.rounds, rounds):
        labels = [[s.seat for s in t.seats] for t in rnd.tables]
        small = [small_tables and len(t) == 3 for t in names]
        built.append(make_round(rnd.number, [[index[p] for p in t] for t in names], lambda t, _: labels[t], field,
                                ledger, small))
    return DrawnRounds(plan.game, tuple(built))


__all__ = ["follow_plan", "same_round", "substituted"]
