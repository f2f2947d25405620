"""The club or country ranking: the sum of each club's best N totals, checked by hand on the Carcassonne example."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

from tourneybook.rules import find_ruleset
from tourneybook.rules.clubs import club_ranking

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def standings():
    ruleset = find_ruleset("carcassonne2004")
    record = ruleset.tournament_from_dict(json.loads((EXAMPLES / "carcassonne2004" / "tournament.json").read_text()))
    return ruleset.standings(record).standings


def test_clubs_are_ranked_by_their_best_two_totals():
    s = standings()
    top = [(r.player, r.total) for r in s.rows[:6]]
    # the example's places 1-6 and their ranking points, as on its Standings sheet
    by_place = {i + 1: p for i, (p, _) in enumerate(top)}
    totals = dict(top)
    clubs = {by_place[1]: "North", by_place[6]: "North", by_place[2]: "South", by_place[3]: "South", by_place[4]: "East"}
    table = club_ranking(s, clubs, best=2)
    assert table.headers == ("Place", "Club", "ranking points (best 2)", "Players counted")
    (south, north, east) = table.rows
    assert south[:3] == (1, "South", totals[by_place[2]] + totals[by_place[3]])
    assert north[:3] == (2, "North", totals[by_place[1]] + totals[by_place[6]])
    assert east[0] == "" and east[3].endswith("fewer than 2 players, not ranked")
    assert south[3] == f"{by_place[2]} (2), {by_place[3]} (3)"


def test_equal_sums_follow_the_best_players_places():
    s = standings()
    # places 4 and 5: Bram de Wit and Tanja Meier, 14 ranking points each (the example's Standings)
    assert [(r.rank, r.player, r.total) for r in s.rows[3:5]] == [(4, "Bram de Wit", 14), (5, "Tanja Meier", 14)]
    table = club_ranking(s, {"Tanja Meier": "Rovers", "Bram de Wit": "Anchors"}, best=1)
    assert [r[:3] for r in table.rows] == [(1, "Anchors", 14), (2, "Rovers", 14)]


def test_hand_checked_sums_of_the_best_two():
    s = standings()
    clubs = {"Lars Jensen": "A", "Bram de Wit": "A", "Sven Olsen": "B", "Vera Horak": "B"}
    table = club_ranking(s, clubs, best=2)
    # B: 17.5 + 15.5 = 33 beats A: 18 + 14 = 32
    assert [r[:3] for r in table.rows] == [(1, "B", F(33)), (2, "A", F(32))]


def test_a_club_of_one_counts_when_n_is_one():
    s = standings()
    table = club_ranking(s, {s.rows[4].player: "Solo"}, best=1)
    assert table.rows == ((1, "Solo", s.rows[4].total, f"{s.rows[4].player} (5)"),)
    assert isinstance(table.rows[0][2], F)
