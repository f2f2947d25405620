"""A workbook's entries read and checked once: the event the rules compute.

Read Settings (which ruleset), the Players sheet, every entry sheet through the
ruleset's layout and the Adjustments; every problem is collected with its sheet
and cell before anything is computed. The recalculation, the draw, the forms and
publishing all read the event through :func:`read_event`, from any store.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..errors import Collector, InputError, Problem
from ..files.address import split_cell
from ..files.store import WorkbookStore
from ..frozen import frozen
from ..rules.base import Ruleset, TournamentResult
from ..rules.clubs import club_ranking
from .nameorder import DEFAULT_LANGUAGE, shared_places_in_language
from .generic import ADJUSTMENTS, LOT, PLAYER, PLAYERS, STAND_IN, Player, adjustments_of, attendance_range_problems, player_names, read_players
from .settings_sheet import SETTINGS, EventSettings, read_event_settings
from .layout import Layout
from .layouts import find_layout
from .reader import Row, read_sheet
from .draw_rows import draw_sheet, entry_rounds
from .round_progress import RoundsCounted, rounds_counted


@frozen
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
    language: str = DEFAULT_LANGUAGE
    """Settings' "Language": the order of names that share a place (nameorder.py)."""
    counted: RoundsCounted = RoundsCounted(())
    """The rounds the standings count and those partly entered (:func:`.round_progress.rounds_counted`): the
    Issues sheet's and recalc's note, the hall's 'after round 2'."""

    @property
    def clubs(self) -> dict[str, str]:
        """Player -> club or country, for the players who have one."""
        return {p.name: p.club for p in self.players if p.club}


def event_result(event: Event) -> TournamentResult:
    """The ruleset's result of a checked event, with the club ranking when Settings asks for one."""
    result = event.ruleset.standings(event.record, checked=True)  # read_event's layout checked it
    result = dataclasses.replace(result, standings=shared_places_in_language(result.standings, event.language),
                                 notes=(*event.counted.sentences(), *result.notes))
    if event.club_ranking:
        table = club_ranking(result.standings, event.clubs, event.club_ranking)
        result = dataclasses.replace(result, extras=(*result.extras, table))
    return result


def read_event(store: WorkbookStore, head: EventSettings | None = None) -> Event:
    """Read and check every entry sheet; InputError carries ALL problems found.

    ``head``: the Settings sheet when the caller has read it already (it is read once per command).
    """
    out = Collector(InputError)
    present = store.sheet_names()

    def grid(name: str):
        return store.read(name) if name in present else None

    if head is None:  # without the ruleset nothing else can be read: InputError at once
        head = read_event_settings(grid(SETTINGS.name), present)
    ruleset, layout, settings = head.ruleset, find_layout(head.ruleset), head.settings
    before = len(out.problems)
    players_grid = grid(PLAYERS.name)
    players = read_players(players_grid, out, present)
    # Without a readable Players sheet, checking every name elsewhere would only add noise.
    names = None if players_grid is None or (not players and len(out.problems) > before) else player_names(players_grid)
    out.extend(head.problems)
    if ruleset.family.fixed_rounds:  # a Diplomacy event may add rounds; the others have a fixed number
        out.extend(attendance_range_problems(players, ruleset.draw_rounds(settings)))
    entries = {s.name: read_sheet(grid(s.name), s, out, players=names, present=present) for s in layout.sheets}
    adjustment_rows = read_sheet(grid(ADJUSTMENTS.name), ADJUSTMENTS, out, players=names, present=present)
    adjustments = adjustments_of(adjustment_rows)
    out.extend(head.club_ranking_problems)
    out.extend(stand_in_problems(players, adjustment_rows))
    try:
        record = layout.to_tournament(entries, players, settings, adjustments, head.tournament)
    except InputError as exc:
        # every problem at once: those only the games show (a misspelt nation in Winners) beside the cells'
        out.extend(rows_not_reported(head.place(exc.problems), out.problems))
    out.raise_if_any()
    family = draw_sheet(ruleset)
    counted = rounds_counted(entry_rounds(entries[family.name], family), family,
                             whole_rounds_only=layout.whole_rounds_only)
    return Event(layout, ruleset, head.tournament, record, players, head.club_ranking, head.language, counted)


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

    def place(problem: Problem) -> tuple[int, int]:
        """(row, column) of the problem's cell; (0, 0) for a problem of a whole sheet."""
        try:
            return split_cell(problem.cell)
        except ValueError:
            return 0, 0

    rows = {(p.sheet, place(p)[0]) for p in reported}
    return [p for p in later if place(p)[1] > 1 and (p.sheet, place(p)[0]) not in rows]


def stand_in_problems(players: Sequence[Player], adjustments: Sequence[Row]) -> list[Problem]:
    """An adjustment or a lot decision for a stand-in, at its cell: a stand-in is never ranked, so it would do nothing.

    ``adjustments``: the Adjustments sheet's rows as :func:`read_event` read them (the sheet is read once).
    """
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
    for row in adjustments:
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


__all__ = ["Event", "event_result", "read_event", "stand_in_problems"]
