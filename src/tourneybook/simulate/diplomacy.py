"""Random but valid Diplomacy tournaments, for demos and example workbooks.

Seats come from :func:`tourneybook.draws.draw_diplomacy` ("maximize the number
of new opponents", no power twice, theatres varied: seed 003, II.3-II.4). A
field that is not a multiple of seven is handled as seed 003 II.5 and seed 004
section 6 allow: up to three players sit out a round (different players each
round as far as possible), otherwise the fewest players needed play two boards.

Each game starts from the home centres (Russia 4, the others 3, 12 neutral) and
changes Fall by Fall: the neutrals go in 1901-1903, then centres change hands
between surviving powers, so the total never exceeds 34 and a power that lost
its last centre stays out. Stronger players gain more often. A board that lets
its leader run ends in a solo at 18 centres (seed 003 V.1, 004 2.4.1); the
others gang up on a leader near 18. Games are called when the time is up (seed
003 I: after 1906 to 1910): :func:`simulate` plays any Diplomacy ruleset so,
:func:`codcon` adds each player's distance from home. The Diplomacy event
(``diplomacy``, any game-scoring system) keeps every board's year-by-year counts
(a system may score the years a power played, or break ties by the years before)
and ends some boards as its system reads them: conceded to a lone leader, or
drawn among the bigger survivors when the system shares a recorded draw. Italia games last the
round's years (004 3.1) unless a draw is accepted from 1904 (004 section 5);
:func:`italia` then adds the top board of the best seven (004 sections 3.3, 4.1)
in the last round.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from ..draws import Round, draw_diplomacy, draw_italia_top_board
from ..errors import InputError, Problem
from ..rules import Ruleset, codcon2008, italia2010
from ..rules.diplomacy import DEFAULT_THEATRES, FIRST_YEAR, MAP_CENTRES, SOLO_CENTRES, Board, Power, PowerResult, parse_theatres
from ..rules.game_scoring import Need, ScoringSystem
from .names import player_names

BOARD = 7
"""Players per board."""
ROUNDS = 3
"""Seed 003 I: three rounds; Italia plays as many before its top board round."""
MOST_SIT_OUTS = 3
"""Sit-outs a round takes before two-board players are asked for instead."""
SOLO_CHANCE = 0.1
"""Share of boards that let their leader run for a solo."""
RUN_FROM = 1905
"""The year from which such a leader runs (a solo needs time)."""
DRAW_CHANCE = 0.08
"""Chance, each Fall from 1904, that an Italia board accepts a draw (004 section 5)."""
CALLED = (1906, 1910)
"""First and last year in which a CODCon round is called (003 I: a predetermined time)."""
NEUTRALS_1901 = (8, 11)
"""Neutral centres taken in 1901 (the rest go in 1902 and 1903)."""
SKILL_WEIGHT = 0.45
"""How much a standard deviation of skill multiplies a player's chance to gain a centre (as exp)."""
GANG_UP = 4.0
"""How much likelier a leader on 14+ centres is to lose one, when the board does not let them run."""
DISTANCES = (5, 1500)
"""Distance from home in km (CODCon's fifth tie-breaker), drawn uniformly."""
CONCEDE_CHANCE = 0.08
"""Share of the boards without a solo that concede the game to a lone leader (the game-scoring systems score it as
that power's solo)."""
SMALLER_DRAW_CHANCE = 0.3
"""Share of the boards without a solo whose draw leaves out the smallest survivors, where the system reads who shared
the draw (Draw Size)."""


def _field(ruleset: Ruleset, players: int, rng: random.Random) -> tuple[list[str], dict[str, float]]:
    """The players' names and skills; a Diplomacy ruleset and seven players at least."""
    if ruleset.tournament_of is None:
        raise InputError(f"the Diplomacy simulator plays Diplomacy rulesets, not {ruleset.name}")
    if players < BOARD:
        raise InputError(Problem(f"{players} players: a Diplomacy board needs {BOARD}", "players"))
    names = player_names(players, rng)
    return names, {n: rng.gauss(0, 1) for n in names}


def simulate(ruleset: Ruleset, players: int, rng: random.Random) -> object:
    """Three drawn rounds of valid games, each called after a random year (seed 003 I), under ``ruleset``."""
    names, skill = _field(ruleset, players, rng)
    return _called_rounds(ruleset, names, skill, rng)


def codcon(ruleset: Ruleset, players: int, rng: random.Random) -> codcon2008.Tournament:
    """CODCon 2008: three called rounds, and each player's distance from home (its fifth tie-breaker)."""
    names, skill = _field(ruleset, players, rng)
    t = _called_rounds(ruleset, names, skill, rng)
    return replace(t, players=tuple(codcon2008.Entrant(n, Fraction(rng.randint(*DISTANCES))) for n in names))


def _called_rounds(ruleset: Ruleset, names: list[str], skill: Mapping[str, float], rng: random.Random) -> object:
    settings = ruleset.settings
    theatres = parse_theatres(getattr(settings, "theatres", DEFAULT_THEATRES))
    sit_outs, doubles = odd_seats(names, range(1, ROUNDS + 1), rng)
    draw = draw_diplomacy(names, ROUNDS, rng=rng, sit_outs=sit_outs, doubles=doubles, theatres=theatres)
    system: ScoringSystem | None = getattr(settings, "system", None)  # the Diplomacy event's game scoring
    games = tuple(
        play_board(rnd.number, table.number, [(Power(s.seat), s.player) for s in table.seats], skill,
                   rng.randint(*CALLED), None, rng, history=system is not None)
        for rnd in draw.rounds for table in rnd.tables
    )
    if system is not None:
        games = tuple(ended_as_read(board, system, rng) for board in games)
    return ruleset.tournament_of(ruleset.name, games, settings)


def ended_as_read(board: Board, system: ScoringSystem, rng: random.Random) -> Board:
    """The board ended the ways ``system`` reads: now and then conceded to a lone leader, or (a system that shares
    a recorded draw) drawn without the smallest survivors; a solo stays a solo."""
    counts = sorted((p.centres for p in board.powers), reverse=True)
    if counts[0] >= SOLO_CENTRES:
        return board
    roll = rng.random()
    if Need.CONCESSION in system.needs and counts[0] > counts[1] and roll < CONCEDE_CHANCE:
        leader = next(p.power for p in board.powers if p.centres == counts[0])
        return replace(board, conceded_to=leader)
    alive = sorted((p for p in board.powers if p.survived), key=lambda p: -p.centres)
    cuts = [k for k in range(2, len(alive)) if alive[k - 1].centres > alive[k].centres]  # never between equals
    if Need.DRAW_MEMBERS in system.needs and cuts and roll > 1 - SMALLER_DRAW_CHANCE:
        drawn = {p.power for p in alive[:rng.choice(cuts)]}
        return replace(board, draw=tuple(power for power in Power if power in drawn))
    return board


def italia(ruleset: Ruleset, players: int, rng: random.Random) -> italia2010.Tournament:
    """Italia 2010: three drawn rounds, then the top board of the best seven and the others' boards."""
    names, skill = _field(ruleset, players, rng)
    return _italia(names, skill, rng)


def _italia(names: list[str], skill: Mapping[str, float], rng: random.Random) -> italia2010.Tournament:
    settings = italia2010.Settings()
    last = FIRST_YEAR + settings.game_years - 1
    sit_outs, doubles = odd_seats(names, range(1, ROUNDS + 1), rng)
    draw = draw_diplomacy(names, ROUNDS, rng=rng, sit_outs=sit_outs, doubles=doubles)
    games = [
        play_board(rnd.number, table.number, [(Power(s.seat), s.player) for s in table.seats], skill, last, 1904, rng)
        for rnd in draw.rounds for table in rnd.tables
    ]
    sat = [italia2010.SitOut(rnd.number, p) for rnd in draw.rounds for p in rnd.sitting_out]
    before = italia2010.Tournament(italia2010.RULESET.name, tuple(games), settings, tuple(sat))
    ranked = italia2010.ranking_before_top_board(before).order
    top = draw_italia_top_board(ranked, rng)
    final = ROUNDS + 1
    games.append(play_board(final, 1, [(Power(s.seat), s.player) for s in top.seats], skill, last, 1904, rng, top=True))
    rest = [n for n in names if n not in top.players]
    if len(rest) < BOARD:
        sat += [italia2010.SitOut(final, p) for p in rest]  # too few for a board of their own
    elif rest:
        more_out, more_doubles = odd_seats(rest, [final], rng, _counts(draw.rounds))
        last_round = draw_diplomacy(rest, 1, history=draw.rounds, rng=rng, sit_outs=more_out, doubles=more_doubles).rounds[0]
        games += [play_board(final, table.number + 1, [(Power(s.seat), s.player) for s in table.seats], skill, last,
                             1904, rng) for table in last_round.tables]
        sat += [italia2010.SitOut(final, p) for p in last_round.sitting_out]
    return italia2010.Tournament(italia2010.RULESET.name, tuple(sorted(games, key=lambda b: (b.round, b.board))),
                                 settings, tuple(sat), players=tuple(names))


def _counts(rounds: Sequence[Round]) -> dict[str, int]:
    sat: dict[str, int] = {}
    for rnd in rounds:
        for p in rnd.sitting_out:
            sat[p] = sat.get(p, 0) + 1
    return sat


def odd_seats(field: Sequence[str], numbers: Sequence[int], rng: random.Random, sat: Mapping[str, int] | None = None
              ) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """Who sits out and who plays two boards in each round, so that every round seats a multiple of seven.

    Up to :data:`MOST_SIT_OUTS` sit out (those who sat out least, then by lot);
    beyond that the fewest players play two boards (those who doubled least).
    22 players: 1 sits out; 25 players: 3 play two boards.
    """
    short = len(field) % BOARD
    times = dict(sat or {})
    doubled: dict[str, int] = {}
    sit_outs: dict[int, list[str]] = {}
    doubles: dict[int, list[str]] = {}
    for number in numbers:
        if short == 0:
            continue
        if short <= MOST_SIT_OUTS:
            chosen = sorted(field, key=lambda p: (times.get(p, 0), rng.random()))[:short]
            sit_outs[number] = chosen
            for p in chosen:
                times[p] = times.get(p, 0) + 1
        else:
            chosen = sorted(field, key=lambda p: (doubled.get(p, 0), rng.random()))[: BOARD - short]
            doubles[number] = chosen
            for p in chosen:
                doubled[p] = doubled.get(p, 0) + 1
    return sit_outs, doubles


def play_board(rnd: int, number: int, seats: Sequence[tuple[Power, str]], skill: Mapping[str, float], last_year: int,
               draw_from: int | None, rng: random.Random, *, top: bool = False, history: bool = True) -> Board:
    """One game from the home centres to its last Fall: the board's centre count, valid by construction.

    ``draw_from``: the first year a draw may end the game early (None: played
    to ``last_year``). ``history`` False keeps only the final centres (CODCon).
    """
    strength = {power: math.exp(SKILL_WEIGHT * skill[player]) for power, player in seats}
    centres = {power: power.starting_centres for power, _ in seats}
    neutral = MAP_CENTRES - sum(centres.values())
    lets_run = rng.random() < SOLO_CHANCE
    counts: dict[Power, list[int]] = {power: [] for power in centres}
    for year in range(FIRST_YEAR, last_year + 1):
        taken = _neutrals_taken(year, neutral, rng)
        running = lets_run and year >= RUN_FROM
        for _ in range(taken):
            _gain(centres, strength, rng, lets_run=running)
        neutral -= taken
        for _ in range(rng.randint(1, 3) + (year - FIRST_YEAR) // 2):
            _capture(centres, strength, rng, lets_run=running)
        for power, n in centres.items():
            counts[power].append(n)
        solo = max(centres.values()) >= SOLO_CENTRES
        if solo or (draw_from is not None and year >= draw_from and rng.random() < DRAW_CHANCE):
            break
    powers = []
    for power, player in seats:
        row = counts[power]
        eliminated = FIRST_YEAR + row.index(0) if row[-1] == 0 else None
        powers.append(PowerResult(power, player, row[-1], eliminated, tuple(row) if history else ()))
    order = list(Power)
    return Board(rnd, number, tuple(sorted(powers, key=lambda p: order.index(p.power))), top=top)


def _neutrals_taken(year: int, neutral: int, rng: random.Random) -> int:
    """Most neutrals go in 1901, nearly all the rest in 1902, the last by 1903."""
    if year == FIRST_YEAR:
        return min(neutral, rng.randint(*NEUTRALS_1901))
    if year == FIRST_YEAR + 1:
        return max(0, neutral - rng.randint(0, 1))
    return neutral


def _weights(centres: Mapping[Power, int], strength: Mapping[Power, float], *, lets_run: bool) -> dict[Power, float]:
    """Chance to gain a centre: strength, more for a bigger power; a runaway leader stalls near 18 unless let run."""
    leader = max(centres, key=lambda p: (centres[p], strength[p]))
    weights = {}
    for p, n in centres.items():
        if n == 0:
            continue
        w = strength[p] * math.sqrt(n)
        if p is leader and lets_run:
            w *= 3
        elif n + 1 >= SOLO_CENTRES:
            w = 0.0
        weights[p] = w
    return weights


def _pick(weights: Mapping[Power, float], rng: random.Random) -> Power | None:
    candidates = [p for p, w in weights.items() if w > 0]
    if not candidates:
        return None
    return rng.choices(candidates, [weights[p] for p in candidates])[0]


def _gain(centres: dict[Power, int], strength: Mapping[Power, float], rng: random.Random, *, lets_run: bool) -> None:
    winner = _pick(_weights(centres, strength, lets_run=lets_run), rng)
    if winner is not None:
        centres[winner] += 1


def _capture(centres: dict[Power, int], strength: Mapping[Power, float], rng: random.Random, *,
             lets_run: bool) -> None:
    """One centre changes hands between two surviving powers."""
    winner = _pick(_weights(centres, strength, lets_run=lets_run), rng)
    if winner is None:
        return
    leader = max(centres.values())
    losing = {
        p: strength[p] ** -2 * (GANG_UP if n == leader and n >= 14 and not lets_run else 1) * (0.3 if lets_run and n == leader else 1)
        for p, n in centres.items() if n > 0 and p is not winner
    }
    loser = _pick(losing, rng)
    if loser is not None:
        centres[loser] -= 1
        centres[winner] += 1
