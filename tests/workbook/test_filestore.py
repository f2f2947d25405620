"""The file store: atomic saving, lock files, what a recalculation keeps and replaces (filestore.py)."""

from __future__ import annotations

import errno
import os
import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
import xlwings

from tourneybook.errors import InputError
from tourneybook.files import saving
from tourneybook.files.filestore import FileWorkbook, lock_files
from tourneybook.actions.on_file import recalc_file
from tourneybook.files.marks import RECALCULATED, note
from tourneybook.files.store import Cell, ResultSheet


def test_a_full_disk_in_the_middle_of_saving_leaves_the_original(event_file: Path, monkeypatch):
    before = event_file.read_bytes()
    real_write = os.write

    def half_then_full(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    book = FileWorkbook(event_file)
    book.replace(ResultSheet("Standings", ((Cell("x"),),)))
    monkeypatch.setattr(saving.os, "write", half_then_full)
    with pytest.raises(InputError, match="event.xlsx could not be written: the disk is full. It was left as it was"):
        book.save()
    assert event_file.read_bytes() == before
    assert sorted(p.name for p in event_file.parent.iterdir()) == ["event.xlsx"]  # no temporary file left


def test_permission_error_on_replace_is_a_clear_message(event_file: Path, monkeypatch):
    before = event_file.read_bytes()

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saving.os, "replace", refuse)
    report = recalc_file(event_file)
    assert not report.ok
    assert "event.xlsx could not be written: it is open in another program or read-only" in str(report.problems[0])
    assert event_file.read_bytes() == before
    assert sorted(p.name for p in event_file.parent.iterdir()) == ["event.xlsx"]


@pytest.mark.parametrize(
    "lock, program",
    [
        ("~$event.xlsx", "Excel"),  # Excel's owner file
        ("~$ent.xlsx", "Excel"),  # Excel drops the first two letters of a long name
        (".~lock.event.xlsx#", "LibreOffice"),
    ],
)
def test_a_workbook_open_elsewhere_is_refused_with_its_lock_file(event_file: Path, lock: str, program: str):
    before = event_file.read_bytes()
    (event_file.parent / lock).write_text("someone")
    report = recalc_file(event_file)
    assert [str(p) for p in report.problems] == [
        f"event.xlsx is open in {program} (its lock file {lock} is in the same folder): close it there and run again. "
        f"If no program has it open any more, delete {lock}."
    ]
    assert event_file.read_bytes() == before
    assert lock_files(event_file) == [event_file.parent / lock]


def test_saving_keeps_the_entry_sheets_validations_tables_and_styles(event_file: Path):
    assert recalc_file(event_file).ok
    wb = openpyxl.load_workbook(event_file)
    assert wb.sheetnames[:6] == ["Instructions", "Settings", "Players", "Preliminary", "Knock-out matches", "Adjustments"]
    ws = wb["Preliminary"]
    assert ws["C4"].value == "Anna Berg" and ws["D4"].value == 92
    assert "tb_Preliminary" in ws.tables
    assert any("Players" in (dv.formula1 or "") for dv in ws.data_validations.dataValidation)
    assert ws["D4"].fill.fgColor.rgb.endswith("FFF2CC")  # input cells stay yellow
    assert ws.freeze_panes == "A4"


def test_result_sheets_are_replaced_in_place_and_stale_ones_removed(event_file: Path):
    """Only sheets the workbook lists as TourneyBook's are removed; an organiser's copy of one stays."""
    assert recalc_file(event_file).ok
    book = FileWorkbook(event_file)
    book.replace(ResultSheet("Old final", ((Cell("Final", "title"),), (Cell(note("Old final", RECALCULATED), "note"),))))
    book.save()
    wb = openpyxl.load_workbook(event_file)
    order = list(wb.sheetnames)
    copy = wb.copy_worksheet(wb["Standings"])
    copy.title = "Standings after R2"  # carries Standings' note in A2, which names Standings: it is the organiser's
    mine = wb.create_sheet("My notes")
    mine["A1"] = "keep me"
    wb.move_sheet("Standings", offset=-3)
    moved = list(wb.sheetnames)
    wb.save(event_file)
    assert recalc_file(event_file).ok
    after = openpyxl.load_workbook(event_file)
    assert "Old final" not in after.sheetnames
    assert after["My notes"]["A1"].value == "keep me"
    assert after["Standings after R2"]["A2"].value == note("Standings", RECALCULATED)
    assert after.sheetnames == [n for n in moved if n != "Old final"]  # Standings stays where the organiser put it
    assert set(order) - {"Old final"} <= set(after.sheetnames)


def test_without_the_hidden_list_the_notes_still_tell_whose_sheet_is_whose(event_file: Path):
    """A program that drops workbook names (LibreOffice does on saving) loses the list, not the notes:
    a stale result sheet still goes, the organiser's copy of Standings still stays."""
    assert recalc_file(event_file).ok
    book = FileWorkbook(event_file)
    book.replace(ResultSheet("Old final", ((Cell("Final", "title"),), (Cell(note("Old final", RECALCULATED), "note"),))))
    book.save()
    wb = openpyxl.load_workbook(event_file)
    wb.copy_worksheet(wb["Standings"]).title = "Standings after R2"
    for name in [n for n in wb.defined_names if n.startswith("TourneyBook.")]:
        del wb.defined_names[name]
    wb.save(event_file)
    assert FileWorkbook(event_file).owned == []
    assert recalc_file(event_file).ok
    after = openpyxl.load_workbook(event_file)
    assert "Old final" not in after.sheetnames
    assert after["Standings after R2"]["A2"].value == note("Standings", RECALCULATED)
    assert after["Standings"]["A2"].value == note("Standings", RECALCULATED)


def test_a_formula_cell_is_read_by_its_stored_result(event_file: Path, tmp_path: Path):
    """A cell the organiser computed ('=50+42') counts with the value their program stored."""
    wb = openpyxl.load_workbook(event_file)
    wb["Preliminary"]["D4"] = "=50+42"
    wb.save(event_file)
    # What Excel would have saved: the formula and its cached value.
    src = zipfile.ZipFile(event_file)
    out = tmp_path / "cached.xlsx"
    with zipfile.ZipFile(out, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/worksheets/sheet4.xml":
                data = re.sub(rb"<f>50\+42</f><v ?/>|<f>50\+42</f><v></v>", b"<f>50+42</f><v>92</v>", data)
                assert b"<v>92</v>" in data
            dst.writestr(item, data)
    store = FileWorkbook(out)
    assert store.read("Preliminary").value(4, 4) == 92


def test_xlsm_keeps_its_vba_project(tmp_path: Path):
    """The Excel layer's .xlsm must keep its macros through a recalculation (keep_vba)."""
    src = Path(xlwings.__file__).parent / "quickstart_standalone.xlsm"
    path = tmp_path / "event.xlsm"
    shutil.copy(src, path)
    vba = _member(path, "xl/vbaProject.bin")
    book = FileWorkbook(path)
    book.replace(ResultSheet("Issues", ((Cell("No issues", "good"),),)))
    book.save()
    assert _member(path, "xl/vbaProject.bin") == vba
    assert openpyxl.load_workbook(path, keep_vba=True)["Issues"]["A1"].value == "No issues"


def test_file_mode_is_kept(event_file: Path):
    os.chmod(event_file, 0o640)
    assert recalc_file(event_file).ok
    assert os.stat(event_file).st_mode & 0o777 == 0o640


def test_reading_a_missing_sheet_is_a_key_error(event_file: Path):
    with pytest.raises(KeyError):
        FileWorkbook(event_file).read("Nope")


def test_errors_are_input_errors(tmp_path: Path):
    with pytest.raises(InputError, match="no such workbook"):
        FileWorkbook(tmp_path / "missing.xlsx")


def _member(path: Path, name: str) -> bytes:
    with zipfile.ZipFile(path) as z:
        return z.read(name)


def test_a_listed_name_on_a_sheet_without_the_mark_is_not_overwritten(event_file: Path):
    """The organiser deleted TourneyBook's Standings and named their own sheet so: it is theirs."""
    assert recalc_file(event_file).ok
    wb = openpyxl.load_workbook(event_file)
    del wb["Standings"]
    wb.create_sheet("Standings")["A1"] = "my own table"
    wb.save(event_file)
    before = event_file.read_bytes()
    report = recalc_file(event_file)
    assert "the sheet 'Standings' is not one TourneyBook wrote" in str(report.problems[0])
    assert event_file.read_bytes() == before


def test_every_kind_of_result_cell_reads_back_as_written(event_file: Path):
    # The writer makes the rows as text: each cell must carry its own reference, style and
    # text, and a row of only a height stays a row.
    import datetime as dt
    from decimal import Decimal
    from fractions import Fraction

    rows = (
        (Cell(" lead"), Cell("trail ", "header"), Cell("ctl\x01x"), Cell(True), Cell(1.5), Cell(Fraction(7, 4), "", "0.00"),
         Cell(None, "note"), Cell(Decimal("2.5")), Cell(-3, "header"), Cell(""), Cell('é<&>"')),
        (),
        (Cell(None), Cell("x", "title"), Cell(dt.date(2024, 5, 1))),
    )
    book = FileWorkbook(event_file)
    book.replace(ResultSheet("Games", rows, (10, 10), row_heights=((2, 30),)))
    book.save()
    ws = openpyxl.load_workbook(event_file)["Games"]
    assert [c.value for c in ws[1]] == [" lead", "trail ", "ctlx", True, 1.5, 1.75, None, 2.5, -3, None, 'é<&>"']
    assert ws["B1"].font.b and not ws["A1"].font.b and ws["I1"].font.b  # header style on its own cells only
    assert ws["F1"].number_format == "0.00" and ws["E1"].number_format == "General"
    assert ws.row_dimensions[2].height == 30 and ws["A2"].value is None
    assert ws["A3"].value is None and ws["B3"].value == "x" and ws["C3"].value == dt.datetime(2024, 5, 1)


def test_a_long_result_sheets_mark_is_read_from_the_start_of_its_part(tmp_path: Path, monkeypatch):
    """Its two first rows come from the first 64 KB: the rest of the part is never inflated."""
    from tourneybook.files.package import Package

    path = tmp_path / "long.xlsx"
    openpyxl.Workbook().save(path)
    book = FileWorkbook(path)
    rows = ((Cell("Games", "title"),), (Cell(note("Games", RECALCULATED), "note"),))
    book.replace(ResultSheet("Games", rows + tuple((Cell(f"player {n}"), Cell(n)) for n in range(20000))))
    book.replace(ResultSheet("Issues", rows[:1] + ((Cell(note("Issues", RECALCULATED)),),)))  # a part shorter than 64 KB
    book.save()
    book = FileWorkbook(path)
    games = book._sheet_rel["Games"].target
    assert book.package._infos[games].file_size > 10 * 2**16
    real_inflated = Package._inflated  # read and head both inflate through it: the whole part (-1) never comes back
    monkeypatch.setattr(Package, "_inflated",
                        lambda self, name, size: None if name == games and size < 0 else real_inflated(self, name, size))
    assert book.mark("Games").names("Games") and book.mark("Issues").names("Issues")
    assert book.package.head(games, 40) == b"<?xml version='1.0' encoding='UTF-8' standalone='yes'?>"[:40]


def test_a_result_sheet_damaged_in_its_first_rows_is_refused_as_when_read_whole(tmp_path: Path):
    from tourneybook.files.package import DamagedFile

    path = tmp_path / "damaged.xlsx"
    openpyxl.Workbook().save(path)
    book = FileWorkbook(path)
    book.replace(ResultSheet("Games", ((Cell("Games"),), (Cell(note("Games", RECALCULATED)),), *((Cell(n),) for n in range(9999)))))
    book.save()
    part = FileWorkbook(path)._sheet_rel["Games"].target
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i) for i in z.infolist()}
    parts[part] = parts[part].replace(b'<row r="2">', b'<row r="2"><<', 1)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    with pytest.raises(DamagedFile, match=r"the sheet 'Games' \(xl/worksheets/sheet2.xml\) is not well-formed XML"):
        FileWorkbook(path).mark("Games")
