"""The cell formats result sheets use, added to a workbook's styles part (xl/styles.xml).

Each (named style, number format, wrapped) becomes one cell format (an ``xf``) of
the workbook; one already there that looks the same is reused, so recalculating
again and again does not grow the file. Nothing already in the part changes.
"""

from __future__ import annotations

import copy

from lxml import etree

from .package import MAIN, q

LOOKS: dict[str, dict[str, object]] = {
    "": {},
    "title": {"bold": True, "size": 14},
    "header": {"bold": True, "fill": "D9E1F2", "wrap": True},
    "number_header": {"bold": True, "fill": "D9E1F2", "wrap": True, "align": "right"},
    "cut": {"border_below": "1F4E96"},
    "note": {"italic": True, "color": "595959"},
    "warning": {"bold": True, "color": "9C0006", "fill": "FFC7CE"},
    "good": {"color": "006100", "fill": "C6EFCE"},
    "wall": {"size": 16},
}
"""How the named cell styles of :class:`~tourneybook.files.store.Cell` look (the live store draws the same).

'number_header' heads a column of numbers: right-aligned, so it stands over its values; 'cut' draws
a line under a row (the last player going on to the final or the knock-out)."""
BUILTIN_FORMATS = {"General": 0, "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4, "0%": 9, "0.00%": 10, "h:mm": 20, "yyyy-mm-dd": 14}
_FONT_ORDER = ("b", "i", "strike", "condense", "extend", "outline", "shadow", "u", "vertAlign", "sz", "color", "name", "family", "charset", "scheme")

MINIMAL_STYLES = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b'<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
    b'<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
    b'<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    b'<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    b'<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
    b'<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    b"</styleSheet>"
)
"""The styles part of a workbook that has none (Excel requires one once cells are formatted)."""


def _list(root: etree._Element, name: str, before: tuple[str, ...]) -> etree._Element:
    """The collection element ``name`` of the styles part, created in schema order if missing."""
    found = root.find(q(MAIN, name))
    if found is not None:
        return found
    element = etree.Element(q(MAIN, name), count="0")
    for later in before:
        anchor = root.find(q(MAIN, later))
        if anchor is not None:
            anchor.addprevious(element)
            return element
    root.append(element)
    return element


def _shape(element: etree._Element) -> tuple:
    """What an element says, whatever its namespace prefixes and blanks: tag, attributes, text, children."""
    return (element.tag, sorted(element.attrib.items()), (element.text or "").strip(), [_shape(c) for c in element])


def _index_of(collection: etree._Element, tag: str, wanted: etree._Element, shapes: dict[str, list[tuple]]) -> int:
    """The index of an element like ``wanted`` in ``collection``, appended when there is none.

    ``shapes`` keeps what each collection's elements say, by ``tag``, from its first search on: a workbook's
    styles part holds dozens of cell formats, and each format a recalculation adds was compared with every one.
    """
    known = shapes.get(tag)
    if known is None:
        known = shapes[tag] = [_shape(item) for item in collection.findall(q(MAIN, tag))]
    shape = _shape(wanted)
    if shape in known:
        return known.index(shape)
    collection.append(wanted)
    known.append(shape)
    collection.set("count", str(len(known)))
    return len(known) - 1


def _border_below(color: str) -> etree._Element:
    """A border element with only a medium line at the bottom, in ``color`` (RGB hex)."""
    border = etree.Element(q(MAIN, "border"))
    for side in ("left", "right", "top", "bottom", "diagonal"):
        element = etree.SubElement(border, q(MAIN, side))
        if side == "bottom":
            element.set("style", "medium")
            etree.SubElement(element, q(MAIN, "color"), rgb="FF" + color)
    return border


class ResultStyles:
    """Cell format indexes for result cells, added to one styles part as needed."""

    def __init__(self, root: etree._Element):
        self.root = root
        self._cache: dict[tuple[str, str, bool], int] = {}
        self._shapes: dict[str, list[tuple]] = {}
        """What the fonts, fills, borders and cell formats of the part say (:func:`_index_of`); only this object
        adds to them."""
        self.changed = False

    def index(self, style: str, number_format: str = "", wrapped: bool = False) -> int:
        key = (style, number_format, wrapped)
        if key not in self._cache:
            look = LOOKS[style]
            if not look and not number_format and not wrapped:
                self._cache[key] = 0  # the workbook's default format
            else:
                self._cache[key] = self._add(look, number_format, wrapped=wrapped)
        return self._cache[key]

    def _add(self, look: dict[str, object], number_format: str, *, wrapped: bool) -> int:
        self.changed = True
        root = self.root
        fonts = _list(root, "fonts", ("fills", "borders", "cellStyleXfs", "cellXfs"))
        fills = _list(root, "fills", ("borders", "cellStyleXfs", "cellXfs"))
        xfs = _list(root, "cellXfs", ("cellStyles", "dxfs", "tableStyles", "colors", "extLst"))
        xf = etree.Element(q(MAIN, "xf"), numFmtId=str(self._format_id(number_format)), fontId="0", fillId="0", borderId="0", xfId="0")
        if any(k in look for k in ("bold", "italic", "size", "color")):
            xf.set("fontId", str(_index_of(fonts, "font", self._font(fonts, look), self._shapes)))
            xf.set("applyFont", "1")
        if "fill" in look:
            fill = etree.Element(q(MAIN, "fill"))
            pattern = etree.SubElement(fill, q(MAIN, "patternFill"), patternType="solid")
            etree.SubElement(pattern, q(MAIN, "fgColor"), rgb="FF" + str(look["fill"]))
            etree.SubElement(pattern, q(MAIN, "bgColor"), indexed="64")
            xf.set("fillId", str(_index_of(fills, "fill", fill, self._shapes)))
            xf.set("applyFill", "1")
        if "border_below" in look:
            borders = _list(root, "borders", ("cellStyleXfs", "cellXfs"))
            xf.set("borderId", str(_index_of(borders, "border", _border_below(str(look["border_below"])), self._shapes)))
            xf.set("applyBorder", "1")
        if number_format:
            xf.set("applyNumberFormat", "1")
        if look.get("wrap"):  # headers: wrapped, at the top of their (taller) row
            xf.set("applyAlignment", "1")
            alignment = etree.SubElement(xf, q(MAIN, "alignment"), vertical="top", wrapText="1")
            if "align" in look:
                alignment.set("horizontal", str(look["align"]))
        elif wrapped:  # long texts in a wrapped column
            xf.set("applyAlignment", "1")
            etree.SubElement(xf, q(MAIN, "alignment"), wrapText="1")
        return _index_of(xfs, "xf", xf, self._shapes)

    def _font(self, fonts: etree._Element, look: dict[str, object]) -> etree._Element:
        """The workbook's default font with the look's bold, italic, size and colour."""
        base = fonts.find(q(MAIN, "font"))
        parts = {child.tag: child for child in (copy.deepcopy(base) if base is not None else ())}
        for tag in ("b", "i", "color"):
            parts.pop(q(MAIN, tag), None)
        if look.get("bold"):
            parts[q(MAIN, "b")] = etree.Element(q(MAIN, "b"))
        if look.get("italic"):
            parts[q(MAIN, "i")] = etree.Element(q(MAIN, "i"))
        if "size" in look:
            parts[q(MAIN, "sz")] = etree.Element(q(MAIN, "sz"), val=str(look["size"]))
        if "color" in look:
            parts[q(MAIN, "color")] = etree.Element(q(MAIN, "color"), rgb="FF" + str(look["color"]))
        font = etree.Element(q(MAIN, "font"))
        for tag in _FONT_ORDER:
            if q(MAIN, tag) in parts:
                font.append(parts[q(MAIN, tag)])
        return font

    def _format_id(self, code: str) -> int:
        if not code:
            return 0
        if code in BUILTIN_FORMATS:
            return BUILTIN_FORMATS[code]
        formats = _list(self.root, "numFmts", ("fonts", "fills", "borders", "cellStyleXfs", "cellXfs"))
        taken = [int(f.get("numFmtId", "0")) for f in formats.findall(q(MAIN, "numFmt"))]
        for f in formats.findall(q(MAIN, "numFmt")):
            if f.get("formatCode") == code:
                return int(f.get("numFmtId", "0"))
        new = max([163, *taken]) + 1
        etree.SubElement(formats, q(MAIN, "numFmt"), numFmtId=str(new), formatCode=code)
        formats.set("count", str(len(taken) + 1))
        return new


__all__ = ["LOOKS", "MINIMAL_STYLES", "ResultStyles"]
