"""A :class:`~tourneybook.files.store.ResultSheet` as worksheet, drawing and chart parts.

Everything the description holds is rendered: values (texts inline, exact numbers as
the numbers they show), named styles and number formats (through
:class:`~tourneybook.files.resultstyles.ResultStyles`), column widths, row
heights, frozen panes, wrapped columns, and how the sheet prints (A4, orientation,
fit to width, page breaks; print area and title rows are workbook-level names the
caller adds). Charts become one drawing part with one chart part per chart
(:mod:`.charts`).
Elements are written in the order the OOXML schema requires.
"""

from __future__ import annotations

import datetime as dt
import io
from decimal import Decimal
from fractions import Fraction
from typing import Any

from lxml import etree

from ..frozen import frozen
from .address import column_letter, split_cell
from .charts import chart_part, drawing_part
from .package import MAIN, REL, q, xml_text
from .resultstyles import ResultStyles
from .store import Cell, ResultSheet, title_header

_EPOCH = dt.datetime(1899, 12, 30)
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def _shown(value: Any) -> tuple[str, str] | None:
    """How a cell holds ``value``: its type ('' a number, 'b' true or false, 'inlineStr' a text) and the text it
    stores (a text without control characters, a number as Excel reads it back exactly); None for no value."""
    if value is None or value == "":
        return None
    if not isinstance(value, (str, int, float, Fraction, Decimal, dt.date, dt.time)):
        value = str(value)  # anything else is shown as its text
    if isinstance(value, str):  # every text, formula_like() ones included, is an inline string: never a <f>
        return "inlineStr", xml_text(value)
    if type(value) is bool:
        return "b", "1" if value else "0"
    if isinstance(value, int):
        return "", str(value)
    if isinstance(value, (float, Fraction, Decimal)):
        return "", _number_text(float(value))
    return "", repr(serial(value))


def _number_text(number: float) -> str:
    """A number as <v> holds it: a whole number without '.0' (exact up to 2**53), others as Python's shortest repr."""
    return str(int(number)) if number.is_integer() and abs(number) < 2**53 else repr(number)


def _preserved(text: str) -> bool:
    """Whether a text's blanks at either end must be marked to survive (xml:space="preserve")."""
    return text != text.strip()


def cell_element(parent: etree._Element, ref: str, value: Any, style: int, ns: str = "") -> None:
    """One <c> for a non-empty value (or a styled empty cell); ``ns`` '{...}' for a namespaced tree."""
    c = etree.SubElement(parent, ns + "c", r=ref)
    if style:
        c.set("s", str(style))
    shown = _shown(value)
    if shown is None:
        return
    kind, text = shown
    if kind:
        c.set("t", kind)
    if kind == "inlineStr":
        t = etree.SubElement(etree.SubElement(c, ns + "is"), ns + "t")
        t.text = text
        if _preserved(text):
            t.set(_XML_SPACE, "preserve")
    else:
        etree.SubElement(c, ns + "v").text = text


def serial(value: dt.datetime | dt.date | dt.time) -> float:
    """A date or time as the spreadsheet's day number (1900 date system)."""
    if isinstance(value, dt.time):
        return (value.hour * 3600 + value.minute * 60 + value.second) / 86400
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day)
    return (value - _EPOCH).total_seconds() / 86400


def _date_format(value: Any) -> str:
    if isinstance(value, dt.time):
        return "h:mm"
    if isinstance(value, dt.datetime):
        return "yyyy-mm-dd h:mm"
    return "yyyy-mm-dd" if isinstance(value, dt.date) else ""


@frozen
class RenderedSheet:
    """The worksheet part of a result sheet and its charts' parts (still to be placed in the package)."""

    worksheet: bytes
    charts: tuple[bytes, ...]
    drawing: bytes | None
    """The drawing part holding the charts, with rIds 'rId1'... in chart order, then the pictures'; None without either."""


_PLAIN_KINDS = frozenset((type(None), int, str, float, Fraction, bool))
"""Kinds of value that never take a date format."""


def page_header(text: str) -> str:
    """The page header's code for ``text`` printed as a title at the left, over the table."""
    return "&L" + title_header(text)


def render_sheet(sheet: ResultSheet, styles: ResultStyles) -> RenderedSheet:
    """The worksheet part: lxml writes everything but the rows, which are made as text (:func:`_rows_xml`).

    The parts inside <worksheet> are made without a namespace and written inside
    it, so they take its default namespace (SpreadsheetML) without repeating its
    declaration; the rows are put in place of the empty <sheetData/> written among them.
    """
    buffer = io.BytesIO()
    width = max((len(line) for line in sheet.rows), default=0)
    fit = sheet.fit_to_width
    with etree.xmlfile(buffer, encoding="UTF-8") as xf:
        xf.write_declaration(standalone=True)
        with xf.element(q(MAIN, "worksheet"), nsmap={None: MAIN, "r": REL}):
            if fit:
                pr = etree.Element("sheetPr")
                etree.SubElement(pr, "pageSetUpPr", fitToPage="1")
                xf.write(pr)
            xf.write(etree.Element("dimension", ref=f"A1:{column_letter(max(width, 1))}{max(len(sheet.rows), 1)}"))
            xf.write(_views(sheet.freeze))
            xf.write(etree.Element("sheetFormatPr", defaultRowHeight="15"))
            columns = _columns(sheet.column_widths, frozenset(getattr(sheet, "hidden_columns", ())))
            if columns is not None:
                xf.write(columns)
            xf.write(etree.Element("sheetData"))  # its rows are made as text, below
            xf.write(etree.Element("pageMargins", left="0.5", right="0.5", top="0.6", bottom="0.6", header="0.3", footer="0.3"))
            setup = etree.Element("pageSetup", paperSize="9", orientation="landscape" if sheet.landscape else "portrait")
            if fit:
                setup.set("fitToWidth", "1")
                setup.set("fitToHeight", "0")
            xf.write(setup)
            if sheet.print_header:
                header = etree.Element("headerFooter")
                etree.SubElement(header, "oddHeader").text = page_header(sheet.print_header)
                xf.write(header)
            if sheet.page_breaks:
                count = str(len(sheet.page_breaks))
                breaks = etree.Element("rowBreaks", count=count, manualBreakCount=count)
                for row_number in sheet.page_breaks:
                    etree.SubElement(breaks, "brk", id=str(row_number), max="16383", man="1")
                xf.write(breaks)
            if sheet.charts or sheet.pictures:
                xf.write(etree.Element("drawing", {q(REL, "id"): "rId1"}, nsmap={"r": REL}))
    head, empty, tail = buffer.getvalue().partition(b"<sheetData/>")
    if not empty:
        raise AssertionError("bug: the worksheet has no <sheetData/> to fill")
    worksheet = b"".join((head, b"<sheetData>", _rows_xml(sheet, styles, width), b"</sheetData>", tail))
    charts = tuple(chart_part(sheet.name, spec) for spec in sheet.charts)
    drawn = sheet.charts or sheet.pictures
    return RenderedSheet(worksheet, charts, drawing_part(sheet.charts, sheet.pictures) if drawn else None)


def _text_xml(text: str) -> str:
    """``text`` (already without control characters) as the <is> of an inline-string cell, escaped as lxml escapes it."""
    preserved = _preserved(text)  # before escaping: a carriage return at an end is a blank to keep
    if "&" in text or "<" in text or ">" in text or "\r" in text:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")
    return f'<is><t xml:space="preserve">{text}</t></is>' if preserved else f"<is><t>{text}</t></is>"


def _cell_tail(style: str, value: Any) -> str:
    """One <c> as text after its reference, for a value of any kind; ``style`` is its ' s="n"' attribute or ''."""
    shown = _shown(value)
    if shown is None:
        return f"{style}/>"
    kind, text = shown
    if kind == "inlineStr":
        return f'{style} t="inlineStr">{_text_xml(text)}</c>'
    return f'{style} t="{kind}"><v>{text}</v></c>' if kind else f"{style}><v>{text}</v></c>"


class _CellTexts:
    """What follows a cell's reference in its <c>, for one sheet: cell formats looked up once per (style,
    format, wrapped), each distinct text escaped once."""

    def __init__(self, styles: ResultStyles, wrapped: frozenset[str]):
        self.styles = styles
        self.wrapped = wrapped
        """The letters of the wrapped columns."""
        self.formats: dict[tuple[str, str, bool], str] = {}
        self.texts: dict[str, str] = {}

    def make(self, cell: Cell, letter: str) -> str:
        """The text of ``cell`` in column ``letter``; '' for an empty cell, which is never written (as spreadsheet
        programs do)."""
        value = cell.value
        kind = type(value)
        if not cell.style and (value is None or (kind is str and not value)):
            return ""
        fmt = cell.number_format
        if not fmt and kind not in _PLAIN_KINDS:
            fmt = _date_format(value)
        key = (cell.style, fmt, kind is str and letter in self.wrapped)
        style = self.formats.get(key)
        if style is None:
            index = self.styles.index(*key)
            style = self.formats[key] = f' s="{index}"' if index else ""
        if kind is int:
            return f"{style}><v>{value}</v></c>"
        if kind is str and value:
            inline = self.texts.get(value)
            if inline is None:
                inline = self.texts[value] = _text_xml(xml_text(value))
            return f'{style} t="inlineStr">{inline}</c>'
        if kind is Fraction:
            return f"{style}><v>{_number_text(value.numerator / value.denominator)}</v></c>"
        return _cell_tail(style, value)


def _rows_xml(sheet: ResultSheet, styles: ResultStyles, width: int) -> bytes:
    """The sheet's non-empty rows as the <row> elements inside <sheetData>, made as text.

    A result sheet of a 10,000-player event holds about 700,000 cells: formatting
    each <c> as a string is several times faster than having lxml serialize an
    element per cell, and gives the same bytes (lxml escapes only &, <, > and a
    carriage return in a text; references, style numbers and numbers need none).

    Result sheets share their cells: one serves every empty place, each recurring number
    (:func:`tourneybook.workbook.render.number_cell`), each repeat of a name or a seat. So
    each cell's text after its reference is made once per column (:class:`_CellTexts`),
    the cell known by its identity, which no other cell takes while the sheet holds them
    all (hashing a cell by its fields would cost more than making its text).
    """
    heights = dict(sheet.row_heights)
    letters = [column_letter(c) for c in range(1, width + 1)]
    made: list[dict[int, str]] = [{} for _ in letters]
    """By column: each cell's text, by the cell's identity."""
    make = _CellTexts(styles, frozenset(letters[c - 1] for c in sheet.wrap_columns if c <= width)).make
    out: list[str] = []  # a text a row: a 10,000-player sheet's cells, each a text of its own, took far more memory
    for r, line in enumerate(sheet.rows, start=1):
        number = str(r)
        cells: list[str] = []
        for letter, known, cell in zip(letters, made, line):
            key = id(cell)
            text = known.get(key)
            if text is None:
                text = known[key] = make(cell, letter)
            if text:
                cells.append(f'<c r="{letter}{number}"{text}')
        height = f' ht="{heights[r]}" customHeight="1"' if r in heights else ""
        if cells:
            out.append(f'<row r="{number}"{height}>{"".join(cells)}</row>')
        elif height:  # a row with only its height
            out.append(f'<row r="{number}"{height}/>')
    return "".join(out).encode()


def _views(freeze: str) -> etree._Element:
    views = etree.Element("sheetViews")
    view = etree.SubElement(views, "sheetView", workbookViewId="0")
    if freeze and freeze != "A1":
        row, col = split_cell(freeze)
        pane = etree.SubElement(view, "pane")
        if col > 1:
            pane.set("xSplit", str(col - 1))
        if row > 1:
            pane.set("ySplit", str(row - 1))
        active = "bottomRight" if row > 1 and col > 1 else ("bottomLeft" if row > 1 else "topRight")
        pane.set("topLeftCell", freeze)
        pane.set("activePane", active)
        pane.set("state", "frozen")
        etree.SubElement(view, "selection", pane=active, activeCell=freeze, sqref=freeze)
    return views


def _columns(widths: tuple[float, ...], hidden: frozenset[int]) -> etree._Element | None:
    cols = etree.Element("cols")
    for c in range(1, max(len(widths), max(hidden, default=0)) + 1):
        width = widths[c - 1] if c <= len(widths) else None
        if width is None and c not in hidden:
            continue
        col = etree.SubElement(cols, "col", min=str(c), max=str(c), width=str(width if width is not None else 9.140625))
        if width is not None:
            col.set("customWidth", "1")
        if c in hidden:
            col.set("hidden", "1")
    return cols if len(cols) else None


__all__ = ["RenderedSheet", "cell_element", "render_sheet", "serial"]
