"""The LibreOffice extension without LibreOffice: the package ``tourneybook libreoffice`` writes, how its
macro finds TourneyBook, and the oldest Python that current LibreOffice releases bundle (3.8)."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.cli import main as cli
from tourneybook.excel.filebutton import click_file
from tourneybook.workbook.control import ACTION_CELL, ACTION_SHEET, IMPORT_REPORTS, REDRAW, ROUND_CELL

ROOT = Path(__file__).resolve().parents[2]
PYTHON = ROOT / "src" / "tourneybook" / "libreoffice" / "python"
MACRO = PYTHON / "tourneybook_lo.py"
PYTHONPATH = PYTHON / "pythonpath"
"""What LibreOffice's Python loaders put on sys.path for the extension's files beside it."""


def load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def macro():
    """The extension's component and macros, loaded as LibreOffice loads them (its pythonpath/ on sys.path)."""
    sys.path.insert(0, str(PYTHONPATH))
    try:
        return load("tourneybook_lo", MACRO)
    finally:
        sys.path.remove(str(PYTHONPATH))
        sys.modules.pop("tourneybook_lo_command", None)
        sys.modules.pop("tourneybook_lo_asking", None)


def command():
    """How the extension finds and runs the tourneybook command."""
    return load("tourneybook_lo_command", PYTHONPATH / "tourneybook_lo_command.py")


def test_the_macro_is_python_3_8():
    """LibreOffice 24.2 bundles Python 3.8.19 (its download.lst): no later syntax in the extension."""
    files = sorted(PYTHON.rglob("*.py"))
    assert {MACRO, PYTHONPATH / "tourneybook_lo_asking.py", PYTHONPATH / "tourneybook_lo_command.py"} <= set(files)
    for file in files:
        ast.parse(file.read_text(encoding="utf-8"), feature_version=(3, 8))


def test_the_extension_holds_its_parts_and_binds_menu_and_toolbar_to_the_button(tmp_path, capsys):
    assert cli(["libreoffice", "--out", str(tmp_path)]) == 0
    with zipfile.ZipFile(tmp_path / "tourneybook-lo.oxt") as oxt:
        names = set(oxt.namelist())
        addons = oxt.read("Addons.xcu").decode()
        jobs = oxt.read("Jobs.xcu").decode()
        window = oxt.read("CalcWindowState.xcu").decode()
        manifest = oxt.read("META-INF/manifest.xml").decode()
        description = oxt.read("description.xml").decode()
    assert {"META-INF/manifest.xml", "description.xml", "Addons.xcu", "Jobs.xcu", "python/tourneybook_lo.py",
            "python/pythonpath/tourneybook_lo_asking.py", "python/pythonpath/tourneybook_lo_command.py"} <= names
    for job in ("recalculate", "instructions"):  # a menu entry and a toolbar button each
        assert addons.count(f"<value>service:org.tourneybook.Button?{job}</value>") == 2
    assert addons.count("<value>Recalculate standings</value>") == 2  # as the sheets' buttons say it
    assert "addon_org.tourneybook.libreoffice.toolbar" in window and "<value>true</value>" in window  # docked
    assert '<node oor:name="OnLoad"' in jobs and "org.tourneybook.Button" in jobs
    assert "uno-component;type=Python" in manifest and 'manifest:full-path="Jobs.xcu"' in manifest
    assert 'manifest:full-path="CalcWindowState.xcu"' in manifest
    assert "@VERSION@" not in description


def executable(path: Path, text: str = "#!/bin/sh\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)
    return path


def test_only_a_program_the_organiser_chose_is_found_never_one_beside_the_workbook(tmp_path):
    """Issue 36, 1: a .venv beside the workbook (or a folder above) is offered for confirmation, never run as found;
    the organiser's own choices and PATH are."""
    lo = command()
    nearby = executable(tmp_path / "club" / ".venv" / "bin" / "tourneybook")
    workbook = tmp_path / "club" / "2026" / "essen.xlsm"
    assert lo.find_tourneybook({"PATH": ""}) == []
    assert lo.nearby_program(str(workbook)) == str(nearby)  # offered to the organiser, by its path
    assert lo.nearby_program(str(tmp_path / "elsewhere" / "a" / "b" / "c" / "d" / "essen.xlsm")) == ""
    own = executable(tmp_path / "bin" / "tourneybook")
    assert lo.find_tourneybook({"PATH": str(own.parent)}) == [str(own)]
    home = tmp_path / "home"
    installed = executable(home / "TourneyBook" / ".venv" / "bin" / "tourneybook")
    assert lo.find_tourneybook({"PATH": str(own.parent)}, "", str(home)) == [str(installed)]
    assert lo.find_tourneybook({"PATH": ""}, str(nearby), str(home)) == [str(nearby)]  # confirmed once: remembered
    python = executable(tmp_path / "python3")
    assert lo.find_tourneybook({"TOURNEYBOOK": str(python)}, str(nearby), str(home)) == [
        str(python), "-P", "-m", "tourneybook"]  # -P: no ``tourneybook`` of the current folder


CHOICES = ("environment", "remembered", "home", "path")


@settings(max_examples=60, deadline=None)
@given(present=st.sets(st.sampled_from(CHOICES)), depth=st.integers(0, 3), windows=st.booleans())
def test_a_program_beside_the_workbook_is_never_found_whatever_else_there_is(tmp_path_factory, present, depth, windows):
    """Issue 36, 1, for every mix of the organiser's own choices: the first of them present wins, in the order
    environment, remembered, home install, PATH; a tourneybook in a .venv beside the workbook or above it never
    does (it is only offered, by nearby_program, for a yes)."""
    lo = command()
    root = tmp_path_factory.mktemp("organiser")
    events = root.joinpath(*["up"] * depth)
    nearby = executable(events / ".venv" / ("Scripts" if windows else "bin") / ("tourneybook.exe" if windows else "tourneybook"))
    workbook = events / "essen.xlsm"
    programs = {
        "environment": executable(root / "env" / "tourneybook"),
        "remembered": executable(root / "picked" / "tourneybook"),
        "home": executable(root / "home" / "TourneyBook" / ".venv" / "bin" / "tourneybook"),
        "path": executable(root / "onpath" / ("tourneybook.exe" if windows else "tourneybook")),
    }
    executable(events / ("tourneybook.exe" if windows else "tourneybook"))  # in the workbook's own folder, too
    environ = {"PATH": os.pathsep.join(["", ".", os.path.relpath(events)] +
                                       ([str(programs["path"].parent)] if "path" in present else []))}
    if "environment" in present:
        environ["TOURNEYBOOK"] = str(programs["environment"])
    found = lo.find_tourneybook(environ, str(programs["remembered"]) if "remembered" in present else "",
                                str(root / "home") if "home" in present else str(root / "nobody"), windows)
    first = next((programs[c] for c in CHOICES if c in present), None)
    assert found == ([str(first)] if first else [])
    assert lo.nearby_program(str(workbook)) == str(nearby)


@pytest.mark.parametrize("chosen", [False, True])
@pytest.mark.parametrize("beside", [False, True])
@pytest.mark.parametrize("yes", [False, True])
@pytest.mark.parametrize("picks", ["nothing", "missing", "own"])
def test_a_program_beside_the_workbook_runs_only_on_the_organisers_yes(tmp_path, chosen, beside, yes, picks):
    """Issue 36, 1, the whole choice (choose_tourneybook, as the extension's locate calls it): the organiser's own
    program first, asking nothing; else the .venv beside the workbook only on a yes to its path; else the program
    they pick (a path that is no program runs nothing); what ran by a yes or a pick is remembered, nothing else."""
    lo = command()
    own = executable(tmp_path / "own" / "tourneybook")
    nearby = tmp_path / "club" / ".venv" / "bin" / "tourneybook"
    if beside:
        executable(nearby)
    picked = executable(tmp_path / "picked" / "tourneybook")
    asked, remembered = [], []
    found = lo.choose_tourneybook(
        [str(own)] if chosen else [], str(tmp_path / "club" / "essen.xlsm"),
        lambda program: asked.append(("confirm", program)) or yes,
        lambda: asked.append(("pick",)) or {"nothing": None, "missing": str(tmp_path / "nothing"), "own": str(picked)}[picks],
        remembered.append)
    if chosen:
        expected, questions = [str(own)], []
    elif beside and yes:
        expected, questions = [str(nearby)], [("confirm", str(nearby))]
    else:
        expected = [str(picked)] if picks == "own" else []
        questions = ([("confirm", str(nearby))] if beside else []) + [("pick",)]
    assert (found, asked) == (expected, questions)
    assert remembered == ([] if chosen else expected)


def test_the_path_search_never_looks_in_the_current_folder(tmp_path, monkeypatch):
    """Windows (and Python 3.8's shutil.which there) try the current folder first: a workbook's folder may be it."""
    lo = command()
    executable(tmp_path / "tourneybook")
    executable(tmp_path / "tourneybook.exe")
    monkeypatch.chdir(tmp_path)
    for path in ("", ".", "", os.pathsep.join([".", "bin", ""])):
        assert lo.on_path({"PATH": path}, windows=False) == "" and lo.on_path({"PATH": path}, windows=True) == ""
    assert lo.on_path({"PATH": str(tmp_path)}, windows=True) == str(tmp_path / "tourneybook.exe")


HOSTILE = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(sheet=HOSTILE, folder=HOSTILE, job=st.sampled_from(["button", "recalculate", "instructions"]))
def test_no_sheet_or_workbook_name_reaches_the_command_line(sheet, folder, job):
    """Whatever the names (``x;calc``, ``x" & calc``, ``$(calc)``, a newline), the child's arguments are the same
    fixed words and the names arrive whole in the one JSON line on its standard input."""
    from types import SimpleNamespace
    from unittest import mock

    lo = command()
    workbook = os.path.join("/events", folder, "essen.xlsm")
    ran = []
    done = SimpleNamespace(returncode=0, stdout='{"ok": true, "message": "done", "sheet": ""}\n', stderr="")
    with mock.patch.object(lo.subprocess, "run", lambda argv, **how: ran.append((argv, how)) or done):
        assert lo.run_tourneybook(["/opt/tb/tourneybook"], workbook, sheet, job)["ok"]
    (argv, how), = ran
    assert argv == ["/opt/tb/tourneybook", "libreoffice", "--click", "-"] and "shell" not in how
    request = how["input"]
    assert request.count("\n") == 1 and request.endswith("\n") and request.isascii()
    assert json.loads(request) == {"workbook": workbook, "sheet": sheet, "job": job}


RECORDER = """#!{python}
import json, sys
from pathlib import Path
Path({out!r}).write_text(json.dumps({{"argv": sys.argv[1:], "stdin": sys.stdin.read()}}))
print(json.dumps({{"ok": True, "message": "heard", "sheet": ""}}))
"""


def test_a_hostile_sheet_name_is_data_for_the_program_and_runs_nothing(tmp_path):
    """The program really run, with a sheet named as a shell would run a command: it hears the name as data."""
    lo = command()
    out = tmp_path / "heard.json"
    program = executable(tmp_path / "tourneybook", RECORDER.format(python=sys.executable, out=str(out)))
    pwned = tmp_path / "PWNED"
    sheet = f'x;touch {pwned} & touch {pwned} | $(touch {pwned}) `touch {pwned}` "&calc'
    workbook = str(tmp_path / "a folder;touch PWNED" / "essen.xlsm")
    assert lo.run_tourneybook([str(program)], workbook, sheet) == {"ok": True, "message": "heard", "sheet": ""}
    heard = json.loads(out.read_text())
    assert heard["argv"] == ["libreoffice", "--click", "-"]
    assert json.loads(heard["stdin"]) == {"workbook": workbook, "sheet": sheet, "job": "button"}
    assert not pwned.exists() and not (tmp_path / "a folder;touch PWNED").exists()


def test_the_command_reads_the_click_from_stdin(tmp_path, monkeypatch, capsys):
    """``tourneybook libreoffice --click -``: a sheet whose name a shell would run is only a sheet (it recalculates)."""
    import io

    workbook = tmp_path / "essen.xlsx"
    shutil.copy(ROOT / "workbooks" / "fwc2022-example.xlsx", workbook)
    sheet = "x;touch PWNED"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(command().click_request(str(workbook), sheet).encode())))
    assert cli(["libreoffice", "--click", "-"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["ok"] and "\n\nStandings recalculated" in said["message"] and said["sheet"] == sheet
    for job, shown, opens in (("instructions", "Players", ACTION_SHEET), ("recalculate", ACTION_SHEET, "Standings"),
                              ("button", "Players", "Players")):  # B2 holds Recalculate standings
        request = command().click_request(str(workbook), shown, job).encode()
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(request)))
        assert cli(["libreoffice", "--click", "-"]) == 0
        said = json.loads(capsys.readouterr().out)
        assert "Standings recalculated" in said["message"] and said["sheet"] == opens, (job, said)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"not json")))
    assert cli(["libreoffice", "--click", "-"]) == 1
    assert "stdin holds no workbook" in capsys.readouterr().err


def test_an_answer_without_json_is_one_sentence_and_libreoffices_python_settings_stay_behind():
    lo = command()
    said = lo.answer(2, "", "usage: tourneybook ...\ntourneybook: error: argument COMMAND: invalid choice: 'libreoffice'",
                     ["/old/tourneybook"])
    assert not said["ok"] and "older than this extension" in said["message"]
    assert lo.answer(0, 'x\n{"ok": true, "message": "done", "sheet": "Standings"}\n', "", ["t"])["sheet"] == "Standings"
    assert "PYTHONHOME" not in lo.child_environment({"PYTHONHOME": "/lo", "PATH": "/bin"})


def test_a_click_on_a_file_writes_only_the_issues_sheet_on_a_problem(tmp_path):
    """A draw whose round cannot be drawn: the problem at its cell on Issues, the entry sheets as they were."""
    workbook = tmp_path / "essen.xlsx"
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "".join(f"P{i}\n" for i in range(16)), encoding="utf-8")
    assert cli(["new", "fwc2022", "--players", str(players), "--out", str(workbook)]) == 0
    from tourneybook.files.filestore import FileWorkbook

    book = FileWorkbook(workbook)
    book.write_cells(ACTION_SHEET, {ACTION_CELL: REDRAW, ROUND_CELL: 9})
    book.save()
    before = zipfile.ZipFile(workbook)
    entry = {n: before.read(n) for n in before.namelist() if n.startswith("xl/worksheets/")}
    before.close()
    said = click_file(workbook, ACTION_SHEET)
    assert not said.ok and said.sheet == "Issues", said
    with zipfile.ZipFile(workbook) as after:
        assert all(after.read(n) == data for n, data in entry.items())  # Issues is a new part; the rest kept
    assert json.loads(json.dumps(said.json()))["ok"] is False


def test_an_import_without_phone_reports_is_a_note_and_writes_nothing(tmp_path):
    """Issue 36, 8: no reports journal beside the workbook is nothing to import, not a problem for the Issues sheet."""
    workbook = tmp_path / "essen.xlsx"
    shutil.copy(ROOT / "workbooks" / "fwc2022-example.xlsx", workbook)
    from tourneybook.files.filestore import FileWorkbook

    book = FileWorkbook(workbook)
    book.write_cells(ACTION_SHEET, {ACTION_CELL: IMPORT_REPORTS})
    book.save()
    untouched = workbook.read_bytes()
    said = click_file(workbook, ACTION_SHEET)
    assert said.ok and said.message.startswith("No phone reports to import") and "Excel" not in said.message
    assert said.sheet == ACTION_SHEET and workbook.read_bytes() == untouched
    (tmp_path / "essen.reports.sqlite").mkdir()  # a folder where the journal belongs is a problem, not "no reports"
    said = click_file(workbook, ACTION_SHEET)
    assert not said.ok and said.sheet == "Issues" and "essen.reports.sqlite beside the workbook is a folder" in said.message


def test_a_forms_workbook_is_recognised_and_left_alone(tmp_path):
    """Issue 36, 8: a click on the printable forms TourneyBook wrote adds no Issues sheet to them."""
    workbook = tmp_path / "essen.xlsx"
    shutil.copy(ROOT / "workbooks" / "fwc2022-example.xlsx", workbook)
    assert cli(["forms", str(workbook), "--round", "1"]) == 0
    forms = tmp_path / "essen-forms-R1.xlsx"
    untouched = forms.read_bytes()
    said = click_file(forms, "R1 T1")
    assert not said.ok and "is not an event workbook" in said.message and "Nothing was changed" in said.message
    assert forms.read_bytes() == untouched


@pytest.mark.parametrize("example, winner", [
    ("fwc2022", "Felix Vidal (Final)"),  # place 1 of the final, not Dmitri Weber, first of the qualifying ranking
    ("cafe2023", "Ben Berg (Final)"),
    ("carcassonne2004", "Elena Costa (Final placings)"),
    ("diplomacy", None),  # a best-N event: its standings are the result
    ("codcon2008", None),
])
def test_the_dialog_leads_with_the_events_winner_once_there_is_one(tmp_path, example, winner):
    """Issue 36, 5: after a recalculation the dialog names the final's winner first, then the standings."""
    workbook = tmp_path / f"{example}.xlsx"
    shutil.copy(ROOT / "workbooks" / f"{example}-example.xlsx", workbook)
    said = click_file(workbook, "Standings")
    assert said.ok, said.message
    lead = said.message.split("\n\n")[0]
    if winner:
        assert lead == f"Winner: {winner}" and said.message.count("Winner") == 1
    else:
        assert lead.startswith("Standings recalculated") and "Winner" not in said.message


def test_no_winner_before_the_final_is_played(tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "".join(f"P{i}\n" for i in range(16)), encoding="utf-8")
    workbook = tmp_path / "essen.xlsx"
    assert cli(["new", "fwc2022", "--players", str(players), "--out", str(workbook)]) == 0
    said = click_file(workbook, "Standings")
    assert said.ok and said.message.startswith("Standings recalculated") and "Winner" not in said.message
