"""OpenTribute (Diplomacy): every survivor pays the board leader a point per centre the leader has more.

A solo (18 or more centres) scores 340 and everyone else 0. Otherwise each
surviving power scores 34 + 3 per centre, minus one point per centre the board
leader has more than it (its tribute). An eliminated power scores 0 and pays
the leader's whole count. The leader, or the powers tied for the most centres,
receive the total paid, divided by the square of the number of leaders and
rounded down: two leaders each get a quarter.

Tournament: the sum of each player's best 2 games (Settings: another N), then
the highest single game, then a lot (:mod:`.best_n`). A stand-in fills a board
and is scored for it, but not ranked.

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (3, 5, 6, 11, 4, 5, 0)))
>>> seats = tuple(PowerResult(p, p.value, n, 1906 if n == 0 else None) for p, n in centres.items())
>>> str(score_game(Board(1, 1, seats)).of("Germany").points)  # 34 + 33 + (8 + 6 + 5 + 7 + 6 + 11)
'110'
"""

from __future__ import annotations

from .base import FormProfile, GameScore
from .best_n import Scheme, Settings, Tournament, best_game, best_n_ruleset
from .diplomacy import Board
from .game_scoring.tribute import OPEN_TRIBUTE

ID = "opentribute"


def score_game(board: Board) -> GameScore:
    """340 to a soloist, 0 to the others; otherwise 34 + 3 per centre - tribute, the leaders receiving the tribute."""
    return OPEN_TRIBUTE.scores(board)


SCHEME = Scheme(ID, "OpenTribute", score_game, (best_game("highest single game"),))
"""The sum of the best N games (2 unless the Settings say otherwise), then the best single game, then a lot."""


SUMMARY = (
    "OpenTribute (Diplomacy). Solo (18+ centres): 340, everyone else 0. Otherwise each survivor scores 34 + 3 per "
    "centre, minus 1 per centre the board leader has more; an eliminated power scores 0 and pays the leader's "
    "whole count; the leader(s) receive the total paid / (number of leaders)², rounded down. Tournament: the sum "
    "of the best 2 games (Settings: another number); ties: highest single game, then lot. Stand-ins are scored "
    "for their boards, not ranked."
)

FORM_TEXT = OPEN_TRIBUTE.form_text()

RULESET = best_n_ruleset(
    scheme=SCHEME, name="OpenTribute", seed="", summary=SUMMARY, settings=Settings(), record=Tournament,
    form=FormProfile(title="OpenTribute", variant="FINAL_COUNT", centre_count=FORM_TEXT),
    cell_functions=("tb_opentribute",),
)

__all__ = ["RULESET", "SCHEME", "Settings", "Tournament", "score_game"]
