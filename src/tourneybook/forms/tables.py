"""Which form each ruleset prints for a table, from names by seat.

One entry point for both paths of ``tourneybook forms``: a round's draw read
from the event workbook, and blank forms for walk-in tables.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import InputError, UnknownRuleset
from ..rules import RULESET_IDS
from .carcassonne import CarcassonneSlip
from .diplomacy import DEFAULT_YEARS, SHEET_POWERS, CentreCountSheet, System
from .friedrich import ROLES, PompadourReport, Variant
from .render import Form

CARCASSONNE_SEATS: tuple[str, ...] = ("Player 1", "Player 2", "Player 3", "Player 4")
"""Seat headers of a Carcassonne table; a 3-player table leaves 'Player 4' empty."""

SEATS: dict[str, tuple[str, ...]] = {
    "fwc2022": tuple(r.value for r in ROLES),
    "cafe2023": tuple(r.value for r in ROLES),
    "carcassonne2004": CARCASSONNE_SEATS,
    "codcon2008": SHEET_POWERS,
    "italia2010": SHEET_POWERS,
}
"""The seat (column) names of one table, per ruleset: roles, players or powers."""

TABLE_WORD: dict[str, str] = {"codcon2008": "Board", "italia2010": "Board"}
"""What a table is called; 'Table' unless listed."""


def check_ruleset(ruleset: str) -> None:
    if ruleset not in RULESET_IDS:
        raise UnknownRuleset(f"unknown ruleset {ruleset!r}; known: {', '.join(RULESET_IDS)}")


def table_form(
    ruleset: str,
    tournament: str,
    round: int | None,
    table: int | None,
    by_seat: Mapping[str, str],
    years: int = DEFAULT_YEARS,
    *,
    marks: Mapping[str, str] | None = None,
    top_board: bool = False,
) -> Form:
    """The form of one table: names by seat (role, power or 'Player 1'...), missing seats blank.

    ``marks`` by seat are printed after the names ('stand-in'); ``top_board``
    marks Italia's top board.
    """
    check_ruleset(ruleset)
    if ruleset in ("fwc2022", "cafe2023"):
        return PompadourReport.of(tournament, Variant(ruleset), round, table, by_seat, marks)
    if ruleset in ("codcon2008", "italia2010"):
        return CentreCountSheet.of(tournament, System(ruleset), round, table, by_seat, years, top_board, marks)
    unknown = [s for s in by_seat if s not in CARCASSONNE_SEATS]
    if unknown:
        raise InputError(f"unknown seat {unknown[0]!r}; seats: {', '.join(CARCASSONNE_SEATS)}")
    names = tuple(by_seat.get(s, "") for s in CARCASSONNE_SEATS)
    shown = tuple((marks or {}).get(s, "") for s in CARCASSONNE_SEATS)
    if any(names) and not names[3]:
        names, shown = names[:3], shown[:3]
    return CarcassonneSlip(tournament, round, table, names, shown if any(shown) else ())


def final_form(ruleset: str, tournament: str, table: int | None, by_role: Mapping[str, str], *,
               marks: Mapping[str, str] | None = None) -> Form:
    """The game report of a Friedrich final: the finalists by the roles they chose."""
    check_ruleset(ruleset)
    if ruleset not in ("fwc2022", "cafe2023"):
        raise InputError(f"the ruleset {ruleset} has no final game report (a Friedrich final)")
    return PompadourReport.of(tournament, Variant(ruleset), None, table, by_role, marks, final=True)


def blank_forms(
    ruleset: str, tables: int, round: int | None = None, tournament: str = "", years: int = DEFAULT_YEARS
) -> list[Form]:
    """``tables`` empty forms for walk-in tables: table numbers and names left to write in."""
    check_ruleset(ruleset)
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise InputError(f"the number of tables must be a whole number from 0, not {tables!r}")
    return [table_form(ruleset, tournament, round, None, {}, years) for _ in range(tables)]
