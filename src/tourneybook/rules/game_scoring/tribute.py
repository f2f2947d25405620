"""Tribute and OpenTribute: the survivors pay the board leader for each centre it has more than they do.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (3, 5, 6, 11, 4, 5, 0)))
>>> seats = tuple(PowerResult(p, p.value, n, 1906 if n == 0 else None) for p, n in centres.items())
>>> str(OPEN_TRIBUTE.scores(Board(1, 1, seats)).of("Germany").points)  # 34 + 33 + (8 + 6 + 5 + 7 + 6 + 11)
'110'
"""

from __future__ import annotations

from fractions import Fraction

from ..base import GameScore, PlayerScore
from ..diplomacy import Board
from .system import Need, Numbers, ScoringSystem, solo_score, soloist


def score_open_tribute(board: Board, numbers: Numbers) -> GameScore:
    """340 to a soloist, 0 to the others; otherwise 34 + 3 per centre - tribute, the leaders receiving the tribute."""
    if soloist(board) is not None:
        return solo_score(board, 340)
    powers = board.in_power_order()
    most = max(p.centres for p in powers)
    leaders = [p for p in powers if p.centres == most]
    paid = {p.power: most - p.centres for p in powers}  # an eliminated power pays the whole count; a leader nothing
    tribute = sum(paid.values())
    received = tribute // len(leaders) ** 2
    scores = []
    for p in powers:
        base = 34 + 3 * p.centres if p.survived else 0
        gets = received if p in leaders else 0
        points = base - paid[p.power] + gets if p.survived else 0
        scores.append(PlayerScore(p.player, p.power.value, Fraction(points),
                                  (("centres", p.centres), ("base", base), ("tribute paid", paid[p.power]),
                                   ("tribute received", gets))))
    note = f"tribute {tribute} to {', '.join(p.power.value for p in leaders)} on {most} centres"
    if len(leaders) > 1:
        note += f": each receives {tribute} / {len(leaders)}² rounded down = {received}"
    return GameScore(board.label, tuple(scores), (note,))


OPEN_TRIBUTE = ScoringSystem(
    id="opentribute",
    name="OpenTribute",
    rule="Survivors score 34 + 3 per centre and pay the leader 1 per centre it has more; the leaders share the "
         "tribute; a solo scores 340.",
    text="Survivors score 34 + 3 per centre and pay the leader 1 per centre the leader has more; an eliminated "
         "power pays the leader's count. 18 centres or more is a solo: 340, everyone else 0.",
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_open_tribute,
)
