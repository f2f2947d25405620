"""``tourneybook lite``: main.py carries TourneyBook itself and runs where only PyPI/Pyodide packages are.

The proof: a fresh virtual environment with only requirements.txt installed
(TourneyBook is NOT installed there) runs main.py's scripts through xlwings'
remote engine, the way xlwings Lite runs them, on every example workbook, and
writes the same Standings as ``tourneybook recalc``.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main as cli
from tourneybook.excel.lite import FUNCTIONS, SCRIPTS, main_py, package_zip, requirements_txt, write_lite
from tourneybook.actions.on_file import recalc_file

ROOT = Path(__file__).resolve().parents[2]
WORKBOOKS = sorted((ROOT / "workbooks").glob("*.xlsx"))
HELPERS = Path(__file__).resolve().parent  # excel_remote.py: the add-in's payload and its actions played back

LITE_RUN = """
import asyncio, json, sys
lite, helpers, books = sys.argv[1], sys.argv[2], sys.argv[3:]
sys.path[:0] = [lite, helpers]
try:
    import tourneybook
    sys.exit("tourneybook is installed here: " + tourneybook.__file__)
except ImportError:
    pass
import openpyxl
import xlwings as xw
from xlwings.server import custom_functions_call, custom_functions_meta, custom_scripts_call, custom_scripts_meta
from excel_remote import apply_actions, payload_from_xlsx
import main
import tourneybook
carc = {"func_name": "tb_carc_points", "args": [[[120, 90, 60, None]]], "version": xw.__version__,
        "client": "Office.js", "runtime": "1.4"}
found = {
    "carried": tourneybook.__file__,
    "functions": sorted(f["name"] for f in custom_functions_meta(main)["functions"]),
    "scripts": [s["function_name"] for s in custom_scripts_meta(main)],
    "carc": asyncio.run(custom_functions_call(carc, main)),
    "standings": {},
}
for path in books:
    book = xw.Book(json=payload_from_xlsx(path))
    asyncio.run(custom_scripts_call(main, "recalculate_standings", typehint_to_value={xw.Book: book}))
    played = openpyxl.load_workbook(path)
    alerts = apply_actions(book.json()["actions"], played)
    found["standings"][path] = {"alerts": alerts, "rows": [list(r) for r in played["Standings"].iter_rows(values_only=True)]}
print(json.dumps(found, default=str))
"""


def rows(values: list[list]) -> list[list]:
    """Standings rows as compared: trailing empty rows and cells dropped, floats to 9 places (a live sheet's
    used range keeps the width of the table it replaced: the Standings lost its empty Lot and Adjustment columns)."""
    values = [list(r) for r in values]
    while values and all(v in (None, "") for v in values[-1]):
        values.pop()
    for r in values:
        while r and r[-1] in (None, ""):
            r.pop()
    return [[round(v, 9) if isinstance(v, float) else (None if v == "" else v) for v in r] for r in values]


@pytest.fixture(scope="module")
def lite_python(tmp_path_factory) -> Path:
    """A fresh venv with only requirements.txt installed (pip as configured here), as Lite installs it.

    Not even pip in it (Lite has none either): this environment's pip installs into it (``--python``), which spares
    ensurepip; modules are compiled when imported, not all at install (``--no-compile``)."""
    folder = tmp_path_factory.mktemp("lite-venv")
    (folder / "requirements.txt").write_text(requirements_txt(), encoding="utf-8")
    venv.create(folder / "venv", with_pip=False)
    python = folder / "venv" / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-compile",
                           "-r", folder / "requirements.txt"], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    return python


@pytest.mark.install
def test_main_py_runs_every_example_where_tourneybook_is_not_installed(lite_python, tmp_path, subprocess_env):
    lite = tmp_path / "lite"
    write_lite(lite)
    books = []
    for source in WORKBOOKS:
        books.append(tmp_path / source.name)
        shutil.copy(source, books[-1])
    env = {k: v for k, v in subprocess_env.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run([lite_python, "-c", LITE_RUN, lite, HELPERS, *books], capture_output=True, text=True,
                          env=env, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])

    assert Path(found["carried"]).parts[-2:] == ("tourneybook", "__init__.py")
    assert "site-packages" not in found["carried"]  # unpacked from main.py, not installed
    assert found["functions"] == sorted(f.upper() for f in FUNCTIONS)
    assert sorted(found["scripts"]) == sorted(SCRIPTS)
    assert found["carc"] == [[5, 3, 1, ""]]  # RULES.md Carcassonne 3-player: 5-3-1, the 4th seat empty
    assert len(WORKBOOKS) >= 5 and len(found["standings"]) == len(WORKBOOKS)  # every shipped example
    for book in books:
        by_cli = tmp_path / f"cli-{book.name}"
        shutil.copy(book, by_cli)
        report = recalc_file(by_cli)
        assert report.ok, report.problems
        expected = rows(openpyxl.load_workbook(by_cli)["Standings"].iter_rows(values_only=True))
        lite_run = found["standings"][str(book)]
        assert rows(lite_run["rows"]) == expected, book.name
        assert lite_run["alerts"][-1].startswith("Standings recalculated"), lite_run["alerts"]


def test_requirements_are_tourneybooks_dependencies_and_not_tourneybook():
    lines = requirements_txt().splitlines()
    names = [re.split(r"[<>=!~]", line)[0].lower() for line in lines]
    assert "xlwings" in names and "openpyxl" in names
    assert "tourneybook" not in names  # not on PyPI: main.py carries it
    assert not any(n in ("pytest", "hypothesis", "olefile") for n in names)
    assert "python-calamine" not in names  # a desktop build only; Lite reads the open workbook, not files


def test_main_py_carries_every_module_of_the_package():
    with zipfile.ZipFile(io.BytesIO(package_zip())) as archive:
        carried = set(archive.namelist())
    package = ROOT / "src" / "tourneybook"
    expected = {"tourneybook/" + p.relative_to(package).as_posix() for p in package.rglob("*.py")}
    assert carried == expected
    assert package_zip() == package_zip()  # the same code gives the same main.py
    assert main_py() == main_py()


def test_the_command_writes_both_files(tmp_path, capsys):
    assert cli(["lite", "--out", str(tmp_path / "lite")]) == 0
    written = capsys.readouterr().out.split()
    assert [Path(p).name for p in written] == ["main.py", "requirements.txt"]
    text = (tmp_path / "lite" / "main.py").read_text(encoding="utf-8")
    assert f"from tourneybook.excel.button import {', '.join(SCRIPTS)}" in text
    compile(text, "main.py", "exec")
    (tmp_path / "file").write_text("x")
    assert cli(["lite", "--out", str(tmp_path / "file")]) == 1
    assert "not a folder" in capsys.readouterr().err


def test_the_scripts_name_the_cells_the_readme_names():
    # Issue 21: README "xlwings Lite", step 4: "(both use the round in Instructions!B3)"; the action is in B2.
    from tourneybook.excel import button
    from tourneybook.workbook.control import ACTION_ADDRESS, ROUND_ADDRESS

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"Instructions!{ROUND_ADDRESS}" in readme and (ACTION_ADDRESS, ROUND_ADDRESS) == ("B2", "B3")
    for script in (button.redraw_round, button.forms_for_round):
        assert "Instructions!B3" in script.__doc__
    texts = " ".join(f.__doc__ or "" for f in (button.redraw_round, button.forms_for_round, button._with_round)) + button.__doc__
    assert "D1" not in texts and "D2" not in texts
