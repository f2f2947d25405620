"""The LibreOffice extension without LibreOffice: the package ``tourneybook libreoffice`` writes, how its
macro finds TourneyBook, and the oldest Python that current LibreOffice releases bundle (3.8)."""

from __future__ import annotations

import ast
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

from tourneybook.cli import main as cli
from tourneybook.excel.filebutton import click_file
from tourneybook.workbook.control import ACTION_CELL, ACTION_SHEET, IMPORT_REPORTS

PYTHON = Path(__file__).resolve().parents[2] / "src" / "tourneybook" / "libreoffice" / "python"
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


def command():
    """How the extension finds and runs the tourneybook command."""
    return load("tourneybook_lo_command", PYTHONPATH / "tourneybook_lo_command.py")


def test_the_macro_is_python_3_8():
    """LibreOffice 24.2 bundles Python 3.8.19 (its download.lst): no later syntax in the extension."""
    files = sorted(PYTHON.rglob("*.py"))
    assert {MACRO, PYTHONPATH / "tourneybook_lo_command.py"} <= set(files)
    for file in files:
        ast.parse(file.read_text(encoding="utf-8"), feature_version=(3, 8))


def test_the_extension_holds_its_parts_and_binds_menu_and_toolbar_to_the_button(tmp_path, capsys):
    assert cli(["libreoffice", "--out", str(tmp_path)]) == 0
    with zipfile.ZipFile(tmp_path / "tourneybook-lo.oxt") as oxt:
        names = set(oxt.namelist())
        addons = oxt.read("Addons.xcu").decode()
        jobs = oxt.read("Jobs.xcu").decode()
        manifest = oxt.read("META-INF/manifest.xml").decode()
        description = oxt.read("description.xml").decode()
    assert {"META-INF/manifest.xml", "description.xml", "Addons.xcu", "Jobs.xcu", "python/tourneybook_lo.py",
            "python/pythonpath/tourneybook_lo_command.py"} <= names
    assert addons.count("service:org.tourneybook.Button?click") == 2  # the menu entry and the toolbar button
    assert '<node oor:name="OnLoad"' in jobs and "org.tourneybook.Button" in jobs
    assert "uno-component;type=Python" in manifest and 'manifest:full-path="Jobs.xcu"' in manifest
    assert "@VERSION@" not in description


def test_tourneybook_is_found_in_a_venv_a_folder_above_the_workbook_before_the_path(tmp_path):
    lo = macro()
    program = tmp_path / "club" / ".venv" / "bin" / "tourneybook"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    workbook = tmp_path / "club" / "2026" / "essen.xlsm"
    assert lo.find_tourneybook(str(workbook), {}, [], which=lambda name: "/usr/bin/tourneybook") == [str(program)]
    python = tmp_path / "python3"
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    assert lo.find_tourneybook(str(workbook), {"TOURNEYBOOK": str(python)}, []) == [str(python), "-m", "tourneybook"]


def test_the_xlwings_conf_interpreter_then_the_path_then_nothing(tmp_path):
    lo = macro()
    python = tmp_path / "python"
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    rows = [("Interpreter_Win", r"C:\nowhere\python.exe"), ("Interpreter_Mac", str(python)), ("", "")]
    interpreters = lo.conf_interpreters(rows, "darwin")
    workbook = str(tmp_path / "essen.xlsm")
    assert lo.find_tourneybook(workbook, {}, interpreters, which=lambda name: None) == [str(python), "-m", "tourneybook"]
    assert lo.find_tourneybook(workbook, {}, [], which=lambda name: "/usr/bin/tourneybook") == ["/usr/bin/tourneybook"]
    assert lo.find_tourneybook(workbook, {}, [], which=lambda name: None) == []
    assert lo.conf_interpreters(rows, "win32") == [r"C:\nowhere\python.exe"]


def test_an_answer_without_json_is_one_sentence_and_libreoffices_python_settings_stay_behind():
    lo = command()
    said = lo.answer(2, "", "usage: tourneybook ...\ntourneybook: error: argument COMMAND: invalid choice: 'libreoffice'",
                     ["/old/tourneybook"])
    assert not said["ok"] and "older than this extension" in said["message"]
    assert lo.answer(0, 'x\n{"ok": true, "message": "done", "sheet": "Standings"}\n', "", ["t"])["sheet"] == "Standings"
    assert "PYTHONHOME" not in lo.child_environment({"PYTHONHOME": "/lo", "PATH": "/bin"})


def test_a_click_on_a_file_writes_only_the_issues_sheet_on_a_problem(tmp_path):
    """Import reported results without a journal: the problem at Instructions!B2, the entry sheets as they were."""
    workbook = tmp_path / "essen.xlsx"
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "".join(f"P{i}\n" for i in range(16)), encoding="utf-8")
    assert cli(["new", "fwc2022", "--players", str(players), "--out", str(workbook)]) == 0
    from tourneybook.files.filestore import FileWorkbook

    book = FileWorkbook(workbook)
    book.write_cells(ACTION_SHEET, {ACTION_CELL: IMPORT_REPORTS})
    book.save()
    before = zipfile.ZipFile(workbook)
    entry = {n: before.read(n) for n in before.namelist() if n.startswith("xl/worksheets/")}
    before.close()
    said = click_file(workbook, ACTION_SHEET)
    assert not said.ok and said.sheet == "Issues" and f"{ACTION_SHEET}!B2" in said.message
    with zipfile.ZipFile(workbook) as after:
        assert all(after.read(n) == data for n, data in entry.items())  # Issues is a new part; the rest kept
    assert json.loads(json.dumps(said.json()))["ok"] is False
