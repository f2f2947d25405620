"""Friedrich tournaments: what FWC 2022 (seed 000) and CAFE'23 (seed 001) share.

The General Friedrich Tournament Rules (GFTR, seed 000 appendix; seed 001
sections B and D) fix the roles, the qualifying round of four games "one game in
each of the four roles", the tie-breakers and the final. How a nation scores is
each ruleset's own (:mod:`..fwc2022`, :mod:`..cafe2023`); it comes in as a
:data:`NationScorer`.

Modules: :mod:`.records` (roles, nations, game and tournament records),
:mod:`.validation`, :mod:`.scoring` (game scores, sTCC), :mod:`.tally` (the
games scored once per record, their totals as whole numbers), :mod:`.standings`
(qualifying standings, final), :mod:`.json` (docs/formats/friedrich.md) and
:mod:`.ruleset` (a ruleset from its nation scoring).
"""

from __future__ import annotations

from .json import game_from_dict, parse_game, tournament_from_dict
from .records import (
    ATTACKERS,
    BOHEMIAN_OBJECTIVES,
    MAX_TURNS,
    STARTING_CONTROLLER,
    Game,
    ImperialSwitch,
    Nation,
    Objectives,
    Offensive,
    OffensiveOutcome,
    Player,
    Role,
    Settings,
    TcCount,
    Tournament,
)
from .ruleset import friedrich_ruleset
from .scoring import SECOND_BEST, NationResult, NationScorer, NationScores, score_game, stcc, stcc_squared, stcc_text
from .standings import (
    E_MT_SECOND_BEST,
    FINAL_SCORE,
    QUALITY,
    ROLE_ORDER,
    ROLE_WINS,
    STCC,
    WINNING_NATIONS,
    final,
    final_result,
    role_wins,
    standings,
)
from .validation import check_game, check_tournament, game_problems, tournament_problems

__all__ = [
    "ATTACKERS", "BOHEMIAN_OBJECTIVES", "E_MT_SECOND_BEST", "FINAL_SCORE", "MAX_TURNS", "QUALITY", "ROLE_ORDER",
    "ROLE_WINS", "SECOND_BEST", "STARTING_CONTROLLER", "STCC", "WINNING_NATIONS", "Game", "ImperialSwitch", "Nation",
    "NationResult", "NationScorer", "NationScores", "Objectives", "Offensive", "OffensiveOutcome", "Player", "Role",
    "Settings", "TcCount", "Tournament", "check_game", "check_tournament", "final", "final_result", "friedrich_ruleset", "game_from_dict",
    "game_problems", "parse_game", "role_wins", "score_game", "standings", "stcc", "stcc_squared", "stcc_text",
    "tournament_from_dict", "tournament_problems",
]
