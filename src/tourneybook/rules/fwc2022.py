"""Friedrich World Championship 2022 (seed 000_1ad3383216651333.txt, section II, with the GFTR).

Standard game: "Frederick: Duration of the game (each round = 0.5P), for a maximum
of 11.5 P; if victorious Friedrich receives always 10 P (plus bonus)". Elisabeth,
Maria Theresa, Pompadour: "Controlled objectives at the end of the game in percent
divided by 10; to a maximum of 10P (plus bonus)".

Prussian Offensive Option (OO): Frederick: "Conquered objectives in percent divided
by 10 (if the OO is not successful, this score is reduced by 1P)"; Maria Theresa:
"Number of turns until Prussia wins with the OO or has to give up the OO (each
turn = 0.5 P) plus 1P per Bohemian objective controlled by Austria at this moment
plus 1 bonus point if Austria picked up the Prussian TC ... limited to a maximum of
9.5 P. For Friedrich and Maria Theresa, the better result counts."

Victory bonus: "The winner of the game receives 2 bonus points. The bonus will be
increased by 1 point for each attacking winning nation beyond the first. The total
bonus is divided evenly among the winning nations."
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..numbers import ZERO
from .base import FormProfile
from .friedrich import (
    ATTACKERS,
    BOHEMIAN_OBJECTIVES,
    MAX_TURNS,
    Game,
    Nation,
    NationResult,
    NationScores,
    OffensiveOutcome,
    Settings,
    friedrich_ruleset,
)

ID = "fwc2022"
PER_TURN = Fraction(1, 2)
"""Frederick, and Maria Theresa's OO score: "each round = 0.5P"."""
DEFENSIVE_VICTORY = Fraction(10)
"""Frederick: "if victorious Friedrich receives always 10 P"."""
OO_FAILED = Fraction(1)
"""Frederick's OO score "is reduced by 1P" if the OO is not successful."""
MARIA_THERESA_OO_MAX = Fraction(19, 2)
"""Maria Theresa's OO score "is limited to a maximum of 9.5 P"."""
VICTORY_BONUS = 2
""""The winner of the game receives 2 bonus points", +1 per winning attacker beyond the first."""


def frederick_standard(game: Game) -> Fraction:
    """10 for a defensive victory; otherwise (defeat, or victory by the OO) 0.5 per turn, at most 11.5."""
    if game.prussian_defensive_victory:
        return DEFENSIVE_VICTORY
    return _turns_points(min(game.duration, MAX_TURNS))


@lru_cache(maxsize=64)
def _turns_points(turns: int) -> Fraction:
    """0.5 per turn: one Fraction per number of turns, made once (every game asks for one)."""
    return PER_TURN * turns


def frederick_offensive(game: Game) -> Fraction:
    """10 * c / 14, minus 1 unless the OO succeeded."""
    oo = game.offensive
    if oo is None:
        raise AssertionError("bug: oo is unset")
    points = Fraction(10 * oo.prussia_bohemian, BOHEMIAN_OBJECTIVES)
    return points if oo.outcome is OffensiveOutcome.SUCCEEDED else points - OO_FAILED


@lru_cache(maxsize=4096)  # the same few (held, total) in game after game: each Fraction made once
def attacker(held: int, total: int) -> Fraction:
    """Objectives held in percent divided by 10: 10 * h / t (at most 10, as h <= t)."""
    return Fraction(10 * held, total)


def maria_theresa_offensive(game: Game) -> Fraction:
    """0.5 per turn until the OO ended + 1 per Bohemian objective of Austria + 1 for the TC; at most 9.5."""
    oo = game.offensive
    if oo is None:
        raise AssertionError("bug: oo is unset")
    points = PER_TURN * game.offensive_end() + oo.austria_bohemian + (1 if oo.austria_took_card else 0)
    return min(points, MARIA_THERESA_OO_MAX)


def bonus_share(winners: frozenset[Nation]) -> Fraction:
    """Each winning nation's share: (2 + winning attackers beyond the first) / winning nations.

    Seed: Russia, Sweden and Austria win, "Elisabeth will receive 2 x 4/3 = 2.67 P".
    """
    attackers = len(winners - {Nation.PRUSSIA})
    return _share(VICTORY_BONUS + max(attackers - 1, 0), len(winners))


@lru_cache(maxsize=64)
def _share(bonus: int, nations: int) -> Fraction:
    """``bonus`` shared by ``nations``: the same few Fractions in every game, each made once."""
    return Fraction(bonus, nations)


def score_nations(game: Game) -> NationScores:
    """Every nation's FWC score in ``game`` (a validated record)."""
    winners = game.winners
    share = bonus_share(winners)
    prussia = [("standard", frederick_standard(game))]
    objectives = {o.nation: o for o in game.objectives}  # each nation's result, looked up once
    austria = [("standard", attacker(objectives[Nation.AUSTRIA].held, objectives[Nation.AUSTRIA].total))]
    if game.offensive is not None:
        prussia.append(("OO", frederick_offensive(game)))
        austria.append(("OO", maria_theresa_offensive(game)))
    nations = [NationResult(Nation.PRUSSIA, tuple(prussia), share if Nation.PRUSSIA in winners else ZERO)]
    for nation in ATTACKERS:
        o = objectives[nation]
        results = tuple(austria) if nation is Nation.AUSTRIA else (("standard", attacker(o.held, o.total)),)
        nations.append(NationResult(nation, results, share if nation in winners else ZERO))
    switch = game.imperial_switch
    at_switch = None if switch is None else attacker(switch.held, objectives[Nation.IMPERIAL_ARMY].total)
    return NationScores(tuple(nations), at_switch)


RULESET = friedrich_ruleset(
    id=ID,
    name="Friedrich World Championship 2022",
    seed="000_1ad3383216651333.txt",
    summary=(
        "Frederick: 10 for a defensive victory, else 0.5 per turn (max 11.5). Attacking nations: "
        "10 x objectives held / total. Victory bonus 2, +1 per winning attacker beyond the first, "
        "split among the winning nations. Offensive Option: Frederick 10 x c/14 (-1 if it failed), "
        "Maria Theresa 0.5 per turn + Bohemian objectives + 1 for the TC (max 9.5); the better counts. "
        "Tie-breakers: E+MT second-best, sTCC (lower), Frederick opponents' quality, lot."
    ),
    settings=Settings(tournament="Friedrich World Championship 2022"),
    score_nations=score_nations,
    form=FormProfile(title="FWC 2022 + GFTR", variant="FWC"),
    cell_functions=("tb_fwc_nation",),
    example_players=20,
)
score_game = RULESET.score_game
standings = RULESET.standings
final = RULESET.final
tournament_from_dict = RULESET.tournament_from_dict
