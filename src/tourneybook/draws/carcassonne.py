"""Carcassonne preliminary draw (seed 002); the knock-out bracket is the rules' (:mod:`tourneybook.rules.carcassonne_knockout`).

Seed 002: "The preelimination includes a total of four games with all
participants [...] all of the games will be four player games if possible.
Should it not be possible to divide the total number of players by four, there
will be a maximum of three tables with only three players in every round."
RULES.md: N = 4a + 3b with b <= 3 (N = 5 cannot be seated); spread the 3-player
tables so no one sits at one twice when avoidable; minimise repeated opponents.

Method: for a fresh field the rows construction of :mod:`.design` with ``b``
empty places in one row (they never meet, so each round has exactly ``b``
tables of three), then the search of :mod:`.search`; after played rounds, a
shuffled seating and the search.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from .cost import keep_apart_partners, meeting_counts, small_table_visits
from .design import rows_by_cluster, rows_design
from .explain import Ledger, make_round
from .inputs import checked_inputs
from .model import DEFAULT_WEIGHTS, DrawnRounds, Family, Round, Weights
from .quality import met_again_bound, rematch_bound
from .search import Seating, best_of, improve

STEPS_PER_PLAYER = 1000
"""Search budget: steps per player (spent only while a compromise remains)."""
PATIENCE = 3000
"""Steps without progress after which the search stops."""
MAX_STEPS = 10_000
"""Upper limit of search steps, whatever the field."""
ATTEMPTS = 4
"""Searches from different starts while the bound is not reached (small fields: the 3-player spread and the
rematches pull apart, and a restart is cheap there)."""
RESTART_FIELD = 48
"""Largest field given more than one search."""


def small_tables(n: int) -> int | None:
    """How many 3-player tables a round of ``n`` needs (N = 4a + 3b, b <= 3), or None.

    >>> [small_tables(n) for n in (16, 17, 18, 19, 5, 9)]
    [0, 3, 2, 1, None, 3]
    """
    b = (4 - n % 4) % 4
    return b if n >= 3 * b and n > 0 else None


def draw_carcassonne(
    players: Sequence[str],
    rounds: int = 4,
    history: Sequence[Round] = (),
    keep_apart: Sequence[Collection[str]] = (),
    *,
    rng: random.Random,
    weights: Weights = DEFAULT_WEIGHTS,
) -> DrawnRounds:
    """Draw preliminary rounds: tables of four, the fewest tables of three, fewest repeated opponents.

    Tables of three come last in each round; seats are 'seat 1'... in playing order.

    Worked example: 18 players make two tables of four and two of three each
    round (18 = 4 * 3 + 3 * 2); over four rounds nobody meets an opponent twice,
    and the 24 seats at 3-player tables make only the 6 second visits that 18
    players cannot avoid:

    >>> import random
    >>> from tourneybook.draws import quality
    >>> draw = draw_carcassonne([f"P{i:02}" for i in range(1, 19)], rng=random.Random(3))
    >>> [len(t.seats) for t in draw.rounds[0].tables]
    [4, 4, 4, 3, 3]
    >>> report = quality(draw)
    >>> report.repeated_pairs, report.small_table_repeats, report.small_table_bound
    (0, 6, 6)

    Five players are refused: ``InputError: players: 5 players cannot be seated
    [...] 3, 4, 6 or more can``.
    """
    field, groups, b = _checked(players, rounds, history, keep_apart, rng)
    index = {name: i for i, name in enumerate(field)}
    partners = keep_apart_partners(index, groups)
    meetings = meeting_counts(index, history)
    small_history = small_table_visits(index, history)
    costs = (meetings, partners, small_history)
    seating = _best_seating(field, groups, index, b, rounds, history, costs, rng, weights)
    built = _seated_rounds(seating, field, len(history), Ledger(meetings, partners, small_history, history=history), rng)
    return DrawnRounds(Family.CARCASSONNE, built)


def _checked(players, rounds: int, history, keep_apart, rng) -> tuple[list[str], list, int]:
    """The field, the keep-apart groups and the tables of three a round needs; every input problem at once."""
    collector, field, groups = checked_inputs(players, history, keep_apart, rng)
    b = small_tables(len(field))
    if b is None:
        collector.add(
            f"{len(field)} players cannot be seated at tables of four with at most three tables of three "
            "(N = 4a + 3b, b <= 3): 3, 4, 6 or more can",
            "players",
        )
    if rounds < 1:
        collector.add(f"{rounds} rounds: at least one round must be drawn", "rounds")
    collector.raise_if_any()
    if b is None:
        raise AssertionError("bug: b is unset")
    return field, groups, b


def _best_seating(
    field, groups, index, b: int, rounds: int, history, costs, rng: random.Random, weights: Weights
) -> Seating:
    """Construction then search, restarted on small fields while the bound is not reached; the cheapest.

    ``costs`` is (meetings, keep-apart partners, visits to tables of three) of the played rounds.
    """
    meetings, partners, small_history = costs
    n = len(field)
    shape = [4] * ((n - 3 * b) // 4) + [3] * b
    bound = rematch_bound(history, [field] * rounds, [shape] * rounds)
    seats = sum(small_history) + 3 * b * rounds
    cap = -(-seats // n)  # the even spread: nobody needs more visits to a table of three

    def searched() -> tuple[Seating, int]:
        if not history:
            tables = _fresh_tables(field, groups, index, b, rounds, rng)
        else:
            tables = [_shuffled_round(n, shape, small_history, rng) for _ in range(rounds)]
        small = [[len(t) == 3 for t in rnd] for rnd in tables]
        classes = [[0] * n for _ in range(rounds)]
        attempt = Seating(tables, classes, small, meetings, partners, small_history, weights, small_cap=cap,
                          this_round_first=bool(history))
        target = attempt.floor(bound, met_again_bound(history, field, shape)) + weights.small_table * max(0, seats - n)
        # a search of fewer rounds needs fewer steps: one round of four takes a quarter (issue 35: time)
        share = min(rounds, 4) / 4
        improve(attempt, rng, target, int(min(MAX_STEPS, STEPS_PER_PLAYER * n) * share), int(PATIENCE * share))
        return attempt, target

    return best_of(ATTEMPTS if n <= RESTART_FIELD else 1, searched)


def _seated_rounds(seating: Seating, field, played: int, ledger: Ledger, rng: random.Random) -> tuple[Round, ...]:
    """The rounds as drawn tables, tables of four first, each table's seat order drawn."""
    built = []
    for r, rnd in enumerate(seating.rounds):
        ordered = sorted(rnd, key=len, reverse=True)
        for table in ordered:
            rng.shuffle(table)  # seat 1 starts: drawn, not by strength
        built.append(
            make_round(
                played + r + 1,
                ordered,
                lambda t, table: [f"seat {i}" for i in range(1, len(table) + 1)],
                field,
                ledger,
                [len(t) == 3 for t in ordered],
            )
        )
    return tuple(built)


def _fresh_tables(field, groups, index, b: int, rounds: int, rng: random.Random) -> list[list[list[int]]]:
    """The rows construction with ``b`` empty places in row 0; a table that gets one seats three."""
    n = len(field)
    m = (n + b) // 4
    rows = rows_by_cluster(n, groups, index, [m - b, m, m, m], rng)
    empty = -1
    point_to_player = [empty] * b + [p for row in rows for p in row]
    design = rows_design(m, rounds)
    return [
        [[point_to_player[pt] for pt in table if point_to_player[pt] != empty] for table in rnd] for rnd in design
    ]


def _shuffled_round(n: int, shape: Sequence[int], small_history: Sequence[int], rng: random.Random) -> list[list[int]]:
    """A random round; the 3-player seats go to those who sat at the fewest so far."""
    order = sorted(rng.sample(range(n), n), key=lambda p: small_history[p])
    smalls = [s for s in shape if s == 3]
    small_seats, rest = order[: 3 * len(smalls)], order[3 * len(smalls) :]
    rng.shuffle(rest)
    tables, start = [], 0
    for size in shape:
        if size == 4:
            tables.append(rest[start : start + 4])
            start += 4
    for k in range(len(smalls)):
        tables.append(small_seats[3 * k : 3 * k + 3])
    return tables
