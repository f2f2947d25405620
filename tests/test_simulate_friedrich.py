"""The Friedrich simulator (simulate/friedrich.py): reproducible, valid, and varied like real reports."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.errors import InputError
from tourneybook.rules import RULESETS, Family, find_ruleset
from tourneybook.rules.friedrich import Nation, OffensiveOutcome, Role, check_tournament
from tourneybook.simulate import simulate
from tourneybook.simulate import friedrich as sim

FRIEDRICH = [r.id for r in RULESETS if r.family is Family.FRIEDRICH]


@pytest.mark.parametrize("ruleset_id", FRIEDRICH)
def test_the_same_seed_gives_the_same_tournament(ruleset_id):
    assert simulate(ruleset_id, 20, seed=7) == simulate(ruleset_id, 20, seed=7)
    assert simulate(ruleset_id, 20, seed=7) != simulate(ruleset_id, 20, seed=8)


@pytest.mark.parametrize(
    "ruleset_id, players, stand_ins, final",
    [
        pytest.param("fwc2022", 16, 0, True, id="16 players: the GFTR B minimum for new opponents each game"),
        pytest.param("cafe2023", 18, 2, True, id="18 players: 2 flagged stand-ins make 20 (RULES.md)"),
        pytest.param("fwc2022", 20, 0, True, id="20 players, five tables"),
        pytest.param("cafe2023", 33, 3, True, id="33 players: 3 stand-ins"),
        pytest.param("fwc2022", 5, 3, True, id="5 players: two tables with 3 stand-ins"),
        pytest.param("cafe2023", 3, 1, False, id="3 players: no final without four ranked players"),
    ],
)
def test_every_simulated_tournament_is_valid(ruleset_id, players, stand_ins, final):
    t = simulate(ruleset_id, players, seed=1)
    check_tournament(t)
    flagged = [p.name for p in t.players if p.stand_in]
    assert len(t.players) == players + stand_ins and len(flagged) == stand_ins
    for p in t.players:  # GFTR B: four games, one in each role
        assert sorted(g.role_of(p.name).value for g in t.games if g.role_of(p.name)) == sorted(r.value for r in Role)
    result = find_ruleset(ruleset_id).standings(t)
    assert set(result.standings.order) == {p.name for p in t.players if not p.stand_in}
    if stand_ins:
        assert any("stand-ins" in note for note in result.notes)
    assert (t.final is not None) is final
    if final:
        qualifying = find_ruleset(ruleset_id).standings(type(t)(t.settings, t.players, t.games))
        # GFTR B: "The best four players from the qualifying round go through to the final."
        assert {t.final.player(r) for r in Role} == set(qualifying.standings.order[:4])
        assert any(x.title == "Final" for x in result.extras)


def test_the_reports_vary_like_real_games():
    games = [g for seed in (1, 2) for g in simulate("fwc2022", 64, seed=seed).games]
    seen = Counter()
    for g in games:
        seen["Prussian victory"] += Nation.PRUSSIA in g.winners
        seen["several winners"] += len(g.winners) > 1
        seen["Card of Fate"] += any(o.left_turn is not None for o in g.objectives)
        seen["IA switch"] += g.imperial_switch is not None
        seen["sTCC inputs"] += g.tc is not None
        if g.offensive:
            seen[g.offensive.outcome] += 1
        for o in g.objectives:
            assert 0 <= o.held <= o.total and (o.held == o.total) == (o.nation in g.winners)
        assert 1 <= g.duration <= 23
    assert seen["sTCC inputs"] == len(games) == 128
    for what in ("Prussian victory", "several winners", "Card of Fate", "IA switch", *OffensiveOutcome):
        assert 0 < seen[what] < len(games), what


@pytest.mark.parametrize("players", [0, -4, True, "20"])
def test_an_impossible_field_is_refused(players):
    with pytest.raises(InputError, match="players must be a whole number from 1"):
        sim.simulate(find_ruleset("fwc2022"), players, random.Random(1))


@settings(max_examples=25, deadline=None)
@given(players=st.integers(1, 40), seed=st.integers(0, 10_000), ruleset_id=st.sampled_from(FRIEDRICH))
def test_any_size_and_seed_gives_a_tournament_the_rules_accept(players, seed, ruleset_id):
    t = simulate(ruleset_id, players, seed=seed)
    check_tournament(t)
    assert len(t.players) % 4 == 0 and len(t.games) == len(t.players)  # four rounds of len/4 tables
    find_ruleset(ruleset_id).standings(t)
