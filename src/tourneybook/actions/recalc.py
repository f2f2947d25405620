"""The one recalculation behind both ``tourneybook recalc`` and the workbook's button.

Read Settings (which ruleset), read and check every entry sheet through the
ruleset's layout, compute with the pure rules, and write the result sheets.
With any problem in the entries, nothing but the Issues sheet is written (it
lists every problem with its sheet and cell) and the previous results stay as
they were; :func:`~tourneybook.actions.on_file.recalc_file` then does not write
the file at all. The store is given: the file store, or the workbook open in Excel.
"""

from __future__ import annotations

import dataclasses

from ..errors import InputError, Problem
from ..frozen import frozen
from ..i18n import unspoken_note
from ..rules.base import TournamentResult
from ..rules.by_round import standings_by_round
from ..files.marks import RECALCULATED, check_writable
from ..files.store import WorkbookStore
from ..workbook.event import event_result, read_event
from ..workbook.generic import ADJUSTMENTS, PLAYERS
from ..workbook.settings_sheet import SETTINGS, read_event_settings
from ..workbook.render import ISSUES, issues_sheet, result_sheets
from ..workbook.control import ACTION_SHEET as INSTRUCTIONS  # the template names it; importing the template would load openpyxl


@frozen
class RecalcReport:
    """What a recalculation did."""

    ruleset: str
    """The ruleset id from the Settings sheet ('' when it could not be read)."""
    result: TournamentResult | None
    """The computed result; None when there were problems."""
    problems: tuple[Problem, ...]
    """Every problem found, each with its sheet and cell where known."""
    sheets: tuple[str, ...]
    """The sheets written (only 'Issues' when there were problems)."""
    tournament: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems


def recalculate(store: WorkbookStore) -> RecalcReport:
    """Recalculate a workbook through ``store``: results on success, else only the Issues sheet."""
    ruleset_id = ""
    try:
        present = store.sheet_names()
        head = read_event_settings(store.read(SETTINGS.name) if SETTINGS.name in present else None, present)
        ruleset_id = head.ruleset.id
        event = read_event(store, head)
        result = event_result(event)
    except InputError as exc:
        problems = tuple(exc.problems)
        store.replace(issues_sheet(problems))
        return RecalcReport(ruleset_id, None, problems, (ISSUES,))
    reserved = [INSTRUCTIONS, SETTINGS.name, PLAYERS.name, ADJUSTMENTS.name, *(s.name for s in event.layout.sheets)]
    title = event.tournament or event.ruleset.name
    by_round = standings_by_round(event.ruleset, event.record, whole=result.standings)
    unspoken = unspoken_note(event.language)  # the Issues sheet says a Language row's words stay English
    on_sheets = dataclasses.replace(result, notes=(*result.notes, unspoken)) if unspoken else result
    sheets = result_sheets(on_sheets, title, reserved, clubs=event.clubs, by_round=by_round)
    check_writable(store, [s.name for s in sheets])
    for sheet in sheets:
        store.replace(sheet)
    written = {s.name for s in sheets}
    for name in store.sheet_names():
        # A result sheet of an earlier run that this run did not produce (e.g. a final since deleted).
        # The store deletes it only where its note names it: an organiser's copy of one stays.
        if name not in written and name not in reserved:
            mark = store.mark(name)
            if mark is not None and mark.what == RECALCULATED:
                store.remove(name)
    return RecalcReport(event.ruleset.id, result, (), tuple(s.name for s in sheets), event.tournament)


__all__ = ["RecalcReport", "recalculate"]
