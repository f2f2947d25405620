"""The small reading/writing interface a recalculation works through.

The file path (openpyxl, :mod:`tourneybook.files.filestore`) and the
workbook open in Excel (xlwings, :mod:`tourneybook.excel.openbook`) both implement
:class:`WorkbookStore`, so that ``tourneybook recalc`` and the "Recalculate
standings" button run the very same code. Result sheets are described as data
(:class:`ResultSheet`) and each store renders them in its own way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..frozen import frozen

CellValue = Any  # str | int | float | Fraction | Decimal | datetime | bool | None


@frozen
class Mark:
    """What a sheet's note says about it (:mod:`tourneybook.files.marks` reads and writes the notes)."""

    sheet: str | None
    """The name the sheet was written under; None for an older note that does not say."""
    what: str
    """Which of :data:`tourneybook.files.marks.KINDS` wrote it."""

    def names(self, sheet: str) -> bool:
        """True when the note names ``sheet`` (sheet names compare as Excel does, ignoring case)."""
        return self.sheet is not None and self.sheet.casefold() == sheet.casefold()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a text starts that a spreadsheet program takes for a formula when it is typed or imported (OWASP:
CSV / formula injection): '=1+1', '+A1', '-2+3', '@SUM(A1)', and a tab or carriage return before one."""


def formula_like(value: CellValue) -> bool:
    """Whether ``value`` is a text that must be stored as text, never as a formula.

    Every writer of a cell goes through this one test: the file layer writes every
    text as an inline string (never <f>), the workbook templates (openpyxl) store
    such a text as a string with Excel's quote prefix, and the workbook open in Excel
    gets it with the leading apostrophe Excel reads as that prefix. The text itself
    is kept exactly: '=ill, see ...' is read back as '=ill, see ...'.
    """
    return type(value) is str and value.startswith(FORMULA_STARTS)


class Formula(str):
    """A formula whose result was never stored ('=A1*2'), as the file reader gives it.

    Text that merely starts with '=' is not one: Excel's quote prefix ('=ill typed as
    text) stores a plain string, and that string is the organiser's text.
    """


@frozen
class SheetGrid:
    """The values of one sheet as the organiser left them, from cell A1."""

    name: str
    rows: tuple[tuple[CellValue, ...], ...]
    """Row-major values; None for an empty cell. Row 0 is sheet row 1."""
    merged: tuple[str, ...] = ()
    """Merged ranges such as 'B2:C3' (entry sheets must not have any)."""

    def value(self, row: int, col: int) -> CellValue:
        """Value at 1-based (row, col), None outside the used range."""
        if row - 1 < len(self.rows):
            line = self.rows[row - 1]
            if col - 1 < len(line):
                return line[col - 1]
        return None


@frozen
class Cell:
    """One written cell of a result sheet."""

    value: CellValue
    style: str = ""
    """'' plain; 'title', 'header', 'note', 'warning', 'good' (named, rendered by the store)."""
    number_format: str = ""
    """Excel number format such as '0.00'; '' for general."""


@frozen
class Chart:
    """A bar chart over a block of the sheet (categories and one or more value columns)."""

    title: str
    categories: str
    """Range of category labels, e.g. 'B5:B20'."""
    series: tuple[tuple[str, str], ...]
    """(series title, value range) pairs."""
    anchor: str
    """Top-left cell where the chart is placed."""
    y_title: str = ""
    kind: str = "bar"
    """'bar' (horizontal bars, first category at the top) or 'line' (one line per series)."""
    reversed_values: bool = False
    """Smallest value at the top of the value axis: for positions, where 1st is best."""
    height_cm: float = 0.0
    """Height on the sheet in cm; 0 lets the store size it by the number of categories."""
    series_in_rows: bool = False
    """Each series' values run along a row (a player's positions round by round) rather than down a column."""


@frozen
class ResultSheet:
    """A computed sheet, replaced whole on every recalculation."""

    name: str
    rows: tuple[tuple[Cell, ...], ...]
    column_widths: tuple[float, ...] = ()
    freeze: str = ""
    """Cell below/right of the frozen panes, e.g. 'A5'."""
    charts: tuple[Chart, ...] = ()
    landscape: bool = False
    # -- how the sheet prints (A4); every store renders these the same way ------------
    print_area: str = ""
    """What prints, e.g. 'A1:K354' (leaves out the exact-fraction column); '' prints the used range."""
    print_title_rows: str = ""
    """Rows repeated at the top of every printed page, e.g. '1:4' (title and column headers)."""
    print_title_columns: str = ""
    """Columns repeated at the left of every page when the sheet prints several pages across, e.g. 'A:B'."""
    fit_to_width: bool = False
    """Scale the printed columns to one page width (the sheet's widths are chosen to keep text >= 9 pt)."""
    row_heights: tuple[tuple[int, float], ...] = ()
    """(1-based row, height in points): header rows tall enough for their wrapped text."""
    wrap_columns: tuple[int, ...] = ()
    """1-based columns whose long texts (notes, reasons) wrap within the column width."""
    page_breaks: tuple[int, ...] = ()
    """A new printed page starts after each of these 1-based rows (e.g. before the chart)."""
    pictures: tuple[tuple[str, bytes], ...] = ()
    """(anchor cell, PNG bytes): pictures placed at a cell, such as the live address's QR code on the Seating sheet."""
    print_header: str = ""
    """Printed at the top of every page (the page header), e.g. the title when its row is left out of the print."""

    def grid(self, rows: int | None = None) -> SheetGrid:
        """The sheet's values as a reader sees them once written (its first ``rows`` rows; all by default)."""
        return SheetGrid(self.name, tuple(tuple(c.value for c in line) for line in self.rows[:rows]))


def picture_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height in pixels, as its header (IHDR, the first chunk) gives them: how large a picture of
    :attr:`ResultSheet.pictures` is drawn (at 96 dpi) and how tall its row must be."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def title_header(text: str) -> str:
    """A page header section's code for ``text`` printed as a title (:attr:`ResultSheet.print_header`): bold, 14 pt,
    '&' doubled as Excel asks. The file store and Excel's PageSetup (the open book's store) write the same."""
    return '&"-,Bold"&14' + text.replace("&", "&&")


class ReadOnce:
    """A store as one command (or one state of the live hall) reads it: each sheet read the first
    time it is asked for, then kept, so every reader of that moment sees the same values and no
    sheet is read twice. It reads (``sheet_names``, ``read``, ``grid``); writes go to ``store``.
    """

    def __init__(self, store: "WorkbookStore"):
        self.store = store
        self._names = list(store.sheet_names())
        self._grids: dict[str, SheetGrid] = {}

    def sheet_names(self) -> list[str]:
        return list(self._names)

    def read(self, name: str) -> SheetGrid:
        grid = self._grids.get(name)
        if grid is None:
            grid = self._grids[name] = self.store.read(name)
        return grid

    def grid(self, name: str) -> SheetGrid | None:
        """The sheet's cells; None when the workbook has no such sheet (the readers name it missing)."""
        return self.read(name) if name in self._names else None


class WorkbookStore(Protocol):
    """Where entry sheets are read from and result sheets are written to."""

    def sheet_names(self) -> list[str]:
        """Names of all sheets, in workbook order."""
        ...

    def read(self, name: str) -> SheetGrid:
        """The values of sheet ``name`` (KeyError if there is none)."""
        ...

    def mark(self, name: str) -> Mark | None:
        """The note marking sheet ``name`` as TourneyBook's (:mod:`tourneybook.files.marks`), read from its first rows only."""
        ...

    def replace(self, sheet: ResultSheet) -> None:
        """Create or wholly replace the result sheet ``sheet.name``.

        An existing sheet of that name is replaced only when it is TourneyBook's
        (:func:`tourneybook.files.marks.may_replace`); an organiser's sheet of that
        name is an InputError that says to rename it.
        """
        ...

    def remove(self, name: str) -> None:
        """Delete sheet ``name`` if it is TourneyBook's (:func:`tourneybook.files.marks.may_delete`), else nothing."""
        ...

    def write_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        """Type values into cells of the existing sheet ``name``, keyed by 1-based (row, column).

        This is how a draw (or ``withdraw``/``join``) fills an entry sheet: only those
        cells change; every other cell, style, validation and object of the sheet stays.
        KeyError if there is no such sheet.
        """
        ...


__all__ = ["Cell", "CellValue", "Chart", "ReadOnce", "ResultSheet", "SheetGrid", "WorkbookStore", "picture_size"]
