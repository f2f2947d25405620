"""The worksheet part of a result sheet, byte by byte (files/sheetwriter.py).

The rows are made as text rather than by lxml (for speed): these tests pin that
text to what lxml itself writes for the same cell (:func:`cell_element`, which entry
sheets still use), and to what openpyxl reads back.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import struct
import zlib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from lxml import etree

from tourneybook.files.address import column_letter
from tourneybook.files.filestore import FileWorkbook
from tourneybook.files.resultstyles import MINIMAL_STYLES, ResultStyles
from tourneybook.files.charts import DRAWING_NS, drawing_part
from tourneybook.files.sheetwriter import _date_format, cell_element, render_sheet
from tourneybook.files.store import Cell, Formula, ResultSheet, picture_size

EVERY_KIND = ResultSheet(
    "Every kind",
    (
        (Cell("Standings & <notes> > all", "title"),),
        (Cell("  two leading blanks"), Cell("trailing blank "), Cell("bell\x07 and\x1f unit"), Cell("line\r\nbreak"), Cell("Zoë 😀")),
        (Cell(42), Cell(-7), Cell(Fraction(7, 2)), Cell(Fraction(1, 3)), Cell(Fraction(10, 5)), Cell(2.5), Cell(3.0),
         Cell(True), Cell(False)),
        (Cell(dt.date(2024, 5, 1)), Cell(dt.datetime(2024, 5, 1, 13, 30)), Cell(dt.time(9, 15)), Cell(Decimal("1.25")),
         Cell(12.5, number_format="0.00")),
        (Cell(None, "header"), Cell(None), Cell("", "note"), Cell(""), Cell("a long note that wraps", "note"), Cell(Formula("=A1"))),
        (),
        (Cell(None), Cell("")),
        (Cell("tall"),),
    ),
    column_widths=(20, 12),
    wrap_columns=(5,),
    row_heights=((6, 30.0), (8, 24.5)),
    freeze="A2",
)
"""Every kind of value a result sheet holds, with and without a style, a wrapped column, rows of only a height."""

EVERY_KIND_ROWS = (
    '<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>Standings &amp; &lt;notes&gt; &gt; all</t></is></c></row>'
    '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">  two leading blanks</t></is></c>'
    '<c r="B2" t="inlineStr"><is><t xml:space="preserve">trailing blank </t></is></c>'
    '<c r="C2" t="inlineStr"><is><t>bell and unit</t></is></c>'
    '<c r="D2" t="inlineStr"><is><t>line&#13;\nbreak</t></is></c>'
    '<c r="E2" s="2" t="inlineStr"><is><t>Zoë 😀</t></is></c></row>'
    '<row r="3"><c r="A3"><v>42</v></c><c r="B3"><v>-7</v></c><c r="C3"><v>3.5</v></c><c r="D3"><v>0.3333333333333333</v></c>'
    '<c r="E3"><v>2</v></c><c r="F3"><v>2.5</v></c><c r="G3"><v>3</v></c><c r="H3" t="b"><v>1</v></c><c r="I3" t="b"><v>0</v></c></row>'
    '<row r="4"><c r="A4" s="3"><v>45413.0</v></c><c r="B4" s="4"><v>45413.5625</v></c><c r="C4" s="5"><v>0.3854166666666667</v></c>'
    '<c r="D4"><v>1.25</v></c><c r="E4" s="6"><v>12.5</v></c></row>'
    '<row r="5"><c r="A5" s="7"/><c r="C5" s="8"/><c r="E5" s="9" t="inlineStr"><is><t>a long note that wraps</t></is></c>'
    '<c r="F5" t="inlineStr"><is><t>=A1</t></is></c></row>'
    '<row r="6" ht="30.0" customHeight="1"/>'
    '<row r="8" ht="24.5" customHeight="1"><c r="A8" t="inlineStr"><is><t>tall</t></is></c></row>'
)
"""What the writer made of :data:`EVERY_KIND` when lxml wrote each cell (before the rows were made as text)."""


def _rendered(sheet: ResultSheet) -> str:
    return render_sheet(sheet, ResultStyles(etree.fromstring(MINIMAL_STYLES))).worksheet.decode()


def test_the_worksheet_part_is_the_one_lxml_wrote():
    assert _rendered(EVERY_KIND) == (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n"
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<dimension ref="A1:I8"/><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" '
        'activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView>'
        '</sheetViews><sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="1" width="20" customWidth="1"/>'
        '<col min="2" max="2" width="12" customWidth="1"/></cols>'
        f"<sheetData>{EVERY_KIND_ROWS}</sheetData>"
        '<pageMargins left="0.5" right="0.5" top="0.6" bottom="0.6" header="0.3" footer="0.3"/>'
        '<pageSetup paperSize="9" orientation="portrait"/></worksheet>'
    )


def test_a_sheet_without_rows_has_an_empty_sheet_data():
    assert "<sheetFormatPr defaultRowHeight=\"15\"/><sheetData></sheetData><pageMargins" in _rendered(ResultSheet("Empty", ()))


EVERY_CHARACTER = "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i < 0xE000)
"""Every character a Python text can hold in a file (all but the lone surrogates), controls included."""


@pytest.mark.parametrize(
    "value",
    [
        "plain", " both ends ", "\tTab first", "last\n", "\rreturn first", "\x0bvertical tab", "a\x00b", "&&<<>>\"'",
        EVERY_CHARACTER, Formula("=SUM(A1:A3)"), 0, 2**70, -12, True, False, 1.25, 1e300, 2.0**53, float("inf"),
        Fraction(-5, 3), Fraction(6, 3), Decimal("0.1"), dt.date(1900, 3, 1), dt.datetime(2030, 12, 31, 23, 59, 59),
        dt.time(0, 0, 1), None, "",
    ],
    ids=lambda v: type(v).__name__ + ":" + repr(v)[:24],
)
def test_each_cell_is_written_as_lxml_writes_it(value):
    """A styled cell of each kind, the row made as text, against lxml's serialization of the same cell."""
    styles = ResultStyles(etree.fromstring(MINIMAL_STYLES))
    row = re.fullmatch(r'.*<sheetData><row r="1">(.*)</row></sheetData>.*', _rendered(ResultSheet("S", ((Cell(value, "note"),),))),
                       re.DOTALL)
    holder = etree.Element("row")
    cell_element(holder, "A1", value, styles.index("note", _date_format(value), False))
    assert row is not None and row.group(1) == etree.tostring(holder[0], encoding="unicode")


def test_every_kind_reads_back_in_openpyxl(tmp_path: Path):
    path = tmp_path / "kinds.xlsx"
    openpyxl.Workbook().save(path)
    book = FileWorkbook(path)
    book.replace(EVERY_KIND)
    book.save()
    ws = openpyxl.load_workbook(path)["Every kind"]
    assert ws["A1"].value == "Standings & <notes> > all" and ws["A1"].font.b and ws["A1"].font.sz == 14
    assert [c.value for c in ws[2]][:5] == ["  two leading blanks", "trailing blank ", "bell and unit", "line\r\nbreak", "Zoë 😀"]
    assert [c.value for c in ws[3]] == [42, -7, 3.5, 1 / 3, 2, 2.5, 3, True, False]
    assert [c.value for c in ws[4]][:5] == [dt.datetime(2024, 5, 1), dt.datetime(2024, 5, 1, 13, 30), dt.time(9, 15), 1.25, 12.5]
    # a date takes Excel's built-in short date (format 14, which openpyxl names 'mm-dd-yy'), a time format 20
    assert [ws.cell(4, c).number_format for c in range(1, 6)] == ["mm-dd-yy", "yyyy-mm-dd h:mm", "h:mm", "General", "0.00"]
    assert [c.value for c in ws[5]][:6] == [None, None, None, None, "a long note that wraps", "=A1"]
    assert ws["A5"].font.b and ws["A5"].fill.fgColor.rgb.endswith("D9E1F2")  # a styled empty cell keeps its look
    assert ws["E5"].alignment.wrap_text and ws["E5"].font.i and not ws["D2"].alignment.wrap_text
    assert ws.row_dimensions[6].height == 30 and ws.row_dimensions[8].height == 24.5 and ws["A8"].value == "tall"
    assert ws.max_row == 8 and all(c.value is None for c in ws[7])


def _png(width: int, height: int) -> bytes:
    """A grey PNG of that size, made by hand (signature, IHDR, IDAT, IEND)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))  # each row: filter 0, then 8-bit grey pixels
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def test_a_picture_is_drawn_at_its_png_size():
    png = _png(300, 37)
    assert picture_size(png) == (300, 37)
    drawing = etree.fromstring(drawing_part((), (("C4", png),)))
    ext = drawing.find(f"{{{DRAWING_NS}}}oneCellAnchor/{{{DRAWING_NS}}}ext")
    assert (ext.get("cx"), ext.get("cy")) == (str(300 * 9525), str(37 * 9525))  # 9525 EMU a pixel at 96 dpi


SHARED_VALUES = ("Klara Petrov", " lead blank", "tab\tinside", "bell\x07", "Zoë", "a & b < c", "", None, 0, 7, -3, 2**60,
                 Fraction(943, 4), Fraction(1, 3), Fraction(10, 1), 2.5, True, dt.date(2024, 5, 1), Decimal("1.25"))
"""Values of every kind the sheets hold, the awkward texts among them (blanks to keep, controls to drop, escapes)."""


@pytest.mark.parametrize("seed", range(12))
def test_cells_shared_down_and_across_columns_are_written_as_lxml_writes_each(seed):
    """A result sheet shares its cells (one for every empty place, each recurring number, each repeated name), and
    the writer makes each shared cell's text once per column: the same cell object in a wrapped and in a plain
    column, styled or not, with or without a number format, must still come out as lxml writes each cell there."""
    rng = random.Random(seed)
    pool = [Cell(rng.choice(SHARED_VALUES), rng.choice(("", "", "note", "header", "warning")), rng.choice(("", "", "0.00")))
            for _ in range(25)]
    width = rng.randint(1, 9)
    rows = tuple(tuple(rng.choice(pool) for _ in range(rng.randint(0, width))) for _ in range(rng.randint(1, 40)))
    wrapped = tuple(sorted(rng.sample(range(1, width + 1), rng.randint(0, width))))
    heights = tuple((r, 15.0 * rng.randint(2, 4)) for r in sorted(rng.sample(range(1, len(rows) + 1), min(2, len(rows)))))
    sheet = ResultSheet("Shared", rows, wrap_columns=wrapped, row_heights=heights)
    styles = ResultStyles(etree.fromstring(MINIMAL_STYLES))
    written = re.fullmatch(r".*<sheetData>(.*)</sheetData>.*", render_sheet(sheet, styles).worksheet.decode(), re.DOTALL)

    expected = etree.Element("sheetData")
    height_of = dict(heights)
    for r, line in enumerate(rows, start=1):
        row = etree.Element("row", r=str(r))
        if r in height_of:
            row.set("ht", str(height_of[r]))
            row.set("customHeight", "1")
        for c, cell in enumerate(line, start=1):
            value = cell.value
            if cell.style or not (value is None or value == ""):
                fmt = cell.number_format or _date_format(value)
                style = styles.index(cell.style, fmt, type(value) is str and c in wrapped)
                cell_element(row, f"{column_letter(c)}{r}", value, style)
        if len(row) or r in height_of:
            expected.append(row)
    assert written is not None
    assert written.group(1) == etree.tostring(expected, encoding="unicode")[len("<sheetData>"):-len("</sheetData>")]


def test_each_look_takes_one_cell_format_however_often_it_is_asked_for():
    """The styles part's formats are compared by what they say (read once, then kept): a look asked for again, by
    the same writer or by a new one over the part it saved, finds the format it added, and the part stops growing."""
    root = etree.fromstring(MINIMAL_STYLES)
    looks = [(style, fmt, wrapped) for style in ("", "title", "header", "note", "warning", "good", "cut", "number_header")
             for fmt in ("", "0.00", "0.000") for wrapped in (False, True)]
    first = ResultStyles(root)
    indexes = [first.index(*look) for look in looks]
    assert [first.index(*look) for look in reversed(looks)] == indexes[::-1]
    saved = etree.tostring(root)
    again = ResultStyles(etree.fromstring(saved))
    assert [again.index(*look) for look in looks] == indexes and etree.tostring(again.root) == saved
    formats = root.find("{http://schemas.openxmlformats.org/spreadsheetml/2006/main}cellXfs")
    assert formats.get("count") == str(len(formats)) == str(len(set(indexes)))
