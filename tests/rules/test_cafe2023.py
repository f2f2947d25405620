"""CAFE'23 scoring (seed 001, section C; RULES.md "CAFE 2023 scoring") and its example.

The seed's narratives give no totals for some nations and no Bohemian objectives
of Austria; the rows below name what they assume, and the expected figures are
RULES.md's formulas applied by hand.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tourneybook.cli import main
from tourneybook.numbers import display
from tourneybook.rules import cafe2023, find_ruleset
from tourneybook.rules.friedrich import SECOND_BEST, game_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "cafe2023"
ROLES = ("Frederick", "Elisabeth", "Maria Theresa", "Pompadour")
F = Fraction


def game(duration, winners, R, S, A, IA, Fr, **extra):
    """A game record; each nation is (held, total) or (held, total, turn left)."""
    objectives = {}
    for name, value in zip(("Russia", "Sweden", "Austria", "Imperial Army", "France"), (R, S, A, IA, Fr)):
        objectives[name] = {"held": value[0], "total": value[1], **({"left": value[2]} if len(value) > 2 else {})}
    data = {"round": 1, "table": 1, "players": dict(zip(ROLES, "ABCD")), "duration": duration, "winners": winners, "objectives": objectives}
    data.update(extra)
    return cafe2023.score_game(game_from_dict(data))


def test_worked_example():
    """RULES.md: 12.1, 7.5, 3.5, 8.7, 8.8, 2.5; game scores 12.1, 7.5, 8.7, 8.8."""
    score = cafe2023.score_game(game_from_dict(json.loads((EXAMPLES / "example1.json").read_text())))
    parts = {k: v for p in score.players for k, v in p.parts}
    nations = [parts[n] for n in ("Prussia", "Russia", "Sweden", "Austria", "France", "Imperial Army")]
    assert nations == [F(121, 10), F(15, 2), F(7, 2), F(87, 10), F(88, 10), F(5, 2)]
    assert [p.points for p in score.players] == [F(121, 10), F(15, 2), F(87, 10), F(88, 10)]
    assert [display(p.points) for p in score.players] == ["12.10", "7.50", "8.70", "8.80"]
    # the IA's 7 of 10 when it passed to Pompadour (turn 15 assumed): 7 + 1.6 - 1.5, second-best only
    assert score.players[2].part(SECOND_BEST) == F(71, 10)


NARRATIVES = [
    pytest.param(
        # "Double victory": Russia and the IA (Maria Theresa) win in turn 12; totals 10 assumed
        dict(duration=12, winners=["Russia", "Imperial Army"], R=(10, 10), S=(2, 10, 6), A=(11, 16), IA=(10, 10), Fr=(7, 10)),
        [6, F(118, 10), F(118, 10), F(74, 10)],
        [None, F(3), F(73, 10), None],  # Sweden 2 + 1.6 - 0.6; Austria 69 % -> 6.9 + 1.6 - 1.2
        id="double victory",
    ),
    pytest.param(
        # "Failed OO, Russian victory" in turn 13, OO still active, Prussia 9 of 14 (64 %);
        # totals 10/10/12 and Austria's 3 Bohemian objectives assumed
        dict(
            duration=13, winners=["Russia"], R=(10, 10), S=(6, 10), A=(11, 12), IA=(2, 10), Fr=(9, 10),
            offensive={"outcome": "active", "prussia_bohemian": 9, "austria_bohemian": 3, "austria_took_card": True},
        ),
        [F(64, 10), F(117, 10), 10, F(93, 10)],  # not 6.5: defeated while active scores P/10; MT min(9, 6.5 + 3) + 1
        [None, F(63, 10), F(23, 10), None],
        id="failed OO, Russian victory",
    ),
    pytest.param(
        # "Victorious Offensive Option" by turn 10; totals 10/10/12/10/10 and b = 0 assumed
        dict(
            duration=10, winners=["Prussia"], R=(7, 10), S=(7, 10), A=(5, 12), IA=(5, 10), Fr=(8, 10),
            offensive={"outcome": "succeeded", "prussia_bohemian": 14, "austria_bohemian": 0},
        ),
        [13, F(76, 10), F(56, 10), F(86, 10)],  # "exactly 13"; MT: IA 5.6 beats Austria 4.8 and OO 5
        [None, F(76, 10), 5, None],
        id="victorious OO",
    ),
    pytest.param(
        # "Failed OO, Prussian defensive victory": called off in turn 15 with 7 of 14, win in turn 22;
        # Sweden total 10, Austria's 2 Bohemian objectives and the switch in turn 12 assumed
        dict(
            duration=22, winners=["Prussia"], R=(9, 10, 10), S=(4, 10, 13), A=(11, 12), IA=(4, 10), Fr=(9, 10),
            imperial_army_switch={"turn": 12, "to": "Elisabeth", "held": 6},
            offensive={"outcome": "called off", "called_off_turn": 15, "prussia_bohemian": 7, "austria_bohemian": 2},
        ),
        [F(122, 10), F(96, 10), 9, F(84, 10)],  # Frederick keeps 12.2 over 5.0; MT min(9, 7.5 + 2)
        [None, F(43, 10), F(64, 10), None],  # MT's second-best: the IA at the switch, 6 + 1.6 - 1.2
        id="failed OO, Prussian defensive victory",
    ),
    pytest.param(
        # RULES.md: P rounded half up, 12.5 % -> 13 %: Sweden 1 of 8 -> 1.3 + 1.6 - 1.0
        dict(duration=10, winners=["Russia"], R=(8, 8), S=(1, 8), A=(0, 12), IA=(0, 10), Fr=(0, 10)),
        [5, F(120, 10), F(6, 10), F(6, 10)],
        [None, F(19, 10), F(6, 10), None],
        id="percent rounded half up",
    ),
    pytest.param(
        # called off, then defeated: the better of P/10 (9 of 14 -> 64 %) and 0.5 per turn
        dict(
            duration=9, winners=["France"], R=(7, 10), S=(2, 5), A=(3, 12), IA=(1, 10), Fr=(10, 10),
            offensive={"outcome": "called off", "called_off_turn": 6, "prussia_bohemian": 9, "austria_bohemian": 1, "austria_took_card": True},
        ),
        [F(64, 10), F(77, 10), 5, F(121, 10)],  # MT: min(9, 3 + 1) + 1 = 5
        [None, F(47, 10), F(17, 10), None],  # Sweden 4 + 1.6 - 0.9; MT: the IA 1 + 0.7 (Austria counts once, at 5)
        id="OO called off, Prussia defeated",
    ),
]


@pytest.mark.parametrize("record, points, seconds", NARRATIVES)
def test_seed_narratives(record, points, seconds):
    score = game(**record)
    assert [p.points for p in score.players] == points
    assert [p.part(SECOND_BEST) for p in score.players] == seconds


def test_ruleset_is_registered():
    rs = find_ruleset("cafe2023")
    assert (rs.id, rs.name, rs.seed) == ("cafe2023", "Spanish Friedrich Open CAFE'23", "001_3894b9f90eb4f1b4.txt")
    assert rs.final is not None


def test_cli_scores_the_example(capsys):
    assert main(["score", "cafe2023", str(EXAMPLES / "example1.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["points"]["display"] for p in out["players"]] == ["12.10", "7.50", "8.70", "8.80"]
    assert out["players"][0]["parts"]["sTCC"] == "0.78"  # (45/60) * sqrt(23/21)


def test_cli_ranks_the_example_tournament(capsys):
    assert main(["standings", "cafe2023", str(EXAMPLES / "tournament.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["standings"]["rows"]
    assert len(rows) == 16
    totals = [Fraction(r["total"]["exact"]) for r in rows]
    assert totals == sorted(totals, reverse=True)
    final = out["extras"][0]
    assert final["title"] == "Final" and [r[0] for r in final["rows"]] == [1, 2, 3, 4]
    assert {r[1] for r in final["rows"]} == {r["player"] for r in rows[:4]}
