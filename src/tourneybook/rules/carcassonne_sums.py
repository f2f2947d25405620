"""Carcassonne 2004 preliminary (seed 002): each player's sums over the tables so far, ranked.

Seed 002: the ranking points first; "In a case of a tie the sum of the victory points"
(3-player VP x 3/4); "If there is still a tie, the Sum of the percentage of the points at
their tables"; then lot. The tables are scored in :mod:`.carcassonne2004`; here their
scores are added up, table after table (the standings after each round add a round's
tables to the sums of the rounds before), and ranked.

Pure: takes scored tables, never reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from .base import GameScore
from .ranking import Adjustment, Criterion, Standings, Wins, field_values, rank

VP_SUM = "VP sum (3-player x 3/4)"
PERCENTAGE_SUM = "percentage sum"


class PreliminarySums:
    """Each player's ranking points, VP sum and percentage sum so far, and who has a result.

    Exact, and cheap to add (a 10,000-player event adds 40,000 seats a round, and again for the
    standings after each round): ranking points and VP sums stay ints while they are whole (a tie
    or a 3-player table makes a Fraction), and each percentage sum is kept as a numerator and a
    denominator, reduced once when ranked instead of at every addition.
    """

    def __init__(self, players: Sequence[str]) -> None:
        self.points: dict[str, Fraction | int] = dict.fromkeys(players, 0)
        self.vp: dict[str, Fraction | int] = dict.fromkeys(players, 0)
        self.per_cent: dict[str, int] = dict.fromkeys(players, 0)
        self.per_cent_of: dict[str, int] = dict.fromkeys(players, 1)
        """Each player's percentage sum is per_cent / per_cent_of."""
        self.with_results: set[str] = set()

    def add(self, game: GameScore) -> None:
        """One scored table's points, adjusted VP and percentages, added to its players' sums."""
        points, vp, per_cent, of = self.points, self.vp, self.per_cent, self.per_cent_of
        for s in game.players:
            p = s.player
            _, _, _, (_, adjusted), (_, percentage) = s.parts  # as carcassonne2004._scored lists them
            points[p] += s.points.numerator if s.points.denominator == 1 else s.points
            vp[p] += adjusted.numerator if adjusted.denominator == 1 else adjusted
            n, d = percentage.numerator, percentage.denominator
            per_cent[p], of[p] = per_cent[p] * d + n * of[p], of[p] * d
            self.with_results.add(p)

    def ranked(self, players: Sequence[str], *, tournament: str, lot_decisions: Mapping[str, int],
               adjustments: Sequence[Adjustment], lots_due: bool) -> Standings:
        """The preliminary table of ``players`` from the sums so far (the record's tournament name, lot decisions
        and adjustments); ``lots_due`` once every round has results."""
        vp = {p: v if type(v) is Fraction else Fraction(v) for p, v in self.vp.items()}  # shown as Fractions
        percentage = {p: Fraction(n, self.per_cent_of[p]) for p, n in self.per_cent.items()}
        criteria = [Criterion(VP_SUM, Wins.HIGHER, field_values(vp)),
                    Criterion(PERCENTAGE_SUM, Wins.HIGHER, field_values(percentage))]
        return rank(players, dict(self.points), criteria, tournament=tournament,
                    total_name="ranking points", lot_decisions=lot_decisions, adjustments=adjustments,
                    without_results=set(players) - self.with_results,
                    lots_due=lots_due)  # a lot matters once the preliminary seeds the knock-out


__all__ = ["PERCENTAGE_SUM", "PreliminarySums", "VP_SUM"]
