"""A random but valid Carcassonne 2004 tournament (seed 002), for demos and example workbooks.

Seed 002: "The preelimination includes a total of four games with all
participants", "a maximum of three tables with only three players in every
round"; then "the best 16 players qualify for the K.O. rounds", each match
"best of three", and a player whose clock runs out "loses the game".

The seats come from :func:`tourneybook.draws.draw_carcassonne` (which refuses a
field that cannot be seated, e.g. five players); the seeding and every match's
end come from the rules themselves (:func:`preliminary`, :func:`bracket_slots`,
:func:`decide`), so the record is exactly what the rules expect to be entered.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

from ..draws import draw_carcassonne
from ..errors import InputError, Problem
from ..rules.base import Ruleset
from ..rules.carcassonne2004 import PreliminaryTable, Settings, Tournament, VpResult
from ..rules.carcassonne_knockout import (
    BRACKET_SIZES,
    GAMES_PER_MATCH,
    GameOutcome,
    KnockoutGame,
    Match,
    bracket_slots,
    decide,
    game_winner,
)
from .names import player_names

MEAN_VP = {4: 82, 3: 100, 2: 105}
"""Typical VP per player by table size: base-game scores run about 60-110 at four
players, higher at three and two (seed 002: 'three player tables produce more victory points')."""
SKILL_VP = 10
"""VP per standard deviation of a player's skill."""
GAME_VP_SPREAD = 15
"""Standard deviation of one game's luck, in VP."""
LEAST_VP = 20
"""Nobody finishes a game with fewer (every placed meeple and road scores something)."""
CLOCK_LOSS = 0.04
"""Chance that a knock-out game ends with a player out of time (seed 002: 20 minutes each)."""
TIED_DECIDER = 0.03
"""Chance that a third game at 1-1 ends level, so the match goes to the VP total (RULES.md)."""


def knockout_size(players: int) -> int:
    """The bracket a field of ``players`` fills: the seed's 16, else the largest of 8, 4, 2 that fits."""
    return max((s for s in BRACKET_SIZES if s <= players), default=0)


def simulate(ruleset: Ruleset, players: int, rng: random.Random) -> Tournament:
    """Four drawn preliminary rounds with realistic VP, then the complete knock-out (the 2004 championship)."""
    if players < 1:
        raise InputError(Problem(f"{players} players: a tournament needs players", "players"))
    names = player_names(players, rng)
    settings = Settings(knockout_size=knockout_size(players))
    draw = draw_carcassonne(names, settings.preliminary_rounds, rng=rng)
    skill = {name: rng.gauss(0, 1) for name in names}
    tables = tuple(
        PreliminaryTable(rnd.number, table.number, tuple(VpResult(p, _vp(skill[p], len(table.players), rng)) for p in table.players))
        for rnd in draw.rounds
        for table in rnd.tables
    )
    played = Tournament(tuple(names), tables, settings=settings)
    standings, _ = ruleset.preliminary(played)
    return dataclasses.replace(played, knockout=play_knockout(standings.order, settings.knockout_size, skill, rng))


def play_knockout(seeding: Sequence[str], size: int, skill: Mapping[str, float], rng: random.Random) -> tuple[Match, ...]:
    """Every match of the bracket of the best ``size`` of ``seeding``, played to its end.

    Pairs follow :func:`bracket_slots` (S1 = 1v16 ... then Q1 = S1vS8 ...); each
    match is recorded higher seed first, as the Knock-out sheet shows it.
    """
    if size == 0:
        return ()
    rank = {p: i for i, p in enumerate(seeding)}
    winners: dict[str, str] = {}
    matches: list[Match] = []
    for slot in bracket_slots(size):
        if slot.seeds is not None:
            a, b = (seeding[seed - 1] for seed in slot.seeds)
        else:
            a, b = (winners[stage] for stage in slot.feeders or ())
        high, low = sorted((a, b), key=rank.__getitem__)
        games, winners[slot.stage] = _play_match((high, low), skill, rng)
        matches.append(Match(slot.stage, (high, low), games))
    return tuple(matches)


def _play_match(pair: tuple[str, str], skill: Mapping[str, float], rng: random.Random) -> tuple[tuple[KnockoutGame, ...], str]:
    """Games until the rules' :func:`decide` names the winner (at most three), and the winner."""
    games: list[KnockoutGame] = []
    while True:
        winner, _ = decide(pair, tuple(_outcome(pair, g) for g in games))
        if winner is not None:
            return tuple(games), winner
        vp = (_vp(skill[pair[0]], 2, rng), _vp(skill[pair[1]], 2, rng))
        if len(games) == GAMES_PER_MATCH - 1 and rng.random() < TIED_DECIDER:
            vp = (vp[0], vp[0])
        clock = rng.choice(pair) if rng.random() < CLOCK_LOSS else None
        games.append(KnockoutGame(vp, clock))


def _outcome(pair: tuple[str, str], game: KnockoutGame) -> GameOutcome:
    return GameOutcome(game.vp, game.lost_on_clock, game_winner(pair, game.vp, game.lost_on_clock))


def _vp(skill: float, table_size: int, rng: random.Random) -> int:
    return max(LEAST_VP, round(MEAN_VP[table_size] + SKILL_VP * skill + rng.gauss(0, GAME_VP_SPREAD)))
