"""Maxonian and 7Eleven: 7 to 1 points by rank, ties broken by earlier years, and a point per centre above a line.

Powers tied on centres are ranked by their counts in the years before, the most
recent year that separates them first (the year-by-year centre counts); powers
level in every year share the points of the ranks they cover.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 4, 5, 15, 3, 6, 1)))
>>> seats = tuple(PowerResult(p, p.value, n, 1906 if n == 0 else None) for p, n in centres.items())
>>> str(MAXONIAN.scores(Board(1, 1, seats)).of("Germany").points)  # first: 7, and 15 - 13 centres above the line
'9'
"""

from __future__ import annotations

from fractions import Fraction as F

from ...errors import Problem, ValidationError
from ...i18n import N_
from ..base import GameScore
from ..diplomacy import SOLO_CENTRES, Board, Power, PowerResult
from .system import Need, Numbers, ScoringSystem, game_score, number, soloist

POSITIONS = (7, 6, 5, 4, 3, 2, 1)
"""Points for first to seventh."""


def standing(p: PowerResult, won: PowerResult | None) -> tuple[int, ...]:
    """What ranks a power: its final count (a solo or a concession counting as 18), then its count in each earlier
    year, the latest first."""
    return (SOLO_CENTRES if p is won else p.centres, *reversed(p.history[:-1]))


def position_points(board: Board, system: str) -> dict[Power, F]:
    """Each power's rank points: by final count, ties broken by the latest earlier year that separates them, and
    powers level every year sharing the points of the ranks they cover."""
    won = soloist(board)
    counts = [standing(p, won)[0] for p in board.powers]
    tied = sorted({p.power.value for p, n in zip(board.powers, counts) if counts.count(n) > 1})
    if tied and not any(p.history for p in board.powers):
        raise ValidationError([Problem(
            f"{', '.join(tied)} tie on centres: {system} ranks them by the years before; enter the centre count of "
            "every year", f"game {board.label}")])
    keys = [standing(p, won) for p in board.powers]
    ordered = sorted(keys, reverse=True)
    shares = {}
    for key in set(keys):
        first, level = ordered.index(key), ordered.count(key)
        shares[key] = F(sum(POSITIONS[first:first + level]), level)
    return {p.power: shares[key] for p, key in zip(board.powers, keys)}


def maxonian(id: str, name: str, line: int) -> ScoringSystem:
    """Maxonian (the line at 13 centres) or 7Eleven (at 11)."""

    def score(board: Board, n: Numbers) -> GameScore:
        won = soloist(board)
        ranks = position_points(board, name)
        rows = {}
        for p in board.powers:
            counted = SOLO_CENTRES if p is won else p.centres  # a solo counts as 18, whatever it held
            above = max(F(0), counted - n["line"]) if won is None or p is won else F(0)
            rows[p.power] = (ranks[p.power] + above, (("rank points", ranks[p.power]), ("above the line", above)))
        return game_score(board, rows, () if won is None else (f"solo: {won.power.value} ({won.player})",))

    return ScoringSystem(
        id=id,
        name=name,
        rule="7, 6, 5, 4, 3, 2, 1 for first to seventh (ties broken by earlier years), plus a point per centre above "
             "{line}.",
        text=N_("Powers rank by centres: first scores 7, second 6, down to 1 for seventh. Powers tied on centres rank "
                "by their counts in the years before, the latest year that separates them deciding; powers level in "
                "every year share the points of the ranks they cover. Each power with more than {line} centres adds 1 "
                "per centre above {line}. A solo (18 centres or more, or a concession) counts as 18 centres and "
                "ranks first, and only the soloist adds points above the line."),
        parameters=(number(name, "line", "centre line", line, "Each centre a power holds above this adds 1.",
                           whole=True),),
        needs=frozenset({Need.YEAR_COUNTS, Need.CONCESSION}),
        score=score,
    )


MAXONIAN = maxonian("maxonian", "Maxonian", 13)
SEVEN_ELEVEN = maxonian("7eleven", "7Eleven", 11)
