"""The file layer's holes of issue 22 section 4: a real password-protected workbook, and `recalc --out` on a full disk."""

from __future__ import annotations

import errno
import io
import shutil
from pathlib import Path

import pytest
from event_day import new_event, run

msoffcrypto = pytest.importorskip("msoffcrypto")  # the test extra: encrypts a workbook as Excel does (ECMA-376 agile)
from msoffcrypto.format.ooxml import OOXMLFile  # noqa: E402

NAMES = [f"Player {i:02}" for i in range(16)]
PROTECTED = ("is protected with a password: TourneyBook cannot read an encrypted workbook. In Excel use File > Info > "
             "Protect Workbook > Encrypt with Password, clear the password, save, and run again.")


@pytest.fixture()
def locked(tmp_path) -> Path:
    """An event workbook encrypted with a password, as Excel's File > Info > Protect Workbook saves it."""
    plain = new_event(tmp_path, "fwc2022", NAMES)
    encrypted = io.BytesIO()
    with plain.open("rb") as source:
        OOXMLFile(source).encrypt("secret", encrypted)
    path = tmp_path / "locked.xlsx"
    path.write_bytes(encrypted.getvalue())
    return path


@pytest.mark.parametrize("command", [
    ("recalc",), ("draw", "--round", "1"), ("withdraw", "Player 01", "--after-round", "1"),
    ("absent", "Player 01", "--round", "1"), ("forms", "--round", "1"),
])
def test_a_password_protected_workbook_is_told_so(locked, capsys, command):
    before = locked.read_bytes()
    assert run(command[0], locked, *command[1:]) == 1
    err = capsys.readouterr().err
    assert f"locked.xlsx {PROTECTED}" in err and "old Excel file" not in err and "Traceback" not in err
    assert locked.read_bytes() == before


def test_a_password_protected_players_list_is_told_so(locked, tmp_path, capsys):
    assert run("new", "fwc2022", "--players", locked, "--out", tmp_path / "event.xlsx") == 1
    assert f"locked.xlsx {PROTECTED}" in capsys.readouterr().err
    assert not (tmp_path / "event.xlsx").exists()


@pytest.mark.parametrize("where", ["copying", "saving"])
def test_recalc_out_on_a_full_disk_names_the_copy_in_a_sentence(tmp_path, capsys, monkeypatch, where):
    event = new_event(tmp_path, "fwc2022", NAMES)
    before = event.read_bytes()
    out = tmp_path / "copies" / "copy.xlsx"

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    if where == "copying":
        monkeypatch.setattr(shutil, "copyfile", full)
    else:
        from tourneybook.files import saving
        monkeypatch.setattr(saving.os, "write", full)
    assert run("recalc", event, "--out", out) == 1
    err = capsys.readouterr().err
    assert err.count(f"{out} could not be written: the disk is full. No copy was made and {event.name} is unchanged; "
                     "make room (or give --out a folder on another disk) and run again.") == 1
    assert "Traceback" not in err and ".copy-" not in err
    assert event.read_bytes() == before
    assert [p.name for p in out.parent.iterdir()] == []  # no copy, no temporary file
