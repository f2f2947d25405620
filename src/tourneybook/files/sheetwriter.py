"""A :class:`~tourneybook.files.store.ResultSheet` as worksheet, drawing and chart parts.

Everything the description holds is rendered: values (texts inline, exact numbers as
the numbers they show), named styles and number formats (through
:class:`~tourneybook.files.resultstyles.ResultStyles`), column widths, row
heights, frozen panes, wrapped columns, and how the sheet prints (A4, orientation,
fit to width, page breaks; print area and title rows are workbook-level names the
caller adds). Charts become one drawing part with one chart part per chart.
Elements are written in the order the OOXML schema requires.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

from lxml import etree

from ..frozen import frozen
from .address import absolute, column_letter, split_cell
from .package import MAIN, REL, q
from .resultstyles import ResultStyles
from .store import Chart, ResultSheet, picture_size, title_header

CHART_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"
DRAWING_NS = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
EMU_PER_CM = 360000
_NOT_IN_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters an XML 1.0 part cannot hold: left out of what is written (a sheet would not open otherwise)."""
_EPOCH = dt.datetime(1899, 12, 30)
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def quoted(sheet: str) -> str:
    return "'" + sheet.replace("'", "''") + "'"


def _shown(value: Any) -> tuple[str, str] | None:
    """How a cell holds ``value``: its type ('' a number, 'b' true or false, 'inlineStr' a text) and the text it
    stores (a text without control characters, a number as Excel reads it back exactly); None for no value."""
    if value is None or value == "":
        return None
    if not isinstance(value, (str, int, float, Fraction, Decimal, dt.date, dt.time)):
        value = str(value)  # anything else is shown as its text
    if isinstance(value, str):  # every text, formula_like() ones included, is an inline string: never a <f>
        return "inlineStr", _NOT_IN_XML.sub("", value)
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


def _cell_xml(ref: str, style: str, value: Any) -> str:
    """One <c> as text, for a value of any kind; ``style`` is its ' s="n"' attribute or ''."""
    shown = _shown(value)
    if shown is None:
        return f'<c r="{ref}"{style}/>'
    kind, text = shown
    if kind == "inlineStr":
        return f'<c r="{ref}"{style} t="inlineStr">{_text_xml(text)}</c>'
    return f'<c r="{ref}"{style} t="{kind}"><v>{text}</v></c>' if kind else f'<c r="{ref}"{style}><v>{text}</v></c>'


def _rows_xml(sheet: ResultSheet, styles: ResultStyles, width: int) -> bytes:
    """The sheet's non-empty rows as the <row> elements inside <sheetData>, made as text.

    A result sheet of a 10,000-player event holds about 700,000 cells: formatting
    each <c> as a string is several times faster than having lxml serialize an
    element per cell, and gives the same bytes (lxml escapes only &, <, > and a
    carriage return in a text; references, style numbers and numbers need none).
    Texts, whole numbers and fractions, nearly every cell of a result sheet, are
    matched by exact type (an isinstance test against Fraction is slow);
    :func:`_cell_xml` makes the others. Cell formats are looked up once per
    (style, format, wrapped), and each distinct text is escaped once.
    """
    wrapped = frozenset(sheet.wrap_columns)
    heights = dict(sheet.row_heights)
    letters = [""] + [column_letter(c) for c in range(1, width + 1)]
    formats: dict[tuple[str, str, bool], str] = {}
    texts: dict[str, str] = {}
    out: list[str] = []
    for r, line in enumerate(sheet.rows, start=1):
        number = str(r)
        cells: list[str] = []
        for c, cell in enumerate(line, start=1):
            value = cell.value
            kind = type(value)
            if not cell.style and (value is None or (kind is str and not value)):
                continue  # an empty cell is never written (as spreadsheet programs do)
            fmt = cell.number_format
            if not fmt and kind not in _PLAIN_KINDS:
                fmt = _date_format(value)
            key = (cell.style, fmt, kind is str and c in wrapped)
            style = formats.get(key)
            if style is None:
                index = styles.index(*key)
                style = formats[key] = f' s="{index}"' if index else ""
            ref = letters[c] + number
            if kind is int:
                cells.append(f'<c r="{ref}"{style}><v>{value}</v></c>')
            elif kind is str and value:
                text = texts.get(value)
                if text is None:
                    text = texts[value] = _text_xml(_NOT_IN_XML.sub("", value))
                cells.append(f'<c r="{ref}"{style} t="inlineStr">{text}</c>')
            elif kind is Fraction:
                cells.append(f'<c r="{ref}"{style}><v>{_number_text(value.numerator / value.denominator)}</v></c>')
            else:
                cells.append(_cell_xml(ref, style, value))
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


# --- charts ------------------------------------------------------------------------


def _c(parent: etree._Element, tag: str, val: str | None = None) -> etree._Element:
    element = etree.SubElement(parent, q(CHART_NS, tag))
    if val is not None:
        element.set("val", val)
    return element


def _rich(parent: etree._Element, text: str) -> None:
    title = _c(parent, "title")
    rich = etree.SubElement(_c(title, "tx"), q(CHART_NS, "rich"))
    etree.SubElement(rich, q(A_NS, "bodyPr"))
    run = etree.SubElement(etree.SubElement(rich, q(A_NS, "p")), q(A_NS, "r"))
    etree.SubElement(run, q(A_NS, "t")).text = _NOT_IN_XML.sub("", text)
    _c(title, "overlay", "0")


def _length(ref: str) -> int:
    first, _, last = ref.partition(":")
    (r1, c1), (r2, c2) = split_cell(first), split_cell(last or first)
    return max(r2 - r1, c2 - c1) + 1


LINE_COLOURS = ("1F77B4", "D62728", "2CA02C", "FF7F0E", "9467BD", "8C564B", "E377C2", "17BECF", "7F7F7F", "BCBD22")
"""One colour a line (Tableau 10): ten players' lines each their own, in Excel and LibreOffice alike."""
LINE_MARKERS = ("circle", "square", "diamond", "triangle", "x")
LINE_DASHES = ("solid", "dash")
"""With the colours, a marker and a dash pattern per line: still told apart in black and white, or by a colour-blind eye."""


def _solid(parent: etree._Element, colour: str) -> None:
    etree.SubElement(etree.SubElement(parent, q(A_NS, "solidFill")), q(A_NS, "srgbClr"), val=colour)


def _filled(look: etree._Element, colour: str) -> None:
    """A shape's fill and its edge in ``colour`` (a line's marker, a bar)."""
    _solid(look, colour)
    _solid(etree.SubElement(look, q(A_NS, "ln")), colour)


def _line_look(ser: etree._Element, index: int, points: int) -> None:
    """A line series' own colour, marker and dash, and its name written at its last point (who the line is)."""
    colour = LINE_COLOURS[index % len(LINE_COLOURS)]
    line = etree.SubElement(_c(ser, "spPr"), q(A_NS, "ln"), w="28575", cap="rnd")
    _solid(line, colour)
    etree.SubElement(line, q(A_NS, "prstDash"), val=LINE_DASHES[index // len(LINE_MARKERS) % len(LINE_DASHES)])
    marker = _c(ser, "marker")
    _c(marker, "symbol", LINE_MARKERS[index % len(LINE_MARKERS)])
    _c(marker, "size", "7")
    _filled(_c(marker, "spPr"), colour)
    labels = _c(ser, "dLbls")
    last = _c(labels, "dLbl")
    _c(last, "idx", str(points - 1))
    text = _c(last, "txPr")
    etree.SubElement(text, q(A_NS, "bodyPr"))
    etree.SubElement(text, q(A_NS, "lstStyle"))
    paragraph = etree.SubElement(text, q(A_NS, "p"))
    run = etree.SubElement(etree.SubElement(paragraph, q(A_NS, "pPr")), q(A_NS, "defRPr"), sz="900", b="1")
    _solid(run, colour)  # the name in its line's colour
    etree.SubElement(paragraph, q(A_NS, "endParaRPr"), lang="en-GB")
    _c(last, "dLblPos", "r")
    for flag, on in (("showLegendKey", "0"), ("showVal", "0"), ("showCatName", "0"), ("showSerName", "1"),
                     ("showPercent", "0"), ("showBubbleSize", "0")):
        _c(last, flag, on)
    for flag in ("showLegendKey", "showVal", "showCatName", "showSerName", "showPercent", "showBubbleSize"):
        _c(labels, flag, "0")


def _bar_look(ser: etree._Element, index: int) -> None:
    """A bar series' own fill and edge colour: a workbook LibreOffice saved has no theme, and bars that take their
    colour from the theme are drawn empty there (issue 36, 3)."""
    _filled(_c(ser, "spPr"), LINE_COLOURS[index % len(LINE_COLOURS)])


def chart_part(sheet: str, spec: Chart) -> bytes:
    """One bar (horizontal, first category at the top) or line chart over the sheet's own ranges."""
    kind = spec.kind
    space = etree.Element(q(CHART_NS, "chartSpace"), nsmap={"c": CHART_NS, "a": A_NS, "r": REL})
    _c(space, "roundedCorners", "0")
    chart = _c(space, "chart")
    _rich(chart, spec.title)
    _c(chart, "autoTitleDeleted", "0")
    plot = _c(chart, "plotArea")
    _c(plot, "layout")
    group = _c(plot, "lineChart" if kind == "line" else "barChart")
    if kind == "line":
        _c(group, "grouping", "standard")
    else:
        _c(group, "barDir", "bar")
        _c(group, "grouping", "clustered")
    _c(group, "varyColors", "0")
    prefix = quoted(sheet) + "!"
    for i, (title, ref) in enumerate(spec.series):
        ser = _c(group, "ser")
        _c(ser, "idx", str(i))
        _c(ser, "order", str(i))
        _c(_c(ser, "tx"), "v").text = _NOT_IN_XML.sub("", title)
        if kind == "line":
            _line_look(ser, i, _length(ref))
        else:
            _bar_look(ser, i)
            _c(ser, "invertIfNegative", "0")
        _c(_c(_c(ser, "cat"), "strRef"), "f").text = prefix + absolute(spec.categories)
        _c(_c(_c(ser, "val"), "numRef"), "f").text = prefix + absolute(ref)
        if kind == "line":
            _c(ser, "smooth", "0")
    if kind == "line":
        _c(group, "marker", "1")
    else:
        _c(group, "gapWidth", "150")
    _c(group, "axId", "10")
    _c(group, "axId", "100")
    cat = _c(plot, "catAx")
    _c(cat, "axId", "10")
    _c(_c(cat, "scaling"), "orientation", "maxMin" if kind != "line" else "minMax")
    _c(cat, "delete", "0")
    _c(cat, "axPos", "l" if kind != "line" else "b")
    _c(cat, "majorTickMark", "none")
    _c(cat, "minorTickMark", "none")
    _c(cat, "tickLblPos", "nextTo")
    _c(cat, "crossAx", "100")
    _c(cat, "crosses", "autoZero")
    _c(cat, "auto", "1")
    _c(cat, "lblAlgn", "ctr")
    _c(cat, "lblOffset", "100")
    val = _c(plot, "valAx")
    _c(val, "axId", "100")
    _c(_c(val, "scaling"), "orientation", "maxMin" if spec.reversed_values else "minMax")
    _c(val, "delete", "0")
    _c(val, "axPos", "b" if kind != "line" else "l")
    _c(val, "majorGridlines")
    if spec.y_title:
        _rich(val, spec.y_title)
    _c(val, "numFmt").attrib.update({"formatCode": "General", "sourceLinked": "1"})
    _c(val, "majorTickMark", "out")
    _c(val, "minorTickMark", "none")
    _c(val, "tickLblPos", "nextTo")
    _c(val, "crossAx", "10")
    _c(val, "crosses", "autoZero")
    _c(val, "crossBetween", "between")
    if len(spec.series) > 1 and kind != "line":  # a line carries its player's name at its end: no legend to match colours
        legend = _c(chart, "legend")
        _c(legend, "legendPos", "r")
        _c(legend, "overlay", "0")
    _c(chart, "plotVisOnly", "1")
    _c(chart, "dispBlanksAs", "gap")
    return etree.tostring(space, xml_declaration=True, encoding="UTF-8", standalone=True)


def chart_size(spec: Chart) -> tuple[int, int]:
    """Width and height in EMU, as the file store has always sized them."""
    kind = spec.kind
    height = spec.height_cm or max(7.5, 0.5 * _length(spec.categories))
    return int((24 if kind == "line" else 18) * EMU_PER_CM), int(height * EMU_PER_CM)


def drawing_part(charts: tuple[Chart, ...], pictures: tuple[tuple[str, bytes], ...] = ()) -> bytes:
    """The drawing that places each chart at its anchor cell; chart i is 'rId{i+1}', picture j 'rId{len(charts)+j+1}'."""
    xdr = DRAWING_NS
    root = etree.Element(q(xdr, "wsDr"), nsmap={"xdr": xdr, "a": A_NS, "c": CHART_NS, "r": REL})
    for i, spec in enumerate(charts, start=1):
        row, col = split_cell(spec.anchor)
        cx, cy = chart_size(spec)
        anchor = etree.SubElement(root, q(xdr, "oneCellAnchor"))
        start = etree.SubElement(anchor, q(xdr, "from"))
        for tag, number in (("col", col - 1), ("colOff", 0), ("row", row - 1), ("rowOff", 0)):
            etree.SubElement(start, q(xdr, tag)).text = str(number)
        etree.SubElement(anchor, q(xdr, "ext"), cx=str(cx), cy=str(cy))
        frame = etree.SubElement(anchor, q(xdr, "graphicFrame"), macro="")
        names = etree.SubElement(frame, q(xdr, "nvGraphicFramePr"))
        etree.SubElement(names, q(xdr, "cNvPr"), id=str(i + 1), name=f"Chart {i}")
        etree.SubElement(names, q(xdr, "cNvGraphicFramePr"))
        transform = etree.SubElement(frame, q(xdr, "xfrm"))
        etree.SubElement(transform, q(A_NS, "off"), x="0", y="0")
        etree.SubElement(transform, q(A_NS, "ext"), cx="0", cy="0")
        data = etree.SubElement(etree.SubElement(frame, q(A_NS, "graphic")), q(A_NS, "graphicData"), uri=CHART_NS)
        etree.SubElement(data, q(CHART_NS, "chart"), {q(REL, "id"): f"rId{i}"})
        etree.SubElement(anchor, q(xdr, "clientData"))
    for j, (cell, png) in enumerate(pictures, start=len(charts) + 1):
        _picture_anchor(root, j, cell, png)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _picture_anchor(root: etree._Element, number: int, cell: str, png: bytes) -> None:
    """A PNG at its natural size (96 dpi) with its top-left corner at ``cell``; its image is 'rId{number}'."""
    xdr = DRAWING_NS
    row, col = split_cell(cell)
    width, height = picture_size(png)
    cx, cy = width * 9525, height * 9525  # EMU per pixel at 96 dpi
    anchor = etree.SubElement(root, q(xdr, "oneCellAnchor"))
    start = etree.SubElement(anchor, q(xdr, "from"))
    for tag, value in (("col", col - 1), ("colOff", 0), ("row", row - 1), ("rowOff", 0)):
        etree.SubElement(start, q(xdr, tag)).text = str(value)
    etree.SubElement(anchor, q(xdr, "ext"), cx=str(cx), cy=str(cy))
    pic = etree.SubElement(anchor, q(xdr, "pic"))
    names = etree.SubElement(pic, q(xdr, "nvPicPr"))
    etree.SubElement(names, q(xdr, "cNvPr"), id=str(number + 1), name=f"Picture {number}")
    etree.SubElement(etree.SubElement(names, q(xdr, "cNvPicPr")), q(A_NS, "picLocks"), noChangeAspect="1")
    fill = etree.SubElement(pic, q(xdr, "blipFill"))
    etree.SubElement(fill, q(A_NS, "blip"), {q(REL, "embed"): f"rId{number}"})
    etree.SubElement(etree.SubElement(fill, q(A_NS, "stretch")), q(A_NS, "fillRect"))
    shape = etree.SubElement(pic, q(xdr, "spPr"))
    transform = etree.SubElement(shape, q(A_NS, "xfrm"))
    etree.SubElement(transform, q(A_NS, "off"), x="0", y="0")
    etree.SubElement(transform, q(A_NS, "ext"), cx=str(cx), cy=str(cy))
    etree.SubElement(etree.SubElement(shape, q(A_NS, "prstGeom"), prst="rect"), q(A_NS, "avLst"))
    etree.SubElement(anchor, q(xdr, "clientData"))


__all__ = ["RenderedSheet", "cell_element", "quoted", "render_sheet", "serial"]
