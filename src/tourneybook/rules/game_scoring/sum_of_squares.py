"""Sum of Squares and the ManorCons: each power's share of the board grows with the square of its centres.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (6, 5, 5, 5, 4, 5, 4)))
>>> board = Board(1, 1, tuple(PowerResult(p, p.value[:2], n) for p, n in centres.items()))
>>> str(SUM_OF_SQUARES.scores(board).of("Au").points)  # 100 x 36 / (36 + 4 x 25 + 2 x 16)
'150/7'
"""

from __future__ import annotations

from fractions import Fraction

from ...i18n import N_
from ..base import GameScore, PlayerScore
from ..diplomacy import Board
from .system import (Need, Numbers, ScoringSystem, game_score, losers_last_year, number, solo_score, soloist, year_out,
                     years_survived)

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
    text=N_("Each power scores 100 x its centres squared / the sum of all seven powers' centres squared (the board "
            "adds up to 100). 18 centres or more (or a concession) is a solo: 100, everyone else 0."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_sum_of_squares,
)


MANORCON_EVERY_N = N_(
    "For each power N = centres² + 4 x centres + {base}; each survivor scores 100 x its N / the sum of every "
    "power's N, an eliminated power's being {base}. An eliminated power scores 0.1 per year survived (the year of "
    "elimination not counted: out in 1905, 0.4). 18 centres or more (or a concession) is a solo: {solo}; every "
    "other power scores 0.1 per year survived before the solo or its elimination (neither year counted).")
"""The ManorCons whose eliminated powers' N count in the board's sum."""
MANORCON_SURVIVORS_N = N_(
    "For each power N = centres² + 4 x centres + {base}; each survivor scores 100 x its N / the sum of the "
    "survivors' N. An eliminated power scores 0.1 per year survived (the year of elimination not counted: out in "
    "1905, 0.4). 18 centres or more (or a concession) is a solo: {solo}; every other power scores 0.1 per year "
    "survived before the solo or its elimination (neither year counted).")
"""ManorCon v2's: only the survivors' N."""


def manorcon(id: str, name: str, solo: int, dead_count: bool) -> ScoringSystem:
    """One ManorCon: its solo's points, and whether an eliminated power's N (the base) counts in the board's sum.

    An eliminated power, and a survivor who lost to a solo, scores 0.1 per year survived (``year - 1901``, the year
    of elimination or of the solo not counted), as dipvis's code and its tests do (test_manorcon.py: Austria out in
    1904 scores 0.3 in a 1907 solo); the ManorCon page's "including the year they were eliminated" is not followed.
    """

    def score(board: Board, n: Numbers) -> GameScore:
        won = soloist(board)
        if won is not None:
            end = losers_last_year(board, won, name)
            return solo_score(board, n["solo"], losers={p.power: Fraction(1, 10) * years_survived(p.eliminated or end)
                                                        for p in board.powers})
        value = {p.power: p.centres ** 2 + 4 * p.centres + n["base"] if p.survived or dead_count else Fraction(0)
                 for p in board.powers}
        total = sum(value.values())
        rows = {}
        for p in board.powers:
            if p.survived:
                rows[p.power] = (100 * value[p.power] / total, (("N", value[p.power]), ("sum of N", total)))
            else:
                years = years_survived(year_out(board, p, name))
                rows[p.power] = (Fraction(years, 10), (("N", value[p.power]), ("years survived", years)))
        return game_score(board, rows)

    return ScoringSystem(
        id=id,
        name=name,
        rule="Each survivor scores 100 x N / the sum of N of " + ("all seven powers" if dead_count else "the survivors")
             + ", N = centres² + 4 x centres + {base}; eliminated powers 0.1 per year survived (the year out not "
             "counted); a solo scores {solo}, the others 0.1 per year survived.",
        text=MANORCON_EVERY_N if dead_count else MANORCON_SURVIVORS_N,
        parameters=(
            number(name, "solo", "solo points", solo, "What a soloist scores."),
            number(name, "base", "base of N", 16, "The constant in N = centres² + 4 x centres + base.", minimum=1),
        ),
        needs=frozenset({Need.ELIMINATION_YEAR, Need.CONCESSION}),
        score=score,
    )


MANORCON = manorcon("manorcon", "ManorCon", solo=75, dead_count=True)
MANORCON_ORIGINAL = manorcon("manorcon_original", "Original ManorCon", solo=100, dead_count=True)
MANORCON_V2 = manorcon("manorcon_v2", "ManorCon v2", solo=100, dead_count=False)
