"""What the qualifying standings add up, game by game: totals and the tie-breakers' inputs (GFTR D).

The standings of the whole event and those after each round add the same games
(a 10,000-player event: 10,000 games, four times over). So a tournament's games
are scored once (:func:`scored_games`, remembered for the record) and every
score is turned into a whole number over one common denominator, the
``scale``: a total, an E+MT second-best sum or an opponents' quality is then a
sum of ints, made a Fraction once, where it is shown. Exact, as Fractions are:
n / scale is the score itself.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ...frozen import frozen
from ...numbers import SquareRoot, common_denominator
from ..base import GameScore
from ..scored import once_per_record
from .records import Game, Tournament
from .scoring import SECOND_BEST, NationScorer, score_checked, stcc


@frozen
class ScoredGames:
    """A checked tournament's qualifying games, each scored once, and its scores as whole numbers."""

    games: tuple[Game, ...]
    """By round and table."""
    scores: tuple[GameScore, ...]
    """Each game's scores, its players in Role order (:func:`.scoring.score_checked`)."""
    scale: int
    """A common denominator of every game score and second-best score."""
    points: tuple[tuple[int, ...], ...]
    """Each game's scores of Frederick, Elisabeth, Maria Theresa and Pompadour, times ``scale``."""
    seconds: tuple[tuple[int, ...], ...]
    """Each game's second-best scores of Elisabeth and Maria Theresa (two nations each: always one), times ``scale``."""
    stcc: tuple[SquareRoot | None, ...]
    """Each game's sTCC; None where its inputs are not entered."""


_SCORED: dict[NationScorer, Callable[[Tournament], ScoredGames]] = {}
"""For each nation scoring, the scored games of each tournament record, while the record lives."""


def scored_games(t: Tournament, scorer: NationScorer) -> ScoredGames:
    """``t``'s qualifying games scored by ``scorer``; worked out once per record (``t`` must be checked).

    The event's standings and its standings after each round take the same record: they share one scoring.
    """
    once = _SCORED.get(scorer)
    if once is None:
        once = _SCORED[scorer] = once_per_record(lambda record: _score_games(record, scorer))
    return once(t)


def _score_games(t: Tournament, scorer: NationScorer) -> ScoredGames:
    """Score every game of ``t`` and find the common denominator of all the scores the standings add up."""
    games = tuple(sorted(t.games, key=lambda g: (g.round, g.table)))
    scores = tuple(score_checked(g, scorer) for g in games)
    points = [tuple(ps.points for ps in gs.players) for gs in scores]
    # players in Role order: [1] Elisabeth, [2] Maria Theresa
    seconds = [(gs.players[1].part(SECOND_BEST), gs.players[2].part(SECOND_BEST)) for gs in scores]
    # small in practice: halves, thirds, tenths, the objectives' totals
    scale, factor = common_denominator(x for row in (*points, *seconds) for x in row)
    return ScoredGames(
        games,
        scores,
        scale,
        tuple(tuple(x.numerator * factor[x.denominator] for x in row) for row in points),
        tuple(tuple(x.numerator * factor[x.denominator] for x in row) for row in seconds),
        tuple(None if g.tc is None else stcc(g.tc) for g in games),
    )


class Tally:
    """The games taken so far, in round order: each player's total and tie-breaker inputs, over the scale.

    Mutable on purpose, and never shared: one pass over the rounds adds each round's games to the last.
    """

    def __init__(self, t: Tournament, scored: ScoredGames) -> None:
        self.scored = scored
        self.totals = {p.name: 0 for p in t.players}
        """Each player's sum of game scores, times the scale (stand-ins too: they count as opponents)."""
        self.e_mt: dict[str, int] = {}
        """The sum of the second-best scores of a player's Elisabeth and Maria Theresa games, times the scale."""
        self.frederick: dict[str, int] = {}
        """The index of a player's Frederick game among the scored games."""
        self.with_results: set[str] = set()
        """Players with a game taken."""
        self.rounds: set[int] = set()
        """The rounds of the games taken."""
        self.taken = 0
        """The games taken: the first ones of ``scored.games``."""
        self._fractions: dict[int, Fraction] = {}
        """Each whole number over the scale as a Fraction, made once: totals repeat over a large field (in
        tenths, 10,000 CAFE players share a few hundred), and making a Fraction costs a gcd."""

    def take_through(self, last: int | None = None) -> None:
        """Take every game up to round ``last`` (None: every game)."""
        games, totals, e_mt = self.scored.games, self.totals, self.e_mt
        while self.taken < len(games) and (last is None or games[self.taken].round <= last):
            i = self.taken
            g = games[i]
            seated = g.players  # in Role order, as the points
            for name, points in zip(seated, self.scored.points[i]):
                totals[name] += points
            second_e, second_mt = self.scored.seconds[i]
            e_mt[g.elisabeth] = e_mt.get(g.elisabeth, 0) + second_e
            e_mt[g.maria_theresa] = e_mt.get(g.maria_theresa, 0) + second_mt
            self.frederick[g.frederick] = i
            self.with_results.update(seated)
            self.rounds.add(g.round)
            self.taken += 1

    def fraction(self, scaled: int) -> Fraction:
        """A whole number over the scale as the exact score it stands for."""
        made = self._fractions.get(scaled)
        if made is None:
            made = self._fractions[scaled] = Fraction(scaled, self.scored.scale)
        return made

    def quality(self, i: int) -> Fraction:
        """Game ``i``'s Frederick opponents' quality: the sum of their totals so far."""
        g, totals = self.scored.games[i], self.totals
        return self.fraction(totals[g.elisabeth] + totals[g.maria_theresa] + totals[g.pompadour])


__all__ = ["ScoredGames", "Tally", "scored_games"]
