"""C-Diplo 100 and C-Diplo 80: points for playing and per centre, and bonuses for the three biggest powers.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 5, 9, 9, 4, 3, 4)))
>>> seats = tuple(PowerResult(p, p.value, n, 1905 if n == 0 else None) for p, n in centres.items())
>>> str(CDIPLO_100.scores(Board(1, 1, seats)).of("France").points)  # 1 + 9 + (38 + 14) / 2
'36'
"""

from __future__ import annotations

from ...i18n import N_
from ..base import GameScore, PlayerScore
from ..diplomacy import Board
from .system import Need, Numbers, ScoringSystem, number, shared_ranks, solo_score, soloist


def score_cdiplo(board: Board, numbers: Numbers) -> GameScore:
    """The solo's points to a soloist, 0 to the others; otherwise played + per centre x centres + the share of the
    first / second / third points of each power's rank (tied powers split the ranks they cover)."""
    if soloist(board) is not None:
        return solo_score(board, numbers["solo"])
    powers = board.in_power_order()
    ranks = shared_ranks([p.centres for p in powers], [numbers["first"], numbers["second"], numbers["third"]])
    scores = tuple(PlayerScore(p.player, p.power.value, numbers["played"] + numbers["per_centre"] * p.centres + bonus,
                               (("centres", p.centres),)
                               + ((("played", numbers["played"]),) if numbers["played"] else ())  # C-Diplo 80: none
                               + (("centre points", numbers["per_centre"] * p.centres), ("rank points", bonus)))
                   for p, bonus in zip(powers, ranks))
    return GameScore(board.label, scores)


def cdiplo(id: str, name: str, solo: int, played: int, first: int, dipvis_name: str) -> ScoringSystem:
    """One C-Diplo system: its solo, playing and first-place points (second and third are 14 and 7 in both)."""
    return ScoringSystem(
        id=id,
        name=name,
        rule="Each power scores {played} + {per_centre} per centre, plus {first} / {second} / {third} for the most / "
             "second / third most centres (ties split); a solo scores {solo}.",
        text=N_("Each power scores {played} + {per_centre} per centre; the most, second and third most centres add "
                "{first}, {second} and {third} (tied powers split their ranks' points). 18 centres or more (or a "
                "concession) is a solo: {solo}, everyone else 0."),
        parameters=(
            number(name, "solo", "solo points", solo, "What a soloist scores; everyone else scores 0."),
            number(name, "played", "points for playing", played,
                   "What every power scores for playing, survivor or not, when no one solos."),
            number(name, "per_centre", "points per centre", 1, "What each centre owned at the end scores."),
            number(name, "first", "most centres", first, "Added for the most centres (ties split)."),
            number(name, "second", "second most centres", 14, "Added for the second most centres."),
            number(name, "third", "third most centres", 7, "Added for the third most centres."),
        ),
        needs=frozenset({Need.CONCESSION}),
        score=score_cdiplo,
        dipvis_name=dipvis_name,
    )


CDIPLO_100 = cdiplo("cdiplo100", "C-Diplo 100", solo=100, played=1, first=38, dipvis_name="CDiplo 100")
CDIPLO_80 = cdiplo("cdiplo80", "C-Diplo 80", solo=80, played=0, first=25, dipvis_name="CDiplo 80")


NAMUR_CENTRES = (0, 5, 9, 12, 14, 16, 18)
"""C-Diplo Namur's points for 0 to 6 centres; each centre beyond 6 adds 1."""


def namur_centre_points(centres: int) -> int:
    """C-Diplo Namur's points for a centre count: 5, 9, 12, 14, 16, 18 for 1 to 6, then 1 more per centre."""
    return NAMUR_CENTRES[centres] if centres < len(NAMUR_CENTRES) else NAMUR_CENTRES[-1] + centres - 6


def score_cdiplo_namur(board: Board, numbers: Numbers) -> GameScore:
    """85 to a soloist, 0 to the others; otherwise 1 + the centres' points + the share of 38 / 14 / 7 by rank."""
    if soloist(board) is not None:
        return solo_score(board, 85)
    powers = board.in_power_order()
    ranks = shared_ranks([p.centres for p in powers], [38, 14, 7])
    return GameScore(board.label, tuple(
        PlayerScore(p.player, p.power.value, 1 + namur_centre_points(p.centres) + bonus,
                    (("centres", p.centres), ("played", 1), ("centre points", namur_centre_points(p.centres)),
                     ("rank points", bonus)))
        for p, bonus in zip(powers, ranks)))


CDIPLO_NAMUR = ScoringSystem(
    id="cdiplo_namur",
    name="C-Diplo Namur",
    rule="1 for playing, 5 / 9 / 12 / 14 / 16 / 18 points for 1 to 6 centres and 1 per centre beyond, plus 38 / 14 "
         "/ 7 for the top three (ties split); a solo scores 85.",
    text=N_("Each power scores 1 for playing plus the points of its centres: 5, 9, 12, 14, 16 and 18 for 1 to 6 "
            "centres, then 1 more for each centre beyond 6; the most, second and third most centres add 38, 14 and "
            "7 (tied powers split their ranks' points). 18 centres or more (or a concession) is a solo: 85, everyone "
            "else 0."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_cdiplo_namur,
)
