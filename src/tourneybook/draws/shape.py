"""How each game's draw is counted and worded: one value per family, looked up once.

The quality figures and the plans need to know which seats repeat badly (a
Friedrich role, a Diplomacy power), whether 3-player tables are counted
(Carcassonne) and what a table is called; each reads them from the game's
:class:`GameShape` rather than testing the family.
"""

from __future__ import annotations

from types import MappingProxyType

from ..frozen import frozen
from .model import POWERS, ROLES, Family


@frozen(kw_only=True)
class GameShape:
    """What the figures and the words of one game's draw depend on."""

    game: Family
    seat_word: str
    """What a repeated seat is ('role', 'power'); '' where a seat is only a place at the table (Carcassonne)."""
    seat_labels: frozenset[str]
    """The seats a player should not get twice (the roles, the powers); empty for Carcassonne."""
    small_tables: bool = False
    """Carcassonne: a round may have tables of three, whose repeats are counted (seed 002)."""
    seats_in_order: bool = False
    """Carcassonne: a seat is its place in the playing order ('seat 1' drawn, 'Player 1' typed), not a name."""
    theatres: bool = False
    """Diplomacy: the powers' theatres (West, Central, East) a player gets again are counted (seed 003 II.4)."""

    @property
    def table_word(self) -> str:
        """What its players sit at: the family's own word (:attr:`Family.table_word`)."""
        return self.game.table_word


SHAPES = MappingProxyType({
    Family.FRIEDRICH: GameShape(game=Family.FRIEDRICH, seat_word="role", seat_labels=frozenset(r.value for r in ROLES)),
    Family.CARCASSONNE: GameShape(game=Family.CARCASSONNE, seat_word="", seat_labels=frozenset(), small_tables=True,
                                  seats_in_order=True),
    Family.DIPLOMACY: GameShape(game=Family.DIPLOMACY, seat_word="power", seat_labels=frozenset(p.value for p in POWERS),
                                theatres=True),
})
"""Each family's shape."""


def shape_of(game: Family) -> GameShape:
    return SHAPES[game]


__all__ = ["SHAPES", "GameShape", "shape_of"]
