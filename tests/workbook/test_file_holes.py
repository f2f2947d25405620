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


def _compound_file(names: list[str], sector: int = 512) -> bytes:
    """A minimal OLE compound file ([MS-CFB]) whose directory holds ``names`` (streams), in one directory sector
    placed after a FAT sector, so the names are found only by following the header, as a reader does."""
    import struct

    header = bytearray(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * (512 - 8))
    struct.pack_into("<HHH", header, 24, 0x3E, 3 if sector == 512 else 4, 0xFFFE)
    struct.pack_into("<H", header, 30, sector.bit_length() - 1)
    struct.pack_into("<H", header, 32, 6)
    struct.pack_into("<I", header, 44, 1)  # one FAT sector
    struct.pack_into("<I", header, 48, 1)  # the directory starts at sector 1
    struct.pack_into("<III", header, 56, 4096, 0xFFFFFFFE, 0)
    struct.pack_into("<II", header, 68, 0xFFFFFFFE, 0)
    struct.pack_into("<109I", header, 76, 0, *([0xFFFFFFFF] * 108))
    header += b"\0" * (sector - 512)
    fat = struct.pack("<II", 0xFFFFFFFD, 0xFFFFFFFE) + b"\xff" * (sector - 8)
    directory = bytearray()
    for i, name in enumerate(["Root Entry", *names]):
        entry = bytearray(128)
        raw = (name + "\0").encode("utf-16-le")
        entry[:len(raw)] = raw
        struct.pack_into("<HBB", entry, 64, len(raw), 5 if i == 0 else 2, 1)
        directory += entry
    directory += b"\0" * (sector - len(directory))
    return bytes(header + fat + directory)


@pytest.mark.parametrize("names, sector", [
    (["EncryptionInfo", "EncryptedPackage"], 512),
    (["ENCRYPTIONINFO", "encryptedpackage"], 4096),  # stream names are compared without case ([MS-CFB] 2.6.4)
])
def test_an_encrypted_workbook_is_told_apart_from_an_old_xls_by_its_directory(tmp_path, capsys, names, sector):
    from tourneybook.files.filekind import ole_stream_names

    data = _compound_file(names, sector)
    assert ole_stream_names(data) == ["Root Entry", *names]
    path = tmp_path / "locked.xlsx"
    path.write_bytes(data)
    assert run("recalc", path) == 1
    err = capsys.readouterr().err
    assert f"locked.xlsx {PROTECTED}" in err and "old Excel file" not in err
    assert "In LibreOffice use File > Save As, keep the type 'Excel 2007-365 (.xlsx)', untick 'Save with password'" in err
    path.write_bytes(_compound_file(["Workbook"], sector))
    assert run("recalc", path) == 1
    assert "is an old Excel file (.xls, Excel 97-2003)" in capsys.readouterr().err


def test_a_real_encrypted_workbook_lists_its_streams(locked):
    from tourneybook.files.filekind import ole_stream_names

    assert {"EncryptionInfo", "EncryptedPackage"} <= set(ole_stream_names(locked.read_bytes()))
