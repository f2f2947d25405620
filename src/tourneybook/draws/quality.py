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
* keep-apart: what the club and group sizes force at the rounds' table sizes
  (:mod:`.bounds`, the exact minimum).

Each figure has one name (:data:`FIGURES`), the same in this report, the
'Draw quality' sheet and bench/draws_bench.py; "above its lower bound:
compromises remain" is said only of a figure above its bound.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from itertools import combinations

from ..frozen import frozen
from .bounds import even_split_pairs, forced_keep_apart
from .model import DEFAULT_THEATRES, DrawnRounds, Family, Power, Round, Theatre
from .shape import shape_of

FIGURES = {
    "repeated_pairs": "repeated pairs",
    "most_meetings": "most meetings of one pair",
    "rematch_cost": "rematch cost",
    "seat_repeats": "{seat} repeats",
    "keep_apart_violations": "keep-apart violations",
    "small_table_repeats": "3-player table repeats",
    "most_small_tables": "most 3-player tables for one player",
    "theatre_repeats": "theatre repeats",
}
"""Each figure's one name ('{seat}': the game's seat word, role or power)."""


def figure_name(figure: str, game: Family) -> str:
    """The name of ``figure`` (a :class:`QualityReport` field) for ``game``: 'role repeats', 'rematch cost'."""
    return FIGURES[figure].format(seat=shape_of(game).seat_word)


def verdict(value: int, bound: int) -> str:
    """How a figure stands against its proven lower bound."""
    if value > bound:
        return f"above its lower bound {bound}: compromises remain (see the tables)"
    return f"at its lower bound {bound}: none better exists"


@frozen
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
    keep_apart_bound: int = 0
    """The fewest ``keep_apart_violations`` the rounds drawn can have: what the group sizes force (:mod:`.bounds`)."""
    keep_apart_forced: tuple[str, ...] = ()
    """Why, round by round, where the groups force some: 'keep-apart groups of 6, 6, 6, 5 and 5 players at 4 boards of 7: ...'."""
    rematches_why: tuple[str, ...] = ()
    """Round by round, where a round drawn after others seats players who met before: how many who is left
    forces, and any beyond that (issue 35), in a player's words."""

    def figure(self, name: str) -> str:
        return figure_name(name, self.game)

    def render(self) -> str:
        """The figures as lines of text: each with its name, its value and, where one is proven, its lower bound."""
        lines = [
            f"{self.game.value} draw: {self.rounds} round(s) drawn; {self.players} players seated in them and the rounds before",
            f"  {self.figure('repeated_pairs')}: {self.repeated_pairs} "
            f"({self.figure('most_meetings')}: {self.most_meetings})",
            f"  {self.figure('rematch_cost')}, the sum of (meetings - 1)^2 over pairs: {self.rematch_cost}, "
            f"{verdict(self.rematch_cost, self.rematch_bound)}",
        ]
        lines += [f"    {why}" for why in self.rematches_why]
        shape = shape_of(self.game)
        if shape.seat_labels:
            lines.append(f"  {self.figure('seat_repeats')}: {self.seat_repeats}, {verdict(self.seat_repeats, 0)}")
        if shape.small_tables:
            lines.append(f"  {self.figure('small_table_repeats')}: {self.small_table_repeats}, "
                         f"{verdict(self.small_table_repeats, self.small_table_bound)}")
            lines.append(f"  {self.figure('most_small_tables')}: {self.most_small_tables}, "
                         f"{verdict(self.most_small_tables, self.small_table_spread)}")
        if shape.theatres:
            lines.append(f"  {self.figure('theatre_repeats')}: {self.theatre_repeats}, "
                         f"{verdict(self.theatre_repeats, self.theatre_bound)}")
        lines.append(f"  {self.figure('keep_apart_violations')}: {self.keep_apart_violations}, "
                     f"{verdict(self.keep_apart_violations, self.keep_apart_bound)}")
        lines += [f"    forced: {why}" for why in self.keep_apart_forced]
        return "\n".join(lines)


def quality(
    draw: DrawnRounds,
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
    forced = [(rnd.number, forced_keep_apart(seated, [len(t.seats) for t in rnd.tables], keep_apart))
              for rnd, seated in zip(draw.rounds, shapes)]
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
        keep_apart_bound=sum(f.pairs for _, f in forced),
        keep_apart_forced=tuple(f"round {number}: {f.explain(draw.game.table_word)}" for number, f in forced
                                if f.pairs),
        rematches_why=rematches_why(draw, history),
    )


def rematches_why(draw: DrawnRounds, history: Sequence[Round] = ()) -> tuple[str, ...]:
    """For each round drawn after others, where its players meet someone again: how many of those meetings
    who is left forces (:func:`met_again_bound`: each earlier table spread as evenly as the tables allow), and
    how many the draw could not avoid beyond that.

    'round 2: 15 pairs meet again; who is left forces at least 15: 21 players at 3 boards, so the 7 players
    of board 1 of round 1 sit together again at best as 3 + 2 + 2'.
    """
    word = draw.game.table_word.lower()
    before = list(history)
    lines = []
    for rnd in draw.rounds:
        if before:
            seated = [p for t in rnd.tables for p in t.players]
            sizes = [len(t.seats) for t in rnd.tables]
            met = {frozenset(pair) for r in before for t in r.tables for pair in combinations(sorted(set(t.players)), 2)}
            again = sum(1 for t in rnd.tables for pair in combinations(sorted(set(t.players)), 2)
                        if frozenset(pair) in met)
            if again:
                lines.append(f"round {rnd.number}: {again} pair(s) meet again; "
                             + _forced(again, before, seated, sizes, word))
        before.append(rnd)
    return tuple(lines)


NOT_FORCED = ("the draw found no seating without them that gives everyone a role or power they still owe "
              "and keeps the keep-apart groups as far apart")
"""Why meetings again that who is left does not force were kept."""


def _forced(again: int, before: Sequence[Round], seated: Sequence[str], sizes: Sequence[int], word: str) -> str:
    """What who is left forces of a round's ``again`` pairs meeting again, in words."""
    bound = met_again_bound(before, seated, sizes)
    present, tables = set(seated), len(sizes)
    if not bound:
        return f"who is left forces none of them: {NOT_FORCED}"
    earlier, table = max(((r, t) for r in before for t in r.tables), key=lambda rt: len(present & set(rt[1].players)))
    k = len(present & set(table.players))
    q, extra = divmod(k, tables)
    split = " + ".join(str(part) for part in [q + 1] * extra + [q] * (tables - extra) if part)
    beyond = f"; the other {again - bound}: {NOT_FORCED}" if again > bound else ""
    return (f"who is left forces at least {min(bound, again)} of them: {len(present)} players at {tables} {word}s, "
            f"so the {k} players of {word} {table.number} of round {earlier.number} sit together again at best as "
            f"{split}{beyond}")


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


def met_again_bound(history: Sequence[Round], seated: Collection[str], table_sizes: Sequence[int]) -> int:
    """A lower bound of what one new round adds to the rematch cost: each earlier table spread as evenly as
    possible over its tables (a pair that met twice before and meets again adds 3, counted here twice)."""
    present, tables = set(seated), max(1, len(table_sizes))
    return sum(even_split_pairs(len(present.intersection(t.players)), tables) for rnd in history for t in rnd.tables)


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
            total += sum(even_split_pairs(len(present.intersection(t.players)), tables) for t in rnd.tables)
        for h in range(n):
            if set(seated[h]) == present and len(seated[h]) == len(present):
                total += sum(even_split_pairs(size, tables) for size in table_sizes[h])
    return total
