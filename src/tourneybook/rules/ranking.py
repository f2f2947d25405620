"""Ranking by a total and tie-breakers, recording what decided each place.

One mechanism serves every ruleset: a list of :class:`Criterion`, applied in
order to each group of players still tied. A criterion may depend on the tied
group itself (CODCon's "highest score in a game where the tied players met"),
so it is evaluated per group. Ties left after the last criterion go to a lot:
the organiser's decision where entered, otherwise a reproducible suggestion,
flagged as such. Players with no result yet (a round drawn, nothing typed) are
not tied in any way a lot could settle: among themselves they are listed by
name, and no lot is asked for.

A lot decides nothing until it matters: the last qualifying round, where the cut
for a final or knock-out and the prizes are settled. Before that (``lots_due``
False), players tied on every criterion share their place, listed by name, and
the tie is only noted (:attr:`Standings.shared`); no lot is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from enum import Enum
from fractions import Fraction
from typing import Any

from ..frozen import frozen
from ..i18n import N_, Phrase
from ..numbers import ZERO, SquareRoot, common_denominator
from .lots import suggested_lot

Value = Any  # comparable: Fraction, int, or None for "no value" (always worst)


class Wins(Enum):
    """Which value of a criterion ranks first."""

    HIGHER = "higher"
    """Points, victory points, the best game: more is better."""
    LOWER = "lower"
    """sTCC, role wins: less is better."""


@frozen
class Criterion:
    """One ranking criterion, e.g. 'points' or 'sTCC (Frederick game)'."""

    name: str
    """Shown as a column header and in 'decided by'."""
    wins: Wins
    """Whether the higher or the lower value ranks first (sTCC: the lower)."""
    values: Callable[[Sequence[str]], Mapping[str, Value]]
    """Value per player of the given tied group; players missing or None rank last."""
    per_group: bool = False
    """True if the value depends on who is tied (head-to-head); shown only where used."""

    @property
    def higher_wins(self) -> bool:
        return self.wins is Wins.HIGHER


class LotState(Enum):
    """How a tie that the rules leave to a lot was settled."""

    SUGGESTED = "suggested"
    """Not yet decided: ordered by the reproducible suggested lot."""
    DECIDED = "decided"
    """Ordered by the organiser's lot decision."""


@frozen
class Adjustment:
    """A manual change to a player's total (penalty or correction), always shown."""

    player: str
    points: Fraction
    """Added to the total; negative for a penalty."""
    reason: str


@frozen
class StandingRow:
    """One place in the standings."""

    rank: int
    player: str
    total: Fraction
    """The ranking total, adjustments included."""
    tiebreaks: tuple[tuple[str, Value], ...]
    """(criterion name, value) for each tie-breaker; None where not computed."""
    decided_by: str | None
    """The criterion that put this player below the one above; None for first place."""
    lot: LotState | None = None
    """Set where this place came from a lot."""
    adjustment: Fraction = ZERO
    adjustment_reasons: tuple[str, ...] = ()
    mark: str = ""
    """Attendance shown beside the name: 'withdrew after round 2', 'from round 2' (rules/attendance.py)."""


@frozen
class Standings:
    """A ranking: rows in order, and the ties still waiting for the organiser's lot."""

    total_name: str
    tiebreak_names: tuple[str, ...]
    rows: tuple[StandingRow, ...]
    unresolved_lots: tuple[tuple[str, ...], ...] = ()
    """Groups ordered by a suggested lot only, best suggested first."""
    shared: tuple[tuple[str, ...], ...] = ()
    """Groups tied on every criterion that share one place because no lot is due yet (by name)."""

    def row(self, player: str) -> StandingRow:
        for r in self.rows:
            if r.player == player:
                return r
        raise KeyError(player)

    @property
    def order(self) -> list[str]:
        return [r.player for r in self.rows]


LOT = "lot"
SHARED = "tied on every criterion"
"""'decided by' of a player who shares the place above: tied on everything, and no lot due yet."""
NO_RESULT = "no result yet"
"""'decided by' of a player listed by name among others without a result: nothing decided them yet."""


def lot_needed(group: Sequence[str]) -> str:
    """The note of players only the organiser's lot can part (``group`` as in :attr:`Standings.unresolved_lots`).

    Worded here once: the rulesets that note it themselves and the Issues sheet, which adds it for
    the others, recognise it by its text.
    """
    return Phrase(N_("lot needed: {players} are still tied; the suggested order is shown until the organiser's lot is "
                     "entered"), players=", ".join(group))


def _final_totals(players: Sequence[str], totals: Mapping[str, Fraction | int], adjust: Mapping[str, Fraction]
                  ) -> dict[str, Fraction]:
    """Each player's total as a Fraction, adjustments added; nothing added, nor converted, where there is
    nothing to (rank() runs for every round's standings: tens of thousands of players at a large event)."""
    final = {p: t if type(t := totals.get(p, 0)) is Fraction else Fraction(t) for p in players}
    for p, points in adjust.items():
        if points:
            final[p] = final[p] + points
    return final


def rank(
    players: Sequence[str],
    totals: Mapping[str, Fraction],
    tiebreaks: Sequence[Criterion],
    *,
    tournament: str,
    total_name: str = "points",
    lot_decisions: Mapping[str, int] | None = None,
    adjustments: Sequence[Adjustment] = (),
    without_results: Collection[str] = (),
    lots_due: bool = True,
) -> Standings:
    """Rank ``players`` by total (higher first, adjustments added) then ``tiebreaks``.

    ``lot_decisions`` maps a player to the organiser's lot number (lower ranks
    first); it settles a tied group only when every member has a different one.
    ``without_results``: players with no result yet; a tie among only them is
    listed by name, with no lot (nothing is left to decide until they play).
    ``lots_due``: False before the last qualifying round, where a lot would decide nothing yet:
    a group tied on every criterion then shares one place, listed by name (:data:`SHARED`).
    """
    lot_decisions = dict(lot_decisions or {})
    adjust, reasons = _adjustments(players, adjustments)
    final_total = _final_totals(players, totals, adjust)
    criteria = [Criterion(total_name, Wins.HIGHER, lambda group: {p: final_total[p] for p in group}), *tiebreaks]
    field_wide, shown, per_group = _field_wide_values(players, tiebreaks)

    order: list[str] = []
    # boundary[i] is the criterion that separated order[i-1] from order[i]
    boundary: list[str | None] = []
    lot_state: dict[str, LotState] = {}
    unresolved: list[tuple[str, ...]] = []
    shared: list[tuple[str, ...]] = []

    def settle(group: list[str], level: int, separated_by: str | None) -> None:
        if len(group) == 1:
            order.append(group[0])
            boundary.append(separated_by)
            return
        if level == len(criteria):
            ordered, kind, state = _left_tied(group, without_results, lot_decisions, tournament, lots_due=lots_due)
            if kind == SHARED:
                shared.append(tuple(ordered))
            elif state is LotState.SUGGESTED:
                unresolved.append(tuple(ordered))
            for i, p in enumerate(ordered):
                order.append(p)
                boundary.append(separated_by if i == 0 else kind)
                if state is not None:
                    lot_state[p] = state
            return
        criterion = criteria[level]
        values = criterion.values(group)
        if criterion.per_group:  # its values are shown where it is used
            per_group[criterion.name].update((p, values.get(p)) for p in group)
        buckets: dict[Value, list[str]] = {}
        for p in group:
            buckets.setdefault(values.get(p), []).append(p)
        present = sorted((v for v in buckets if v is not None), reverse=criterion.higher_wins)
        keys = present + ([None] if None in buckets else [])
        for i, key in enumerate(keys):
            members = sorted(buckets[key])  # stable, input-order independent
            settle(members, level + 1, separated_by if i == 0 else criterion.name)

    for run, level, separated_by in _runs_tied_on(sorted(players), criteria, final_total, field_wide):
        settle(run, level, separated_by)  # only players tied on the field-wide criteria go group by group

    rows: list[StandingRow] = []
    rank_no = 0
    columns = [(c.name, shown[c.name]) for c in tiebreaks]
    for i, p in enumerate(order):
        if not (i and boundary[i] in (NO_RESULT, SHARED)):  # nothing split them (yet): they share the place
            rank_no = i + 1
        tiebreak_values = tuple([(name, values.get(p)) for name, values in columns])
        rows.append(StandingRow(rank=rank_no, player=p, total=final_total[p], tiebreaks=tiebreak_values,
                                decided_by=boundary[i] if i else None, lot=lot_state.get(p),
                                adjustment=adjust.get(p, ZERO), adjustment_reasons=reasons.get(p, ())))
    return Standings(total_name, tuple(c.name for c in tiebreaks), tuple(rows), tuple(unresolved), tuple(shared))


def _left_tied(group: list[str], without_results: Collection[str], lot_decisions: Mapping[str, int],
               tournament: str, *, lots_due: bool) -> tuple[list[str], str, LotState | None]:
    """A group every criterion left tied, its order and what it says ('decided by').

    Listed by name when no lot can be due: none of them has a result yet, or it is before
    the last qualifying round (they share the place); otherwise in the lot's order.
    """
    if all(p in without_results for p in group):
        return sorted(group), NO_RESULT, None
    if not lots_due:
        return sorted(group), SHARED, None
    ordered, state = _by_lot(group, lot_decisions, tournament)
    return ordered, LOT, state


def _field_wide_values(players: Sequence[str], tiebreaks: Sequence[Criterion]) -> tuple[
        dict[int, Mapping[str, Value]], dict[str, Mapping[str, Value]], dict[str, dict[str, Value]]]:
    """The values of each tie-breaker not per tied group (by its position), computed once over the whole field
    (they also order the field in one sort); the values shown of each tie-breaker, by its name: those, and
    for a per-group one an empty dict, filled where a tied group uses it (no value elsewhere); and those
    dicts of the per-group ones, by name, to fill."""
    field = list(players)
    field_wide = {i: c.values(field) for i, c in enumerate(tiebreaks) if not c.per_group}
    per_group: dict[str, dict[str, Value]] = {c.name: {} for c in tiebreaks if c.per_group}
    shown: dict[str, Mapping[str, Value]] = {tiebreaks[i].name: values for i, values in field_wide.items()}
    shown.update(per_group)
    return field_wide, shown, per_group


def _leading_field_wide(criteria: Sequence[Criterion], final_total: Mapping[str, Fraction],
                        field_wide: Mapping[int, Mapping[str, Value]]) -> list[tuple[Criterion, Mapping[str, Value]]]:
    """The total and the tie-breakers after it up to the first per-group one, each with its field-wide values.

    Criteria after a per-group one stay group by group: they only ever apply inside a group it left tied."""
    leading: list[tuple[Criterion, Mapping[str, Value]]] = [(criteria[0], final_total)]
    for i, c in enumerate(criteria[1:]):
        if i not in field_wide:
            break
        leading.append((c, field_wide[i]))
    return leading


def _runs_tied_on(by_name: list[str], criteria: Sequence[Criterion], final_total: Mapping[str, Fraction],
                  field_wide: Mapping[int, Mapping[str, Value]]) -> list[tuple[list[str], int, str | None]]:
    """``by_name`` ordered by the leading field-wide criteria, cut into runs tied on all of them (each by name),
    each with the level of the criterion to go on with and the one that put it below the run above (None first).

    The same order as bucketing criterion by criterion (one recursion per tied group, too slow for 10,000
    players): higher (or lower) first, no value last, ties by name; done once over the whole field.
    """
    leading = _leading_field_wide(criteria, final_total, field_wide)
    keys = list(zip(*(_exact_ints(c.wins, list(map(values.get, by_name))) for c, values in leading)))
    names = [c.name for c, _ in leading]
    level = len(leading)
    runs: list[tuple[list[str], int, str | None]] = []
    previous: tuple[int, ...] | None = None
    for i in sorted(range(len(by_name)), key=keys.__getitem__):  # stable: ties stay by name
        key = keys[i]
        if key == previous:
            runs[-1][0].append(by_name[i])
            continue
        split = None
        if previous is not None:  # the first criterion on which this run differs from the one above
            j = 0
            while previous[j] == key[j]:
                j += 1
            split = names[j]
        runs.append(([by_name[i]], level, split))
        previous = key
    return runs


def _exact_ints(wins: Wins, column: list[Value]) -> list[int]:
    """Each value of a criterion as an int, the best lowest, no value last, equal values equal."""
    kinds = set(map(type, column))  # one pass in C: what the column holds decides the way, not each value
    if type(None) not in kinds:
        return _value_ints(wins, column, kinds)
    kinds.discard(type(None))
    present = _value_ints(wins, [v for v in column if v is not None], kinds)
    last = max(present, default=0) + 1
    ints = iter(present)
    return [last if v is None else next(ints) for v in column]


def _value_ints(wins: Wins, values: list[Value], kinds: set[type]) -> list[int]:
    """:func:`_exact_ints` of values that are all there, ``kinds`` their types.

    Fractions are scaled by their least common denominator: exact, and the sort then compares and hashes ints
    (comparing Fractions cost more than the rest of the ranking). Other values go by their place among the
    distinct values."""
    if kinds == {SquareRoot}:  # the sTCC: a root orders as its exact square
        values = [v.square for v in values]
        kinds = set(map(type, values))
    ints: list[int]
    if Fraction in kinds and kinds <= {int, Fraction}:
        _, factor = common_denominator(values)
        ints = [v.numerator * factor[v.denominator] for v in values]
    elif kinds <= {int}:
        ints = values
    else:
        place = {v: i for i, v in enumerate(sorted(set(values)))}
        ints = [place[v] for v in values]
    return [-x for x in ints] if wins is Wins.HIGHER else ints


def _adjustments(players: Sequence[str], adjustments: Sequence[Adjustment]
                 ) -> tuple[dict[str, Fraction], dict[str, tuple[str, ...]]]:
    """The adjustment points, summed, and their reasons in the order given, of each player who has any."""
    adjust: dict[str, Fraction] = {}
    reasons: dict[str, tuple[str, ...]] = {}
    known = set(players)
    for a in adjustments:
        if a.player not in known:
            raise KeyError(a.player)  # an adjustment for no one ranked here: a bug of the caller
        adjust[a.player] = adjust.get(a.player, ZERO) + a.points
        reasons[a.player] = (*reasons.get(a.player, ()), a.reason)
    return adjust, reasons


def _by_lot(group: list[str], lot_decisions: Mapping[str, int], tournament: str) -> tuple[list[str], LotState]:
    """A group every criterion left tied, in the organiser's lot order when each has a different number,
    else in the suggested lot's order (to be decided)."""
    numbers = [lot_decisions.get(p) for p in group]
    # equal numbers would leave the order to the names: a silent guess, not a lot
    if None not in numbers and len(set(numbers)) == len(numbers):
        return sorted(group, key=lambda p: lot_decisions[p]), LotState.DECIDED
    return suggested_lot(tournament, group), LotState.SUGGESTED


def split_evenly(points: Sequence[Fraction | int], places: Sequence[int]) -> list[Fraction]:
    """Share of ``points`` for each tied group: ``places`` are group sizes in finishing order.

    The places a tied group covers are shared equally, e.g. three tied behind the
    winner at a 4-table with 5-3-2-1 get (3+2+1)/3 = 2 each. Whole ``points`` may be
    ints: each share is then made from two ints, the quickest Fraction to make.
    """
    shares: list[Fraction] = []
    start = 0
    for size in places:
        shares.append(Fraction(sum(points[start : start + size]), size))
        start += size
    return shares


def field_values(mapping: Mapping[str, Value]) -> Callable[[Sequence[str]], Mapping[str, Value]]:
    """A group-independent criterion's value function from a precomputed mapping."""
    return lambda group: dict(zip(group, map(mapping.get, group)))
