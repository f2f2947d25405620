"""Friedrich qualifying draw and final choices (seeds 000/001 section I/B; RULES.md Friedrich)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tourneybook.draws import ROLES, Round, check_final_choices, draw_friedrich, quality
from tourneybook.errors import InputError

from .conftest import field

ROLE_NAMES = tuple(role.value for role in ROLES)
"""Seats hold role names, in the rules' role order (GFTR B)."""


@pytest.mark.parametrize(
    "n, seed",
    [
        (16, 0),  # seed 000 I: "at least sixteen participants are needed" - and 16 suffice
        (16, 7),
        (20, 1),  # RULES.md Friedrich: different opponents as far as possible
        (24, 2),  # no ring of order 6: the search must finish the job
        (28, 3),
        (32, 4),
        (36, 5),  # GF(9)
        (100, 6),
    ],
)
def test_zero_rematches_from_sixteen_players(n, seed):
    draw = draw_friedrich(field(n), rng=random.Random(seed))
    report = quality(draw)
    assert (report.repeated_pairs, report.rematch_cost, report.seat_repeats) == (0, 0, 0)
    assert all(len(t.seats) == 4 for r in draw.rounds for t in r.tables)
    assert draw.notes == ()


@pytest.mark.parametrize(
    "n, cost",
    [
        (12, 18),  # 3 tables: every pair of rounds forces 3 repeats, 6 pairs of rounds
        (8, 24),  # 2 tables: every pair of rounds forces 4 repeats
    ],
)
def test_small_fields_reach_the_lower_bound(n, cost):
    report = quality(draw_friedrich(field(n), rng=random.Random(1)))
    assert (report.rematch_cost, report.rematch_bound) == (cost, cost)


@pytest.mark.parametrize(
    "n, message",
    [
        (18, "18 players cannot be seated at Friedrich tables of exactly four: 2 stand-ins are needed to make 20"),
        (17, "17 players cannot be seated at Friedrich tables of exactly four: 3 stand-ins are needed to make 20"),
        (19, "19 players cannot be seated at Friedrich tables of exactly four: 1 stand-in is needed to make 20"),
        (0, "there are no players"),
    ],
)
def test_field_not_a_multiple_of_four_is_refused(n, message):
    with pytest.raises(InputError) as caught:
        draw_friedrich(field(n), rng=random.Random(1))
    assert str(caught.value) == f"players: {message}"


def test_every_problem_is_reported_at_once():
    with pytest.raises(InputError) as caught:
        draw_friedrich(["A", "A", "B"], rounds=5, keep_apart=[["A", "Zed"]], rng=random.Random(1))
    messages = [str(p) for p in caught.value.problems]
    assert messages == [
        "players: A is entered twice",
        "keep-apart group 1: Zed is not in the field",
        "players: 3 players cannot be seated at Friedrich tables of exactly four: 1 stand-in is needed to make 4",
        "rounds: 5 new round(s) after 0 played: the qualifying has four rounds, one per role",
    ]


def test_clubs_are_kept_apart():
    players = field(32)
    clubs = [players[0:6], players[6:12], players[12:15]]
    draw = draw_friedrich(players, keep_apart=clubs, rng=random.Random(3))
    report = quality(draw, keep_apart=clubs)
    assert (report.keep_apart_violations, report.repeated_pairs) == (0, 0)


def test_a_club_bigger_than_the_tables_is_reported_on_the_tables():
    players = field(16)
    club = players[:5]  # five members, four tables: two always share one
    draw = draw_friedrich(players, keep_apart=[club], rng=random.Random(3))
    report = quality(draw, keep_apart=[club])
    assert report.keep_apart_violations >= 4
    reasons = [r for rnd in draw.rounds for t in rnd.tables for r in t.reasons]
    assert sum("keep-apart broken" in r for r in reasons) == report.keep_apart_violations


@pytest.mark.parametrize("played", [1, 2, 3])
def test_round_by_round_keeps_one_role_each(played):
    players = field(20)
    history: tuple[Round, ...] = ()
    for k in range(played):
        history += draw_friedrich(players, rounds=1, history=history, rng=random.Random(k)).rounds
    rest = draw_friedrich(players, rounds=4 - played, history=history, rng=random.Random(9))
    assert [r.number for r in rest.rounds] == list(range(played + 1, 5))
    roles = Counter((s.player, s.seat) for r in history + rest.rounds for t in r.tables for s in t.seats)
    assert set(roles.values()) == {1} and len(roles) == 20 * 4


def test_history_with_a_role_played_twice_is_refused():
    players = field(16)
    first = draw_friedrich(players, rounds=1, rng=random.Random(1)).rounds[0]
    again = Round(2, first.tables)
    with pytest.raises(InputError) as caught:
        draw_friedrich(players, rounds=1, history=[first, again], rng=random.Random(1))
    assert "plays Frederick a second time" in str(caught.value)


RANKED = ["Ann", "Ben", "Cid", "Dan", "Eve"]


@pytest.mark.parametrize(
    "choices, problems",
    [
        # seed 000 I: the best four each choose one role, in ranking order
        ({"Ann": "Frederick", "Ben": "Elisabeth", "Cid": "Maria Theresa", "Dan": "Pompadour"}, []),
        (
            {"Ann": "Frederick", "Ben": "Frederick", "Cid": "Maria Theresa", "Dan": "Pompadour"},
            ["final, Ben: Frederick is already chosen by Ann, who ranks higher", "final: no one plays Elisabeth"],
        ),
        (
            {"Ann": "Frederick", "Ben": "Elisabeth", "Cid": "Maria Theresa", "Eve": "Pompadour"},
            ["final, Eve: ranked 5, not among the best four", "final, Dan: ranked 4 but has no role"],
        ),
        (
            {"Ann": "Prussia", "Ben": "Elisabeth", "Cid": "Maria Theresa", "Dan": "Pompadour"},
            [
                "final, Ann: 'Prussia' is not a role (Frederick, Elisabeth, Maria Theresa, Pompadour)",
                "final: no one plays Frederick",
            ],
        ),
    ],
)
def test_final_choices(choices, problems):
    assert [str(p) for p in check_final_choices(RANKED, choices)] == problems


def test_roles_are_named_in_role_order():
    draw = draw_friedrich(field(16), rng=random.Random(2))
    assert all(tuple(s.seat for s in t.seats) == ROLE_NAMES for r in draw.rounds for t in r.tables)


def test_a_late_entry_takes_the_stand_in_s_place():
    """RULES.md Friedrich: a stand-in filled round 1; the late entry plays the three remaining rounds."""
    players = field(16)
    first = draw_friedrich(players, rounds=1, rng=random.Random(4))
    later_field = [p if p != "P016" else "Late" for p in players]
    rest = draw_friedrich(later_field, rounds=3, history=first.rounds, rng=random.Random(4))
    stand_in_role = first.rounds[0].tables[0].seat_of("P016") if "P016" in first.rounds[0].tables[0].players else None
    late_roles = [t.seat_of("Late") for r in rest.rounds for t in r.tables if "Late" in t.players]
    assert len(set(late_roles)) == 3
    if stand_in_role is not None:
        assert stand_in_role not in late_roles
    for rnd in rest.rounds:
        assert all(sorted(s.seat for s in t.seats) == sorted(ROLE_NAMES) for t in rnd.tables)


@pytest.mark.parametrize("seed", range(6))
def test_twenty_players_in_five_clubs_of_four_meet_no_one_twice_and_no_club_mate(seed):
    """Issue 23: the fifth club fits no row of five; it is seated on a table of the round not drawn.

    Before, the search was left with 5 to 9 repeated pairs (CAFE's 20 in 5 groups: 6).
    """
    names = [f"P{i:02}" for i in range(20)]
    clubs = [names[i * 4 : (i + 1) * 4] for i in range(5)]
    report = quality(draw_friedrich(names, keep_apart=clubs, rng=random.Random(seed)), (), clubs)
    assert (report.repeated_pairs, report.keep_apart_violations, report.seat_repeats) == (0, 0, 0)


def test_a_spread_cluster_is_moved_onto_a_table_of_the_round_not_drawn():
    from tourneybook.draws.design import rows_design, spread_clusters_apart

    rows = [[a * 5 + x for x in range(5)] for a in range(4)]
    club = [0, 5, 10, 15]  # column 0 of every row: table 1 of round 1 in the design
    index = {str(p): p for p in range(20)}
    spread_clusters_apart(rows, [[str(p) for p in club]], index, 4)
    seat = {p: a * 5 + x for a, row in enumerate(rows) for x, p in enumerate(row)}
    assert sorted(p for row in rows for p in row) == list(range(20)) and all(seat[p] // 5 == p // 5 for p in range(20))
    for rnd in rows_design(5, 4):
        for table in rnd:
            assert sum(seat[p] in table for p in club) <= 1


def test_a_plan_the_rounds_played_cannot_follow_is_not_made(monkeypatch):
    """After a withdrawal replaced by a stand-in, rounds 1-2 seated another field: the plan made after
    round 1 for today's field could never match round 2, so only the plan after round 2 is made."""
    from tourneybook.draws import continuation

    before = [f"P{i:02}" for i in range(16)]
    played = draw_friedrich(before, rounds=2, rng=random.Random(3)).rounds
    today = before[1:] + ["Stand-in"]
    made = []
    real = continuation._plan
    monkeypatch.setattr(continuation, "_plan", lambda field, history, *rest: made.append(len(history)) or real(field, history, *rest))
    third = draw_friedrich(today, rounds=1, history=played, rng=random.Random(4))
    assert made == [2]
    assert sorted(p for t in third.rounds[0].tables for p in t.players) == sorted(today)
