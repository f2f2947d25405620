"""How a sheet says that TourneyBook wrote it, and so may replace or delete it.

Every sheet TourneyBook writes carries a note that names the sheet itself:
A2 of a result sheet (Standings, Games, Draw quality, ...), the last cell of
row 1 of a printed form's sheet (outside what prints). An organiser's copy of
such a sheet ("Standings after R2", made with Excel's Move or Copy, or a
result sheet renamed to keep it) still carries the note, but the note names
'Standings': the copy is the organiser's and is never replaced or deleted.
The note is in the cells, so it survives every program that saves the
workbook (LibreOffice drops hidden workbook names, for one), and every store
reads it the same way: the file and the workbook open in Excel follow one rule.

Notes written before they named their sheet ("Computed by TourneyBook ...")
still mark a sheet as TourneyBook's where the workbook lists it as its own
(the file store's hidden name) or where a result of that very name is written
over it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from ..errors import InputError, Problem
from .address import column_letter
from .store import Mark, ResultSheet, SheetGrid, WorkbookStore

RECALCULATED = "computed from the entry sheets and replaced on every recalculation: do not type here"
DRAWN = "written by tourneybook draw and replaced by the next draw; the entry sheet holds the draw itself"
FINAL_DRAWN = "written by tourneybook draw --final from the qualifying standings; the roles are the finalists' choice"
FORM = "a printed form, replaced by the next forms action (this note does not print)"
KINDS = (RECALCULATED, DRAWN, FINAL_DRAWN, FORM)
"""What wrote a sheet, as its note says it."""

_NAMED = re.compile(r"TourneyBook's '(?P<sheet>.+)' sheet: (?P<what>.+?)\.?$", re.DOTALL)
_OLDER = (
    ("Computed by TourneyBook", RECALCULATED),
    ("Written by tourneybook draw --final", FINAL_DRAWN),
    ("Written by tourneybook draw", DRAWN),
)
"""Notes of workbooks written before notes named their sheet, and what they meant."""


def note(sheet: str, what: str) -> str:
    """The note marking ``sheet`` as written by TourneyBook (``what``: one of :data:`KINDS`)."""
    return f"TourneyBook's '{sheet}' sheet: {what}."


def read_note(text: object) -> Mark | None:
    """The mark a cell's text makes, or None when it is no TourneyBook note."""
    if not isinstance(text, str):
        return None
    named = _NAMED.fullmatch(text.strip())
    if named and named["what"] in KINDS:
        return Mark(named["sheet"], named["what"])
    return next((Mark(None, what) for start, what in _OLDER if text.startswith(start)), None)


def sheet_mark(grid: SheetGrid) -> Mark | None:
    """The mark of a sheet: its A2 note, or a form's note at the end of row 1."""
    mark = read_note(grid.value(2, 1))
    if mark is None and grid.rows:
        last = next((v for v in reversed(grid.rows[0]) if v is not None), None)
        mark = read_note(last)
        if mark is not None and mark.what != FORM:
            mark = None
    return mark


def printed_without_note(sheet: ResultSheet) -> ResultSheet:
    """``sheet`` set to print without its A2 note (the note is for the organiser's screen, not the wall): the print
    area and repeated rows start below it, and the title in A1 prints as every page's header instead of its row.

    A sheet without the note (a printout's copy, where it is taken out) prints as it is set."""
    rows = sheet.rows
    if len(rows) < 3 or not rows[1] or read_note(rows[1][0].value) is None or not rows[0] or sheet.print_header:
        return sheet
    area = sheet.print_area or f"A1:{column_letter(max(len(line) for line in rows))}{len(rows)}"
    first, _, last = area.partition(":")
    if first.replace("$", "").upper() != "A1":
        return sheet  # an area not starting at A1 was chosen on purpose
    titles = sheet.print_title_rows.replace("$", "")
    top, _, bottom = titles.partition(":")
    repeated = f"3:{bottom or top}" if titles and int(bottom or top) >= 3 else ""
    return replace(sheet, print_area=f"A3:{last}", print_title_rows=repeated, print_header=str(rows[0][0].value or ""))


def may_replace(name: str, mark: Mark | None) -> bool:
    """True when the existing sheet ``name`` may be written over by TourneyBook's sheet of that name.

    It must carry a note, naming it (an older note names no sheet: such a sheet was
    TourneyBook's under this very name before notes named their sheet).
    """
    return mark is not None and (mark.sheet is None or mark.names(name))


def may_delete(name: str, mark: Mark | None, listed: bool = False) -> bool:
    """True when sheet ``name`` is TourneyBook's to delete: its note names it, or an older note and the workbook lists it."""
    return mark is not None and (mark.names(name) or (mark.sheet is None and listed))


def check_writable(store: WorkbookStore, names: Iterable[str]) -> None:
    """InputError naming each organiser's sheet that has the name of a sheet about to be written.

    Checked for all of them before any is written: a workbook open in Excel has no undo,
    so a refusal half-way would leave half the results new and half old.
    """
    present = store.sheet_names()
    problems = []
    for name in names:
        existing = next((n for n in present if n.casefold() == name.casefold()), None)
        if existing is not None and not may_replace(existing, store.mark(existing)):
            problems.append(Problem(not_ours(existing, name)))
    if problems:
        raise InputError(problems)


def not_ours(existing: str, result: str) -> str:
    """Why TourneyBook's sheet ``result`` cannot be written over the organiser's sheet ``existing``, and what to do."""
    return (
        f"the sheet {existing!r} is not one TourneyBook wrote, and TourneyBook writes its own {result!r} sheet: "
        f"rename your sheet (e.g. '{existing} (mine)') and run again."
    )


__all__ = [
    "check_writable",
    "DRAWN",
    "FINAL_DRAWN",
    "FORM",
    "KINDS",
    "Mark",
    "RECALCULATED",
    "may_delete",
    "may_replace",
    "not_ours",
    "note",
    "read_note",
    "sheet_mark",
]
