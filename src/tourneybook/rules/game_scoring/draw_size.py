"""Draw Size: a board's 100 points go to whoever shares its result.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 5, 9, 9, 4, 3, 4)))
>>> seats = tuple(PowerResult(p, p.value, n, 1905 if n == 0 else None) for p, n in centres.items())
>>> str(DRAW_SIZE.scores(Board(1, 1, seats)).of("France").points)  # six survivors share 100
'50/3'
"""

from __future__ import annotations

from fractions import Fraction

from ...i18n import N_
from ..base import GameScore, PlayerScore
from ..diplomacy import Board
from .system import Need, Numbers, ScoringSystem, drawn_powers, game_score, number, solo_score, soloist

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
    dipvis_name="Draw size",
    rule="The powers in the draw (every survivor unless the board names them) share 100 equally; a solo scores 100.",
    text=N_("The powers in the draw share 100 equally: every survivor, unless the draw left some out (name the powers "
            "in it in the vote below). 18 centres or more (or a concession) is a solo: 100, everyone else 0."),
    parameters=(),
    needs=frozenset({Need.DRAW_MEMBERS, Need.CONCESSION}),
    score=score_draw_size,
    vote_rule=N_("Draw votes: name every power in the proposed draw; a passed draw decides who shares the 100"),
    game_ends=N_("solo  /  concession  /  draw of all survivors  /  draw of the powers named  /  last year played"),
)


def score_solos(board: Board, numbers: Numbers) -> GameScore:
    """100 to a soloist; every other result scores 0."""
    if soloist(board) is not None:
        return solo_score(board, 100)
    return game_score(board, {p.power: (0, (("solo", "no"),)) for p in board.powers}, ("no solo: every power scores 0",))


SOLOS = ScoringSystem(
    id="solos",
    name="Solos",
    dipvis_name="Solo or bust",
    rule="A solo scores 100; every other result scores 0.",
    text=N_("Only a solo scores: 18 centres or more (or a concession) is 100, and every other result is 0 for every "
            "power."),
    parameters=(),
    needs=frozenset({Need.CONCESSION}),
    score=score_solos,
)


YOUR_DRAW_SIZE_BANDS = ((14, 105), (11, 70), (8, 42), (4, 30), (1, 21), (0, 0))
"""(fewest centres, points): 14 to 17 centres score 105, 11 to 13 score 70... no centres 0."""


def your_draw_size_points(centres: int) -> int:
    """The points of a centre count below 18 under Your Draw Size."""
    return next(points for fewest, points in YOUR_DRAW_SIZE_BANDS if centres >= fewest)


def score_your_draw_size(board: Board, numbers: Numbers) -> GameScore:
    """The solo's points to a soloist, 0 to the others; otherwise the points of each power's centre band."""
    if soloist(board) is not None:
        return solo_score(board, numbers["solo"])
    bands = {p.power: your_draw_size_points(p.centres) for p in board.powers}
    return game_score(board, {power: (points, (("band points", points),)) for power, points in bands.items()})


def your_draw_size(id: str, name: str, solo: int, dipvis_name: str) -> ScoringSystem:
    """Your Draw Size with its solo's points (short or unlimited games)."""
    return ScoringSystem(
        id=id,
        name=name,
        rule="105 for 14 to 17 centres, 70 for 11 to 13, 42 for 8 to 10, 30 for 4 to 7, 21 for 1 to 3; a solo "
             "scores {solo}.",
        text=N_("Each power scores by its centres at the end: 14 to 17 centres 105, 11 to 13 70, 8 to 10 42, 4 to 7 "
                "30, 1 to 3 21, none 0. 18 centres or more (or a concession) is a solo: {solo}, everyone else 0."),
        parameters=(number(name, "solo", "solo points", solo, "What a soloist scores; everyone else scores 0."),),
        needs=frozenset({Need.CONCESSION}),
        score=score_your_draw_size,
        dipvis_name=dipvis_name,
    )


YOUR_DRAW_SIZE_SHORT = your_draw_size("your_draw_size_short", "Your Draw Size short", 300,
                                      "Your Draw Size (short games)")
YOUR_DRAW_SIZE_UNLIMITED = your_draw_size("your_draw_size_unlimited", "Your Draw Size unlimited", 320,
                                          "Your Draw Size (unlimited games)")
