"""World Classic, Summer Classic, Whipping, Haight, the two Ranked Classics and Southern Sun: 10 points a centre.

Each scores survivors ten points per centre with a survival bonus and a bonus for
the top, and eliminated powers a little per year; they differ in the bonuses and in
what losers to a solo keep.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 5, 4, 8, 4, 5, 8)))
>>> seats = tuple(PowerResult(p, p.value, n, 1904 if n == 0 else None) for p, n in centres.items())
>>> str(WORLD_CLASSIC.scores(Board(1, 1, seats)).of("Germany").points)  # 10 x 8 + 30 + 48 / 2
'134'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction as F

from ...i18n import N_
from ..base import GameScore
from ..diplomacy import Board, PowerResult
from .system import (Need, Numbers, ScoringSystem, game_score, losers_last_year, lower_ranks, number, shared_ranks,
                     solo_score, soloist, year_out, years_played, years_survived)


def classic(id: str, name: str, no_three_way_top: bool) -> ScoringSystem:
    """World Classic, or Summer Classic whose top bonus is void when three or more powers share the top."""

    def score(board: Board, n: Numbers) -> GameScore:
        """The solo's points to a soloist and a point per year survived to everyone else (dipvis's code and its
        test of a solo, not its one-line description); otherwise the centres, survival and top bonus."""
        won = soloist(board)
        if won is not None:
            end = losers_last_year(board, won, name)
            return solo_score(board, n["solo"], losers={p.power: F(years_survived(p.eliminated or end))
                                                        for p in board.powers})
        top = max(p.centres for p in board.powers)
        toppers = sum(1 for p in board.powers if p.centres == top)
        pool = F(0) if no_three_way_top and toppers >= 3 else n["top"]
        rows = {}
        for p in board.powers:
            if not p.survived:
                years = years_survived(year_out(board, p, name))
                rows[p.power] = (years, (("years survived", years),))
                continue
            bonus = pool / toppers if p.centres == top else F(0)
            rows[p.power] = (n["per_centre"] * p.centres + n["survival"] + bonus,
                             (("centre points", n["per_centre"] * p.centres), ("survival", n["survival"]),
                              ("top bonus", bonus)))
        return game_score(board, rows)

    return ScoringSystem(
        id=id,
        name=name,
        rule="{per_centre} per centre and {survival} for surviving, "
             + ("{top} to a lone board topper or half each to two (none to three or more)" if no_three_way_top
                else "{top} shared by the board toppers")
             + ", a point per year survived if eliminated (the year out not counted); a solo scores {solo}, the "
             "others a point per year survived.",
        text=N_("Each survivor scores {per_centre} per centre and {survival} for surviving, and the top bonus: "
                "{top} to a lone board topper, {top} / 2 each to two sharing the top, none when three or more share "
                "it. An eliminated power scores 1 per year it survived (the year of elimination not counted: out in "
                "1905, 4). 18 centres or more (or a concession) is a solo: {solo}; everyone else scores 1 per year "
                "survived before the solo or its elimination (neither year counted).") if no_three_way_top else
             N_("Each survivor scores {per_centre} per centre and {survival} for surviving, and the top bonus: "
                "{top} shared equally by the powers on the top count. An eliminated power scores 1 per year it "
                "survived (the year of elimination not counted: out in 1905, 4). 18 centres or more (or a "
                "concession) is a solo: {solo}; everyone else scores 1 per year survived before the solo or its "
                "elimination (neither year counted)."),
        parameters=(
            number(name, "solo", "solo points", 420,
                   "What a soloist scores; everyone else scores a point per year survived."),
            number(name, "per_centre", "points per centre", 10, "What each centre of a survivor scores."),
            number(name, "survival", "survival points", 30, "What each survivor adds."),
            number(name, "top", "board-top bonus", 48, "The bonus of the power(s) on the top count."),
        ),
        needs=frozenset({Need.ELIMINATION_YEAR, Need.CONCESSION}),
        score=score,
    )


WORLD_CLASSIC = classic("world_classic", "World Classic", no_three_way_top=False)
SUMMER_CLASSIC = classic("summer_classic", "Summer Classic", no_three_way_top=True)


def score_whipping(board: Board, n: Numbers) -> GameScore:
    """Solo: the solo's points, everyone else a point per year played up to the solo or their elimination.
    Otherwise 10 per centre, the survivors share 60, a lone leader adds 2 per centre; the eliminated a point
    per year played."""
    won = soloist(board)
    if won is not None:
        end = losers_last_year(board, won, "Whipping")
        return solo_score(board, n["solo"], losers={p.power: F(years_played(p.eliminated or end))
                                                    for p in board.powers})
    survivors = [p for p in board.powers if p.survived]
    top = max(p.centres for p in board.powers)
    lone = sum(1 for p in board.powers if p.centres == top) == 1
    rows = {}
    for p in board.powers:
        if not p.survived:
            years = years_played(year_out(board, p, "Whipping"))
            rows[p.power] = (years, (("years played", years),))
            continue
        share = F(60, len(survivors))
        bonus = 2 * p.centres if lone and p.centres == top else 0
        rows[p.power] = (10 * p.centres + share + bonus,
                         (("centre points", 10 * p.centres), ("survivors' share", share), ("top bonus", bonus)))
    return game_score(board, rows)


WHIPPING = ScoringSystem(
    id="whipping",
    name="Whipping",
    rule="10 per centre, the survivors share 60, a lone leader adds 2 per centre, the eliminated a point per year "
         "played (the year out counted); a solo scores {solo}.",
    text=N_("Each survivor scores 10 per centre and an equal share of 60 with the other survivors; a lone board "
            "topper adds 2 per centre (no bonus for a shared top). An eliminated power scores 1 per year played (the "
            "year eliminated included). 18 centres or more (or a concession) is a solo: {solo}; everyone else scores "
            "1 per year played up to the solo or their elimination."),
    parameters=(number("Whipping", "solo", "solo points", 468, "What a soloist scores (the game's total)."),),
    needs=frozenset({Need.ELIMINATION_YEAR, Need.CONCESSION}),
    score=score_whipping,
)


def elimination_ranking(board: Board) -> list[F]:
    """What ranks the powers, in the board's order: a survivor's centres, above every eliminated power, which
    rank by their elimination year (later ranks higher; one year is a tie)."""
    return [F(p.centres) if p.survived else F(years_survived(p.eliminated or 0) - 100, 100) for p in board.powers]


def score_haight(board: Board, n: Numbers) -> GameScore:
    """Solo: 451; survivors the greater of 5 per centre and the years played; the eliminated the years played.
    Otherwise 10 per centre (the eliminated a point per year played), rank points with ties taking the lower rank,
    and 5 per centre of a lone leader's lead."""
    won = soloist(board)
    if won is not None:
        end = losers_last_year(board, won, "Haight")
        return solo_score(board, 451, losers={
            p.power: F(max(5 * p.centres, years_played(end)) if p.survived else years_played(p.eliminated or 0))
            for p in board.powers})
    ranking = elimination_ranking(board)
    ranks = lower_ranks(ranking, (66, 55, 44, 33, 22, 11))
    order = sorted(board.powers, key=lambda p: -p.centres)
    gap = order[0].centres - order[1].centres
    rows = {}
    for p, rank in zip(board.powers, ranks):
        base = 10 * p.centres if p.survived else years_played(p.eliminated or 0)
        lead = 5 * gap if p is order[0] and gap else 0
        rows[p.power] = (base + rank + lead, (("centre points" if p.survived else "years played", base),
                                              ("rank points", rank), ("lead bonus", lead)))
    return game_score(board, rows)


HAIGHT = ScoringSystem(
    id="haight",
    name="Haight",
    dipvis_name="Haight v1.0",
    rule="10 per centre (the eliminated a point per year played, the year out counted), 66 to 0 rank points (ties "
         "take the lower rank), 5 per centre of a lone leader's lead; a solo scores 451.",
    text=N_("Each survivor scores 10 per centre; an eliminated power 1 per year played (the year eliminated "
            "included). Every power adds rank points, 66, 55, 44, 33, 22, 11 and 0 for first to seventh by centres, "
            "the eliminated ranking below the survivors by elimination year (later ranks higher); powers tied on a "
            "rank all take the points of the lowest rank they cover. A lone board topper adds 5 per centre it is "
            "ahead of the next power. 18 centres or more (or a concession) is a solo: 451; every other survivor "
            "scores 5 per centre or the years played, whichever is more, and every eliminated power the years it "
            "played."),
    parameters=(),
    needs=frozenset({Need.ELIMINATION_ORDER, Need.ELIMINATION_YEAR, Need.CONCESSION}),
    score=score_haight,
)


RANKED_POINTS = (200, 90, 60, 40, 30, 20, 10)
"""Ranked Classic's rank points, first to seventh."""
RANKED_TWO_TIED = (135, 70, 50, 35, 25, 15)
"""Each of two powers tied from first (135), second (70)... sixth (15)."""


def ranked_points(counts: Sequence[int], *, multi_ties_lower: bool) -> list[F]:
    """Ranked Classic's rank points of each count, in the order given: two tied powers score the two-way table
    at their rank; three or more take the lowest rank they cover (``multi_ties_lower``) or the two-way points of
    the second lowest rank they cover."""
    ordered = sorted(counts, reverse=True)
    points = {}
    for c in set(counts):
        first, tied = ordered.index(c), ordered.count(c)
        if tied == 1:
            points[c] = RANKED_POINTS[first]
        elif tied == 2:
            points[c] = RANKED_TWO_TIED[first] if first < len(RANKED_TWO_TIED) else 0
        elif multi_ties_lower:
            points[c] = RANKED_POINTS[first + tied - 1]
        else:
            index = first + tied - 2
            points[c] = RANKED_TWO_TIED[index] if index < len(RANKED_TWO_TIED) else 0
    return [F(points[c]) for c in counts]


def ranked_classic(id: str, name: str, multi_ties_lower: bool) -> ScoringSystem:
    """One Ranked Classic: how three or more tied powers score."""

    def score(board: Board, n: Numbers) -> GameScore:
        won = soloist(board)
        if won is not None:
            end = losers_last_year(board, won, name)
            return solo_score(board, 550, losers={p.power: F(years_survived(p.eliminated or end))
                                                  for p in board.powers})
        ranks = ranked_points([p.centres for p in board.powers], multi_ties_lower=multi_ties_lower)
        rows = {}
        for p, rank in zip(board.powers, ranks):
            if not p.survived:
                years = years_survived(p.eliminated or 0)
                rows[p.power] = (years, (("years survived", years),))
            else:
                rows[p.power] = (30 + 10 * p.centres + rank, (("survival", 30), ("centre points", 10 * p.centres),
                                                              ("rank points", rank)))
        return game_score(board, rows)

    return ScoringSystem(
        id=id,
        name=name,
        rule="Survivors score 30 + 10 per centre + 200 / 90 / 60 / 40 / 30 / 20 / 10 by rank ("
             + ("three or more tied take the lowest rank" if multi_ties_lower else
                "three or more tied score as two tied at the second lowest rank")
             + "), the eliminated a point per year survived (the year out not counted); a solo scores 550.",
        text=N_("Each survivor scores 30, 10 per centre and the points of its rank by centres: 200, 90, 60, 40, 30, "
                "20 and 10 for first to seventh; two powers tied score 135, 70, 50, 35, 25 or 15 each when tied from "
                "first, second... sixth; three or more tied powers all take the points of the lowest rank they "
                "cover. An eliminated power scores 1 per year it survived (the year eliminated not counted). 18 "
                "centres or more (or a concession) is a solo: 550; everyone else scores 1 per year survived before "
                "the solo or their elimination.") if multi_ties_lower else
             N_("Each survivor scores 30, 10 per centre and the points of its rank by centres: 200, 90, 60, 40, 30, "
                "20 and 10 for first to seventh; two powers tied score 135, 70, 50, 35, 25 or 15 each when tied from "
                "first, second... sixth; three or more tied powers each take the two-way points of the second lowest "
                "rank they cover. An eliminated power scores 1 per year it survived (the year eliminated not "
                "counted). 18 centres or more (or a concession) is a solo: 550; everyone else scores 1 per year "
                "survived before the solo or their elimination."),
        parameters=(),
        needs=frozenset({Need.ELIMINATION_YEAR, Need.CONCESSION}),
        score=score,
    )


RANKED_CLASSIC = ranked_classic("ranked_classic", "Ranked Classic", multi_ties_lower=True)
RANKED_CLASSIC_V2 = ranked_classic("ranked_classic_v2", "Ranked Classic v2", multi_ties_lower=False)


def rounded(x: F) -> int:
    """To the nearest whole number, a half to the even one (72.5 is 72, 73.5 is 74), as dipvis's code rounds (Python's
    round); the published text says only "rounded to the nearest whole number"."""
    return round(x)


def score_southern_sun(board: Board, n: Numbers) -> GameScore:
    """Solo: 500, everyone else 0. Otherwise survivors 30 + 10 per centre + the Fibonacci rank points among the
    survivors (ties average, rounded); the eliminated 3 per year played."""
    if soloist(board) is not None:
        return solo_score(board, 500)
    alive: list[PowerResult] = [p for p in board.powers if p.survived]
    ranks = dict(zip((p.power for p in alive),
                     shared_ranks([p.centres for p in alive], (130, 80, 50, 30, 20, 10, 10)[:len(alive)])))
    rows = {}
    for p in board.powers:
        if p.survived:
            rank = rounded(ranks[p.power])
            rows[p.power] = (30 + 10 * p.centres + rank, (("survival", 30), ("centre points", 10 * p.centres),
                                                          ("rank points", rank)))
        else:
            years = years_played(p.eliminated or 0)
            rows[p.power] = (3 * years, (("years played", years),))
    return game_score(board, rows)


SOUTHERN_SUN = ScoringSystem(
    id="southern_sun",
    name="Southern Sun",
    rule="Survivors score 30 + 10 per centre + 130 / 80 / 50 / 30 / 20 / 10 / 10 by rank (ties average), the "
         "eliminated 3 per year played (the year out counted); a solo scores 500.",
    text=N_("Each survivor scores 30, 10 per centre and the points of its rank among the survivors by centres: 130, "
            "80, 50, 30, 20, 10 and 10 for first to seventh; powers tied on a rank share the average of the ranks they "
            "cover, rounded to the nearest whole number, a half to the even one (72.5 is 72, 52.5 is 52). An "
            "eliminated power scores 3 per year played "
            "(the year eliminated included) and no rank points. 18 centres or more (or a concession) is a solo: 500, "
            "everyone else 0."),
    parameters=(),
    needs=frozenset({Need.ELIMINATION_YEAR, Need.CONCESSION}),
    score=score_southern_sun,
)
