"""Draw Size Scoring (Diplomacy): a board's 100 points go to whoever shares its result.

A solo (18 or more centres) scores 100 and everyone else 0. Otherwise the powers
in the draw share 100 equally: the draw is every survivor, unless the board
records which powers the draw included (a draw that left survivors out).
Eliminated powers and powers left out of a draw score 0.

Tournament: the sum of each player's best 2 games (Settings: another N), then
the highest single game, then a lot (:mod:`.best_n`). A stand-in fills a board
and is scored for it, but not ranked.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (0, 5, 9, 9, 4, 3, 4)))
>>> seats = tuple(PowerResult(p, p.value, n, 1905 if n == 0 else None) for p, n in centres.items())
>>> str(score_game(Board(1, 1, seats)).of("France").points)  # six survivors share 100
'50/3'
>>> str(score_game(Board(1, 1, seats, draw=(Power.FRANCE, Power.GERMANY))).of("France").points)
'50'
"""

from __future__ import annotations

from .base import FormProfile, GameScore
from .best_n import Scheme, Settings, Tournament, best_game, best_n_ruleset
from .diplomacy import Board
from .game_scoring.draw_size import DRAW_SIZE

ID = "dss"


def score_game(board: Board) -> GameScore:
    """100 to a soloist; otherwise 100 / the draw's size to each power in the draw, 0 to the others."""
    return DRAW_SIZE.scores(board)


SCHEME = Scheme(ID, "Draw Size Scoring", score_game, (best_game("highest single game"),))
"""The sum of the best N games (2 unless the Settings say otherwise), then the best single game, then a lot."""


SUMMARY = (
    "Draw Size Scoring (Diplomacy). Solo (18+ centres): 100, everyone else 0. Otherwise the powers in the draw "
    "share 100 equally: every survivor, unless the board records which powers the draw included; eliminated "
    "powers and powers left out of the draw score 0. Tournament: the sum of the best 2 games (Settings: another "
    "number); ties: highest single game, then lot. Stand-ins are scored for their boards, not ranked."
)

FORM_TEXT = DRAW_SIZE.form_text()

RULESET = best_n_ruleset(
    scheme=SCHEME, name="Draw Size Scoring", seed="", summary=SUMMARY, settings=Settings(), record=Tournament,
    form=FormProfile(title="Draw Size Scoring", variant="FINAL_COUNT", centre_count=FORM_TEXT),
    cell_functions=("tb_dss",),
)

__all__ = ["RULESET", "SCHEME", "Settings", "Tournament", "score_game"]
