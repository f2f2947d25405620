"""Reading a worksheet part's values into a :class:`~tourneybook.files.store.SheetGrid`.

Two readers give the same values. :func:`read_plain_sheet` hands an ordinary entry
sheet to python-calamine (compiled, several times faster); :func:`read_sheet_part`
streams the XML itself and is used for everything calamine would read wrongly or
not at all: formulas (calamine gives '' for one without a stored result), error
cells, cells far away (calamine fills the rectangle up to XFD or row 1,048,576),
styles that do not exist, damaged XML, and sheets TourneyBook has just typed into.

Values come out as the spreadsheet program last showed them: the stored result
of a formula (its text, '=...', when none was stored), numbers as int or float
as written, dates and times as ``datetime``/``time`` where the cell's number
format is a date format (as openpyxl reads them). The part is streamed: only
cells that exist cost time and memory, so one stray value at XFD5 or row
1,048,576 reads as fast as the sheet without it. A sheet formatted far beyond
its entries (a million empty rows or styled empty cells) is read without them:
only its rows holding a value are handed to the careful reader. Every part is
checked to be well-formed XML first (calamine reads damaged XML without a
word: an unclosed row, a stray '<', a second root element), by expat with no
handlers, which runs in C at about 150 MB a second. That check and calamine's
read are two passes over the part, but the one pass that would do both, the
careful reader, takes four times as long as the two together.
A value no spreadsheet can hold (NaN, INF, a shared string that is not there,
a style that does not exist) is an :class:`~tourneybook.errors.InputError`
naming its sheet and cell.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import math
import re
from collections.abc import Sequence
from typing import Any
from dataclasses import dataclass
from xml.parsers import expat

from lxml import etree

from ..errors import InputError, Problem
from .address import address, split_cell
from .package import MAIN, DamagedFile, Package, q, refuse_dtd
from .store import CellValue, Formula, SheetGrid

_C, _V, _F, _IS, _T, _R, _RPH = (q(MAIN, t) for t in ("c", "v", "f", "is", "t", "r", "rPh"))
_ROW, _MERGE = q(MAIN, "row"), q(MAIN, "mergeCell")
_WHOLE = re.compile(r"[+-]?\d+")
DATE_FORMAT_IDS = frozenset((*range(14, 23), *range(27, 37), *range(45, 48), *range(50, 59)))
"""Built-in number formats that show dates or times."""
_LITERALS = re.compile(r'"[^"]*"|\[[^\]]*\]|\\.|_.|\*.')
MAX_COLUMN, MAX_ROW = 16384, 1048576
_FAR_COLUMN = re.compile(rb' r="[A-Z]{3}\d')
_LAST_ROW = re.compile(rb'<row r="(\d+)"')
_VALUE_END = re.compile(rb"</(?:v|is|f)>")
_FILLER_ROWS = 10_000
"""A sheet with more rows than this and four times as many rows as rows holding a value is mostly filler."""


def styles_from(count: int) -> re.Pattern[bytes]:
    """A pattern finding a cell style index of ``count`` or more (' s="37"' for 37 styles), in one pass in C.

    Listing the indices a sheet uses (a findall over every cell, then int() of each)
    took about as long as calamine's own read of the sheet; a search for one
    index too large allocates nothing. Numbers of more digits than ``count``, then
    numbers of as many digits that are as large or larger digit by digit: for 37,
    ``[1-9]\\d{2,}``, ``37``, ``[4-9]\\d`` and ``3[8-9]``.
    """
    digits = str(count)
    larger = [f"[1-9]\\d{{{len(digits)},}}", digits]
    for i, digit in enumerate(digits):
        if digit != "9":
            larger.append(f"{digits[:i]}[{int(digit) + 1}-9]" + "\\d" * (len(digits) - i - 1))
    return re.compile(f' s="0*(?:{"|".join(larger)})"'.encode())


def is_date_format(code: str) -> bool:
    """True for a number format code that shows a date or a time ('dd.mm.yyyy', 'h:mm')."""
    bare = _LITERALS.sub("", code.split(";")[0]).casefold()
    return any(letter in bare for letter in "dmyhs") and "general" not in bare


@dataclass
class BookFacts:
    """What reading any sheet of one workbook needs: its shared strings and which styles show dates."""

    package: Package
    strings_part: str | None
    date_styles: frozenset[int]
    style_count: int
    epoch: dt.datetime
    _strings: Sequence[str] | None = None
    _styles_beyond: re.Pattern[bytes] | None = None

    def has_missing_style(self, data: bytes) -> bool:
        """True when a cell of the worksheet part ``data`` uses a style index the file does not have."""
        if not self.style_count:
            return False
        if self._styles_beyond is None:
            self._styles_beyond = styles_from(self.style_count)
        return self._styles_beyond.search(data) is not None

    @property
    def strings(self) -> Sequence[str]:
        """The shared texts, read when the careful reader first needs them (calamine reads its own)."""
        if self._strings is None:
            self._strings = _shared_strings(self.package, self.strings_part) if self.strings_part else ()
        return self._strings

    @classmethod
    def read(cls, package: Package, styles_part: str | None, strings_part: str | None, *, date1904: bool) -> "BookFacts":
        date_styles: set[int] = set()
        count = 0
        if styles_part:
            root = package.xml(styles_part)
            custom = {int(f.get("numFmtId", "-1")): f.get("formatCode", "") for f in root.iter(q(MAIN, "numFmt"))}
            xfs = root.find(q(MAIN, "cellXfs"))
            for index, xf in enumerate(() if xfs is None else xfs.findall(q(MAIN, "xf"))):
                count = index + 1
                fmt = int(xf.get("numFmtId", "0") or 0)
                if fmt in DATE_FORMAT_IDS or (fmt in custom and is_date_format(custom[fmt])):
                    date_styles.add(index)
        epoch = dt.datetime(1904, 1, 1) if date1904 else dt.datetime(1899, 12, 30)
        return cls(package, strings_part, frozenset(date_styles), count, epoch)


def _shared_strings(package: Package, part: str) -> list[str]:
    out: list[str] = []
    data = package.read(part)
    refuse_dtd(data, part, package.file_name)
    try:
        for _, si in etree.iterparse(io.BytesIO(data), tag=q(MAIN, "si"), resolve_entities=False, no_network=True, load_dtd=False):
            out.append(_text(si))
            si.clear(keep_tail=True)
    except etree.XMLSyntaxError as exc:
        raise DamagedFile(
            f"{package.file_name} is damaged: its shared texts ({part}) are not well-formed XML ({exc.msg}). "
            "Open it in Excel or LibreOffice, save it again, and run again (or use a backup copy)."
        ) from None
    return out


def _text(element: etree._Element) -> str:
    """The text of an <si> or <is>: plain or rich-text runs, without phonetic hints."""
    plain = element.find(_T)
    if plain is not None:
        return plain.text or ""
    return "".join((t.text or "") for r in element.iterfind(_R) for t in r.iterfind(_T))


def _is_cell(ref: str) -> bool:
    try:
        split_cell(ref)
    except ValueError:
        return False
    return True


def read_sheet_part(package: Package, part: str, sheet: str, facts: BookFacts, last_row: int = MAX_ROW) -> SheetGrid:
    """The values and merged ranges of the worksheet part ``part`` (shown to the organiser as ``sheet``).

    With ``last_row``, reading stops there (a sheet's title rows, without reading its table): when
    a later row starts in the part's first 64 KB, only those are inflated (not all 14 MB of a
    10,000-player Games sheet, to read its note in A2).
    """
    if last_row < MAX_ROW:
        head = package.head(part, 2**16)
        later = next((m for m in _LAST_ROW.finditer(head) if int(m[1]) > last_row), None)
        if later is not None:
            # Up to that row's start tag, where the reader stops: the XML parser reads its input in chunks of 32 KB
            # and parses each whole, which made reading a result sheet's title rows cost as much as its first 500.
            # Should the parser want more than that, the whole part is read below.
            end = head.find(b">", later.end()) + 1
            with contextlib.suppress(DamagedFile):  # if not, the whole part read below says what is wrong with it
                refuse_dtd(head, part, package.file_name)
                return _read_xml(head[:end] if end else head, package.file_name, part, sheet, facts, last_row)
    data = package.read(part)
    refuse_dtd(data, part, package.file_name)
    return _read_xml(data, package.file_name, part, sheet, facts, last_row)


def _read_xml(data: bytes, file_name: str, part: str, sheet: str, facts: BookFacts, last_row: int = MAX_ROW) -> SheetGrid:
    rows: dict[int, list[CellValue]] = {}
    merged: list[str] = []
    row_number = 0
    col = 0
    try:
        for event, el in etree.iterparse(
            io.BytesIO(data), events=("start", "end"), tag=(_ROW, _C, _MERGE), resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
        ):
            tag = el.tag
            if tag == _C:
                if event == "end":
                    ref = el.get("r")
                    if ref:
                        try:
                            row, col = split_cell(ref)
                        except ValueError:
                            raise _problem(sheet, ref, "its cell reference cannot be read") from None
                        if row != row_number:  # cells out of their row: trust the reference
                            row_number = row
                    else:
                        col += 1
                    if col > MAX_COLUMN or row_number > MAX_ROW or row_number < 1:
                        raise _problem(sheet, ref or "", "the cell lies outside any sheet")
                    value = _value(el, sheet, row_number, col, facts)
                    if value is not None:
                        line = rows.setdefault(row_number, [])
                        if len(line) < col:
                            line.extend([None] * (col - len(line)))
                        line[col - 1] = value
                    el.clear(keep_tail=True)
            elif tag == _ROW:
                if event == "start":
                    number = el.get("r")
                    row_number = int(number) if number and number.isdigit() else row_number + 1
                    if row_number > last_row:
                        break
                    col = 0
                else:
                    el.clear(keep_tail=True)
                    parent = el.getparent()
                    while el.getprevious() is not None and parent is not None:
                        del parent[0]
            elif event == "end":
                ref = el.get("ref", "")
                if not all(_is_cell(c) for c in ref.split(":")):
                    raise _problem(sheet, ref, "a merged range cannot be read")
                merged.append(ref)
    except etree.XMLSyntaxError as exc:
        raise _not_well_formed(file_name, part, sheet, exc.msg) from None
    last = max(rows, default=0)
    empty: tuple[CellValue, ...] = ()
    grid = tuple(tuple(rows[r]) if r in rows else empty for r in range(1, last + 1))
    return SheetGrid(sheet, grid, tuple(merged))


def _not_well_formed(file_name: str, part: str, sheet: str, why: str) -> DamagedFile:
    return DamagedFile(
        f"{file_name} is damaged: the sheet {sheet!r} ({part}) is not well-formed XML ({why}). "
        "Open it in Excel or LibreOffice, save it again, and run again (or use a backup copy)."
    )


def check_well_formed(data: bytes, file_name: str, part: str, sheet: str) -> None:
    """DamagedFile when a worksheet part is not well-formed XML (an unclosed row, a stray '<', a second root)."""
    try:
        expat.ParserCreate().Parse(data, True)
    except expat.ExpatError as exc:
        raise _not_well_formed(file_name, part, sheet, f"{expat.ErrorString(exc.code)}: line {exc.lineno}, column {exc.offset}") from None


def _sheet_data(data: bytes) -> tuple[int, int]:
    """Where the part's cells lie: the start of <sheetData> and of </sheetData> (-1 for a tag not found)."""
    return data.find(b"<sheetData>"), data.rfind(b"</sheetData>")


def _row_count(data: bytes, start: int, end: int) -> int:
    """The rows between ``start`` and ``end`` (:func:`_sheet_data`'s); 0 when either was not found."""
    return data.count(b"<row ", start, end) if start >= 0 and end >= 0 else 0


def without_filler(data: bytes, rows: int | None = None) -> bytes | None:
    """The part with only its rows that hold a value, when the others are most of it; None for an ordinary part.

    A row is kept whole, with its reference, so the careful reader reads the same
    grid from it; the rest of the part (merged ranges and all) is kept as it is.
    None too when a kept row has no reference (its number depends on the rows cut).
    ``rows``: the part's rows when the caller has counted them (:func:`_row_count`).
    """
    start, end = _sheet_data(data)
    if rows is None:
        rows = _row_count(data, start, end)
    if rows <= _FILLER_ROWS:  # few rows, or a prefixed (x:row) sheet: read as it is
        return None
    enough = (rows - _FILLER_ROWS) / 4  # this many rows with a value make an ordinary sheet
    kept: list[bytes] = []
    row_end = start
    for match in _VALUE_END.finditer(data, start, end):
        at = match.start()
        if at < row_end:
            continue  # another value in the row just kept
        row_start = data.rfind(b"<row", row_end, at)
        row_end = data.find(b"</row>", at) + len(b"</row>")
        if row_start < 0 or b' r="' not in data[row_start : data.find(b">", row_start)]:
            return None
        kept.append(data[row_start:row_end])
        if len(kept) >= enough:
            return None
    head = start + len(b"<sheetData>")
    return b"".join((data[:head], *kept, data[end:]))


def _has_formula(data: bytes, start: int, end: int) -> bool:
    """A formula (<f> or <f ...>) among the cells between ``start`` and ``end``: one search for '<f', where another
    element starting so (a rich text's <family>) is rare, rather than one search for each way a formula opens."""
    at = data.find(b"<f", start, end)
    while at >= 0:
        if data[at + 2 : at + 3] in (b">", b" "):
            return True
        at = data.find(b"<f", at + 2, end)
    return False


def _plain(data: bytes, facts: BookFacts, rows: int, start: int, end: int) -> bool:
    """True when calamine reads this worksheet part exactly as :func:`read_sheet_part` would.

    ``rows``, ``start`` and ``end``: the part's rows and where its cells lie (:func:`_row_count`, :func:`_sheet_data`);
    each look at the part is a pass over all of it, so each is made once.
    """
    cells_from, cells_to = (start, end) if start >= 0 and end >= 0 else (0, len(data))
    if _has_formula(data, cells_from, cells_to) or data.find(b't="e"', cells_from, cells_to) >= 0 \
            or _FAR_COLUMN.search(data, cells_from, cells_to):
        return False
    last = data.rfind(b"<row ")
    match = _LAST_ROW.match(data, last) if last >= 0 else None
    if match and int(match.group(1)) > 4 * rows + 1000:
        return False  # a stray row far below the entries
    return not facts.has_missing_style(data)


def read_plain_sheet(calamine_book: Any, package: Package, part: str, sheet: str, facts: BookFacts) -> SheetGrid:
    """The values of an ordinary worksheet through python-calamine; :func:`read_sheet_part` for any other."""
    data = package.read(part)
    refuse_dtd(data, part, package.file_name)
    check_well_formed(data, package.file_name, part, sheet)
    start, end = _sheet_data(data)
    rows = _row_count(data, start, end)
    trimmed = without_filler(data, rows)
    if trimmed is not None:
        return _read_xml(trimmed, package.file_name, part, sheet, facts)
    if not _plain(data, facts, rows, start, end):
        return _read_xml(data, package.file_name, part, sheet, facts)
    try:
        found = calamine_book.get_sheet_by_name(sheet)
        values = found.to_python(skip_empty_area=False)
        merged = found.merged_cell_ranges or ()
    except Exception:  # damaged XML, a missing shared text...: the careful reader says where
        return read_sheet_part(package, part, sheet, facts)
    rows = []
    for r, line in enumerate(values, start=1):
        # one comprehension per row, not a statement per cell (a 10,000-player sheet has 400,000 cells):
        # empty is None, a whole number an int, and only a fraction is looked at further
        try:
            row = [None if v == "" else ((int(v) if v.is_integer() else _finite(v)) if type(v) is float else v) for v in line]
        except _NotFinite as exc:
            c = next(c for c, v in enumerate(line, start=1) if type(v) is float and not math.isfinite(v))
            raise _problem(sheet, address(r, c), f"the number {exc.shown!r} is not a number a spreadsheet can hold") from None
        while row and row[-1] is None:
            row.pop()
        rows.append(tuple(row))
    while rows and not rows[-1]:
        rows.pop()
    ranges = tuple(f"{address(a[0] + 1, a[1] + 1)}:{address(b[0] + 1, b[1] + 1)}" for a, b in merged)
    return SheetGrid(sheet, tuple(rows), ranges)


class _NotFinite(Exception):
    """NaN or an infinity from calamine: no spreadsheet holds one (the reader names its cell)."""

    def __init__(self, value: float):
        super().__init__(value)
        self.shown = "NaN" if value != value else ("INF" if value > 0 else "-INF")


def _finite(value: float) -> float:
    """``value``, a number with a fraction; _NotFinite for NaN and the infinities."""
    if math.isfinite(value):
        return value
    raise _NotFinite(value)


def _problem(sheet: str, cell: str, why: str) -> InputError:
    return InputError(Problem(f"{why}: the file is damaged here. Retype the cell in your spreadsheet program and save again", sheet=sheet, cell=cell))


def _value(el: etree._Element, sheet: str, row: int, col: int, facts: BookFacts) -> CellValue:
    style = el.get("s")
    if style is not None and facts.style_count and not (style.isdigit() and int(style) < facts.style_count):
        raise _problem(sheet, address(row, col), f"the cell uses a style ({style}) the file does not have")
    kind = el.get("t", "n")
    v = el.find(_V)
    text = v.text if v is not None else None
    if kind == "inlineStr":
        inline = el.find(_IS)
        return _text(inline) if inline is not None else None
    if text is None:
        formula = el.find(_F)
        if formula is not None and formula.text:
            return Formula("=" + formula.text)  # a formula whose result was never stored (not text that starts with =)
        return None
    if kind == "s":
        if not text.isdigit() or int(text) >= len(facts.strings):
            raise _problem(sheet, address(row, col), "the cell points at a shared text that is not in the file")
        return facts.strings[int(text)]
    if kind in ("str", "e"):
        return text
    if kind == "b":
        return text.strip() in ("1", "true")
    if kind == "d":
        try:
            return dt.datetime.fromisoformat(text.strip())
        except ValueError:
            raise _problem(sheet, address(row, col), f"the date {text!r} cannot be read") from None
    return _number(text, sheet, row, col, facts, int(style) if style else 0)


def _number(text: str, sheet: str, row: int, col: int, facts: BookFacts, style: int) -> CellValue:
    text = text.strip()
    if _WHOLE.fullmatch(text):
        number: int | float = int(text)
    else:
        try:
            number = float(text)
        except ValueError:
            raise _problem(sheet, address(row, col), f"the number {text!r} cannot be read") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise _problem(sheet, address(row, col), f"the number {text!r} is not a number a spreadsheet can hold")
    if style in facts.date_styles:
        try:
            moment = facts.epoch + dt.timedelta(milliseconds=round(number * 86_400_000))  # 14:30, not 14:29:59.999999
        except OverflowError:
            raise _problem(sheet, address(row, col), f"the date number {text!r} is beyond any calendar") from None
        if 0 <= number < 1:
            return moment.time()
        return moment
    return number


__all__ = ["BookFacts", "is_date_format", "read_plain_sheet", "read_sheet_part"]
