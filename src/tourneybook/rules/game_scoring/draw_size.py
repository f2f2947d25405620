"""Draw Size: a board's 100 points go to whoever shares its result.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 5, 9, 9, 4, 3, 4)))
>>> seats = tuple(PowerResult(p, p.value, n, 1905 if n == 0 else None) for p, n in centres.items())
>>> str(DRAW_SIZE.scores(Board(1, 1, seats)).of("France").points)  # six survivors share 100
'50/3'
"""

from __future__ import annotations

from fractions import Fraction

from ..base import GameScore, PlayerScore
from ..diplomacy import Board
from .system import Need, Numbers, ScoringSystem, drawn_powers, solo_score, soloist

GAME_POINTS = 100
"""What a board's scores add up to: all of it to a soloist, else shared by the draw."""


def score_draw_size(board: Board, numbers: Numbers) -> GameScore:
    """100 to a soloist; otherwise 100 / the draw's size to each power in the draw, 0 to the others."""
    if soloist(board) is not None:
        return solo_score(board, GAME_POINTS)
    drawn = {p.power for p in drawn_powers(board)}
    share = Fraction(GAME_POINTS, len(drawn))  # a board has a survivor, and a recorded draw names one at least
    scores = tuple(PlayerScore(p.player, p.power.value, share if p.power in drawn else Fraction(0),
                               (("centres", p.centres), ("in the draw", "yes" if p.power in drawn else "no"),
                                ("draw size", len(drawn))))
                   for p in board.in_power_order())
    who = "as recorded" if board.draw is not None else "every survivor"
    return GameScore(board.label, scores, (f"draw of {len(drawn)} ({who})",))


DRAW_SIZE = ScoringSystem(
    id="dss",
    name="Draw Size",
    rule="The powers in the draw (every survivor unless the board names them) share 100 equally; a solo scores 100.",
    text="The powers in the draw share 100 equally: every survivor, unless the draw left some out (name the powers "
         "in it in the vote below). 18 centres or more is a solo: 100, everyone else 0.",
    parameters=(),
    needs=frozenset({Need.DRAW_MEMBERS, Need.CONCESSION}),
    score=score_draw_size,
    vote_rule="Draw votes: name every power in the proposed draw; a passed draw decides who shares the 100",
    game_ends="solo  /  concession  /  draw of all survivors  /  draw of the powers named  /  last year played",
)
