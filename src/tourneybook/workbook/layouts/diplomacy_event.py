"""The Diplomacy event in a workbook: the final-count Boards sheet with exactly the columns its game scoring needs.

Every system reads each power's centres at the end and, for an eliminated
power, 0 and its year (:mod:`.best_n`); beyond them the chosen system
(Settings, Game scoring) adds what it needs of a board
(:class:`~tourneybook.rules.game_scoring.Need`): In draw for the powers in an
accepted draw, Conceded to for a conceded game, and the year columns made
required for a system that scores the year-by-year counts. A board that lacks
what its system needs is refused at its cells. One layout per system, made
here from its needs: a new system needs no module of its own.
"""

from __future__ import annotations

import dataclasses
import functools

from ...rules.diplomacy_event import DEFAULT_SYSTEM, chosen, settings_of, tournament_problems
from ...rules.base import Ruleset
from ...rules.game_scoring import find_system
from ...rules.game_scoring.system import Need
from ..layout import Layout
from .best_n import CONCEDED_COLUMN, best_n_layout, boards_sheet
from .diplomacy import sit_outs_sheet

SIT_OUTS = sit_outs_sheet()
"""The TD's sit-outs, as Italia 2010 records them (its Sit-outs sheet's columns): each scores Settings' Sit-out
points and counts as one of the player's games."""


def _instructions(system_name: str, needs: frozenset[Need]) -> tuple[str, ...]:
    """The Boards lines of the Instructions sheet, naming what this system needs beyond the centres."""
    extra = []
    if Need.DRAW_MEMBERS in needs:
        extra.append("In draw: leave it empty when every survivor shares the draw; when the draw left survivors "
                     "out, type yes on each power in it.")
    if Need.CONCESSION in needs:
        extra.append("Conceded to: yes on the power the others conceded the game to (it scores as a solo).")
    if Need.YEAR_COUNTS in needs:
        extra.append(f"The year columns are needed: {system_name} scores the count after every Fall from 1901.")
    if needs & {Need.ELIMINATION_ORDER, Need.ELIMINATION_YEAR}:
        extra.append(f"Eliminated in is needed for every eliminated power: {system_name} scores when each was "
                     "eliminated.")
    return (
        "Boards: copy each centre-count sheet as it comes in: seven rows, Round and Board on each. Centres at the "
        "end; an eliminated power has 0 and its year in Eliminated in. " + " ".join(extra),
        "A board with only its players (drawn, not yet played) is left out until its results are typed.",
        "A player may be on two boards of one round when the field is not a multiple of seven. Mark a stand-in on "
        "Players: their boards are scored, they are not ranked.",
        f"Settings: Game scoring chooses the system ({system_name} now; the Scoring systems sheet lists every system "
        "with its rule and numbers), Games counted the best N games (0: every game), Sit-out points what a round sat "
        "out at the TD's request scores (0 by default), and the rows after them are the system's numbers. The Game "
        "scoring row's help says how to change the system.",
        "Sit-outs: one row per round a player sat out at the TD's request (Round, Player). It scores the Settings' "
        "Sit-out points and counts as one of the player's games; the best game tie-break looks only at boards played.",
    )


@functools.cache
def system_layout(system_id: str) -> Layout:
    """The layout of a Diplomacy event scored by one system: its Boards sheet has the columns the system needs."""
    system = find_system(system_id)
    needs = system.needs
    boards = boards_sheet(f"Centres at the end of the game, scored by {system.name}.",
                          with_draw=Need.DRAW_MEMBERS in needs, with_concession=Need.CONCESSION in needs,
                          years_needed=system.name if Need.YEAR_COUNTS in needs else "")
    layout = best_n_layout(chosen(settings_of(system.id)), tournament_problems, boards,
                           _instructions(system.name, needs), sit_outs=SIT_OUTS)
    return dataclasses.replace(layout, chosen=lambda settings: system_layout(settings.scoring))


@functools.cache
def older_layout(ruleset: Ruleset) -> Layout:
    """The layout of an older Diplomacy id (``sos``, ``dss``...: the event with its system, under that id) as its
    workbooks were made: no Sit-outs sheet, and Conceded to, where the system reads a concession, the Boards sheet's
    last column, which a workbook made before it existed does without (its games were played to the end)."""
    system = ruleset.settings.system
    needs = system.needs
    boards = boards_sheet(f"Centres at the end of the game, scored by {system.name}.",
                          with_draw=Need.DRAW_MEMBERS in needs,
                          years_needed=system.name if Need.YEAR_COUNTS in needs else "")
    if Need.CONCESSION in needs:
        boards = dataclasses.replace(boards, columns=(*boards.columns,
                                                      dataclasses.replace(CONCEDED_COLUMN, may_be_absent=True)))
    layout = best_n_layout(ruleset, tournament_problems, boards, _instructions(system.name, needs)[:3])
    return dataclasses.replace(layout, chosen=lambda settings: older_layout(ruleset.chosen(settings)))


LAYOUT = system_layout(DEFAULT_SYSTEM)
"""The registry's layout: the default system's; :attr:`Layout.chosen` gives the one the Settings choose."""

__all__ = ["LAYOUT", "older_layout", "system_layout"]
