"""Bangkok, Olympic and Bangkok Pike: a point per centre, a survival bonus and a bonus for dominating the board.

Bangkok and Olympic share 12 domination points among the powers at the top and one
or two centres below it, by shares; Bangkok Pike gives fixed bonuses instead.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (12, 11, 10, 1, 0, 0, 0)))
>>> seats = tuple(PowerResult(p, p.value, n, 1905 if n == 0 else None) for p, n in centres.items())
>>> str(BANGKOK.scores(Board(1, 1, seats)).of("Austria").points)  # 12 + 12 x 3 / (3 + 2 + 1) + 3
'21'
"""

from __future__ import annotations

from fractions import Fraction as F

from ...i18n import N_
from ..base import GameScore
from ..diplomacy import Board
from .system import (Need, Numbers, ScoringSystem, game_score, losers_last_year, number, solo_score, soloist, year_out,
                     years_played, years_survived)


def score_bangkok(board: Board, n: Numbers) -> GameScore:
    """Solo: the solo's points, the survivors the losers' points per centre. Otherwise each power scores its
    centres, survivors the survival bonus and the eliminated the points per year survived (dipvis's code and tests:
    ``year eliminated - 1901``), and the domination pool is shared by the shares of the powers at the top, one and
    two centres below."""
    if soloist(board) is not None:
        return solo_score(board, n["solo"], losers={p.power: n["loser_per_centre"] * p.centres for p in board.powers})
    top = max(p.centres for p in board.powers)
    by_gap = {0: n["top_shares"], 1: n["one_away_shares"], 2: n["two_away_shares"]}
    shares = {p.power: by_gap.get(top - p.centres, F(0)) for p in board.powers}
    total = sum(shares.values())
    rows = {}
    for p in board.powers:
        survival = n["survival"] if p.survived else n["per_year"] * years_survived(year_out(board, p, "Bangkok"))
        domination = n["pool"] * shares[p.power] / total if total else F(0)
        rows[p.power] = (p.centres + survival + domination,
                         (("survival", survival), ("domination shares", shares[p.power]), ("domination", domination)))
    return game_score(board, rows, (f"domination pool {n['pool']} over {total} shares",))


def bangkok(id: str, name: str, solo: int, loser: str, top: str, one: str, two: str) -> ScoringSystem:
    """Bangkok's rule with its weights: the solo, a loser's points per centre and the three domination shares."""
    return ScoringSystem(
        id=id,
        name=name,
        rule="A point per centre, {survival} for surviving or {per_year} per year survived if eliminated (the year "
             "out not counted), and {pool} domination points shared {top_shares} / {one_away_shares} / "
             "{two_away_shares} by the top and the powers one and two centres below; a solo scores {solo}.",
        text=N_("Each power scores 1 per centre; survivors add {survival}, eliminated powers {per_year} per year "
                "survived (the year of elimination not counted: out in 1905, 4 years). {pool} domination points are "
                "shared out: {top_shares} shares "
                "to each power on the top count, {one_away_shares} to each power one centre below it, "
                "{two_away_shares} to each two below; a power's points are {pool} x its shares / all shares. 18 "
                "centres or more (or a concession) is a solo: {solo}, the other survivors {loser_per_centre} per "
                "centre, eliminated powers 0."),
        parameters=(
            number(name, "solo", "solo points", solo, "What a soloist scores."),
            number(name, "loser_per_centre", "losers' points per centre", loser,
                   "What a survivor who lost to a solo scores per centre."),
            number(name, "top_shares", "shares of the top", top,
                   "Domination shares of each power on the top centre count."),
            number(name, "one_away_shares", "shares one centre below the top", one,
                   "Domination shares of each power one centre below the top."),
            number(name, "two_away_shares", "shares two centres below the top", two,
                   "Domination shares of each power two centres below the top."),
            number(name, "pool", "domination points", 12, "The points the domination shares divide."),
            number(name, "survival", "survival points", 3, "What each survivor adds when no one solos."),
            number(name, "per_year", "eliminated power's points per year", "3/10",
                   "What an eliminated power scores per year survived, the year of elimination not counted."),
        ),
        needs=frozenset({Need.ELIMINATION_YEAR, Need.CONCESSION}),
        score=score_bangkok,
    )


BANGKOK = bangkok("bangkok", "Bangkok", solo=41, loser="1/2", top="3", one="2", two="1")
OLYMPIC = bangkok("olympic", "Olympic", solo=46, loser="0", top="4", one="3/2", two="1/2")


def score_bangkok_pike(board: Board, n: Numbers) -> GameScore:
    """Solo: 60, everyone else 0.1 per year played up to the solo or their elimination. Otherwise a point per
    centre, 3 for surviving (0.1 per year played if eliminated) and the top bonuses."""
    won = soloist(board)
    if won is not None:
        end = losers_last_year(board, won, "Bangkok Pike")
        return solo_score(board, 60, losers={p.power: F(1, 10) * years_played(p.eliminated or end)
                                              for p in board.powers})
    counts = [p.centres for p in board.powers]
    top = max(counts)
    toppers = counts.count(top)
    rows = {}
    for p in board.powers:
        if p.centres == top:
            bonus = 4 if toppers > 1 else 6 + (4 if top - 1 not in counts else 0) + \
                (2 if top - 1 not in counts and top - 2 not in counts else 0)
        else:
            bonus = {1: 4, 2: 2}.get(top - p.centres, 0)
        survival = F(3) if p.survived else F(1, 10) * years_played(year_out(board, p, "Bangkok Pike"))
        rows[p.power] = (p.centres + bonus + survival, (("top bonus", bonus), ("survival", survival)))
    return game_score(board, rows)


BANGKOK_PIKE = ScoringSystem(
    id="bangkok_pike",
    name="Bangkok Pike",
    rule="A point per centre, 3 for surviving or 0.1 per year played if eliminated (the year out counted), 6 to a "
         "lone board topper (4 each to shared toppers), 4 one centre below the top and 2 two below; a solo scores "
         "60.",
    text=N_("Each power scores 1 per centre; survivors add 3, eliminated powers 0.1 per year played (the year "
            "eliminated included). A lone board topper adds 6, each of two or more tied toppers 4; every power one "
            "centre below the top adds 4 and every power two below adds 2. A lone topper with no power one centre "
            "below also takes the 4, and with no power one or two below the 2 as well. 18 centres or more (or a "
            "concession) is a solo: 60; everyone else scores 0.1 per year played up to the solo or their "
            "elimination."),
    parameters=(),
    needs=frozenset({Need.ELIMINATION_YEAR, Need.CONCESSION}),
    score=score_bangkok_pike,
)
