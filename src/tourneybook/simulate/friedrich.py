"""Random but valid Friedrich tournaments: four qualifying rounds and a final.

Seats come from :func:`tourneybook.draws.draw_friedrich` (GFTR B: "every
participant will play four games, one game in each of the four roles"). A field
that is not a multiple of four is filled with flagged stand-ins ('Stand-in 1',
...): RULES.md, "A field that is not a multiple of four needs stand-in players
(flagged; their scores never enter the standings)"; the standings' notes name
them. The final seats the best four of the qualifying standings, each choosing
a role from those left in ranking order (GFTR B).

Results are drawn to look like real games and to pass the rules' validation:
winners hold all their objectives, nations leave by Card of Fate before the
end (never a winner), the Imperial Army sometimes switches, Prussia sometimes
launches the Offensive Option, and every report carries the sTCC inputs.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..draws import draw_friedrich
from ..errors import InputError
from ..rules import Family, Ruleset, rulesets
from ..rules.friedrich import (
    ATTACKERS,
    BOHEMIAN_OBJECTIVES,
    MAX_TURNS,
    Game,
    ImperialSwitch,
    Nation,
    Objectives,
    Offensive,
    OffensiveOutcome,
    Player,
    Role,
    TcCount,
    Tournament,
    check_tournament,
)
from .names import player_names

TOTALS = {
    Nation.RUSSIA: (8, 10),
    Nation.SWEDEN: (5, 10),
    Nation.AUSTRIA: (8, 12, 16),
    Nation.IMPERIAL_ARMY: (5, 10),
    Nation.FRANCE: (8, 10, 12),
}
"""Objective totals drawn per nation (RULES.md: 5, 8, 10, 12, 14, 16 all occur)."""
LEAVING = (Nation.RUSSIA, Nation.SWEDEN, Nation.FRANCE)
"""Nations a Card of Fate takes out of the game."""
PRUSSIAN_VICTORY = 0.4
"""Share of games Prussia wins."""
SEVERAL_WINNERS = 0.15
"""Share of attacker victories with a second winning nation."""
SWITCH = 0.2
"""Share of games in which the Imperial Army changes controller."""
OFFENSIVE = 0.25
"""Share of games in which Prussia launches the Offensive Option."""
EXAMPLES = {r.id: r.example_players for r in rulesets(Family.FRIEDRICH) if r.example_players}
"""The shipped example workbooks: ruleset -> players (each ruleset says how many in its registry entry)."""


def simulate(ruleset: Ruleset, players: int, rng: random.Random) -> Tournament:
    """A valid tournament of ``players`` (plus stand-ins up to a multiple of four) under a Friedrich ``ruleset``."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise InputError(f"players must be a whole number from 1, not {players!r}")
    names = player_names(players, rng)
    stand_ins = [f"Stand-in {i}" for i in range(1, -players % 4 + 1)]
    field = (*(Player(n) for n in names), *(Player(n, stand_in=True) for n in stand_ins))
    draw = draw_friedrich([p.name for p in field], rng=rng)
    games = tuple(
        random_game(rng, rnd.number, table.number, {Role(s.seat): s.player for s in table.seats})
        for rnd in draw.rounds
        for table in rnd.tables
    )
    finalists = 4 if players >= 4 else 0
    settings = replace(ruleset.settings, finalists=finalists)
    qualifying = Tournament(settings, field, games)
    final = None
    if finalists:
        order = ruleset.standings(qualifying).standings.order[:4]
        seats: dict[Role, str] = {}
        for name in order:  # "The highest-ranked player has free choice of roles ..." (GFTR B)
            seats[rng.choice([r for r in Role if r not in seats])] = name
        final = random_game(rng, None, 1, seats)
    t = Tournament(settings, field, games, final)
    check_tournament(t)
    return t


def random_game(rng: random.Random, round_: int | None, table: int, seats: dict[Role, str]) -> Game:
    """One plausible game report with the players ``seats``."""
    prussia_wins = rng.random() < PRUSSIAN_VICTORY
    offensive_outcome = _offensive_outcome(rng, prussia_wins=prussia_wins)
    if offensive_outcome is OffensiveOutcome.SUCCEEDED:
        duration = rng.randint(6, 14)
    elif prussia_wins:
        duration = rng.randint(14, MAX_TURNS)
    else:
        duration = rng.randint(6, 20)
    totals = {n: rng.choice(TOTALS[n]) for n in ATTACKERS}
    won: set[Nation] = set()
    if prussia_wins:
        won.add(Nation.PRUSSIA)
    else:
        first = rng.choice(ATTACKERS)
        won.add(first)
        if rng.random() < SEVERAL_WINNERS:
            won.add(rng.choice([n for n in ATTACKERS if n is not first]))
    left = _departures(rng, duration, won, offensive_outcome, prussia_wins=prussia_wins)
    objectives = tuple(
        Objectives(n, totals[n] if n in won else rng.randint(totals[n] // 4, totals[n] - 1), totals[n], left.get(n))
        for n in ATTACKERS
    )
    switch = None
    if rng.random() < SWITCH and duration > 2:
        switch = ImperialSwitch(
            rng.randint(2, duration - 1), rng.choice((Role.ELISABETH, Role.POMPADOUR)),
            rng.randint(0, totals[Nation.IMPERIAL_ARMY]),
        )
    offensive = None
    if offensive_outcome is not None:
        called_off = rng.randint(3, duration - 1) if offensive_outcome is OffensiveOutcome.CALLED_OFF else None
        prussia = BOHEMIAN_OBJECTIVES if offensive_outcome is OffensiveOutcome.SUCCEEDED else rng.randint(2, 12)
        offensive = Offensive(
            offensive_outcome, prussia, rng.randint(0, BOHEMIAN_OBJECTIVES - prussia), austria_took_card=rng.random() < 0.3,
            called_off_turn=called_off
        )
    n = duration if prussia_wins else rng.randint(duration, MAX_TURNS)
    tc = TcCount(n, sum(rng.randint(4, 7) for _ in range(n)), sum(rng.randint(8, 13) for _ in range(n)))
    return Game(
        round_,
        table,
        *(seats[r] for r in Role),
        duration=duration,
        winners=frozenset(won),
        objectives=objectives,
        imperial_switch=switch,
        offensive=offensive,
        tc=tc,
    )


def _offensive_outcome(rng: random.Random, *, prussia_wins: bool) -> OffensiveOutcome | None:
    """Prussia wins with the OO or after calling it off; attackers win while it is called off or active."""
    if rng.random() >= OFFENSIVE:
        return None
    if prussia_wins:
        return rng.choice((OffensiveOutcome.SUCCEEDED, OffensiveOutcome.CALLED_OFF))
    return rng.choice((OffensiveOutcome.CALLED_OFF, OffensiveOutcome.ACTIVE))


def _departures(
    rng: random.Random, duration: int, won: set[Nation], outcome: OffensiveOutcome | None, *, prussia_wins: bool
) -> dict[Nation, int]:
    """Turns Russia, Sweden and France left: all three by the end of a Prussian defensive victory."""
    if prussia_wins and outcome is not OffensiveOutcome.SUCCEEDED:
        turns = {n: rng.randint(max(1, duration - 12), duration) for n in LEAVING}
        turns[rng.choice(LEAVING)] = duration  # the last to drop out ends the game
        return turns
    candidates = [n for n in LEAVING if n not in won]
    return {n: rng.randint(1, duration - 1) for n in candidates if rng.random() < 0.3 and duration > 1}


__all__ = ["EXAMPLES", "random_game", "simulate"]
