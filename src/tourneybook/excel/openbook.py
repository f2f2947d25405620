"""A :class:`~tourneybook.files.store.WorkbookStore` over a workbook open in Excel (an xlwings Book).

The same code serves classic xlwings (Excel on Windows/macOS through RunPython)
and the remote engine behind xlwings Lite and xlwings Server, whose Book is
built from the JSON the add-in sends (``xw.Book(json=...)``): both offer the
calls used here. Writes on the remote engine are queued as actions that the
add-in applies after the script returns, so nothing here reads back what it wrote.

What an open book does not get, by design: merged ranges are reported as none
(the remote engine cannot read them synchronously, and entry sheets must not
have any), and frozen panes are set on the remote engine only (classic xlwings
has no call for them).

Printing: the print area, wrapped columns and header row heights are set on every
engine (xlwings has calls for them). A4, orientation, fit to width, repeated title
rows and page breaks have no xlwings call; desktop Excel on Windows gets them
through Excel's own PageSetup object (``sheet.api``); elsewhere (macOS, Lite, the
web) they stay as the organiser's Page Layout settings. ``tourneybook publish``
prints the same sheets to PDF with every setting.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..errors import InputError
from ..files.address import column_letter, split_cell
from ..files.marks import Mark, may_delete, may_replace, not_ours, printed_without_note, sheet_mark
from ..files.sheetwriter import LINE_COLOURS, LINE_DASHES, LINE_MARKERS
from ..files.store import Cell, CellValue, Chart, ResultSheet, SheetGrid, formula_like, title_header
from ..frozen import frozen

@frozen
class Look:
    """How a named cell style looks in Excel (see :attr:`Cell.style`)."""

    bold: bool = False
    italic: bool = False
    size: float | None = None
    """Font size in points; None keeps the sheet's default."""
    font: tuple[int, int, int] | None = None
    """Font colour (RGB); None keeps the default."""
    fill: tuple[int, int, int] | None = None
    """Background colour (RGB); None for no fill."""
    wrap: bool = False
    """Long texts wrap within the column (headers: the row is made tall enough for them)."""
    align: str | None = None
    """Horizontal alignment ('right' over a column of numbers); None keeps Excel's own (text left, numbers right)."""
    border_below: tuple[int, int, int] | None = None
    """A medium line under the cells, in this colour (the qualification cut); None for none."""


LOOKS: dict[str, Look] = {  # as the file store draws them (files.resultstyles)
    "title": Look(bold=True, size=14),
    "header": Look(bold=True, fill=(217, 225, 242), wrap=True),
    "number_header": Look(bold=True, fill=(217, 225, 242), wrap=True, align="right"),
    "cut": Look(border_below=(31, 78, 150)),
    "note": Look(italic=True, font=(89, 89, 89)),
    "warning": Look(bold=True, font=(156, 0, 6), fill=(255, 199, 206)),
    "good": Look(font=(0, 97, 0), fill=(198, 239, 206)),
    "wall": Look(size=16),
}


def frozen_area(freeze: str) -> str:
    """The area xlwings' ``freeze_at`` freezes for openpyxl's "first unfrozen cell".

    'A5' freezes rows 1-4 ('1:4'), 'C1' columns A-B ('A:B'), 'C5' both ('A1:B4').
    """
    row, col = split_cell(freeze)
    if col == 1:
        return f"1:{row - 1}"
    if row == 1:
        return f"A:{column_letter(col - 1)}"
    return f"A1:{column_letter(col - 1)}{row - 1}"


def excel_value(value: CellValue) -> Any:
    """A value xlwings can write: exact numbers become floats (the store shows them rounded); a text that
    starts like a formula gets the apostrophe Excel takes for its quote prefix (stored as that text, not run)."""
    if formula_like(value):
        return "'" + value
    if isinstance(value, (Fraction, Decimal)):
        return float(value)
    if hasattr(value, "value") and hasattr(value, "name"):  # enums show their value
        return value.value
    return value


def read_value(value: Any) -> CellValue:
    """A value as the file store would give it: whole numbers as int, empty as None.

    Excel hands every number over as a float and the Office add-in sends empty
    cells as ''; the readers above expect what openpyxl gives for the same cell.
    """
    if value == "" or value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def runs(keys: list[Any]) -> list[tuple[int, int, Any]]:
    """Maximal runs of equal keys as (start, length, key), 0-based."""
    found: list[tuple[int, int, Any]] = []
    for i, key in enumerate(keys):
        if found and found[-1][2] == key and found[-1][0] + found[-1][1] == i:
            start, length, _ = found[-1]
            found[-1] = (start, length + 1, key)
        else:
            found.append((i, 1, key))
    return found


def blocks(rows: tuple[tuple[Cell, ...], ...]) -> list[tuple[int, int, int, int, str]]:
    """Rectangles of equally styled cells as (top, left, bottom, right, style), 1-based.

    Runs along each row, merged down while the next row has the same run: one
    formatting call per block instead of per cell (each is a round trip in Excel).
    """
    found: list[list[Any]] = []
    open_blocks: dict[tuple[int, int, str], list[Any]] = {}
    for r, row in enumerate(rows, start=1):
        still_open: dict[tuple[int, int, str], list[Any]] = {}
        for start, length, style in runs([c.style for c in row]):
            key = (start + 1, start + length, style)
            block = open_blocks.get(key)
            if block is not None and block[2] == r - 1:
                block[2] = r
            else:
                block = [r, start + 1, r, start + length, style]
                found.append(block)
            still_open[key] = block
        open_blocks = still_open
    return [tuple(b) for b in found if b[4]]


class OpenBookStore:
    """The organiser's open workbook, read and written through xlwings."""

    def __init__(self, book: Any):
        self.book = book
        self.classic = book.app.engine.name == "excel"
        """True in desktop Excel through RunPython; False on the remote engine (Lite, Server)."""
        self.notes: list[str] = []
        """What could not be done in this Excel (e.g. a chart it refused): shown in the message box."""
        self._written: dict[str, Mark | None] = {}
        """The marks of the sheets this run wrote, by casefolded name."""

    # -- reading ---------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return [sheet.name for sheet in self.book.sheets]

    def _sheet(self, name: str) -> Any:
        for sheet in self.book.sheets:
            if sheet.name == name:
                return sheet
        raise KeyError(name)

    def read(self, name: str) -> SheetGrid:
        sheet = self._sheet(name)
        last = sheet.used_range.last_cell
        values = sheet.range((1, 1), (last.row, last.column)).options(ndim=2).value
        rows = tuple(tuple(read_value(v) for v in row) for row in values)
        while rows and all(v is None for v in rows[-1]):
            rows = rows[:-1]
        return SheetGrid(name=name, rows=rows)

    def _existing(self, name: str) -> str | None:
        """The sheet named ``name`` as Excel compares sheet names (ignoring case), if any."""
        return next((n for n in self.sheet_names() if n.casefold() == name.casefold()), None)

    def mark(self, name: str) -> Mark | None:
        """The note marking sheet ``name`` as TourneyBook's, if any (read from its first two rows)."""
        if name.casefold() in self._written:  # the remote engine reads the book as it was sent, not our writes
            return self._written[name.casefold()]
        sheet = self._sheet(name)
        last = sheet.used_range.last_cell
        values = sheet.range((1, 1), (min(2, last.row), last.column)).options(ndim=2).value
        return sheet_mark(SheetGrid(name, tuple(tuple(read_value(v) for v in row) for row in values)))

    # -- writing ---------------------------------------------------------
    def remove(self, name: str) -> None:
        # Only a sheet whose note names it: an organiser's copy of a result sheet stays (files.marks).
        existing = self._existing(name)
        if existing is not None and may_delete(existing, self.mark(existing)):
            self._sheet(existing).delete()
            self._written.pop(existing.casefold(), None)

    def write_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        sheet = self._sheet(name)
        for (row, col), value in cells.items():
            sheet.range((row, col)).value = excel_value(value)
        if cells:
            grow_tables(sheet, max(row for row, _ in cells))

    def replace(self, result: ResultSheet) -> None:
        sheet = self._fresh_sheet(result.name)
        self._written[result.name.casefold()] = sheet_mark(SheetGrid(result.name, tuple(tuple(c.value for c in row) for row in result.rows[:2])))
        width = max((len(row) for row in result.rows), default=0)
        if width:
            block = [[excel_value(c.value) for c in row] + [None] * (width - len(row)) for row in result.rows]
            sheet.range("A1").value = block  # one block: one round trip / one action
            self._style(sheet, result.rows)
            self._number_formats(sheet, result.rows, width)
        self._column_widths(sheet, result.column_widths)
        if result.freeze and not self.classic:
            sheet.freeze_panes.freeze_at(frozen_area(result.freeze))
        self._printing(sheet, result)
        for chart in result.charts:
            self._chart(sheet, chart, result)
        if result.pictures and self.classic:  # desktop Excel adds pictures from files; in a browser there are none
            for old in list(sheet.pictures):
                old.delete()
            for cell, png in result.pictures:
                place_picture(sheet, sheet.range(cell), png)

    def _printing(self, sheet: Any, result: ResultSheet) -> None:
        if self.classic and sys.platform == "win32":  # only there can the title move into the page header
            result = printed_without_note(result)
        last = len(result.rows)
        for col in result.wrap_columns:
            if last:
                sheet.range((1, col), (last, col)).wrap_text = True
        for row, height in result.row_heights:
            sheet.range(f"{row}:{row}").row_height = height
        if result.print_area:
            sheet.page_setup.print_area = result.print_area
        if self.classic and sys.platform == "win32":
            try:
                windows_page_setup(sheet.api, result)
            except Exception as exc:  # noqa: BLE001 - the sheet's values matter more than its paper
                self.notes.append(f"{result.name}: the page setup could not be applied here ({exc})")

    def _fresh_sheet(self, name: str) -> Any:
        existing = self._existing(name)
        if existing is None:
            return self.book.sheets.add(name, after=self.book.sheets[len(self.book.sheets) - 1])
        if not may_replace(existing, self.mark(existing)):
            raise InputError(not_ours(existing, name))
        sheet = self._sheet(existing)
        # Cleared, not deleted: the organiser's formulas pointing at it keep working.
        sheet.clear()
        for chart in list(sheet.charts):
            chart.delete()
        if not self.classic:
            sheet.freeze_panes.unfreeze()
        return sheet

    @staticmethod
    def _style(sheet: Any, rows: tuple[tuple[Cell, ...], ...]) -> None:
        for top, left, bottom, right, style in blocks(rows):
            look = LOOKS.get(style)
            if look is None:
                continue
            rng = sheet.range((top, left), (bottom, right))
            if look.bold:
                rng.font.bold = True
            if look.italic:
                rng.font.italic = True
            if look.size:
                rng.font.size = look.size
            if look.font:
                rng.font.color = look.font
            if look.fill:
                rng.color = look.fill
            if look.wrap:
                rng.wrap_text = True
            if look.align:
                try:
                    rng.horizontal_alignment = look.align
                except NotImplementedError:  # a remote client other than Office.js: the header stays left
                    pass
            if look.border_below:
                rng.borders.set("edge_bottom", line_style="continuous", weight="medium", color=look.border_below)

    @staticmethod
    def _number_formats(sheet: Any, rows: tuple[tuple[Cell, ...], ...], width: int) -> None:
        for col in range(width):
            formats = [row[col].number_format if col < len(row) else "" for row in rows]
            for start, length, fmt in runs(formats):
                if fmt:
                    sheet.range((start + 1, col + 1), (start + length, col + 1)).number_format = fmt

    def _column_widths(self, sheet: Any, widths: tuple[float, ...]) -> None:
        # Classic Excel measures widths in characters, the Office add-ins in points.
        for col, chars in enumerate(widths, start=1):
            letter = column_letter(col)
            sheet.range(f"{letter}:{letter}").column_width = chars if self.classic else (chars * 7 + 5) * 0.75

    def _chart(self, sheet: Any, chart: Chart, result: ResultSheet) -> None:
        values = [sheet.range(rng) for _, rng in chart.series]
        top = min(v.row for v in values)
        left = min(v.column for v in values)
        bottom = max(v.last_cell.row for v in values)
        right = max(v.last_cell.column for v in values)
        # Series names are the header cells just above the values when they say so.
        titles = [title for title, _ in chart.series]
        header = [_written(result, top - 1, c) for c in range(left, right + 1)] if top > 1 else []
        if header == titles and not chart.series_in_rows:
            top -= 1
        if chart.series_in_rows:
            # one row per series: the titles are in the column left of the values, the categories above them
            top, left = sheet.range(chart.categories).row, left - 1
        try:
            made = sheet.charts.add(
                chart_type="line_markers" if chart.kind == "line" else "bar_clustered",
                source=sheet.range((top, left), (bottom, right)),
                plot_by="rows" if chart.series_in_rows else "columns",
                anchor=sheet.range(chart.anchor),
            )
            made.set_x_axis_values(sheet.range(chart.categories))
            made.title = chart.title
            if chart.kind == "line":
                self._lines_apart(made, len(chart.series))
        except Exception as exc:  # the sheet's numbers matter; a chart Excel refuses does not
            self.notes.append(f"{result.name}: chart '{chart.title}' could not be drawn here ({exc})")


    def _lines_apart(self, made: Any, count: int) -> None:
        """Each line its own colour and marker, as the file store draws them (files/sheetwriter.py).

        xlwings has no call for a line's dash or for a label at its last point: Excel on Windows gets them
        through the series' COM object; elsewhere the legend names the lines."""
        for index in range(count):
            colour = tuple(int(LINE_COLOURS[index % len(LINE_COLOURS)][i:i + 2], 16) for i in (0, 2, 4))
            series = chart_series(made, index + 1)
            series.set(marker_style=LINE_MARKERS[index % len(LINE_MARKERS)], marker_size=7, line_color=colour,
                       marker_foreground_color=colour, marker_background_color=colour)
            if self.classic and sys.platform == "win32":
                windows_line_look(series.api, index)


def chart_series(made: Any, number: int) -> Any:
    """Series ``number`` (1-based) of a chart just added, to format.

    Classic xlwings reads the chart's series; the remote engine cannot count them before the add-in has drawn
    the chart (``get_series`` is async, and Lite only), but formatting one only queues an action naming its index."""
    try:
        return made.series[number - 1]
    except NotImplementedError:
        from xlwings.pro._xlremote import ChartSeries  # the remote engine's own series: its set() queues the action

        return ChartSeries(made.impl, number)


MSO_LINE_DASH, XL_LABEL_RIGHT = 4, -4152
"""Office's MsoLineDashStyle.msoLineDash and Excel's XlDataLabelPosition.xlLabelPositionRight."""


def windows_line_look(api: Any, index: int) -> None:
    """The dash and the end label the file store gives a line (files/sheetwriter.py), through Excel's COM series:
    every sixth line dashed, and the player's name at the line's last point."""
    if LINE_DASHES[index // len(LINE_MARKERS) % len(LINE_DASHES)] == "dash":
        api.Format.Line.DashStyle = MSO_LINE_DASH
    last = api.Points(api.Points().Count)
    last.HasDataLabel = True
    last.DataLabel.ShowSeriesName = True
    last.DataLabel.ShowValue = False
    last.DataLabel.Position = XL_LABEL_RIGHT


def place_picture(sheet: Any, at: Any, png: bytes) -> None:
    """A PNG at the top left of the range ``at`` (desktop Excel: xlwings adds pictures from a file, a temporary one)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "picture.png")
        with open(path, "wb") as out:
            out.write(png)
        sheet.pictures.add(path, left=at.left, top=at.top)


XL_LANDSCAPE, XL_PAPER_A4 = 2, 9
"""Excel's XlPageOrientation.xlLandscape and XlPaperSize.xlPaperA4."""


def grow_tables(sheet: Any, last_row: int) -> None:
    """Rows typed below an entry sheet's table join it, as in a file (files/tablegrowth.py).

    Excel may already have grown a table as the rows were typed below it (its
    AutoCorrect option); a table reaching ``last_row`` is left alone, and so is a
    table with a totals row. Excel carries the table's column formats and drop-downs
    over the rows it takes in.
    """
    for table in sheet.tables:
        area = table.range
        if area is None or table.show_totals:
            continue
        if area.last_cell.row < last_row:
            table.resize(sheet.range((area.row, area.column), (last_row, area.last_cell.column)))


def windows_page_setup(api: Any, result: ResultSheet) -> None:
    """A4, orientation, repeated titles, fit to width and page breaks through Excel's COM PageSetup."""
    setup = api.PageSetup
    setup.PaperSize = XL_PAPER_A4
    if result.landscape:
        setup.Orientation = XL_LANDSCAPE
    if result.print_title_rows:
        first, last = result.print_title_rows.split(":")
        setup.PrintTitleRows = f"${first}:${last}"
    if result.print_title_columns:
        first, last = result.print_title_columns.split(":")
        setup.PrintTitleColumns = f"${first}:${last}"
    if result.print_header:
        setup.LeftHeader = title_header(result.print_header)
    if result.fit_to_width:
        setup.Zoom = False
        setup.FitToPagesWide = 1
        setup.FitToPagesTall = False
    for row in result.page_breaks:
        api.HPageBreaks.Add(Before=api.Range(f"A{row + 1}"))


def _written(result: ResultSheet, row: int, col: int) -> CellValue:
    if row - 1 < len(result.rows) and col - 1 < len(result.rows[row - 1]):
        return result.rows[row - 1][col - 1].value
    return None
