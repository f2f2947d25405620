"""Diplomacy seating and the Italia top board (seed 003 II; seed 004 4.1; RULES.md Diplomacy)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tourneybook.draws import (
    DEFAULT_THEATRES,
    POWERS,
    Power,
    Round,
    Theatre,
    UnfilledBoards,
    draw_diplomacy,
    draw_italia_top_board,
    quality,
)
from tourneybook.draws.powers import PowerBook, slots_cost, theatre_slots, theatres_floor
from tourneybook.errors import InputError
from tourneybook.rules.diplomacy import DEFAULT_THEATRES as RULES_THEATRES
from tourneybook.rules.diplomacy import parse_theatres

from .conftest import field, seat_counts


def test_twenty_one_players_second_round_optimum():
    """21 players after three disjoint boards: new boards take 3, 2 and 2 from the old ones, 15 pairs again."""
    players = field(21)
    first = draw_diplomacy(players, rng=random.Random(11))
    second = draw_diplomacy(players, history=first.rounds, rng=random.Random(12))
    report = quality(second, first.rounds)
    assert (report.repeated_pairs, report.rematch_cost, report.rematch_bound) == (15, 15, 15)
    old_board = {p: t.number for t in first.rounds[0].tables for p in t.players}
    for table in second.rounds[0].tables:
        assert sorted(Counter(old_board[p] for p in table.players).values()) == [2, 2, 3]
    assert report.seat_repeats == 0


@pytest.mark.parametrize(
    "n, rounds, cost",
    [
        (21, 3, 45),  # every pair of rounds forces 15 (the 3/2/2 spread)
        (28, 3, 36),  # 7 over 4 boards: 2+2+2+1 -> 3 pairs per old board, 12 per pair of rounds
        (49, 3, 0),  # seven boards: a round can take one player from each old board
    ],
)
def test_three_rounds_reach_the_bound(n, rounds, cost):
    players = field(n)
    history: tuple[Round, ...] = ()
    for r in range(rounds - 1):
        history += draw_diplomacy(players, history=history, rng=random.Random(r)).rounds
    report = quality(draw_diplomacy(players, history=history, rng=random.Random(5)), history)
    assert report.rematch_cost == report.rematch_bound == cost
    assert report.seat_repeats == 0


def test_all_rounds_at_once_have_no_power_repeat():
    draw = draw_diplomacy(field(35), rounds=4, rng=random.Random(4))
    report = quality(draw)
    assert report.seat_repeats == 0
    assert report.rematch_cost == report.rematch_bound == 60  # 4 boards of 7 over 5: 2+2+1+1+1 -> 2 pairs


@pytest.mark.parametrize(
    "n, sit_outs, doubles, message",
    [
        (22, {}, {}, "round 1: 22 players - 0 sitting out + 0 on two boards = 22 seats, not a multiple of 7: "
         "ask 1 more to sit out or 6 more to play two boards"),
        (23, {1: ["P001"]}, {}, "round 1: 23 players - 1 sitting out + 0 on two boards = 22 seats, not a multiple "
         "of 7: ask 1 more to sit out or 6 more to play two boards"),
        (21, {1: ["P001"]}, {1: ["P001"]}, "round 1: P001 cannot both sit out and play two boards"),
        (5, {}, {1: ["P001", "P002"]}, "round 1: playing two boards needs at least two boards"),
        (21, {3: ["P001"]}, {}, "sit-outs: round 3 is not drawn now (rounds 1)"),
        (21, {1: ["Nobody"]}, {}, "sit-outs, round 1: Nobody is not in the field"),
    ],
)
def test_organiser_choice_must_make_a_multiple_of_seven(n, sit_outs, doubles, message):
    with pytest.raises(InputError) as caught:
        draw_diplomacy(field(n), sit_outs=sit_outs, doubles=doubles, rng=random.Random(1))
    assert message in [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("n, sit_outs, doubles, numbers", [
    (22, {}, {}, (22, 0, 0)),
    (23, {1: ["P001"]}, {}, (23, 1, 0)),
    (26, {1: ["P001"]}, {1: ["P002", "P003"]}, (26, 1, 2)),  # 27 seats: 6 more to sit out or 1 more to double
])
def test_unfilled_boards_keep_their_numbers_for_the_caller_to_word(n, sit_outs, doubles, numbers):
    """Seed 003 II.5: the pure draw names no command option or sheet; the action that calls it says how to ask."""
    with pytest.raises(InputError) as caught:
        draw_diplomacy(field(n), sit_outs=sit_outs, doubles=doubles, rng=random.Random(1))
    [problem] = [p for p in caught.value.problems if isinstance(p, UnfilledBoards)]
    assert (problem.players, problem.sitting_out, problem.doubles) == numbers and problem.where == "round 1"
    assert "--sit-out" not in problem.message and "sheet" not in problem.message


def test_sit_outs_and_doubles():
    players = field(25)
    draw = draw_diplomacy(
        players, rounds=2, sit_outs={1: ["P025", "P024", "P023", "P022"]}, doubles={2: ["P001", "P002", "P003"]},
        rng=random.Random(3),
    )
    first, second = seat_counts(draw)
    assert draw.rounds[0].sitting_out == ("P022", "P023", "P024", "P025")
    assert sum(first.values()) == 21 and "P025" not in first
    assert sum(second.values()) == 28 and [second[p] for p in ("P001", "P002", "P003")] == [2, 2, 2]
    for table in draw.rounds[1].tables:
        assert len(set(table.players)) == 7  # never twice on one board
    assert quality(draw).seat_repeats == 0


def test_theatres_are_configurable():
    """CODCon Settings 'Theatres' (RULES.md, CODCon 2008), read by the rules' parse_theatres."""
    west_only = parse_theatres("West: Austria, England, France, Germany, Italy, Russia, Turkey")
    draw = draw_diplomacy(field(14), rounds=2, theatres=west_only, rng=random.Random(2))
    assert quality(draw, theatres=west_only).theatre_repeats == 14  # every second game is in the West again
    assert quality(draw).theatre_repeats < 14


def test_default_theatres_are_the_rules_default():
    """Seed 003, II.4: the draws' default is the rules' West / Central / East split."""
    assert dict(DEFAULT_THEATRES) == parse_theatres(RULES_THEATRES)
    assert DEFAULT_THEATRES[Power.ENGLAND] is Theatre.WEST and DEFAULT_THEATRES[Power.TURKEY] is Theatre.EAST


@pytest.mark.parametrize(
    "theatres, message",
    [
        ({"All": Theatre.WEST}, "theatres: 'All' is not a power"),
        ({Power.ITALY: "South"}, "theatres, Italy: 'South' is not a theatre"),
    ],
)
def test_theatres_must_be_powers_to_theatres(theatres, message):
    with pytest.raises(InputError) as caught:
        draw_diplomacy(field(7), theatres=theatres, rng=random.Random(1))
    assert message in [str(p) for p in caught.value.problems]


def test_italia_top_board_is_the_best_seven_with_powers_from_the_cup():
    ranked = [f"R{i}" for i in range(1, 12)]
    board = draw_italia_top_board(ranked, random.Random(2024))
    assert board.players == tuple(ranked[:7])  # seed 004 4.1: drawn in ranking order
    assert sorted(board.seat_of(p) for p in board.players) == sorted(p.value for p in POWERS)
    assert board == draw_italia_top_board(ranked, random.Random(2024))
    draws = {tuple(s.seat for s in draw_italia_top_board(ranked, random.Random(k)).seats) for k in range(30)}
    assert len(draws) > 20  # the cup really is random


def test_italia_top_board_needs_seven():
    with pytest.raises(InputError) as caught:
        draw_italia_top_board(["A", "B"], random.Random(1))
    assert str(caught.value) == "standings: the top board needs seven players; only 2 ranked"


def _greedy_by_scanning_every_board(entries, meetings, partners, weights, rng):
    """The construction as first written: each entry looks at every board (n x boards steps)."""
    from tourneybook.draws.cost import copy_meetings, rematch_cost

    meet = copy_meetings(meetings)
    rounds = []
    for seats in entries:
        boards = [[] for _ in range(len(seats) // 7)]
        doubled = {p for p in seats if seats.count(p) > 1}
        order = rng.sample(list(seats), len(seats))
        order.sort(key=lambda p: p not in doubled)
        for p in order:
            best, choice = None, []
            for b, board in enumerate(boards):
                if len(board) == 7 or p in board:
                    continue
                added = sum(weights.rematch * (rematch_cost(meet[p][q] + 1) - rematch_cost(meet[p][q]))
                            + (weights.keep_apart if q in partners[p] else 0) for q in board)
                if best is None or (added, len(board)) < best:
                    best, choice = (added, len(board)), [b]
                elif (added, len(board)) == best:
                    choice.append(b)
            boards[rng.choice(choice)].append(p)
        for board in boards:
            for a in board:
                for b in board:
                    if a != b:
                        meet[a][b] += 1
        rounds.append(boards)
    return rounds


@pytest.mark.parametrize("trial", range(40))
def test_the_construction_picks_what_scanning_every_board_picks(trial):
    """Same boards, same random choices: the n log n construction changes no draw, only its time."""
    from tourneybook.draws.cost import keep_apart_partners
    from tourneybook.draws.diplomacy import _greedy_rounds
    from tourneybook.draws.model import DEFAULT_WEIGHTS

    r = random.Random(trial)
    n = r.choice([7, 14, 21, 35, 70, 140])
    people = list(range(n + r.choice([0, 3])))
    entries = []
    for _ in range(r.choice([1, 2, 3])):
        doubles = r.sample(people, 2) if n >= 14 and r.random() < 0.3 else []
        entries.append(r.sample(people, n - len(doubles)) + doubles)
    groups = [[f"P{i}" for i in r.sample(people, r.choice([2, 4]))] for _ in range(r.choice([0, 2]))]
    partners = keep_apart_partners({f"P{i}": i for i in people}, groups)
    meetings = [Counter() for _ in people]
    for _ in range(r.choice([0, 30, 300])):
        a, b = r.sample(people, 2)
        meetings[a][b] += 1
        meetings[b][a] += 1
    expected = _greedy_by_scanning_every_board(entries, meetings, partners, DEFAULT_WEIGHTS, random.Random(trial))
    assert _greedy_rounds(entries, meetings, partners, DEFAULT_WEIGHTS, random.Random(trial)) == expected


def test_a_draw_with_double_boards_is_the_same_in_every_process():
    """The seed alone decides the draw: the players on two boards are taken in field order, not in the order a set
    of names happens to have in one process (it changes with PYTHONHASHSEED)."""
    import os
    import subprocess
    import sys

    script = (
        "import random\n"
        "from tourneybook.draws.diplomacy import draw_diplomacy\n"
        "players = [f'P{i:02}' for i in range(14)]\n"
        "draw = draw_diplomacy(players, doubles={1: players[:7]}, rng=random.Random(0))\n"
        "print([[s.player for s in t.seats] for t in draw.rounds[0].tables])\n"
    )
    seen = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout
        for seed in range(4)
    }
    assert len(seen) == 1, seen


def test_the_theatres_floor_is_the_cheapest_seating_of_the_rounds_seats_taken_together():
    """The min-cost flow of the players to the theatres' seats equals the exhaustive count over those seats (all
    boards as one), and no split of the players into boards costs less (it is the walk's stopping point)."""
    slots = theatre_slots(PowerBook(DEFAULT_THEATRES))
    rng = random.Random(3)
    for _ in range(150):
        boards = rng.randint(1, 4)
        kinds = [tuple(rng.choice([0, 9, 10, 1000, 1009]) for _ in slots) for _ in range(rng.randint(1, 6))]
        rows = [rng.choice(kinds) for _ in range(7 * boards)]
        floor = theatres_floor(rows, slots, boards)
        assert floor == slots_cost(rows, [(theatre, powers * boards) for theatre, powers in slots])
        rng.shuffle(rows)
        assert sum(slots_cost(rows[b * 7:(b + 1) * 7], slots) for b in range(boards)) >= floor
