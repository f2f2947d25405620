"""Friedrich game scores from a ruleset's nation scores, and the sTCC (seed 000 II notes; GFTR D 2).

How a nation scores is each ruleset's own (:mod:`..fwc2022`, :mod:`..cafe2023`); it
comes in as a :data:`NationScorer`, and this module turns nation scores into game
scores and second-best scores.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ...frozen import frozen
from ...numbers import ZERO, SquareRoot, display
from ..base import GameScore, PlayerScore
from .records import MAX_TURNS, NATION_NAME, ROLE_NAME, ROLES, Game, Nation, Role, TcCount
from .validation import check_game


@frozen
class NationResult:
    """One nation's score in one game, with the results compared for it."""

    nation: Nation
    """The scored nation."""
    results: tuple[tuple[str, Fraction], ...]
    """(how, points), e.g. (('standard', 9/2), ('OO', 10)); the better counts."""
    bonus: Fraction = ZERO
    """Its share of the victory bonus (FWC); 0 where there is none."""

    @property
    def points(self) -> Fraction:
        results = self.results
        return results[0][1] if len(results) == 1 else max(points for _, points in results)


@frozen
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
    """The scores of a game already validated (by :func:`score_game` or a tournament check).

    The players come in :class:`Role` order (the standings read them by role from there).
    """
    scored = scorer(game)
    own_of: tuple[list[NationResult], ...] = ([], [], [], [])  # each role's nations, by _ROLE_INDEX
    for r in scored.nations:  # each nation's controller asked once (not once per role)
        own_of[_ROLE_INDEX[game.controller(r.nation)]].append(r)
    players = tuple(_player_score(role, player, own, scored, game) for role, own, player in zip(ROLES, own_of, game.players))
    return GameScore(game.label, players, (game.note,) if game.note else ())


def _player_score(role: Role, player: str, own: list[NationResult], scored: NationScores, game: Game) -> PlayerScore:
    """One role's score: its best nation plus its bonus shares, with the parts that explain it."""
    parts: list[tuple[str, Any]] = []
    ranked = []
    shares = []
    for r in own:
        results = r.results
        if len(results) == 1:
            ranked.append(results[0][1])
            parts.append((NATION_NAME[r.nation], results[0][1]))
        else:
            ranked.append(r.points)
            parts.extend((_option_label(r.nation, how), points) for how, points in results)
        if r.bonus:
            shares.append(r.bonus)
    if len(ranked) > 1:
        ranked.sort(reverse=True)
    others = ranked[1:]
    if role is Role.MARIA_THERESA and scored.imperial_at_switch is not None:
        parts.append(("Imperial Army at the switch", scored.imperial_at_switch))
        others.append(scored.imperial_at_switch)
    bonus = _bonus(shares)
    best = ranked[0]
    if bonus is not None:
        parts.append(("bonus", bonus))
        best = best + bonus
    elif type(best) is not Fraction:  # a game score is a Fraction, whatever the scorer gave
        best = Fraction(best)
    parts.append((SECOND_BEST, max(others) if others else None))
    if role is Role.FREDERICK and game.tc is not None:
        parts.append(("sTCC", stcc_text(game.tc)))
    return PlayerScore(player, ROLE_NAME[role], best, tuple(parts))


_ROLE_INDEX = {role: i for i, role in enumerate(ROLES)}
"""Each role's place in :data:`.records.ROLES`, found once (every game asks for its nations' controllers)."""
_OPTION_LABELS: dict[tuple[Nation, str], str] = {}
"""'Austria (OO)': a nation's result labelled by how it was scored, made once per nation and how."""


def _option_label(nation: Nation, how: str) -> str:
    label = _OPTION_LABELS.get((nation, how))
    if label is None:
        label = _OPTION_LABELS[nation, how] = f"{nation.value} ({how})"
    return label


def _bonus(shares: list[Fraction]) -> Fraction | None:
    """A role's nations' victory bonus shares added up; None where there is none."""
    if not shares:
        return None
    total = shares[0] if len(shares) == 1 else sum(shares, ZERO)
    if not total:
        return None
    return total if type(total) is Fraction else Fraction(total)


# --- sTCC ----------------------------------------------------------------------


def stcc_squared(tc: TcCount) -> Fraction:
    """sTCC squared, exact: (TCs Frederick / TCs attackers)^2 * 23 / N (GFTR D 2).

    The sTCC itself is irrational in general; its square orders players the same
    way and ties exactly.
    """
    return Fraction(tc.frederick**2 * MAX_TURNS, tc.attackers**2 * tc.turns)  # one Fraction made: one gcd


def stcc(tc: TcCount) -> SquareRoot:
    """The sTCC, exact through its square; lower wins (GFTR D 2)."""
    return SquareRoot(stcc_squared(tc))


def stcc_text(tc: TcCount) -> str:
    """The sTCC for display, 2 decimals half up ('0.87')."""
    return display(stcc(tc))
