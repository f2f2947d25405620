"""The workbook's button in a real LibreOffice Calc window, clicked with the mouse (issue 31).

One soffice (fresh profile, ``tourneybook libreoffice``'s extension installed) serves
the module. The event lives in ``club/2026/`` with TourneyBook in ``club/.venv``, one
folder above, where the README's install puts it: the extension finds it there. That
``.venv``'s tourneybook keeps a copy of the file as LibreOffice handed it over
(``.before``) and the answer it gave, then runs the real one: so each click's file is
compared with exactly what the action was given.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import pytest
from calc_driver import Calc, cell_texts, sheet_xml

from tourneybook.actions.on_file import recalc_file
from tourneybook.cli import main as cli
from tourneybook.numbers import display
from tourneybook.workbook.control import (
    ABSENT,
    ACTION_ADDRESS,
    ACTION_SHEET,
    DRAW_NEXT,
    FINAL_FORMS,
    FINAL_ORDER,
    FORMS,
    IMPORT_REPORTS,
    PLAYER_ADDRESS,
    PRESENT,
    PUBLISH,
    RECALCULATE,
    REDRAW,
    ROUND_ADDRESS,
)
from tourneybook.workbook.generic import ADJUSTMENTS, PLAYERS
from tourneybook.workbook.layouts import find_layout
from tourneybook.workbook.render import ISSUES, STANDINGS
from tourneybook.workbook.settings_sheet import SETTINGS

pytestmark = pytest.mark.libreoffice

ROOT = Path(__file__).resolve().parents[2]
LAYOUT = find_layout("fwc2022")
DRAW_SHEET = LAYOUT.draw_sheet.name
ENTRY = [ACTION_SHEET, SETTINGS.name, PLAYERS.name, ADJUSTMENTS.name, *(s.name for s in LAYOUT.sheets)]
"""The sheets the organiser types into: a button never rewrites them but for what its action writes there."""
BUTTON = "Recalculate standings"
"""The caption of every sheet's button (the Instructions sheet's runs the action chosen in B2)."""
MENU, MENU_ENTRY = "TourneyBook", "Run the button (Instructions: the action in B2; other sheets: recalculate)"
TOOL = "TourneyBook"
"""Calc's TourneyBook menu and its entry, and the toolbar's button, as the extension's Addons.xcu names them."""
WRAPPER = """#!/bin/sh
# TourneyBook as the extension finds it in club/.venv: the real one, keeping what it was given and said.
cp "$3" "$3.before"
"{real}" "$@" > "$3.answer"
status=$?
cat "$3.answer"
exit $status
"""


@pytest.fixture(scope="module")
def calc(calc_window, tmp_path_factory):
    session = Calc(calc_window, tmp_path_factory.mktemp("calc"), "button")
    session.start()
    yield session
    session.stop()


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """club/.venv/bin/tourneybook (the README's install, a folder above the event) and club/2026/ for the events."""
    club = tmp_path_factory.mktemp("club")
    program = club / ".venv" / "bin" / "tourneybook"
    program.parent.mkdir(parents=True)
    program.write_text(WRAPPER.format(real=Path(sys.executable).with_name("tourneybook")))
    program.chmod(0o755)
    (club / "2026").mkdir()
    return club / "2026"


def new_event(club: Path, name: str) -> Path:
    """A new FWC event of 16 players with its buttons, as 'tourneybook new --xlsm' makes it."""
    players = club / "players.csv"
    players.write_text("name\n" + "".join(f"Player {i}\n" for i in range(1, 17)), encoding="utf-8")
    workbook = club / f"{name}.xlsm"
    assert cli(["new", "fwc2022", "--players", str(players), "--out", str(workbook), "--xlsm"]) == 0
    return workbook


def action_cell(workbook: Path) -> str:
    import openpyxl

    book = openpyxl.load_workbook(workbook, read_only=True)
    value = book[ACTION_SHEET][ACTION_ADDRESS].value
    book.close()
    return value


def answer(workbook: Path) -> dict:
    return json.loads(workbook.with_name(workbook.name + ".answer").read_text(encoding="utf-8"))


def before(workbook: Path) -> Path:
    return workbook.with_name(workbook.name + ".before")


def click_and_answer(calc: Calc, workbook: Path, shot: Path | None = None) -> dict:
    """Click the shown sheet's button; once the dialog is up, check it says what TourneyBook answered, that the
    workbook is open again, and close the dialog."""
    calc.click("button", BUTTON)
    shown = calc.answer()
    if shot is not None:
        calc.screenshot(shot)
    said = answer(workbook)
    assert shown.strip() == f"{said['message']} | OK".strip(), (shown, said)
    calc.dismiss()
    state = calc.state()
    assert state["url"] == workbook.as_uri() and not state["modified"], state
    assert state["sheet"] == (said["sheet"] or ACTION_SHEET)
    return said


# (B2 action, B3 round, B4 player, done?, what the dialog says, entry sheets the action writes into)
STEPS = [
    (DRAW_NEXT, None, None, True, "Round 1 drawn onto the entry sheet", {DRAW_SHEET, ACTION_SHEET}),
    (REDRAW, 1, None, True, "Round 1 drawn onto the entry sheet", {DRAW_SHEET, ACTION_SHEET}),
    (FORMS, 1, None, True, "form(s) for round 1", None),
    (ABSENT, 2, "Player 3", True, "absent in round 2", {PLAYERS.name}),
    (PRESENT, 2, "Player 3", True, "plays round 2", {PLAYERS.name}),
    (RECALCULATE, None, None, True, "Standings recalculated", set()),
    (FINAL_ORDER, None, None, False, "the qualifying round is not complete", set()),
    (FINAL_FORMS, None, None, False, "Final game!B4: the finalists are not known yet", set()),
    (PUBLISH, None, None, True, "Results published in", None),
    (IMPORT_REPORTS, None, None, False, f"{ACTION_SHEET}!{ACTION_ADDRESS}: No reports journal", set()),
]
"""Every action of B2 once, on a new FWC event of 16, in the order of an event's day."""


def test_every_action_of_the_instructions_button_runs_and_keeps_the_entry_sheets(calc, club, tmp_path):
    event = new_event(club, "essen")
    calc.open(event)
    for action, number, player, done, says, writes in STEPS:
        calc.uno("show", ACTION_SHEET)  # after a problem the workbook opens on the Issues sheet
        calc.uno("type", ACTION_SHEET, ACTION_ADDRESS, action)  # typed in the window: stored before the action
        if number is not None:
            calc.uno("type", ACTION_SHEET, ROUND_ADDRESS, str(number))
        if player is not None:
            calc.uno("type", ACTION_SHEET, PLAYER_ADDRESS, player)
        shot = tmp_path / f"{action.split()[0].lower()}.png" if action in (DRAW_NEXT, IMPORT_REPORTS) else None
        said = click_and_answer(calc, event, shot)
        assert said["ok"] is done and says in said["message"], (action, said)
        given = before(event)
        if writes is None:  # forms and publishing write files beside the workbook, never the workbook
            assert event.read_bytes() == given.read_bytes(), action
        else:
            untouched = [s for s in ENTRY if s not in writes]
            assert sheet_xml(event, untouched) == sheet_xml(given, untouched), action
        if not done:  # the problem on the Issues sheet, and the workbook shown there
            assert said["sheet"] == ISSUES and says.split(": ")[-1] in cell_texts(event, ISSUES)
        if action == DRAW_NEXT:
            assert {"Seating", "Draw quality"} <= set(calc.state()["sheets"])
            assert "Player 1" in cell_texts(event, "Seating")
            assert action_cell(event) == RECALCULATE  # a second click does not draw another round
    assert event.with_name("essen-forms-R1.xlsx").exists() and event.with_name("essen-forms-R1.pdf").exists()
    published = event.with_name("essen results")
    assert {"standings.csv", "games.csv", "standings.html", "standings.pdf"} <= {p.name for p in published.iterdir()}
    calc.close()


def test_a_typing_mistake_is_shown_at_its_sheet_and_cell_and_nothing_else_is_written(calc, club, tmp_path):
    workbook = new_event(club, "mistake")
    calc.open(workbook)
    calc.uno("type", ADJUSTMENTS.name, "A4", "Player 1")
    calc.uno("type", ADJUSTMENTS.name, "B4", "minus ten")  # a word where the points go
    calc.uno("type", ADJUSTMENTS.name, "C4", "late")
    calc.uno("show", ADJUSTMENTS.name)  # the organiser clicks the Adjustments tab: its button recalculates
    said = click_and_answer(calc, workbook, tmp_path / "mistake-dialog.png")
    assert not said["ok"] and said["sheet"] == ISSUES
    assert f"{ADJUSTMENTS.name}!B4" in said["message"]
    calc.screenshot(tmp_path / "mistake-issues.png")
    given = before(workbook)
    assert sheet_xml(workbook, [*ENTRY, STANDINGS]) == sheet_xml(given, [*ENTRY, STANDINGS])
    issues = cell_texts(workbook, ISSUES)
    assert ADJUSTMENTS.name in issues and "B4" in issues and "minus ten" in issues
    calc.close()


@pytest.mark.parametrize("way", ["menu", "toolbar"])
def test_an_xlsx_without_buttons_recalculates_through_the_tourneybook_menu_and_toolbar(calc, club, way):
    workbook = club / f"fwc2022-example-{way}.xlsx"
    shutil.copy(ROOT / "workbooks" / "fwc2022-example.xlsx", workbook)
    expected = club / "expected.xlsx"
    shutil.copy(workbook, expected)
    first = recalc_file(expected).result.standings.rows[0]
    calc.open(workbook)
    if way == "menu":
        calc.choose(MENU, MENU_ENTRY)  # the mouse on the menu bar, then on the menu's entry
    else:
        calc.click("tool", TOOL)  # the TourneyBook toolbar's one button
    shown = calc.answer()
    calc.dismiss()
    said = answer(workbook)
    assert shown.strip() == f"{said['message']} | OK".strip(), (shown, said)
    assert said["ok"] and f"1. {first.player}   {display(first.total)}" in said["message"], said
    assert sheet_xml(workbook, ENTRY) == sheet_xml(before(workbook), ENTRY)
    assert calc.state()["url"] == workbook.as_uri()
    calc.close()


def test_the_macro_a_button_is_bound_to_loads_with_the_extensions_own_modules(calc, club):
    """The buttons' event names the extension's macro (WATCHED); LibreOffice's macro loader, not only its
    component loader, finds the extension's python/pythonpath module beside it."""
    from test_extension import macro

    workbook = new_event(club, "macro")
    calc.open(workbook)
    calc.uno("macro", macro().WATCHED)  # exits 1 with the loader's error when the module cannot be imported
    with pytest.raises(AssertionError, match="the macro failed"):  # and the errand does tell a failure
        calc.uno("macro", macro().WATCHED.replace("watched_button", "no_such_macro"))
    calc.close()


PICKER = "^Where is TourneyBook"
"""The title of the file picker the extension opens where it finds no TourneyBook."""


def test_where_no_tourneybook_is_found_the_button_asks_with_a_file_picker_once(calc_window, tmp_path):
    """Issue 31, 4: TourneyBook installed where the extension does not look (no .venv above the workbook, none in
    the home folder, not on PATH): the button asks with a file picker; cancelled, it says TourneyBook is not
    installed and changes nothing; the program picked runs the action and is remembered, so the next click does
    not ask again. A fresh profile of its own: the program remembered would stand before the club's .venv."""
    (tmp_path / "calc").mkdir()
    organiser = Calc(calc_window, tmp_path / "calc", "picker")
    program = tmp_path / "apps" / "tb" / "tourneybook"
    program.parent.mkdir(parents=True)
    program.write_text(WRAPPER.format(real=Path(sys.executable).with_name("tourneybook")))
    program.chmod(0o755)
    (tmp_path / "events").mkdir()
    workbook = tmp_path / "events" / "fwc2022-example.xlsx"
    shutil.copy(ROOT / "workbooks" / "fwc2022-example.xlsx", workbook)
    untouched = workbook.read_bytes()
    try:
        organiser.start()
        organiser.open(workbook)
        organiser.choose(MENU, MENU_ENTRY)
        organiser.press(picker(organiser), "Escape")  # the organiser does not know where it is
        shown = organiser.answer()
        organiser.dismiss()
        assert "TourneyBook is not installed on this computer" in shown and "Nothing was changed" in shown, shown
        assert workbook.read_bytes() == untouched and not before(workbook).exists()

        organiser.choose(MENU, MENU_ENTRY)
        found = picker(organiser)
        organiser.xdotool("windowfocus", found, "type", "--delay", "20", str(program))  # the File name field
        organiser.press(found, "Return")
        shown = organiser.answer()
        organiser.dismiss()
        said = answer(workbook)
        assert said["ok"] and said["message"].startswith("Standings recalculated"), said
        assert shown.strip() == f"{said['message']} | OK"

        before(workbook).unlink()
        organiser.choose(MENU, MENU_ENTRY)  # asked once: the program picked is remembered
        shown = organiser.answer()
        assert not organiser.window(PICKER) and shown.startswith("Standings recalculated"), shown
        organiser.dismiss()
        assert before(workbook).exists()  # the program picked ran again
        organiser.close()
    finally:
        organiser.stop()


def picker(calc: Calc, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = calc.window(PICKER)
        if found:
            time.sleep(1)  # drawn, its File name field focused
            return found
        time.sleep(0.5)
    raise AssertionError(f"no file picker within {timeout} s: {calc.dialogs()}")
