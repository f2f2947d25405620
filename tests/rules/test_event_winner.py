"""The event's winner (TournamentResult.winner) on simulated events of every ruleset, against the rules that decide
it: Carcassonne's knock-out champion (seed 002), the Friedrich finalist with the most winning nations (GFTR D,
final), no one before the final is played, and no one in a Diplomacy event (its standings decide, seeds 003, 004)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tourneybook.rules import RULESET_IDS, Family, find_ruleset
from tourneybook.rules.carcassonne2004 import knockout
from tourneybook.rules.seats import Role
from tourneybook.simulate import simulate

SEEDS = (1, 2, 3, 4)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_winner_is_the_finals_once_it_is_played(ruleset_id):
    ruleset = find_ruleset(ruleset_id)
    for seed in SEEDS:
        t = simulate(ruleset_id, 20 + seed, seed)
        won = ruleset.standings(t).winner
        if ruleset.family is Family.CARCASSONNE:
            assert won == (knockout(t).champion, "Final placings")
            assert ruleset.standings(replace(t, knockout=())).winner is None
        elif ruleset.family is Family.FRIEDRICH:
            nations = {t.final.player(role): sum(t.final.controller(n) is role for n in t.final.winners) for role in Role}
            assert won is not None and won[1] == "Final" and nations[won[0]] == max(nations.values())
            assert ruleset.standings(replace(t, final=None)).winner is None
        else:
            assert won is None
