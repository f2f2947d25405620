"""Sum of Squares in a workbook: the final-count Boards sheet, typed as Sum of Squares scores (:mod:`.best_n`).

A board is scored on each power's centres at the end of the game; the year an
eliminated power lost its last centre is on the centre-count sheet and checked
like every Diplomacy board's. The year columns are optional: typed, they are
checked against the centres, never needed. As in every best-N system, a stand-in
(the Players sheet) is scored for their board but not ranked.
"""

from __future__ import annotations

from ...rules.sos import RULESET, SCHEME
from .best_n import best_n_layout, boards_sheet

BOARDS = boards_sheet("Centres at the end of the game: the score is 100 x centres squared / the board's sum of squares.")

LAYOUT = best_n_layout(RULESET, SCHEME.tournament_problems, BOARDS, (
    "Boards: copy each centre-count sheet as it comes in: seven rows, Round and Board on each. Centres are the "
    "score; an eliminated power has 0 and its year in Eliminated in. The year columns are optional.",
    "A board with only its players (drawn, not yet played) is left out until its results are typed.",
    "A player may be on two boards of one round when the field is not a multiple of seven.",
))

__all__ = ["BOARDS", "LAYOUT"]
