"""The command line starts light: ``--help`` and ``recalc`` never import pandas or xlsxwriter (issue 11),
and the commands that only change a workbook's parts (recalc, draw) never load openpyxl either."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from workbook_events import small_event

from tourneybook.workbook import template

HEAVY = ("pandas", "xlsxwriter")


def imported(args: list[str]) -> set[str]:
    """The top-level modules a fresh ``tourneybook ARGS`` imported (from ``python -X importtime``)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "tourneybook", *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    names = set()
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    assert "tourneybook" in names  # the trace was read
    return names


def test_help_imports_neither_pandas_nor_xlsxwriter():
    assert not set(HEAVY) & imported(["--help"])


def test_recalc_imports_neither_pandas_nor_xlsxwriter(event_file: Path):
    assert not set(HEAVY) & imported(["recalc", str(event_file)])


def test_help_recalc_and_draw_leave_openpyxl_and_numpy_unloaded(event_file: Path, carcassonne_layout, tmp_path: Path):
    """openpyxl (with numpy, about 0.1 s) builds new workbooks; the file layer changes parts without it."""
    players = carcassonne_layout.to_rows(small_event())["Players"]
    fresh = template.write(tmp_path / "fresh.xlsx", carcassonne_layout, rows={"Players": players})
    assert not {"openpyxl", "numpy"} & imported(["--help"])
    assert not {"openpyxl", "numpy"} & imported(["recalc", str(event_file)])
    assert not {"openpyxl", "numpy"} & imported(["draw", str(fresh), "--round", "1"])


@pytest.mark.parametrize("module", (*HEAVY, "openpyxl"))
def test_the_check_sees_a_heavy_import(module: str):
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"], capture_output=True, text=True, timeout=300)
    assert module in {line.rsplit("|", 1)[1].strip().split(".")[0] for line in done.stderr.splitlines() if "|" in line}
