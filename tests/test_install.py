"""The README's installation, typed exactly as written, in a fresh copy of the repository.

A fresh virtual environment (no system site-packages: what the README says),
pip as configured on this machine, then the main job. Also the one-file wheel
for another computer. About a minute: marked ``install``; CI runs it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import openpyxl
import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
INSTALL = README[README.index("## Install on your own computer"):README.index("## Set-up for development")]


def block_after(label: str) -> list[str]:
    """The commands of the fenced block that follows ``label`` in the install section."""
    start = INSTALL.index(label)
    match = re.search(r"```\w*\n(.*?)```", INSTALL[start:], re.S)
    assert match, label
    return [line.strip() for line in match.group(1).splitlines() if line.strip()]


UNIX = block_after("macOS and Linux (Terminal):")
WINDOWS = block_after("Windows (Command Prompt):")


def repository_copy(into: Path) -> Path:
    """What a ZIP download holds: the repository's files, no .venv, no build leftovers."""
    listed = subprocess.run(["git", "-C", ROOT, "ls-files", "-co", "--exclude-standard"], capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.fail(f"git is needed to list the repository's files: {listed.stderr}")
    for name in listed.stdout.splitlines():
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


def test_windows_steps_are_the_unix_steps_in_windows_spelling():
    assert [c.replace("py -m venv", "python3 -m venv").replace("\\", "/").replace("/Scripts/", "/bin/") for c in WINDOWS] == UNIX


@pytest.mark.install
def test_a_fresh_environment_installs_as_the_readme_says_and_runs_the_main_job(tmp_path):
    repo = repository_copy(tmp_path / "TourneyBook")
    assert not (repo / ".venv").exists()
    assert UNIX[0] == "python3 -m venv .venv" and UNIX[1] == ".venv/bin/pip install ."
    for command in UNIX:
        done = subprocess.run(["bash", "-c", command], cwd=repo, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, f"{command}\n{done.stderr[-3000:]}"
    # The main job: the standings printed, the copy written, the shipped file unchanged.
    assert "written to fwc2022-recalculated.xlsx" in done.stdout
    assert "Standings" in openpyxl.load_workbook(repo / "fwc2022-recalculated.xlsx").sheetnames
    assert (repo / "workbooks" / "fwc2022-example.xlsx").read_bytes() == (ROOT / "workbooks" / "fwc2022-example.xlsx").read_bytes()
    # Installed, not run from the source tree: the environment has its own copy.
    where = subprocess.run([repo / ".venv/bin/python", "-c", "import tourneybook; print(tourneybook.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True)
    assert "site-packages" in where.stdout, where
    version = subprocess.run([repo / ".venv/bin/tourneybook", "--version"], capture_output=True, text=True)
    assert version.stdout.strip() == f"tourneybook {metadata.version('tourneybook')}"

    # "For another computer": one file, built by the command the README gives.
    (wheel_command,) = re.findall(r"`(\.venv/bin/pip wheel [^`]+)`", INSTALL)
    done = subprocess.run(["bash", "-c", wheel_command], cwd=repo, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = re.findall(r"`\.venv/bin/pip install (tourneybook-[^`]+\.whl)`", INSTALL)
    assert (repo / "dist" / wheel).is_file()
    assert sys.version_info >= (3, 11)  # the README's minimum
