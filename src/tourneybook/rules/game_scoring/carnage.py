"""Carnage (four variants), Duct Tape V2 (two) and Sydney League: points for the rank a power finishes in.

The survivors rank by centres; the eliminated rank below them, by when they were
eliminated (later is better, one year is a tie) or all together; tied powers split
the points of the ranks they cover.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 3, 6, 4, 0, 14, 7)))  # the published Carnage example, Austria out first
>>> seats = tuple(PowerResult(p, p.value, n, {0: 1904, 4: 1906}.get(i) if n == 0 else None)
...               for i, (p, n) in enumerate(centres.items()))
>>> str(CARNAGE.scores(Board(1, 1, seats)).of("Russia").points)  # 7000 + 14
'7014'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction as F

from ...i18n import N_
from ..base import GameScore
from ..diplomacy import Board, Power
from .system import (Need, Numbers, ScoringSystem, game_score, number, shared_ranks, solo_score, soloist,
                     years_played)


def rank_points(board: Board, points: Sequence[F | int], *, by_elimination: bool) -> dict[Power, F]:
    """Each power's share of ``points`` (first to seventh): survivors by centres, then the eliminated by their
    elimination year (later ranks higher; ``by_elimination``) or all tied together."""
    if not by_elimination:
        return dict(zip((p.power for p in board.powers), shared_ranks([p.centres for p in board.powers], points)))
    alive = [p for p in board.powers if p.survived]
    dead = [p for p in board.powers if not p.survived]
    ranks = dict(zip((p.power for p in alive), shared_ranks([p.centres for p in alive], points[:len(alive)])))
    # every eliminated power has a year: the board's checks refuse one without
    ranks.update(zip((p.power for p in dead), shared_ranks([p.eliminated or 0 for p in dead], points[len(alive):])))
    return ranks


def lead(board: Board) -> int:
    """The centres the lone leader has over the next power; 0 for a shared top."""
    counts = sorted((p.centres for p in board.powers), reverse=True)
    return counts[0] - counts[1]


CARNAGE_TEXTS = {
    (False, True): N_(
        "Each power scores 1 per centre plus the points of its rank: 7000, 6000, 5000, 4000, 3000, 2000, 1000 for "
        "first to seventh by centres; powers tied on a rank split the points of the ranks they cover. The eliminated "
        "rank below every survivor, by their elimination year (later ranks higher; powers eliminated in the same year "
        "tie). A lone leader adds {lead} per centre it is ahead of the second power. 18 centres or more (or a "
        "concession) is a solo: 28034, everyone else 0."),
    (False, False): N_(
        "Each power scores 1 per centre plus the points of its rank: 7000, 6000, 5000, 4000, 3000, 2000, 1000 for "
        "first to seventh by centres; powers tied on a rank split the points of the ranks they cover. The eliminated "
        "all tie for the ranks below the survivors. A lone leader adds {lead} per centre it is ahead of the second "
        "power. 18 centres or more (or a concession) is a solo: 28034, everyone else 0."),
    (True, True): N_(
        "Each power scores 500 per centre plus the points of its rank: 7007, 6006, 5005, 4004, 3003, 2002, 1001 for "
        "first to seventh by centres; powers tied on a rank split the points of the ranks they cover. The eliminated "
        "rank below every survivor, by their elimination year (later ranks higher; powers eliminated in the same year "
        "tie). A lone leader adds {lead} per centre it is ahead of the second power. 18 centres or more (or a "
        "concession) is a solo: 39028, everyone else 1000."),
}
"""Each Carnage's whole rule by (centre-based, eliminated ranked by year), one message each for the catalogues."""


def carnage(id: str, name: str, by_elimination: bool, centre_based: bool, lead_points: int,
            dipvis_name: str = "") -> ScoringSystem:
    """One Carnage: its position points, the worth of a centre, and whether the eliminated rank by elimination.

    Every Carnage has the lead number, dipvis's 0 but for Carnage 2023's 300. dipvis's dead-equal variant never
    pays a lead; ours pays one when the director sets it (docs/formats/diplomacy.md says why), so at 0 it scores as
    dipvis's. A lone survivor without a solo ranks first and leads the next power's 0 centres (dipvis's code
    raises on that board in the variants ranking the eliminated by year).
    """
    positions = [7007, 6006, 5005, 4004, 3003, 2002, 1001] if centre_based else [7000, 6000, 5000, 4000, 3000,
                                                                                 2000, 1000]
    per_centre, solo, loss = (500, 39028, 1000) if centre_based else (1, 28034, 0)

    def score(board: Board, n: Numbers) -> GameScore:
        if soloist(board) is not None:
            return solo_score(board, solo, loss)
        ranks = rank_points(board, positions, by_elimination=by_elimination)
        gap = lead(board)
        rows = {}
        for p in board.powers:
            bonus = n["lead"] * gap if gap and p.centres == max(q.centres for q in board.powers) else F(0)
            rows[p.power] = (per_centre * p.centres + ranks[p.power] + bonus,
                             (("centre points", per_centre * p.centres), ("rank points", ranks[p.power]))
                             + ((("lead points", bonus),) if n["lead"] else ()))  # a lead of 0 is never paid: not listed
        return game_score(board, rows)

    ranks_text = ", ".join(str(x) for x in positions)
    return ScoringSystem(
        id=id,
        name=name,
        rule=f"{ranks_text} points for first to seventh (ties split; "
             + ("the eliminated by elimination year" if by_elimination else "the eliminated all tied")
             + f"), {per_centre} per centre"
             + (", {lead} per centre the leader is ahead" if lead_points else "")
             + f"; a solo scores {solo}" + (f", the others {loss}." if loss else "."),
        text=CARNAGE_TEXTS[centre_based, by_elimination],
        parameters=(number(name, "lead", "lead points per centre", lead_points,
                           "What a lone board leader adds per centre it is ahead of the second power."
                           + ("" if by_elimination else " dipvis's Carnage with dead equal pays no lead, whatever "
                              "its number: leave 0 to score as dipvis does.")),),
        needs=frozenset({Need.ELIMINATION_ORDER, Need.CONCESSION} if by_elimination else {Need.CONCESSION}),
        score=score,
        dipvis_name=dipvis_name,
    )


CARNAGE = carnage("carnage", "Carnage with elimination order", by_elimination=True, centre_based=False,
                  lead_points=0)
CARNAGE_DEAD_EQUAL = carnage("carnage_dead_equal", "Carnage with dead equal", by_elimination=False,
                             centre_based=False, lead_points=0)
CARNAGE_CENTRE_COUNT = carnage("carnage_centre_count", "Centre-count Carnage", by_elimination=True, centre_based=True,
                               lead_points=0, dipvis_name="Center-count Carnage")
CARNAGE_2023 = carnage("carnage2023", "Carnage 2023", by_elimination=True, centre_based=False, lead_points=300)


DUCT_TAPE_POSITIONS = (40, 24, 15, 9, 6, 3, 3)


def duct_tape(id: str, name: str, by_elimination: bool) -> ScoringSystem:
    """Duct Tape V2, its eliminated powers tied or ranked by elimination."""

    def score(board: Board, n: Numbers) -> GameScore:
        if soloist(board) is not None:
            return solo_score(board, 75)
        ranks = rank_points(board, DUCT_TAPE_POSITIONS, by_elimination=by_elimination)
        return game_score(board, {p.power: (p.centres + ranks[p.power], (("rank points", ranks[p.power]),))
                                  for p in board.powers})

    return ScoringSystem(
        id=id,
        name=name,
        rule="40, 24, 15, 9, 6, 3, 3 points for first to seventh by centres (ties split; "
             + ("the eliminated by elimination year" if by_elimination else "the eliminated all tied")
             + ") plus a point per centre; a solo scores 75.",
        text=N_("Each power scores 1 per centre plus the points of its rank: 40, 24, 15, 9, 6, 3 and 3 for first "
                "to seventh by centres; powers tied on a rank split the points of the ranks they cover. The "
                "eliminated rank below every survivor, by their elimination year (later ranks higher; powers "
                "eliminated in the same year tie). 18 centres or more (or a concession) is a solo: 75, everyone "
                "else 0 (no centre points).") if by_elimination else
             N_("Each power scores 1 per centre plus the points of its rank: 40, 24, 15, 9, 6, 3 and 3 for first "
                "to seventh by centres; powers tied on a rank split the points of the ranks they cover. The "
                "eliminated all tie for the ranks below the survivors. 18 centres or more (or a concession) is a "
                "solo: 75, everyone else 0 (no centre points)."),
        parameters=(),
        needs=frozenset({Need.ELIMINATION_ORDER, Need.CONCESSION} if by_elimination else {Need.CONCESSION}),
        score=score,
    )


DUCT_TAPE_V2 = duct_tape("duct_tape_v2", "Duct Tape V2", by_elimination=False)
DUCT_TAPE_V2_ELIMINATION = duct_tape("duct_tape_v2_elimination", "Duct Tape V2 with elimination order",
                                     by_elimination=True)


def score_sydney_league(board: Board, n: Numbers) -> GameScore:
    """Rank points and 25 per centre (the eliminated: a point per year played); a solo adds half to the soloist's
    score and takes half from everyone else's."""
    ranks = rank_points(board, (700, 600, 500, 400, 300, 200, 100), by_elimination=True)
    won = soloist(board)
    rows = {}
    for p in board.powers:
        base = ranks[p.power] + (25 * p.centres if p.survived else years_played(p.eliminated or 0))
        factor = F(1) if won is None else F(3, 2) if p is won else F(1, 2)
        rows[p.power] = (base * factor, (("rank points", ranks[p.power]),
                                         ("centre points" if p.survived else "years played",
                                          25 * p.centres if p.survived else years_played(p.eliminated or 0)),
                                         ("solo factor", factor)))
    return game_score(board, rows, () if won is None else (f"solo: {won.power.value} ({won.player})",))


SYDNEY_LEAGUE = ScoringSystem(
    id="sydney_league",
    name="Sydney League",
    rule="700 to 100 points for first to seventh (ties average), 25 per centre, a point per year played if "
         "eliminated (the year out counted); a solo multiplies the soloist's score by 1.5 and everyone else's by "
         "0.5.",
    text=N_("Each power scores the points of its rank, 700, 600, 500, 400, 300, 200 and 100 for first to seventh "
            "by centres (powers tied on a rank average the points of the ranks they cover), plus 25 per centre. The "
            "eliminated rank below every survivor, by their elimination year (later ranks higher; powers eliminated "
            "in the same year tie). An eliminated power adds 1 per year played (the year eliminated included). 18 "
            "centres or more (or a concession) is a solo: the soloist scores its score x 1.5, everyone else theirs "
            "x 0.5."),
    parameters=(),
    needs=frozenset({Need.ELIMINATION_ORDER, Need.ELIMINATION_YEAR, Need.CONCESSION}),
    score=score_sydney_league,
)
