"""A tournament result described as result sheets: Standings, Games, extras and Issues.

How numbers are written (RULES.md: exact inside, 2 decimals half up on screen):
every exact value is written as its displayed value, rounded half up to 2
decimals, as a cell *number* with the format ``0.00``. What the spreadsheet
shows is then exactly what :func:`tourneybook.numbers.display` shows (a float
holding a 2-decimal value never re-rounds at 2 decimals, whereas the raw float
of 2/3 * 4 would be rounded by the program's own rule), and sorting, sums and
charts still work. Ties are decided on the exact values, so where the rounding
hides a difference the Standings' "Exact total" column gives the fraction.

Every result sheet carries :data:`MARKER` in A2: it tells the organiser not to
type there and lets a recalculation find its own stale sheets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..errors import Problem
from ..numbers import SquareRoot, exact, round_half_up
from ..rules.base import GameScore, Table, TournamentResult
from ..rules.ranking import LotState, Standings
from .generic import LOT, PLAYERS
from .schema import column_letter
from .store import Cell, Chart, ResultSheet

MARKER = "Computed by TourneyBook from the entry sheets and replaced on every recalculation: do not type here."
STANDINGS, GAMES, ISSUES = "Standings", "Games", "Issues"
FIRST_ROW = 5
"""Sheet row of the first data row of a result table (title, marker, blank, headers above)."""
CHART_PLAYERS = 64
"""The standings chart shows at most this many players (the top ones): more bars are unreadable."""
NUMBER_FORMAT = "0.00"
SUGGESTED_LOT = f"suggested lot: enter decisions in {PLAYERS.name}!{PLAYERS.letter(LOT)}"
DECIDED_LOT = "decided by lot"
EMPTY = Cell(None)
"""An empty cell (cells are immutable: one serves every empty place)."""


def number_cell(value: Any, style: str = "") -> Cell:
    """A value as written: Fractions as their 2-decimal half-up value with format 0.00."""
    # exact type tests first: a result sheet holds tens of thousands of these cells,
    # and isinstance() against Fraction (an abstract-base-class check) is slow
    kind = type(value)
    if value is None or kind is str or kind is int:  # an enum member may subclass str or int: not here
        return EMPTY if value is None and not style else Cell(value, style)
    if isinstance(value, SquareRoot):  # irrational (sTCC): its rounded root is what is shown
        value = value.rounded(2)
    if type(value) is Fraction or isinstance(value, Fraction):
        # every score shows 2 decimals, whole ones too, so columns read evenly (45.00 above 38.75);
        # most scores already have at most 2 decimals (denominator divides 100): nothing to round then
        shown = value if 100 % value.denominator == 0 else round_half_up(value, 2)
        return Cell(shown.numerator if shown.denominator == 1 else shown, style, NUMBER_FORMAT)
    if hasattr(value, "value") and hasattr(value, "name"):  # an enum member
        return Cell(value.value, style)
    return Cell(value, style)


def _head(title: str) -> list[tuple[Cell, ...]]:
    return [(Cell(title, "title"),), (Cell(MARKER, "note"),), ()]


def _header(names: Sequence[str]) -> tuple[Cell, ...]:
    return tuple(Cell(n, "header") for n in names)


ATTENDANCE = "Attendance"
"""The standings' column of marks for withdrawn players and late arrivals (rules/attendance.py)."""


def standings_sheet(standings: Standings, title: str) -> ResultSheet:
    """Rank, player, total, tie-breaks, what decided each place, lots and adjustments."""
    names = ["Rank", "Player", standings.total_name, *standings.tiebreak_names, "Decided by", "Lot", "Adjustment", "Reason", "Exact total"]
    attendance = any(r.mark for r in standings.rows)  # the column only where someone came late or withdrew
    if attendance:
        names.append(ATTENDANCE)
    rows = [*_head(title), _header(names)]
    for r in standings.rows:
        lot = {LotState.SUGGESTED: SUGGESTED_LOT, LotState.DECIDED: DECIDED_LOT}.get(r.lot, "") if r.lot else ""
        shown_total = round_half_up(r.total, 2)
        rows.append(
            (
                Cell(r.rank),
                Cell(r.player),
                number_cell(r.total),
                *(number_cell(v) for _, v in r.tiebreaks),
                Cell(r.decided_by or ""),
                Cell(lot, "warning" if r.lot is LotState.SUGGESTED else ""),
                number_cell(r.adjustment) if r.adjustment else Cell(None),
                Cell("; ".join(r.adjustment_reasons) or None),
                Cell(exact(r.total) if shown_total != r.total else None),
                *((Cell(r.mark or None, "warning" if r.mark else ""),) if attendance else ()),
            )
        )
    charted = min(len(standings.rows), CHART_PLAYERS)
    charts: tuple[Chart, ...] = ()
    if charted:
        last = FIRST_ROW + charted - 1
        chart_title = f"{standings.total_name} per player" + (f" (top {charted})" if charted < len(standings.rows) else "")
        charts = (
            Chart(
                chart_title,
                categories=f"B{FIRST_ROW}:B{last}",
                series=((standings.total_name, f"C{FIRST_ROW}:C{last}"),),
                anchor=f"{column_letter(len(names) + 2)}{FIRST_ROW - 1}",
                y_title=standings.total_name,
            ),
        )
    widths = (6, 26, 14, *(16 for _ in standings.tiebreak_names), 18, 44, 11, 36, 12, *((30,) if attendance else ()))
    return ResultSheet(STANDINGS, tuple(rows), widths, freeze=f"C{FIRST_ROW}", charts=charts, landscape=True)


def games_sheet(games: Sequence[GameScore], title: str) -> ResultSheet:
    """One row per player per game, with the named parts that explain the points."""
    parts: list[str] = []
    for g in games:
        for p in g.players:
            for name, _ in p.parts:
                if name not in parts:
                    parts.append(name)
    rows = [*_head(title), _header(["Game", "Player", "Seat", "Points", *parts, "Notes"])]
    for g in games:
        for i, p in enumerate(g.players):
            values = dict(p.parts)
            rows.append(
                (
                    Cell(g.game),
                    Cell(p.player),
                    Cell(p.seat),
                    number_cell(p.points),
                    *(number_cell(values.get(name)) for name in parts),
                    Cell("; ".join(g.notes) if i == 0 and g.notes else None, "note"),
                )
            )
    widths = (10, 26, 14, 10, *(14 for _ in parts), 60)
    return ResultSheet(GAMES, tuple(rows), widths, freeze=f"C{FIRST_ROW}", landscape=True)


def sheet_name(title: str) -> str:
    """A valid sheet name for a table title: no []:*?/\\ and at most 31 characters."""
    return re.sub(r"[\[\]:*?/\\]", " ", title).strip()[:31].strip() or "Result"


def table_sheet(table: Table, name: str) -> ResultSheet:
    """An extras table (final, knock-out, awards) on its own sheet, its notes below."""
    rows = [*_head(table.title), _header(table.headers)]
    rows.extend(tuple(number_cell(v) for v in row) for row in table.rows)
    if table.notes:
        rows.append(())
        rows.extend((Cell(n, "note"),) for n in table.notes)
    widths = tuple(max(10, min(40, len(h) + 4)) for h in table.headers)
    return ResultSheet(name, tuple(rows), widths, freeze=f"A{FIRST_ROW}", landscape=True)


def issues_sheet(problems: Sequence[Problem], notes: Sequence[str] = ()) -> ResultSheet:
    """The problems to fix (results not updated) or 'No issues', then notes to read."""
    rows: list[tuple[Cell, ...]] = _head("Issues")
    if problems:
        rows.append(
            (
                Cell(
                    f"{len(problems)} problem(s) to fix. The result sheets were NOT updated: "
                    "they still show the previous recalculation.",
                    "warning",
                ),
            )
        )
        rows.append(_header(["Where", "Problem"]))
        for p in problems:
            place = f"{p.sheet}!{p.cell}" if p.sheet and p.cell else (p.sheet or p.where)
            rows.append((Cell(place), Cell(p.message)))
    elif not notes:
        rows.append((Cell("No issues", "good"),))
    else:
        rows.append((Cell("No problems in the entries. Notes to read:", "good"),))
    if notes:
        rows.append(())
        rows.append(_header(["Notes"]))
        rows.extend((Cell(n, "warning"),) for n in notes)
    return ResultSheet(ISSUES, tuple(rows), (28, 110), freeze="")


def result_sheets(result: TournamentResult, title: str, reserved: Sequence[str] = ()) -> list[ResultSheet]:
    """Standings, Games, one sheet per extras table, and Issues (with the result's notes).

    Extras titles that collide with ``reserved`` (entry sheets) or each other get a suffix.
    """
    sheets = [standings_sheet(result.standings, f"Standings: {title}"), games_sheet(result.games, f"Games: {title}")]
    taken = {n.casefold() for n in (*reserved, STANDINGS, GAMES, ISSUES)}
    for table in result.extras:
        name = sheet_name(table.title)
        n = 2
        while name.casefold() in taken:
            suffix = f" ({n})"
            name = sheet_name(table.title)[: 31 - len(suffix)] + suffix
            n += 1
        taken.add(name.casefold())
        sheets.append(table_sheet(table, name))
    notes = list(result.notes)
    for group in result.standings.unresolved_lots:
        text = f"unresolved lot between {', '.join(group)}: enter decisions in {PLAYERS.name}!{PLAYERS.letter(LOT)}"
        if not any(", ".join(sorted(group)) in n or text == n for n in notes):
            notes.append(text)
    sheets.append(issues_sheet((), notes))
    return sheets


__all__ = [
    "GAMES",
    "ISSUES",
    "MARKER",
    "STANDINGS",
    "issues_sheet",
    "number_cell",
    "result_sheets",
    "sheet_name",
    "standings_sheet",
]
