"""An entry sheet's table grows over the rows a draw types below it, as Excel grows a table when one types there.

A new workbook prepares a few hundred entry rows: an Excel table (its header's
filter buttons, its sorting), yellow input cells, drop-downs and checks. A large
event's draw can fill more rows than that (210 Diplomacy players, three rounds:
630 board rows). Rows typed below the table would sit outside it: no drop-downs,
no input colour, and sorting the table would leave them behind, tearing boards
apart. So before typing, the table's range, its filter, every validation and
conditional format that ends on the table's last row, and the look of that last
row are carried down to the new last row.

A table with a totals row is left as it is (the totals row sits below the data).
"""

from __future__ import annotations

import re

from lxml import etree

from .package import MAIN, REL, Package, q, serialize
from .address import column_letter, split_cell

XM = "http://schemas.microsoft.com/office/excel/2006/main"
"""Newer Excel keeps some validations and conditional formats in extension lists, their ranges in ``xm:sqref``."""
_ROW = re.compile(r"\d+$")


def _span(ref: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """'A3:U213' -> ((3, 1), (213, 21)): its first and last cells as (row, column); None for any other reference."""
    first, colon, last = ref.partition(":")
    try:
        return (split_cell(first), split_cell(last)) if colon else None
    except ValueError:  # a whole column ('A:A') or row, never a table's range
        return None


def _grown(ranges: str, old_last: int, new_last: int) -> str:
    """A space-separated list of ranges with each range ending on row ``old_last`` carried to ``new_last``."""
    out = []
    for ref in ranges.split():
        span = _span(ref)
        if span is not None and span[1][0] == old_last:
            ref = _ROW.sub(str(new_last), ref)  # the last cell's row; its column and any '$' as they were
        out.append(ref)
    return " ".join(out)


def grow_tables(package: Package, part: str, sheet: etree._Element, last_row: int) -> None:
    """Grow the tables of the worksheet ``part`` (its XML root ``sheet``) to reach ``last_row``.

    The table parts are written back into ``package``; ``sheet`` is changed in
    place (its caller serializes it).
    """
    for rel in package.relationships(part):
        if rel.type != REL + "/table" or rel.external or rel.target not in package:
            continue
        table = package.xml(rel.target)
        span = _span(table.get("ref", ""))
        if span is None or span[1][0] >= last_row or int(table.get("totalsRowCount", "0") or 0):
            continue
        (_, left), (old_last, right) = span
        table.set("ref", _grown(table.get("ref", ""), old_last, last_row))
        auto = table.find(q(MAIN, "autoFilter"))
        if auto is not None and auto.get("ref"):
            auto.set("ref", _grown(auto.get("ref", ""), old_last, last_row))
        package.write(rel.target, serialize(table))
        _grow_checks(sheet, old_last, last_row)
        _carry_look(sheet, left, right, old_last, last_row)


def _grow_checks(sheet: etree._Element, old_last: int, new_last: int) -> None:
    """Validations and conditional formats ending on the table's last row reach the new one."""
    for tag in ("dataValidations", "conditionalFormatting"):
        for holder in sheet.iter(q(MAIN, tag)):
            for element in (holder, *holder):
                if element.get("sqref"):
                    element.set("sqref", _grown(element.get("sqref", ""), old_last, new_last))
    for ext in sheet.iter(q(XM, "sqref")):  # extension lists of a newer Excel
        if ext.text:
            ext.text = _grown(ext.text, old_last, new_last)


def _carry_look(sheet: etree._Element, left: int, right: int, old_last: int, new_last: int) -> None:
    """Each new row's cells in the table's columns take the look (style) of the table's last row."""
    data = sheet.find(q(MAIN, "sheetData"))
    if data is None:
        return
    rows = {int(r.get("r", "0")): r for r in data.findall(q(MAIN, "row"))}
    template = rows.get(old_last)
    if template is None:
        return
    looks = {}
    for c in template.findall(q(MAIN, "c")):
        col = split_cell(c.get("r", "A1"))[1]
        if left <= col <= right and c.get("s", "0") != "0":
            looks[col] = c.get("s")
    if not looks:
        return
    row_attributes = {k: v for k, v in template.attrib.items() if k in ("ht", "customHeight", "s", "customFormat")}
    previous = template
    for number in range(old_last + 1, new_last + 1):
        row = rows.get(number)
        if row is None:  # rows go in order: a new one comes right after the one before it
            row = etree.Element(q(MAIN, "row"), r=str(number), **row_attributes)
            previous.addnext(row)
        previous = row
        present = {split_cell(c.get("r", "A1"))[1]: c for c in row.findall(q(MAIN, "c"))}
        for col, look in sorted(looks.items()):
            cell = present.get(col)
            if cell is None:
                cell = etree.Element(q(MAIN, "c"), r=f"{column_letter(col)}{number}", s=look)
                later = [n for n in present if n > col]
                if later:
                    present[min(later)].addprevious(cell)
                else:
                    row.append(cell)
                present[col] = cell
            elif cell.get("s", "0") == "0":
                cell.set("s", look)


__all__ = ["grow_tables"]
