"""The result sheets as the published PDF prints them (``standings.pdf``).

A workbook's result sheet sets a number right-aligned against a text left-aligned
in the next column; on screen the grid lines part them, on paper they run together
('1Íñigo Ibáñez', '8.50winning nations'). The printed copy gives every number a
blank's width at its right (Excel's and LibreOffice's '_ ' in a number format) and
names the event on every page (the title, or the page header): a PDF's first page may
be the final's, and a page passed on alone still says whose results it holds. It is in the event's
language (Settings, 'Language'): its headings and the rules' words through the catalogue, its numbers
with the language's decimal mark (a locale in their number format). The workbook itself is not touched.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction

from ..files.store import Cell, ResultSheet
from ..i18n import ENGLISH_WORDS, Words
from .phrases import said

SPACED = "_ "
"""A number format's tail that leaves the width of a blank after the number (ECMA-376 18.8.31: '_' and a character)."""


def printed_sheet(sheet: ResultSheet, event: str, words: Words = ENGLISH_WORDS) -> ResultSheet:
    """``sheet`` with its numbers spaced from the next column and ``event`` on each of its pages: its title says
    it already ('Standings: Essen 2024'), or the page header does (above 'Final placings', whose narrow table
    would cut a longer title at its print area's edge). In ``words``' language: the words a catalogue has
    (headings, criteria, powers), the decimal mark in the numbers' format."""
    rows = tuple(tuple(_said(_spaced(c), words, event) for c in row) for row in sheet.rows)
    named = bool(rows and rows[0] and event in str(rows[0][0].value))
    header = sheet.print_header or ("" if named or not event else event)
    charts = tuple(dataclasses.replace(c, title=said(c.title, words), y_title=said(c.y_title, words),
                                       series=tuple((said(t, words), r) for t, r in c.series)) for c in sheet.charts)
    return dataclasses.replace(sheet, rows=rows, print_header=header, charts=charts)


def _said(cell: Cell, words: Words, event: str) -> Cell:
    """A cell in ``words``' language: a text the catalogue has translated ('Standings: ' before the event's name
    too), a number's format with the language's decimal mark; a name, as typed."""
    value = cell.value
    if isinstance(value, str):
        head, colon, tail = value.partition(": ")
        if colon and tail == event:
            return dataclasses.replace(cell, value=f"{words._(head)}: {tail}")
        kept = value.rstrip(" ")  # a number's header keeps its blank at the right
        return dataclasses.replace(cell, value=said(kept, words) + value[len(kept):])
    if words.code != "en" and type(value) is not bool and isinstance(value, (int, float, Fraction, Decimal)):
        return dataclasses.replace(cell, number_format=words.number_format(cell.number_format or "General"))
    return cell


def _spaced(cell: Cell) -> Cell:
    value = cell.value
    if cell.style == "number_header" and isinstance(value, str) and value and not value.endswith(" "):
        return dataclasses.replace(cell, value=value + " ")  # over its numbers: the same blank at its right
    if type(value) is bool or not isinstance(value, (int, float, Fraction, Decimal)) or cell.style not in ("", "cut"):
        return cell
    fmt = cell.number_format or ("0" if isinstance(value, int) else "0.00")
    if ";" in fmt or fmt.endswith(SPACED):
        return cell
    return dataclasses.replace(cell, number_format=fmt + SPACED)


__all__ = ["printed_sheet"]
