"""This round first (issue 35): each round drawn after changes is measured against an independent search.

The property: over random event days of every family (tests/draws/event_days.py:
withdrawals, late arrivals, stand-ins, roll-call absences, Diplomacy sit-outs
and double boards, club-heavy small fields), no round drawn is dominated by what
an annealing over swaps of that same round finds (tests/draws/round_search.py),
and every refusal's advice, followed as written, leads to a draw. The days are
few and small here (CI); ``python bench/draws_bench.py --days N`` runs more and
bigger ones and reports how often and by how much, with the times. Diplomacy's
draw alone is cheap enough for 16 more days here (tests/draws/diplomacy_days.py,
16-60 players), drawn without the workbook.
"""

from __future__ import annotations

import ast
import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from tourneybook.actions.attendance import absent
from tourneybook.actions.draw import draw_event
from tourneybook.draws import ROLES, DrawnRounds, DrawnTable, Family, Round, Seat, draw_diplomacy, draw_friedrich, quality
from tourneybook.draws.bounds import even_split_pairs
from tourneybook.draws.continuation import _plan, _round_key, continue_plan
from tourneybook.draws import reseat
from tourneybook.draws.cost import keep_apart_partners, meeting_counts
from tourneybook.draws.friedrich import _budget
from tourneybook.draws.friedrich_round import RoleBalance, fresh_players_needed, roles_owed, still_drawable
from tourneybook.draws.model import DEFAULT_THEATRES, DEFAULT_WEIGHTS, POWERS, Power
from tourneybook.draws.powers import PowerBook
from tourneybook.draws.search import Seating
from tourneybook.draws.theatre_spread import _Walk
from tourneybook.errors import InputError
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook import template
from tourneybook.workbook.generic import NAME, PLAYERS
from tourneybook.workbook.layouts import find_layout

from . import round_search
from .diplomacy_days import day_shape, diplomacy_day
from .event_days import CLUB_KINDS, COMMAND, RULESETS, event_day, follow_advice
from .round_search import RoundFigures, anneal, round_figures

DAYS = {"cafe2023": (2, 16, 24), "fwc2022": (2, 16, 24), "carcassonne2004": (2, 15, 26), "cdiplo100": (2, 20, 36)}
"""Per ruleset: days, fewest and most players (small club-heavy fields are where compromises hide)."""


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_round_drawn_after_changes_is_dominated_and_every_advice_leads_to_a_draw(ruleset, tmp_path, capsys):
    """Day 0 of each family is club-heavy (big clubs), day 1 has no clubs, small clubs or a few clubs and loners
    (by family), so every kind of field is met; Diplomacy fills its boards with sit-outs on one day, doubles on the
    other. Left to chance, the seeds drew small clubs on every day and never a club-heavy field."""
    days, low, high = DAYS[ruleset]
    others = [kind for kind in CLUB_KINDS if kind != "big"]
    refusals = 0
    for day in range(days):
        n = random.Random(f"{ruleset} {day}").randint(low, high)
        clubs = "big" if day == 0 else others[(RULESETS.index(ruleset) + day) % len(others)]
        report = event_day(ruleset, n, 100 + day, tmp_path, steps=lambda seats: 100 * seats, clubs=clubs,
                           fill=("sit-out", "double")[day % 2])
        capsys.readouterr()  # the advice's commands print what they typed
        where = f"{n} players, {clubs} clubs, day {day}"
        assert report.clubs == clubs
        assert report.dead_ends == [], where
        assert len(report.rounds) == (2 if ruleset == "cdiplo100" else 3), where  # every round after the first
        for number, ours, theirs, _ in report.rounds:
            assert not theirs.dominates(ours), f"{where}, round {number}: {ours} vs {theirs}"
        refusals += len(report.refusals)
    if ruleset in ("cafe2023", "fwc2022"):  # stand-ins over-fill the tables: advice was followed, not vacuous
        assert refusals > 0


DIPLOMACY_DAYS = 16
"""Diplomacy days drawn without the workbook (tests/draws/diplomacy_days.py), four per test: 16-60 players."""


@pytest.mark.parametrize("first", range(0, DIPLOMACY_DAYS, 4))
def test_no_diplomacy_round_is_dominated_on_many_days(first):
    """Issue 35 on more Diplomacy days than the workbook's can afford: every kind of club, sit-outs and double
    boards, withdrawals, late arrivals and absences; rounds 2 and 3 of each day are never dominated by the
    yardstick (a scan of 41 such days by the workbook found 4 of 24 rounds dominated before the theatres were
    spread by an annealing). Asserted first: the days meet what they are meant to."""
    days = [diplomacy_day(seed) for seed in range(first, first + 4)]
    assert all(len(day.rounds) == 2 and 16 <= day.players <= 60 for day in days)
    for day in days:
        for number, ours, theirs, _ in day.rounds:
            where = f"day {day.seed}: {day.players} players, {day.clubs} clubs, {day.fill}, round {number}"
            assert not theirs.dominates(ours), f"{where}: {ours} vs {theirs}"


def test_a_club_of_27_in_49_seats_is_spread_as_evenly_as_the_boards_allow(tmp_path):
    """Issue 35, found by bench/draws_scan.py (workbook day of seed 38): 56 players, a club of 32, round 3 with
    six sitting out seats a club of 27 at 7 boards. The search kept 41 of its pairs together where the even
    split (4 a board, 3 at one) keeps 39 with no pair meeting again: every member of the club was in a
    compromise, so the search drew among 27 seats and seldom the two of a rematch. Now: the proven floor."""
    report = event_day("cdiplo100", 56, 38, tmp_path, steps=lambda seats: 100 * seats)
    assert (report.clubs, [number for number, *_ in report.rounds]) == ("mixed", [2, 3])  # the day of the scan
    third, theirs = report.rounds[1][1:3]
    assert (third.repeated_pairs, third.keep_apart) == (0, even_split_pairs(27, 7)) == (0, 39)
    assert not theirs.dominates(third)


@pytest.mark.parametrize("seed, number, players, figures", [
    (20, 3, 131, (0, 0, 38)),  # the repair after the powers: 60 swaps in all, spent first on the doubles
    (29, 3, 86, (0, 0, 29)),  # the same: the swaps tried for players who repeat whatever board they sit at
    (45, 3, 50, (1, 36, 15)),  # the theatres' walk: a player on two boards looked fresh on both
    (49, 2, 24, (20, 7, 1)),  # the same: walk and floor at 0, a theatre repeated where the yardstick spared it
    (52, 3, 50, (4, 0, 18)),  # the theatres' hot annealing cooled over 300 steps a seat: 21 where 19 were found
])
def test_the_rounds_with_players_on_two_boards_the_scan_found_dominated_are_not(seed, number, players, figures):
    """Found by bench/draws_scan.py: a round with players on two boards repeated one theatre more than the
    yardstick's seating of the same boards, nothing else worse. Now: (repeated pairs, keep-apart pairs, theatre
    repeats) as the yardstick's."""
    day = diplomacy_day(seed, high=140)
    assert (day.players, day.fill) == (players, "double")
    _, ours, theirs, _ = next(r for r in day.rounds if r[0] == number)
    assert (ours.repeated_pairs, ours.keep_apart, ours.theatre_repeats) == figures
    assert not theirs.dominates(ours)


def test_the_diplomacy_days_meet_every_kind_of_field():
    """The seeds of the test above are not all of one kind: clubs of every kind, and both ways to fill boards."""
    shapes = [day_shape(seed) for seed in range(DIPLOMACY_DAYS)]
    assert {clubs for _, clubs, _ in shapes} == set(CLUB_KINDS)
    assert {fill for _, _, fill in shapes} == {"sit-out", "double"}
    assert min(n for n, _, _ in shapes) < 25 and max(n for n, _, _ in shapes) > 50


# --- the 16-player Friedrich day of the issue ------------------------------------------------------


def _day_of_sixteen(seed: int) -> tuple[list[str], tuple[Round, ...], str]:
    """Round 1 of 14 players and two stand-ins (a no-show among the 15 entered); round 2 with a player skipping
    it at the check-in and a third stand-in; round 3 with everyone of round 1 back."""
    rng = random.Random(seed)
    entered = [f"Player {i:02}" for i in range(1, 16)]
    no_show = rng.choice(entered)
    first = [p for p in entered if p != no_show][:14] + ["Stand-in 1", "Stand-in 2"]
    played = draw_friedrich(first, rounds=1, rng=random.Random(seed)).rounds
    skips = rng.choice(first[:14])
    second = [p for p in first if p != skips] + ["Stand-in 3"]
    played += draw_friedrich(second, rounds=1, history=played, rng=random.Random(seed)).rounds
    return first, played, skips


@pytest.mark.parametrize("seed, together_met", [(5, True), (13, False)])
def test_sixteen_players_round_three_meets_no_one_again(seed, together_met):
    """Issue 35: the plan of rounds 3 and 4 searched together fixes who plays which role first, which costs
    round 3 two rematches on seed 5 (asserted first: that is what was drawn; on seed 13 too until the search
    drew only among the seats of a rematch while round 3 had one); searched alone, roles moving with the seats,
    round 3 seats no pair that met before, and round 4 is still drawn, each in a role they owe."""
    field, played, skipped = _day_of_sixteen(seed)
    index = {name: i for i, name in enumerate(field)}
    partners = keep_apart_partners(index, [["Stand-in 1", "Stand-in 2"]])
    owed = roles_owed(field, played)
    together = _plan(field, played, owed, partners, DEFAULT_WEIGHTS, _budget(16))
    assert (_round_key(together.tables[0], meeting_counts(index, played), partners)[0] > 0) == together_met
    rest = draw_friedrich(field, rounds=2, history=played, keep_apart=[["Stand-in 1", "Stand-in 2"]],
                          rng=random.Random(seed))
    third = quality(DrawnRounds(Family.FRIEDRICH, rest.rounds[:1]), played)
    before = quality(DrawnRounds(Family.FRIEDRICH, played))
    assert (third.rematch_cost - before.rematch_cost, third.seat_repeats) == (0, 0)
    roles = Counter((s.player, s.seat) for r in played + rest.rounds for t in r.tables for s in t.seats)
    assert all(roles[(p, role.value)] <= 1 for p in field for role in ROLES)
    assert all(sum(roles[(p, role.value)] for role in ROLES) == (3 if p == skipped else 4) for p in field)


# --- the pieces: the balance of roles, the figures, the search ------------------------------------


def test_role_balance_agrees_with_checking_afresh_after_any_swaps():
    """RoleBalance's sums kept swap by swap equal those of the round counted afresh (still_drawable)."""
    rng = random.Random(5)
    for trial in range(20):
        n = 4 * rng.randint(2, 6)
        owed = [sorted({ROLES[p % 4], *rng.sample(list(ROLES), rng.randint(1, 3))}, key=ROLES.index)
                for p in range(n)]  # each owes the role of their seat to start with
        tables = [list(range(t * 4, t * 4 + 4)) for t in range(n // 4)]
        guard = RoleBalance(owed, tables, 1)
        for _ in range(30):
            ta, tb = rng.sample(range(len(tables)), 2) if len(tables) > 1 else (0, 0)
            ia, ib = rng.randrange(4), rng.randrange(4)
            x, y = tables[ta][ia], tables[tb][ib]
            if ta == tb or not guard.allows(x, ia, y, ib):
                continue
            guard.swapped(x, ia, y, ib)
            tables[ta][ia], tables[tb][ib] = y, x
        after = [[r for r in owed[p] if r is not ROLES[k]] for table in tables for k, p in enumerate(table)]
        order = [p for table in tables for p in table]
        in_role = all(ROLES[k] in owed[p] for table in tables for k, p in enumerate(table))
        assert guard.drawable() == (in_role and still_drawable([after[order.index(p)] for p in range(n)], 1))


@pytest.mark.parametrize("owed, rounds, needed", [
    ([list(ROLES)] * 16, 4, 0),  # a fresh field of 16
    ([list(ROLES)] * 17, 4, 3),  # 17: three stand-ins make 20
    ([[ROLES[0], ROLES[1]]] * 6, 2, 6),  # only newcomers can play the other two roles: 6 of them, 3 tables
    ([[ROLES[0]]] * 4, 1, 12),  # four who owe Frederick only, one round: 12 newcomers for the other roles
])
def test_fresh_players_needed(owed, rounds, needed):
    assert fresh_players_needed(owed, rounds) == needed
    assert still_drawable([*owed, *[list(ROLES)] * needed], rounds)


def test_the_search_is_independent_of_the_draws():
    """The yardstick shares no code with what it measures: of TourneyBook it takes the rounds' data types only."""
    tree = ast.parse(Path(round_search.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | \
        {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert sorted(m for m in imported if m and m.startswith("tourneybook")) == ["tourneybook.draws.model"]
    assert not any(isinstance(node, ast.ImportFrom) and node.level for node in ast.walk(tree))


def test_a_round_is_dominated_only_by_one_no_worse_on_every_figure():
    a, b = RoundFigures(repeated_pairs=1, keep_apart=2), RoundFigures(repeated_pairs=1, keep_apart=1)
    assert b.dominates(a) and not a.dominates(b) and not a.dominates(a)
    assert not RoundFigures(repeated_pairs=0, keep_apart=3).dominates(b)  # better on one, worse on another


@pytest.mark.parametrize("game", [Family.CARCASSONNE, Family.FRIEDRICH])
def test_the_search_finds_the_round_without_rematches(game):
    """The yardstick works: a round 2 that seats round 1's tables again is beaten by the annealing. Friedrich:
    each player moved one seat on, so in a role not yet played; the search keeps the roles drawable."""
    players = [f"P{i:02}" for i in range(16)]
    first = draw_friedrich(players, rounds=1, rng=random.Random(1)).rounds[0]
    again = Round(2, tuple(DrawnTable(t.number, tuple(Seat(s.seat, p.player) for s, p in
                                                      zip(t.seats, t.seats[1:] + t.seats[:1])))
                           for t in first.tables))
    ours = round_figures(game, again, (first,))
    found = anneal(game, again, (first,), rng=random.Random(2))
    assert (ours.seat_repeats, ours.repeated_pairs) == (0, 24)
    assert (found.seat_repeats, found.repeated_pairs) == (0, 0) and found.dominates(ours)


def test_continue_plan_is_refused_only_when_no_round_can_be_drawn():
    players = [f"P{i:02}" for i in range(16)]
    played = draw_friedrich(players, rounds=3, rng=random.Random(1)).rounds
    owed = roles_owed(players, played)
    plan = continue_plan(players, played, owed, [frozenset()] * 16, DEFAULT_WEIGHTS, 1000)
    assert plan is not None and len(plan.tables) == 1
    stuck = [[ROLES[0]]] * 16  # everyone owes Frederick alone: no round of four roles
    assert continue_plan(players, played, stuck, [frozenset()] * 16, DEFAULT_WEIGHTS, 1000) is None


# --- Diplomacy: the powers of boards that share players ---------------------------------------------


@pytest.mark.parametrize("seed", [1, 4, 13])
def test_a_day_of_eighteen_with_three_on_two_boards_repeats_no_theatre(seed):
    """Issue 35, an 18-player day (event day 1): three players on two boards of round 2, one absent, one late.
    These seeds left a theatre repeated (board by board, then each board again knowing the others' powers,
    the powers could not do better; another order of the boards repeats nothing) where the search finds none
    with the same rematches and keep-apart pairs."""
    played = [["P016", "P003", "P010", "P005", "P012", "P009", "P014"],
              ["P002", "P004", "P012", "P008", "P007", "P000", "P013"],
              ["P001", "P017", "P014", "P015", "P011", "P007", "P006"]]
    history = (Round(1, tuple(DrawnTable(t + 1, tuple(Seat(power.value, p) for power, p in zip(POWERS, board)))
                              for t, board in enumerate(played))),)
    groups = [["P000", "P001", "P002", "P003"], ["P004", "P005", "P006", "P007"], ["P008", "P009", "P010"],
              ["P012", "P013", "P014", "P015"], ["P016", "P017"]]
    field = ["Late 1"] + [f"P{i:03}" for i in range(18) if i != 11]
    drawn = draw_diplomacy(field, 1, history, groups, rng=random.Random(seed),
                           doubles={2: ["P013", "P001", "Late 1"]}).rounds[0]
    figures = round_figures(Family.DIPLOMACY, drawn, history, groups)
    assert (figures.repeated_pairs, figures.keep_apart, figures.theatre_repeats) == (17, 5, 0)
    theatres = Counter((s.player, DEFAULT_THEATRES[Power(s.seat)]) for t in drawn.tables for s in t.seats)
    assert max(theatres.values()) == 1  # nor on their two boards


def test_a_player_on_two_boards_costs_the_walk_the_split_of_theatres_that_suits_the_boards():
    """Issue 35 (workbook day of seed 1): the theatres' walk shared out what a player on two boards never had,
    West to the seat at their first board, East to the other, and kept that split. Here D (who had Central)
    can only take East at board 1 and West at board 2, so the walk cost a seating without a repeat as two; the
    split is now the walk's to turn, and it costs none, its floor."""
    book = PowerBook(DEFAULT_THEATRES)
    had = {0: [Power.GERMANY],  # D: West and East never had
           **{p: [Power.GERMANY, Power.RUSSIA] for p in (1, 2, 7)},  # West only
           **{p: [Power.ENGLAND, Power.RUSSIA] for p in (3, 4, 5, 8, 9, 10)},  # Central only
           **{p: [Power.ENGLAND, Power.GERMANY] for p in (6, 11, 12)}}  # East only
    for p, powers in had.items():
        for power in powers:
            book.record(p, power)
    boards = [[0, 1, 2, 3, 4, 5, 6], [0, 7, 8, 9, 10, 11, 12]]  # 2 West, 3 Central, East for D; then West for D
    seating = Seating([boards], [[0] * 13], [[False, False]], [Counter() for _ in range(13)], [frozenset()] * 13,
                      [0] * 13, DEFAULT_WEIGHTS, this_round_first=True)
    walk = _Walk(seating, book, DEFAULT_WEIGHTS)
    assert (walk.total, walk.floor) == (0, 0)
    assert walk.twice[0] == ((9, 9, 0), (9, 0, 9))  # (Central, West, East): East at board 1, West at board 2


@pytest.mark.parametrize("seed", range(4))
def test_two_boards_seated_again_change_the_search_cost_by_what_their_pairs_add(seed):
    """reseat.py ranks the ways to seat two boards again by what the pairs at one board add (Seating.pair_cost):
    seated again at random, two boards change the search's cost by exactly that; and seating boards again
    every way then lowers (the search's cost, the theatres' cost), the theatres as a new walk costs them.
    A round 3 of 31 players in clubs of four, four on two boards."""
    rng = random.Random(seed)
    field = [f"P{i:02}" for i in range(31)]
    groups = [field[i:i + 4] for i in range(0, 28, 4)]
    history = draw_diplomacy(field, 2, keep_apart=groups, rng=rng, doubles={1: field[:4], 2: field[4:8]}).rounds
    index = {name: i for i, name in enumerate(field)}
    drawn = draw_diplomacy(field, 1, history, groups, rng=rng, doubles={3: field[8:12]}).rounds[0]
    boards = [[index[p] for p in t.players] for t in drawn.tables]
    seating = Seating([boards], [[0] * 31], [[False] * 5], meeting_counts(index, history),
                      keep_apart_partners(index, groups), [0] * 31, DEFAULT_WEIGHTS, this_round_first=True)
    for _ in range(5):
        x, y = rng.sample(range(5), 2)
        now = [list(b) for b in seating.rounds[0]]
        both = set(now[x]) & set(now[y])
        pool = [p for p in now[x] + now[y] if p not in both]
        mine = rng.sample(pool, 7 - len(both))
        pairs = [(a, b) for a, b in combinations(pool, 2)]
        together = {(a, b): (a in now[x]) == (b in now[x]) for a, b in pairs}
        added = sum(seating.pair_cost(a, b, together[(a, b)]) * (((a in mine) == (b in mine)) - together[(a, b)])
                    for a, b in pairs)
        before = seating.cost
        reseat._seat(seating, x, y, mine)
        assert sorted(set(seating.rounds[0][x]) - both) in (sorted(mine), sorted(set(pool) - set(mine)))
        assert seating.cost - before == added
    book = PowerBook(DEFAULT_THEATRES)
    for rnd in history:
        for table in rnd.tables:
            for seat in table.seats:
                book.record(index[seat.player], Power(seat.seat))
    walk = _Walk(seating, book, DEFAULT_WEIGHTS)
    key = (seating.cost, walk.total)
    assert reseat.reseat_pairs(seating, walk)  # the boards seated at random leave it much to do
    assert (seating.cost, walk.total) < key
    assert walk.total == _Walk(seating, book, DEFAULT_WEIGHTS).total


def test_the_workbook_day_of_seed_1_is_not_dominated_by_two_players_meeting_twice(tmp_path):
    """Issue 35, found by bench/draws_scan.py (workbook day of seed 1): 24 players in small clubs, round 2 with
    four on two boards, drawn with (seat repeats, repeated pairs, rematch cost, keep-apart pairs, theatre
    repeats, 3-player repeats) (0, 15, 15, 3, 1, 0); the yardstick found (0, 15, 15, 3, 0, 0) by seating two of
    the four on the same two boards, where they meet twice: 16 repeated pairs and a rematch cost of 16 in the
    draw's quality figures, which the yardstick did not count. It counts them now, as the draw does."""
    report = event_day("cdiplo100", 24, 1, tmp_path, steps=lambda seats: 300 * seats)
    assert (report.clubs, [number for number, *_ in report.rounds]) == ("small", [2, 3])  # the day of the scan
    second, theirs = report.rounds[0][1:3]
    assert second.values() == (0, 15, 15, 3, 1, 0)
    assert not theirs.dominates(second)


@pytest.mark.parametrize("seed", range(6))
def test_the_yardstick_adds_to_the_rematch_cost_what_the_quality_figures_do(seed):
    """Two players on the same two boards meet twice in one round: the yardstick's rematch cost of a round is
    what the round adds to the draw's (quality), seated at random, players on two boards and all (10-12 players
    on two boards of seven in both rounds: those on both boards meet twice in a round)."""
    rng = random.Random(seed)
    field = [f"P{i:02}" for i in range(rng.randint(10, 12))]
    history = draw_diplomacy(field, 1, rng=rng, doubles={1: rng.sample(field, 14 - len(field))}).rounds
    drawn = draw_diplomacy(field, 1, history, rng=rng, doubles={2: rng.sample(field, 14 - len(field))}).rounds[0]
    seats = [s.player for t in drawn.tables for s in t.seats]
    while True:  # a shuffle of the seats, nobody twice at one board
        rng.shuffle(seats)
        if all(len(set(seats[b:b + 7])) == 7 for b in range(0, len(seats), 7)):
            break
    shuffled = Round(2, tuple(DrawnTable(t.number, tuple(Seat(s.seat, p) for s, p in zip(t.seats, seats[b * 7:])))
                              for b, t in enumerate(drawn.tables)))
    added = quality(DrawnRounds(Family.DIPLOMACY, (*history, shuffled))).rematch_cost \
        - quality(DrawnRounds(Family.DIPLOMACY, history)).rematch_cost
    assert round_figures(Family.DIPLOMACY, shuffled, history).rematch_cost == added


# --- advice when the roles still owed cannot fill the rounds left -----------------------------------


def test_the_roles_owed_refusal_names_the_stand_ins_to_add_and_followed_they_are_drawn(tmp_path, capsys):
    """Issue 35, item 3: eight players play rounds 1 and 2; four of them are absent in round 3, and the four left
    do not owe each role twice between them (two of each role per round over rounds 3 and 4). The refusal says
    so and what to type; typed as written, rounds 3 and 4 are drawn, every player in a role they still owe."""
    path = tmp_path / "eight.xlsx"
    template.write(path, find_layout("cafe2023"), tournament="Eight",
                   rows={PLAYERS.name: [{NAME: f"P{i}"} for i in range(8)]})
    for number in (1, 2):
        book = FileWorkbook(path)
        draw_event(book, number)
        book.save()
    book = FileWorkbook(path)
    for i in range(4):
        absent(book, f"P{i}", 3)
    book.save()
    with pytest.raises(InputError) as refused:
        draw_event(FileWorkbook(path), 3)
    message = str(refused.value)
    assert "round 3: the roles still owed cannot be balanced" in message
    assert COMMAND.findall(message) == [f"tourneybook join eight.xlsx \"Stand-in {k}\" --from-round 3 --stand-in"
                                        for k in (1, 2, 3, 4)]
    assert follow_advice(message, path, random.Random(0))
    capsys.readouterr()
    outcomes = []
    for number in (3, 4):
        book = FileWorkbook(path)
        outcomes.append(draw_event(book, number))
        book.save()
    third = {s.player for t in outcomes[0].draw.rounds[0].tables for s in t.seats}
    assert third == {"P4", "P5", "P6", "P7", "Stand-in 1", "Stand-in 2", "Stand-in 3", "Stand-in 4"}
    played = (*outcomes[1].history, *outcomes[1].draw.rounds)  # rounds 1-3 as the workbook holds them, and 4
    assert [r.number for r in played] == [1, 2, 3, 4]
    roles = Counter((s.player, s.seat) for r in played for t in r.tables for s in t.seats)
    assert max(roles.values()) == 1  # nobody played a role twice
