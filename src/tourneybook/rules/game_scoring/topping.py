"""Base3, Mischief, Vulcan and Detour09: a point per centre and bonuses for topping the board.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 5, 4, 8, 4, 5, 8)))
>>> seats = tuple(PowerResult(p, p.value, n, 1904 if n == 0 else None) for p, n in centres.items())
>>> str(BASE3.scores(Board(1, 1, seats)).of("Germany").points)  # 3 + 8 + 9 / 3 (two share the top)
'14'
"""

from __future__ import annotations

from fractions import Fraction as F

from ...i18n import N_
from ..base import GameScore
from ..diplomacy import Board
from .system import (Need, Numbers, ScoringSystem, game_score, losers_last_year, lower_ranks, solo_score, soloist,
                     years_survived)


def toppers(board: Board) -> tuple[int, int]:
    """The top centre count and how many powers hold it."""
    top = max(p.centres for p in board.powers)
    return top, sum(1 for p in board.powers if p.centres == top)


def score_base3(board: Board, n: Numbers) -> GameScore:
    """Solo: 46, everyone else 0. Otherwise survivors 3 + a point per centre; 9 to the top, divided by 3 for each
    further power sharing it."""
    if soloist(board) is not None:
        return solo_score(board, 46)
    top, sharing = toppers(board)
    bonus = F(9, 3 ** (sharing - 1))
    return game_score(board, {p.power: ((3 + p.centres if p.survived else 0) + (bonus if p.centres == top else 0),
                                        (("survival", 3 if p.survived else 0),
                                         ("top bonus", bonus if p.centres == top else 0)))
                              for p in board.powers})


BASE3 = ScoringSystem(
    id="base3",
    name="Base3",
    dipvis_name="Base 3",
    rule="A point per centre and 3 for surviving, and 9 to a lone board topper (3 each to two, 1 each to three...); "
         "a solo scores 46.",
    text=N_("Each survivor scores 3 plus 1 per centre; an eliminated power 0. The board topper adds 9, divided by 3 "
            "for each further power sharing the top (3 each for two, 1 each for three, 1/3 each for four...). 18 "
            "centres or more (or a concession) is a solo: 46, everyone else 0."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_base3,
)


def score_mischief(board: Board, n: Numbers) -> GameScore:
    """Solo: 34, everyone else 0. Otherwise a point per centre, 5 to a lone topper, 1 each to two sharing the top."""
    if soloist(board) is not None:
        return solo_score(board, 34)
    top, sharing = toppers(board)
    bonus = {1: 5, 2: 1}.get(sharing, 0)
    return game_score(board, {p.power: (p.centres + (bonus if p.centres == top else 0),
                                        (("top bonus", bonus if p.centres == top else 0),))
                              for p in board.powers})


MISCHIEF = ScoringSystem(
    id="mischief",
    name="Mischief",
    rule="A point per centre, 5 to a lone board topper and 1 each to two sharing the top; a solo scores 34.",
    text=N_("Each power scores 1 per centre; a lone board topper adds 5, each of two powers sharing the top adds 1 "
            "(no bonus for three or more). 18 centres or more (or a concession) is a solo: 34, everyone else 0."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_mischief,
)


def score_vulcan(board: Board, n: Numbers) -> GameScore:
    """Eliminated 0. Solo: 130, the other survivors 5. Otherwise a point per centre, 5 for surviving, a point per
    centre ahead of each power below, and 10 shared by the toppers."""
    won = soloist(board)
    if won is not None:
        return solo_score(board, 130, losers={p.power: F(5 if p.survived else 0) for p in board.powers})
    top, sharing = toppers(board)
    rows = {}
    for p in board.powers:
        if not p.survived:
            rows[p.power] = (0, (("survival", 0),))
            continue
        gaps = sum(max(0, p.centres - q.centres) for q in board.powers)
        bonus = F(10, sharing) if p.centres == top else F(0)
        rows[p.power] = (p.centres + 5 + gaps + bonus, (("survival", 5), ("gap points", gaps), ("top bonus", bonus)))
    return game_score(board, rows)


VULCAN = ScoringSystem(
    id="vulcan",
    name="Vulcan",
    rule="A point per centre, 5 for surviving, a point per centre ahead of each power below, 10 shared by the "
         "toppers; a solo scores 130, its surviving losers 5.",
    text=N_("An eliminated power scores 0. Each survivor scores 1 per centre, 5 for surviving, and 1 for each centre "
            "it is ahead of each power below it (the eliminated included); the powers on the top count share 10. 18 "
            "centres or more (or a concession) is a solo: 130, every other survivor 5."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_vulcan,
)


def detour_years(year: int) -> F:
    """Detour09's survival points: a quarter per year survived, at most 2."""
    return F(min(8, years_survived(year)), 4)


def score_detour09(board: Board, n: Numbers) -> GameScore:
    """Solo: 110, the others a quarter per year survived (at most 2). Otherwise centres + 2 for surviving + a lone
    leader's lead + 4 / 3 / 2 / 1 by rank (ties take the lower rank), scaled to add up to 100; then the eliminated
    add a quarter per year survived (at most 2)."""
    won = soloist(board)
    if won is not None:
        end = losers_last_year(board, won, "Detour09")
        return solo_score(board, 110, losers={p.power: detour_years(p.eliminated or end) for p in board.powers})
    top, sharing = toppers(board)
    counts = [p.centres for p in board.powers]
    second = sorted(counts, reverse=True)[1]
    ranks = lower_ranks(counts, (4, 3, 2, 1))
    raw = {}
    for p, rank in zip(board.powers, ranks):
        lead = top - second if p.centres == top else 0
        raw[p.power] = (p.centres + (2 if p.survived else 0) + lead + rank, lead, rank)
    total = sum(r[0] for r in raw.values())
    rows = {}
    for p in board.powers:
        points, lead, rank = raw[p.power]
        years = F(0) if p.survived else detour_years(p.eliminated or 0)
        rows[p.power] = (F(100 * points, total) + years,
                         (("survival", 2 if p.survived else 0), ("lead", lead), ("rank points", rank),
                          ("before scaling", points), ("years", years)))
    return game_score(board, rows, (f"scaled by 100 / {total}",))


DETOUR09 = ScoringSystem(
    id="detour09",
    name="Detour09",
    rule="A point per centre, 2 for surviving, a lone leader's lead, 4 / 3 / 2 / 1 by rank, scaled to 100; the "
         "eliminated add 0.25 per year survived (the year out not counted, at most 2); a solo scores 110.",
    text=N_("Each power scores 1 per centre and survivors 2 more; a lone board topper adds the centres it is ahead of "
            "the next power; the first four by centres add 4, 3, 2 and 1, tied powers taking the points of the lowest "
            "rank they cover. These scores are scaled to add up to 100. An eliminated power then adds 0.25 per year "
            "it survived (the year eliminated not counted), at most 2. 18 centres or more (or a concession) is a "
            "solo: 110; everyone else scores 0.25 per year survived before the solo or their elimination, at most 2."),
    parameters=(),
    needs=frozenset({Need.ELIMINATION_YEAR, Need.CONCESSION}),
    score=score_detour09,
)
