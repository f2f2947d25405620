"""Entry commands never write what recalc refuses (issue 22 section 2).

Each case of the issue: the command exits 1 with recalc's own sentence at
recalc's own cell (the same text recalc prints once the cell is typed by hand),
and the workbook stays byte-identical. A property test does the same over
random events and random commands: either the command refused, or recalc
accepts what it wrote.
"""

from __future__ import annotations

import random

import openpyxl
import pytest
from event_day import ROLES, SHEET, enter_results, new_event, run, seated, type_players
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tourneybook.workbook.generic import ATTENDANCE_NOTE, FROM_ROUND, NAME, PLAYERS, WITHDREW_AFTER
from tourneybook.actions.on_file import recalc_file

NAMES16 = [f"Player {i:02}" for i in range(16)]


@pytest.fixture(scope="module")
def played_two(tmp_path_factory):
    """An FWC event of 16 with rounds 1 and 2 drawn and played (copied per test)."""
    path = new_event(tmp_path_factory.mktemp("fwc"), "fwc2022", NAMES16)
    rng = random.Random(11)
    for rnd in (1, 2):
        assert run("draw", path, "--round", rnd) == 0
        enter_results(path, "fwc2022", rnd, rng)
    return path.read_bytes()


def _event(tmp_path, data: bytes):
    path = tmp_path / "event.xlsx"
    path.write_bytes(data)
    return path


def _refused_as_recalc(path, capsys, command: tuple, by_hand: dict) -> str:
    """The command exits 1, leaves the file, and says exactly what recalc says when ``by_hand`` is typed instead."""
    before = path.read_bytes()
    capsys.readouterr()
    assert run(*command) == 1
    said = capsys.readouterr().err
    assert path.read_bytes() == before
    name, values = next(iter(by_hand.items()))
    type_players(path, name, values)
    problems = [str(p) for p in recalc_file(path).problems]
    assert problems and said == "error: " + "\n  ".join(problems) + "\n"
    return said


def test_a_withdrawal_before_a_result_is_refused_as_recalc_refuses_it(tmp_path, capsys, played_two):
    path = _event(tmp_path, played_two)
    said = _refused_as_recalc(path, capsys, ("withdraw", path, "Player 03", "--after-round", 1),
                              {"Player 03": {WITHDREW_AFTER: 1}})
    assert "Qualifying games!" in said and "Player 03 plays in round 2, after withdrawing after round 1" in said


def test_a_late_arrival_with_an_earlier_result_is_refused_as_recalc_refuses_it(tmp_path, capsys, played_two):
    path = _event(tmp_path, played_two)
    said = _refused_as_recalc(path, capsys, ("join", path, "Player 04", "--from-round", 2),
                              {"Player 04": {FROM_ROUND: 2}})
    assert "Player 04 plays in round 1, but arrives for round 2" in said


def test_a_problem_the_workbook_already_had_stops_no_command_but_one_the_command_adds_does(tmp_path, capsys, played_two):
    """Checked once when the staged workbook is clean; the workbook as it was only when it is not."""
    path = _event(tmp_path, played_two)
    type_players(path, "Player 03", {WITHDREW_AFTER: 1})  # by hand: Player 03 has a round-2 game
    old = [str(p) for p in recalc_file(path).problems]
    assert len(old) == 1 and "Player 03 plays in round 2, after withdrawing after round 1" in old[0]
    typed = path.read_bytes()
    capsys.readouterr()
    assert run("withdraw", path, "Player 05", "--after-round", 2) == 0
    assert path.read_bytes() != typed and [str(p) for p in recalc_file(path).problems] == old
    written = path.read_bytes()
    capsys.readouterr()
    assert run("withdraw", path, "Player 06", "--after-round", 1) == 1
    said = capsys.readouterr().err
    assert "Player 06 plays in round 2, after withdrawing after round 1" in said and "Player 03" not in said
    assert path.read_bytes() == written


def test_a_formula_as_a_note_or_name_is_stored_as_its_text(tmp_path, capsys, played_two):
    """Issue 28 item 5: stored as text (tests/workbook/test_formula_text.py checks the XML), read back as typed."""
    path = _event(tmp_path, played_two)
    assert run("withdraw", path, "Player 05", "--after-round", 2, "--note", '=HYPERLINK("http://x.example","ill")') == 0
    assert run("join", path, "=Eve", "--from-round", 3) == 0
    assert recalc_file(path).ok
    sheet = openpyxl.load_workbook(path)[PLAYERS.name]
    assert sheet.cell(9, PLAYERS.index(ATTENDANCE_NOTE)).value == '=HYPERLINK("http://x.example","ill")'
    assert sheet.cell(20, PLAYERS.index(NAME)).value == "=Eve"


def test_text_typed_with_the_quote_prefix_is_text(tmp_path, capsys, played_two):
    """Excel stores '=ill as the plain string "=ill" (the quote prefix is a cell format): a note, not a formula."""
    path = _event(tmp_path, played_two)
    book = openpyxl.load_workbook(path)
    cell = book[PLAYERS.name]["I9"]
    cell.value, cell.quotePrefix = "=ill", True
    cell.data_type = "s"  # stored as text, as Excel stores it
    book.save(path)
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    book = openpyxl.load_workbook(path)
    book[PLAYERS.name]["I9"].value = "=1+1"  # a formula never calculated (openpyxl stores no result)
    book.save(path)
    assert [str(p) for p in recalc_file(path).problems] == [
        'Players!I9: "=1+1" is a formula with no stored result; type the text, or open and save the file in your '
        "spreadsheet program first"]


@pytest.mark.parametrize("command, cell", [
    (("withdraw", "Player 06", "--after-round", 9), "H10"),
    (("join", "Player 06", "--from-round", 9), "G10"),
])
def test_a_round_the_event_does_not_have_is_refused(tmp_path, capsys, played_two, command, cell):
    path = _event(tmp_path, played_two)
    before = path.read_bytes()
    capsys.readouterr()
    assert run(command[0], path, *command[1:]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: Players!{cell}: Player 06 ") and "but the event has 4 rounds" in err
    assert path.read_bytes() == before


def test_join_from_a_round_played_without_the_newcomer_is_refused(tmp_path, capsys, played_two):
    """Round 2 is played by the 16: a newcomer from round 2 would have no game there, which recalc refuses."""
    path = _event(tmp_path, played_two)
    before = path.read_bytes()
    capsys.readouterr()
    assert run("join", path, "Newcomer Nia", "--from-round", 2) == 1
    err = capsys.readouterr().err
    assert "Newcomer Nia" in err and path.read_bytes() == before
    assert run("join", path, "Newcomer Nia", "--from-round", 3) == 0  # the next round is not played yet
    assert recalc_file(path).ok


def test_join_stand_in_in_carcassonne_is_refused_as_recalc_refuses_it(tmp_path, capsys):
    path = new_event(tmp_path, "carcassonne2004", NAMES16)
    before = path.read_bytes()
    capsys.readouterr()
    assert run("join", path, "Sam Standin", "--from-round", 2, "--stand-in") == 1
    assert ("Players!C20: Sam Standin is marked as a stand-in, but Carcassonne 2004 needs none"
            in capsys.readouterr().err)
    assert path.read_bytes() == before


def test_one_name_matching_for_every_command(tmp_path, capsys):
    names = ["José Núñez", *NAMES16[1:]]
    path = new_event(tmp_path, "fwc2022", names)
    before = path.read_bytes()
    capsys.readouterr()
    for command in (("withdraw", "--after-round", 1), ("absent", "--round", 2), ("join", "--from-round", 2)):
        assert run(command[0], path, "Jose Nunez", *command[1:]) == 1
        assert 'did you mean "José Núñez"?' in capsys.readouterr().err
    assert path.read_bytes() == before
    assert run("join", path, "josé  NÚÑEZ", "--from-round", 1) == 0  # the same player: case and blanks do not matter
    assert "José Núñez: updated" in capsys.readouterr().out


def test_a_first_or_last_name_alone_is_answered_with_the_player_it_may_mean(tmp_path, capsys):
    """As forgiving as the phone's search: 'niels' and 'olgaard' name Niels Ølgaard in the refusal's "did you mean";
    a few letters of several players name them all. Nothing is written on a guess."""
    names = ["Niels Ølgaard", "Nina Olsen", *NAMES16[2:]]
    path = new_event(tmp_path, "fwc2022", names)
    before = path.read_bytes()
    capsys.readouterr()
    for command, typed in ((("absent", "--round", 2), "niels"), (("present", "--round", 2), "olgaard"),
                           (("withdraw", "--after-round", 1), "NIELS"), (("join", "--from-round", 2), "niels")):
        assert run(command[0], path, typed, *command[1:]) == 1
        assert 'did you mean "Niels Ølgaard"?' in capsys.readouterr().err
    assert run("absent", path, "n o", "--round", 2) == 1
    assert 'did you mean "Niels Ølgaard" or "Nina Olsen"?' in capsys.readouterr().err
    assert path.read_bytes() == before
    assert run("absent", path, "Niels Ølgaard", "--round", 2) == 0


def test_join_takes_letters_without_a_decomposition_for_accents_as_the_name_order_does(tmp_path, capsys):
    """A new name that is a player's but for ø and ł (nameorder.base_letters: no Unicode decomposition takes
    them back to o and l) is the same player typed on a plain keyboard: refused with the sheet's spelling."""
    names = ["Søren Łukasz", *NAMES16[1:]]
    path = new_event(tmp_path, "fwc2022", names)
    before = path.read_bytes()
    capsys.readouterr()
    assert run("join", path, "soren  LUKASZ", "--from-round", 2) == 1
    assert 'did you mean "Søren Łukasz"?' in capsys.readouterr().err
    assert path.read_bytes() == before


def test_join_stand_in_on_a_regular_player_says_what_it_did(tmp_path, capsys):
    path = new_event(tmp_path, "fwc2022", NAMES16)
    capsys.readouterr()
    assert run("join", path, "Player 07", "--from-round", 1, "--stand-in") == 0
    out = capsys.readouterr().out
    assert ("--stand-in was not applied: Player 07 is already on the sheet as a regular player (Players!C11 is not "
            "yes); type yes there if they only fill a seat") in out
    assert openpyxl.load_workbook(path)[PLAYERS.name]["C11"].value is None


def test_a_control_character_in_a_name_is_refused_at_its_cell(tmp_path, capsys):
    path = new_event(tmp_path, "carcassonne2004", NAMES16)
    before = path.read_bytes()
    capsys.readouterr()
    assert run("join", path, "Bell\x07Boy", "--from-round", 1) == 1
    # the Players sheet's own sentence (workbook.generic.control_character), for the name typed on the command line
    assert ("Players: the name 'Bell\\x07Boy' holds a control character (pasted from another program?): type the "
            "name again") in capsys.readouterr().err
    assert path.read_bytes() == before
    assert run("join", path, "Tab\tBoy", "--from-round", 1) == 0  # a tab is white space: typed as one blank
    assert openpyxl.load_workbook(path)[PLAYERS.name].cell(20, PLAYERS.index(NAME)).value == "Tab Boy"
    book = openpyxl.load_workbook(path)
    # Excel stores a control character pasted into a cell as an escape in the sheet's XML (ECMA-376 ST_Xstring).
    book[PLAYERS.name].cell(5, PLAYERS.index(NAME)).value = "Player_x0007_01"
    book.save(path)
    problems = [str(p) for p in recalc_file(path).problems]
    assert ("Players!A5: the name 'Player\\x0701' holds a control character (pasted from another program?): type "
            "the name again") in problems, problems


# --- the property: write, then recalc -----------------------------------------------------------------

FIELDS = {"fwc2022": 16, "carcassonne2004": 13, "codcon2008": 14}
"""Each family's event for the property: Friedrich tables of four, Carcassonne with 3-player tables, Diplomacy boards."""


@pytest.fixture(scope="module")
def played_events(tmp_path_factory, played_two) -> dict[str, bytes]:
    """Each family's event with rounds 1 and 2 played (FWC: the fixture above)."""
    events = {"fwc2022": played_two}
    for ruleset in ("carcassonne2004", "codcon2008"):
        path = new_event(tmp_path_factory.mktemp(ruleset), ruleset, NAMES16[:FIELDS[ruleset]])
        rng = random.Random(12)
        for rnd in (1, 2):
            assert run("draw", path, "--round", rnd) == 0
            enter_results(path, ruleset, rnd, rng)
        events[ruleset] = path.read_bytes()
    return events


COMMANDS = st.tuples(
    st.sampled_from(["withdraw", "join", "absent", "present"]),
    st.sampled_from([*NAMES16[:6], "Late Lou", "Player 1", "player  03"]),
    st.integers(0, 6),
    st.sampled_from(["", "ill", "=1+1", "+cmd", "train late"]),
    st.booleans(),
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ruleset=st.sampled_from(sorted(FIELDS)), commands=st.lists(COMMANDS, min_size=1, max_size=4))
@example(ruleset="fwc2022", commands=[("withdraw", "Player 01", 2, "ill", False), ("absent", "Player 02", 3, "", False),
                                      ("join", "Late Lou", 3, "", False), ("present", "Player 02", 3, "", False)])
@example(ruleset="codcon2008", commands=[("absent", "Player 01", 3, "", False), ("join", "Late Lou", 3, "", False)])
def test_every_entry_command_either_refuses_or_writes_what_recalc_accepts(tmp_path_factory, played_events, ruleset,
                                                                          commands):
    """Write, then recalc: after each command (and the next round's draw) either it refused, leaving the file as it
    was, or recalc accepts what it wrote."""
    path = _event(tmp_path_factory.mktemp("prop"), played_events[ruleset])
    assert recalc_file(path).ok
    for command, name, number, note, stand_in in commands:
        option = {"withdraw": "--after-round", "join": "--from-round"}.get(command, "--round")
        args = [command, path, name, option, number]
        if note and command != "present":
            args += ["--note", note]
        if stand_in and command == "join":
            args.append("--stand-in")
        before = path.read_bytes()
        if run(*args) != 0:
            assert path.read_bytes() == before  # refused: nothing written
        else:
            report = recalc_file(path)
            assert report.ok, (args, [str(p) for p in report.problems])
    before = path.read_bytes()
    if run("draw", path, "--round", 3) != 0:
        assert path.read_bytes() == before
        return
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]


def test_the_control_characters_refused_in_a_name_are_unicodes_that_are_not_white_space():
    import unicodedata

    from tourneybook.workbook.generic import control_character

    refused = {chr(i) for i in range(0x110000) if control_character(f"Ann{chr(i)}Lee")}
    assert refused == {chr(i) for i in range(0x110000) if unicodedata.category(chr(i)) == "Cc" and not chr(i).isspace()}
    assert len(refused) == 55  # 65 in Cc, less tab, the four line breaks and the four separators \x1c-\x1f, and NEL


# --- a drawn round partly played: what recalc refuses once the drawn tables' results are in (issue 28 item 4) ---

@pytest.fixture(scope="module")
def partly_played(tmp_path_factory):
    """FWC, 16 players: round 1 drawn, tables 1-3 typed, table 4 not yet (copied per test)."""
    path = new_event(tmp_path_factory.mktemp("partly"), "fwc2022", NAMES16)
    assert run("draw", path, "--round", 1) == 0
    table_4 = seated(path, "fwc2022", 1)[4]
    enter_results(path, "fwc2022", 1, random.Random(5))
    book = openpyxl.load_workbook(path)
    ws = book[SHEET["fwc2022"]]
    headers = [c.value for c in ws[3]]
    for line in range(4, ws.max_row + 1):
        if ws.cell(line, 1).value == 1 and ws.cell(line, headers.index("Table") + 1).value == 4:
            for col, header in enumerate(headers, start=1):
                if header not in ("Round", "Table", *ROLES):
                    ws.cell(line, col).value = None
    book.save(path)
    return path.read_bytes(), table_4


def test_absent_at_an_unplayed_table_of_a_partly_played_round_is_refused_with_the_way_out(tmp_path, capsys,
                                                                                        partly_played):
    data, table_4 = partly_played
    path = _event(tmp_path, data)
    assert recalc_file(path).ok
    data = path.read_bytes()
    seat, player = next(iter(table_4.items()))
    capsys.readouterr()
    assert run("absent", path, player, "--round", 1) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: Qualifying games!{'CDEF'[ROLES.index(seat)]}")
    assert (f"{player} plays in round 1, but is absent in round 1 (Players, Absent in rounds): correct one of them; "
            "this table has no result yet, but round 1 has results (Qualifying games!") in err
    assert f"type who plays in {player}'s place in this cell first" in err and "--redraw" not in err
    assert path.read_bytes() == data
    assert run("draw", path, "--round", 1, "--redraw") == 1  # the way out the old note named does not work


def test_join_later_for_a_player_seated_in_a_drawn_round_is_refused_as_recalc_refuses_it(tmp_path, capsys,
                                                                                        partly_played):
    data, table_4 = partly_played
    path = _event(tmp_path, data)
    player = next(iter(table_4.values()))
    capsys.readouterr()
    assert run("join", path, player, "--from-round", 3) == 1
    assert f"{player} plays in round 1, but arrives for round 3 (Players, From round)" in capsys.readouterr().err
    assert path.read_bytes() == data
    seated_at_a_result = next(p for p in NAMES16 if p not in table_4.values())
    assert run("join", path, seated_at_a_result, "--from-round", 3) == 1  # its round is not complete: not counted yet
    assert f"{seated_at_a_result} plays in round 1, but arrives for round 3" in capsys.readouterr().err
    assert run("withdraw", path, player, "--after-round", 1) == 0  # the last round played is 1: nothing to refuse
    assert path.read_bytes() != data


def test_absent_in_a_round_drawn_but_unplayed_is_written_with_the_redraw_that_works(tmp_path, capsys):
    path = new_event(tmp_path, "fwc2022", NAMES16)
    assert run("draw", path, "--round", 1) == 0
    player = next(iter(seated(path, "fwc2022", 1)[2].values()))
    capsys.readouterr()
    assert run("absent", path, player, "--round", 1) == 0
    out = capsys.readouterr().out
    assert f"draw round 1 again without them ('tourneybook draw {path.name} --round 1 --redraw')" in out
    # issue 38 item 3: the line above the note said "(not drawn, no result expected)" of a player seated in the draw
    assert "not drawn" not in out and "but round 1 is drawn already with them at Qualifying games!" in out
    assert run("absent", path, player, "--round", 2) == 0
    assert "absent in round 2 (not drawn, no result expected)" in capsys.readouterr().out


def test_present_for_a_round_drawn_without_them_is_refused_once_it_has_results(tmp_path, capsys):
    """Friedrich seats everyone there (tables of exactly four): a player called back after the draw would have no
    game in the round, which recalc refuses once its tables are entered."""
    names = [f"Player {i:02}" for i in range(12)] + ["Stan Standin"]
    path = new_event(tmp_path, "fwc2022", names, stand_ins=("Stan Standin",))
    assert run("absent", path, "Player 01", "--round", 1) == 0
    assert run("draw", path, "--round", 1) == 0
    capsys.readouterr()
    assert run("present", path, "Player 01", "--round", 1) == 0  # nothing played yet: the redraw that works is named
    assert ("note: Qualifying games!A4: Player 01 has no game in round 1; round 1 is drawn without them: draw it "
            f"again with them ('tourneybook draw {path.name} --round 1 --redraw')") in capsys.readouterr().out
    assert run("absent", path, "Player 01", "--round", 1) == 0
    enter_results(path, "fwc2022", 1, random.Random(3))
    book = openpyxl.load_workbook(path)  # table 3's result not in yet
    ws = book[SHEET["fwc2022"]]
    headers = [c.value for c in ws[3]]
    for col, header in enumerate(headers, start=1):
        if header not in ("Round", "Table", *ROLES):
            ws.cell(6, col).value = None
    book.save(path)
    before = path.read_bytes()
    capsys.readouterr()
    assert run("present", path, "Player 01", "--round", 1) == 1
    assert ("error: Qualifying games!A4: Player 01 has no game in round 1; round 1 is drawn without them and has "
            "results, so it is not drawn again: mark them absent in round 1, or type them in a stand-in's seat at a "
            "table without a result") in capsys.readouterr().err
    assert path.read_bytes() == before


def test_draw_next_seats_the_round_after_the_last_one_drawn(tmp_path, capsys, played_two):
    """'tourneybook draw --next' (the button's "Draw next round"): rounds 1 and 2 are drawn, so round 3, and only it."""
    path = _event(tmp_path, played_two)
    assert run("draw", path, "--next") == 0
    assert "round(s) 3," in capsys.readouterr().out
    assert run("draw", path, "--next") == 0  # and the next click, round 4
    assert "round(s) 4," in capsys.readouterr().out
