"""The "Recalculate standings" button: the same recalculation as ``tourneybook recalc``, run in Excel.

Two ways in, one way through: classic xlwings calls :func:`main` (RunPython from
the .xlsm's button), xlwings Lite and xlwings Server call the script
:func:`recalculate_standings` with the book they built; both call :func:`run`,
which runs :func:`tourneybook.workbook.recalc.recalculate` on a
:class:`~.livestore.LiveWorkbook`. Whatever goes wrong is shown in the workbook
(the Issues sheet and a message box), never as a Python trace: the organiser
cannot act on a trace.
"""

from __future__ import annotations

import xlwings as xw

from ..errors import InputError, Problem
from ..workbook.recalc import RecalcReport, recalculate
from ..workbook.render import ISSUES, issues_sheet
from .livestore import LiveWorkbook

TITLE = "TourneyBook"


def run(book: xw.Book) -> RecalcReport:
    """Recalculate ``book`` in place and tell the organiser how it went."""
    store = LiveWorkbook(book)
    try:
        report = recalculate(store)
    except InputError as exc:  # e.g. a sheet the store could not read
        report = RecalcReport("", None, tuple(exc.problems), ())
    except Exception as exc:  # a defect: the organiser gets one readable line, not a trace
        report = RecalcReport("", None, (Problem(
            f"TourneyBook stopped on an unexpected error ({type(exc).__name__}: {exc}). "
            "The result sheets were not updated; please send this workbook to the TourneyBook maintainers."
        ),), ())
    if not report.ok and ISSUES not in report.sheets:
        store.replace(issues_sheet(report.problems))
        report = RecalcReport(report.ruleset, None, report.problems, (ISSUES,), report.tournament)
    _tell(book, summary(report, store.notes))
    return report


def summary(report: RecalcReport, notes: list[str]) -> str:
    """The message box text: what was done, or the first problem and where the rest are."""
    if report.ok:
        text = f"Standings recalculated: {', '.join(report.sheets)} updated."
    else:
        more = f" (and {len(report.problems) - 1} more)" if len(report.problems) > 1 else ""
        text = f"{len(report.problems)} problem(s) to fix, listed on the {ISSUES} sheet. First: {report.problems[0]}{more}"
    return "\n".join([text, *notes])


def _tell(book: xw.Book, message: str) -> None:
    try:
        book.app.alert(message, title=TITLE)
    except Exception:  # noqa: BLE001 - a host without message boxes still has the Issues sheet
        pass


def main() -> None:
    """Classic xlwings entry point: the button's ``RunPython`` ends up here."""
    run(xw.Book.caller())


@xw.script
def recalculate_standings(book: xw.Book):
    """Recalculate the standings of this workbook from its entry sheets (xlwings Lite / xlwings Server)."""
    run(book)


__all__ = ["main", "recalculate_standings", "run", "summary"]
