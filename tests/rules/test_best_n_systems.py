"""Draw Size Scoring, C-Diplo 100 and OpenTribute: the hand-worked examples of docs/formats/diplomacy.md.

The boards are examples/<id>/*.json (AEFGIRT):
- tie.json: 0 (eliminated 1905), 5, 9, 9, 4, 3, 4: France and Germany lead together;
- leader.json: 3, 5, 6, 11, 4, 5, 0 (eliminated 1906): Germany leads alone;
- solo.json: 0, 4, 0, 18, 0, 5, 7: Germany's solo;
and tournament.json plays them as three rounds of seven players (best 2 of 3).
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.cli import main
from tourneybook.errors import ValidationError
from tourneybook.rules import find_ruleset
from tourneybook.rules.best_n import Entrant, Tournament
from tourneybook.rules.diplomacy import Board, Power, PowerResult
from tourneybook.rules.diplomacy_event import settings_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
A, E, Fr, G, I, R, T = Power


def board(counts, rnd=1, number=1, players=None, draw=None) -> Board:
    names = players or [p.value for p in Power]
    return Board(rnd, number, tuple(PowerResult(p, n, c, 1905 if c == 0 else None)
                                    for p, n, c in zip(Power, names, counts)), draw=draw)


TIE = (0, 5, 9, 9, 4, 3, 4)
LEADER = (3, 5, 6, 11, 4, 5, 0)
SOLO = (0, 4, 0, 18, 0, 5, 7)


def points(ruleset_id: str, b: Board) -> list[F]:
    game = find_ruleset(ruleset_id).score_game(b)
    return [game.of(p.player).points for p in b.in_power_order()]


@pytest.mark.parametrize(
    "ruleset_id, counts, draw, expected",
    [
        pytest.param("dss", TIE, None, [0] + [F(100, 6)] * 6, id="dss: six survivors share 100"),
        pytest.param("dss", TIE, (Fr, G), [0, 0, 50, 50, 0, 0, 0], id="dss: a draw of France and Germany"),
        pytest.param("dss", SOLO, None, [0, 0, 0, 100, 0, 0, 0], id="dss: solo"),
        # 1 + centres; France and Germany cover ranks 1-2: (38 + 14) / 2 = 26; England third: 7
        pytest.param("cdiplo100", TIE, None, [1, 13, 36, 36, 5, 4, 5], id="cdiplo100: a tie for the most"),
        # Germany 38, France 14, England and Russia cover ranks 3-4: (7 + 0) / 2
        pytest.param("cdiplo100", LEADER, None, [4, F(19, 2), 21, 50, 5, F(19, 2), 1], id="cdiplo100: a tie for third"),
        pytest.param("cdiplo100", SOLO, None, [0, 0, 0, 100, 0, 0, 0], id="cdiplo100: solo"),
        # survivors 34 + 3c - (9 - c); paid 9 + 4 + 5 + 6 + 5 = 29; each leader 34 + 27 + 29 // 4 = 68
        pytest.param("opentribute", TIE, None, [0, 45, 68, 68, 41, 37, 41], id="opentribute: two leaders"),
        # paid 8 + 6 + 5 + 7 + 6 + 11 = 43, all to Germany: 34 + 33 + 43 = 110
        pytest.param("opentribute", LEADER, None, [35, 43, 47, 110, 39, 43, 0], id="opentribute: one leader"),
        pytest.param("opentribute", SOLO, None, [0, 0, 0, 340, 0, 0, 0], id="opentribute: solo"),
    ],
)
def test_hand_worked_boards(ruleset_id, counts, draw, expected):
    assert points(ruleset_id, board(counts, draw=draw)) == expected


@pytest.mark.parametrize("ruleset_id, file, expected", [
    ("dss", "tie.json", [0] + [F(50, 3)] * 6),
    ("dss", "draw.json", [0, 0, 50, 50, 0, 0, 0]),
    ("dss", "solo.json", [0, 0, 0, 100, 0, 0, 0]),
    ("cdiplo100", "tie.json", [1, 13, 36, 36, 5, 4, 5]),
    ("cdiplo100", "solo.json", [0, 0, 0, 100, 0, 0, 0]),
    ("opentribute", "tie.json", [0, 45, 68, 68, 41, 37, 41]),
    ("opentribute", "leader.json", [35, 43, 47, 110, 39, 43, 0]),
    ("opentribute", "solo.json", [0, 0, 0, 340, 0, 0, 0]),
])
def test_the_example_files_score_as_worked_by_hand(ruleset_id, file, expected):
    ruleset = find_ruleset(ruleset_id)
    b = ruleset.game_from_dict(json.loads((EXAMPLES / ruleset_id / file).read_text()))
    game = ruleset.score_game(b)
    assert [game.of(p.player).points for p in b.in_power_order()] == expected


# examples/<id>/tournament.json: each player's best 2 of 3 games, by hand (docs/formats/diplomacy.md)
TOURNAMENTS = {
    "dss": [("Fe", F(350, 3)), ("Di", F(200, 3)), ("Cy", F(200, 3)), ("Bo", F(50, 3)), ("Ed", F(50, 3)),
            ("Gu", F(50, 3)), ("Ann", 0)],
    "cdiplo100": [("Fe", 105), ("Di", 57), ("Ed", 55), ("Cy", F(91, 2)), ("Bo", 17), ("Gu", F(29, 2)), ("Ann", 2)],
    "opentribute": [("Fe", 379), ("Ed", 151), ("Di", 115), ("Cy", 111), ("Gu", 84), ("Bo", 80), ("Ann", 0)],
}


@pytest.mark.parametrize("ruleset_id", TOURNAMENTS)
def test_the_example_tournaments_rank_as_worked_by_hand(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    result = ruleset.standings(ruleset.tournament_from_dict(json.loads((EXAMPLES / ruleset_id / "tournament.json").read_text())))
    assert [(r.player, r.total) for r in result.standings.rows] == TOURNAMENTS[ruleset_id]
    counted = result.extras[-1]
    assert counted.title == "Games counted" and sum(row[-1] == "no" for row in counted.rows) == 7  # one game each


def test_dss_ties_go_to_the_best_game_then_the_organisers_lot():
    dss = find_ruleset("dss")
    result = dss.standings(dss.tournament_from_dict(json.loads((EXAMPLES / "dss" / "tournament.json").read_text())))
    di, cy = result.standings.row("Di"), result.standings.row("Cy")
    assert dict(di.tiebreaks)["best game"] == dict(cy.tiebreaks)["best game"] == 50
    assert (di.rank, cy.rank, cy.decided_by) == (2, 3, "lot")


def test_games_counted_n_is_the_directors():
    seven = ["Ann", "Bo", "Cy", "Di", "Ed", "Fe", "Gu"]
    games = (board(TIE, 1, players=seven), board(LEADER, 2, players=seven[1:] + seven[:1]))
    cdiplo100 = find_ruleset("cdiplo100")
    counted = {n: dataclasses.replace(settings_of("cdiplo100"), games_counted=n) for n in (0, 1, 2)}
    one = cdiplo100.standings(Tournament("Open", games, counted[1])).standings
    both = cdiplo100.standings(Tournament("Open", games, counted[2])).standings
    assert one.row("Di").total == 36 and both.row("Di").total == 36 + 21  # Di: Germany 36 in R1, France 21 in R2
    every = cdiplo100.standings(Tournament("Open", games, counted[0])).standings  # the Diplomacy event's 0: every game
    assert every.row("Di").total == 36 + 21 and every.total_name == "all games"


def test_a_stand_in_is_scored_for_the_board_but_not_ranked():
    t = Tournament("Open", (board(LEADER),), settings_of("opentribute"),
                   players=tuple(Entrant(p.value, td=p is G) for p in Power))
    result = find_ruleset("opentribute").standings(t)
    assert "Germany" not in result.standings.order and result.games[0].of("Germany").points == 110
    assert "Germany is a stand-in: games scored for the board, not ranked" in result.notes


@pytest.mark.parametrize("draw, message", [
    ([], "the draw names no power"),
    (["Austria"], "Austria: is in the draw but has no centres"),
    (["France", "France"], "France: is in the draw 2 times"),
    (["Prussia"], "unknown power in the draw 'Prussia'"),
    ("France", "draw must be a list of the powers in the draw"),
])
def test_a_recorded_draw_is_checked(draw, message):
    data = json.loads((EXAMPLES / "dss" / "tie.json").read_text())
    with pytest.raises(ValidationError, match=message):
        find_ruleset("dss").game_from_dict({**data, "draw": draw})


def test_a_solo_board_cannot_record_a_draw():
    with pytest.raises(ValidationError, match="a solo ends the game without a draw"):
        find_ruleset("dss").score_game(board(SOLO, draw=(G, T)))


def test_the_command_line_scores_a_recorded_draw(capsys):
    assert main(["score", "dss", str(EXAMPLES / "dss" / "draw.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["points"]["display"] for p in out["players"]] == ["0.00", "0.00", "50.00", "50.00", "0.00", "0.00", "0.00"]


def test_cdiplo100_eliminated_powers_share_the_ranks_left_when_fewer_than_three_survive():
    """docs/formats/diplomacy.md: on 17-17 the two leaders split 38 + 14; the five on 0 centres split the third's 7."""
    scores = points("cdiplo100", board((17, 17, 0, 0, 0, 0, 0)))
    assert scores == [F(1 + 17 + 26)] * 2 + [F(12, 5)] * 5


@st.composite
def board_centres(draw) -> list[int]:
    """Seven powers' centres, 0 to 17 each, 1 to 34 on the board: every such board. Each count is drawn within what
    the board has left and the powers are then shuffled: no example is thrown away (a filter on seven free counts
    threw most away, and the test took six times as long)."""
    counts: list[int] = []
    for _ in range(7):
        counts.append(draw(st.integers(0, min(17, 34 - sum(counts)))))
    return list(draw(st.permutations(counts)))


centres = board_centres().filter(lambda c: sum(c) > 0)


@settings(max_examples=200, deadline=None)
@given(centres)
def test_board_totals(counts):
    """DSS always gives out 100; C-Diplo 100 gives 7 + centres + 59; OpenTribute 34 per survivor + 3 per centre,
    less what survivors pay, plus what the leaders receive."""
    b = board(counts)
    assert sum(points("dss", b)) == 100
    assert sum(points("cdiplo100", b)) == 7 + sum(counts) + 59
    most = max(counts)
    survivors = [c for c in counts if c]
    leaders = counts.count(most)
    received = sum(most - c for c in counts) // leaders ** 2 * leaders
    assert sum(points("opentribute", b)) == 34 * len(survivors) + 3 * sum(counts) - sum(most - c for c in survivors) + received


@settings(max_examples=60, deadline=None)
@given(st.lists(centres, min_size=3, max_size=5), st.integers(0, 3), st.sampled_from(["dss", "cdiplo100", "sos"]))
def test_a_total_is_the_players_best_n_game_scores_added_up(counts, n, ruleset_id):
    """However the boards' scores split (DSS: sixths, sevenths...), each total is exactly the sum of the player's
    best N game scores, every game when N is 0 (the standings add them as whole numbers over one denominator)."""
    ruleset = find_ruleset(ruleset_id)
    names = [f"Player {i}" for i in range(10)]
    boards = tuple(board(c, rnd=r, players=[names[(3 * r + seat) % 10] for seat in range(7)])
                   for r, c in enumerate(counts, start=1))
    record = ruleset.tournament_of("Property", boards, dataclasses.replace(ruleset.settings, games_counted=n))
    scores: dict[str, list[F]] = {}
    for b in boards:
        game = ruleset.score_game(b)
        for seat in b.powers:
            scores.setdefault(seat.player, []).append(game.of(seat.player).points)
    rows = ruleset.standings(record).standings.rows
    assert sorted(r.player for r in rows) == sorted(scores)
    for row in rows:
        expected = sum(sorted(scores[row.player], reverse=True)[: n or None], F(0))
        assert type(row.total) is F and row.total == expected, (row.player, scores[row.player], n)
