"""Attendance on event day (issue 9, docs/attendance.md): withdrawals, late arrivals, stand-ins.

Each event is driven through its workbook as an organiser does it: draw a
round, type the results, ``withdraw`` one player, ``join`` a late arrival,
draw the next round, ... recalculate. The checks name who is seated each
round, the standings' numbers and marks, and who may go on to a final or
knock-out.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import openpyxl
import pytest
from event_day import (
    ROLES,
    enter_results,
    new_event,
    players_of,
    run,
    seated,
    set_setting,
    standings,
    type_players,
    type_sheet,
)

from tourneybook.rules import RULESETS, Family
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.generic import FROM_ROUND, PLAYERS, WITHDREW_AFTER
from tourneybook.actions.on_file import recalc_file
from tourneybook.workbook.event import read_event

NAMES16 = [f"Player {i:02}" for i in range(16)]
CLUBS16 = {n: f"club {i % 4}" for i, n in enumerate(NAMES16)}


def _totals(path) -> dict[str, Fraction]:
    """Each player's points over the games entered, from the rules (the Standings sheet shows them rounded)."""
    event = read_event(FileWorkbook(path))
    result = event.ruleset.standings(event.record)
    return {r.player: r.total for r in result.standings.rows}, result


# --- Friedrich -------------------------------------------------------------------------------------


def test_friedrich_event_with_a_withdrawal_and_a_late_arrival(tmp_path, capsys):
    """16 FWC players in 4 clubs: Player 03 withdraws after round 1, Late Lea arrives for round 2.

    Player 03 keeps the game played and stays in the standings, marked, but is
    passed over for the final; Lea plays rounds 2-4 (three roles), is ranked on
    those and marked, and reaches the final only when the Settings allow it.
    """
    path = new_event(tmp_path, "fwc2022", NAMES16, groups=CLUBS16)
    rng = random.Random(5)
    assert run("draw", path, "--round", 1) == 0
    assert players_of(path, "fwc2022", 1) == sorted(NAMES16)
    enter_results(path, "fwc2022", 1, rng)
    assert run("withdraw", path, "player 03", "--after-round", 1, "--note", "ill") == 0
    assert run("join", path, "Late Lea", "--from-round", 2, "--club", "club 3", "--group", "club 3") == 0
    capsys.readouterr()
    field = sorted([n for n in NAMES16 if n != "Player 03"] + ["Late Lea"])
    for rnd in (2, 3, 4):
        assert run("draw", path, "--round", rnd) == 0
        assert players_of(path, "fwc2022", rnd) == field  # everyone present once, Player 03 never
        enter_results(path, "fwc2022", rnd, rng)
    out = capsys.readouterr().out
    assert "round 2: not drawn, withdrawn: Player 03" in out and "round 2: joining now: Late Lea" in out
    roles = Counter((seat, p) for rnd in (1, 2, 3, 4) for t in seated(path, "fwc2022", rnd).values() for seat, p in t.items())
    assert all(n == 1 for n in roles.values())  # seed 000 I: nobody plays a role twice
    assert {seat for seat, p in roles if p == "Late Lea"} != set() and len([1 for _, p in roles if p == "Late Lea"]) == 3
    assert all(len([1 for _, p in roles if p == n]) == 4 for n in field if n != "Late Lea")

    # Player 03 first: +1000 points. Lea second: +500. Neither may reach the final by default.
    type_sheet(path, "Adjustments", [{"Player": "Player 03", "Points": 1000, "Reason": "test: ranks first"},
                                     {"Player": "Late Lea", "Points": 500, "Reason": "test: ranks second"}])
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    totals, result = _totals(path)
    order = result.standings.order
    assert order[:2] == ["Player 03", "Late Lea"]
    rows = standings(path)
    assert rows["Player 03"]["Attendance"] == "withdrew after round 1 (ill)"
    assert rows["Late Lea"]["Attendance"] == "from round 2"
    assert rows["Player 00"]["Attendance"] is None
    played_03 = sum(ps.points for g in result.games for ps in g.players if ps.player == "Player 03")
    assert totals["Player 03"] == played_03 + 1000  # the one game played counts
    assert run("draw", path, "--final") == 0
    printed = capsys.readouterr().out
    assert f"1. {order[2]}: chooses any of the four roles" in printed  # the next in the ranking moves up
    assert f"4. {order[5]}: takes the role left" in printed
    assert ("note: not in the final (withdrawn, or arrived late or missed a round): Player 03, Late Lea; the next in "
            "the ranking moves up") in printed  # draw --final names who was passed over, as the Standings do
    assert "not in the final (withdrawn, or arrived late or missed a round): Player 03, Late Lea; the next in the ranking moves up" in result.notes

    # Issue 28: a final played with Player 03 (withdrawn) was accepted and named them winner with only a note
    played = path.read_bytes()
    finalists = {role: name for role, name in zip(ROLES, ["Player 03", *order[3:6]])}
    _type_final(path, finalists, rng)
    problems = [str(p) for p in recalc_file(path).problems]
    assert problems == ["Final game!B4: final: Player 03 (Frederick) is not a finalist: they withdrew after "
                        "round 1 (Players, Withdrew after round), and a withdrawn player never plays the final, so the "
                        "next in the qualifying ranking moves up (GFTR B); type that player in this cell ('draw --final' "
                        "lists the four while this row is empty)"], problems
    assert len(problems) == 1 and "Player 03 (Frederick) is not a finalist: they withdrew after round 1" in problems[0]
    assert problems[0].startswith("Final game!")
    path.write_bytes(played)
    _type_final(path, {role: name for role, name in zip(ROLES, [order[2], "Late Lea", *order[3:5]])}, rng)
    problems = [str(p) for p in recalc_file(path).problems]
    assert len(problems) == 1 and ("Late Lea (Elisabeth) is not a finalist: they arrived for round 2 (Players), and "
                                   "the Settings' 'Late arrivals may reach the final' is no") in problems[0], problems
    path.write_bytes(played)

    set_setting(path, "Late arrivals may reach the final", "yes")
    assert run("draw", path, "--final") == 0
    printed = capsys.readouterr().out
    assert "1. Late Lea: chooses any of the four roles" in printed
    assert f"2. {order[2]}: chooses from the three roles left" in printed


def test_friedrich_withdrawal_needs_a_stand_in_who_sits_once_per_table(tmp_path, capsys):
    """16 players, Player 05 withdraws after round 2: 15 cannot fill tables of four; a stand-in joins."""
    path = new_event(tmp_path, "cafe2023", NAMES16)
    rng = random.Random(2)
    for rnd in (1, 2):
        assert run("draw", path, "--round", rnd) == 0
        enter_results(path, "cafe2023", rnd, rng)
    assert run("withdraw", path, "Player 05", "--after-round", 2) == 0
    before = path.read_bytes()
    assert run("draw", path, "--round", 3) == 1
    err = capsys.readouterr().err
    assert "15 players cannot be seated at Friedrich tables of exactly four: 1 stand-in is needed to make 16" in err
    assert "(Player 05 not playing): add them as rows of Players with Stand-in yes" in err
    assert f"'tourneybook join {path.name} \"Stand-in 1\" --from-round 3 --stand-in'" in err  # the real file (issue 21)
    assert path.read_bytes() == before
    assert run("join", path, "Stan Standin", "--from-round", 3, "--stand-in") == 0
    for rnd in (3, 4):
        assert run("draw", path, "--round", rnd) == 0
        assert "Player 05" not in players_of(path, "cafe2023", rnd)
        assert players_of(path, "cafe2023", rnd).count("Stan Standin") == 1
        enter_results(path, "cafe2023", rnd, rng)
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    rows = standings(path)
    assert "Stan Standin" not in rows  # a stand-in is never ranked
    assert rows["Player 05"]["Attendance"] == "withdrew after round 2"
    # every remaining player still plays each role once (the remaining rounds were re-planned)
    roles = Counter((s, p) for rnd in range(1, 5) for t in seated(path, "cafe2023", rnd).values() for s, p in t.items())
    assert max(roles.values()) == 1


# --- Carcassonne ------------------------------------------------------------------------------------


def test_carcassonne_event_with_a_withdrawal_and_a_late_arrival(tmp_path, capsys):
    """RULES.md Carcassonne: a withdrawn player is not drawn again and not among the qualifiers (unless Settings)."""
    names = [f"Player {i:02}" for i in range(17)]
    path = new_event(tmp_path, "carcassonne2004", names)
    set_setting(path, "Knock-out size", 8)
    rng = random.Random(3)
    assert run("draw", path, "--round", 1) == 0
    assert players_of(path, "carcassonne2004", 1) == sorted(names)
    enter_results(path, "carcassonne2004", 1, rng, vp={"Player 04": 200})
    assert run("withdraw", path, "Player 04", "--after-round", 1, "--note", "train home") == 0
    assert run("join", path, "Late Lou", "--from-round", 2) == 0
    field = sorted([n for n in names if n != "Player 04"] + ["Late Lou"])
    for rnd in (2, 3, 4):
        assert run("draw", path, "--round", rnd) == 0
        assert players_of(path, "carcassonne2004", rnd) == field
        enter_results(path, "carcassonne2004", rnd, rng)
    type_sheet(path, "Adjustments", [{"Player": "Player 04", "Points": 50, "Reason": "test: ranks first"}])
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    totals, result = _totals(path)
    assert result.standings.order[0] == "Player 04"
    rows = standings(path)
    assert rows["Player 04"]["Attendance"] == "withdrew after round 1 (train home)"
    assert rows["Late Lou"]["Attendance"] == "from round 2"
    assert any("withdrawn, so not in the knock-out: Player 04" in n for n in result.notes)
    assert not any("Late Lou played" in n or "Player 04 played" in n for n in result.notes)
    bracket = next(t for t in result.extras if t.title == "Knock-out")
    order = result.standings.order
    assert bracket.rows[0][1:3] == (order[1], order[8])  # seeds 1 v 8 from the ranking without Player 04
    assert "Player 04" not in {p for row in bracket.rows for p in row[1:3]}

    set_setting(path, "Withdrawn players may qualify", "yes")
    _, result = _totals(path)
    bracket = next(t for t in result.extras if t.title == "Knock-out")
    assert bracket.rows[0][1:3] == (order[0], order[7])


# --- Diplomacy --------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", [r.id for r in RULESETS if r.family is Family.DIPLOMACY])
def test_diplomacy_event_with_a_withdrawal_and_a_late_arrival(tmp_path, capsys, ruleset):
    """Seed 003/004: 14 players; Player 06 withdraws after round 1 and is never seated again (no --sit-out)."""
    names = [f"Player {i:02}" for i in range(14)]
    path = new_event(tmp_path, ruleset, names)
    rng = random.Random(4)
    assert run("draw", path, "--round", 1) == 0
    enter_results(path, ruleset, 1, rng)
    assert run("withdraw", path, "Player 06", "--after-round", 1) == 0
    assert run("join", path, "Late Liv", "--from-round", 2) == 0
    field = sorted([n for n in names if n != "Player 06"] + ["Late Liv"])
    for rnd in (2, 3):
        assert run("draw", path, "--round", rnd) == 0
        assert players_of(path, ruleset, rnd) == field
        enter_results(path, ruleset, rnd, rng)
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    totals, result = _totals(path)
    rows = standings(path)
    assert rows["Player 06"]["Attendance"] == "withdrew after round 1"
    assert rows["Late Liv"]["Attendance"] == "from round 2"
    played = sum(ps.points for g in result.games for ps in g.players if ps.player == "Player 06")
    if ruleset == "italia2010":
        assert totals["Player 06"] == played  # no sit-out points for a withdrawal (004 section 6)
        type_sheet(path, "Sit-outs", [{"Round": 2, "Player": "Player 06"}])
        report = recalc_file(path)
        assert any("Player 06 plays in round 2, after withdrawing after round 1" in str(p) for p in report.problems)


# --- bad entries, cell-addressed ---------------------------------------------------------------------


def test_a_withdrawal_before_the_first_round_is_refused_at_its_cell(tmp_path):
    path = new_event(tmp_path, "fwc2022", NAMES16)
    type_players(path, "Player 02", {FROM_ROUND: 3, WITHDREW_AFTER: 2})
    report = recalc_file(path)
    assert [str(p) for p in report.problems] == [
        "Players!H6: Player 02 withdrew after round 2, before their first round 3: a withdrawal is the last "
        "round played (clear the cell if they never came)"]


@pytest.mark.parametrize("ruleset", ["fwc2022", "carcassonne2004", "codcon2008", "sos"])
def test_a_result_after_the_withdrawal_is_refused_at_its_row(tmp_path, ruleset):
    names = NAMES16 if ruleset not in ("codcon2008", "sos") else NAMES16[:14]
    path = new_event(tmp_path, ruleset, names)
    rng = random.Random(1)
    for rnd in (1, 2):
        assert run("draw", path, "--round", rnd) == 0
        enter_results(path, ruleset, rnd, rng)
    type_players(path, "Player 01", {WITHDREW_AFTER: 1})
    before = path.read_bytes()
    report = recalc_file(path)
    found = [str(p) for p in report.problems if "Player 01 plays in round 2, after withdrawing after round 1" in str(p)]
    assert found and all(f.startswith(("Qualifying games!", "Preliminary!", "Boards!")) for f in found), report.problems
    assert path.read_bytes() == before
    assert run("draw", path, "--round", 3) == 1  # the draw says where too


def test_a_late_arrival_with_an_earlier_result_is_refused_at_its_row(tmp_path, capsys):
    path = new_event(tmp_path, "carcassonne2004", NAMES16)
    rng = random.Random(1)
    assert run("draw", path, "--round", 1) == 0
    enter_results(path, "carcassonne2004", 1, rng)
    before = path.read_bytes()
    capsys.readouterr()
    assert run("join", path, "player 07", "--from-round", 2) == 1  # the command refuses what recalc would refuse
    refused = capsys.readouterr().err
    assert path.read_bytes() == before
    type_players(path, "Player 07", {FROM_ROUND: 2})  # typed by hand on the sheet: recalc says the same
    report = recalc_file(path)
    problems = [str(p) for p in report.problems]
    assert len(problems) == 1 and problems[0].startswith("Preliminary!")
    assert "Player 07 plays in round 1, but arrives for round 2" in problems[0]
    assert refused == f"error: {problems[0]}\n"
    assert run("draw", path, "--round", 2) == 1
    assert "Player 07 is seated in round 1 but arrives for round 2" in capsys.readouterr().err


def test_a_drawn_round_that_seats_a_withdrawn_player_must_be_drawn_again(tmp_path, capsys):
    path = new_event(tmp_path, "carcassonne2004", NAMES16)
    assert run("draw", path, "--all") == 0
    assert run("withdraw", path, "Player 09", "--after-round", 2) == 0
    capsys.readouterr()
    assert run("draw", path, "--round", 4, "--redraw") == 1
    err = capsys.readouterr().err
    assert "Player 09 is seated in round 3 but withdrew after round 2" in err and "(--redraw)" in err
    assert run("draw", path, "--all", "--redraw") == 0
    assert "Player 09" in players_of(path, "carcassonne2004", 2)
    assert "Player 09" not in players_of(path, "carcassonne2004", 3) + players_of(path, "carcassonne2004", 4)


# --- the commands ------------------------------------------------------------------------------------


def test_withdraw_and_join_type_only_their_cells(tmp_path):
    path = new_event(tmp_path, "fwc2022", NAMES16)
    before = {ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in openpyxl.load_workbook(path)}
    assert run("withdraw", path, "PLAYER 04", "--after-round", 2, "--note", "ill") == 0
    assert run("join", path, "Newcomer", "--from-round", 3, "--stand-in") == 0
    after = {ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in openpyxl.load_workbook(path)}
    changed = {(sheet, r + 1, c + 1): v
               for sheet, rows in after.items() for r, row in enumerate(rows) for c, v in enumerate(row)
               if v != (before[sheet][r][c] if r < len(before[sheet]) and c < len(before[sheet][r]) else None)}
    assert changed == {("Players", 8, 8): 2, ("Players", 8, 9): "ill",
                       ("Players", 20, 1): "Newcomer", ("Players", 20, 3): "yes", ("Players", 20, 7): 3}


def test_withdraw_and_join_refusals_leave_the_file(tmp_path, capsys):
    path = new_event(tmp_path, "fwc2022", NAMES16)
    before = path.read_bytes()
    assert run("withdraw", path, "Nobody Here", "--after-round", 1) == 1
    assert '"Nobody Here" is not on the Players sheet' in capsys.readouterr().err
    type_players(path, "Player 02", {FROM_ROUND: 3})
    before = path.read_bytes()
    assert run("withdraw", path, "Player 02", "--after-round", 2) == 1
    assert "Players!G6: Player 02 plays from round 3: a withdrawal after round 2 comes before" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_an_older_workbook_without_the_attendance_columns_reads_and_gets_them(tmp_path):
    """A workbook made before the columns existed: read as everyone playing; withdraw types the headers."""
    path = new_event(tmp_path, "carcassonne2004", NAMES16)
    book = openpyxl.load_workbook(path)
    ws = book[PLAYERS.name]
    for col in (7, 8, 9, 10):
        ws.cell(3, col).value = None
    book.save(path)
    assert recalc_file(path).ok
    assert run("withdraw", path, "Player 00", "--after-round", 1) == 0
    ws = openpyxl.load_workbook(path)[PLAYERS.name]
    assert [ws.cell(3, c).value for c in (7, 8, 9, 10)] == ["From round", "Withdrew after round", "Attendance note",
                                                            "Absent in rounds"]
    assert ws.cell(4, 8).value == 1


# --- Before the first results ------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", [r.id for r in RULESETS if r.family is not Family.DIPLOMACY])
def test_standings_after_a_draw_without_results_ask_for_no_lot(tmp_path, capsys, ruleset):
    """A round drawn and Recalculate clicked before any result: the players are listed by name,
    one note says there are no results yet, and no lot is asked of the organiser."""
    path = new_event(tmp_path, ruleset, NAMES16)
    assert run("draw", path, "--round", 1) == 0
    capsys.readouterr()
    assert run("recalc", path) == 0
    printed = capsys.readouterr().out
    assert "suggested lot" not in printed and "enter the lot" not in printed and "lot decision" not in printed
    assert "no results yet" in printed
    rows = standings(path)
    assert list(rows) == sorted(NAMES16)
    assert [r["Decided by"] for r in rows.values()][1:] == ["no result yet"] * 15
    assert {r["Rank"] for r in rows.values()} == {1}  # one shared place: nothing has split them yet
    _, result = _totals(path)
    assert result.standings.unresolved_lots == ()

    # The first results: whoever has played is ranked, and nothing is said about missing results any more.
    enter_results(path, ruleset, 1, random.Random(5))
    assert run("recalc", path) == 0
    _, result = _totals(path)
    assert "no result yet" not in {r.decided_by for r in result.standings.rows}
    assert not any(n.startswith("no results yet") for n in result.notes)


def _type_final(path, seats: dict[str, str], rng: random.Random) -> None:
    """The Final game row played by ``seats`` (role -> player), a random valid game."""
    from tourneybook.rules.friedrich import Role
    from tourneybook.simulate.friedrich import random_game
    from tourneybook.workbook.layouts.friedrich import game_row

    game = random_game(rng, None, 1, {r: seats[r.value] for r in Role})
    book = openpyxl.load_workbook(path)
    ws = book["Final game"]
    headers = [c.value for c in ws[3]]
    for header, value in game_row(game).items():
        if header in headers:
            ws.cell(4, headers.index(header) + 1).value = value
    book.save(path)
