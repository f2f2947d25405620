"""A result sheet's charts and pictures as the parts that draw them: one chart part per chart, and the drawing
part that places the charts and the pictures on the sheet (:mod:`.sheetwriter` writes the worksheet itself).

A bar chart lists its categories top down; a line chart gives each line its own colour, marker and dash (told
apart in black and white too) and names its player at its end. Every colour is the series' own: a workbook
LibreOffice saved has no theme to take it from.
"""

from __future__ import annotations

from lxml import etree

from .address import absolute, quoted, split_cell
from .package import REL, q, xml_text
from .store import Chart, picture_size

CHART_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"
DRAWING_NS = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
EMU_PER_CM = 360000


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
    etree.SubElement(run, q(A_NS, "t")).text = xml_text(text)
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
        _c(_c(ser, "tx"), "v").text = xml_text(title)
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


__all__ = ["CHART_NS", "DRAWING_NS", "LINE_COLOURS", "LINE_DASHES", "LINE_MARKERS", "chart_part", "chart_size", "drawing_part"]
