"""Sum of Squares (the older id ``sos``: the Diplomacy event with that system): game scores, the best-N tournament
total, its tie-breaker, JSON and the CLI.

The boards are the seed 003 examples (examples/codcon2008), scored under Sum of
Squares: a solo takes 100 and leaves 0; otherwise 100 x centres² / Σ centres².
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.cli import main
from tourneybook.errors import ValidationError
from tourneybook.rules import find_ruleset
from tourneybook.rules.diplomacy import Board, Power, PowerResult
from tourneybook.rules.best_n import Tournament as BestN
from tourneybook.rules.diplomacy_event import settings_of
from tourneybook.rules.ranking import Adjustment

RULESET = find_ruleset("sos")
score_game, standings, game_from_dict = RULESET.score_game, RULESET.standings, RULESET.game_from_dict
tournament_from_dict = RULESET.tournament_from_dict


def Settings(**changes):  # noqa: N802 (the record's Settings, as a ruleset module named them)
    """The event's Settings scored by Sum of Squares, with ``changes``."""
    return dataclasses.replace(settings_of("sos"), **changes)


def Tournament(name, games, settings=None, **fields):  # noqa: N802
    return BestN(name, games, Settings() if settings is None else settings, **fields)


BOARDS = Path(__file__).resolve().parents[2] / "examples" / "codcon2008"
A, E, F, G, I, R, T = Power


def seed_board(example: str) -> Board:
    return game_from_dict(json.loads((BOARDS / f"{example}.json").read_text()))


@pytest.mark.parametrize(
    "example, expected",
    [
        # E 12, F 3, G 6, I 9, T 4 (A and R out): squares 144 + 9 + 36 + 81 + 16 = 286
        ("example_a", {A: 0, E: Fraction(14400, 286), F: Fraction(900, 286), G: Fraction(3600, 286),
                       I: Fraction(8100, 286), R: 0, T: Fraction(1600, 286)}),
        # A 17, F 1, G 12, R 4: squares 289 + 1 + 144 + 16 = 450
        ("example_b", {A: Fraction(578, 9), E: 0, F: Fraction(2, 9), G: 32, I: 0, R: Fraction(32, 9), T: 0}),
        # Austria's solo on 18: 100, everyone else 0 (England, France and Russia survive)
        ("example_c", {A: 100, E: 0, F: 0, G: 0, I: 0, R: 0, T: 0}),
    ],
)
def test_the_seed_boards_under_sum_of_squares(example, expected):
    board = seed_board(example)
    game = score_game(board)
    got = {p.power: game.of(p.player).points for p in board.powers}
    assert got == expected
    assert sum(got.values()) == 100


def test_the_parts_explain_the_score():
    board = seed_board("example_a")
    england = score_game(board).of(board.result(E).player)
    assert england.points == Fraction(7200, 143)
    assert england.parts == (("centres", 12), ("centres squared", 144), ("sum of squares", 286))


@st.composite
def counts_without_a_solo(draw) -> list[int]:
    """Seven centre counts, each below a solo (17 at most), 34 on the map at most, not all 0.

    Drawn power by power from what the map has left (a filter over seven free counts
    threw away most of them and tripped Hypothesis' health check now and then).
    """
    left, counts = 34, []
    for _ in range(7):
        counts.append(draw(st.integers(0, min(17, left))))
        left -= counts[-1]
    if not any(counts):
        counts[0] = 1
    return draw(st.permutations(counts))


@settings(max_examples=60, deadline=None)
@given(counts_without_a_solo())
def test_a_board_without_a_solo_shares_exactly_100_by_squares(centres):
    board = Board(1, 1, tuple(PowerResult(p, p.value, n, None if n else 1905) for p, n in zip(Power, centres)))
    game = score_game(board)
    points = [game.of(p.value).points for p in Power]
    assert sum(points) == 100
    for a, na, pa in zip(Power, centres, points):
        assert pa == Fraction(100 * na * na, sum(n * n for n in centres))
        for nb, pb in zip(centres, points):
            assert (na > nb) == (pa > pb)  # more centres, strictly more points


def board(rnd: int, no: int, centres: dict[str, int]) -> Board:
    """A board of seven named players with these centres (an eliminated power out in 1905)."""
    return Board(rnd, no, tuple(PowerResult(p, name, n, None if n else 1905) for p, (name, n) in zip(Power, centres.items())))


# Three rounds of the same seven. Rounds 1 and 2: squares 100 + 4 x 36 = 244; round 3: Cy's solo.
ROUND_1 = board(1, 1, {"Ann": 10, "Bo": 6, "Cy": 6, "Di": 6, "Ed": 6, "Fe": 0, "Gu": 0})
ROUND_2 = board(2, 1, {"Ann": 0, "Bo": 10, "Cy": 6, "Di": 6, "Ed": 6, "Fe": 6, "Gu": 0})
ROUND_3 = board(3, 1, {"Ann": 0, "Bo": 0, "Cy": 18, "Di": 4, "Ed": 4, "Fe": 4, "Gu": 4})
TEN, SIX = Fraction(10000, 244), Fraction(3600, 244)


def test_every_game_counts_by_default_and_the_best_n_when_set():
    t = Tournament("Open", (ROUND_1, ROUND_2, ROUND_3))
    every = standings(t).standings
    assert {p: every.row(p).total for p in every.order} == {
        "Ann": TEN, "Bo": TEN + SIX, "Cy": 2 * SIX + 100, "Di": 2 * SIX, "Ed": 2 * SIX, "Fe": SIX, "Gu": 0}
    assert every.order[:3] == ["Cy", "Bo", "Ann"] and every.total_name == "all games"
    best_one = standings(Tournament("Open", t.games, Settings(games_counted=1)))
    assert best_one.standings.row("Di").total == SIX and best_one.standings.row("Cy").total == 100
    assert best_one.standings.total_name == "best 1 games"
    counted = best_one.extras[0]
    assert counted.title == "Games counted"
    assert [r[5] for r in counted.rows if r[0] == "Di"] == ["yes", "no", "no"]
    assert all(r[5] == "yes" for r in standings(t).extras[0].rows)


def test_a_tie_on_total_and_best_game_is_left_to_a_lot():
    t = Tournament("Open", (ROUND_1, ROUND_2, ROUND_3))
    table = standings(t).standings
    # Di and Ed: 6, 6 and 4 centres in the same boards; equal totals, equal best games
    assert [set(g) for g in table.unresolved_lots] == [{"Di", "Ed"}]
    second = table.order[max(table.order.index("Di"), table.order.index("Ed"))]
    assert table.row(second).decided_by == "lot"
    decided = standings(Tournament("Open", t.games, lot_decisions=(("Ed", 1), ("Di", 2)))).standings
    assert decided.order.index("Ed") < decided.order.index("Di") and not decided.unresolved_lots


def test_the_best_single_game_breaks_a_tie_on_the_total():
    # Di: one game of 40 (8 centres, squares 64 + 6 x 16 = 160). Ed: 10 on that board (4 centres) and
    # 30 on another (6 centres, squares 36 + 25 + 25 + 9 + 9 + 16 + 0 = 120): 40 as well, best game 30.
    one = board(1, 1, {"Di": 8, "Ed": 4, "a1": 4, "a2": 4, "a3": 4, "a4": 4, "a5": 4})
    two = board(2, 1, {"Ed": 6, "b1": 5, "b2": 5, "b3": 3, "b4": 3, "b5": 4, "b6": 0})
    table = standings(Tournament("Open", (one, two))).standings
    assert table.row("Di").total == table.row("Ed").total == 40
    assert table.order.index("Di") + 1 == table.order.index("Ed")
    assert table.row("Ed").decided_by == "best game"


def test_adjustments_count_and_bad_settings_are_reported():
    t = Tournament("Open", (ROUND_1,), adjustments=(Adjustment("Bo", Fraction(-5), "late"),))
    assert standings(t).standings.row("Bo").total == SIX - 5
    with pytest.raises(ValidationError) as caught:
        standings(Tournament("Open", (ROUND_1,), Settings(games_counted=-1)))
    assert [p.where for p in caught.value.problems] == ["settings, games_counted"]


def test_json_reads_the_same_tournament_and_the_registry_finds_it():
    data = {"ruleset": "sos", "name": "Open", "settings": {"games_counted": 1},
            "games": [json.loads((BOARDS / f"example_{x}.json").read_text()) for x in "ab"]}
    data["games"][1]["round"] = 2
    t = tournament_from_dict(data)
    assert t.settings == Settings(games_counted=1) and len(t.games) == 2
    assert find_ruleset("sos") is RULESET
    with pytest.raises(ValidationError):
        tournament_from_dict({**data, "ruleset": "codcon2008"})


def test_the_cli_scores_a_board(capsys):
    assert main(["score", "sos", str(BOARDS / "example_b.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    points = {p["seat"]: p["points"]["exact"] for p in out["players"]}
    assert points == {"Austria": "578/9", "England": "0", "France": "2/9", "Germany": "32", "Italy": "0",
                      "Russia": "32/9", "Turkey": "0"}


def test_the_registered_players_are_checked_and_an_absent_one_is_named():
    t = Tournament("Open", (ROUND_1,), players=("Ann", "Bo", "Cy", "Di", "Ed", "Fe", "Gu", "Hal"))
    result = standings(t)
    assert "Hal" not in result.standings.order and "Hal is registered but played no game" in result.notes
    with pytest.raises(ValidationError) as caught:
        standings(Tournament("Open", (ROUND_1,), players=("Ann", "Ann")))
    assert {p.message for p in caught.value.problems} >= {"Ann is listed twice", "Bo plays but is not in the players list"}
