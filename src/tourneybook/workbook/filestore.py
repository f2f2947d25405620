"""A workbook file read and written with openpyxl: the store behind ``tourneybook recalc``.

Saving is atomic: the workbook is written to a temporary file in the same
folder, flushed to disk, then moved over the original in one step, so a run
that fails at any point leaves the file byte-identical. Entry sheets are never
touched: only result sheets are replaced whole; every other sheet keeps what
openpyxl round-trips (values, validations, tables, styles, and a .xlsm's VBA).
A workbook open in Excel or LibreOffice is refused with a clear message (their
lock files are checked), never overwritten behind the program's back.
"""

from __future__ import annotations

import os
import stat
import tempfile
import zipfile
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.cell.cell import Cell as OpenpyxlCell
from openpyxl.chart import BarChart, LineChart, Reference, Series
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.utils.cell import range_boundaries
from openpyxl.utils.exceptions import InvalidFileException
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from ..errors import InputError
from .store import Chart, ResultSheet, SheetGrid

STYLES: dict[str, dict[str, Any]] = {
    "": {},
    "title": {"font": Font(bold=True, size=14)},
    "header": {"font": Font(bold=True), "fill": PatternFill("solid", fgColor="D9E1F2"), "alignment": Alignment(wrap_text=True, vertical="top")},
    "note": {"font": Font(italic=True, color="595959")},
    "warning": {"font": Font(bold=True, color="9C0006"), "fill": PatternFill("solid", fgColor="FFC7CE")},
    "good": {"font": Font(color="006100"), "fill": PatternFill("solid", fgColor="C6EFCE")},
}
"""How the named cell styles of :class:`~tourneybook.workbook.store.Cell` look in a file."""


def lock_files(path: Path) -> list[Path]:
    """Lock files of Excel ('~$NAME', long names lose 2 letters) and LibreOffice ('.~lock.NAME#') that exist."""
    name = path.name
    candidates = [path.with_name("~$" + name), path.with_name("~$" + name[2:]), path.with_name(f".~lock.{name}#")]
    return [c for c in dict.fromkeys(candidates) if c.exists()]


def check_not_open(path: Path) -> None:
    """InputError when another program holds the workbook open."""
    for lock in lock_files(path):
        program = "LibreOffice" if lock.name.startswith(".~lock.") else "Excel"
        raise InputError(
            f"{path.name} is open in {program} (its lock file {lock.name} is in the same folder): "
            f"close it there and run again. If no program has it open any more, delete {lock.name}."
        )


def check_suffix(path: Path, allowed: tuple[str, ...]) -> None:
    """InputError unless ``path`` ends in one of ``allowed`` (a workbook under another name would not open)."""
    if path.suffix.lower() not in allowed:
        raise InputError(f"{path}: the workbook's name must end in {' or '.join(allowed)}")


def cell_value(value: Any) -> Any:
    """A value openpyxl can write: exact numbers become floats (render decides their rounding)."""
    if isinstance(value, (Fraction, Decimal)):
        number = float(value)
        return int(number) if number.is_integer() and abs(number) < 2**53 else number
    return value


def _is_formula(value: Any) -> bool:
    return isinstance(value, ArrayFormula) or (isinstance(value, str) and value.startswith("="))


class FileWorkbook:
    """:class:`~tourneybook.workbook.store.WorkbookStore` over an .xlsx/.xlsm file."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        if self.path.is_dir():
            raise InputError(f"{self.path}: a folder, not a workbook (.xlsx/.xlsm)")
        if not self.path.is_file():
            raise InputError(f"{self.path}: no such workbook")
        check_not_open(self.path)
        self._keep_vba = self.path.suffix.lower() == ".xlsm"
        self.book = self._load(data_only=False)
        self._cached: openpyxl.Workbook | None = None

    def _load(self, data_only: bool) -> openpyxl.Workbook:
        try:
            return openpyxl.load_workbook(self.path, keep_vba=self._keep_vba, data_only=data_only)
        except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
            raise InputError(f"{self.path.name} cannot be opened as an Excel workbook (.xlsx/.xlsm): {exc}") from None

    # --- WorkbookStore ---------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        return list(self.book.sheetnames)

    def read(self, name: str) -> SheetGrid:
        ws = self.book[name]
        rows = list(ws.iter_rows(values_only=True))
        for r, line in enumerate(rows):
            if any(_is_formula(v) for v in line):  # rows stay as read unless they hold a formula
                rows[r] = tuple(self._computed(name, r + 1, c, v) if _is_formula(v) else v for c, v in enumerate(line, 1))
        merged = tuple(str(m) for m in ws.merged_cells.ranges)
        return SheetGrid(name, tuple(rows), merged)

    def _computed(self, sheet: str, row: int, col: int, formula: Any) -> Any:
        """The formula's result as the spreadsheet program last stored it; the formula text without one."""
        if self._cached is None:
            self._cached = self._load(data_only=True)
        value = self._cached[sheet].cell(row, col).value
        if value is None:
            return formula.text if isinstance(formula, ArrayFormula) else formula
        return value

    def replace(self, sheet: ResultSheet) -> None:
        index = len(self.book.sheetnames)
        if sheet.name in self.book.sheetnames:
            index = self.book.sheetnames.index(sheet.name)
            self.book.remove(self.book[sheet.name])
        render(self.book.create_sheet(sheet.name, index), sheet)

    def remove(self, name: str) -> None:
        if name in self.book.sheetnames:
            self.book.remove(self.book[name])

    def write_cells(self, name: str, cells: Mapping[tuple[int, int], Any]) -> None:
        ws = self.book[name]
        for (row, col), value in cells.items():
            ws.cell(row, col).value = cell_value(value)

    # --- saving ------------------------------------------------------------------------

    def save(self) -> None:
        """Write the workbook over its file atomically (all or nothing)."""
        save_atomically(self.book, self.path)


def save_atomically(book: openpyxl.Workbook, path: Path) -> None:
    """Save ``book`` to ``path`` through a temporary file in the same folder and one rename."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: a folder, not a workbook file: give a file name ending in {path.suffix or '.xlsx'}")
    if path.exists():
        check_not_open(path)
        if not stat.S_IMODE(path.stat().st_mode) & 0o222:
            # Replacing by rename would succeed in a writable folder: the organiser's protection must win.
            raise InputError(f"{path.name} is read-only: it was left as it was. Make it writable and run again.")
    if not path.parent.is_dir():
        raise InputError(f"{path}: the folder {path.parent} does not exist")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=".~tourneybook-", suffix=path.suffix, dir=path.parent)
    except OSError as exc:
        raise InputError(f"{path.name} could not be written in {path.parent}: {exc.strerror or exc}") from None
    _write_and_rename(book, path, fd, Path(tmp_name))


def _write_and_rename(book: openpyxl.Workbook, path: Path, fd: int, tmp: Path) -> None:
    """Write ``book`` to the open temporary file, then move it over ``path``; the temporary file never stays."""
    try:
        with os.fdopen(fd, "wb") as fh:
            book.save(fh)
            fh.flush()
            os.fsync(fh.fileno())
        mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o666 & ~_umask()
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except PermissionError:
        tmp.unlink(missing_ok=True)
        raise InputError(
            f"{path.name} could not be written: it is open in another program or read-only. "
            "Close it there and run again."
        ) from None
    except OSError as exc:  # disk full, folder gone...: the original stays as it was
        tmp.unlink(missing_ok=True)
        raise InputError(f"{path.name} could not be written ({exc.strerror or exc}): it was left as it was.") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


WRAPPED = Alignment(wrap_text=True)


def _style_array(ws: Worksheet, style: str, number_format: str, wrapped: bool = False) -> Any:
    """The workbook's style array for a named style and number format (registered once)."""
    model = OpenpyxlCell(ws)  # never placed on the sheet
    for attribute, value in STYLES[style].items():
        setattr(model, attribute, value)
    if number_format:
        model.number_format = number_format
    if wrapped:
        model.alignment = WRAPPED
    return model._style


def render(ws: Worksheet, sheet: ResultSheet) -> None:
    """Write a result sheet's description into an empty worksheet.

    Cells are made whole, each with a style array looked up once per (style, format):
    setting fonts and fills cell by cell costs as much as the rest of a recalculation.
    They go straight into the sheet's cell map, as openpyxl's own reader puts them:
    ``append()`` would check each again and make a cell object for every empty one.
    """
    arrays: dict[tuple[str, str, bool], Any] = {}
    placed = ws._cells
    wrapped = frozenset(sheet.wrap_columns)
    for row, line in enumerate(sheet.rows, start=1):
        for c, cell in enumerate(line, start=1):
            if cell.value is None and not cell.style:
                continue  # an empty cell, which is never written to the file
            key = (cell.style, cell.number_format, c in wrapped and type(cell.value) is str)
            if key not in arrays:
                arrays[key] = _style_array(ws, *key)
            placed[row, c] = OpenpyxlCell(ws, row, c, cell_value(cell.value), style_array=arrays[key])
    for c, width in enumerate(sheet.column_widths, start=1):
        ws.column_dimensions[get_column_letter(c)].width = width
    for row, height in sheet.row_heights:
        ws.row_dimensions[row].height = height
    if sheet.freeze:
        ws.freeze_panes = sheet.freeze
    _page_setup(ws, sheet)
    prefix = quote_sheetname(ws.title) + "!"
    for spec in sheet.charts:
        ws.add_chart(_chart(ws, spec, prefix), spec.anchor)


def _page_setup(ws: Worksheet, sheet: ResultSheet) -> None:
    """A4, the sheet's orientation, print area, repeated title rows, page breaks and fit to width."""
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    if sheet.landscape:
        ws.page_setup.orientation = "landscape"
    if sheet.print_area:
        ws.print_area = sheet.print_area
    if sheet.print_title_rows:
        ws.print_title_rows = sheet.print_title_rows
    if sheet.print_title_columns:
        ws.print_title_cols = sheet.print_title_columns
    for row in sheet.page_breaks:
        ws.row_breaks.append(Break(id=row))
    if sheet.fit_to_width:
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0  # as many pages down as the rows need
        ws.sheet_properties.pageSetUpPr.fitToPage = True


def _chart(ws: Worksheet, spec: Chart, prefix: str) -> BarChart | LineChart:
    if spec.kind == "line":
        chart: BarChart | LineChart = LineChart()
        chart.x_axis.title = None
    else:
        chart = BarChart()
        chart.type = "bar"  # horizontal bars: long player names stay readable
        chart.x_axis.scaling.orientation = "maxMin"  # first place at the top
    chart.title = spec.title
    chart.y_axis.title = spec.y_title or None
    if spec.reversed_values:
        chart.y_axis.scaling.orientation = "maxMin"  # position 1 at the top
    chart.legend = None if len(spec.series) == 1 else chart.legend
    if chart.legend is not None:
        chart.legend.position = "r"
    for title, ref in spec.series:
        chart.series.append(Series(Reference(ws, range_string=prefix + ref), title=title))
    chart.set_categories(Reference(ws, range_string=prefix + spec.categories))
    # openpyxl >= 3.1 hides axes unless told otherwise; readers need them
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.height = spec.height_cm or max(7.5, 0.5 * _length(spec.categories))
    chart.width = 24 if spec.kind == "line" else 18
    return chart


def _length(ref: str) -> int:
    min_col, min_row, max_col, max_row = range_boundaries(ref)
    return max(max_row - min_row, max_col - min_col) + 1


__all__ = ["FileWorkbook", "STYLES", "check_not_open", "check_suffix", "lock_files", "render", "save_atomically"]
