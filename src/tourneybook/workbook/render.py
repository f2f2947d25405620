"""A tournament result described as result sheets: Standings, Games, extras and Issues.

How numbers are written (RULES.md: exact inside, 2 decimals half up on screen):
every exact value is written as its displayed value, rounded half up to 2
decimals, as a cell *number* with the format ``0.00``. What the spreadsheet
shows is then exactly what :func:`tourneybook.numbers.display` shows (a float
holding a 2-decimal value never re-rounds at 2 decimals, whereas the raw float
of 2/3 * 4 would be rounded by the program's own rule), and sorting, sums and
charts still work. Ties are decided on the exact values, so where the rounding
hides a difference the Standings' "Exact total" column gives the fraction.

Every result sheet carries a note naming it in A2 (:mod:`tourneybook.files.marks`): it tells the
organiser not to type there and lets a recalculation find its own stale sheets
(and never an organiser's copy of one).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from fractions import Fraction
from typing import Any

from ..errors import Problem
from ..i18n import N_, Phrase
from ..numbers import SquareRoot, exact, round_half_up
from ..rules.base import GameScore, Table, TournamentResult
from ..rules.ranking import LotState, Standings, lot_needed
from .generic import LOT, PLAYERS
from ..files.marks import RECALCULATED, note
from ..files.address import column_letter
from ..files.store import Cell, Chart, ResultSheet
from .print_layout import FIRST_ROW, CHART_HEIGHT_CM, group_breaks, rows_for, shown_width, table_print, wrapped_row_heights

STANDINGS, GAMES, ISSUES = N_("Standings"), N_("Games"), N_("Issues")  # marked: the published PDF says their titles
CHART_PLAYERS = 64
"""The standings chart shows at most this many players (the top ones): more bars are unreadable."""
NUMBER_FORMAT = "0.00"
SUGGESTED_LOT = f"suggested lot: enter decisions in {PLAYERS.name}!{PLAYERS.letter(LOT)}"
DECIDED_LOT = "decided by lot"
EMPTY = Cell(None)
"""An empty cell (cells are immutable: one serves every empty place)."""


def number_cell(value: Any, style: str = "") -> Cell:
    """A value as written: Fractions as their 2-decimal half-up value with format 0.00."""
    # exact type tests first, the commonest first: a result sheet holds hundreds of thousands of
    # these cells, and isinstance() against Fraction (an abstract-base-class check) is slow
    kind = type(value)
    if kind is Fraction:  # by its two whole numbers: compared in C, not in Python
        return _fraction_cell(value.numerator, value.denominator, style)
    if kind is int:  # an enum member may subclass str or int: not here
        return _whole_cell(value, style)
    if value is None or kind is str:
        return EMPTY if value is None and not style else Cell(value, style)
    if kind is SquareRoot:  # irrational (sTCC): its rounded root is what is shown
        return _root_cell(value.square.numerator, value.square.denominator, style)
    if isinstance(value, Fraction):
        return _fraction_cell(value.numerator, value.denominator, style)
    if hasattr(value, "value") and hasattr(value, "name"):  # an enum member
        return Cell(value.value, style)
    return Cell(value, style)


@lru_cache(maxsize=16384)
def _whole_cell(value: int, style: str) -> Cell:
    """An int's cell, made once per value: places, VP and game counts recur down a Games sheet, and each place
    in every round's column of the standings by round (finding a cell costs less than making one; room for
    every place of a 10,000-player field)."""
    return Cell(value, style)


class _SameCells(dict):
    """Plain text cells by their text, each made once, for one sheet: a 10,000-player Games sheet writes each
    name four times and each seat ten thousand times, and finding a cell costs less than making one (an int's
    cell is :func:`number_cell`'s)."""

    def __missing__(self, value: str | None) -> Cell:
        cell = self[value] = Cell(value)
        return cell


@lru_cache(maxsize=4096)
def _fraction_cell(numerator: int, denominator: int, style: str) -> Cell:
    """A Fraction's cell, made once per value: a 10,000-player Games sheet holds 600,000 numbers, few of them
    different (scores in halves and thirds), and rounding each again was a third of the sheets' time."""
    # every score shows 2 decimals, whole ones too, so columns read evenly (45.00 above 38.75);
    # most scores already have at most 2 decimals (denominator divides 100): nothing to round then
    if denominator == 1:
        return Cell(numerator, style, NUMBER_FORMAT)
    value = Fraction(numerator, denominator)
    shown = value if 100 % denominator == 0 else round_half_up(value, 2)
    return Cell(shown.numerator if shown.denominator == 1 else shown, style, NUMBER_FORMAT)


@lru_cache(maxsize=8192)
def _root_cell(numerator: int, denominator: int, style: str) -> Cell:
    """A root's cell, rounded once per value: half of a 10,000-player field's sTCC values recur, and
    rounding a root (an integer square root of a large number) costs more than finding it."""
    shown = SquareRoot(Fraction(numerator, denominator)).rounded(2)
    return _fraction_cell(shown.numerator, shown.denominator, style)


def _head(title: str, sheet: str) -> list[tuple[Cell, ...]]:
    """The title, the note marking ``sheet`` as TourneyBook's (A2) and a blank row."""
    return [(Cell(title, "title"),), (Cell(note(sheet, RECALCULATED), "note"),), ()]


def _header(names: Sequence[str], numeric: Sequence[int] = ()) -> tuple[Cell, ...]:
    """The header row; over a column of numbers (0-based ``numeric``) right-aligned, as its values are."""
    return tuple(Cell(n, "number_header" if i in numeric else "header") for i, n in enumerate(names))


def _underlined(row: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """A row with a line under it (the qualification cut); a warning keeps its colour instead."""
    return tuple(c if c.style == "warning" else Cell(c.value, "cut", c.number_format) for c in row)


def _lot_cell(r: Any) -> Cell:
    lot = {LotState.SUGGESTED: SUGGESTED_LOT, LotState.DECIDED: DECIDED_LOT}.get(r.lot, "") if r.lot else ""
    return Cell(lot, "warning" if r.lot is LotState.SUGGESTED else "")


def _text_width(header: str, texts: Any, least: float, most: float = 40) -> float:
    """A text column as wide as its longest text (a name is never cut), within ``least`` and ``most``."""
    longest = max((shown_width(str(t)) + 2 for t in texts if t), default=0)
    return max(least, min(most, longest), max((len(w) + 2 for w in header.split()), default=0))


ATTENDANCE = "Attendance"
"""The standings' column of marks for withdrawn players and late arrivals (rules/attendance.py)."""


def standings_sheet(
    standings: Standings, title: str, clubs: Mapping[str, str] | None = None, cut_after: int | None = None
) -> ResultSheet:
    """Rank, player (club), total, tie-breaks, what decided each place, lots and adjustments.

    The "Exact total" column comes last and stays out of the printed area; the chart
    of totals sits below the table, on its own printed page. An "Attendance" column
    before it marks withdrawn players and late arrivals, when there are any. The Lot
    and the Adjustment and Reason columns are there only when a row fills them: an
    empty column would only push the rest off the printed page. ``cut_after`` (a row
    index) draws a line under the last player going on to the final or knock-out.
    """
    clubs = {p: c for p, c in (clubs or {}).items() if c}
    decided = _SameCells()  # a few words, ten thousand times
    lots = any(r.lot for r in standings.rows)
    adjusted = any(r.adjustment or r.adjustment_reasons for r in standings.rows)
    marks = any(r.mark for r in standings.rows)
    columns = [
        ("Rank", 6, lambda r: number_cell(r.rank), True),
        ("Player", _text_width("Player", (r.player for r in standings.rows), 20), lambda r: Cell(r.player), False),
        *([("Club", _text_width("Club", clubs.values(), 14), lambda r: Cell(clubs.get(r.player)), False)] if clubs else []),
        (standings.total_name, _number_width(standings.total_name), lambda r: number_cell(r.total), True),
        *((n, _number_width(n), (lambda r, i=i: number_cell(r.tiebreaks[i][1])), True) for i, n in enumerate(standings.tiebreak_names)),
        ("Decided by", _text_width("Decided by", (r.decided_by or "" for r in standings.rows), 16, 24), lambda r: decided[r.decided_by or ""], False),
    ]
    if lots:
        columns.append(("Lot", 24, _lot_cell, False))
    if adjusted:
        columns.append(("Adjustment", 11, lambda r: number_cell(r.adjustment) if r.adjustment else Cell(None), True))
        columns.append(("Reason", 24, lambda r: Cell("; ".join(r.adjustment_reasons) or None), False))
    if marks:
        columns.append((ATTENDANCE, 24, lambda r: Cell(r.mark or None, "note" if r.mark else ""), False))
    # the fraction only where 2 decimals do not show the total whole (its denominator does not divide 100)
    columns.append(("Exact total", 12, lambda r: Cell(exact(r.total)) if 100 % r.total.denominator else EMPTY, False))
    names = [c[0] for c in columns]
    rows = [*_head(title, STANDINGS), _header(names, [i for i, c in enumerate(columns) if c[3]])]
    for i, r in enumerate(standings.rows):
        row = tuple(make(r) for _, _, make, _ in columns)
        rows.append(_underlined(row) if i == cut_after else row)
    widths = tuple(c[1] for c in columns)
    total_col = column_letter(names.index(standings.total_name) + 1)
    setup = table_print(rows, names, widths, printed_columns=len(names) - 1)
    texts = ("Decided by", "Lot", "Reason", ATTENDANCE)
    setup["wrap_columns"] = tuple(i + 1 for i, n in enumerate(names) if n in texts)
    setup["row_heights"] += wrapped_row_heights(rows, widths, setup["wrap_columns"])
    charted = min(len(standings.rows), CHART_PLAYERS)
    charts: tuple[Chart, ...] = ()
    if charted:
        last = FIRST_ROW + len(standings.rows) - 1
        top = FIRST_ROW + charted - 1
        chart_title = (Phrase(N_("{total} per player (top {count})"), total=Phrase(standings.total_name), count=str(charted))
                       if charted < len(standings.rows) else Phrase(N_("{total} per player"), total=Phrase(standings.total_name)))
        height = min(CHART_HEIGHT_CM, max(7.5, 0.45 * charted + 3))
        anchor_row = last + 2
        charts = (
            Chart(
                chart_title,
                categories=f"B{FIRST_ROW}:B{top}",
                series=((standings.total_name, f"{total_col}{FIRST_ROW}:{total_col}{top}"),),
                anchor=f"A{anchor_row}",
                y_title=standings.total_name,
                height_cm=height,
            ),
        )
        setup["print_area"] = f"A1:{column_letter(len(names) - 1)}{anchor_row + rows_for(height)}"
        setup["page_breaks"] = (last,)  # the chart starts a page of its own
    return ResultSheet(STANDINGS, tuple(rows), widths, freeze=f"C{FIRST_ROW}", charts=charts, **setup)


BY_ROUND = N_("Standings by round")
NOT_PLAYING = (EMPTY, EMPTY)
"""The place and total cells of a player not yet playing in a round."""
CHART_LINES = 10
"""Players drawn in the positions chart (the current top ones): more lines cannot be told apart."""


def by_round_sheet(by_round: Sequence[tuple[int, Standings]], current: Standings, title: str) -> ResultSheet:
    """Each player's place and total after every round, in the current order, and a chart of places.

    Columns: Rank, Player, then the place after each round, then the total after each
    round. A player not yet playing in a round has empty cells there. The chart (below
    the table, on its own printed page) draws the places of the current top players,
    1st at the top.
    """
    numbers = [n for n, _ in by_round]
    names = ["Rank", "Player", *(f"Place after round {n}" for n in numbers), *(f"{current.total_name} after round {n}" for n in numbers)]
    rows = [*_head(title, BY_ROUND), _header(names)]
    after = [{r.player: (number_cell(r.rank), number_cell(r.total)) for r in s.rows} for _, s in by_round]
    for r in current.rows:
        cells = [a.get(r.player, NOT_PLAYING) for a in after]
        rows.append((number_cell(r.rank), Cell(r.player), *[place for place, _ in cells], *[total for _, total in cells]))
    widths = (6, _text_width("Player", (r.player for r in current.rows), 20), *(_number_width(n) for n in names[2:]))
    setup = table_print(rows, names, widths, printed_columns=len(names))
    charts: tuple[Chart, ...] = ()
    drawn = min(len(current.rows), CHART_LINES)
    if drawn and numbers:
        last = FIRST_ROW + len(current.rows) - 1
        first_place, last_place = column_letter(3), column_letter(2 + len(numbers))
        height = CHART_HEIGHT_CM
        anchor_row = last + 2
        charts = (
            Chart(
                f"Places after each round (top {drawn})",
                categories=f"{first_place}{FIRST_ROW - 1}:{last_place}{FIRST_ROW - 1}",
                series=tuple(
                    (current.rows[i].player, f"{first_place}{FIRST_ROW + i}:{last_place}{FIRST_ROW + i}") for i in range(drawn)
                ),
                anchor=f"A{anchor_row}",
                y_title="place",
                kind="line",
                reversed_values=True,
                height_cm=height,
                series_in_rows=True,
            ),
        )
        setup["print_area"] = f"A1:{column_letter(len(names))}{anchor_row + rows_for(height)}"
        setup["page_breaks"] = (last,)
    return ResultSheet(BY_ROUND, tuple(rows), widths, freeze=f"C{FIRST_ROW}", charts=charts, **setup)


def games_sheet(games: Sequence[GameScore], title: str) -> ResultSheet:
    """One row per player per game, with the named parts that explain the points."""
    parts = list(dict.fromkeys(name for g in games for p in g.players for name, _ in p.parts))  # in order met
    names = ["Game", "Player", "Seat", "Points", *parts, "Notes"]
    rows = [*_head(title, GAMES), _header(names)]
    players, seats = _SameCells(), _SameCells()
    no_note = Cell(None, "note")
    column = {name: i for i, name in enumerate(parts)}
    for g in games:
        game = Cell(g.game)
        note = Cell("; ".join(g.notes), "note") if g.notes else no_note  # on the game's first row
        for p in g.players:
            cells = [EMPTY] * len(parts)  # a part the player has not is empty
            for name, value in p.parts:
                cells[column[name]] = number_cell(value)
            rows.append((game, players[p.player], seats[p.seat], number_cell(p.points), *cells, note))
            note = no_note
    widths = (_text_width("Game", (g.game for g in games), 9, 16),
              _text_width("Player", players, 20),
              _text_width("Seat", seats, 12, 20),  # 'Maria Theresa' whole
              9, *(_number_width(n) for n in parts), 30)
    setup = table_print(rows, names, widths, printed_columns=len(names))
    setup["row_heights"] += wrapped_row_heights(rows, widths, (len(names),))
    setup["page_breaks"] = group_breaks(rows, [g.game for g in games for _ in g.players], widths, setup)
    return ResultSheet(GAMES, tuple(rows), widths, freeze=f"C{FIRST_ROW}", wrap_columns=(len(names),), **setup)


def _number_width(header: str) -> float:
    """A number column: wide enough for '-123.45' and for the header's longest word (the header wraps)."""
    return max(9, min(14, max((len(w) + 2 for w in header.split()), default=0)))


def sheet_name(title: str) -> str:
    """A valid sheet name for a table title: no []:*?/\\ and at most 31 characters."""
    return re.sub(r"[\[\]:*?/\\]", " ", title).strip()[:31].strip() or "Result"


def table_sheet(table: Table, name: str) -> ResultSheet:
    """An extras table (final, knock-out, awards) on its own sheet, its notes below."""
    numeric = [i for i in range(len(table.headers)) if _numbers_only(row[i] for row in table.rows if i < len(row))]
    rows = [*_head(table.title, name), _header(table.headers, numeric)]
    texts = _SameCells()  # a table of counted games names each player, game and power many times
    rows.extend(tuple(texts[v] if type(v) is str else number_cell(v) for v in row) for row in table.rows)
    if table.notes:
        rows.append(())
        rows.extend((Cell(n, "note"),) for n in table.notes)
    widths = tuple(
        _number_width(h) if i in numeric else _text_width(h, (row[i] for row in table.rows if i < len(row)), 8)
        for i, h in enumerate(table.headers)
    )
    setup = table_print(rows, table.headers, widths, printed_columns=max(1, len(table.headers)))
    # a text longer than its column (a knock-out match's games) wraps within it, on a row tall enough; not in
    # column A, which holds the title and the notes below the table (they run on across the empty cells)
    setup["wrap_columns"] = tuple(i + 1 for i in range(1, len(table.headers)) if i not in numeric)
    setup["row_heights"] += wrapped_row_heights(rows[: FIRST_ROW - 1 + len(table.rows)], widths, setup["wrap_columns"])
    return ResultSheet(name, tuple(rows), widths, freeze=f"A{FIRST_ROW}", **setup)


def _numbers_only(values: Any) -> bool:
    """True for a column whose filled cells are all numbers (shown right-aligned)."""
    filled = [v for v in values if v is not None and v != ""]
    return bool(filled) and all(isinstance(v, (int, Fraction, SquareRoot)) and not isinstance(v, bool) for v in filled)


ACTION = re.compile(r"enter the|enter decisions|lot needed|not entered|is missing|are not the current|correct ")
"""Words of a note that asks the organiser to act (a lot to enter, an input missing): shown as a warning."""


def issues_sheet(problems: Sequence[Problem], notes: Sequence[str] = ()) -> ResultSheet:
    """The problems to fix (results not updated) or 'No issues', then notes to read.

    A note asking the organiser to act is a warning (red); one that only informs (stand-ins not
    ranked, a tie sharing its place for now) is a quiet note.
    """
    rows: list[tuple[Cell, ...]] = _head(ISSUES, ISSUES)
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
        rows.append(_header(["", "Notes"]))
        # in the wide, wrapping column: a long note then prints whole instead of running off the page
        rows.extend((Cell(f"Note {i}"), Cell(n, "warning" if ACTION.search(n) else "note")) for i, n in enumerate(notes, start=1))
    widths = (28, 80)
    return ResultSheet(
        ISSUES, tuple(rows), widths, freeze="", landscape=True, fit_to_width=True,
        print_area=f"A1:B{len(rows)}", wrap_columns=(2,), print_title_rows="1:2",
        # a long problem or note wraps: its row is made tall enough, or it prints over the next one
        row_heights=wrapped_row_heights(rows, widths, (2,), first=1),
    )


def shared_note(standings: Standings, group: Sequence[str]) -> str:
    """The quiet note on a tie that shares its place until the last qualifying round."""
    place = standings.row(group[0]).rank
    return (f"{', '.join(group)} are tied on every criterion and share place {place}: "
            "a lot decides their order only after the last qualifying round, if it still matters then")


def result_sheets(
    result: TournamentResult,
    title: str,
    reserved: Sequence[str] = (),
    clubs: Mapping[str, str] | None = None,
    by_round: Sequence[tuple[int, Standings]] = (),
    cut_after: int | None = None,
) -> list[ResultSheet]:
    """Standings, Standings by round, Games, one sheet per extras table, and Issues (with the result's notes).

    Extras titles that collide with ``reserved`` (entry sheets) or each other get a suffix.
    ``clubs`` (player -> club or country) adds a Club column to the Standings when any is known.
    ``by_round`` (round, standings after it) gives the Standings by round sheet (none without rounds).
    ``cut_after``: the standings row under which the qualification for the final or knock-out is cut.
    """
    sheets = [standings_sheet(result.standings, f"Standings: {title}", clubs, cut_after)]
    if by_round:
        sheets.append(by_round_sheet(by_round, result.standings, f"Standings by round: {title}"))
    sheets.append(games_sheet(result.games, f"Games: {title}"))
    taken = {n.casefold() for n in (*reserved, STANDINGS, BY_ROUND, GAMES, ISSUES)}
    for table in result.extras:
        name = sheet_name(table.title)
        n = 2
        while name.casefold() in taken:
            suffix = f" ({n})"
            name = sheet_name(table.title)[: 31 - len(suffix)] + suffix
            n += 1
        taken.add(name.casefold())
        sheets.append(table_sheet(table, name))
    # Each lot is asked for once, naming the cell to type it in: in place of the ruleset's own note
    # where it has one (in the one wording, lot_needed), else after the others (a dict: 1,000s of
    # ties at 10,000 players).
    cell = f"{PLAYERS.name}!{PLAYERS.letter(LOT)}"
    asks = {wording: f"{wording} in {cell}" for wording in map(lot_needed, result.standings.unresolved_lots)}
    notes = [asks.pop(n, n) for n in result.notes]
    notes += asks.values()
    notes.extend(shared_note(result.standings, group) for group in result.standings.shared)
    sheets.append(issues_sheet((), notes))
    return sheets


__all__ = [
    "BY_ROUND",
    "GAMES",
    "by_round_sheet",
    "ISSUES",
    "STANDINGS",
    "issues_sheet",
    "number_cell",
    "result_sheets",
    "sheet_name",
    "standings_sheet",
]
