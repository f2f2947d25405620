"""Friedrich rounds after played ones: one plan for all remaining rounds, continued call after call.

Seed 000, section I: "every participant will play four games, one game in each
of the four roles [...] As far as possible, players will meet different
opponents in each of their four games". Drawn one round at a time, a greedy
next round can leave the last rounds with no rematch-free choice. So every
call plans ALL remaining rounds jointly and returns the requested ones; the
next call recognises the rounds played since as part of that plan and goes on
with it, so the plan is kept to the end.

To make that possible a plan depends only on what was played before it (its
random choices are seeded from a digest of those rounds, the field and the
keep-apart groups), never on the caller's seed: a later call can rebuild it.

After one complete round the plan is a construction, not a search: the
players of that round stand in four rows by the role they played and in
columns by their table, which is the first round of :func:`.design.rows_design`;
its rounds 2 to 4 then meet no one twice (every field of 16 players or more
but 24), and row ``a`` plays role ``a + r`` (mod 4) in round ``r``, so each
table has each role and each player each role once. Otherwise (24 players,
a field that changed, rounds not from a plan) the roles are scheduled over the
remaining rounds and the search of :mod:`.search` seats them.

This round first (issue 35): the round being drawn is what the players sit at
now, so it is also searched alone, roles moving with the seats
(:mod:`.friedrich_round`), and a plan is continued only while no plan made now
seats that round better.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from ..frozen import frozen
from .cost import meeting_counts
from .design import rematch_free, rows_design
from .friedrich_round import RoleBalance
from .model import ROLES, DrawnTable, Role, Round, Seat, Weights
from .quality import met_again_bound, rematch_bound
from .roles import role_schedule
from .search import Seating, improve

QUALIFYING_ROUNDS = 4
"""One round per role (seed 000, section I)."""
PATIENCE = 3000
"""Steps without progress after which the search stops."""
ATTEMPTS = 6
"""Searches from different starts while the best known cost is not reached (24 players needs them)."""
RESTART_FIELD = 48
"""Largest field given more than one search: small fields need restarts and make them cheap."""


@frozen
class Plan:
    """The remaining rounds as index tables (internal)."""

    tables: list[list[list[int]]]
    """``tables[r][t]``: the players of planned round ``r``, table ``t``, in role order."""
    schedule: list[list[Role]]
    """``schedule[r][p]``: the role of player ``p`` in planned round ``r``."""


def continue_plan(
    field: Sequence[str],
    history: Sequence[Round],
    owed: Sequence[Sequence[Role]],
    partners: list[frozenset[int]],
    weights: Weights,
    budget: int,
) -> Plan | None:
    """The rounds after ``history`` up to the fourth: the plan they belong to, or a new one; None when the
    roles still owed cannot be balanced over them.

    The plan made after the first ``j`` played rounds is rebuilt for each
    ``j``; the first one the later played rounds agree with (same tables, same
    roles) is continued, unless a plan made now seats the round being drawn
    better (issue 35: this round first, :func:`_round_key`).
    """
    seated = [{s.player for t in rnd.tables for s in t.seats} for rnd in history]
    everyone = set(field)
    index = {name: i for i, name in enumerate(field)}
    meetings = meeting_counts(index, history)
    for j in range(1, len(history)):
        if any(players != everyone for players in seated[j:]):
            continue  # a plan seats exactly this field in every round: one that did not cannot follow it
        plan = _fresh_plan(field, history[:j], _owed_after(field, history[:j]), partners, weights, budget)
        done = len(history) - j
        if plan is not None and all(_same_round(plan, r, history[j + r], field) for r in range(done)):
            followed = Plan(plan.tables[done:], plan.schedule[done:])
            key = _round_key(followed.tables[0], meetings, partners)
            if key == (0, 0, 0):
                return followed  # nothing a plan made now could better
            fresh = _fresh_plan(field, history, owed, partners, weights, budget)
            if fresh is None or _round_key(fresh.tables[0], meetings, partners) >= key:
                return followed
            return fresh
    return _fresh_plan(field, history, owed, partners, weights, budget)


def _fresh_plan(field, history, owed, partners, weights: Weights, budget: int) -> Plan | None:
    """The rounds after ``history``, this round first (issue 35).

    Two plans are made: the remaining rounds searched together (:func:`_plan`), and the round being drawn
    searched alone, roles moving with the seats (:mod:`.friedrich_round`), then the rounds after it planned
    with what it leaves. The one whose first round ranks better (what its pairs that met before add to the
    rematch cost, how many they are, its keep-apart pairs) is taken; on a tie the plan searched together.
    """
    joint = _plan(field, history, owed, partners, weights, budget)
    if joint is None or not history:
        return joint
    first = _round_alone(field, history, owed, partners, weights, budget, joint.tables[0])
    index = {name: i for i, name in enumerate(field)}
    meetings = meeting_counts(index, history)
    if _round_key(first, meetings, partners) >= _round_key(joint.tables[0], meetings, partners):
        return joint
    day = [ROLES[0]] * len(field)
    for table in first:
        for k, p in enumerate(table):
            day[p] = ROLES[k]
    if len(joint.tables) == 1:
        return Plan([first], [day])
    drawn = Round(len(history) + 1, tuple(
        DrawnTable(t + 1, tuple(Seat(ROLES[k].value, field[p]) for k, p in enumerate(table)))
        for t, table in enumerate(first)))
    rest = _plan(field, (*history, drawn), [[r for r in roles if r is not day[p]] for p, roles in enumerate(owed)],
                 partners, weights, budget)
    if rest is None:  # RoleBalance kept the rounds after it drawable: the schedule cannot fail
        raise AssertionError("bug: the rounds after a balanced round cannot be planned")
    return Plan([first, *rest.tables], [day, *rest.schedule])


def _round_alone(field, played, owed, partners, weights: Weights, budget: int,
                 start: list[list[int]]) -> list[list[int]]:
    """The round after ``played`` searched alone from ``start`` (tables in role order): any two players of
    different tables may swap, taking each other's roles, while :class:`.RoleBalance` allows it."""
    n = len(field)
    index = {name: i for i, name in enumerate(field)}
    tables = [list(t) for t in start]
    guard = RoleBalance(owed, tables, QUALIFYING_ROUNDS - len(played) - 1)
    seating = Seating([tables], [[0] * n], [[False] * len(tables)], meeting_counts(index, played), partners,
                      [0] * n, weights, this_round_first=True)
    target = seating.floor(rematch_bound(played, [field], [[4] * len(tables)]),
                           met_again_bound(played, field, [4] * len(tables)))
    improve(seating, random.Random(_digest(field, played, partners, -1)), target, budget, PATIENCE, guard)
    return seating.rounds[0]


def _round_key(tables: list[list[int]], meetings, partners) -> tuple[int, int, int]:
    """A round as players feel it: what its pairs that met before add to the rematch cost, how many they are,
    its keep-apart pairs (the order of :class:`.search.Tiers`)."""
    pairs = [(a, b) for t in tables for i, a in enumerate(t) for b in t[i + 1:]]
    met = [meetings[a][b] for a, b in pairs if meetings[a][b]]
    return sum(2 * c - 1 for c in met), len(met), sum(1 for a, b in pairs if b in partners[a])


def _plan(field, played, owed, partners, weights: Weights, budget: int) -> Plan | None:
    """All rounds after ``played`` searched together (a deterministic function of its inputs)."""
    n = len(field)
    index = {name: i for i, name in enumerate(field)}
    remaining = QUALIFYING_ROUNDS - len(played)
    meetings = meeting_counts(index, played)
    bound = rematch_bound(played, [field] * remaining, [[4] * (n // 4)] * remaining)
    rows = _rows_of_first_round(played, index, n) if len(played) == 1 else None
    best: tuple[int, Plan] | None = None
    for attempt in range(ATTEMPTS if n <= RESTART_FIELD else 1):
        rng = random.Random(_digest(field, played, partners, attempt))
        if rows is not None:
            tables, schedule = _constructed(rows, remaining)
        else:
            found = role_schedule(owed, remaining, rng)
            if found is None:
                return None
            schedule = found
            tables = [_seat_by_role(day, rng) for day in schedule]
        classes = [[ROLES.index(role) for role in day] for day in schedule]
        seating = Seating(tables, classes, [[False] * (n // 4)] * remaining, meetings, partners, [0] * n, weights,
                          this_round_first=bool(played))
        target = seating.floor(bound, met_again_bound(played, field, [4] * (n // 4)))
        improve(seating, rng, target, budget, PATIENCE)
        if best is None or seating.cost < best[0]:
            best = (seating.cost, Plan(seating.rounds, schedule))
        if seating.cost <= target:  # at the proven floor: no start can do better
            break
    if best is None:
        raise AssertionError("bug: best is unset")
    return best[1]


def _rows_of_first_round(played: Sequence[Round], index: dict[str, int], n: int) -> list[list[int]] | None:
    """Row = role played, column = table: when one complete round seats exactly the field."""
    m = n // 4
    tables = sorted(played[0].tables, key=lambda t: t.number)
    if not rematch_free(m, QUALIFYING_ROUNDS) or len(tables) != m:
        return None
    rows: list[list[int]] = [[] for _ in ROLES]
    for table in tables:
        if sorted(s.seat for s in table.seats) != sorted(role.value for role in ROLES):
            return None
        for seat in table.seats:
            if seat.player not in index:
                return None
            rows[ROLES.index(Role(seat.seat))].append(index[seat.player])
    if len({p for row in rows for p in row}) != n:
        return None
    return rows


def _constructed(rows: list[list[int]], remaining: int) -> tuple[list[list[list[int]]], list[list[Role]]]:
    """Rounds 2.. of the rows design whose round 1 is the played one; row ``a`` plays role ``a + r``."""
    m = len(rows[0])
    design = rows_design(m, QUALIFYING_ROUNDS)[QUALIFYING_ROUNDS - remaining :]
    n = 4 * m
    tables, schedule = [], []
    for r, rnd in enumerate(design, start=QUALIFYING_ROUNDS - remaining):
        day = [ROLES[0]] * n
        for a, row in enumerate(rows):
            for p in row:
                day[p] = ROLES[(a + r) % 4]
        seated = [[rows[point // m][point % m] for point in table] for table in rnd]
        tables.append([sorted(t, key=lambda p: ROLES.index(day[p])) for t in seated])
        schedule.append(day)
    return tables, schedule


def _seat_by_role(day: Sequence[Role], rng: random.Random) -> list[list[int]]:
    """Tables of one round: the k-th player of each role, in a shuffled order."""
    by_role = [[p for p, role in enumerate(day) if role is r] for r in ROLES]
    for players in by_role:
        rng.shuffle(players)
    return [list(table) for table in zip(*by_role)]


def _owed_after(field: Sequence[str], played: Sequence[Round]) -> list[list[Role]]:
    had = {(s.player, s.seat) for rnd in played for t in rnd.tables for s in t.seats}
    return [[role for role in ROLES if (name, role.value) not in had] for name in field]


def _same_round(plan: Plan, r: int, played: Round, field: Sequence[str]) -> bool:
    """Whether round ``r`` of the plan seats the same tables with the same roles as ``played``."""
    planned = {
        frozenset((plan.schedule[r][p].value, field[p]) for p in table) for table in plan.tables[r]
    }
    return planned == {frozenset((s.seat, s.player) for s in t.seats) for t in played.tables}


def _digest(field: Sequence[str], played: Sequence[Round], partners: Sequence[frozenset[int]], attempt: int) -> int:
    """A stable seed from the field, the played rounds and the keep-apart pairs (not Python's hash)."""
    text = repr(
        (
            attempt,
            tuple(field),
            tuple(tuple(sorted(tuple(sorted((s.seat, s.player) for s in t.seats)) for t in rnd.tables)) for rnd in played),
            tuple(tuple(sorted(p)) for p in partners),
        )
    )
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
