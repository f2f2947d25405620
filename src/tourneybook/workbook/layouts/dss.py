"""Draw Size Scoring in a workbook: the final-count Boards sheet with the In draw column (:mod:`.best_n`)."""

from __future__ import annotations

from ...rules.dss import RULESET, SCHEME
from .best_n import best_n_layout, boards_sheet

BOARDS = boards_sheet("Centres at the end of the game: the powers in the draw share 100 (a solo, 18+, takes it all).", with_draw=True)

LAYOUT = best_n_layout(RULESET, SCHEME.tournament_problems, BOARDS, (
    "Boards: copy each centre-count sheet as it comes in: seven rows, Round and Board on each. Centres at the "
    "end; an eliminated power has 0 and its year. In draw: leave it empty when every survivor shares the draw; "
    "when the draw left survivors out, type yes on each power in it.",
    "A board with only its players (drawn, not yet played) is left out until its results are typed.",
    "A player may be on two boards of one round when the field is not a multiple of seven. Mark a stand-in on "
    "Players: their boards are scored, they are not ranked.",
))

__all__ = ["BOARDS", "LAYOUT"]
