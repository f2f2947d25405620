"""What every ruleset provides, and the result types the upper layers render.

A ruleset is one frozen :class:`Ruleset` value built in its own module
(``rules/<id>.py``) from plain functions; :mod:`tourneybook.rules` finds it by id.
Records and settings are each ruleset's own frozen dataclasses; the results
below are shared so that the JSON, workbook and Excel layers render any ruleset
the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .ranking import Standings

Value = Fraction | int | str | None


@dataclass(frozen=True)
class PlayerScore:
    """One player's points in one game, with the parts that explain them."""

    player: str
    seat: str
    """Role or power played ('Frederick', 'France', 'table seat 2')."""
    points: Fraction
    parts: tuple[tuple[str, Value], ...] = ()
    """Named explanation in reading order, e.g. (('Russia', 7), ('bonus', 4/3))."""

    def part(self, name: str) -> Value:
        for key, value in self.parts:
            if key == name:
                return value
        raise KeyError(name)


@dataclass(frozen=True)
class GameScore:
    """The scores of one game (a Friedrich table, a Carcassonne table, a Diplomacy board)."""

    game: str
    """Label such as 'R2 T3' or 'Round 1 Board 2'."""
    players: tuple[PlayerScore, ...]
    notes: tuple[str, ...] = ()

    def of(self, player: str) -> PlayerScore:
        for p in self.players:
            if p.player == player:
                return p
        raise KeyError(player)


@dataclass(frozen=True)
class Table:
    """A titled table of a result that is not the standings: final, bracket, awards."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Value, ...], ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class TournamentResult:
    """Everything a recalculation produces for one tournament."""

    ruleset: str
    standings: Standings
    games: tuple[GameScore, ...]
    extras: tuple[Table, ...] = ()
    """Friedrich final, Carcassonne knock-out bracket, Diplomacy best-power awards..."""
    notes: tuple[str, ...] = ()
    """Things the organiser must see: unresolved lots, stand-ins left out, rounds missing."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """Results the JSON output carries as fields of their own, by name, beside the tables: Italia's
    'before_top_board' (a Standings, 004 3.3), Carcassonne's 'knockout' (each match and game as a record)."""


@dataclass(frozen=True)
class Ruleset:
    """One ruleset: its identity and its pure functions."""

    id: str
    """Stable id used on the command line and in workbooks ('fwc2022')."""
    name: str
    """Display name ('Friedrich World Championship 2022')."""
    seed: str
    """The rule text it implements (file under shared/seeds)."""
    summary: str
    """A short scoring summary for the workbook's instructions sheet."""
    settings: Any
    """The default settings: a frozen dataclass whose fields a Settings sheet maps onto."""
    score_game: Callable[[Any], GameScore]
    """Score one game record."""
    standings: Callable[..., TournamentResult]
    """Rank a tournament record (games, players, settings, adjustments, lot decisions).

    Called as ``standings(record)``, or ``standings(record, checked=True)`` by a caller that has
    already found no problems in the record (a workbook layout has), so it is not checked again.
    """
    game_from_dict: Callable[[Mapping[str, Any]], Any]
    """Parse and validate a game record from JSON data (docs/formats.md)."""
    tournament_from_dict: Callable[[Mapping[str, Any]], Any]
    """Parse and validate a tournament record from JSON data (docs/formats.md)."""
    extra: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    """Further pure functions by name (e.g. 'final', 'knockout', 'awards')."""
