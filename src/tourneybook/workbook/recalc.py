"""The one recalculation behind both ``tourneybook recalc`` and the workbook's button.

Read Settings (which ruleset), read and check every entry sheet through the
ruleset's layout, compute with the pure rules, and write the result sheets.
With any problem in the entries, nothing but the Issues sheet is written (it
lists every problem with its sheet and cell) and the previous results stay as
they were; :func:`recalc_file` then does not write the file at all.
"""

from __future__ import annotations

import dataclasses
import os
import re
from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any

from ..errors import Collector, InputError, Problem
from ..rules import find_ruleset
from ..rules.base import Ruleset, TournamentResult
from ..rules.by_round import standings_by_round
from ..rules.clubs import club_ranking
from .filestore import FileWorkbook
from .generic import (
    ADJUSTMENTS,
    LOT,
    PLAYER,
    PLAYERS,
    SETTINGS,
    STAND_IN,
    Player,
    place_settings_problems,
    player_names,
    read_adjustments,
    read_club_ranking,
    read_players,
    read_settings,
    read_settings_head,
)
from .layout import Layout, find_layout
from .reader import read_sheet
from .marks import RECALCULATED, check_writable
from .render import ISSUES, issues_sheet, result_sheets
from .reader import PlayerNames
from .store import SheetGrid, WorkbookStore
from .control import ACTION_SHEET as INSTRUCTIONS  # the template names it; importing the template would load openpyxl


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Event:
    """A workbook's entries, read and converted: ready for the ruleset."""

    layout: Layout
    ruleset: Ruleset
    tournament: str
    record: Any
    """The ruleset's tournament record."""
    players: tuple[Player, ...] = ()
    """The Players sheet's rows (clubs for the Standings)."""
    club_ranking: int = 0
    """N of Settings' "Club ranking (best N)": 0 for none."""

    @property
    def clubs(self) -> dict[str, str]:
        """Player -> club or country, for the players who have one."""
        return {p.name: p.club for p in self.players if p.club}


def event_result(event: Event) -> TournamentResult:
    """The ruleset's result of a checked event, with the club ranking when Settings asks for one."""
    result = event.ruleset.standings(event.record, checked=True)  # read_event's layout checked it
    if event.club_ranking:
        table = club_ranking(result.standings, event.clubs, event.club_ranking)
        result = dataclasses.replace(result, extras=(*result.extras, table))
    return result


def rows_not_reported(later: Sequence[Problem], reported: Sequence[Problem]) -> list[Problem]:
    """Of the ``later`` problems (those only the whole record shows), the ones at a cell of their own.

    With problems already ``reported``, a game whose cell could not be read is left out of the record,
    and what follows from that (its players "have no game in round 1", a name unknown while Players
    has a mistake) is noise: kept are only problems at a cell of an entry (not the row's first,
    Round, column, where the rules place whole-game problems) on a row with no reported problem,
    such as a misspelt nation in Winners.
    """
    if not reported:
        return list(later)
    if any(p.sheet in (PLAYERS.name, SETTINGS.name) for p in reported):
        return []

    def place(problem: Problem) -> tuple[str, str, str]:
        found = re.fullmatch(r"([A-Z]+)(\d+)", problem.cell)
        return (problem.sheet, *found.groups()) if found else (problem.sheet, "", "")

    rows = {(sheet, row) for sheet, _, row in map(place, reported)}
    return [p for p in later if place(p)[1] not in ("", "A") and (p.sheet, place(p)[2]) not in rows]


def read_event(store: WorkbookStore) -> Event:
    """Read and check every entry sheet; InputError carries ALL problems found."""
    out = Collector(InputError)
    present = store.sheet_names()

    def grid(name: str):
        return store.read(name) if name in present else None

    head = read_settings_head(grid(SETTINGS.name), out, present)
    if head is None:  # without the ruleset nothing else can be read
        raise InputError(out.problems)
    try:
        layout = find_layout(head.ruleset)
        ruleset = find_ruleset(head.ruleset)
    except InputError as exc:
        raise InputError([p.located(SETTINGS.name, head.ruleset_cell) for p in exc.problems]) from None
    before = len(out.problems)
    players_grid = grid(PLAYERS.name)
    players = read_players(players_grid, out, present)
    # Without a readable Players sheet, checking every name elsewhere would only add noise.
    names = None if players_grid is None or (not players and len(out.problems) > before) else player_names(players_grid)
    settings = read_settings(grid(SETTINGS.name), ruleset.settings, out, head.tournament)  # type: ignore[arg-type]
    entries = {s.name: read_sheet(grid(s.name), s, out, players=names, present=present) for s in layout.sheets}
    adjustments = read_adjustments(grid(ADJUSTMENTS.name), names, out, present)
    best = read_club_ranking(grid(SETTINGS.name), out)
    out.extend(stand_in_problems(players, grid(ADJUSTMENTS.name), names))
    try:
        record = layout.to_tournament(entries, players, settings, adjustments, head.tournament)
    except InputError as exc:
        # every problem at once: those only the games show (a misspelt nation in Winners) beside the cells'
        out.extend(rows_not_reported(place_settings_problems(exc.problems, grid(SETTINGS.name), settings), out.problems))
    out.raise_if_any()
    return Event(layout, ruleset, head.tournament, record, players, best)


def stand_in_problems(players: Sequence[Player], adjustments: SheetGrid | None, names: PlayerNames | None) -> list[Problem]:
    """An adjustment or a lot decision for a stand-in, at its cell: a stand-in is never ranked, so it would do nothing."""
    stand_ins = {p.name: p for p in players if p.stand_in}
    problems = [
        Problem(
            f"a lot decision for {p.name}, a stand-in (Stand-in is yes in {PLAYERS.letter(STAND_IN)}{p.line}): stand-ins are "
            "never ranked, so no lot decides their place. Clear this cell, or set Stand-in to no if they play for a place",
            sheet=PLAYERS.name,
            cell=f"{PLAYERS.letter(LOT)}{p.line}",
        )
        for p in stand_ins.values()
        if p.lot is not None
    ]
    if not stand_ins or adjustments is None:
        return problems
    for row in read_sheet(adjustments, ADJUSTMENTS, Collector(InputError), players=names):
        p = stand_ins.get(row[PLAYER])
        if p is not None:
            problems.append(
                row.problem(
                    f"{p.name} is a stand-in (Players!{PLAYERS.letter(STAND_IN)}{p.line} is yes): a stand-in's scores never "
                    "enter the standings, so this adjustment would change nothing. Remove it, or set Stand-in to no "
                    "if they play for a place",
                    PLAYER,
                )
            )
    return problems


def _ruleset_id(store: WorkbookStore) -> str:
    if SETTINGS.name not in store.sheet_names():
        return ""
    head = read_settings_head(store.read(SETTINGS.name), Collector(InputError))
    return head.ruleset if head else ""


def recalculate(store: WorkbookStore) -> RecalcReport:
    """Recalculate a workbook through ``store``: results on success, else only the Issues sheet."""
    try:
        event = read_event(store)
        result = event_result(event)
    except InputError as exc:
        problems = tuple(exc.problems)
        store.replace(issues_sheet(problems))
        return RecalcReport(_ruleset_id(store), None, problems, (ISSUES,))
    reserved = [INSTRUCTIONS, SETTINGS.name, PLAYERS.name, ADJUSTMENTS.name, *(s.name for s in event.layout.sheets)]
    title = event.tournament or event.ruleset.name
    by_round = standings_by_round(event.ruleset, event.record, whole=result.standings)
    sheets = result_sheets(result, title, reserved, clubs=event.clubs, by_round=by_round)
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


def recalc_file(path: str | os.PathLike[str]) -> RecalcReport:
    """Recalculate a workbook file and save it atomically; on any problem the file is not written."""
    try:
        book = FileWorkbook(path)
    except InputError as exc:
        return RecalcReport("", None, tuple(exc.problems), ())
    try:
        report = recalculate(book)
    except InputError as exc:  # a result sheet that cannot be written (an organiser's sheet has its name)
        return RecalcReport("", None, tuple(exc.problems), ())
    if not report.ok:
        return report
    try:
        book.save()
    except InputError as exc:
        return dataclasses.replace(report, problems=tuple(exc.problems), sheets=())
    return report


__all__ = ["Event", "event_result", "RecalcReport", "read_event", "recalc_file", "recalculate"]
