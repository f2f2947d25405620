"""Sum of Squares: a Diplomacy scoring system many tournaments use.

Game score: a soloist (18 or more centres) scores 100 and everyone else 0.
Otherwise each power scores 100 x (its centres squared) / (the sum of all seven
powers' centres squared), so a board's scores add up to 100 and a bigger share
of the map is worth disproportionately more.

Tournament: the sum of each player's best N games (Settings; 0, the default,
counts every game), then the best single game, then a lot: the best-N scheme
of :mod:`.best_n`. The boards, their checks, the draws and the centre-count
sheets are those of every Diplomacy ruleset (:mod:`.diplomacy`).

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (6, 5, 5, 5, 4, 5, 4)))
>>> board = Board(1, 1, tuple(PowerResult(p, p.value[:2], n) for p, n in centres.items()))
>>> str(score_game(board).of("Au").points)  # 100 x 36 / (36 + 4 x 25 + 2 x 16)
'150/7'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .base import FormProfile, GameScore
from .best_n import Scheme, Tournament as BestN, best_game, best_n_ruleset, game_from_dict
from .diplomacy import ROUNDS, Board
from .game_scoring.sum_of_squares import SUM_OF_SQUARES

ID = "sos"


@dataclass(frozen=True)
class Settings:
    """The tournament's choices on the Settings sheet."""

    games_counted: int = field(
        default=0,
        metadata={"label": "Games counted", "help": "Best games summed for the tournament score; 0 counts every game."},
    )
    """How many of a player's best games make the tournament score; 0 for every game."""
    rounds: int = field(
        default=ROUNDS,
        metadata={"label": "Rounds in the event", "help": "Rounds the event plays (003: 3); a tie on every criterion is left to a "
                                             "lot once the last of them has boards."},
    )
    """The event's rounds: the draw's, and the round from which a full tie is left to a lot."""


@dataclass(frozen=True)
class Tournament(BestN):
    """A Sum of Squares tournament record (:class:`.best_n.Tournament`): every game counts unless N is set."""

    settings: Settings = Settings()


def score_game(board: Board) -> GameScore:
    """The points of every power on one board: 100 to a soloist, otherwise 100 x centres² / Σ centres²."""
    return SUM_OF_SQUARES.scores(board)


SCHEME = Scheme(ID, "Sum of Squares", score_game, (best_game("best game"),), every_game_when_zero=True)
"""The sum of the best N games (0: every game), then the best single game, then a lot."""

tournament_problems = SCHEME.tournament_problems
standings = SCHEME.standings


def tournament_from_dict(data: Mapping[str, Any]) -> Tournament:
    """A tournament record from JSON; ValidationError with every problem otherwise."""
    return SCHEME.tournament_from_dict(data, Tournament, Settings())


SUMMARY = (
    "Sum of Squares (Diplomacy). Solo (18+ centres): 100, everyone else 0. Otherwise each power scores "
    "100 x its centres squared / the sum of all seven powers' centres squared (a board's scores add up to 100). "
    "Tournament: the sum of the best N games (Settings; 0 = every game); ties: best single game, then lot."
)

FORM_TEXT = SUM_OF_SQUARES.form_text()

RULESET = best_n_ruleset(
    scheme=SCHEME,
    name="Sum of Squares",
    seed="",
    summary=SUMMARY,
    settings=Settings(),
    record=Tournament,
    form=FormProfile(title="Sum of Squares", variant="FINAL_COUNT", centre_count=FORM_TEXT),
)

__all__ = ["RULESET", "Settings", "Tournament", "game_from_dict", "score_game", "standings", "tournament_from_dict",
           "tournament_problems"]
