"""The Friedrich standings add whole numbers over a common denominator (rules/friedrich/tally.py): every
total and tie-breaker must be what adding the games' own scores as Fractions gives (GFTR D)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from tourneybook.rules import find_ruleset
from tourneybook.rules.by_round import standings_by_round
from tourneybook.rules.friedrich import (
    E_MT_SECOND_BEST,
    QUALITY,
    Nation,
    SECOND_BEST,
    STCC,
    Role,
    Tournament,
    check_tournament,
    stcc,
)
from tourneybook.rules.ranking import Adjustment
from tourneybook.simulate import simulate

ODD_TOTALS = (5, 7, 9, 11, 13, 16)
"""Objective totals whose tenths and bonus thirds share no small denominator (7ths, 9ths, 11ths, 13ths)."""


def _by_hand(ruleset, t: Tournament, last: int) -> dict[str, tuple]:
    """Each ranked player's (total, E+MT second-best, sTCC, opponents' quality) after round ``last``, summed
    as Fractions from each game's own scores (Ruleset.score_game), the adjustments added to the total."""
    games = [g for g in t.games if g.round <= last]
    scores = {id(g): ruleset.score_game(g) for g in games}
    total = {p.name: Fraction(0) for p in t.players}
    seconds: dict[str, list[Fraction]] = {}
    frederick = {}
    for g in games:
        for ps in scores[id(g)].players:
            total[ps.player] += ps.points
        for role in (Role.ELISABETH, Role.MARIA_THERESA):
            seconds.setdefault(g.player(role), []).append(scores[id(g)].of(g.player(role)).part(SECOND_BEST))
        frederick[g.frederick] = g
    adjusted = dict(total)
    for a in t.adjustments:
        adjusted[a.player] += a.points
    expected = {}
    for p in t.players:
        if p.stand_in:
            continue
        g = frederick.get(p.name)
        quality = None if g is None else sum((total[o] for o in (g.elisabeth, g.maria_theresa, g.pompadour)), Fraction(0))
        e_mt = sum(seconds[p.name], Fraction(0)) if p.name in seconds else None
        expected[p.name] = (adjusted[p.name], e_mt, None if g is None or g.tc is None else stcc(g.tc), quality)
    return expected


def _as_ranked(standings) -> dict[str, tuple]:
    return {r.player: (r.total, *(dict(r.tiebreaks)[name] for name in (E_MT_SECOND_BEST, STCC, QUALITY)))
            for r in standings.rows}


def _odd_totals(t: Tournament, rng: random.Random) -> Tournament:
    """``t`` with every attacker's objectives out of an odd total (a winner keeps all of them)."""
    games = []
    for g in t.games:
        objectives = []
        for o in g.objectives:
            total = rng.choice(ODD_TOTALS)
            objectives.append(replace(o, total=total, held=total if o.nation in g.winners else rng.randint(0, total)))
        switch = g.imperial_switch
        if switch is not None:  # held at the switch: still out of the Imperial Army's total
            ia = next(o for o in objectives if o.nation is Nation.IMPERIAL_ARMY)
            switch = replace(switch, held=min(switch.held, ia.total))
        games.append(replace(g, objectives=tuple(objectives), imperial_switch=switch))
    odd = replace(t, games=tuple(games), final=None)
    check_tournament(odd)
    return odd


@pytest.mark.parametrize("ruleset_id", ["fwc2022", "cafe2023"])
@pytest.mark.parametrize("players, seed", [(13, 1), (40, 2), (126, 3)])
def test_every_total_and_tie_breaker_is_the_games_scores_added_up(ruleset_id, players, seed):
    """The whole event's standings and those after each round, on a simulated event; on the same event with
    odd objective totals (a large common denominator); and with sTCC inputs missing and adjustments."""
    ruleset = find_ruleset(ruleset_id)
    rng = random.Random(seed)
    t = simulate(ruleset_id, players, seed=seed)
    ranked = [p.name for p in t.players if not p.stand_in]
    odd = _odd_totals(t, rng)
    varied = replace(
        odd,
        games=tuple(replace(g, tc=None) if rng.random() < 0.2 else g for g in odd.games),
        adjustments=(Adjustment(ranked[0], Fraction(-3, 2), "late"), Adjustment(ranked[-1], Fraction(2, 3), "fix")),
    )
    for event in (t, odd, varied):
        whole = ruleset.standings(event).standings
        assert _as_ranked(whole) == _by_hand(ruleset, event, 4)
        for last, after in standings_by_round(ruleset, event):
            assert _as_ranked(after) == _by_hand(ruleset, event, last)
        row = whole.rows[0]
        assert type(row.total) is Fraction and type(dict(row.tiebreaks)[QUALITY]) is Fraction
    if ruleset_id == "fwc2022":  # CAFE rounds %O to a whole percent: its scores stay in tenths
        denominators = {r.total.denominator for r in whole.rows}
        assert any(d % 7 == 0 or d % 9 == 0 or d % 11 == 0 or d % 13 == 0 for d in denominators)
    assert any(value is None for row in whole.rows for name, value in row.tiebreaks if name == STCC)
