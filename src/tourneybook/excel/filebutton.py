"""The workbook's button run on its file: what LibreOffice's TourneyBook extension runs for a click.

LibreOffice cannot run xlwings' VBA, so its extension (:mod:`tourneybook.commands.libreoffice`)
stores the workbook, closes it and runs ``tourneybook libreoffice --click EVENT.xlsx --sheet
SHEET``: this module. It is the Excel button's own path (:mod:`.button`) over a
:class:`~tourneybook.files.filestore.FileWorkbook` instead of the workbook open in Excel: on the
Instructions sheet the action chosen in B2 (round in B3, player in B4), on any other sheet
a recalculation, each through :func:`~.actions.run_action`, the command line's code.

The file is written once, atomically, when the action succeeded. On problems only the
Issues sheet is written (each problem with its sheet and cell, as the Excel button shows
them): every other part of the file, the entry sheets above all, keeps its bytes.
Forms and published results go into files beside the workbook, as ``tourneybook forms``
and ``tourneybook publish`` write them; the workbook is then not written at all.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import InputError
from ..files.filestore import FileWorkbook
from ..frozen import frozen
from ..workbook.render import ISSUES, issues_sheet
from ..workbook.settings_sheet import SETTINGS
from .actions import (
    ACTION_SHEET,
    FINAL_FORMS,
    FORMS,
    IMPORT_REPORTS,
    PUBLISH,
    RECALCULATE,
    ActionReport,
    Choice,
    read_choice,
    results_folder,
    run_action,
)

SHOWN_PLAYERS = 20
"""The standings' top lines shown in the dialog; the Standings sheet has them all."""

READING = (FORMS, FINAL_FORMS, PUBLISH)
"""Actions that only read the workbook (their results are files beside it)."""
NOT_AN_EVENT = (
    "{name} is not an event workbook (it has no Settings sheet): a forms workbook is for printing as it is. Click the "
    "button in the event's own workbook, the one 'tourneybook new' made. Nothing was changed."
)
NO_REPORTS = (
    "No phone reports to import: there is no reports journal beside this workbook yet ('tourneybook live' keeps it "
    "there, as EVENT.reports.sqlite, once the hall reports on phones). Nothing was changed."
)


@frozen
class Click:
    """What a click did, for the extension's dialog: the text, and the sheet to show when the workbook is open again."""

    ok: bool
    message: str
    sheet: str

    def json(self) -> dict[str, object]:
        return {"ok": self.ok, "message": self.message, "sheet": self.sheet}


def click_file(path: str | os.PathLike[str], sheet: str) -> Click:
    """Run the button of ``sheet`` on the workbook file ``path`` (closed by the caller) and say what happened."""
    try:
        store = FileWorkbook(path)
        if SETTINGS.name not in store.sheet_names():  # a forms workbook, or none of TourneyBook's: left as it is
            return Click(ok=False, message=NOT_AN_EVENT.format(name=Path(path).name), sheet=sheet)
        choice = read_choice(store) if sheet == ACTION_SHEET else Choice(RECALCULATE)
        if choice.action == IMPORT_REPORTS:
            from ..reports.journal import journal_path  # the hall's journal: only for this action

            if not journal_path(Path(path)).exists():  # nothing to import is no problem of the workbook; a folder
                # in the journal's place is one, said by the action (journal_faults.folder_sentence)
                return Click(ok=True, message=NO_REPORTS, sheet=sheet)
        report = run_action(store, choice)
        if report.ok:
            return _done(store, choice, report, sheet)
    except InputError as exc:  # the file could not be read at all, or B2 holds no action
        report = ActionReport("", problems=tuple(exc.problems))
    return _refused(Path(path), report, sheet)


def _done(store: FileWorkbook, choice: Choice, report: ActionReport, sheet: str) -> Click:
    notes: list[str] = []
    if report.forms:
        notes.append(_write_forms(store.path, report))
    if report.published is not None:
        notes.append(_write_published(store.path, report))
    if choice.action not in READING:
        store.save()
    text = report.message
    if report.winner is not None:  # the final's result outranks the qualifying standings: it leads
        player, table = report.winner
        text = f"Winner: {player} ({table})\n\n{text}"
    if report.standings is not None:
        text += "\n\n" + standings_lines(report.standings)
    return Click(ok=True, message="\n".join(t for t in (text, *notes) if t), sheet=sheet)


def _refused(path: Path, report: ActionReport, sheet: str) -> Click:
    """Only the Issues sheet is written, into the file as it was: whatever the action staged is dropped."""
    problems = report.problems
    written = False
    try:
        book = FileWorkbook(path)
        book.replace(issues_sheet(problems))
        book.save()
        written = True
    except InputError as exc:  # a sheet of the organiser's named Issues, a file that cannot be read: the dialog says all
        problems = tuple(dict.fromkeys((*exc.problems, *problems)))
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    where = f", listed on the {ISSUES} sheet" if written else ""
    lines = [f"{len(problems)} problem(s) to fix{where}. Nothing else was written.", "",
             f"First: {problems[0]}{more}"]
    return Click(ok=False, message="\n".join(lines), sheet=ISSUES if written else sheet)


def _write_forms(event: Path, report: ActionReport) -> str:
    """The forms workbook (and its PDF when LibreOffice converts it) beside the event, as ``tourneybook forms`` names it."""
    from ..forms import write
    from ..office import find_soffice

    part = f"R{report.round}" if report.action == FORMS else "final"
    out = event.with_name(f"{event.stem}-forms-{part}.xlsx")
    written = write(list(report.forms), out, pdf=find_soffice() is not None, overwrite=True)
    return "Written: " + ", ".join(str(p) for p in written)


def _write_published(event: Path, report: ActionReport) -> str:
    from ..office import find_soffice
    from ..publish import write_published

    folder = results_folder(event)
    written = write_published(report.published, folder, pdf=find_soffice() is not None)
    return f"Results published in {folder}: {', '.join(p.name for p in written)}."


def standings_lines(standings) -> str:
    """The top of the standings, one player a line: '1. Ann Lee  12.5'."""
    rows = standings.rows
    from ..numbers import display

    lines = [f"{r.rank}. {r.player}   {display(r.total)}" for r in rows[:SHOWN_PLAYERS]]
    if len(rows) > SHOWN_PLAYERS:
        lines.append(f"... and {len(rows) - SHOWN_PLAYERS} more on the Standings sheet")
    return f"Standings ({standings.total_name}):\n" + "\n".join(lines)


def unexpected(exc: Exception, sheet: str) -> Click:
    """A defect: one readable sentence for the dialog, never a trace; the file was not written."""
    return Click(ok=False, message=f"TourneyBook stopped on an unexpected error ({type(exc).__name__}: {exc}). "
                 "Nothing was written; please send this workbook to the TourneyBook maintainers.", sheet=sheet)


__all__ = ["Click", "click_file", "standings_lines", "unexpected"]
