"""Which form each ruleset prints for a table, from names by seat.

One entry point for both paths of ``tourneybook forms``: a round's draw read
from the event workbook, and blank forms for walk-in tables.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from types import MappingProxyType

from ..errors import InputError
from ..i18n import ENGLISH_WORDS, Words
from ..rules import Family, Ruleset, find_ruleset
from .common import DEFAULT_YEARS, ReportSection
from .render import Form

# Each family's forms are imported by the function that makes them: a Friedrich event's forms load no
# Carcassonne or Diplomacy module (issue 40).

def check_ruleset(ruleset: str) -> None:
    """UnknownRuleset naming the known ids when ``ruleset`` is none of them."""
    find_ruleset(ruleset)


def table_form(
    ruleset: str | Ruleset,
    tournament: str,
    round: int | None,
    table: int | None,
    by_seat: Mapping[str, str],
    years: int = DEFAULT_YEARS,
    *,
    marks: Mapping[str, str] | None = None,
    top_board: bool = False,
    words: Words = ENGLISH_WORDS,
) -> Form:
    """The form of one table: names by seat (role, power or 'Player 1'...), missing seats blank.

    ``marks`` by seat are printed after the names ('stand-in'); ``top_board``
    marks Italia's top board. ``ruleset``: its id, or the ruleset as the event's Settings made it (the
    Diplomacy event's form states its game scoring and the numbers used).
    """
    found = ruleset if isinstance(ruleset, Ruleset) else find_ruleset(ruleset)
    return FORMS[found.family](found, tournament, round, table, by_seat, years, marks, top_board, words)


def _game_report(found: Ruleset, tournament: str, round: int | None, table: int | None, by_seat: Mapping[str, str],
                 years: int, marks: Mapping[str, str] | None, top_board: bool, words: Words) -> Form:
    from .friedrich import PompadourReport, Variant

    return PompadourReport.of(tournament, Variant[found.form.variant], round, table, by_seat, marks,
                              rules=found.form.title, words=words)


def _centre_count(found: Ruleset, tournament: str, round: int | None, table: int | None, by_seat: Mapping[str, str],
                  years: int, marks: Mapping[str, str] | None, top_board: bool, words: Words) -> Form:
    from .diplomacy import CentreCountSheet, System

    return CentreCountSheet.of(tournament, System[found.form.variant], round, table, by_seat, years, top_board,
                               marks, found.form.title, found.form.centre_count, found.form.columns, words)


def _slip(found: Ruleset, tournament: str, round: int | None, table: int | None, by_seat: Mapping[str, str],
          years: int, marks: Mapping[str, str] | None, top_board: bool, words: Words) -> Form:
    from .carcassonne import CarcassonneSlip

    unknown = [s for s in by_seat if s not in found.seats]
    if unknown:
        raise InputError(f"unknown seat {unknown[0]!r}; seats: {', '.join(found.seats)}")
    names = tuple(by_seat.get(s, "") for s in found.seats)
    shown = tuple((marks or {}).get(s, "") for s in found.seats)
    seated = max((i + 1 for i, n in enumerate(names) if n), default=len(names))
    if any(names) and seated < len(names):  # a smaller table (Carcassonne: 3 of 4) leaves out the empty seats
        size = max(seated, found.fewest_seats)
        names, shown = names[:size], shown[:size]
    return CarcassonneSlip(tournament, round, table, names, shown if any(shown) else (), words)


FORMS: Mapping[Family, Callable[..., Form]] = MappingProxyType({
    Family.FRIEDRICH: _game_report,
    Family.DIPLOMACY: _centre_count,
    Family.CARCASSONNE: _slip,
})
"""Each family's form of a table: the Pompadour game report, the centre-count sheet, the Carcassonne slip."""


def _report_sections(headers: tuple[str, ...]) -> tuple[ReportSection, ...]:
    from .friedrich import REPORT_SECTIONS

    return REPORT_SECTIONS


def _centre_sections(headers: tuple[str, ...]) -> tuple[ReportSection, ...]:
    from .diplomacy import centre_sections

    return centre_sections(headers)


def _slip_sections(headers: tuple[str, ...]) -> tuple[ReportSection, ...]:
    from .carcassonne import slip_sections

    return slip_sections(headers)


SECTIONS: Mapping[Family, Callable[[tuple[str, ...]], tuple[ReportSection, ...]]] = MappingProxyType({
    Family.FRIEDRICH: _report_sections,
    Family.DIPLOMACY: _centre_sections,
    Family.CARCASSONNE: _slip_sections,
})
"""Each family's form, as the parts the players fill in (the Pompadour report's sections, the slip's result,
the centre count), given the entry sheet's result columns."""


def report_sections(ruleset: str, headers: tuple[str, ...]) -> tuple[ReportSection, ...]:
    """The parts of ``ruleset``'s paper form that hold ``headers`` (an entry sheet's result columns), in the
    form's order, each with only the headers given; the columns no part holds (a note) in a last part without
    a title."""
    sections = SECTIONS[find_ruleset(ruleset).family](tuple(headers))
    kept = [dataclasses.replace(s, headers=tuple(h for h in s.headers if h in headers)) for s in sections]
    kept = [s for s in kept if s.headers]
    held = {h for s in kept for h in s.headers}
    rest = tuple(h for h in headers if h not in held)
    return tuple(kept) + ((ReportSection("", rest),) if rest else ())


def final_form(ruleset: str, tournament: str, table: int | None, by_role: Mapping[str, str], *,
               marks: Mapping[str, str] | None = None, choosing: tuple[str, ...] = (),
               words: Words = ENGLISH_WORDS) -> Form:
    """The game report of a Friedrich final: the finalists by the roles they chose.

    Before they have chosen (``by_role`` empty), ``choosing`` lists them in choosing order on the report.
    """
    from .friedrich import PompadourReport, Variant

    found = find_ruleset(ruleset)
    if found.final is None:
        raise InputError(f"the ruleset {ruleset} has no final game report (a Friedrich final)")
    return PompadourReport.of(tournament, Variant[found.form.variant], None, table, by_role, marks, final=True,
                              rules=found.form.title, choosing=choosing, words=words)


def blank_forms(
    ruleset: str | Ruleset, tables: int, round: int | None = None, tournament: str = "", years: int = DEFAULT_YEARS,
    words: Words = ENGLISH_WORDS,
) -> list[Form]:
    """``tables`` empty forms for walk-in tables: table numbers and names left to write in (``ruleset``: its id, or
    the Diplomacy event as its game scoring makes it)."""
    if isinstance(ruleset, str):
        check_ruleset(ruleset)
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 0:
        raise InputError(f"the number of tables must be a whole number from 0, not {tables!r}")
    return [table_form(ruleset, tournament, round, None, {}, years, words=words) for _ in range(tables)]
