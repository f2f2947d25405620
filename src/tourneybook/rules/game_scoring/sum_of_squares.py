"""Sum of Squares: each power's share of the board is its centres squared over everyone's.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (6, 5, 5, 5, 4, 5, 4)))
>>> board = Board(1, 1, tuple(PowerResult(p, p.value[:2], n) for p, n in centres.items()))
>>> str(SUM_OF_SQUARES.scores(board).of("Au").points)  # 100 x 36 / (36 + 4 x 25 + 2 x 16)
'150/7'
"""

from __future__ import annotations

from fractions import Fraction

from ..base import GameScore, PlayerScore
from ..diplomacy import Board
from .system import Need, Numbers, ScoringSystem, solo_score, soloist

GAME_POINTS = 100
"""What a board's scores add up to; all of it to a soloist."""


def score_sum_of_squares(board: Board, numbers: Numbers) -> GameScore:
    """100 to a soloist; otherwise 100 x centres² / Σ centres²."""
    if soloist(board) is not None:
        return solo_score(board, GAME_POINTS)
    powers = board.in_power_order()
    squares = sum(p.centres ** 2 for p in powers)  # a board has a survivor, so this is at least 1
    scores = tuple(
        PlayerScore(p.player, p.power.value, Fraction(GAME_POINTS * p.centres ** 2, squares),
                    (("centres", p.centres), ("centres squared", p.centres ** 2), ("sum of squares", squares)))
        for p in powers
    )
    return GameScore(board.label, scores)


SUM_OF_SQUARES = ScoringSystem(
    id="sos",
    name="Sum of Squares",
    rule="Each power scores 100 x its centres squared / the sum of all seven powers' centres squared; a solo "
         "scores 100.",
    text="Each power scores 100 x its centres squared / the sum of all seven powers' centres squared (the board "
         "adds up to 100). 18 centres or more is a solo: 100, everyone else 0.",
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_sum_of_squares,
)
