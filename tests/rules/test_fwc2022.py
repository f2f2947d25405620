"""FWC 2022 scoring (seed 000, section II; RULES.md "FWC 2022 scoring") and its examples."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.cli import main
from tourneybook.numbers import display
from tourneybook.rules import find_ruleset, fwc2022
from tourneybook.rules.friedrich import SECOND_BEST, Nation, game_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "fwc2022"


def example(n: int):
    return fwc2022.score_game(game_from_dict(json.loads((EXAMPLES / f"example{n}.json").read_text())))


@pytest.mark.parametrize(
    "n, expected",
    [
        # RULES.md table of the seed's worked examples (Frederick, Elisabeth, Maria Theresa, Pompadour)
        (1, (Fraction(19, 2), 8, 12, 9)),  # standard, Austrian victory
        (2, (12, 7, Fraction(25, 3), 6)),  # standard, Prussian victory: A 10/12
        (3, (Fraction(11, 2), 10 + Fraction(8, 3), 7, 10 + Fraction(4, 3))),  # triple victory: 2 x 4/3, 1 x 4/3
        (4, (12, 7, Fraction(11, 2), 9)),  # OO, Prussian victory: A-time 4.5 + 1
        (5, (10 * Fraction(12, 14) - 1, 12, Fraction(17, 2), 8)),  # OO failed: 8.57 - 1 (seed prints 7.6)
        (6, (12, 8, Fraction(19, 2), 7)),  # OO failed, defensive victory: MT 5.5 + 4 + 1 capped at 9.5
    ],
)
def test_worked_examples(n, expected):
    points = tuple(p.points for p in example(n).players)
    assert points == expected


@pytest.mark.parametrize(
    "n, shown",
    [
        (1, ["9.50", "8.00", "12.00", "9.00"]),
        (2, ["12.00", "7.00", "8.33", "6.00"]),
        (3, ["5.50", "12.67", "7.00", "11.33"]),
        (4, ["12.00", "7.00", "5.50", "9.00"]),
        (5, ["7.57", "12.00", "8.50", "8.00"]),
        (6, ["12.00", "8.00", "9.50", "7.00"]),
    ],
)
def test_worked_examples_to_two_decimals(n, shown):
    """RULES.md: round only to display, 2 decimals half up."""
    assert [display(p.points) for p in example(n).players] == shown


@pytest.mark.parametrize(
    "n, role, part, value",
    [
        (3, "Elisabeth", "bonus", Fraction(8, 3)),  # seed: "2 x 4/3 = 2.67"
        (3, "Pompadour", "bonus", Fraction(4, 3)),  # seed: "1 x 4/3 = 1.33"
        (3, "Maria Theresa", "Austria", Fraction(45, 8)),  # seed: "A: 5.63"
        (4, "Frederick", "Prussia (standard)", Fraction(9, 2)),  # seed: "Pr-time: 4.5" (victory by the OO)
        (4, "Frederick", "Prussia (OO)", 10),
        (4, "Maria Theresa", "Austria (standard)", Fraction(5, 6)),  # RULES.md: 1 of 12 is 0.83
        (5, "Frederick", "Prussia (OO)", Fraction(53, 7)),  # 10 x 12/14 - 1
        (5, "Maria Theresa", "Austria (OO)", Fraction(17, 2)),  # "5.5+2+1"
        (6, "Frederick", "Prussia (OO)", Fraction(43, 7)),  # 10 x 10/14 - 1
        (6, "Frederick", "Prussia (standard)", 10),  # defensive victory after a failed OO
        (6, "Maria Theresa", "Austria (OO)", Fraction(19, 2)),  # 10.5 capped at 9.5
    ],
)
def test_worked_example_parts(n, role, part, value):
    score = next(p for p in example(n).players if p.seat == role)
    assert score.part(part) == value


@pytest.mark.parametrize(
    "winners, share",
    [
        ({Nation.PRUSSIA}, 2),  # "The winner of the game receives 2 bonus points"
        ({Nation.AUSTRIA}, 2),
        ({Nation.RUSSIA, Nation.FRANCE}, Fraction(3, 2)),  # +1 per attacker beyond the first, split
        ({Nation.RUSSIA, Nation.SWEDEN, Nation.FRANCE}, Fraction(4, 3)),  # seed example 3
        (set(Nation) - {Nation.PRUSSIA}, Fraction(6, 5)),
    ],
)
def test_bonus_share(winners, share):
    assert fwc2022.bonus_share(frozenset(winners)) == share


@pytest.mark.parametrize(
    "duration, winners, expected",
    [
        (23, ["Austria"], Fraction(23, 2)),  # "for a maximum of 11.5 P"
        (7, ["Austria"], Fraction(7, 2)),  # "each round = 0.5P"
        (7, ["Prussia"], 12),  # "if victorious Friedrich receives always 10 P (plus bonus)"
    ],
)
def test_frederick_standard(duration, winners, expected):
    data = json.loads((EXAMPLES / "example1.json").read_text())
    data.update(duration=duration, winners=winners)
    del data["imperial_army_switch"]
    assert fwc2022.score_game(game_from_dict(data)).players[0].points == expected


def test_failed_oo_with_nothing_conquered_keeps_the_standard_score():
    """Seed: "the better result counts"; 10 x 0/14 - 1 = -1 never counts."""
    data = json.loads((EXAMPLES / "example5.json").read_text())
    data["offensive"].update(prussia_bohemian=0, austria_took_card=False, austria_bohemian=0)
    frederick = fwc2022.score_game(game_from_dict(data)).players[0]
    assert (frederick.points, frederick.part("Prussia (OO)")) == (6, -1)


def test_ruleset_is_registered():
    rs = find_ruleset("fwc2022")
    assert (rs.id, rs.name, rs.seed) == ("fwc2022", "Friedrich World Championship 2022", "000_1ad3383216651333.txt")
    assert rs.settings.tournament == "Friedrich World Championship 2022"
    assert rs.final is not None


@pytest.mark.parametrize("n", range(1, 7))
def test_cli_scores_each_example(n, capsys):
    assert main(["score", "fwc2022", str(EXAMPLES / f"example{n}.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["points"]["display"] for p in out["players"]] == [display(p.points) for p in example(n).players]


def test_cli_ranks_the_example_tournament(capsys):
    assert main(["standings", "fwc2022", str(EXAMPLES / "tournament.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["standings"]["rows"]
    assert len(rows) == 16 and [r["rank"] for r in rows] == list(range(1, 17))
    assert out["standings"]["tiebreaks"] == ["E+MT second-best", "sTCC (Frederick game)", "Frederick opponents' quality"]
    final = out["extras"][0]
    assert final["title"] == "Final" and {r[1] for r in final["rows"]} == {r["player"] for r in rows[:4]}
    totals = [Fraction(r["total"]["exact"]) for r in rows]
    assert totals == sorted(totals, reverse=True)


def test_cli_reports_bad_input_without_a_trace(tmp_path, capsys):
    bad = json.loads((EXAMPLES / "example1.json").read_text())
    bad["objectives"]["Russia"]["held"] = 11
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert main(["score", "fwc2022", str(path)]) == 1
    assert "R1 T1, Russia: objectives held 11 exceed the total 10" in capsys.readouterr().err


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_bonus_shares_add_up_to_the_bonus(data):
    """Seed: the total bonus "is divided evenly among the winning nations"."""
    attackers = data.draw(st.lists(st.sampled_from(["Russia", "Sweden", "Austria", "France", "Imperial Army"]), min_size=1, unique=True))
    winners = data.draw(st.sampled_from([["Prussia"], attackers]))
    game = json.loads((EXAMPLES / "example1.json").read_text())
    game["winners"] = winners
    if data.draw(st.booleans()):
        game["imperial_army_switch"]["to"] = "Pompadour"
    bonus = sum(dict(p.parts).get("bonus", 0) for p in fwc2022.score_game(game_from_dict(game)).players)
    assert bonus == 2 + max(len([w for w in winners if w != "Prussia"]) - 1, 0)
    assert all(p.part(SECOND_BEST) is None or p.part(SECOND_BEST) <= 10 for p in fwc2022.score_game(game_from_dict(game)).players)


def test_winners_given_as_a_plain_set_score_as_a_frozenset():
    """The checks accept the winners as any set (rules/friedrich/validation.py), so scoring must too: the bonus
    share is worked out once per number of winners, never by hashing the winners themselves. Example 3:
    Russia, Sweden and Austria share 4 bonus points."""
    from dataclasses import replace

    game = game_from_dict(json.loads((EXAMPLES / "example3.json").read_text()))
    as_set = fwc2022.score_game(replace(game, winners=set(game.winners)))
    assert as_set == fwc2022.score_game(game) and as_set.of(game.elisabeth).part("bonus") == Fraction(8, 3)
