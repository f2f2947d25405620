"""Standings after each round, on every ruleset's example; the totals checked by hand from the games."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from tourneybook.rules import find_ruleset
from tourneybook.rules.by_round import after_round, rounds_played, standings_by_round

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(ruleset_id: str):
    ruleset = find_ruleset(ruleset_id)
    return ruleset, ruleset.tournament_from_dict(json.loads((EXAMPLES / ruleset_id / "tournament.json").read_text()))


# The winner of each example, their game scores (from the Games sheet) and the totals after each round:
# fwc2022 Olga: 11.5, 12, 12, 9 -> 11.5, 23.5, 35.5, 44.5 (points add up, seed 000)
# cafe2023 Ines: 10, 11.1, 6, 11.2 -> 10, 21.1, 27.1, 38.3
# carcassonne2004 Lars Jensen: 5, 5, 3, 5 ranking points -> 5, 10, 13, 18
# codcon2008 Olga: 480/7, 450, 7 -> best 2 games: 480/7, 480/7 + 450 = 3630/7, and still 3630/7 after round 3
# italia2010 Alice: 104.4, 50.4 -> 104.4, 154.8 after two rounds (the best two of two)
HAND_CHECKED = {
    "fwc2022": ("Olga", [F(23, 2), F(47, 2), F(71, 2), F(89, 2)]),
    "cafe2023": ("Ines", [F(10), F(211, 10), F(271, 10), F(383, 10)]),
    "carcassonne2004": ("Lars Jensen", [F(5), F(10), F(13), F(18)]),
    "codcon2008": ("Olga", [F(480, 7), F(3630, 7), F(3630, 7)]),
    "italia2010": ("Alice", [F(522, 5), F(774, 5)]),
}


@pytest.mark.parametrize("ruleset_id", sorted(HAND_CHECKED))
def test_totals_after_each_round_are_the_hand_checked_sums(ruleset_id):
    ruleset, record = example(ruleset_id)
    player, totals = HAND_CHECKED[ruleset_id]
    by_round = standings_by_round(ruleset, record)
    got = [next(r.total for r in s.rows if r.player == player) for _, s in by_round]
    assert got[: len(totals)] == totals


@pytest.mark.parametrize("ruleset_id", sorted(HAND_CHECKED))
def test_after_the_last_round_the_standings_are_the_events(ruleset_id):
    ruleset, record = example(ruleset_id)
    (last, standings), *_ = reversed(standings_by_round(ruleset, record))
    assert last == rounds_played(record)[-1]
    whole = ruleset.standings(record).standings
    assert [(r.player, r.rank, r.total) for r in standings.rows] == [(r.player, r.rank, r.total) for r in whole.rows]


@pytest.mark.parametrize("ruleset_id", sorted(HAND_CHECKED))
def test_the_events_standings_stand_for_the_last_round(ruleset_id):
    ruleset, record = example(ruleset_id)
    whole = ruleset.standings(record).standings
    assert standings_by_round(ruleset, record, whole=whole)[:-1] == standings_by_round(ruleset, record)[:-1]
    assert standings_by_round(ruleset, record, whole=whole)[-1][1] is whole


def test_a_prefix_drops_later_rounds_and_the_final_and_changes_nothing_in_place():
    ruleset, record = example("fwc2022")
    first = after_round(record, 1)
    assert {g.round for g in first.games} == {1} and first.final is None
    assert {g.round for g in record.games} == {1, 2, 3, 4} and record.final is not None
    assert rounds_played(first) == (1,)


def test_a_carcassonne_prefix_has_no_knockout():
    _, record = example("carcassonne2004")
    assert record.knockout and after_round(record, 2).knockout == ()
    assert rounds_played(after_round(record, 2)) == (1, 2)


def _each_prefix_ranked(ruleset, record):
    return [(n, ruleset.standings(after_round(record, n), checked=True).standings) for n in rounds_played(record)]


@pytest.mark.parametrize("ruleset_id, rounds", [
    ("fwc2022", 4), ("cafe2023", 4), ("italia2010", 4), ("carcassonne2004", 4),
    ("codcon2008", 3), ("sos", 3), ("dss", 3), ("cdiplo100", 3), ("opentribute", 3),
])
def test_ranking_round_after_round_in_one_pass_equals_ranking_each_prefix(ruleset_id, rounds):
    """The one pass (Ruleset.standings_by_round) against the ruleset's own standings of every prefix:
    the example, and a simulated 126-player event with its ties, stand-ins, lots, (Italia) top board and
    (best-N Diplomacy) the best games counted changing from round to round."""
    from tourneybook.simulate import simulate

    ruleset, record = example(ruleset_id)
    assert ruleset.standings_by_round is not None
    for event in (record, simulate(ruleset_id, 126, seed=7)):
        expected = _each_prefix_ranked(ruleset, event)
        assert standings_by_round(ruleset, event) == expected
        assert standings_by_round(ruleset, event, rounds=[2, 1]) == [expected[1], expected[0]]
    assert len(expected) == rounds and expected[0][1] != expected[-1][1]  # the comparison can fail
