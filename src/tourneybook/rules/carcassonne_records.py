"""International Carcassonne Championship 2004 (seed 002): what is entered for a tournament.

The organiser's settings, a preliminary table's victory points and the whole
tournament as entered, for :mod:`.carcassonne2004` to check, score and rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from ..frozen import frozen
from .attendance import Attendance
from .carcassonne_knockout import Match
from .ranking import Adjustment


@frozen
class Settings:
    """The organiser's choices for one Carcassonne 2004 tournament."""

    tournament: str = field(
        default="International Carcassonne Championship 2004",
        metadata={"label": "Tournament name", "help": "Shown on every sheet; also seeds the suggested lots."},
    )
    """Tournament name; also seeds the reproducible suggested lots."""
    preliminary_rounds: int = field(
        default=4,
        metadata={"label": "Preliminary rounds", "help": "Games every player plays before the knock-out (seed: 4)."},
    )
    """Games in the preliminary (seed 002: four)."""
    knockout_size: int = field(
        default=16,
        metadata={"label": "Knock-out size", "help": "Players who qualify: 16 (seed), 8, 4 or 2; 0 for no knock-out."},
    )
    """Qualifiers for the knock-out (seed 002: the best 16); 0 for none."""
    max_three_player_tables: int = field(
        default=3,
        metadata={"label": "Most 3-player tables per round", "help": "Seed: at most three tables of three per round."},
    )
    """Seed 002: 'a maximum of three tables with only three players in every round'."""
    withdrawn_in_knockout: bool = field(
        default=False,
        metadata={"label": "Withdrawn players may qualify",
                  "help": "yes: a player who withdrew during the preliminary may still be among the knock-out's qualifiers."},
    )
    """Whether a withdrawn player may qualify for the knock-out (no: the next in the ranking moves up)."""


@frozen
class VpResult:
    """One player's result at a preliminary table."""

    player: str
    vp: int
    """Victory points scored in the game, as counted at the table."""


@frozen
class PreliminaryTable:
    """One preliminary game: a table of three or four players."""

    round: int
    table: int
    seats: tuple[VpResult, ...]

    @property
    def label(self) -> str:
        return f"R{self.round} T{self.table}"


@frozen
class Tournament:
    """Everything entered for one tournament."""

    players: tuple[str, ...]
    tables: tuple[PreliminaryTable, ...]
    knockout: tuple[Match, ...] = ()
    settings: Settings = Settings()
    adjustments: tuple[Adjustment, ...] = ()
    """Manual changes to ranking points, each with its reason (always shown)."""
    lot_decisions: Mapping[str, int] = field(default_factory=dict)
    """The organiser's lot number per player (lower ranks first) for ties the rules leave to a lot."""
    attendance: tuple[Attendance, ...] = ()
    """Late arrivals and withdrawals (docs/attendance.md); everyone else plays every round."""
