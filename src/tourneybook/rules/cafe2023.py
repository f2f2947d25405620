"""6th Spanish Friedrich Open, CAFE'23 (seed 001_3894b9f90eb4f1b4.txt, section C; GFTR in B and D).

Victory: "For a Prussian defensive victory, Frederick scores 10 points plus 0.1
point per turn the game lasts. Each victorious attacking nation scores 13 points
minus 0.1 point per turn the game lasts."
Defeat: "Frederick scores 0.5 points for each turn the game lasts ... Losing
attacking nations score %O/10 plus 1.6 points minus 0.1 points per turn they are
in the game (Where %O = percentage of objectives held, rounded to the nearest
whole number)" - half up (RULES.md). No victory bonus.

Offensive Option (OO): "If the Prussian offensive is victorious, Frederick scores
exactly 13 points. If the offensive is called off or Prussia is defeated
defensively while the offensive is still active, Frederick scores %O/10 of the
14 Bohemian objectives that he controls at that moment." After a call-off the game
goes on and he keeps the better of that and his standard score (RULES.md).
Maria Theresa: "0.5 points per turn that the offensive lasts ... plus 1 point for
each Bohemian objective still controlled by Austria. The maximum score she can
achieve is however 9 points", plus 1 for picking up the set-aside TC; she keeps
the better of this and her nations' standard scores (RULES.md).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..numbers import percent_rounded
from .base import FormProfile
from .friedrich import (
    ATTACKERS,
    BOHEMIAN_OBJECTIVES,
    Game,
    Nation,
    NationResult,
    NationScores,
    Objectives,
    OffensiveOutcome,
    Settings,
    friedrich_ruleset,
)

ID = "cafe2023"
TENTH = Fraction(1, 10)
"""Victories and losing attackers move by "0.1 point per turn"."""
DEFEAT_PER_TURN = Fraction(1, 2)
"""Defeated Frederick, and Maria Theresa's OO score: 0.5 per turn."""
ATTACKER_VICTORY = Fraction(13)
"""Each victorious attacking nation: 13 minus 0.1 per turn."""
LOSER_BASE = Fraction(16, 10)
"""Losing attacking nation: %O/10 "plus 1.6 points"."""
OO_VICTORY = Fraction(13)
"""A victorious offensive: Frederick "scores exactly 13 points"."""
MARIA_THERESA_OO_MAX = Fraction(9)
""""The maximum score she can achieve is however 9 points" (before the TC bonus)."""


@lru_cache(maxsize=4096)  # the same few (held, total) in game after game: each Fraction made once
def percent_score(held: int, total: int) -> Fraction:
    """%O / 10 with %O rounded half up to a whole number (92 % -> 9.2)."""
    return Fraction(percent_rounded(held, total), 10)


def frederick_standard(game: Game) -> Fraction:
    """Defensive victory: 10 + 0.1 per turn; defeat (or an OO victory's standard): 0.5 per turn."""
    return _frederick_turns(game.duration, defensive_victory=game.prussian_defensive_victory)


@lru_cache(maxsize=64)
def _frederick_turns(duration: int, *, defensive_victory: bool) -> Fraction:
    """:func:`frederick_standard` of a game lasting ``duration``: one Fraction each, made once."""
    return 10 + TENTH * duration if defensive_victory else DEFEAT_PER_TURN * duration


def prussia_results(game: Game) -> tuple[tuple[str, Fraction], ...]:
    """Frederick's results to compare; with an OO the seed replaces or adds to the standard score."""
    standard = ("standard", frederick_standard(game))
    oo = game.offensive
    if oo is None:
        return (standard,)
    bohemia = ("OO", percent_score(oo.prussia_bohemian, BOHEMIAN_OBJECTIVES))
    if oo.outcome is OffensiveOutcome.SUCCEEDED:
        return (("OO", OO_VICTORY),)
    if oo.outcome is OffensiveOutcome.CALLED_OFF:
        return (standard, bohemia)
    # still active at the end: a defeat scores the Bohemian objectives instead
    return (standard,) if Nation.PRUSSIA in game.winners else (bohemia,)


def attacker(game: Game, result: Objectives) -> Fraction:
    """Winner: 13 - 0.1 per turn of the game; loser: %O/10 + 1.6 - 0.1 per turn in the game."""
    if result.nation in game.winners:
        return _winner(game.duration)
    return _loser(result.held, result.total, game.turns_in_game(result))


@lru_cache(maxsize=64)
def _winner(duration: int) -> Fraction:
    """A victorious attacker's score: 13 - 0.1 per turn (one Fraction per duration, made once)."""
    return ATTACKER_VICTORY - TENTH * duration


@lru_cache(maxsize=4096)
def _loser(held: int, total: int, turns: int) -> Fraction:
    """A losing attacker's score: %O/10 + 1.6 - 0.1 per turn in the game (each made once: three Fraction
    operations, where a 10,000-player event scores 40,000 losing attackers)."""
    return percent_score(held, total) + LOSER_BASE - TENTH * turns


def maria_theresa_offensive(game: Game) -> Fraction:
    """min(9, 0.5 * T + b) + 1 if Austria picked up the set-aside TC."""
    oo = game.offensive
    if oo is None:
        raise AssertionError("bug: oo is unset")
    points = min(DEFEAT_PER_TURN * game.offensive_end() + oo.austria_bohemian, MARIA_THERESA_OO_MAX)
    return points + (1 if oo.austria_took_card else 0)


def score_nations(game: Game) -> NationScores:
    """Every nation's CAFE score in ``game`` (a validated record)."""
    nations = [NationResult(Nation.PRUSSIA, prussia_results(game))]
    objectives = {o.nation: o for o in game.objectives}  # each nation's result, looked up once
    for nation in ATTACKERS:
        results = [("standard", attacker(game, objectives[nation]))]
        if nation is Nation.AUSTRIA and game.offensive is not None:
            results.append(("OO", maria_theresa_offensive(game)))
        nations.append(NationResult(nation, tuple(results)))
    switch = game.imperial_switch
    # "the score achieved by the Imperial Army at the moment of switching": a loser's score then
    at_switch = None if switch is None else _loser(switch.held, objectives[Nation.IMPERIAL_ARMY].total, switch.turn)
    return NationScores(tuple(nations), at_switch)


RULESET = friedrich_ruleset(
    id=ID,
    name="Spanish Friedrich Open CAFE'23",
    seed="001_3894b9f90eb4f1b4.txt",
    summary=(
        "Prussian defensive victory: 10 + 0.1 per turn; defeated Frederick: 0.5 per turn. Winning "
        "attacker: 13 - 0.1 per turn; losing attacker: %O/10 + 1.6 - 0.1 per turn in the game "
        "(%O rounded half up). No bonus. Offensive Option: victory 13; called off or defeated while "
        "active: %O/10 of the 14 Bohemian objectives; Maria Theresa min(9, 0.5 per turn + b) + 1 for "
        "the TC. Tie-breakers: E+MT second-best, sTCC (lower), Frederick opponents' quality, lot."
    ),
    settings=Settings(tournament="Spanish Friedrich Open CAFE'23"),
    score_nations=score_nations,
    form=FormProfile(title="CAFE'23", variant="CAFE"),
    cell_functions=("tb_cafe_nation",),
    example_players=18,  # 18 players: the example shows two stand-ins
)
score_game = RULESET.score_game
standings = RULESET.standings
final = RULESET.final
tournament_from_dict = RULESET.tournament_from_dict
