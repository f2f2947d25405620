"""Result sheets printed to PDF on their own, as they print from the workbook (through LibreOffice).

LibreOffice prints every sheet of a workbook, so the sheets to print are put
into a workbook of their own first: the same page setup (A4, orientation, fit
to width, title rows, page breaks) as in the event workbook, nothing else.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from ..office import convert
from ..files.filestore import FileWorkbook
from ..files.store import ResultSheet


def without_marker(sheet: ResultSheet) -> ResultSheet:
    """The sheet without the note in A2 naming it TourneyBook's ("do not type here"): that note is
    for the organiser's workbook; on paper, pinned on a wall, it only takes room."""
    rows = sheet.rows
    if len(rows) > 1 and rows[1] and rows[1][0].style == "note":
        return dataclasses.replace(sheet, rows=(rows[0], (), *rows[2:]))
    return sheet


def print_sheets(sheets: Sequence[ResultSheet], target: Path) -> Path:
    """``sheets`` printed into the PDF ``target`` (replaced if there); returns ``target``."""
    with tempfile.TemporaryDirectory(prefix="tourneybook-print-") as folder:
        book_path = printable_book(sheets, Path(folder) / f"{Path(target).stem}.xlsx")
        made = convert(book_path, "pdf", Path(folder) / "pdf")
        shutil.move(str(made), target)
    return Path(target)


def printable_book(sheets: Sequence[ResultSheet], book_path: Path) -> Path:
    """The workbook :func:`print_sheets` prints, ``sheets`` alone, saved at ``book_path``."""
    import openpyxl  # an empty workbook to start from: only when printing

    openpyxl.Workbook().save(book_path)  # one empty sheet, 'Sheet': a workbook needs one
    book = FileWorkbook(book_path)
    for sheet in sheets:
        book.replace(without_marker(sheet))
    book.remove("Sheet")
    book.save()
    return Path(book_path)


__all__ = ["print_sheets", "printable_book"]
