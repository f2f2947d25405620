"""Printed forms drawn as sheets of the workbook open in Excel, as :mod:`tourneybook.forms.render` draws them in a file.

The forms package lays every form out as a :class:`~tourneybook.forms.layout.Page`
(cells spanning columns, looks, row heights) and draws it with openpyxl for
``tourneybook forms``. Here the same pages are drawn through xlwings' calls, on
every engine: values, merged spans, fonts, borders, shading, widths, row
heights and the print area (one printed page per sheet, small forms sharing a
page as :func:`tourneybook.forms.render.pages` groups them for the command line). A4, orientation and
fit-to-page are set through Excel's own PageSetup on Windows (as the result
sheets' are, :func:`tourneybook.excel.openbook.windows_page_setup`).
"""

from __future__ import annotations

import sys
from typing import Any

from ..forms.layout import Look, Page
from ..forms.render import BOLD, FONT, WRAPPED, font_size, row_height
from ..files.marks import FORM, note
from ..files.address import column_letter
from .openbook import XL_LANDSCAPE, XL_PAPER_A4, place_picture

SHADE = (217, 217, 217)
"""forms.render.SHADE as RGB."""
GREY = (128, 128, 128)


def draw_page(sheet: Any, page: Page, *, classic: bool) -> None:
    """Draw ``page`` onto the empty xlwings ``sheet``."""
    for col, width in enumerate(page.widths, start=1):
        letter = column_letter(col)
        sheet.range(f"{letter}:{letter}").column_width = width if classic else (width * 7 + 5) * 0.75
    values = []
    for row in page.rows:
        line: list[Any] = []
        for cell in row.cells:
            line += [cell.text or None] + [None] * (cell.span - 1)
        values.append(line)
    sheet.range("A1").value = values  # one block: one round trip
    for number, row in enumerate(page.rows, start=1):
        sheet.range(f"{number}:{number}").row_height = row_height(row, page.widths)
        col = 1
        for cell in row.cells:
            if cell.look is not Look.BLANK:
                size = font_size(cell.look, cell.text, sum(page.widths[col - 1 : col - 1 + cell.span]))
                _look(sheet.range((number, col), (number, col + cell.span - 1)), cell.look, cell.span, size)
            col += cell.span
    last = f"{column_letter(len(page.widths))}{len(page.rows)}"
    sheet.page_setup.print_area = f"A1:{last}"
    # The note that makes the sheet TourneyBook's (the next forms action replaces only such sheets):
    # beside the page, outside what prints.
    mark = sheet.range((1, len(page.widths) + 2))
    mark.value = note(sheet.name, FORM)
    mark.font.color = GREY
    if classic:  # desktop Excel places a picture from a file; Excel in a browser shows the code as text only
        for picture in page.pictures:
            place_picture(sheet, sheet.range((picture.row + 1, picture.col + 1)), picture.png)
    if classic and sys.platform == "win32":
        setup = sheet.api.PageSetup
        setup.PaperSize = XL_PAPER_A4
        if page.landscape:
            setup.Orientation = XL_LANDSCAPE
        setup.Zoom = False
        setup.FitToPagesWide = 1
        setup.FitToPagesTall = 1


def _look(rng: Any, look: Look, span: int, size: float) -> None:
    if span > 1:
        rng.merge()
    rng.font.name = FONT
    rng.font.size = size
    if look in BOLD:
        rng.font.bold = True
    if look in WRAPPED:
        rng.wrap_text = True
    if look in (Look.BOX, Look.HEADER):
        rng.borders.line_style = "continuous"
    if look is Look.CODE:  # the table's code for live reporting: a thick box, centred (forms.render draws the same)
        rng.borders.set("outside", line_style="continuous", weight="thick")
        rng.horizontal_alignment = "center"
    if look in (Look.SECTION, Look.HEADER):
        rng.color = SHADE
    if look is Look.CUT:  # the line to cut along between small forms sharing a page
        rng.borders["edge_bottom"].line_style = "dash"
        rng.font.color = GREY


__all__ = ["draw_page"]
