"""Every command given a path it cannot use: a clear message, exit 2, no trace, no file touched.

Rows follow the review list (the house rules' "organiser's data is never lost"): a
folder where a file is expected, a wrong suffix, a file that is not text, a read-only
workbook, and outputs that would overwrite the event workbook.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tourneybook.cli import main


@pytest.fixture
def folder(tmp_path: Path, event_bytes: bytes) -> Path:
    """A folder holding the event workbook, a player list and a sub-folder named like a workbook."""
    (tmp_path / "event.xlsx").write_bytes(event_bytes)
    (tmp_path / "players.csv").write_text("name\nAnna\nBruno\n", encoding="utf-8")
    (tmp_path / "dir.xlsx").mkdir()
    return tmp_path


@pytest.mark.parametrize(
    "argv, words",
    [
        (["score", "fwc2022", "dir.xlsx"], "dir.xlsx: a folder, not a JSON file"),
        (["standings", "carcassonne2004", "event.xlsx"], "event.xlsx: not a JSON text file"),
        (["recalc", "dir.xlsx"], "dir.xlsx: a folder, not a workbook"),
        (["recalc", "event.xlsx", "--out", "dir.xlsx"], "dir.xlsx: a folder, not a workbook file"),
        (["recalc", "event.xlsx", "--out", "copy.txt"], "copy.txt: the workbook's name must end in .xlsx"),
        (["recalc", "event.xlsx", "--out", "copy.xlsm"], "copy.xlsm: the workbook's name must end in .xlsx"),
        (["new", "fwc2022", "--players", "dir.xlsx", "--out", "n.xlsx"], "dir.xlsx: a folder, not a CSV file"),
        (["new", "fwc2022", "--players", "players.csv", "--out", "n.txt"], "n.txt: the workbook's name must end in .xlsx"),
        (["new", "fwc2022", "--players", "players.csv", "--out", "dir.xlsx", "--force"], "dir.xlsx: a folder, not a workbook file"),
        (["simulate", "fwc2022", "--players", "8", "--out", "dir.xlsx", "--force"], "dir.xlsx: a folder, not a workbook file"),
        (["simulate", "fwc2022", "--players", "8", "--out", "s.csv"], "s.csv: the workbook's name must end in .xlsx"),
        (["templates", "--out", "event.xlsx"], "event.xlsx: File exists"),
        (["forms", "--blank", "fwc2022", "--tables", "2", "--out", "event.xlsx"], "event.xlsx already exists"),
        (["forms", "event.xlsx", "--round", "1", "--out", "event.xlsx", "--force"], "event.xlsx is the event workbook"),
        (["draw", "--round", "1", "dir.xlsx"], "dir.xlsx: a folder, not a workbook"),
    ],
)
def test_an_unusable_path_is_a_message_and_nothing_changes(folder: Path, monkeypatch, capsys, argv, words):
    monkeypatch.chdir(folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert words in err
    assert "Traceback" not in err
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before
    assert not any((folder / "dir.xlsx").iterdir())


@pytest.mark.parametrize(
    "argv", [["recalc", "event.xlsx"], ["new", "carcassonne2004", "--players", "players.csv", "--out", "event.xlsx", "--force"]]
)
def test_a_read_only_workbook_is_refused_not_replaced(folder: Path, monkeypatch, capsys, argv):
    """A rename in a writable folder would replace a read-only file: the organiser's protection must win."""
    monkeypatch.chdir(folder)
    event = folder / "event.xlsx"
    before = event.read_bytes()
    os.chmod(event, 0o444)
    try:
        assert main(argv) == 1
        assert "event.xlsx is read-only" in capsys.readouterr().err
        assert event.read_bytes() == before
        assert sorted(p.name for p in folder.iterdir()) == ["dir.xlsx", "event.xlsx", "players.csv"]
    finally:
        os.chmod(event, 0o644)


def test_forms_replace_an_earlier_forms_workbook_only_with_force(folder: Path, monkeypatch, capsys):
    monkeypatch.chdir(folder)
    assert main(["forms", "--blank", "fwc2022", "--tables", "1", "--out", "forms.xlsx"]) == 0
    first = (folder / "forms.xlsx").read_bytes()
    assert main(["forms", "--blank", "fwc2022", "--tables", "2", "--out", "forms.xlsx"]) == 1
    assert (folder / "forms.xlsx").read_bytes() == first
    assert main(["forms", "--blank", "fwc2022", "--tables", "2", "--out", "forms.xlsx", "--force"]) == 0
    assert (folder / "forms.xlsx").read_bytes() != first
