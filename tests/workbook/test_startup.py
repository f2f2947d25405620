"""The command line starts light: ``--help`` and ``recalc`` never import pandas or xlsxwriter (issue 11)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("module", HEAVY)
def test_the_check_sees_a_heavy_import(module: str):
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"], capture_output=True, text=True, timeout=300)
    assert module in {line.rsplit("|", 1)[1].strip().split(".")[0] for line in done.stderr.splitlines() if "|" in line}
