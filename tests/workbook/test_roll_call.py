"""The roll call per round (issue 22 section 1, seed 003 II.1-2): `absent` and `present`, the draw, the standings.

A player at the event may not play a round ("may choose not to register for the
second round"): `tourneybook absent EVENT NAME --round N` types N into the
Players sheet's 'Absent in rounds'. The draw of round N leaves them out, the
standings count the round as not played by each ruleset's own rule, and mark it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import openpyxl
import pytest
from event_day import enter_results, new_event, players_of, run, seated, standings, type_players, type_sheet

from tourneybook.rules.attendance import Attendance, eligible
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.generic import ABSENT, PLAYERS
from tourneybook.actions.on_file import recalc_file
from tourneybook.workbook.event import read_event

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NAMES15 = [f"Player {i:02}" for i in range(15)]
NAMES16 = [f"Player {i:02}" for i in range(16)]


def _absent_cell(path, line: int):
    return openpyxl.load_workbook(path)[PLAYERS.name].cell(line, PLAYERS.index(ABSENT)).value


def _result(path):
    event = read_event(FileWorkbook(path))
    return event.ruleset.standings(event.record)


def test_absent_and_present_type_only_the_absent_cell(tmp_path, capsys):
    path = new_event(tmp_path, "codcon2008", NAMES15)
    assert run("absent", path, "player 03", "--round", 2, "--note", "chose to rest") == 0
    assert "Player 03: updated (Players!J7, Players!I7): absent in round 2" in capsys.readouterr().out
    assert run("absent", path, "Player 03", "--round", 3) == 0
    assert _absent_cell(path, 7) == "2, 3"
    assert run("present", path, "Player 03", "--round", 2) == 0
    assert _absent_cell(path, 7) == 3
    assert run("present", path, "Player 03", "--round", 3) == 0
    assert _absent_cell(path, 7) is None


def test_absent_and_present_refusals_leave_the_file(tmp_path, capsys):
    path = new_event(tmp_path, "codcon2008", NAMES15)
    type_players(path, "Player 04", {"From round": 2})
    assert run("absent", path, "Player 05", "--round", 2) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert run("absent", path, "Player 05", "--round", 2) == 1
    assert "Players!J9: Player 05 is already absent in round 2: nothing to mark absent" in capsys.readouterr().err
    assert run("absent", path, "Player 04", "--round", 1) == 1
    assert "Players!G8: Player 04 arrives for round 2, so does not play round 1 anyway" in capsys.readouterr().err
    assert run("present", path, "Player 06", "--round", 2) == 1
    assert "Player 06 is already called for round 2" in capsys.readouterr().err
    assert run("absent", path, "Player 07", "--round", 0) == 1
    assert "--round 0: rounds start at 1" in capsys.readouterr().err
    assert run("absent", path, "Jose Nunez", "--round", 2) == 1
    assert '"Jose Nunez" is not on the Players sheet; add them' in capsys.readouterr().err
    assert path.read_bytes() == before
    assert run("absent", path, "Player 07", "--round", 4) == 0  # a Diplomacy event may add a fourth round


def test_a_round_a_friedrich_event_does_not_have_is_refused_at_its_cell(tmp_path, capsys):
    path = new_event(tmp_path, "fwc2022", NAMES16)
    before = path.read_bytes()
    assert run("absent", path, "Player 07", "--round", 5) == 1  # four qualifying rounds, one per role
    assert ("Players!J11: Player 07 absent in round 5, but the event has 4 rounds: type rounds from 1 to 4"
            in capsys.readouterr().err)
    assert path.read_bytes() == before


def test_codcon_a_skipped_round_is_not_played_and_the_best_two_of_the_rounds_played_count(tmp_path, capsys):
    """Seed 003 II.1-2 and VII: 15 players, Player 03 skips round 2 (two boards of 7 then), plays rounds 1 and 3."""
    path = new_event(tmp_path, "codcon2008", NAMES15)
    rng = random.Random(7)
    assert run("draw", path, "--round", 1) == 1  # 15 players: seven to a board, so someone must sit out
    assert run("absent", path, "Player 14", "--round", 1) == 0
    assert run("absent", path, "Player 03", "--round", 2, "--note", "chose not to register") == 0
    assert run("absent", path, "Player 14", "--round", 3) == 0
    for rnd in (1, 2, 3):
        assert run("draw", path, "--round", rnd) == 0
        called = [n for n in NAMES15 if not (n == "Player 03" and rnd == 2) and not (n == "Player 14" and rnd != 2)]
        assert players_of(path, "codcon2008", rnd) == sorted(called)  # exactly the players called
        enter_results(path, "codcon2008", rnd, rng)
    out = capsys.readouterr().out
    assert "round 2: not drawn, absent at the roll call: Player 03" in out
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    rows = standings(path)
    assert rows["Player 03"]["Attendance"] == "absent in round 2 (chose not to register)"
    assert rows["Player 14"]["Attendance"] == "absent in rounds 1, 3"
    result = _result(path)
    games = {n: sorted((ps.points for g in result.games for ps in g.players if ps.player == n), reverse=True)
             for n in ("Player 03", "Player 14", "Player 00")}
    assert len(games["Player 03"]) == 2 and len(games["Player 14"]) == 1 and len(games["Player 00"]) == 3
    totals = {r.player: r.total for r in result.standings.rows}
    assert totals["Player 03"] == sum(games["Player 03"])  # best 2 of the two rounds played
    assert totals["Player 14"] == games["Player 14"][0]  # one round played: that game alone
    assert totals["Player 00"] == sum(games["Player 00"][:2])  # three played: the best two


def test_a_result_in_a_round_the_player_is_absent_from_is_refused_at_its_row(tmp_path, capsys):
    path = new_event(tmp_path, "codcon2008", NAMES15[:14])
    rng = random.Random(2)
    assert run("draw", path, "--round", 1) == 0
    enter_results(path, "codcon2008", 1, rng)
    before = path.read_bytes()
    capsys.readouterr()
    assert run("absent", path, "Player 02", "--round", 1) == 1  # the command says what recalc would
    refused = capsys.readouterr().err
    assert path.read_bytes() == before
    type_players(path, "Player 02", {ABSENT: 1})
    problems = [str(p) for p in recalc_file(path).problems]
    assert len(problems) == 1 and problems[0].startswith("Boards!")
    assert "Player 02 plays in round 1, but is absent in round 1 (Players, Absent in rounds)" in problems[0]
    assert refused == f"error: {problems[0]}\n"


def test_italia_a_player_who_chose_not_to_play_gets_no_sit_out_points(tmp_path):
    """Seed 004: 50 points only for the sit-out the TD asked for (Sit-outs); a player absent by choice gets none."""
    path = new_event(tmp_path, "italia2010", NAMES16)
    rng = random.Random(3)
    assert run("absent", path, "Player 01", "--round", 1) == 0  # chose not to play round 1
    assert run("absent", path, "Player 02", "--round", 2) == 0
    # The TD asks Player 14 to sit out round 1 and Player 01 round 2: 16 - 2 = 14 seats, two boards each round.
    type_sheet(path, "Sit-outs", [{"Round": 1, "Player": "Player 14"}, {"Round": 2, "Player": "Player 01"}])
    for rnd in (1, 2):
        assert run("draw", path, "--round", rnd) == 0
        assert len(players_of(path, "italia2010", rnd)) == 14
        enter_results(path, "italia2010", rnd, rng)
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    result = _result(path)
    played = {n: sum(ps.points for g in result.games for ps in g.players if ps.player == n)
              for n in ("Player 01", "Player 02")}
    totals = {r.player: r.total for r in result.standings.rows}
    assert totals["Player 02"] == played["Player 02"]  # absent by choice in round 2: nothing for it
    assert totals["Player 01"] == played["Player 01"] + 50  # the TD's sit-out of round 2 only, not round 1
    assert standings(path)["Player 02"]["Attendance"] == "absent in round 2"
    type_sheet(path, "Sit-outs", [{"Round": 2, "Player": "Player 02"}])  # typed by mistake: refused at its row
    problems = [str(p) for p in recalc_file(path).problems]
    assert any(p.startswith("Sit-outs!") and "Player 02 plays in round 2, but is absent in round 2" in p
               for p in problems), problems


def test_friedrich_asks_for_a_stand_in_for_an_absent_player_and_ranks_on_the_games_played(tmp_path, capsys):
    path = new_event(tmp_path, "fwc2022", NAMES16)
    rng = random.Random(9)
    assert run("draw", path, "--round", 1) == 0
    enter_results(path, "fwc2022", 1, rng)
    assert run("absent", path, "Player 05", "--round", 2, "--note", "family") == 0
    capsys.readouterr()
    assert run("draw", path, "--round", 2) == 1
    err = capsys.readouterr().err
    assert "stand-in" in err and "Player 05 not playing" in err
    assert run("join", path, "Stand-in Sam", "--from-round", 2, "--stand-in") == 0
    assert run("absent", path, "Stand-in Sam", "--round", 3) == 0
    assert run("absent", path, "Stand-in Sam", "--round", 4) == 0
    for rnd in (2, 3, 4):
        assert run("draw", path, "--round", rnd) == 0
        want = sorted(NAMES16 if rnd > 2 else [n for n in NAMES16 if n != "Player 05"] + ["Stand-in Sam"])
        assert players_of(path, "fwc2022", rnd) == want
        enter_results(path, "fwc2022", rnd, rng)
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    assert standings(path)["Player 05"]["Attendance"] == "absent in round 2 (family)"
    result = _result(path)
    three = sum(ps.points for g in result.games for ps in g.players if ps.player == "Player 05")
    assert {r.player: r.total for r in result.standings.rows}["Player 05"] == three


def test_a_missed_round_bars_the_friedrich_final_as_a_late_arrival_does():
    order = ["A", "B", "C", "D", "E"]
    records = [Attendance("B", absent=frozenset({2}))]
    assert eligible(order, records, late=False) == ["A", "C", "D", "E"]
    assert eligible(order, records, late=True) == order
    assert Attendance("B", absent=frozenset({2, 4}), note="ill").mark() == "absent in rounds 2, 4 (ill)"


def test_json_records_carry_the_roll_call(tmp_path, capsys):
    """The shipped CODCon example: Umberto plays rounds 1 and 2 only; "absent_rounds": [3] says why, as the sheet does."""
    record = json.loads((EXAMPLES / "codcon2008" / "tournament.json").read_text())
    umberto = next(p for p in record["players"] if p["name"] == "Umberto")
    umberto["absent_rounds"] = [3]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert run("standings", "codcon2008", path) == 0
    rows = json.loads(capsys.readouterr().out)["standings"]["rows"]
    assert {r["player"]: r.get("attendance") for r in rows}["Umberto"] == "absent in round 3"
    umberto["absent_rounds"] = [2]
    path.write_text(json.dumps(record))
    assert run("standings", "codcon2008", path) == 1
    assert "Umberto plays in round 2, but is absent in round 2" in capsys.readouterr().err
    umberto["absent_rounds"] = "3"
    path.write_text(json.dumps(record))
    assert run("standings", "codcon2008", path) == 1
    assert "absent_rounds must be a list of rounds such as [2] or [2, 4], not '3'" in capsys.readouterr().err


@pytest.mark.parametrize("typed", ["two", "2-3", "0"])
def test_a_mistyped_absent_cell_is_refused_at_its_cell(tmp_path, typed):
    path = new_event(tmp_path, "carcassonne2004", NAMES16)
    type_players(path, "Player 04", {ABSENT: typed})
    assert [str(p) for p in recalc_file(path).problems] == [
        f'Players!J8: "{typed}" is not a list of rounds: type the rounds Player 04 does not play, e.g. 2 or 2, 4']


def test_draw_round_by_round_with_a_seed_follows_the_plan_of_draw_all(tmp_path):
    """Issue 22: 20 players in 5 clubs, --seed 5: round by round gives the tables of --all --seed 5."""
    names = [f"Player {i:02}" for i in range(20)]
    clubs = {n: f"club {i % 5}" for i, n in enumerate(names)}
    (tmp_path / "all").mkdir()
    (tmp_path / "by_round").mkdir()
    every = new_event(tmp_path / "all", "fwc2022", names, groups=clubs)
    one_by_one = new_event(tmp_path / "by_round", "fwc2022", names, groups=clubs)
    assert run("draw", every, "--all", "--seed", 5) == 0
    for rnd in (1, 2, 3, 4):
        assert run("draw", one_by_one, "--round", rnd, "--seed", 5) == 0
    for rnd in (1, 2, 3, 4):
        assert seated(one_by_one, "fwc2022", rnd) == seated(every, "fwc2022", rnd)


def test_friedrich_refusal_says_when_fewer_stand_ins_would_do(tmp_path, capsys):
    """Two withdrawals and three late arrivals make 17: three more stand-ins, or one fewer stand-in playing."""
    names = [*NAMES16[:15], "Stand-in Sam"]
    path = new_event(tmp_path, "fwc2022", names, stand_ins=("Stand-in Sam",))
    assert run("draw", path, "--round", 1) == 0
    enter_results(path, "fwc2022", 1, random.Random(4))
    for name in ("Player 01", "Player 02"):
        assert run("withdraw", path, name, "--after-round", 1) == 0
    for name in ("Late A", "Late B", "Late C"):
        assert run("join", path, name, "--from-round", 2) == 0
    capsys.readouterr()
    assert run("draw", path, "--round", 2) == 1
    err = capsys.readouterr().err
    assert "17 players cannot be seated at Friedrich tables of exactly four: 3 stand-ins are needed to make 20" in err
    assert ("or, with 1 fewer stand-in playing, the 16 players fill 4 tables and nobody is added: mark "
            f"\"Stand-in Sam\" absent, 'tourneybook absent {path.name} \"Stand-in Sam\" --round 2'") in err
    assert "EVENT.xlsx" not in err  # the real name only, as the join hint beside it (issue 28)
    assert run("absent", path, "Stand-in Sam", "--round", 2) == 0
    assert run("draw", path, "--round", 2) == 0
    assert len(players_of(path, "fwc2022", 2)) == 16 and "Stand-in Sam" not in players_of(path, "fwc2022", 2)


def test_carcassonne_a_missed_preliminary_game_is_not_played_and_may_still_qualify(tmp_path, capsys):
    """17 players, knock-out of 8: Player 04 skips round 2, scores 200 VP in the others, and still qualifies."""
    names = [f"Player {i:02}" for i in range(17)]
    path = new_event(tmp_path, "carcassonne2004", names)
    rng = random.Random(6)
    assert run("absent", path, "Player 04", "--round", 2, "--note", "rest") == 0
    for rnd in (1, 2, 3, 4):
        assert run("draw", path, "--round", rnd) == 0
        want = sorted(n for n in names if not (n == "Player 04" and rnd == 2))
        assert players_of(path, "carcassonne2004", rnd) == want
        enter_results(path, "carcassonne2004", rnd, rng, vp={"Player 04": 200})
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    assert standings(path)["Player 04"]["Attendance"] == "absent in round 2 (rest)"
    result = _result(path)
    games = [ps for g in result.games for ps in g.players if ps.player == "Player 04"]
    assert len(games) == 3  # the missed round is a game not played, not a loss typed in
    assert not any("Player 04 played" in n for n in result.notes)  # no 'missing rounds' note: they were not called
    assert result.standings.order.index("Player 04") < 8


def test_absent_for_a_round_already_drawn_says_to_draw_it_again(tmp_path, capsys):
    path = new_event(tmp_path, "codcon2008", NAMES15[:14] + ["Player 14"])
    assert run("absent", path, "Player 14", "--round", 1) == 0
    assert run("draw", path, "--round", 1) == 0
    seats = {p: line for line, p in enumerate(players_of(path, "codcon2008", 1))}
    assert "Player 03" in seats
    capsys.readouterr()
    assert run("present", path, "Player 14", "--round", 1) == 0
    assert run("absent", path, "Player 03", "--round", 1) == 0
    out = capsys.readouterr().out
    assert "note: Boards!D" in out and ("Player 03 plays in round 1, but is absent in round 1 (Players, Absent in "
                                        "rounds): correct one of them; this table has no result yet: draw round 1 "
                                        "again without them") in out
    assert f"'tourneybook draw {path.name} --round 1 --redraw'" in out
    assert run("draw", path, "--round", 1, "--redraw") == 0
    assert "Player 03" not in players_of(path, "codcon2008", 1) and "Player 14" in players_of(path, "codcon2008", 1)
