"""C-Diplo 100 in a workbook: the final-count Boards sheet (:mod:`.best_n`)."""

from __future__ import annotations

from ...rules.cdiplo100 import RULESET, SCHEME
from .best_n import best_n_layout, boards_sheet

BOARDS = boards_sheet("Centres at the end of the game: 1 per centre, and 38 / 14 / 7 for the top three counts.")

LAYOUT = best_n_layout(RULESET, SCHEME.tournament_problems, BOARDS, (
    "Boards: copy each centre-count sheet as it comes in: seven rows, Round and Board on each. Centres at the "
    "end are the score; an eliminated power has 0 and its year. The year columns are optional.",
    "A board with only its players (drawn, not yet played) is left out until its results are typed.",
    "A player may be on two boards of one round when the field is not a multiple of seven. Mark a stand-in on "
    "Players: their boards are scored, they are not ranked.",
))

__all__ = ["BOARDS", "LAYOUT"]
