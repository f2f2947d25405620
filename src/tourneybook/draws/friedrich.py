"""Friedrich qualifying draw and the final's role choices (seeds 000 and 001).

Seed 000, section I (the same words in seed 001, section B): "In the qualifying
round every participant will play four games, one game in each of the four
roles [...] As far as possible, players will meet different opponents in each
of their four games (at least sixteen participants are needed for this)."
RULES.md: tables hold exactly four; a field that is not a multiple of four
needs stand-ins.

Method, fresh field: tables from the rows construction of :mod:`.design` (no
rematch for 16, 20, 28, 32... players; 24 is left to the search), improved by
:mod:`.search`, then roles by matchings. After played rounds: all remaining
rounds are planned jointly and the plan is continued by later calls
(:mod:`.continuation`), so a draw made round by round meets no one twice
whenever the four-round draw would not; unless the round being drawn, searched
alone with the roles moving with the seats (:mod:`.friedrich_round`), seats
better: then it comes first and the rest is planned with what it leaves.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from ..errors import Problem
from .cost import keep_apart_partners, meeting_counts
from .design import rows_by_cluster, rows_design, spread_clusters_apart
from .explain import Ledger, make_round
from .inputs import checked_inputs, input_collector
from .model import DEFAULT_WEIGHTS, ROLES, DrawnRounds, Family, Role, Round, Weights
from .quality import rematch_bound
from .continuation import Plan, continue_plan
from .friedrich_round import ROLES_UNBALANCED, roles_owed
from .roles import perfect_matching
from .search import Seating, improve

STEPS_PER_PLAYER = 200
"""Search budget: steps per player of the field (only spent while a rematch or keep-apart remains)."""
PATIENCE = 3000
"""Steps without progress after which the search stops."""
MAX_STEPS = 10_000
"""Upper limit of search steps, whatever the field."""



def draw_friedrich(
    players: Sequence[str],
    rounds: int = 4,
    history: Sequence[Round] = (),
    keep_apart: Sequence[Collection[str]] = (),
    *,
    rng: random.Random,
    weights: Weights = DEFAULT_WEIGHTS,
) -> DrawnRounds:
    """Draw Friedrich qualifying rounds: each table one player per role, each player each role once.

    ``history`` holds the rounds already played (their seats are roles); the new
    rounds are numbered after them. ``keep_apart`` lists groups (clubs) whose
    members should not share a table. After played rounds the remaining rounds
    are planned, this round first, and a later call continues that plan
    (:mod:`.continuation`); that plan follows from the played rounds, not ``rng``.

    Worked example: 16 players, four rounds, no rematch (every player meets 12
    different opponents, one role each round):

    >>> import random
    >>> from tourneybook.draws import quality
    >>> field = [f"P{i:02}" for i in range(1, 17)]
    >>> draw = draw_friedrich(field, rng=random.Random(7))
    >>> [len(r.tables) for r in draw.rounds]
    [4, 4, 4, 4]
    >>> quality(draw).repeated_pairs
    0

    A field of 18 is refused: ``InputError: players: 18 players cannot be seated
    at Friedrich tables of exactly four: 2 stand-ins are needed to make 20``.
    """
    collector, field, groups = checked_inputs(players, history, keep_apart, rng)
    n = len(field)
    if n == 0:
        collector.add("there are no players", "players")
    elif n % 4:
        need = 4 - n % 4
        collector.add(
            f"{n} players cannot be seated at Friedrich tables of exactly four: "
            f"{need} stand-in{'s are' if need > 1 else ' is'} needed to make {n + need}",
            "players",
        )
    if rounds < 1 or len(history) + rounds > 4:
        collector.add(
            f"{rounds} new round(s) after {len(history)} played: the qualifying has four rounds, one per role",
            "rounds",
        )
    owed = _owed_roles(field, history, rounds, collector)
    collector.raise_if_any()

    index = {name: i for i, name in enumerate(field)}
    partners = keep_apart_partners(index, groups)
    meetings = meeting_counts(index, history)
    fresh = all(len(o) == 4 for o in owed)
    if fresh:
        seating = _fresh_seating(field, groups, meetings, partners, history, rng, weights)
        schedule = roles_by_table(seating.rounds, n, rng)[:rounds]
        del seating.rounds[rounds:]
    else:
        plan = _plan_or_fail(field, history, owed, partners, weights, _budget(n))
        schedule = plan.schedule[:rounds]
        classes = [[ROLES.index(role) for role in day] for day in schedule]
        seating = Seating(plan.tables[:rounds], classes, [[False] * (n // 4)] * rounds, meetings, partners, [0] * n, weights)
    small = [False] * (n // 4)

    ledger = Ledger(meetings, partners, [0] * n, history=history)
    built = []
    for r, rnd in enumerate(seating.rounds):
        ordered = [sorted(table, key=lambda p: ROLES.index(schedule[r][p])) for table in rnd]
        labels = [[schedule[r][p].value for p in table] for table in ordered]
        built.append(
            make_round(len(history) + r + 1, ordered, lambda t, _: labels[t], field, ledger, small)
        )
    return DrawnRounds(Family.FRIEDRICH, tuple(built), _notes(planned=fresh and rounds < 4))


def _owed_roles(
    field: Sequence[str], history: Sequence[Round], rounds: int, collector
) -> list[list[Role]]:
    """The roles each player has not played yet (:func:`.friedrich_round.roles_owed`); a table not of four, a seat
    not a role, a role played twice or too few left are problems."""
    playing, played = set(field), set()
    for rnd in history:
        for table in rnd.tables:
            where = f"history round {rnd.number}, table {table.number}"
            if len(table.seats) != 4:
                collector.add(f"a Friedrich table holds four players, not {len(table.seats)}", where)
            for seat in table.seats:
                role = _role_named(seat.seat)
                if role is None:
                    collector.add(_not_a_role(seat.seat), where)
                elif seat.player in playing:
                    if (seat.player, role) in played:
                        collector.add(f"{seat.player} plays {seat.seat} a second time", where)
                    played.add((seat.player, role))
    owed = roles_owed(field, history)
    for name, left in zip(field, owed):
        if 1 <= rounds <= 4 and len(left) < rounds:
            collector.add(f"{name} has only {len(left)} role(s) left for {rounds} new round(s)", "history")
    return owed


def _role_named(text: str) -> Role | None:
    """The role whose name is ``text`` (seats hold role names), or None."""
    return next((role for role in ROLES if role.value == text), None)


def _not_a_role(text: str) -> str:
    return f"{text!r} is not a role ({', '.join(role.value for role in ROLES)})"


def _budget(n: int) -> int:
    """Search steps for a field of ``n`` (spent only while a compromise remains)."""
    return min(MAX_STEPS, STEPS_PER_PLAYER * n)


def _fresh_seating(field, groups, meetings, partners, history, rng, weights) -> Seating:
    """All four rounds of a fresh field: the rows construction, then the search.

    Members of one row never meet, so a club placed in one row is kept apart.
    Tables come first here because any tables can take roles afterwards
    (:func:`roles_by_table`); the search may then swap anyone.
    """
    n = len(field)
    m = n // 4
    index = {name: i for i, name in enumerate(field)}
    rows = rows_by_cluster(n, groups, index, [m] * 4, rng)
    spread_clusters_apart(rows, groups, index, 4)
    point_to_player = [p for row in rows for p in row]
    tables = [[[point_to_player[point] for point in table] for table in rnd] for rnd in rows_design(m, 4)]
    anyone = [[0] * n for _ in range(4)]
    seating = Seating(tables, anyone, [[False] * m] * 4, meetings, partners, [0] * n, weights)
    improve(seating, rng, seating.floor(rematch_bound(history, [field] * 4, [[4] * m] * 4)), _budget(n), PATIENCE)
    return seating


def roles_by_table(rounds: Sequence[Sequence[Sequence[int]]], n: int, rng: random.Random) -> list[list[Role]]:
    """Roles for four rounds of tables of four: each table each role, each player each role.

    Players and tables form a 4-regular bipartite graph; it splits into four
    perfect matchings (Koenig), and matching ``k`` gives everyone their role ``k``.
    """
    tables = [(r, t) for r, rnd in enumerate(rounds) for t in range(len(rnd))]
    adjacency: list[list[int]] = [[] for _ in range(n)]
    for number, (r, t) in enumerate(tables):
        for p in rounds[r][t]:
            adjacency[p].append(number)
    schedule = [[ROLES[0]] * n for _ in rounds]
    for role in rng.sample(ROLES, 4):
        for options in adjacency:
            rng.shuffle(options)
        matching = perfect_matching(adjacency, len(tables))
        if matching is None:
            raise AssertionError("a regular bipartite graph always has a perfect matching")
        for p, number in enumerate(matching):
            schedule[tables[number][0]][p] = role
            adjacency[p].remove(number)
    return schedule


def _plan_or_fail(field, history, owed, partners, weights, budget) -> Plan:
    plan = continue_plan(field, history, owed, partners, weights, budget)
    if plan is None:
        collector = input_collector()
        collector.add(f"{ROLES_UNBALANCED} (each round needs each role a quarter of the field)", "history")
        collector.raise_if_any()
    if plan is None:
        raise AssertionError("bug: plan is unset")
    return plan


def _notes(*, planned: bool) -> tuple[str, ...]:
    """What the draw says beyond its figures (the quality report measures each against its bound)."""
    if planned:
        return ("drawn from a four-round plan; the next rounds, drawn with this one as history, go on with a plan",)
    return ()


def check_final_choices(ranked_players: Sequence[str], choices: Mapping[str, str]) -> tuple[Problem, ...]:
    """Problems with the recorded role choices of the final (seed 000, section I; seed 001, B).

    "The best four players from the qualifying round go through to the final.
    The highest-ranked player has free choice of roles. The second ranked player
    has the choice of the remaining three roles, and so on." ``ranked_players``
    is the qualifying order (best first); ``choices`` maps finalist -> role.

    >>> ranked = ["Ann", "Ben", "Cid", "Dan", "Eve"]
    >>> check_final_choices(ranked, {"Ann": "Pompadour", "Ben": "Frederick",
    ...                              "Cid": "Elisabeth", "Dan": "Maria Theresa"})
    ()
    >>> [str(p) for p in check_final_choices(ranked, {"Ann": "Pompadour", "Ben": "Pompadour",
    ...                                                "Cid": "Elisabeth", "Eve": "Frederick"})]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['final, Ben: Pompadour is already chosen by Ann, who ranks higher',
     'final, Eve: ranked 5, not among the best four',
     'final, Dan: ranked 4 but has no role',
     'final: no one plays Maria Theresa']
    """
    problems: list[Problem] = []
    top = list(ranked_players[:4])
    if len(top) < 4:
        problems.append(Problem(f"the final needs four players; only {len(top)} ranked", "final"))
    taken: dict[str, str] = {}
    for name in sorted(choices, key=lambda p: (ranked_players.index(p) if p in ranked_players else len(ranked_players), p)):
        role = choices[name]
        where = f"final, {name}"
        if name not in ranked_players:
            problems.append(Problem("not in the qualifying standings", where))
        elif name not in top:
            problems.append(Problem(f"ranked {ranked_players.index(name) + 1}, not among the best four", where))
        if _role_named(role) is None:
            problems.append(Problem(_not_a_role(role), where))
        elif role in taken:
            problems.append(Problem(f"{role} is already chosen by {taken[role]}, who ranks higher", where))
        else:
            taken[role] = name
    for place, name in enumerate(top, start=1):
        if name not in choices:
            problems.append(Problem(f"ranked {place} but has no role", f"final, {name}"))
    for role in ROLES:
        if role.value not in taken:
            problems.append(Problem(f"no one plays {role.value}", "final"))
    return tuple(problems)

