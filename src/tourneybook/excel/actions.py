"""The workbook's actions: what the button (classic Excel) and the Lite scripts run, through the store.

The shipped xlwings VBA has one macro, and every button runs it: so the choice
of action is data in the workbook. The Instructions sheet holds an action cell
with a drop-down (:data:`ACTION_CELL`) and a round cell (:data:`ROUND_CELL`).
The button on the Instructions sheet runs the action chosen there; the button
on every other sheet recalculates, as its caption says. After a draw the
action cell goes back to "Recalculate standings", so that a second click
never draws another round by accident. xlwings Lite has one script per action
instead (:mod:`tourneybook.excel.button`).

Each action is the command line's own code on a :class:`WorkbookStore`:
``tourneybook recalc`` (:func:`recalculate`), ``draw --round N [--redraw]``
and ``draw --final`` (:func:`draw_event`, :func:`draw_final`) and
``forms --round N`` / ``forms --final`` (the forms package's functions over a store)
and ``publish`` (the event read and computed here; the caller writes the files).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import InputError, Problem
from ..frozen import frozen
from ..workbook import cells
from ..actions.draw import FINAL_DRAW_SHEET, QUALITY_SHEET, SEATING_SHEET, draw_event, draw_final
from ..actions.entrycheck import checked_write
from ..actions.recalc import recalculate
from ..workbook.render import ISSUES, issues_sheet
from ..actions.attendance import absence_said, absent, drawn_seat, present
from ..workbook.control import (  # noqa: F401 - the control block's cells and words, shared with the template
    ABSENT,
    PLAYER_ADDRESS,
    PLAYER_CELL,
    PRESENT,
    ACTION_ADDRESS,
    ACTION_CELL,
    ACTION_SHEET,
    ACTIONS,
    DRAW_NEXT,
    FINAL_FORMS,
    FINAL_ORDER,
    FORMS,
    IMPORT_REPORTS,
    PUBLISH,
    RECALCULATE,
    REDRAW,
    ROUND_ADDRESS,
    ROUND_CELL,
)
from ..files.store import WorkbookStore


@frozen
class Choice:
    """The action the organiser chose, and its round."""

    action: str = RECALCULATE
    round: int | None = None
    player: str = ""
    """The roll call's player (Instructions!B4)."""


@frozen
class ActionReport:
    """What an action did: the message for the organiser, the sheets written, the forms to draw."""

    action: str
    message: str = ""
    problems: tuple[Problem, ...] = ()
    sheets: tuple[str, ...] = ()
    forms: tuple[Any, ...] = ()
    """Forms (their ``page()`` lays them out) for the caller to put into the workbook."""
    round: int | None = None
    published: Any = None
    """The event's results (:class:`tourneybook.publish.Published`) for the caller to write beside the workbook."""
    standings: Any = None
    """A recalculation's standings (:class:`tourneybook.rules.ranking.Standings`), for a caller that shows them."""
    winner: tuple[str, str] | None = None
    """A recalculation's event winner and the table naming them (``TournamentResult.winner``), once decided."""

    @property
    def ok(self) -> bool:
        return not self.problems


def read_choice(store: WorkbookStore) -> Choice:
    """The action and round typed on the Instructions sheet; recalculation when there is none."""
    if ACTION_SHEET not in store.sheet_names():
        return Choice()
    grid = store.read(ACTION_SHEET)
    typed = grid.value(*ACTION_CELL)
    if cells.is_empty(typed):
        return Choice()
    action = next((a for a in ACTIONS if a.casefold() == str(typed).strip().casefold()), None)
    if action is None:
        raise InputError(Problem(f'"{typed}" is not an action: choose one of {", ".join(ACTIONS)}',
                                 sheet=ACTION_SHEET, cell=ACTION_ADDRESS))
    if action in (ABSENT, PRESENT):
        return Choice(action, read_round(store, action), read_player(store, action))
    return Choice(action, read_round(store, action) if action in (REDRAW, FORMS) else None)


def read_player(store: WorkbookStore, action: str) -> str:
    """The player typed in Instructions!B4 for the roll call (InputError naming the cell when there is none)."""
    typed = store.read(ACTION_SHEET).value(*PLAYER_CELL)
    try:
        name = "" if cells.is_empty(typed) else cells.text(typed)
    except cells.CellError as exc:
        raise InputError(Problem(str(exc), sheet=ACTION_SHEET, cell=PLAYER_ADDRESS)) from None
    if not name:
        raise InputError(Problem(f'"{action}" needs the player: type their name here, as on the Players sheet',
                                 sheet=ACTION_SHEET, cell=PLAYER_ADDRESS))
    return name


def read_round(store: WorkbookStore, action: str) -> int:
    """The round typed in Instructions!D2 for ``action`` (InputError naming the cell when there is none)."""
    number = store.read(ACTION_SHEET).value(*ROUND_CELL) if ACTION_SHEET in store.sheet_names() else None
    try:
        value = None if cells.is_empty(number) else cells.whole(number)
    except cells.CellError:
        value = None
    if value is None or value < 1:
        shown = "it is empty" if cells.is_empty(number) else f"not {cells.shown(number)}"
        raise InputError(Problem(f'"{action}" needs the round: type a round number (1, 2, ...) here ({shown})',
                                 sheet=ACTION_SHEET, cell=ROUND_ADDRESS))
    return value


def run_action(store: WorkbookStore, choice: Choice) -> ActionReport:
    """Run ``choice`` on ``store``; problems in the data come back in the report (Issues sheet written)."""
    try:
        report = _run(store, choice)
    except InputError as exc:
        problems = tuple(exc.problems)
        try:
            store.replace(issues_sheet(problems))
        except InputError as refused:  # the organiser has a sheet of their own named Issues: say so first
            return ActionReport(choice.action, problems=(*refused.problems, *problems), round=choice.round)
        return ActionReport(choice.action, problems=problems, sheets=(ISSUES,), round=choice.round)
    if choice.action in (DRAW_NEXT, REDRAW) and ACTION_SHEET in store.sheet_names():
        store.write_cells(ACTION_SHEET, {ACTION_CELL: RECALCULATE})
    return report


def _run(store: WorkbookStore, choice: Choice) -> ActionReport:
    if choice.action == RECALCULATE:
        report = recalculate(store)
        if not report.ok:
            raise InputError(list(report.problems))
        return ActionReport(RECALCULATE, f"Standings recalculated: {', '.join(report.sheets)} updated.", sheets=report.sheets,
                            standings=report.result.standings if report.result is not None else None,
                            winner=report.result.winner if report.result is not None else None)
    if choice.action in (DRAW_NEXT, REDRAW):
        wanted = None if choice.action == DRAW_NEXT else choice.round  # None: the next round, the Settings read once
        from ..reports.hall_address import seating_pictures  # the live address's QR code, when Settings switch reporting on

        pictures = seating_pictures(store, _workbook_path(store))
        outcome = checked_write(store, lambda staged: draw_event(staged, wanted, redraw=choice.action == REDRAW,
                                                                  seating_pictures=pictures))
        number = outcome.draw.rounds[0].number
        notes = "".join(f"\nnote: {n}" for n in outcome.notes)
        return ActionReport(
            choice.action,
            f"Round {number} drawn onto the entry sheet; the '{SEATING_SHEET}' sheet lists it by name (print it for "
            f"the wall), its quality is on the '{QUALITY_SHEET}' sheet.{notes}",
            sheets=(SEATING_SHEET, QUALITY_SHEET),
            round=number,
        )
    if choice.action in (ABSENT, PRESENT):
        number = choice.round or 0
        if choice.action == ABSENT:
            change = checked_write(store, lambda staged: absent(staged, choice.player, number))
            seat = drawn_seat(store, change.player, number)
            said = absence_said(seat, number)
            if seat:
                said += f": choose '{REDRAW}' with {number} in {ROUND_ADDRESS} to draw it again"
        else:
            change = checked_write(store, lambda staged: present(staged, choice.player, number))
            said = f"plays round {number}"
        return ActionReport(choice.action, f"{change.render()}: {said}.", sheets=(), round=number)
    if choice.action == FINAL_ORDER:
        outcome = checked_write(store, draw_final)
        return ActionReport(FINAL_ORDER, outcome.render(), sheets=(FINAL_DRAW_SHEET,))
    if choice.action == PUBLISH:
        from ..publish import read_published  # pandas and Jinja2 only when publishing

        return ActionReport(PUBLISH, published=read_published(store))
    if choice.action == IMPORT_REPORTS:
        return _import_reports(store)
    return _forms(store, choice)


def _import_reports(store: WorkbookStore) -> ActionReport:
    """The results confirmed on phones (``tourneybook live``), from the journal beside the workbook, into empty cells."""
    from ..reports.importing import import_reports
    from ..reports.journal import Journal, JournalError, journal_path

    where = _workbook_path(store)
    journal = journal_path(where) if where else None
    if journal is None or not journal.exists():  # a folder in its place: the journal says so (journal.folder_sentence)
        raise InputError(Problem(
            "No reports journal beside this workbook (tourneybook live writes it there, EVENT.reports.sqlite). In Excel "
            "in a browser, download the workbook and run 'tourneybook import-reports WORKBOOK.xlsx' on the laptop "
            "that ran tourneybook live", sheet=ACTION_SHEET, cell=ACTION_ADDRESS))
    from ..reports.checkin import import_check_ins, remember_check_ins

    try:
        opened = Journal(journal)
        done = import_reports(store, opened)
        answers = import_check_ins(store, opened)
        done.remember(opened)  # the button's store writes into the open workbook at once
        remember_check_ins(opened, answers)
    except JournalError as exc:  # damaged, or locked by another program: a sentence, nothing written
        raise InputError(Problem(str(exc), sheet=ACTION_SHEET, cell=ACTION_ADDRESS)) from None
    lines = (done.lines() + [a.said for a in answers]) or ["no confirmed reports or check-in answers to import"]
    return ActionReport(IMPORT_REPORTS, "Reported results: " + "\n".join(lines)
                        + ("\nRecalculate standings to see them in the standings." if done.written else ""))


def _forms(store: WorkbookStore, choice: Choice) -> ActionReport:
    from ..forms import final_forms, round_forms  # the forms package reads the event through the store

    made = round_forms(store, choice.round) if choice.action == FORMS else final_forms(store)
    what = f"round {choice.round}" if choice.action == FORMS else "the final"
    note, where = "", _workbook_path(store)
    if where is not None:
        from ..reports.stamp import stamp_round_forms, stamp_stage_forms  # the table codes, when live reporting is on

        made, note = (stamp_round_forms(store, where, made, choice.round) if choice.action == FORMS
                      else stamp_stage_forms(store, where, made))
    message = f"{len(made)} form(s) for {what}" + (f"\nnote: {note}" if note else "")
    return ActionReport(choice.action, message, forms=tuple(made), round=choice.round)


def _workbook_path(store: WorkbookStore):
    """The workbook's file (the reports journal is beside it); None in Excel in a browser, which has no folder."""
    book = getattr(store, "book", None)
    return getattr(store, "path", None) or (book.fullname if getattr(store, "classic", False) and book is not None else None)


def results_folder(workbook: str | os.PathLike[str]) -> Path:
    """Where the button publishes: a folder beside the workbook, 'essen2024 results'."""
    path = Path(workbook)
    return path.with_name(f"{path.stem} results")


def form_sheets(names: Sequence[str]) -> list[str]:
    """Sheets written by an earlier forms action (replaced by the next one)."""
    return [n for n in names if n.startswith(FORM_PREFIX)]


FORM_PREFIX = "Form "
"""Sheets of printed forms in the event workbook are named 'Form <page>'; the next forms action replaces them."""


__all__ = [
    "ABSENT",
    "ACTIONS",
    "ACTION_CELL",
    "ActionReport",
    "Choice",
    "DRAW_NEXT",
    "FINAL_FORMS",
    "FINAL_ORDER",
    "FORMS",
    "FORM_PREFIX",
    "RECALCULATE",
    "REDRAW",
    "ROUND_CELL",
    "form_sheets",
    "read_choice",
    "read_player",
    "read_round",
    "results_folder",
    "run_action",
]
