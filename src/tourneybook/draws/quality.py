"""How good a draw is, in figures an organiser can check, against the best possible.

All figures cover the whole tournament: the history plus the draw. A figure
whose best possible value is known carries a lower bound:

* rematches: each player has (table size - 1) opponents per round at least; with
  ``N`` players only ``N - 1`` of them can be new. And a table of an earlier
  round must be spread over the ``T`` tables of a new round: even spread still
  leaves some of its pairs together (7 over 3 boards: 3 + 2 + 2, so 3 + 1 + 1 =
  5 pairs meet again).
* 3-player tables: more such seats than players means someone sits twice.
* theatres: a theatre's seats beyond one per player are repeats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from .model import DEFAULT_THEATRES, Draw, Family, Power, Round, Theatre
from .shape import shape_of


@dataclass(frozen=True)
class QualityReport:
    """The quality figures of a draw (history included)."""

    game: Family
    """Which game was drawn."""
    players: int
    """Distinct players seated (history and draw)."""
    rounds: int
    """Rounds drawn (history not counted)."""
    repeated_pairs: int
    """Pairs of players who share a table more than once."""
    most_meetings: int
    """The most tables one pair shares."""
    rematch_cost: int
    """Sum over pairs of (tables shared - 1) squared, for pairs sharing more than one."""
    rematch_bound: int
    """A proven lower bound of ``rematch_cost`` for this field and history (0 if none is known)."""
    seat_repeats: int
    """Roles (Friedrich) or powers (Diplomacy) a player gets again."""
    small_table_repeats: int
    """Carcassonne: extra times a player sits at a 3-player table."""
    small_table_bound: int
    """Lower bound of ``small_table_repeats``."""

    keep_apart_violations: int
    """Tables shared by two players of one keep-apart group (counted per pair and table)."""
    theatre_repeats: int
    """Diplomacy: extra times a player gets a theatre they already had."""
    theatre_bound: int
    """Lower bound of ``theatre_repeats`` (seven seats per board: 2 West, 3 Central, 2 East)."""
    most_small_tables: int = 0
    """Carcassonne: the most times one player sits at a 3-player table."""
    small_table_spread: int = 0
    """Carcassonne: what the even spread needs, ceil(3-player seats / players): nobody need sit there more often."""

    def render(self) -> str:
        """The figures as lines of text."""
        lines = [
            f"{self.game.value} draw: {self.rounds} round(s) drawn; {self.players} players seated in them and the rounds before",
            f"  repeated pairs: {self.repeated_pairs} (most meetings of one pair: {self.most_meetings})",
            f"  rematch cost, sum of (meetings - 1)^2: {self.rematch_cost} (best possible >= {self.rematch_bound})",
        ]
        shape = shape_of(self.game)
        if shape.seat_labels:
            lines.append(f"  {shape.seat_word} repeats: {self.seat_repeats} (best possible 0)")
        if shape.small_tables:
            lines.append(
                f"  3-player table repeats: {self.small_table_repeats} (best possible >= {self.small_table_bound})"
            )
            lines.append(
                f"  most 3-player tables for one player: {self.most_small_tables} (even spread: {self.small_table_spread})"
            )
        if shape.theatres:
            lines.append(f"  theatre repeats: {self.theatre_repeats} (best possible >= {self.theatre_bound})")
        lines.append(f"  keep-apart violations: {self.keep_apart_violations}")
        return "\n".join(lines)


def quality(
    draw: Draw,
    history: Sequence[Round] = (),
    keep_apart: Sequence[Collection[str]] = (),
    theatres: Mapping[Power, Theatre] = DEFAULT_THEATRES,
) -> QualityReport:
    """Measure ``draw`` (after ``history``).

    Worked example: 21 Diplomacy players after three disjoint boards; the second
    round's best boards each take 3, 2 and 2 players of the old boards, so 15
    pairs meet twice and nothing better exists:

    >>> import random
    >>> from tourneybook.draws import draw_diplomacy
    >>> field = [f"P{i:02}" for i in range(1, 22)]
    >>> first = draw_diplomacy(field, rounds=1, rng=random.Random(1))
    >>> second = draw_diplomacy(field, rounds=1, history=first.rounds, rng=random.Random(1))
    >>> report = quality(second, first.rounds)
    >>> report.repeated_pairs, report.rematch_cost, report.rematch_bound
    (15, 15, 15)
    """
    everything = tuple(history) + draw.rounds
    meetings: Counter[tuple[str, str]] = Counter()
    seats: Counter[tuple[str, str]] = Counter()
    small: Counter[str] = Counter()
    theatre_of = {power.value: theatre for power, theatre in theatres.items()}  # seats hold power names
    theatre_use: Counter[tuple[str, Theatre]] = Counter()
    shape = shape_of(draw.game)
    labels = shape.seat_labels
    players: set[str] = set()
    for rnd in everything:
        for table in rnd.tables:
            names = sorted(set(table.players))
            players.update(names)
            for pair in combinations(names, 2):
                meetings[pair] += 1
            for seat in table.seats:
                if seat.seat in labels:
                    seats[(seat.player, seat.seat)] += 1
                if seat.seat in theatre_of:
                    theatre_use[(seat.player, theatre_of[seat.seat])] += 1
            if len(table.seats) == 3 and shape.small_tables:
                small.update(names)
    together = {frozenset(pair) for group in keep_apart for pair in combinations(set(group), 2)}
    violations = sum(
        1 for rnd in draw.rounds for table in rnd.tables
        for pair in combinations(sorted(set(table.players)), 2) if frozenset(pair) in together
    )
    shapes = [[p for t in rnd.tables for p in t.players] for rnd in draw.rounds]
    sizes = [[len(t.seats) for t in rnd.tables] for rnd in draw.rounds]
    small_seats = sum(len(t.seats) for rnd in everything for t in rnd.tables if len(t.seats) == 3)
    theatre_seats: Counter[Theatre] = Counter(
        theatre_of[s.seat] for rnd in everything for t in rnd.tables for s in t.seats if s.seat in theatre_of
    )
    return QualityReport(
        game=draw.game,
        players=len(players),
        rounds=len(draw.rounds),
        repeated_pairs=sum(1 for c in meetings.values() if c > 1),
        most_meetings=max(meetings.values(), default=0),
        rematch_cost=sum((c - 1) ** 2 for c in meetings.values() if c > 1),
        rematch_bound=rematch_bound(history, shapes, sizes),
        seat_repeats=sum(c - 1 for c in seats.values() if c > 1),
        small_table_repeats=sum(c - 1 for c in small.values() if c > 1),
        small_table_bound=max(0, small_seats - len(players)) if shape.small_tables else 0,
        keep_apart_violations=violations,
        theatre_repeats=sum(c - 1 for c in theatre_use.values() if c > 1),
        theatre_bound=sum(max(0, c - len(players)) for c in theatre_seats.values()),
        most_small_tables=max(small.values(), default=0),
        small_table_spread=-(-small_seats // len(players)) if players and shape.small_tables else 0,
    )


def rematch_bound(
    history: Sequence[Round], seated: Sequence[Sequence[str]], table_sizes: Sequence[Sequence[int]]
) -> int:
    """A lower bound of the rematch cost for new rounds of this shape after ``history``.

    ``seated[r]`` lists who plays new round ``r`` (a double-board player twice);
    ``table_sizes[r]`` the sizes of its tables. The larger of two bounds: the
    opponents count (too many opponents for the field) and the spread of each
    earlier table over a new round's tables (see the module docstring).
    """
    slots: Counter[str] = Counter()
    everyone: set[str] = set()
    for rnd in history:
        for table in rnd.tables:
            for p in set(table.players):
                slots[p] += len(table.seats) - 1
                everyone.add(p)
    for entries, sizes in zip(seated, table_sizes):
        least = min(sizes, default=1) - 1
        for p in entries:
            slots[p] += least
            everyone.add(p)
    excess = sum(max(0, s - (len(everyone) - 1)) for s in slots.values())
    counting = (excess + 1) // 2
    return max(counting, _spread_bound(history, seated, table_sizes))


def _even_split_pairs(group: int, tables: int) -> int:
    """Pairs left together when ``group`` players are spread as evenly as possible over ``tables``."""
    q, extra = divmod(group, tables)
    return extra * (q + 1) * q // 2 + (tables - extra) * q * (q - 1) // 2


def _spread_bound(
    history: Sequence[Round], seated: Sequence[Sequence[str]], table_sizes: Sequence[Sequence[int]]
) -> int:
    """Sum over pairs of rounds of the pairs that must share a table in both.

    A pair meeting ``c`` times is counted ``c(c-1)/2`` times here, never more than
    its cost ``(c-1)^2``. Two played rounds count what happened; a new round
    against an earlier one counts the even spread of the earlier tables, known
    for a new earlier round only from its sizes (when both seat the same players).
    """
    total = 0
    for i, rnd in enumerate(history):
        for later in history[i + 1 :]:
            seen = {frozenset(p) for t in rnd.tables for p in combinations(sorted(set(t.players)), 2)}
            total += sum(
                1 for t in later.tables for p in combinations(sorted(set(t.players)), 2) if frozenset(p) in seen
            )
    for n, (entries, sizes) in enumerate(zip(seated, table_sizes)):
        present, tables = set(entries), max(1, len(sizes))
        for rnd in history:
            total += sum(_even_split_pairs(len(present.intersection(t.players)), tables) for t in rnd.tables)
        for h in range(n):
            if set(seated[h]) == present and len(seated[h]) == len(present):
                total += sum(_even_split_pairs(size, tables) for size in table_sizes[h])
    return total
