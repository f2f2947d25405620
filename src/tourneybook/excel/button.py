"""The workbook's button and Lite scripts: the command line's own actions, run in Excel.

Two ways in, one way through. Classic xlwings calls :func:`main` (the .xlsm's
button runs xlwings' one macro, ``SampleCall``, which imports the workbook's
module and calls ``main()``): on the Instructions sheet it runs the action
chosen in Instructions!B2 (round in B3), on any other sheet it recalculates
(:mod:`tourneybook.excel.actions`). xlwings Lite and xlwings Server call
one ``@script`` per action with the book they built. Every path ends in
:func:`run_choice`, which runs :func:`tourneybook.excel.actions.run_action`
on a :class:`~.openbook.OpenBookStore`: the same code as ``tourneybook recalc``,
``draw`` and ``forms``. Whatever goes wrong is shown in the workbook (the
Issues sheet and a message box), never as a Python trace: the organiser
cannot act on a trace.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import xlwings as xw

from ..errors import InputError, Problem
from ..forms.render import pages, unique_name
from .actions import (
    ABSENT,
    ACTION_ADDRESS,
    ACTION_SHEET,
    DRAW_NEXT,
    FINAL_FORMS,
    FINAL_ORDER,
    FORM_PREFIX,
    FORMS,
    PRESENT,
    IMPORT_REPORTS,
    PUBLISH,
    RECALCULATE,
    REDRAW,
    ActionReport,
    Choice,
    form_sheets,
    read_choice,
    read_player,
    read_round,
    results_folder,
    run_action,
)
from ..workbook.render import ISSUES, issues_sheet
from .openbook_forms import draw_page
from .openbook import OpenBookStore
from .scripts import SCRIPTS

TITLE = "TourneyBook"


Chooser = Callable[[OpenBookStore], Choice]
"""How an entry point learns its action: fixed, or read from the workbook."""


def run(book: xw.Book) -> ActionReport:
    """Recalculate ``book`` in place and tell the organiser how it went."""
    return run_choice(book, _fixed(RECALCULATE))


def run_choice(book: xw.Book, choose: Chooser = read_choice) -> ActionReport:
    """Run the action ``choose`` picks (default: the one on the Instructions sheet) and tell the organiser."""
    store = OpenBookStore(book)
    choice = None
    try:
        choice = choose(store)
        report = run_action(store, choice)
        if report.forms:
            report = _write_forms(book, store, report)
        if report.published is not None:
            report = _write_published(book, store, report)
    except InputError as exc:  # e.g. a sheet the store could not read, an unknown action
        report = ActionReport(choice.action if choice else "", problems=tuple(exc.problems))
    except Exception as exc:  # a defect: the organiser gets one readable line, not a trace
        report = ActionReport(choice.action if choice else "", problems=(Problem(
            f"TourneyBook stopped on an unexpected error ({type(exc).__name__}: {exc}). "
            "Nothing was recalculated; please send this workbook to the TourneyBook maintainers."
        ),))
    if not report.ok and ISSUES not in report.sheets:
        try:
            store.replace(issues_sheet(report.problems))
            report = ActionReport(report.action, problems=report.problems, sheets=(ISSUES,), round=report.round)
        except InputError as exc:  # the organiser has a sheet of their own named Issues: the message box tells all
            problems = tuple(dict.fromkeys((*exc.problems, *report.problems)))  # run_action may have said it already
            report = ActionReport(report.action, problems=problems, round=report.round)
    _tell(book, summary(report, store.notes))
    return report


def _write_forms(book: xw.Book, store: OpenBookStore, report: ActionReport) -> ActionReport:
    """The forms as sheets 'Form ...' at the end of the workbook (the previous forms' sheets replaced); a PDF where Excel can."""
    for name in form_sheets(store.sheet_names()):
        store.remove(name)
    used = set(store.sheet_names())
    written = []
    for page in pages(report.forms):
        name = unique_name(FORM_PREFIX + page.name, used)
        sheet = book.sheets.add(name, after=book.sheets[len(book.sheets) - 1])
        draw_page(sheet, page, classic=store.classic)
        written.append(name)
    message = f"{report.message}: written as the sheets {', '.join(written)}; print them (one A4 page each)."
    if store.classic:
        message += _pdf(book, written, report)
    return ActionReport(report.action, message, sheets=tuple(written), forms=report.forms, round=report.round)


def _write_published(book: xw.Book, store: OpenBookStore, report: ActionReport) -> ActionReport:
    """standings.csv, games.csv, standings.html (and standings.pdf with LibreOffice) in a folder beside the workbook.

    Only desktop Excel has a folder to write to: xlwings Lite runs in the browser's
    sandbox and Excel on the web keeps the workbook online, so there the organiser is
    told to run ``tourneybook publish`` on a saved copy.
    """
    from ..office import find_soffice
    from ..publish import write_published

    if not store.classic:
        raise InputError(Problem(
            "Publishing writes files into a folder beside the workbook, which Excel in a browser (xlwings Lite) "
            f"cannot do: save or download the workbook and run 'tourneybook publish {book.name} --out results' "
            "on your computer",
            sheet=ACTION_SHEET, cell=ACTION_ADDRESS,
        ))
    folder = results_folder(book.fullname)
    pdf = find_soffice() is not None
    written = write_published(report.published, folder, pdf=pdf)
    message = f"Results published in {folder}: {', '.join(p.name for p in written)}."
    if not pdf:
        message += " No standings.pdf: it needs LibreOffice (print the Standings sheet from Excel instead)."
    return ActionReport(PUBLISH, message)


def _pdf(book: xw.Book, sheets: list[str], report: ActionReport) -> str:
    """Desktop Excel exports the forms to a PDF beside the workbook (xlwings' Book.to_pdf)."""
    what = f"round {report.round}" if report.action == FORMS else "final"
    path = Path(book.fullname).with_name(f"{Path(book.fullname).stem} {what} forms.pdf")
    try:
        book.to_pdf(str(path), include=sheets)
    except Exception as exc:  # noqa: BLE001 - the sheets are there to print even without the PDF
        return f"\nNo PDF ({exc}); print the sheets from Excel."
    return f"\nPDF: {path}"


def summary(report: ActionReport, notes: list[str]) -> str:
    """The message box text: what was done, or the first problem and where the rest are."""
    if report.ok:
        text = report.message
    else:
        more = f" (and {len(report.problems) - 1} more)" if len(report.problems) > 1 else ""
        where = f", listed on the {ISSUES} sheet" if ISSUES in report.sheets else ""
        text = f"{len(report.problems)} problem(s) to fix{where}. First: {report.problems[0]}{more}"
    return "\n".join([text, *notes])


def _tell(book: xw.Book, message: str) -> None:
    try:
        book.app.alert(message, title=TITLE)
    except Exception:  # noqa: BLE001 - a host without message boxes still has the Issues sheet
        pass


def main() -> None:
    """Classic xlwings entry point: the button's ``RunPython`` ends up here.

    The button on the Instructions sheet runs the action chosen there; every other
    sheet's button recalculates, as its caption says.
    """
    book = xw.Book.caller()
    on_instructions = book.sheets.active.name == ACTION_SHEET
    run_choice(book, read_choice if on_instructions else _fixed(RECALCULATE))


def _fixed(action: str) -> Chooser:
    return lambda store: Choice(action)


def _with_round(action: str) -> Chooser:
    """For a Lite script: ``action`` on the round typed in Instructions!B3 (ROUND_ADDRESS)."""
    return lambda store: Choice(action, read_round(store, action))


def _roll_call(action: str) -> Chooser:
    return lambda store: Choice(action, read_round(store, action), read_player(store, action))


def _script(name: str, doc: str, choose: Chooser) -> Callable[[xw.Book], None]:
    """One Lite / Server script: the book xlwings gives, run on the action ``choose`` picks.

    Each is a function of its own named ``name``: xlwings lists a module's scripts by name and finds
    the book by the parameter's ``xw.Book`` annotation.
    """

    def script(book: xw.Book) -> None:
        run_choice(book, choose)

    script.__name__ = script.__qualname__ = name
    script.__doc__ = doc
    return xw.script(script)


recalculate_standings = _script(
    "recalculate_standings",
    "Recalculate the standings of this workbook from its entry sheets (xlwings Lite / xlwings Server).",
    _fixed(RECALCULATE),
)
draw_next_round = _script(
    "draw_next_round",
    "Draw the round after the last one on the entry sheet (tables and roles/powers), with its quality report.",
    _fixed(DRAW_NEXT),
)
redraw_round = _script(
    "redraw_round", "Draw again the round typed in Instructions!B3; refused once it has results.", _with_round(REDRAW)
)
forms_for_round = _script(
    "forms_for_round",
    "The printable forms of the round typed in Instructions!B3, as sheets 'Form ...' of this workbook.",
    _with_round(FORMS),
)
final_choosing_order = _script(
    "final_choosing_order",
    "Friedrich: the finalists in role-choosing order, or a check of the roles typed on 'Final game'.",
    _fixed(FINAL_ORDER),
)
final_forms = _script(
    "final_forms", "The final's printable forms, as sheets 'Form ...' of this workbook.", _fixed(FINAL_FORMS)
)
absent_in_round = _script(
    "absent_in_round",
    "Roll call: the player typed in Instructions!B4 does not play the round in Instructions!B3.",
    _roll_call(ABSENT),
)
present_in_round = _script(
    "present_in_round",
    "Roll call: the player typed in Instructions!B4 plays the round in Instructions!B3 after all.",
    _roll_call(PRESENT),
)
publish_results = _script(
    "publish_results",
    "Standings and games as CSV files and a web page in a folder beside the workbook (desktop Excel).",
    _fixed(PUBLISH),
)
import_reported_results = _script(
    "import_reported_results",
    "The results confirmed on phones (tourneybook live) into the empty cells of their tables (desktop Excel).",
    _fixed(IMPORT_REPORTS),
)


__all__ = ["SCRIPTS", "main", "run", "run_choice", "summary", *SCRIPTS]
