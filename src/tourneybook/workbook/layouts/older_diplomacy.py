"""The workbooks of the older Diplomacy ids: ``sos``, ``dss``, ``cdiplo100`` and ``opentribute``.

Each was one system's event before the Diplomacy event (:mod:`.diplomacy_event`)
chose its game scoring on Settings; ``new`` now starts that event instead, but an
organiser's workbook whose Settings name one of these ids is read as it always
was: the final-count Boards sheet (:mod:`.best_n`), Draw Size Scoring's with the
In draw column, scored by that id's ruleset. One layout per id, made here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ...rules import cdiplo100, dss, opentribute, sos
from ..layout import Layout
from .best_n import best_n_layout, boards_sheet

_BOARDS_LINE = ("Boards: copy each centre-count sheet as it comes in: seven rows, Round and Board on each. ")
_DRAWN = "A board with only its players (drawn, not yet played) is left out until its results are typed."
_STAND_INS = ("A player may be on two boards of one round when the field is not a multiple of seven. Mark a stand-in "
              "on Players: their boards are scored, they are not ranked.")

LAYOUTS: Mapping[str, Layout] = MappingProxyType({layout.ruleset: layout for layout in (
    best_n_layout(sos.RULESET, sos.SCHEME.tournament_problems, boards_sheet(
        "Centres at the end of the game: the score is 100 x centres squared / the board's sum of squares."), (
        _BOARDS_LINE + "Centres are the score; an eliminated power has 0 and its year in Eliminated in. The year "
        "columns are optional.",
        _DRAWN,
        "A player may be on two boards of one round when the field is not a multiple of seven.",
    )),
    best_n_layout(dss.RULESET, dss.SCHEME.tournament_problems, boards_sheet(
        "Centres at the end of the game: the powers in the draw share 100 (a solo, 18+, takes it all).",
        with_draw=True), (
        _BOARDS_LINE + "Centres at the end; an eliminated power has 0 and its year. In draw: leave it empty when "
        "every survivor shares the draw; when the draw left survivors out, type yes on each power in it.",
        _DRAWN,
        _STAND_INS,
    )),
    best_n_layout(cdiplo100.RULESET, cdiplo100.SCHEME.tournament_problems, boards_sheet(
        "Centres at the end of the game: 1 per centre, and 38 / 14 / 7 for the top three counts."), (
        _BOARDS_LINE + "Centres at the end are the score; an eliminated power has 0 and its year. The year columns "
        "are optional.",
        _DRAWN,
        _STAND_INS,
    )),
    best_n_layout(opentribute.RULESET, opentribute.SCHEME.tournament_problems, boards_sheet(
        "Centres at the end of the game: 34 + 3 per centre, less the tribute to the leader."), (
        _BOARDS_LINE + "Centres at the end are the score; an eliminated power has 0 and its year. The year columns "
        "are optional.",
        _DRAWN,
        _STAND_INS,
    )),
)})
"""The layout of each older id, by id."""

__all__ = ["LAYOUTS"]
