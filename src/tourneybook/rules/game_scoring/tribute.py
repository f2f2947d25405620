"""Tribute, OpenTribute and Open Mind the Gap: the other powers pay the board leader for its lead.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (3, 5, 6, 11, 4, 5, 0)))
>>> seats = tuple(PowerResult(p, p.value, n, 1906 if n == 0 else None) for p, n in centres.items())
>>> str(OPEN_TRIBUTE.scores(Board(1, 1, seats)).of("Germany").points)  # 34 + 33 + (8 + 6 + 5 + 7 + 6 + 11)
'110'
"""

from __future__ import annotations

from fractions import Fraction

from ...i18n import N_
from ..base import GameScore, PlayerScore
from ..diplomacy import Board
from .system import Need, Numbers, ScoringSystem, game_score, shared_ranks, solo_score, soloist


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
    text=N_("Survivors score 34 + 3 per centre and pay the leader 1 per centre the leader has more; an "
            "eliminated power scores 0 and pays the leader's count. The leader receives all that is paid; powers tied "
            "for the most each receive the total / (number of leaders)², rounded down. 18 centres or more (or a "
            "concession) is a solo: 340, everyone else 0."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_open_tribute,
)


def score_tribute(board: Board, numbers: Numbers) -> GameScore:
    """100 to a soloist, 0 to the others; otherwise a point per centre, the survivors share 66, and every other
    survivor pays the leaders a point per centre the top count is over 6 (at most its share of 66)."""
    if soloist(board) is not None:
        return solo_score(board, 100)
    survivors = [p for p in board.powers if p.survived]
    share = Fraction(66, len(survivors))
    top = max(p.centres for p in board.powers)
    leaders = [p for p in board.powers if p.centres == top]
    paid = min(share, Fraction(max(0, top - 6)))
    received = paid * (len(survivors) - len(leaders)) / len(leaders)
    rows = {}
    for p in board.powers:
        if not p.survived:
            rows[p.power] = (0, (("survivors' share", 0), ("tribute", 0)))
            continue
        change = received if p in leaders else -paid
        rows[p.power] = (p.centres + share + change, (("survivors' share", share), ("tribute", change)))
    return game_score(board, rows, (f"tribute {paid} from each survivor to {', '.join(p.power.value for p in leaders)}",))


TRIBUTE = ScoringSystem(
    id="tribute",
    name="Tribute",
    rule="A point per centre, the survivors share 66, and each survivor pays the leader a point per centre the "
         "leader has over 6; a solo scores 100.",
    text=N_("Each power scores 1 per centre and the survivors share 66 equally. Every survivor not on the top count "
            "pays the board leader 1 per centre the leader has over 6, but never more than its share of 66; powers "
            "tied on the top count share what is paid. Eliminated powers score 0. 18 centres or more (or a "
            "concession) is a solo: 100, everyone else 0."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_tribute,
)


def score_open_mind_the_gap(board: Board, numbers: Numbers) -> GameScore:
    """100 to a soloist, 0 to the others; otherwise 1.5 per centre, 9 for surviving, 4.5 / 3 / 1.5 by rank (ties
    split), and a lone leader takes from every power its lead over the second, at most half that power's score."""
    if soloist(board) is not None:
        return solo_score(board, 100)
    powers = board.in_power_order()
    counts = [p.centres for p in powers]
    ranks = shared_ranks(counts, [Fraction(9, 2), 3, Fraction(3, 2)])
    ordered = sorted(counts, reverse=True)
    gap = ordered[0] - ordered[1]
    base = {p.power: Fraction(3, 2) * p.centres + (9 if p.survived else 0) + rank for p, rank in zip(powers, ranks)}
    leader = next(p for p in powers if p.centres == ordered[0])
    paid = {p.power: min(Fraction(gap), base[p.power] / 2) if gap and p is not leader else Fraction(0)
            for p in powers}
    tribute = sum(paid.values())
    rows = {}
    for p, rank in zip(powers, ranks):
        change = tribute if p is leader and gap else -paid[p.power]
        rows[p.power] = (base[p.power] + change, (("centre points", Fraction(3, 2) * p.centres),
                                                  ("survival", 9 if p.survived else 0), ("rank points", rank),
                                                  ("tribute", change)))
    return game_score(board, rows)


OPEN_MIND_THE_GAP = ScoringSystem(
    id="omg",
    name="Open Mind the Gap",
    dipvis_name="OMG",
    rule="1.5 per centre, 9 for surviving, 4.5 / 3 / 1.5 for the top three (ties split), and every power pays a "
         "lone leader its lead over the second, at most half its score; a solo scores 100.",
    text=N_("Each power scores 1.5 per centre, survivors 9 more, and the most, second and third most centres add 4.5, "
            "3 and 1.5 (tied powers split their ranks' points). When one power leads alone, every other power pays it "
            "the leader's lead over the second power in centres, but never more than half its own score. 18 centres "
            "or more (or a concession) is a solo: 100, everyone else 0."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_open_mind_the_gap,
)
