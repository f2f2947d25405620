"""The two entry-sheet readers give the same values: calamine for ordinary sheets, the XML streamer for the rest."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import xlsxwriter
from rich_workbook import rich_copy

from tourneybook.files.filestore import FileWorkbook
from tourneybook.files.sheetreader import _has_formula, _sheet_data, read_plain_sheet, read_sheet_part, styles_from

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


def both(path: Path, sheet: str):
    book = FileWorkbook(path)
    part = book._sheet_rel[sheet].target
    return (
        read_plain_sheet(book._calamine(), book.package, part, sheet, book.facts),
        read_sheet_part(book.package, part, sheet, book.facts),
    )


def test_every_kind_of_value_reads_the_same(tmp_path: Path):
    path = tmp_path / "kinds.xlsx"
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Kinds")
    bold = book.add_format({"bold": True})
    sheet.write_number("A1", 92)
    sheet.write_number("B1", 12.75)
    sheet.write_number("C1", -3)
    sheet.write_string("D1", "Anna Berg")
    sheet.write_rich_string("E1", bold, "Bold", " and plain")
    sheet.write_boolean("F1", True)
    sheet.write_datetime("A2", dt.datetime(2026, 11, 23, 14, 30), book.add_format({"num_format": "yyyy-mm-dd hh:mm"}))
    sheet.write_datetime("B2", dt.time(9, 45), book.add_format({"num_format": "hh:mm"}))
    sheet.write_string("C2", "  spaced  ")
    sheet.merge_range("A4:C4", "merged title")
    sheet.write_number("H9", 0.1)
    book.close()
    plain, careful = both(path, "Kinds")
    assert plain == careful
    assert careful.rows[0] == (92, 12.75, -3, "Anna Berg", "Bold and plain", True)
    assert careful.rows[1][:3] == (dt.datetime(2026, 11, 23, 14, 30), dt.time(9, 45), "  spaced  ")
    assert careful.merged == ("A4:C4",) and careful.value(9, 8) == 0.1


@pytest.mark.parametrize("workbook", sorted(WORKBOOKS.glob("*.xlsx")), ids=lambda p: p.stem)
def test_the_shipped_examples_read_the_same(workbook: Path, tmp_path: Path):
    book = FileWorkbook(workbook)
    for name in book.sheet_names():
        plain, careful = both(workbook, name)
        assert plain == careful, name


def test_a_rich_workbook_reads_the_same(event_file: Path):
    path = rich_copy(event_file, event_file.with_name("rich.xlsm"))
    for name in ("Players", "Preliminary", "Settings"):
        plain, careful = both(path, name)
        assert plain == careful and careful.rows, name


@pytest.mark.parametrize("count", [1, 9, 10, 37, 100, 190, 999, 1000, 65430])
def test_a_style_index_the_file_lacks_is_found_and_no_other(count: int):
    """The search that sends a sheet with a missing style to the careful reader (which names its cell)."""
    pattern = styles_from(count)
    for index in sorted({0, 1, 8, 9, 10, 11, 99, 100, 101, 189, 190, 191, *range(count - 12, count + 12), 10 * count, 100_000}):
        if index < 0:
            continue
        for written in (str(index), "0" + str(index)):  # a leading zero is the same index
            cell = f'<c r="B7" s="{written}" t="n"><v>3</v></c>'.encode()
            assert (pattern.search(cell) is not None) == (index >= count), (count, written)
    assert pattern.search(b'<c r="B7" t="s"><v>4711</v></c>') is None  # no style: the default one


_ROW = b'<row r="4"><c r="A4" s="3"%s</c></row>'
_VALIDATION = b'<dataValidations count="1"><dataValidation sqref="A4:A9"><formula1>1</formula1></dataValidation></dataValidations>'


@pytest.mark.parametrize(
    "cell, formula",
    [
        (b"><v>92</v>", False),
        (b"><f>SUM(B4:C4)</f><v>92</v>", True),
        (b'><f t="shared" ref="A4:A9" si="0">B4*2</f><v>92</v>', True),
        (b' t="inlineStr"><is><r><rPr><family val="2"/></rPr><t>Anna Berg</t></r></is>', False),  # a rich text's font
    ],
)
def test_a_formula_is_found_among_the_cells_and_a_validation_formula_is_none(cell: bytes, formula: bool):
    """The one search for '<f' finds a cell's formula however it opens, and nothing else: not a rich text's
    <family>, nor the <formula1> of a data validation after the cells (the sheet is then read by calamine)."""
    part = b"<worksheet><sheetData>" + _ROW % cell + b"</sheetData>" + _VALIDATION + b"</worksheet>"
    start, end = _sheet_data(part)
    assert _has_formula(part, start, end) is formula
