"""The result sheets as the published PDF prints them (``standings.pdf``).

A workbook's result sheet sets a number right-aligned against a text left-aligned
in the next column; on screen the grid lines part them, on paper they run together
('1Íñigo Ibáñez', '8.50winning nations'). The printed copy gives every number a
blank's width at its right (Excel's and LibreOffice's '_ ' in a number format) and
names the event on every page (the title, or the page header): a PDF's first page may
be the final's, and a page passed on alone still says whose results it holds. It is in the event's
language (Settings, 'Language'): its headings and the rules' words through the catalogue, its numbers
with the language's decimal mark (a locale in their number format). The workbook's widths were chosen for
its English words: a column is widened to hold its longest word said ('Deutschland' under 'Großmacht'), its
rows made tall enough for the texts that wrap, and a note below a table is broken between words onto rows
of its own within the printed width (a game scoring's rule ran off the page's edge). The workbook itself is
not touched.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction

from ..files.address import column_letter, split_cell
from ..files.store import Cell, ResultSheet
from ..i18n import ENGLISH_WORDS, Words
from ..workbook.print_layout import FIRST_ROW, header_height, printed_lines, shown_width, wrapped_row_heights
from ..workbook.render import SUGGESTED_LOT
from .phrases import said

LOT_SAID = {SUGGESTED_LOT: "suggested lot"}
"""The Standings' Lot column as the players read it (publish/tables.py, LOT_WORDS): the workbook's cell tells the
organiser where to enter the lot ('suggested lot: enter decisions in Players!F'), which is no reader's business."""

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
    return _fitted(dataclasses.replace(sheet, rows=rows, print_header=header, charts=charts))


def _fitted(sheet: ResultSheet) -> ResultSheet:
    """``sheet`` laid out for its words as said: each column wide enough for its longest word (header and table;
    not column A's title and notes, which run on across the empty cells), the header and wrapped rows tall
    enough, and the notes after the table on rows of their own, broken between words within the printed width."""
    rows, widths = sheet.rows, list(sheet.column_widths)
    table = [row for row in rows[FIRST_ROW - 2:] if len(row) > 1]  # the header row and the table's rows
    for column, width in enumerate(widths):
        words = (shown_width(word) for row in table if column < len(row) and isinstance(row[column].value, str)
                 for word in row[column].value.split())
        widths[column] = max(width, max(words, default=0) + 2)
    end = len(rows)
    while end > FIRST_ROW and len(rows[end - 1]) <= 1 and (not rows[end - 1] or rows[end - 1][0].style == "note"):
        end -= 1  # the notes below the table (and the blank row before them)
    first, _, last = sheet.print_area.rpartition(":")
    last_row, last_column = split_cell(last) if last else (0, len(widths))
    printed = widths[:last_column]
    room = max(20, int(sum(printed)) - 2)  # an italic note holds about a character per unit of width
    notes = tuple((dataclasses.replace(row[0], value=line),) if row else row for row in rows[end:]
                  for line in (printed_lines(str(row[0].value), room) if row and row[0].value else [""]))
    rows = rows[:end] + notes
    heights = dict(sheet.row_heights)
    header = rows[FIRST_ROW - 2] if len(rows) >= FIRST_ROW - 1 else ()
    fitted = {FIRST_ROW - 1: header_height([str(c.value or "") for c in header], widths),
              **dict(wrapped_row_heights(rows, widths, sheet.wrap_columns))}
    for number, height in fitted.items():
        heights[number] = max(heights.get(number, 0), height)
    area = f"{first}:{column_letter(last_column)}{len(rows)}" if last and last_row < len(rows) else sheet.print_area
    return dataclasses.replace(sheet, rows=rows, column_widths=tuple(widths), print_area=area,
                               row_heights=tuple(sorted(heights.items())))


def _said(cell: Cell, words: Words, event: str) -> Cell:
    """A cell in ``words``' language: a text the catalogue has translated ('Standings: ' before the event's name
    too), a number's format with the language's decimal mark; a name, as typed."""
    value = LOT_SAID.get(cell.value, cell.value)
    if isinstance(value, str):
        head, colon, tail = value.partition(": ")
        if colon and tail == event:
            return dataclasses.replace(cell, value=f"{words._(head)}: {tail}")
        if not value.endswith(" "):  # as it is: a phrase (the game-scoring note) is said from its parts
            return dataclasses.replace(cell, value=said(value, words))
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
