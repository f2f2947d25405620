"""The points of many reports from one reading of the event: the director's page of a hall of 100 tables.

Checking one report reads the whole event with the report typed in and ranks it (:func:`.reporting.check_report`):
some 60 ms in a Friedrich event of 400 players, so a page showing the points of 100 reports spent 5 s on its first
answer reading the same event a hundred times. A game's points depend on nothing but the game (the ruleset's
``score_game``), so the reports of a sheet's tables are typed in together and the event is read and ranked once. A
report has no points while the event with it typed in has a problem: when the reading of them all finds one, the
report at fault is checked alone as its phone checked it, and the others are read together again. A round's report
has a problem at an entry of its own or where results contradict each other, never for a result still missing (a
round partly entered is a note: :mod:`tourneybook.workbook.round_progress`), so a reading of every report without a
problem is a reading of each one without a problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import InputError
from ..files.address import split_cell
from ..workbook.event import event_result, read_event
from .reporting import check_report, game_points, nothing_filled, own_games, typed_cells
from .sheet import DrawnTable, ReportSheet, Snapshot
from .stages import STAGES_ROUND

Points = tuple[tuple[str, str, str], ...]
"""Each seat's (seat, player, points as the pages show them)."""
Reported = tuple[ReportSheet, DrawnTable, Mapping[str, str]]
"""A report's values for a table of the sheet it is typed into."""


def reports_points(snapshot: Snapshot, reported: Sequence[Reported]) -> list[Points]:
    """Each report's points as :func:`.reporting.check_report` gives them when it is checked alone (() for a report
    with a problem or with nothing filled in), reading the event once for all the reports that read without a
    problem together.

    The final's and the knock-out's reports are checked one by one: a knock-out match not yet on its sheet is typed
    into the sheet's free row, which another match's report would take too, and their figures are the bracket's,
    which the matches' results decide together."""
    found: list[Points | None] = [None] * len(reported)
    together: dict[str, list[int]] = {}
    for i, (sheet, table, values) in enumerate(reported):
        if table.round == STAGES_ROUND or nothing_filled(sheet, table, values):
            found[i] = check_report(snapshot, sheet, table, values).points
        else:
            together.setdefault(sheet.sheet, []).append(i)
    for group in together.values():
        _settle(snapshot, reported, group, found)
    return [points or () for points in found]


def _settle(snapshot: Snapshot, reported: Sequence[Reported], group: list[int], found: list[Points | None]) -> None:
    """The points of the reports ``group`` (indexes of ``reported``, typed into one sheet) into ``found``: from one
    reading of them all. When it has problems, the reports at whose rows they are are checked alone, and the others
    read together again; a problem at none of their rows (two results that contradict each other) splits them in
    halves, down to one report checked alone."""
    if len(group) == 1:
        found[group[0]] = check_report(snapshot, *reported[group[0]]).points
        return
    read = _read_together(snapshot, [reported[i] for i in group])
    if isinstance(read, InputError):
        sheet = reported[group[0]][0].sheet
        rows = {_row(p.cell) for p in read.problems if p.sheet == sheet}
        at_fault = [i for i in group if rows & {f.line for f in reported[i][0].fields(reported[i][1])}]
        if not at_fault:
            half = len(group) // 2
            _settle(snapshot, reported, group[:half], found)
            _settle(snapshot, reported, group[half:], found)
            return
        for i in at_fault:
            found[i] = check_report(snapshot, *reported[i]).points
        rest = [i for i in group if i not in at_fault]
        if rest:
            _settle(snapshot, reported, rest, found)
        return
    for i, points in zip(group, read):  # a table the reading finds no game for: checked alone, as check_report says it
        found[i] = points if points is not None else check_report(snapshot, *reported[i]).points


def _read_together(snapshot: Snapshot, reported: Sequence[Reported]) -> list[Points | None] | InputError:
    """Each report's game's points, the reports typed into one copy of the workbook and the event read and ranked
    once (None for a report whose table it finds no game for); the reading's problems when it has any."""
    cells: dict[tuple[int, int], object] = {}
    for sheet, table, values in reported:
        cells.update(typed_cells(sheet, table, values))
    typed = snapshot.with_cells(reported[0][0].sheet, cells)
    try:
        event = read_event(typed)
        event_result(event)  # ranking the event may refuse it (as check_report's reading would)
    except InputError as exc:
        return exc
    games = own_games(event, [table for _, table, _ in reported], typed)
    return [game_points(game) if game is not None else None for game in games]


def _row(cell: str) -> int:
    """The row of a problem's cell ('D7': 7); 0 for a problem of a whole sheet."""
    try:
        return split_cell(cell)[0]
    except ValueError:
        return 0


__all__ = ["Points", "Reported", "reports_points"]
