"""Forms workbook: one worksheet per printed A4 page.

Forms (:mod:`tourneybook.forms.layout` pages) become worksheets with merged,
bordered writing boxes, fixed row heights, a print area, narrow margins, A4
paper and fit-to-page (one page wide, one page tall), so that LibreOffice and
Excel both print every sheet on exactly one sheet of paper. Small forms share
a page (:func:`pages`): Carcassonne slips print three to an A4 page with cut
lines between them.

The workbook is new, written once and never read back, so it is written with
xlsxwriter (a page of 60 rows costs a few milliseconds). This module only makes
its bytes; :mod:`tourneybook.forms.printing` saves them (atomically, through the
file layer) and prints the PDF.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from ..errors import InputError
from ..i18n import ENGLISH_WORDS
from .layout import CUT_HERE, Look, Page, Row, stack


class Form(Protocol):
    """Any form model: it lays itself out as one page, and says how many of it share a sheet of paper."""

    per_page: int
    """1 for a full-page form; 3 for a slip (three to an A4 page, cut apart)."""

    def page(self) -> Page: ...


FONT = "DejaVu Sans"
"""A font LibreOffice ships everywhere and Excel substitutes cleanly."""

FONT_SIZE: dict[Look, float] = {
    Look.TITLE: 16,
    Look.SECTION: 10,
    Look.LABEL: 10,
    Look.HEADER: 9.5,
    Look.BOX: 11,
    Look.NAME: 14,
    Look.TEXT: 9.5,
    Look.BLANK: 10,
    Look.CUT: 8,
    Look.CODE: 24,
}
"""Points per look; pre-filled names print at 11 so they are easy to read at the table."""

FITTED: dict[Look, tuple[float, ...]] = {look: tuple(FONT_SIZE[look] - less for less in (0, 1, 2, 3))
                                         for look in (Look.HEADER, Look.LABEL)}
"""The sizes of a column header and a label, largest first: a word longer than its box (German 'Reichsarmee',
'Ausgeschieden' over a narrow column, 'Tischcode' beside the table's code) prints at the largest size that holds it
whole, never broken inside the word."""
WORD_FIT = 1.2
"""Characters of a bold word per digit of column width at 11 pt: LibreOffice holds 'Hannover' whole at 9.5 pt in a
column 7.5 wide, not 'Österreich'."""


def holds(look: Look, text: str, width: float, size: float) -> bool:
    """Whether a box of ``look`` ``width`` wide holds the longest word of ``text`` whole at ``size`` points."""
    room = width - (2 if look is Look.LABEL else 1)  # a label is indented by a character (cell_format)
    return room * 11 / size * WORD_FIT >= max((len(word) for word in text.split()), default=0)


def font_size(look: Look, text: str, width: float) -> float:
    """Points of the type of ``text`` in a box of ``look`` ``width`` wide: the look's, or for a header or a label
    the largest of its :data:`FITTED` sizes that holds its longest word (the smallest when none does)."""
    if look not in FITTED:
        return FONT_SIZE[look]
    return next((size for size in FITTED[look] if holds(look, text, width, size)), FITTED[look][-1])


LINE_SPACING = {Look.TEXT: 1.2}
"""Points of row height per point of type and line; notes run in longer paragraphs, set a little tighter
(what LibreOffice and Excel draw: about 1.17), so a page of them scales down less (the CAFE report)."""
NOTE_FIT = 1.22
"""Characters of a note (plain DejaVu Sans) per digit of column width: LibreOffice's PDF fits about 70 of the
CAFE checklist's characters on a line 45 units wide at 9.5 pt (1.45); counted at 62 so that Excel's wider
substitutes still fit. Bold headers keep the generous 1/1.05. Less room wasted under the notes lets the CAFE
report's page scale down less: its headers and notes print at 8 pt or more."""
SHADE = "#D9D9D9"
BOLD = frozenset({Look.TITLE, Look.SECTION, Look.LABEL, Look.HEADER, Look.CODE})
WRAPPED = frozenset({Look.TEXT, Look.HEADER, Look.BOX, Look.NAME, Look.LABEL})
A4 = 9
"""Excel's paper size number for A4."""
MARGIN = 0.4
"""Inches on every side: narrow, so that forms print large."""


def pages(forms: Iterable[Form]) -> list[Page]:
    """The printed pages of ``forms`` in order: consecutive small forms of one kind share a page (their cut line
    in the forms' language)."""
    printed: list[Page] = []
    group: list[Page] = []
    size = 1
    cut = CUT_HERE
    for form in forms:
        per_page = getattr(form, "per_page", 1)
        for page in form.pages() if hasattr(form, "pages") else (form.page(),):  # a bracket prints on two
            if group and (per_page != size or len(group) == size or page.widths != group[0].widths):
                printed.append(stack(group, cut))
                group = []
            cut = getattr(form, "words", ENGLISH_WORDS)._(CUT_HERE)
            size = per_page
            group.append(page)
            if per_page == 1:
                printed.append(group.pop())
    if group:
        printed.append(stack(group, cut))
    return printed


def workbook_bytes(forms: Iterable[Form]) -> bytes:
    """The forms workbook (.xlsx) as bytes: one worksheet per printed page."""
    printed = pages(forms)
    if not printed:
        raise InputError("no forms to print: the round has no tables")
    buffer = io.BytesIO()
    import xlsxwriter  # only when forms are written: the command line starts without it

    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    looks = {look: book.add_format(cell_format(look)) for look in Look}
    fitted = {(look, size): book.add_format({**cell_format(look), "font_size": size})
              for look, sizes in FITTED.items() for size in sizes}
    used: set[str] = set()
    for page in printed:
        draw(book.add_worksheet(unique_name(page.name, used)), page, looks, fitted)
    book.close()
    return buffer.getvalue()


def cell_format(look: Look) -> dict[str, Any]:
    """The xlsxwriter format of a look (font, wrapping, border, shading)."""
    centred = look in (Look.HEADER, Look.CUT, Look.CODE)
    fmt: dict[str, Any] = {
        "font_name": FONT,
        "font_size": FONT_SIZE[look],
        "bold": look in BOLD,
        "align": "center" if centred else "left",
        "valign": "top" if look is Look.TEXT else "vcenter",
        "text_wrap": look in WRAPPED,
    }
    if not (centred or look is Look.TITLE):
        fmt["indent"] = 1
    if look in (Look.BOX, Look.NAME, Look.HEADER):
        fmt["border"] = 1  # thin, on every cell of a merged box
    if look in (Look.SECTION, Look.HEADER):
        fmt.update(pattern=1, bg_color=SHADE)
    if look is Look.CUT:
        fmt.update(bottom=3, font_color="#808080")  # a dashed line to cut along
    if look is Look.CODE:
        fmt["border"] = 5  # thick: the box the eye finds first (24 pt: 14 pt or more once a full page is fitted to A4)
    return fmt


def draw(sheet: Any, page: Page, looks: dict[Look, Any], fitted: dict[tuple[Look, float], Any]) -> None:
    """Write one page's cells, styles and print settings onto a new worksheet (``fitted``: the formats of the
    headers and labels at each of their :data:`FITTED` sizes)."""
    for col, width in enumerate(page.widths):
        sheet.set_column(col, col, width)
    for number, row in enumerate(page.rows):
        sheet.set_row(number, row_height(row, page.widths))
        col = 0
        for cell in row.cells:
            width = sum(page.widths[col : col + cell.span])
            fmt = fitted[cell.look, font_size(cell.look, cell.text, width)] if cell.look in FITTED else looks[cell.look]
            if cell.span > 1:
                sheet.merge_range(number, col, number, col + cell.span - 1, cell.text, fmt)
            elif cell.text:
                sheet.write_string(number, col, cell.text, fmt)
            elif cell.look is not Look.BLANK:
                sheet.write_blank(number, col, None, fmt)
            col += cell.span
    for picture in page.pictures:  # QR codes: moved with their cells, never resized by a row height
        sheet.insert_image(picture.row, picture.col, f"qr-{picture.row}-{picture.col}.png",
                           {"image_data": io.BytesIO(picture.png), "object_position": 3})
    setup_print(sheet, page)


def row_height(row: Row, widths: Sequence[float]) -> float:
    """The row's height, raised so that wrapped text is never cut off."""
    needed = row.height
    col = 0
    for cell in row.cells:
        width = sum(widths[col : col + cell.span])
        col += cell.span
        if cell.text and cell.look in WRAPPED:
            size = font_size(cell.look, cell.text, width)
            lines = text_lines(cell.text, width, size, NOTE_FIT if cell.look is Look.TEXT else 1 / 1.05)
            needed = max(needed, lines * size * LINE_SPACING.get(cell.look, 1.35) + 4)
    return needed


def text_lines(text: str, width: float, size: float, fit: float = 1 / 1.05) -> int:
    """Printed lines of ``text`` in a box ``width`` characters wide (DejaVu Sans, generous)."""
    # A width unit is one digit at 11 pt; ``fit`` is characters per digit at the same size.
    per_line = max(1, int((width - 1) * 11 / size * fit))
    return sum(max(1, math.ceil(len(part) / per_line)) for part in text.split("\n"))


def setup_print(sheet: Any, page: Page) -> None:
    """A4, the page's orientation, one page wide and tall, narrow margins, centred, no grid lines."""
    sheet.print_area(0, 0, len(page.rows) - 1, len(page.widths) - 1)
    sheet.set_paper(A4)
    if page.landscape:
        sheet.set_landscape()
    else:
        sheet.set_portrait()
    sheet.fit_to_pages(1, 1)
    sheet.set_margins(left=MARGIN, right=MARGIN, top=MARGIN, bottom=MARGIN)
    sheet.set_header("", {"margin": 0.2})
    sheet.set_footer("", {"margin": 0.2})
    sheet.center_horizontally()
    sheet.hide_gridlines(2)


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


__all__ = ["FITTED", "FONT_SIZE", "Form", "font_size", "holds", "pages", "row_height", "unique_name", "workbook_bytes"]
