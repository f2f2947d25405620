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

from .base import FormProfile, GameScore
from .best_n import Scheme, Settings, Tournament, best_game, best_n_ruleset
from .diplomacy import Board
from .game_scoring.cdiplo import CDIPLO_100

ID = "cdiplo100"


def score_game(board: Board) -> GameScore:
    """100 to a soloist, 0 to the others; otherwise 1 + centres + the share of 38 / 14 / 7 of each power's rank."""
    return CDIPLO_100.scores(board)


SCHEME = Scheme(ID, "C-Diplo 100", score_game, (best_game("highest single game"),))
"""The sum of the best N games (2 unless the Settings say otherwise), then the best single game, then a lot."""


SUMMARY = (
    "C-Diplo 100 (Diplomacy). Solo (18+ centres): 100, everyone else 0. Otherwise 1 for playing, 1 per centre, "
    "and 38 / 14 / 7 for the most / second / third most centres; powers tied on centres split the points of the "
    "ranks they cover. Tournament: the sum of the best 2 games (Settings: another number); ties: highest single "
    "game, then lot. Stand-ins are scored for their boards, not ranked."
)

FORM_TEXT = CDIPLO_100.form_text()

RULESET = best_n_ruleset(
    scheme=SCHEME, name="C-Diplo 100", seed="", summary=SUMMARY, settings=Settings(), record=Tournament,
    form=FormProfile(title="C-Diplo 100", variant="FINAL_COUNT", centre_count=FORM_TEXT),
    cell_functions=("tb_cdiplo100",),
)

__all__ = ["RULESET", "SCHEME", "Settings", "Tournament", "score_game"]
