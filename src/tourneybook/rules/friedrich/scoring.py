"""Friedrich game scores from a ruleset's nation scores, and the sTCC (seed 000 II notes; GFTR D 2).

How a nation scores is each ruleset's own (:mod:`..fwc2022`, :mod:`..cafe2023`); it
comes in as a :data:`NationScorer`, and this module turns nation scores into game
scores and second-best scores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...numbers import SquareRoot, display
from ..base import GameScore, PlayerScore
from .records import MAX_TURNS, Game, Nation, Role, TcCount
from .validation import check_game


@dataclass(frozen=True)
class NationResult:
    """One nation's score in one game, with the results compared for it."""

    nation: Nation
    """The scored nation."""
    results: tuple[tuple[str, Fraction], ...]
    """(how, points), e.g. (('standard', 9/2), ('OO', 10)); the better counts."""
    bonus: Fraction = Fraction(0)
    """Its share of the victory bonus (FWC); 0 where there is none."""

    @property
    def points(self) -> Fraction:
        return max(points for _, points in self.results)


@dataclass(frozen=True)
class NationScores:
    """What a ruleset's scoring says about one game."""

    nations: tuple[NationResult, ...]
    """Every nation, in :class:`Nation` order (the order shown)."""
    imperial_at_switch: Fraction | None = None
    """The IA's score at a switch: Maria Theresa's second-best score only, never her game score."""


NationScorer = Callable[[Game], NationScores]
"""A ruleset's nation scoring (fwc2022.score_nations, cafe2023.score_nations)."""

SECOND_BEST = "second-best"
"""The part of a PlayerScore holding the second-best score (None with only one nation)."""


def score_game(game: Game, scorer: NationScorer) -> GameScore:
    """Game score = the best nation score plus bonus shares; second-best = the next one.

    Seed 000 II note i: "his best scoring nation counts"; note iii: the IA score at
    a switch "counts as Maria Theresa's second-best score and is only used as a
    tie-breaker". A player with a single nation (Frederick; Pompadour without the
    IA) has no second-best: it is None, and only the Elisabeth and Maria Theresa
    games use it, where there are always two.
    """
    check_game(game)
    return score_checked(game, scorer)


def score_checked(game: Game, scorer: NationScorer) -> GameScore:
    """The scores of a game already validated (by :func:`score_game` or a tournament check)."""
    scored = scorer(game)
    nations_of: dict[Role, list[NationResult]] = {role: [] for role in Role}
    for r in scored.nations:  # each nation's controller asked once (not once per role)
        nations_of[game.controller(r.nation)].append(r)
    players = []
    for role, own in nations_of.items():
        ranked = sorted((r.points for r in own), reverse=True)
        others = ranked[1:]
        parts: list[tuple[str, Any]] = []
        for r in own:
            if len(r.results) == 1:
                parts.append((r.nation.value, r.results[0][1]))
            else:
                parts.extend((f"{r.nation.value} ({how})", points) for how, points in r.results)
        if role is Role.MARIA_THERESA and scored.imperial_at_switch is not None:
            parts.append(("Imperial Army at the switch", scored.imperial_at_switch))
            others.append(scored.imperial_at_switch)
        bonus = sum((r.bonus for r in own), Fraction(0))
        if bonus:
            parts.append(("bonus", bonus))
        parts.append((SECOND_BEST, max(others) if others else None))
        if role is Role.FREDERICK and game.tc is not None:
            parts.append(("sTCC", stcc_text(game.tc)))
        players.append(PlayerScore(game.player(role), role.value, ranked[0] + bonus, tuple(parts)))
    return GameScore(game.label, tuple(players), (game.note,) if game.note else ())


# --- sTCC ----------------------------------------------------------------------


def stcc_squared(tc: TcCount) -> Fraction:
    """sTCC squared, exact: (TCs Frederick / TCs attackers)^2 * 23 / N (GFTR D 2).

    The sTCC itself is irrational in general; its square orders players the same
    way and ties exactly.
    """
    return Fraction(tc.frederick, tc.attackers) ** 2 * Fraction(MAX_TURNS, tc.turns)


def stcc(tc: TcCount) -> SquareRoot:
    """The sTCC, exact through its square; lower wins (GFTR D 2)."""
    return SquareRoot(stcc_squared(tc))


def stcc_text(tc: TcCount) -> str:
    """The sTCC for display, 2 decimals half up ('0.87')."""
    return display(stcc(tc))
