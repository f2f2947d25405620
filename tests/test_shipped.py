"""What the repository ships stays true to the code: templates and example workbooks.

- ``templates/`` is what ``tourneybook templates`` writes today (regenerate it after
  changing a schema).
- every ``workbooks/*.xlsx`` recalculates without a problem to exactly what it shows, and
  LibreOffice (the real spreadsheet client here) opens the recalculated file and reads
  back the Standings as written; so do the examples of the older Diplomacy ids
  (``tests/older_workbooks/``, Ruleset sos, dss, cdiplo100, opentribute on Settings): an
  organiser's workbook made before the Diplomacy event still recalculates to the same numbers.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from tourneybook.commands.templates import DATED
from tourneybook.office import convert_all
from tourneybook.workbook.layouts import shipped_layouts
from tourneybook.actions.on_file import recalc_file

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"
WORKBOOKS = sorted((ROOT / "workbooks").glob("*.xlsx"))
OLDER_WORKBOOKS = sorted((ROOT / "tests" / "older_workbooks").glob("*.xlsx"))


def sheet_values(path: Path) -> dict[str, list[tuple]]:
    book = openpyxl.load_workbook(path)
    return {ws.title: [tuple(c.value for c in row) for row in ws.iter_rows()] for ws in book.worksheets}


def templates_run(out: Path, hash_seed: str) -> Path:
    """``tourneybook templates --out OUT`` in a process of its own, with Python's set order of ``hash_seed``."""
    subprocess.run([sys.executable, "-m", "tourneybook", "templates", "--out", str(out)], check=True,
                   capture_output=True, env={**os.environ, "PYTHONHASHSEED": hash_seed})
    return out


@pytest.fixture(scope="module")
def fresh_templates(tmp_path_factory) -> Path:
    """What ``tourneybook templates`` writes today (the first of the two runs compared byte for byte below)."""
    return templates_run(tmp_path_factory.mktemp("templates"), "1")


@pytest.mark.parametrize("ruleset", [layout.ruleset for layout in shipped_layouts()])
def test_shipped_templates_are_what_the_code_writes(ruleset: str, fresh_templates: Path):
    for suffix in (".xlsx", ".xlsm"):
        shipped, fresh = TEMPLATES / f"{ruleset}{suffix}", fresh_templates / f"{ruleset}{suffix}"
        assert shipped.exists(), f"{shipped.name} missing: run 'tourneybook templates'"
        assert sheet_values(shipped) == sheet_values(fresh), f"{shipped.name} is stale: run 'tourneybook templates'"
    assert (TEMPLATES / f"{ruleset}.py").read_text() == (fresh_templates / f"{ruleset}.py").read_text()
    with zipfile.ZipFile(TEMPLATES / f"{ruleset}.xlsm") as shipped, zipfile.ZipFile(fresh_templates / f"{ruleset}.xlsm") as fresh:
        assert shipped.read("xl/vbaProject.bin") == fresh.read("xl/vbaProject.bin")


def test_tourneybook_templates_twice_writes_identical_bytes(tmp_path: Path, fresh_templates: Path):
    """Two runs (two processes, so Python's set order differs too) write byte-identical files, every one
    dated DATED: regenerating the templates leaves git with nothing to commit when nothing changed."""
    first = fresh_templates  # PYTHONHASHSEED=1
    runs = [{p.name: p.read_bytes() for p in sorted(out.iterdir())} for out in (first, templates_run(tmp_path / "run2", "2"))]
    assert len(runs[0]) == 3 * len(shipped_layouts())
    assert [name for name in runs[0] if runs[0][name] != runs[1].get(name)] == []
    with zipfile.ZipFile(first / "diplomacy.xlsm") as book:
        assert {info.date_time for info in book.infolist()} == {DATED.timetuple()[:6]}
        assert book.read("docProps/core.xml").count(b">2026-01-01T00:00:00Z<") == 2  # created, modified
    assert openpyxl.load_workbook(first / "diplomacy.xlsm").properties.modified == DATED


def test_every_ruleset_ships_an_example_workbook():
    assert {p.stem for p in WORKBOOKS} == {f"{layout.ruleset}-example" for layout in shipped_layouts()}


@pytest.fixture(scope="module")
def recalculated(tmp_path_factory, soffice) -> dict[str, tuple[Path, object, Path]]:
    """Each example's name -> its copy recalculated, recalc's report, and the copy as LibreOffice saved it: every
    copy converted in one start of LibreOffice (a start per example was most of each test's time)."""
    folder = tmp_path_factory.mktemp("recalculated")
    done = {}
    for workbook in WORKBOOKS + OLDER_WORKBOOKS:
        work = folder / workbook.name
        shutil.copy(workbook, work)
        done[workbook.name] = (work, recalc_file(work))
    converted = convert_all([work for work, _ in done.values()], "xlsx", folder / "lo")
    return {name: (work, report, lo) for (name, (work, report)), lo in zip(done.items(), converted)}


@pytest.mark.parametrize("workbook", WORKBOOKS + OLDER_WORKBOOKS, ids=lambda p: p.name)
def test_example_recalculates_and_libreoffice_reads_the_same_standings(workbook: Path, recalculated):
    work, report, converted = recalculated[workbook.name]
    assert report.ok, report.problems
    assert len(report.result.standings.rows) >= 16
    # what the example shows is what recalc gives today (recalculate it after a change to the rules or sheets)
    shipped, fresh = sheet_values(workbook), sheet_values(work)
    assert list(shipped) == list(fresh)
    for name in fresh:
        assert shipped[name] == fresh[name], f"{workbook.name}: the {name!r} sheet is stale: run tourneybook recalc on it"
    ours = openpyxl.load_workbook(work)["Standings"]
    theirs = openpyxl.load_workbook(converted, data_only=True)["Standings"]
    rows = [(r.rank, r.player) for r in report.result.standings.rows]
    ours_values = [[c.value for c in row] for row in ours.iter_rows()]
    theirs_values = [[c.value for c in row] for row in theirs.iter_rows(max_row=ours.max_row, max_col=ours.max_column)]
    assert ours_values == theirs_values
    # and the ranking read back is the one computed
    first = next(i for i, row in enumerate(ours_values) if row[:2] == ["Rank", "Player"])
    assert [tuple(row[:2]) for row in ours_values[first + 1 : first + 1 + len(rows)]] == rows
