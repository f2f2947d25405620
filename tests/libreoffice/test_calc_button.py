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
import zipfile
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
MENU, MENU_ENTRY, MENU_ACTION = "TourneyBook", "Recalculate standings", "Run the action chosen on Instructions (B2)"
TOOL = "Recalculate standings"
"""Calc's TourneyBook menu and its entries, and the toolbar's button, as the extension's Addons.xcu names them."""
TOOLBAR = "private:resource/toolbar/addon_org.tourneybook.libreoffice.toolbar"
WRAPPER = """#!{python}
# TourneyBook as the extension runs it: the real one, keeping what it was given (file, arguments) and said.
import json, shutil, subprocess, sys
request = sys.stdin.read()
workbook = json.loads(request)["workbook"]
shutil.copy(workbook, workbook + ".before")
with open(workbook + ".argv", "w") as argv:
    json.dump({{"argv": sys.argv[1:], "stdin": request}}, argv)
done = subprocess.run([{real!r}, *sys.argv[1:]], input=request, capture_output=True, text=True)
with open(workbook + ".answer", "w") as answer:
    answer.write(done.stdout)
sys.stdout.write(done.stdout)
sys.stderr.write(done.stderr)
sys.exit(done.returncode)
"""


def tourneybook_wrapper(program: Path) -> Path:
    """The real tourneybook behind ``program``, as :data:`WRAPPER`."""
    program.parent.mkdir(parents=True, exist_ok=True)
    program.write_text(WRAPPER.format(python=sys.executable, real=str(Path(sys.executable).with_name("tourneybook"))))
    program.chmod(0o755)
    return program


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """club/.venv/bin/tourneybook (the README's install, a folder above the event) and club/2026/ for the events."""
    club = tmp_path_factory.mktemp("club")
    tourneybook_wrapper(club / ".venv" / "bin" / "tourneybook")
    (club / "2026").mkdir()
    return club / "2026"


@pytest.fixture(scope="module")
def calc(calc_window, tmp_path_factory, club):
    """Calc whose organiser says yes, once, to the club's TourneyBook (issue 36, 1): it is beside the events, so
    the first click asks before it runs, naming its path; the answer is remembered for every later click."""
    session = Calc(calc_window, tmp_path_factory.mktemp("calc"), "button")
    session.start()
    first = club / "first.xlsx"
    shutil.copy(ROOT / "workbooks" / "fwc2022-example.xlsx", first)
    try:
        session.open(first)
        session.choose(MENU, MENU_ENTRY)
        question = session.wait_for_dialog(QUESTION)
        assert str(club.parent / ".venv" / "bin" / "tourneybook") in question, question
        session.choose_in_dialog(QUESTION, "Yes")
        shown = session.answer()
        session.dismiss()
        assert "Standings recalculated" in shown and before(first).exists(), shown
        session.close()
    except BaseException:
        session.stop()
        raise
    yield session
    session.stop()


def new_event(club: Path, name: str) -> Path:
    """A new FWC event of 16 players with its buttons, as 'tourneybook new --xlsm' makes it."""
    players = club / "players.csv"
    players.write_text("name\n" + "".join(f"Player {i}\n" for i in range(1, 17)), encoding="utf-8")
    workbook = club / f"{name}.xlsm"
    assert cli(["new", "fwc2022", "--players", str(players), "--out", str(workbook), "--xlsm"]) == 0
    return workbook


def excel_links(workbook: Path) -> list[str]:
    """The macro each button of the file runs in Excel (``<controlPr macro=...>``, as LibreOffice writes it)."""
    from lxml import etree

    links = []
    with zipfile.ZipFile(workbook) as package:
        for name in package.namelist():
            if name.startswith("xl/worksheets/sheet"):
                links += [c.get("macro") for c in etree.fromstring(package.read(name)).iter("{*}controlPr")]
    return links


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
    (IMPORT_REPORTS, None, None, True, "No phone reports to import", None),  # a note, not a problem (issue 36, 8)
]
"""Every action of B2 once, on a new FWC event of 16, in the order of an event's day."""


def test_every_action_of_the_instructions_button_runs_and_keeps_the_entry_sheets(calc, club, tmp_path):
    event = new_event(club, "essen")
    with zipfile.ZipFile(event) as package:  # the buttons 'new' made, each running SampleCall in Excel
        made = sum(package.read(n).count(b"<x:FmlaMacro>") for n in package.namelist() if n.endswith(".vml"))
    assert made > 1
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
        if action == DRAW_NEXT:  # issue 36, 4: the .xlsm Calc saved for the click keeps Excel's link on every button
            links = excel_links(given)
            assert len(links) == made and set(links) == {"Module1.SampleCall"}, links
            assert {"Seating", "Draw quality"} <= set(calc.state()["sheets"])
            assert "Player 1" in cell_texts(event, "Seating")
            assert action_cell(event) == RECALCULATE  # a second click does not draw another round
    assert event.with_name("essen-forms-R1.xlsx").exists() and event.with_name("essen-forms-R1.pdf").exists()
    assert set(excel_links(event)) == {"Module1.SampleCall"}  # still, after every action and Calc's every save
    published = event.with_name("essen results")
    assert {"standings.csv", "games.csv", "standings.html", "standings.pdf"} <= {p.name for p in published.iterdir()}
    calc.close()


def test_a_typing_mistake_is_shown_at_its_sheet_and_cell_and_nothing_else_is_written(calc, club, tmp_path):
    """The mistake is typed and the button clicked without Enter (issue 36, 2): the click takes what was typed."""
    workbook = new_event(club, "mistake")
    calc.open(workbook)
    calc.uno("type", ADJUSTMENTS.name, "A4", "Player 1")
    calc.uno("type", ADJUSTMENTS.name, "C4", "late")
    # on the Adjustments sheet (its button recalculates), a word where the points go, and no Enter before the click
    calc.type_without_enter(ADJUSTMENTS.name, "B4", "minus ten")
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
def test_an_xlsx_recalculates_through_the_menu_and_toolbar_with_what_is_typed_and_its_chart_coloured(calc, club, way):
    """Issue 36, 2 and 3: the last player gets 100 points on Adjustments, typed without Enter, then the menu or the
    toolbar is clicked: the typed points count (the player leads). The workbook Calc saved for the click has no
    theme, and the Standings chart's bars still have their colour when Calc shows it again."""
    workbook = club / f"fwc2022-example-{way}.xlsx"
    shutil.copy(ROOT / "workbooks" / "fwc2022-example.xlsx", workbook)
    expected = club / "expected.xlsx"
    shutil.copy(workbook, expected)
    last = recalc_file(expected).result.standings.rows[-1]
    calc.open(workbook)
    toolbar, standard = (json.loads(calc.uno("toolbar", t)) for t in (TOOLBAR, "private:resource/toolbar/standardbar"))
    assert toolbar["docked"] and toolbar["visible"] and not overlap(toolbar, standard), (toolbar, standard)
    calc.uno("type", ADJUSTMENTS.name, "A4", last.player)
    calc.uno("type", ADJUSTMENTS.name, "C4", "typed without Enter")
    calc.type_without_enter(ADJUSTMENTS.name, "B4", "100")
    if way == "menu":
        calc.choose(MENU, MENU_ENTRY)  # the mouse on the menu bar, then on the menu's entry
    else:
        calc.click("tool", TOOL)  # the TourneyBook toolbar's one button
    shown = calc.answer()
    calc.dismiss()
    said = answer(workbook)
    assert shown.strip() == f"{said['message']} | OK".strip(), (shown, said)
    assert said["ok"] and f"1. {last.player}   {display(last.total + 100)}" in said["message"], said
    assert sheet_xml(workbook, [s for s in ENTRY if s != ADJUSTMENTS.name]) == sheet_xml(
        before(workbook), [s for s in ENTRY if s != ADJUSTMENTS.name])
    with zipfile.ZipFile(before(workbook)) as saved:  # what Calc wrote for the click: no theme to colour bars from
        assert not [n for n in saved.namelist() if n.startswith("xl/theme/")]
    assert calc.state()["url"] == workbook.as_uri()
    bars = [s for s in json.loads(calc.uno("chart", STANDINGS)) if s["type"] == "BarChartType" or "Column" in s["type"]]
    assert bars and all(s["fill"] == "SOLID" and s["colour"] == "1F77B4" for s in bars), bars
    calc.close()


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and (
        b["y"] < a["y"] + a["height"])


def test_an_xlsx_runs_the_action_chosen_on_instructions_from_the_menu(calc, club):
    """Issue 36, 5: an .xlsx has no button; its menu runs the Instructions sheet's action too (here: a draw), from
    whichever sheet is shown."""
    players = club / "players.csv"
    players.write_text("name\n" + "".join(f"Player {i}\n" for i in range(1, 17)), encoding="utf-8")
    workbook = club / "plain.xlsx"
    assert cli(["new", "fwc2022", "--players", str(players), "--out", str(workbook)]) == 0
    calc.open(workbook)
    calc.uno("type", ACTION_SHEET, ACTION_ADDRESS, DRAW_NEXT)
    calc.uno("show", PLAYERS.name)
    calc.choose(MENU, MENU_ACTION)
    shown = calc.answer()
    calc.dismiss()
    said = answer(workbook)
    assert said["ok"] and "Round 1 drawn onto the entry sheet" in said["message"], said
    assert shown.strip() == f"{said['message']} | OK".strip()
    assert "Player 1" in cell_texts(workbook, "Seating") and action_cell(workbook) == RECALCULATE
    calc.close()


def test_a_forms_workbook_is_left_alone(calc, club):
    """Issue 36, 8: the menu clicked on the printable forms TourneyBook wrote says they are not the event's
    workbook and adds no Issues sheet to them."""
    event = new_event(club, "printed")
    assert cli(["draw", str(event), "--round", "1"]) == 0 and cli(["forms", str(event), "--round", "1"]) == 0
    forms = event.with_name("printed-forms-R1.xlsx")
    untouched = forms.read_bytes()
    calc.open(forms)
    calc.choose(MENU, MENU_ENTRY)
    shown = calc.answer()
    calc.dismiss()
    assert "is not an event workbook" in shown and "Nothing was changed" in shown, shown
    assert forms.read_bytes() == untouched
    assert ISSUES not in calc.state()["sheets"]
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
QUESTION = "^TourneyBook: run this program"
"""The title of the question before a TourneyBook found beside the workbook runs."""
HOSTILE = """#!/bin/sh
# Came with the workbook: never to be run unless the organiser says so.
touch "{marker}"
echo '{{"ok": true, "message": "Standings recalculated (not really)", "sheet": ""}}'
"""
HOSTILE_SHEET = "x;touch PWNED&$(touch PWNED)"
"""A sheet named as a shell would run a command (at most 31 characters, none of : \\ / ? * [ ])."""


def hostile_workbook(folder: Path, marker: Path) -> Path:
    """The example handed over by someone else: a .venv beside it whose tourneybook is not TourneyBook, an
    xlwings.conf sheet naming another such program for Windows and macOS, and a sheet named like a command."""
    import openpyxl

    for program in (folder / ".venv" / "bin" / "tourneybook", folder / "tools" / "python"):
        program.parent.mkdir(parents=True)
        program.write_text(HOSTILE.format(marker=marker))
        program.chmod(0o755)
    workbook = folder / "fwc2022-example.xlsx"
    book = openpyxl.load_workbook(ROOT / "workbooks" / "fwc2022-example.xlsx")
    conf = book.create_sheet("xlwings.conf")
    for row in (("Interpreter_Win", str(folder / "tools" / "python")), ("Interpreter_Mac", str(folder / "tools" / "python"))):
        conf.append(row)
    book.create_sheet(HOSTILE_SHEET)
    book.save(workbook)
    return workbook


def test_only_the_organiser_chooses_the_program_a_hostile_workbook_names_none(calc_window, tmp_path):
    """Issue 36, 1 (and issue 31, 4): TourneyBook installed where the extension does not look, the workbook from
    someone else. Its xlwings.conf names a program: never run. A .venv beside it: the button asks first, naming
    its path, and No runs nothing (then the file picker asks; cancelled, it says TourneyBook is not installed
    and changes nothing). The program picked runs the action and is remembered (the next click asks nothing);
    on the sheet named like a command it hears the sheet's name as data on stdin, its arguments fixed words. A
    fresh profile of its own: the program remembered would stand before the club's .venv."""
    (tmp_path / "calc").mkdir()
    organiser = Calc(calc_window, tmp_path / "calc", "picker")
    program = tourneybook_wrapper(tmp_path / "apps" / "tb" / "tourneybook")
    marker = tmp_path / "PWNED"
    workbook = hostile_workbook(tmp_path / "events", marker)
    untouched = workbook.read_bytes()
    try:
        organiser.start()
        organiser.open(workbook)
        organiser.choose(MENU, MENU_ENTRY)
        refuse_the_program_beside(organiser, workbook)
        organiser.press(picker(organiser), "Escape")  # the organiser does not know where TourneyBook is
        shown = organiser.answer()
        organiser.dismiss()
        assert "TourneyBook is not installed on this computer" in shown and "Nothing was changed" in shown, shown
        assert workbook.read_bytes() == untouched and not before(workbook).exists() and not marker.exists()

        organiser.choose(MENU, MENU_ENTRY)
        refuse_the_program_beside(organiser, workbook)  # asked again: No was not remembered as a yes
        found = picker(organiser)
        says = next(d["text"] for d in organiser.dialogs() if d["title"].startswith("Where is TourneyBook"))
        # what to pick, inside the window: the hidden .venv's program typed as the file name, the way in the file type
        assert ".venv/bin/tourneybook" in says and "Open TourneyBook's folder, then Open" in says, says
        organiser.xdotool("windowfocus", found, "key", "ctrl+a", "type", "--delay", "20", str(program))  # File name
        organiser.press(found, "Return")
        shown = organiser.answer()
        organiser.dismiss()
        said = answer(workbook)
        assert said["ok"] and said["message"].startswith("Winner: Felix Vidal (Final)"), said
        assert shown.strip() == f"{said['message']} | OK"

        before(workbook).unlink()
        organiser.uno("show", HOSTILE_SHEET)
        organiser.choose(MENU, MENU_ENTRY)  # asked once: the program picked is remembered
        shown = organiser.answer()
        assert not organiser.window(PICKER) and not organiser.window(QUESTION), organiser.dialogs()
        assert shown.startswith("Winner: Felix Vidal (Final)"), shown
        organiser.dismiss()
        heard = json.loads(workbook.with_name(workbook.name + ".argv").read_text())
        assert heard["argv"] == ["libreoffice", "--click", "-"]
        assert json.loads(heard["stdin"]) == {"workbook": str(workbook), "sheet": HOSTILE_SHEET, "job": "recalculate"}
        assert not marker.exists() and not list(tmp_path.rglob("PWNED"))  # nothing the workbook named ever ran
        organiser.close()
    finally:
        organiser.stop()


def refuse_the_program_beside(calc: Calc, workbook: Path) -> None:
    """The question before the .venv beside the workbook runs names its path; the organiser clicks No."""
    question = calc.wait_for_dialog(QUESTION)
    assert str(workbook.parent / ".venv" / "bin" / "tourneybook") in question and "No" in question, question
    calc.choose_in_dialog(QUESTION, "No")


def picker(calc: Calc, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = calc.window(PICKER)
        if found:
            time.sleep(1)  # drawn, its File name field focused
            return found
        time.sleep(0.5)
    raise AssertionError(f"no file picker within {timeout} s: {calc.dialogs()}")
