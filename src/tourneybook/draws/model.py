"""What a draw is: rounds of tables of (seat, player), with the reasons for any compromise.

The workbook layer writes a :class:`DrawnRounds` as it reads: one block per round, one
line per table, one cell per seat. History (rounds already played) is given in
the same shape, so a draw can be made all at once or round by round.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..frozen import frozen
from ..rules.base import Family
from ..rules.seats import DEFAULT_THEATRES as THEATRES_TEXT
from ..rules.seats import Power, Role, Theatre, parse_theatres


ROLES: tuple[Role, ...] = tuple(Role)
"""Friedrich seat order: the rules' role order (GFTR B)."""
POWERS: tuple[Power, ...] = tuple(Power)
"""Diplomacy seat order of a board, and the order powers are dealt from: the rules' AEFGIRT (003 IV.6), the
order of a board's rows and of the centre-count sheet. (Italia's tie order is a scoring rule, not a seat order.)"""

DEFAULT_THEATRES: Mapping[Power, Theatre] = MappingProxyType(parse_theatres(THEATRES_TEXT))
"""Seed 003, II.4 as RULES.md reads it: West, Central and East (the rules' default, parsed once)."""


@frozen
class Seat:
    """One player at one table."""

    seat: str
    """The role (Friedrich), the power (Diplomacy) or 'seat 1'... (Carcassonne)."""
    player: str
    """The player's name as entered."""


@frozen
class DrawnTable:
    """One table (board) of one round."""

    number: int
    """Table number within its round, from 1."""
    seats: tuple[Seat, ...]
    """The players in seat order (role order for Friedrich, power order for Diplomacy)."""
    reasons: tuple[str, ...] = ()
    """Readable reasons for every compromise at this table ('rematch that could not be avoided: A and B')."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.seats)

    def seat_of(self, player: str) -> str:
        for s in self.seats:
            if s.player == player:
                return s.seat
        raise KeyError(player)


@frozen
class Round:
    """One round of a draw, or one round already played (history)."""

    number: int
    """Round number in the tournament, from 1."""
    tables: tuple[DrawnTable, ...]
    """The tables, numbered from 1."""
    sitting_out: tuple[str, ...] = ()
    """Players not seated this round (Diplomacy sit-outs chosen by the organiser)."""


@frozen
class DrawnRounds:
    """The rounds drawn by one call of a generator (history is not repeated here)."""

    game: Family
    """Which game is seated."""
    rounds: tuple[Round, ...]
    """The new rounds, in order."""
    notes: tuple[str, ...] = ()
    """What the organiser must see about the draw as a whole."""

    def render(self) -> str:
        """A plain-text listing, one line per table (per board for Diplomacy)."""
        lines: list[str] = []
        for rnd in self.rounds:
            lines.append(f"Round {rnd.number}")
            for table in rnd.tables:
                seated = ", ".join(f"{s.seat}: {s.player}" for s in table.seats)
                lines.append(f"  {self.game.table_word} {table.number}: {seated}")
                lines.extend(f"    ! {reason}" for reason in table.reasons)
            if rnd.sitting_out:
                lines.append(f"  Sitting out: {', '.join(rnd.sitting_out)}")
        lines.extend(f"Note: {note}" for note in self.notes)
        return "\n".join(lines)


@frozen
class Weights:
    """Named penalty weights of the draw's cost function (higher = avoided harder).

    Costs add up over the whole tournament (history and the new rounds). A pair's
    rematch cost is ``rematch * (meetings - 1) ** 2`` once they met more than once,
    so a third meeting of one pair costs more than second meetings of two pairs.
    """

    rematch: int = 1
    """Per squared extra meeting of one pair (seed 003, II.3: most new opponents)."""
    keep_apart: int = 50
    """Per table shared by two players of one keep-apart group (same club, family)."""
    small_table: int = 5
    """Per extra time a player sits at a Carcassonne 3-player table (RULES.md, Carcassonne)."""
    power_repeat: int = 1000
    """Per power a Diplomacy player gets again (seed 003, II.4: never the same power twice)."""
    theatre_repeat: int = 1
    """Per theatre a Diplomacy player gets again (seed 003, II.4: different theatres)."""


DEFAULT_WEIGHTS = Weights()
