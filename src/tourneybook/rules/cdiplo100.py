"""C-Diplo 100 (Diplomacy): a point for playing, a point per centre, and 38 / 14 / 7 for the top three.

A solo (18 or more centres) scores 100 and everyone else 0. Otherwise every
power scores 1 for playing and 1 per centre, and the powers with the most,
second most and third most centres add 38, 14 and 7. Powers tied on centres
split the points of the ranks they cover: two tied for the most share
38 + 14, and the next power is third. With all 34 centres owned, a board's
scores add up to 100.

Tournament: the sum of each player's best 2 games (Settings: another N), then
the highest single game, then a lot (:mod:`.best_n`). A stand-in fills a board
and is scored for it, but not ranked.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 5, 9, 9, 4, 3, 4)))
>>> seats = tuple(PowerResult(p, p.value, n, 1905 if n == 0 else None) for p, n in centres.items())
>>> str(score_game(Board(1, 1, seats)).of("France").points)  # 1 + 9 + (38 + 14) / 2
'36'
"""

from __future__ import annotations

from fractions import Fraction

from .base import FormProfile, GameScore, PlayerScore
from .best_n import Scheme, Settings, Tournament, best_game, best_n_ruleset
from .diplomacy import Board, CentreCountText, solo_game, validate_board

ID = "cdiplo100"
SOLO_POINTS = 100
PLAYED = 1
"""For playing the game, survivor or not."""
PER_CENTRE = 1
RANK_POINTS = (38, 14, 7)
"""For the most, second most and third most centres."""


def rank_points(centres: list[int]) -> list[Fraction]:
    """Each count's share of RANK_POINTS, in the order given: a tied group splits the ranks it covers."""
    ordered = sorted(centres, reverse=True)
    share = {}
    for n in set(centres):
        first, covered = ordered.index(n), ordered.count(n)
        share[n] = Fraction(sum(RANK_POINTS[first:first + covered]), covered)
    return [share[n] for n in centres]


def score_game(board: Board) -> GameScore:
    """100 to a soloist, 0 to the others; otherwise 1 + centres + the share of 38 / 14 / 7 of each power's rank."""
    validate_board(board, need_history=False)
    solo = solo_game(board, SOLO_POINTS)
    if solo is not None:
        return solo
    powers = board.in_power_order()
    ranks = rank_points([p.centres for p in powers])
    scores = tuple(PlayerScore(p.player, p.power.value, PLAYED + PER_CENTRE * p.centres + bonus,
                               (("centres", p.centres), ("played", PLAYED), ("centre points", PER_CENTRE * p.centres),
                                ("rank points", bonus)))
                   for p, bonus in zip(powers, ranks))
    return GameScore(board.label, scores)


SCHEME = Scheme(ID, "C-Diplo 100", score_game, (best_game("highest single game"),))
"""The sum of the best N games (2 unless the Settings say otherwise), then the best single game, then a lot."""


SUMMARY = (
    "C-Diplo 100 (Diplomacy). Solo (18+ centres): 100, everyone else 0. Otherwise 1 for playing, 1 per centre, "
    "and 38 / 14 / 7 for the most / second / third most centres; powers tied on centres split the points of the "
    "ranks they cover. Tournament: the sum of the best 2 games (Settings: another number); ties: highest single "
    "game, then lot. Stand-ins are scored for their boards, not ranked."
)

FORM_TEXT = CentreCountText(
    count_note="Final count: the last Fall played. Each power scores 1 + 1 per centre; the most, second and third "
               "most centres add 38, 14 and 7 (tied powers split their ranks' points). 18 centres or more is a "
               "solo: 100, everyone else 0.",
    vote_rule="Draw votes: as the TD announced them for this event (a draw does not change the scores)",
    game_ends="solo  /  draw accepted  /  last year played",
)

RULESET = best_n_ruleset(
    scheme=SCHEME, name="C-Diplo 100", seed="", summary=SUMMARY, settings=Settings(), record=Tournament,
    form=FormProfile(title="C-Diplo 100", variant="FINAL_COUNT", centre_count=FORM_TEXT),
    cell_functions=("tb_cdiplo100",),
)

__all__ = ["RULESET", "SCHEME", "Settings", "Tournament", "rank_points", "score_game"]
