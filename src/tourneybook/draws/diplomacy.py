"""Diplomacy seating: boards of seven, powers and theatres, and the Italia top board.

Seed 003, II.3-II.5: "Efforts will be made to maximize the number of new
opponents faced by each player in every round"; "A player should not be
assigned the same power twice"; different theatres when possible; "In the event
that the number of players checked in for a round is not a multiple of seven,
the TD may ask designated players to sit out or play on two boards". Seed 004,
4.1: on the top board "the powers will be picked randomly from a cup/bag,
starting from the first in the ranking".

Method: a greedy construction (each player to the board where they add the
least cost), the search of :mod:`.search` over all new rounds, then powers
board by board (:mod:`.powers`), swapping a player with another board when a
board cannot avoid a power repeat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from .cost import copy_meetings, keep_apart_partners, meeting_counts, rematch_cost
from .explain import Ledger, make_round
from .inputs import UnfilledBoards, check_rng, checked_inputs, checked_players, input_collector
from .model import DEFAULT_THEATRES, DEFAULT_WEIGHTS, POWERS, DrawnRounds, Family, Power, Round, Seat, DrawnTable, Theatre, Weights
from .board_powers import powers_for_round
from .powers import PowerBook
from .quality import met_again_bound, rematch_bound
from .search import Seating, best_of, improve
from .theatre_spread import spread_theatres

BOARD = 7
"""Players per board: one per power."""
STEPS_PER_PLAYER = 40
"""Search budget: steps per seat of the new rounds (spent only while a compromise remains)."""
PATIENCE = 600
"""Steps without progress after which the search stops."""
MAX_STEPS = 6_000
"""Upper limit of search steps, whatever the field."""
ATTEMPTS = 2
"""Searches from different starts after played rounds, while the floor is not reached (small fields)."""
AFTER_PLAYED = 2
"""After played rounds the round drawn comes first (issue 35): its search takes this many times the steps and
the patience (its tiers, then theatres, are harder to reach than a fresh draw's rematches)."""
RESTART_FIELD = 70
"""Largest field given more than one search."""


def draw_diplomacy(
    players: Sequence[str],
    rounds: int = 1,
    history: Sequence[Round] = (),
    keep_apart: Sequence[Collection[str]] = (),
    *,
    rng: random.Random,
    sit_outs: Mapping[int, Collection[str]] | None = None,
    doubles: Mapping[int, Collection[str]] | None = None,
    theatres: Mapping[Power, Theatre] = DEFAULT_THEATRES,
    weights: Weights = DEFAULT_WEIGHTS,
) -> DrawnRounds:
    """Draw Diplomacy rounds: boards of seven, most new opponents, no power twice, varied theatres.

    ``sit_outs`` and ``doubles`` are the organiser's choices, by tournament round
    number: who sits out and who plays two boards that round. Each round's seats
    (players - sitting out + doubles) must be a multiple of seven. ``theatres``
    gives each power its theatre, as :func:`tourneybook.rules.diplomacy.parse_theatres`
    reads the Settings (default West, Central, East); a power left out has none.

    Worked example: 22 players; the organiser has one sit out of round 1:

    >>> import random
    >>> field = [f"P{i:02}" for i in range(1, 23)]
    >>> draw = draw_diplomacy(field, sit_outs={1: ["P22"]}, rng=random.Random(5))
    >>> [len(t.seats) for t in draw.rounds[0].tables], draw.rounds[0].sitting_out
    ([7, 7, 7], ('P22',))

    Without that choice the round is refused: ``InputError: round 1: 22 players
    - 0 sitting out + 0 on two boards = 22 seats, not a multiple of 7: ask 1 more
    to sit out or 6 more to play two boards``, an :class:`UnfilledBoards` problem
    that keeps the numbers (the caller says how the TD asks them).
    """
    numbers = [len(history) + k + 1 for k in range(rounds)]
    choices = (sit_outs or {}, doubles or {}, theatres)
    field, groups, sitting, doubling = _checked(players, rounds, numbers, history, keep_apart, rng, choices)
    index = {name: i for i, name in enumerate(field)}
    partners = keep_apart_partners(index, groups)
    meetings = meeting_counts(index, history)
    entries = [
        # doubles in field order, not the set's: a set of names iterates in a new order in each process
        [index[p] for p in field if p not in sitting[number]] + [index[p] for p in field if p in doubling[number]]
        for number in numbers
    ]
    seating = _searched_seating(entries, field, history, meetings, partners, weights, rng)
    book = _power_book(theatres, history, index)
    if history:
        spread_theatres(seating, book, weights, rng)
    ledger = Ledger(meetings, partners, [0] * len(field), Family.DIPLOMACY.table_word.lower(), history)
    built = tuple(
        _round_with_powers(seating, r, number, book, field, ledger, sitting[number], weights, rng)
        for r, number in enumerate(numbers)
    )
    return DrawnRounds(Family.DIPLOMACY, built)


def _checked(players, rounds: int, numbers: Sequence[int], history, keep_apart, rng, choices):
    """The field, keep-apart groups, and who sits out and who plays two boards by round; every input problem at once.

    ``choices`` is (sit-outs, doubles, theatres) as :func:`draw_diplomacy` takes them.
    """
    sit_outs, doubles, theatres = choices
    collector, field, groups = checked_inputs(players, history, keep_apart, rng)
    _check_theatres(theatres, collector)
    if rounds < 1:
        collector.add(f"{rounds} rounds: at least one round must be drawn", "rounds")
    sitting = _by_round(sit_outs, numbers, field, "sit-outs", collector)
    doubling = _by_round(doubles, numbers, field, "double boards", collector)
    for number in numbers:
        _check_seats(number, len(field), sitting[number], doubling[number], collector)
    collector.raise_if_any()
    return field, groups, sitting, doubling


def _searched_seating(entries, field, history, meetings, partners, weights: Weights, rng) -> Seating:
    """The greedy construction improved by the search, stopped at the proven floor of its cost; a small field
    after played rounds is searched from a few starts (the round's tiers are hard to reach from one), the
    cheapest kept."""
    classes = [[0] * len(field) for _ in entries]
    seated = [[field[p] for p in e] for e in entries]
    sizes = [[BOARD] * (len(e) // BOARD) for e in entries]

    def searched() -> tuple[Seating, int]:
        tables = _greedy_rounds(entries, meetings, partners, weights, rng)
        small = [[False] * len(rnd) for rnd in tables]
        seating = Seating(tables, classes, small, meetings, partners, [0] * len(field), weights,
                          this_round_first=bool(history))
        target = seating.floor(rematch_bound(history, seated, sizes), met_again_bound(history, seated[0], sizes[0]))
        effort = AFTER_PLAYED if history else 1
        improve(seating, rng, target, min(MAX_STEPS, effort * STEPS_PER_PLAYER * sum(len(e) for e in entries)),
                effort * PATIENCE)
        return seating, target

    return best_of(ATTEMPTS if history and len(field) <= RESTART_FIELD else 1, searched)


def _power_book(theatres: Mapping[Power, Theatre], history: Sequence[Round], index: dict[str, int]) -> PowerBook:
    """The powers each player of the field has played in the played rounds."""
    book = PowerBook(theatres)
    power_named = {power.value: power for power in POWERS}
    for rnd in history:
        for table in rnd.tables:
            for seat in table.seats:
                if seat.player in index and seat.seat in power_named:
                    book.record(index[seat.player], power_named[seat.seat])
    return book


def _round_with_powers(seating, r: int, number: int, book, field, ledger, sitting, weights, rng) -> Round:
    """Round ``number``: its boards with powers given, seats in the order of the powers, and why."""
    assigned = powers_for_round(seating, r, book, field, weights, rng)
    reasons = [board_reasons for _, _, board_reasons in assigned]
    ordered = [sorted(zip(board, powers), key=lambda bp: POWERS.index(bp[1])) for board, powers, _ in assigned]
    return make_round(
        number,
        [[p for p, _ in board] for board in ordered],
        lambda t, _: [power.value for _, power in ordered[t]],
        field,
        ledger,
        seating.small[r],
        lambda t: reasons[t],
        tuple(sorted(sitting, key=field.index)),
    )


def _check_theatres(theatres: Mapping[Power, Theatre], collector) -> None:
    """Each key a power and each value a theatre (the shape :func:`parse_theatres` gives)."""
    for power, theatre in theatres.items():
        if not isinstance(power, Power):
            collector.add(f"{power!r} is not a power", "theatres")
        elif not isinstance(theatre, Theatre):
            collector.add(f"{theatre!r} is not a theatre", f"theatres, {power.value}")


def _by_round(
    choice: Mapping[int, Collection[str]], numbers: Sequence[int], field: Sequence[str], what: str, collector
) -> dict[int, frozenset[str]]:
    known = set(field)
    for number in choice:
        if number not in numbers:
            collector.add(f"round {number} is not drawn now (rounds {', '.join(map(str, numbers))})", what)
    result = {}
    for number in numbers:
        names = list(choice.get(number, ()))
        for name in names:
            if name not in known:
                collector.add(f"{name} is not in the field", f"{what}, round {number}")
        for name in sorted({n for n in names if names.count(n) > 1}):
            collector.add(f"{name} is named twice", f"{what}, round {number}")
        result[number] = frozenset(n for n in names if n in known)
    return result


def _check_seats(number: int, n: int, sitting: frozenset[str], doubling: frozenset[str], collector) -> None:
    where = f"round {number}"
    for name in sorted(sitting & doubling):
        collector.add(f"{name} cannot both sit out and play two boards", where)
    seats = n - len(sitting) + len(doubling)
    if seats <= 0:
        collector.add("nobody is left to play", where)
    elif seats % BOARD:
        collector.extend([UnfilledBoards.of(number, n, len(sitting), len(doubling), BOARD)])
    elif doubling and seats < 2 * BOARD:
        collector.add("playing two boards needs at least two boards", where)


def _greedy_rounds(
    entries: Sequence[Sequence[int]], meetings, partners, weights: Weights, rng: random.Random
) -> list[list[list[int]]]:
    """Construction: each entry, in random order (doubles first), to the board where it adds least cost.

    Ties are broken at random among the boards of least cost and fewest players.
    Only the boards holding someone the player met or must be kept apart from are
    costed one by one; every other open board adds nothing, and is found by its
    size (:class:`_OpenBoards`), so a round of n players takes about n log n steps
    rather than n times the boards.
    """
    meet = copy_meetings(meetings)
    rounds = []
    for seats in entries:
        boards: list[list[int]] = [[] for _ in range(len(seats) // BOARD)]
        open_boards = _OpenBoards(len(boards))
        at: dict[int, list[int]] = {}
        """The boards each player sits at so far (two for a player on two boards)."""
        times = Counter(seats)
        order = rng.sample(list(seats), len(seats))
        order.sort(key=lambda p: times[p] == 1)  # doubles first
        for p in order:
            touched = {b for q in (*meet[p], *partners[p]) for b in at.get(q, ())}
            costed = {}
            for b in touched.difference(at.get(p, ())):
                if len(boards[b]) < BOARD:
                    costed[b] = (_added(p, boards[b], meet, partners, weights), len(boards[b]))
            barred = set(at.get(p, ())) | {b for b, key in costed.items() if key[0] != 0}
            best = min(costed.values(), default=None)
            free = open_boards.smallest(barred)
            if free is not None and (best is None or (0, free) <= best):
                choice = open_boards.pick(free, barred, rng)  # the boards of that size but the barred ones, in order
            else:
                choice = rng.choice(sorted(b for b, key in costed.items() if key == best))
            boards[choice].append(p)
            at.setdefault(p, []).append(choice)
            open_boards.grew(choice, len(boards[choice]))
        for board in boards:
            for a in board:
                for b in board:
                    if a != b:
                        meet[a][b] += 1
        rounds.append(boards)
    return rounds


def _added(p: int, board: Sequence[int], meet, partners, weights: Weights) -> int:
    """What seating ``p`` at ``board`` adds to the draw's cost."""
    return sum(
        weights.rematch * (rematch_cost(meet[p][q] + 1) - rematch_cost(meet[p][q]))
        + (weights.keep_apart if q in partners[p] else 0)
        for q in board
    )


class _OpenBoards:
    """The boards not yet full, by how many players they hold, each size in board order.

    One Fenwick tree per size counts its boards, so the k-th board of a size
    (what ``rng.choice`` over the sorted list of them would take) is found in
    log(boards) steps.
    """

    def __init__(self, count: int):
        self.count = count
        self.sizes = [0] * count
        self.members = [count] + [0] * (BOARD - 1)
        self.trees = [[0] * (count + 1) for _ in range(BOARD)]
        tree = self.trees[0]
        for b in range(1, count + 1):  # every board starts empty
            tree[b] += 1
            parent = b + (b & -b)
            if parent <= count:
                tree[parent] += tree[b]

    def _add(self, size: int, board: int, step: int) -> None:
        tree, i = self.trees[size], board + 1
        while i <= self.count:
            tree[i] += step
            i += i & -i
        self.members[size] += step

    def grew(self, board: int, size: int) -> None:
        """``board`` now holds ``size`` players."""
        self._add(size - 1, board, -1)
        if size < BOARD:
            self._add(size, board, 1)
        self.sizes[board] = size

    def smallest(self, barred: set[int]) -> int | None:
        """The fewest players at an open board outside ``barred``, None when there is none."""
        for size in range(BOARD):
            if self.members[size] > sum(1 for b in barred if self.sizes[b] == size):
                return size
        return None

    def pick(self, size: int, barred: set[int], rng: random.Random) -> int:
        """A board of ``size`` players outside ``barred``: ``rng.choice`` of the sorted list of them."""
        out = sorted(b for b in barred if self.sizes[b] == size)
        k = rng.choice(range(self.members[size] - len(out)))  # the same draw of the generator as choice(list)
        for b in out:  # the k-th of the others: step over each barred board at or before it
            if self._rank(size, b) <= k + 1:
                k += 1
        return self._select(size, k + 1)

    def _rank(self, size: int, board: int) -> int:
        """How many boards of ``size`` come up to ``board`` (itself included)."""
        tree, i, total = self.trees[size], board + 1, 0
        while i:
            total += tree[i]
            i -= i & -i
        return total

    def _select(self, size: int, k: int) -> int:
        """The board that is the k-th (from 1) of ``size``."""
        tree, position, step = self.trees[size], 0, 1 << self.count.bit_length()
        while step:
            nxt = position + step
            if nxt <= self.count and tree[nxt] < k:
                position = nxt
                k -= tree[nxt]
            step >>= 1
        return position


def draw_italia_top_board(ranked_players: Sequence[str], rng: random.Random) -> DrawnTable:
    """The Italia 2010 top board: the best seven, each drawing a power from the cup in ranking order.

    Seed 004, 4.1: "The powers will be picked randomly from a cup/bag, starting
    from the first in the ranking and going through the others in order of
    scored points." Seats are in ranking order; the draw is reproducible from ``rng``.

    >>> import random
    >>> board = draw_italia_top_board([f"R{i}" for i in range(1, 10)], random.Random(2024))
    >>> board.players
    ('R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7')
    >>> sorted(s.seat for s in board.seats) == sorted(p.value for p in POWERS)
    True
    """
    check_rng(rng)
    collector = input_collector()
    top = checked_players(ranked_players, collector)[:BOARD]
    if len(top) < BOARD:
        collector.add(f"the top board needs seven players; only {len(top)} ranked", "standings")
    collector.raise_if_any()
    cup = list(POWERS)
    seats = []
    for name in top:
        power = cup.pop(rng.randrange(len(cup)))
        seats.append(Seat(power.value, name))
    return DrawnTable(1, tuple(seats))
