"""A printed page described as data: rows of cells on a column grid.

Each form model lays itself out as a :class:`Page` (pure, no openpyxl); the
renderer (:mod:`tourneybook.forms.render`) turns pages into worksheets. Cells
only span columns, never rows, so a page reads top to bottom like the paper.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from ..frozen import frozen
from ..i18n import N_


class Look(Enum):
    """How a cell is printed."""

    TITLE = "title"
    """The form's heading: large and bold."""
    SECTION = "section"
    """A shaded band that opens a section of the form."""
    LABEL = "label"
    """Bold text naming the box beside it; no border."""
    HEADER = "header"
    """A column heading of a table: bordered, shaded, bold, wrapped."""
    BOX = "box"
    """A bordered writing box, possibly pre-filled (names, numbers)."""
    NAME = "name"
    """A bordered box for a name read from a step away (the knock-out bracket on the wall): larger type."""
    TEXT = "text"
    """Small wrapped text: rule reminders and instructions."""
    BLANK = "blank"
    """Nothing printed."""
    CUT = "cut"
    """A dashed line across the page, to cut apart forms that share it."""
    CODE = "code"
    """The table's code for live reporting, in a thick box at the top of the form: large, bold, read off paper."""


@frozen
class Cell:
    """One cell of a row, spanning ``span`` grid columns."""

    text: str = ""
    """What is printed; '' leaves a box empty for handwriting."""
    look: Look = Look.BLANK
    span: int = 1
    """Number of grid columns the cell covers."""


@frozen
class Row:
    """One printed line of the form."""

    cells: tuple[Cell, ...]
    height: float = 22
    """Row height in points (a writing box needs at least 20, about 7 mm)."""


@frozen
class Picture:
    """A PNG drawn over the page (a QR code), its top-left corner at a 0-based row and grid column."""

    row: int
    col: int
    png: bytes


@frozen
class Page:
    """One form: printed on exactly one A4 page."""

    name: str
    """Worksheet name (unique in the workbook, at most 31 characters)."""
    widths: tuple[float, ...]
    """Grid column widths in Excel character units."""
    rows: tuple[Row, ...]
    landscape: bool = False
    pictures: tuple[Picture, ...] = ()

    def __post_init__(self) -> None:
        # A row that does not cover the grid exactly is a layout bug, never input.
        for number, row in enumerate(self.rows, start=1):
            covered = sum(c.span for c in row.cells)
            if covered != len(self.widths):
                raise AssertionError(f"page {self.name!r} row {number} covers {covered} of {len(self.widths)} columns")


CUT_HERE = N_("cut here")
"""The words on the cut line between forms that share a sheet of paper."""


def stack(pages: Sequence[Page], cut: str = CUT_HERE) -> Page:
    """Pages of one grid printed on one sheet of paper, top to bottom, with a cut line between them (``cut``: its
    words, in the forms' language)."""
    first, last = pages[0], pages[-1]
    if len(pages) == 1:
        return first
    span = len(first.widths)
    rows: list[Row] = list(first.rows)
    pictures = list(first.pictures)
    for page in pages[1:]:
        rows += [gap(span, 4), line(Cell(f"✂ - - - {cut} - - -", Look.CUT, span), height=12), gap(span, 6)]
        pictures += [Picture(p.row + len(rows), p.col, p.png) for p in page.pictures]
        rows += page.rows
    head, _, tail = last.name.rpartition(" ")
    name = f"{first.name}-{tail}" if head and first.name.startswith(head + " ") else f"{first.name}-{last.name}"
    return Page(name, first.widths, tuple(rows), first.landscape, tuple(pictures))


def line(*cells: Cell, height: float = 22) -> Row:
    """A row from its cells."""
    return Row(tuple(cells), height)


def title(text: str, span: int) -> Row:
    return line(Cell(text, Look.TITLE, span), height=30)


def section(text: str, span: int) -> Row:
    return line(Cell(text, Look.SECTION, span), height=18)


def note(text: str, span: int, height: float = 14) -> Row:
    return line(Cell(text, Look.TEXT, span), height=height)


def gap(span: int, height: float = 6) -> Row:
    return line(Cell("", Look.BLANK, span), height=height)


def box(text: object = "", span: int = 1) -> Cell:
    """A writing box; ``None`` and '' both leave it empty."""
    return Cell("" if text is None else str(text), Look.BOX, span)


def label(text: str, span: int = 1) -> Cell:
    return Cell(text, Look.LABEL, span)


def header(text: str, span: int = 1) -> Cell:
    return Cell(text, Look.HEADER, span)


def text(value: str, span: int = 1) -> Cell:
    return Cell(value, Look.TEXT, span)
