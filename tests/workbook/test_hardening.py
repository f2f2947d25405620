"""Damaged, hostile or unexpected files through the command line: a clear message, exit 1, the bytes unchanged.

Each case edits the parts of the small Carcassonne event (conftest.py) the way a
damaged file, a hostile file or another program would, runs ``tourneybook recalc``
and checks the exit status, the message the organiser reads and the file's bytes.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from tourneybook.cli import main
from tourneybook.errors import InputError
from tourneybook.files import saving
from tourneybook.files.filestore import FileWorkbook
from tourneybook.files.saving import TEMP_PREFIX
from tourneybook.files.store import Cell, ResultSheet
from tourneybook.files.sheetreader import without_filler


def rewrite(path: Path, sheet: str | None, change: Callable[[bytes], bytes], part: str | None = None) -> None:
    """Rewrite one part of the workbook (the part of ``sheet``, or ``part``) with ``change``."""
    name = part or FileWorkbook(path)._sheet_rel[sheet].target
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    new = change(parts.get(name, b""))
    assert new != parts.get(name), "the edit must change the part"
    parts[name] = new
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in parts.items():
            z.writestr(n, data)


def refused(path: Path, capsys, command: str = "recalc", *options: str) -> str:
    """Run ``tourneybook COMMAND PATH OPTIONS``: exit 1, no trace, the file's bytes unchanged; what it said."""
    before = path.read_bytes()
    assert main([command, str(path), *options]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert path.read_bytes() == before
    return err


def sub(pattern: bytes, replacement: bytes) -> Callable[[bytes], bytes]:
    return lambda data: re.sub(pattern, replacement, data, count=1)


BOMB = (
    b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
    b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">'
    b'<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">'
    b'<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">'
    b'<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>\n'
)

DAMAGED = [
    (
        "malformed XML",
        "Players",
        sub(rb"</sheetData>", b"</sheetDat>"),
        "event.xlsx is damaged: the sheet 'Players' (xl/worksheets/sheet3.xml) is not well-formed XML",
    ),
    (
        "an unclosed row",
        "Players",
        sub(rb"</row>", b""),
        "event.xlsx is damaged: the sheet 'Players' (xl/worksheets/sheet3.xml) is not well-formed XML (mismatched tag",
    ),
    (
        "a stray <<",
        "Players",
        sub(rb"<sheetData>", b"<sheetData><<"),
        "event.xlsx is damaged: the sheet 'Players' (xl/worksheets/sheet3.xml) is not well-formed XML (not well-formed",
    ),
    (
        "a second root element",
        "Players",
        lambda data: data + b"<worksheet/>",
        "event.xlsx is damaged: the sheet 'Players' (xl/worksheets/sheet3.xml) is not well-formed XML (junk after document element",
    ),
    (
        "undefined entity",
        "Players",
        sub(rb"<t>Anna Berg</t>", b"<t>Anna &undefined; Berg</t>"),
        "event.xlsx is damaged: the sheet 'Players' (xl/worksheets/sheet3.xml) is not well-formed XML",
    ),
    (
        "entity expansion bomb",
        "Players",
        lambda data: BOMB + re.sub(rb"<t>Anna Berg</t>", b"<t>&lol9;</t>", re.sub(rb"^<\?xml[^>]*\?>\s*", b"", data)),
        "its part xl/worksheets/sheet3.xml declares a DTD or entities, which TourneyBook refuses for safety",
    ),
    (
        "entity bomb in the workbook part",
        None,
        lambda data: BOMB + re.sub(rb"^<\?xml[^>]*\?>\s*", b"", data),
        "its part xl/workbook.xml declares a DTD or entities",
    ),
    (
        "a style that does not exist",
        "Preliminary",
        sub(rb'<c r="D4" s="\d+"', b'<c r="D4" s="999"'),
        "Preliminary!D4: the cell uses a style (999) the file does not have: the file is damaged here",
    ),
    (
        "NaN in a number cell",
        "Preliminary",
        sub(rb"<v>92</v>", b"<v>NaN</v>"),
        "Preliminary!D4: the number 'NaN' is not a number a spreadsheet can hold",
    ),
    (
        "INF in a number cell",
        "Preliminary",
        sub(rb"<v>92</v>", b"<v>INF</v>"),
        "Preliminary!D4: the number 'INF' is not a number a spreadsheet can hold",
    ),
    (
        "a shared text that is not there",
        "Preliminary",
        sub(rb'<c r="C4"([^>]*) t="inlineStr"><is><t>Anna Berg</t></is>', rb'<c r="C4"\1 t="s"><v>4711</v>'),
        "Preliminary!C4: the cell points at a shared text that is not in the file",
    ),
]


@pytest.mark.parametrize("what, sheet, change, words", DAMAGED, ids=[d[0] for d in DAMAGED])
def test_a_damaged_part_is_refused_with_a_message(event_file: Path, capsys, what, sheet, change, words):
    rewrite(event_file, sheet, change, part=None if sheet else "xl/workbook.xml")
    assert words in refused(event_file, capsys)
    assert sorted(p.name for p in event_file.parent.iterdir()) == ["event.xlsx"]


def test_a_zip_bomb_is_refused_before_unpacking(event_file: Path, capsys):
    with zipfile.ZipFile(event_file, "a", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/media/huge.bin", b"\0" * (8 * 2**20))  # 8 MB of zeros pack into a few KB
    err = refused(event_file, capsys)
    assert "event.xlsx is refused: its parts would unpack to" in err and "zip bomb" in err


@pytest.mark.parametrize(
    "ref, row",
    [("XFD5", 5), ("Z1048576", 1048576)],
    ids=["last column", "last row"],
)
def test_one_stray_value_far_away_is_read_like_any_other(event_file: Path, capsys, ref: str, row: int):
    def stray(data: bytes) -> bytes:
        if row == 5:
            return re.sub(rb'(<row r="5"[^>]*>.*?)</row>', rb'\1<c r="XFD5"><v>7</v></c></row>', data, count=1, flags=re.S)
        return data.replace(b"</sheetData>", f'<row r="{row}"><c r="{ref}"><v>7</v></c></row></sheetData>'.encode())

    rewrite(event_file, "Players", stray)
    assert main(["recalc", str(event_file)]) == 0
    grid = FileWorkbook(event_file).read("Players")
    assert len(grid.rows) == max(row, 11) and grid.rows[row - 1][-1] == 7


def filler_rows(data: bytes) -> bytes:
    """Formatting down to the sheet's last row: 300,000 empty styled rows below the entries."""
    last = max(int(r) for r in re.findall(rb'<row r="(\d+)"', data))
    filler = b"".join(b'<row r="%d" spans="1:6" s="2" customFormat="1"/>' % r for r in range(last + 1, last + 300_001))
    return data.replace(b"</sheetData>", filler + b"</sheetData>")


def filler_cells_then_a_value(data: bytes) -> bytes:
    """200,000 rows of styled empty cells, then one value on the sheet's last row."""
    last = max(int(r) for r in re.findall(rb'<row r="(\d+)"', data))
    filler = b"".join(b'<row r="%d"><c r="A%d" s="2"/><c r="B%d" s="2"/></row>' % (r, r, r) for r in range(last + 1, last + 200_001))
    return data.replace(b"</sheetData>", filler + b'<row r="1048576"><c r="D1048576"><v>7</v></c></row></sheetData>')


@pytest.mark.parametrize("change", [filler_rows, filler_cells_then_a_value], ids=["empty rows", "empty cells"])
def test_a_sheet_far_larger_than_its_entries_is_read_as_its_entries(event_file: Path, capsys, change):
    """The filler is left out before reading (bench/sheets_bench.py times it: a million rows under 2 s)."""
    entries = FileWorkbook(event_file).read("Players")
    rewrite(event_file, "Players", change)
    book = FileWorkbook(event_file)
    part = book.package.read(book._sheet_rel["Players"].target)
    assert len(without_filler(part)) < len(part) // 100  # the filler is cut, not read
    assert without_filler(part.replace(b'<row r="2"', b'<row', 1)) is None  # a row numbered by its place: read it all
    grid = book.read("Players")
    if change is filler_rows:
        assert grid == entries
        assert main(["recalc", str(event_file)]) == 0
    else:
        assert grid.rows[: len(entries.rows)] == entries.rows and grid.rows[-1] == (None, None, None, 7)
        assert not any(grid.rows[len(entries.rows) : -1])
        assert main(["recalc", str(event_file)]) == 1  # the stray 7 is a row without a name, said at its cell
        assert "Players!A1048576: Name is missing (the row has other entries)" in capsys.readouterr().err


def test_a_workbook_reached_through_a_link_stays_a_link(event_file: Path, capsys):
    link = event_file.with_name("current.xlsx")
    link.symlink_to(event_file.name)
    assert main(["recalc", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == event_file.name
    assert "Standings" in FileWorkbook(event_file).sheet_names()
    assert sorted(p.name for p in event_file.parent.iterdir()) == ["current.xlsx", "event.xlsx"]


def test_a_file_saved_by_another_program_meanwhile_is_not_overwritten(event_file: Path):
    book = FileWorkbook(event_file)
    book.replace(ResultSheet("Standings", ((Cell("x"),),)))
    theirs = event_file.read_bytes() + b""  # another program saves its own version
    with zipfile.ZipFile(event_file, "a") as z:
        z.writestr("docProps/custom.xml", b"<Properties/>")
    theirs = event_file.read_bytes()
    with pytest.raises(InputError, match="event.xlsx was changed by another program after TourneyBook read it: nothing was written"):
        book.save()
    assert event_file.read_bytes() == theirs
    assert sorted(p.name for p in event_file.parent.iterdir()) == ["event.xlsx"]


def test_ctrl_c_while_saving_leaves_the_file_and_no_temporary_file(event_file: Path, monkeypatch, capsys):
    before = event_file.read_bytes()

    real_write = os.write

    def interrupted(fd: int, data: bytes) -> int:
        real_write(fd, bytes(data[:100]))
        raise KeyboardInterrupt

    monkeypatch.setattr(saving.os, "write", interrupted)
    assert main(["recalc", str(event_file)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "error: interrupted (Ctrl-C): any workbook being saved was left as it was"
    assert event_file.read_bytes() == before
    assert sorted(p.name for p in event_file.parent.iterdir()) == ["event.xlsx"]


def test_a_temporary_file_left_by_a_killed_run_is_hidden_and_removed_by_the_next(event_file: Path, capsys):
    old = event_file.with_name(f"{TEMP_PREFIX}event.xlsx-0badc0de.tmp")
    old.write_bytes(b"PK half a workbook")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    other = event_file.with_name(f"{TEMP_PREFIX}other.xlsx-0badc0de.tmp")  # another workbook's: not ours to remove
    other.write_bytes(b"PK")
    os.utime(other, (time.time() - 3600, time.time() - 3600))
    assert old.name.startswith(".")  # hidden in file managers and ls
    assert main(["recalc", str(event_file)]) == 0
    assert sorted(p.name for p in event_file.parent.iterdir()) == sorted(["event.xlsx", other.name])


def test_a_full_disk_gives_one_message_and_no_noise(event_file: Path):
    """In a fresh interpreter, so that any 'Exception ignored' at exit would show on stderr."""
    before = event_file.read_bytes()
    script = (
        "import errno, os, sys\n"
        "from tourneybook.files import saving\n"
        "from tourneybook.cli import main\n"
        "real = os.write\n"
        "def full(fd, data):\n"
        "    real(fd, bytes(data[:4096]))\n"
        "    raise OSError(errno.ENOSPC, 'No space left on device')\n"
        "saving.os.write = full\n"
        f"sys.exit(main(['recalc', {str(event_file)!r}]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.count("event.xlsx could not be written: the disk is full. It was left as it was; make room and run again.") == 1
    assert "Exception" not in done.stderr and "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 2
    assert event_file.read_bytes() == before
    assert sorted(p.name for p in event_file.parent.iterdir()) == ["event.xlsx"]


def test_1500_typed_as_text_is_never_read_as_one_and_a_half(event_file: Path, capsys):
    rewrite(event_file, "Preliminary", sub(rb'<c r="D4"( s="\d+")?[^>]*><v>92</v></c>', rb'<c r="D4"\1 t="inlineStr"><is><t>1,500</t></is></c>'))
    assert (
        'Preliminary!D4: "1,500" could mean 1500 or 1.5: type the number without a thousands separator (1500), '
        "or with a decimal point (1.5)"
    ) in refused(event_file, capsys)


def _ole(encrypted: bool) -> bytes:
    stream = "EncryptionInfo".encode("utf-16-le") if encrypted else "Workbook".encode("utf-16-le")
    return b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504 + stream + b"\0" * 1024


WRONG_FILES = [
    ("event.xls", _ole(False), "event.xls is an Excel file of another kind (.xls): TourneyBook works with .xlsx or .xlsm workbooks. "
     "Open it in Excel or LibreOffice and save it as 'Excel Workbook (.xlsx)'"),
    ("event.ods", None, "event.ods is a LibreOffice/OpenOffice spreadsheet: TourneyBook works with .xlsx or .xlsm workbooks. "
     "In LibreOffice use File > Save As, type 'Excel 2007-365 (.xlsx)'"),
    ("players.csv", b"Name\nAnna Berg\n", "players.csv is a text file, not an event workbook. Create the workbook with "
     "'tourneybook new RULESET --players players.csv --out players.xlsx' and run again with players.xlsx"),
    ("event", "xlsx", "event has no .xlsx or .xlsm at the end of its name: give the event workbook's full name (e.g. event.xlsx)."),
    ("locked.xlsx", _ole(True), "locked.xlsx is protected with a password: TourneyBook cannot read an encrypted workbook. "
     "In Excel use File > Info > Protect Workbook > Encrypt with Password, clear the password"),
]


@pytest.mark.parametrize("name, content, words", WRONG_FILES, ids=[w[0] for w in WRONG_FILES])
def test_a_file_of_another_kind_gets_a_sentence_an_organiser_understands(event_file: Path, capsys, name, content, words):
    path = event_file.with_name(name)
    if content == "xlsx":
        content = event_file.read_bytes()
    elif content is None:  # an OpenDocument spreadsheet: a zip whose first part names its type
        with zipfile.ZipFile(path, "w") as z:
            z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
            z.writestr("content.xml", "<office:document-content/>")
        content = path.read_bytes()
    path.write_bytes(content)
    assert words in refused(path, capsys)


def test_one_cause_in_many_cells_is_one_line(event_file: Path, capsys):
    """Anna Berg renamed on Players: her two preliminary seats (C4, C6) give one line naming both cells."""
    rewrite(event_file, "Players", sub(rb"<t>Anna Berg</t>", b"<t>Anne Borg</t>"))
    lines = refused(event_file, capsys).splitlines()
    assert lines[0].endswith("not recalculated, 2 problem(s) to fix (the file is unchanged):")
    assert lines[1].startswith('  Preliminary!C4, C6 (2 cells): "Anna Berg" is not on the Players sheet; did you mean "Anne Borg"?')
    assert len(lines) == 2


def test_an_adjustment_or_a_lot_for_a_stand_in_names_its_cell_and_why(tmp_path: Path, capsys):
    import openpyxl

    from tourneybook.simulate import write_event

    path = write_event("fwc2022", 16, tmp_path / "event.xlsx")
    wb = openpyxl.load_workbook(path)
    players = wb["Players"]
    name = players["A5"].value
    players["C5"], players["F5"] = "yes", 1
    adjustments = wb["Adjustments"]
    adjustments["A4"], adjustments["B4"], adjustments["C4"] = name, 2, "bonus"
    wb.save(path)
    err = refused(path, capsys)
    assert (
        f"Players!F5: a lot decision for {name}, a stand-in (Stand-in is yes in C5): stand-ins are never ranked, "
        "so no lot decides their place"
    ) in err
    assert (
        f"Adjustments!A4: {name} is a stand-in (Players!C5 is yes): a stand-in's scores never enter the standings, "
        "so this adjustment would change nothing"
    ) in err


def test_a_sheet_of_the_organisers_named_like_a_result_sheet_is_never_overwritten(event_file: Path, capsys):
    """No marker, not listed as TourneyBook's: their 'Games' sheet stays, and they are told to rename it."""
    import openpyxl

    wb = openpyxl.load_workbook(event_file)
    wb.create_sheet("Games")["A1"] = "my own game notes"
    wb.save(event_file)
    err = refused(event_file, capsys)
    assert "the sheet 'Games' is not one TourneyBook wrote, and TourneyBook writes its own 'Games' sheet: rename your sheet" in err


@pytest.mark.parametrize(
    "content, words",
    [
        (_ole(False), "event.xlsx is an old Excel file (.xls, Excel 97-2003) whatever its name says"),
        ("ods", "event.xlsx is a LibreOffice/OpenOffice spreadsheet (.ods) whatever its name says"),
    ],
    ids=["xls", "ods"],
)
def test_a_file_renamed_to_xlsx_is_told_by_what_it_is(event_file: Path, capsys, content, words):
    if content == "ods":
        with zipfile.ZipFile(event_file, "w") as z:
            z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
            z.writestr("content.xml", "<office:document-content/>")
    else:
        event_file.write_bytes(content)
    assert words in refused(event_file, capsys)


def test_typing_into_a_sheet_formatted_far_below_its_entries_is_refused(event_file: Path, capsys):
    """Typing would hold a million empty rows in memory (1.5 GB) and write them all back: refused first."""
    rewrite(event_file, "Players", filler_rows)
    err = refused(event_file, capsys, "join", "New Person", "--from-round", "2")
    assert "Players: the sheet is formatted far below its entries (empty rows down to row" in err
    assert "Delete the empty rows below your entries" in err


def test_a_long_sheet_of_entries_is_not_taken_for_filler():
    """20,000 players, each row with ten styled empty cells beside the name: every row holds a value."""
    rows = b"".join(b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>P%d</t></is></c>' % (r, r, r)
                    + b"".join(b'<c r="%s%d" s="3"/>' % (bytes([66 + c]), r) for c in range(10)) + b"</row>"
                    for r in range(1, 20_001))
    part = b'<?xml version="1.0"?><worksheet xmlns="x"><sheetData>' + rows + b"</sheetData></worksheet>"
    assert without_filler(part) is None
