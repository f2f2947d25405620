"""Forms workbook: one worksheet per form, each printing on one A4 page.

Pages (:mod:`tourneybook.forms.layout`) become worksheets with merged,
bordered writing boxes, fixed row heights, a print area, narrow margins and
fit-to-page (one page wide, one page tall), so that LibreOffice and Excel both
print every form on exactly one sheet of paper.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Protocol

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from .. import office
from ..errors import InputError
from ..workbook.filestore import save_atomically
from .layout import Cell, Look, Page, Row


class Form(Protocol):
    """Any form model: it lays itself out as one page."""

    def page(self) -> Page: ...


THIN = Side(style="thin", color="000000")
BOXED = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
SHADE = PatternFill("solid", fgColor="D9D9D9")

FONT_SIZE: dict[Look, float] = {
    Look.TITLE: 16,
    Look.SECTION: 10,
    Look.LABEL: 10,
    Look.HEADER: 8,
    Look.BOX: 11,
    Look.TEXT: 8,
    Look.BLANK: 10,
}
"""Points per look; pre-filled names print at 11 so they are easy to read at the table."""


def workbook(forms: Iterable[Form]) -> Workbook:
    """A workbook with one worksheet per form, in the given order."""
    book = Workbook()
    book.remove(book.active)
    used: set[str] = set()
    for form in forms:
        page = form.page()
        sheet = book.create_sheet(unique_name(page.name, used))
        draw(sheet, page)
    if not book.sheetnames:
        raise InputError("no forms to print: the round has no tables")
    return book


def write(forms: Sequence[Form], out: Path, pdf: bool = False, overwrite: bool = False) -> list[Path]:
    """Save the forms workbook at ``out`` and, with ``pdf``, its PDF beside it.

    An existing ``out`` is replaced only with ``overwrite`` (it might be the event
    workbook itself), and then atomically. The PDF is made by LibreOffice
    (:func:`tourneybook.office.convert`), one page per form.
    """
    out = Path(out)
    if out.suffix.lower() != ".xlsx":
        raise InputError(f"{out}: the forms workbook must be an .xlsx file")
    if out.exists() and not overwrite:
        raise InputError(f"{out} already exists: choose another name, or add --force to overwrite it")
    book = workbook(forms)
    out.parent.mkdir(parents=True, exist_ok=True)
    save_atomically(book, out)
    written = [out]
    if pdf:
        written.append(office.convert(out, "pdf", out.parent))
    return written


def draw(sheet: Worksheet, page: Page) -> None:
    """Write one page's cells, styles and print settings onto an empty worksheet."""
    for col, width in enumerate(page.widths, start=1):
        sheet.column_dimensions[get_column_letter(col)].width = width
    for number, row in enumerate(page.rows, start=1):
        sheet.row_dimensions[number].height = row_height(row, page.widths)
        col = 1
        for cell in row.cells:
            place(sheet, number, col, cell)
            col += cell.span
    setup_print(sheet, page)


def place(sheet: Worksheet, row: int, col: int, cell: Cell) -> None:
    first = sheet.cell(row=row, column=col)
    if cell.text:
        first.value = cell.text
    last_col = col + cell.span - 1
    if cell.span > 1:
        sheet.merge_cells(start_row=row, start_column=col, end_row=row, end_column=last_col)
    bold = cell.look in (Look.TITLE, Look.SECTION, Look.LABEL, Look.HEADER)
    first.font = Font(name="DejaVu Sans", size=FONT_SIZE[cell.look], bold=bold)
    centred = cell.look is Look.HEADER
    first.alignment = Alignment(
        horizontal="center" if centred else "left",
        vertical="top" if cell.look is Look.TEXT else "center",
        wrap_text=cell.look in (Look.TEXT, Look.HEADER, Look.BOX, Look.LABEL),
        indent=0 if centred or cell.look is Look.TITLE else 1,
    )
    # Every cell of a merged box carries the border, or its inner edges would not print.
    for c in range(col, last_col + 1):
        target = sheet.cell(row=row, column=c)
        if cell.look in (Look.BOX, Look.HEADER):
            target.border = BOXED
        if cell.look in (Look.SECTION, Look.HEADER):
            target.fill = SHADE


def row_height(row: Row, widths: Sequence[float]) -> float:
    """The row's height, raised so that wrapped text is never cut off."""
    needed = row.height
    col = 0
    for cell in row.cells:
        width = sum(widths[col : col + cell.span])
        col += cell.span
        if cell.text and cell.look in (Look.TEXT, Look.HEADER, Look.BOX, Look.LABEL):
            size = FONT_SIZE[cell.look]
            lines = text_lines(cell.text, width, size)
            needed = max(needed, lines * size * 1.35 + 4)
    return needed


def text_lines(text: str, width: float, size: float) -> int:
    """Printed lines of ``text`` in a box ``width`` characters wide (DejaVu Sans, generous)."""
    # A width unit is one digit at 11 pt; DejaVu Sans runs about 15 % wider than Calibri.
    per_line = max(1, int((width - 1) * 11 / size / 1.05))
    return sum(max(1, math.ceil(len(part) / per_line)) for part in text.split("\n"))


def setup_print(sheet: Worksheet, page: Page) -> None:
    last = f"{get_column_letter(len(page.widths))}{len(page.rows)}"
    sheet.print_area = f"A1:{last}"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.orientation = "landscape" if page.landscape else "portrait"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 1
    sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    sheet.page_margins = PageMargins(left=0.4, right=0.4, top=0.4, bottom=0.4, header=0.2, footer=0.2)
    sheet.print_options.horizontalCentered = True
    sheet.sheet_view.showGridLines = False


def unique_name(name: str, used: set[str]) -> str:
    """A worksheet name Excel accepts (no []:*?/\\, at most 31 characters), unique in the book."""
    base = re.sub(r"[\[\]:*?/\\]", "-", name).strip("'") or "Form"
    base = base[:31]
    candidate, n = base, 2
    while candidate.casefold() in used:
        suffix = f" ({n})"
        candidate, n = base[: 31 - len(suffix)] + suffix, n + 1
    used.add(candidate.casefold())
    return candidate
