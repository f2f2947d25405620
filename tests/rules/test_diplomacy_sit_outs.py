"""The Diplomacy event's sit-outs (Settings "Sit-out points", the record's ``sit_outs``), worked by hand.

Scored by Sum of Squares (100 x centres² / Σ centres², docs/formats/diplomacy.md) on boards of 10 + 4 x 6 centres
(Σ = 100 + 6 x 16 = 196: the 10 scores 2500/49, each 4 scores 400/49) and 9 + 5 + 4 x 5 (Σ = 81 + 25 + 80 = 186:
the 9 scores 8100/186 = 1350/31, the 5 scores 1250/93, each 4 scores 800/93). Eight players, three rounds, one
sits out each round at the TD's request: Hal in round 1, Bea in round 2, Ann in round 3.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from tourneybook.cli import main
from tourneybook.errors import ValidationError
from tourneybook.rules.attendance import Attendance
from tourneybook.rules import find_ruleset
from tourneybook.rules.best_n import Entrant, Tournament
from tourneybook.rules.diplomacy import Board, Power, PowerResult
from tourneybook.rules.diplomacy_event import settings_of, standings, tournament_from_dict, tournament_problems
from tourneybook.rules.sit_outs import SitOut

R1 = (("Ann", 10), ("Bea", 4), ("Cid", 4), ("Dan", 4), ("Eve", 4), ("Fay", 4), ("Gil", 4))
R2 = (("Hal", 9), ("Ann", 4), ("Cid", 4), ("Dan", 4), ("Eve", 4), ("Fay", 5), ("Gil", 4))
R3 = (("Bea", 9), ("Hal", 5), ("Cid", 4), ("Dan", 4), ("Eve", 4), ("Fay", 4), ("Gil", 4))
SAT = (SitOut(1, "Hal"), SitOut(2, "Bea"), SitOut(3, "Ann"))


def board(number: int, seats: tuple[tuple[str, int], ...]) -> Board:
    return Board(number, 1, tuple(PowerResult(power, player, centres) for power, (player, centres) in zip(Power, seats)))


def event(points: int, counted: int = 2, sit_outs: tuple[SitOut, ...] = SAT, **more: object) -> Tournament:
    settings = dataclasses.replace(settings_of("sos"), games_counted=counted, sit_out_points=F(points))
    return Tournament("Sit-outs", (board(1, R1), board(2, R2), board(3, R3)), settings, sit_outs=sit_outs, **more)


def test_a_sit_out_is_one_of_the_best_n_games_with_the_settings_points():
    result = standings(event(50))
    table = result.standings
    # Ann: 2500/49 (R1), 800/93 (R2), sit-out 50 (R3): the best 2 are 2500/49 and 50; the R2 game is left out.
    assert table.row("Ann").total == F(2500, 49) + 50 == F(4950, 49)
    # Hal: sit-out 50 (R1), 1350/31 (R2), 1250/93 (R3): 50 + 1350/31.
    assert table.row("Hal").total == 50 + F(1350, 31)
    # Bea: 400/49 (R1), sit-out 50 (R2), 1350/31 (R3).
    assert table.row("Bea").total == 50 + F(1350, 31)
    assert table.order[0] == "Ann"  # 4950/49 = 101.02 against 50 + 1350/31 = 93.55
    counted = result.extras[-1]
    ann = [row for row in counted.rows if row[0] == "Ann"]
    assert ann == [("Ann", "R1 B1", "Austria", 10, F(2500, 49), "yes"),
                   ("Ann", "R3: sat out at the TD's request", "", None, F(50), "yes"),
                   ("Ann", "R2 B1", "England", 4, F(800, 93), "no")]
    assert any("sit-out points (50)" in note for note in counted.notes)


def test_the_best_game_tie_break_never_takes_the_sit_out():
    # Bea and Hal tie on 50 + 1350/31; their best games played are both 1350/31: a lot decides, not the sit-out.
    table = standings(event(50)).standings
    assert dict(table.row("Bea").tiebreaks)["best game"] == dict(table.row("Hal").tiebreaks)["best game"] == F(1350, 31)
    assert ("Bea", "Hal") in table.unresolved_lots and table.row("Hal").decided_by == "lot"
    # 60 points for a sit-out beat Ann's best board (2500/49 = 51.02), yet her best game stays that board.
    assert dict(standings(event(60)).standings.row("Ann").tiebreaks)["best game"] == F(2500, 49)
    # Ivy only sat out (round 1): 50 points, no best game; she ranks after Ann, Bea and Hal, above Fay's 2050/93
    ivy = standings(event(50, sit_outs=SAT + (SitOut(1, "Ivy"),))).standings.row("Ivy")
    assert (ivy.total, dict(ivy.tiebreaks)["best game"], ivy.rank) == (50, None, 4)


def test_zero_points_by_default_a_sit_out_scores_nothing():
    assert settings_of("sos").sit_out_points == settings_of("carnage").sit_out_points == 0
    table = standings(event(0)).standings
    assert table.row("Ann").total == F(2500, 49) + F(800, 93)  # her two boards
    assert table.row("Hal").total == F(1350, 31) + F(1250, 93)
    # every game counted (Games counted 0): the sit-out adds its points to all the boards
    assert standings(event(50, counted=0)).standings.row("Ann").total == F(2500, 49) + F(800, 93) + 50


def test_standings_after_each_round_count_the_sit_outs_of_the_rounds_so_far():
    t = event(50)
    after_1, after_2 = standings_by_round(t)
    assert after_1.row("Hal").total == 50 and after_1.row("Ann").total == F(2500, 49)
    assert after_2.row("Bea").total == F(400, 49) + 50 and after_2.row("Ann").total == F(2500, 49) + F(800, 93)


def standings_by_round(t: Tournament):
    from tourneybook.rules.diplomacy_event import standings_by_round as by_round
    return by_round(t, [1, 2])


@pytest.mark.parametrize("sit_outs, attendance, where, message", [
    ((SitOut(1, "Ann"),), (), "round 1, Ann", "sits out and plays in the same round"),
    ((SitOut(1, "Hal"), SitOut(1, "Hal")), (), "round 1, Hal", "sit-out entered twice"),
    ((SitOut(3, "Ann"),), (Attendance("Ann", withdrew_after=2),), "round 3, Ann", "after withdrawing after round 2"),
])
def test_refused_sit_outs(sit_outs, attendance, where, message):
    found = tournament_problems(event(50, sit_outs=sit_outs, attendance=attendance))
    assert any(p.where == where and message in p.message for p in found), found


def test_a_stand_in_scores_no_sit_out():
    everyone = tuple(Entrant(n, td=n == "Hal") for n in ("Ann", "Bea", "Cid", "Dan", "Eve", "Fay", "Gil", "Hal"))
    found = tournament_problems(event(50, players=everyone))
    assert [(p.where, p.message) for p in found] == [("round 1, Hal", "Hal is a stand-in: not ranked, so scores no sit-out")]


def test_an_older_id_takes_sit_outs_as_the_diplomacy_event_does():
    """``sos`` is the Diplomacy event with Sum of Squares (issue 41): the TD's sit-out scores the event's Sit-out
    points, 0 when its record sets none."""
    data = {**record([{"round": 3, "player": "Ann"}]), "ruleset": "sos"}
    del data["settings"]
    ruleset = find_ruleset("sos")
    t = ruleset.tournament_from_dict(data)
    assert t.settings == settings_of("sos") and [(s.round, s.player) for s in t.sit_outs] == [(3, "Ann")]
    with_points = ruleset.tournament_from_dict({**data, "settings": {"sit_out_points": 50}})
    ann = ruleset.standings(with_points).standings.row("Ann").total - ruleset.standings(t).standings.row("Ann").total
    assert ann == 50


def test_sit_out_points_below_zero_refused():
    with pytest.raises(ValidationError) as caught:
        dataclasses.replace(settings_of("sos"), sit_out_points=F(-5))
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("settings, sit_out_points", "-5 is below 0: a sit-out the TD asks for scores 0 or more")]


def record(sit_outs: list[dict[str, object]]) -> dict[str, object]:
    return {"ruleset": "diplomacy", "name": "Sit-outs", "settings": {"scoring": "sos", "games_counted": 2, "sit_out_points": 50},
            "games": [{"round": n, "board": 1, "powers": [{"power": p.value, "player": who, "centres": c}
                                                          for p, (who, c) in zip(Power, seats)]}
                      for n, seats in ((1, R1), (2, R2), (3, R3))],
            "sit_outs": sit_outs}


def test_json_record_takes_sit_outs_as_italia_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    t = tournament_from_dict(record([{"round": 1, "player": "Hal"}, {"round": 2, "player": "Bea"},
                                     {"round": 3, "player": "Ann"}]))
    assert t.sit_outs == SAT and standings(t).standings.row("Ann").total == F(4950, 49)
    with pytest.raises(ValidationError) as caught:
        tournament_from_dict(record([{"round": 1, "player": "Ann"}]))
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("round 1, Ann", "sits out and plays in the same round")]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(record([{"round": 3, "player": "Ann"}])))
    assert main(["standings", "diplomacy", str(path)]) == 0
    first = json.loads(capsys.readouterr().out)["standings"]["rows"][0]
    assert (first["player"], first["total"]["exact"]) == ("Ann", "4950/49")  # 2500/49 + her sit-out's 50
