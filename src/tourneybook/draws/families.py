"""Each family's draw as one value: the generator that seats it, how a table is written, its words.

The draw action looks up its ruleset's :class:`DrawFamily` once and asks it,
rather than testing the family at each step: which generator seats the field,
whether a table is one row of seats or a row per power, whether the rounds are
a fixed number, whether a newcomer may take over a leaver's planned seats.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from types import MappingProxyType

from ..frozen import frozen
from .model import DEFAULT_THEATRES, DrawnRounds, Family, Power, Round, Theatre
from .shape import GameShape, shape_of

Generator = Callable[..., DrawnRounds]
"""(players, rounds, history, keep_apart, *, rng, theatres, sit_outs, doubles) -> DrawnRounds."""


@frozen
class DrawFamily:
    """How one family's rounds are drawn and written."""

    shape: GameShape
    """Its words and what its quality figures count."""
    draw: Generator
    """Seats ``rounds`` rounds of the players after the history (the TD's sit-outs and doubles: Diplomacy)."""
    row_per_seat: bool
    """Diplomacy: a row per power (Power, Player); the others: a row per table, a column per seat."""
    fixed_rounds: bool
    """Friedrich and Carcassonne have the rounds their ruleset sets; a Diplomacy event may add rounds."""
    keeps_seats: bool
    """Whether a newcomer may take a withdrawn player's planned seats (Diplomacy's powers are dealt afresh)."""
    takes_sit_outs: bool
    """Diplomacy: the TD's sit-outs and double boards (seed 003 II.5) can be given."""
    stand_ins: bool
    """Friedrich: tables of exactly four, a seat left empty filled by a stand-in (Players, Stand-in yes)."""

    @property
    def game(self) -> Family:
        return self.shape.game


def _friedrich(players: Sequence[str], rounds: int, history: Sequence[Round], keep_apart: Sequence[Collection[str]],
               *, rng: random.Random, **_diplomacy_only: object) -> DrawnRounds:
    from .friedrich import draw_friedrich  # on use: a Friedrich draw loads no other family's module (issue 40)

    return draw_friedrich(players, rounds, history, keep_apart, rng=rng)


def _carcassonne(players: Sequence[str], rounds: int, history: Sequence[Round], keep_apart: Sequence[Collection[str]],
                 *, rng: random.Random, **_diplomacy_only: object) -> DrawnRounds:
    from .carcassonne import draw_carcassonne

    return draw_carcassonne(players, rounds, history, keep_apart, rng=rng)


def _diplomacy(players: Sequence[str], rounds: int, history: Sequence[Round], keep_apart: Sequence[Collection[str]],
               *, rng: random.Random, theatres: Mapping[Power, Theatre] = DEFAULT_THEATRES,
               sit_outs: Mapping[int, Collection[str]] | None = None,
               doubles: Mapping[int, Collection[str]] | None = None) -> DrawnRounds:
    from .diplomacy import draw_diplomacy

    return draw_diplomacy(players, rounds, history, keep_apart, rng=rng, theatres=theatres, sit_outs=sit_outs,
                          doubles=doubles)


DRAW_FAMILIES: Mapping[Family, DrawFamily] = MappingProxyType({
    Family.FRIEDRICH: DrawFamily(shape_of(Family.FRIEDRICH), _friedrich, row_per_seat=False, fixed_rounds=True,
                                   keeps_seats=True, takes_sit_outs=False, stand_ins=True),
    Family.CARCASSONNE: DrawFamily(shape_of(Family.CARCASSONNE), _carcassonne, row_per_seat=False, fixed_rounds=True,
                                     keeps_seats=True, takes_sit_outs=False, stand_ins=False),
    Family.DIPLOMACY: DrawFamily(shape_of(Family.DIPLOMACY), _diplomacy, row_per_seat=True, fixed_rounds=False,
                                   keeps_seats=False, takes_sit_outs=True, stand_ins=False),
})
"""Each family's draw."""


def draw_family(game: Family) -> DrawFamily:
    return DRAW_FAMILIES[game]


__all__ = ["DRAW_FAMILIES", "DrawFamily", "draw_family"]
