"""The drawn tables of an event, read from the layout's draw sheet, and the fields a report asks for.

The draw sheet is the layout's first entry sheet ('Qualifying games',
'Preliminary', 'Boards'): a row per table with its players by seat, or (Diplomacy)
a row per power of a board. Its other columns are what the paper form asks and
the organiser types: a phone report asks for exactly those, keyed by the column
header, or by power and header on a board ('England|Centres').
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType

from ..errors import Collector, InputError
from ..forms.event import PLAYER, POWER, ROUND, TABLE_HEADERS, EventHead, draw_only, event_head, has_column
from ..frozen import frozen
from ..workbook.reader import Row, read_sheet
from ..workbook.schema import Column, EntrySheet
from ..files.store import CellValue, ReadOnce, SheetGrid, WorkbookStore

KEY_JOIN = "|"
"""Between a power and a header in a field key of a Diplomacy board."""


@frozen
class Seat:
    seat: str
    """Role, power or 'Player 1'."""
    player: str
    line: int
    """The sheet row holding this seat's results (the table's one row, or the power's row of a board)."""


@frozen
class DrawnTable:
    round: int
    table: int
    seats: tuple[Seat, ...]
    stage: str = ""
    """A knock-out match's stage ('SF1'); '' for a round's table and the final."""


@frozen
class Field:
    """One thing the report asks: a cell of the draw sheet."""

    key: str
    label: str
    header: str
    line: int


@frozen
class ReportSheet:
    sheet: str
    table_word: str
    """'Table' or 'Board', as the sheet calls it."""
    blocks: bool
    """A board is a row per power (Diplomacy); else one row per table."""
    headers: tuple[str, ...]
    """The result columns a report fills (every column but the draw's)."""
    letters: Mapping[str, str]
    """Column letter of every header of the sheet."""
    columns: Mapping[str, int]
    choices: Mapping[str, tuple[str, ...]]
    """The allowed words of a column that has them (offered on the phone as the sheet's drop-down does)."""
    tables: tuple[DrawnTable, ...]
    entry_columns: Mapping[str, Column] = field(default_factory=dict)
    """Every column of the sheet by header: what kind of entry it takes (a whole number from 1 to 23, a choice)."""
    ruleset: str = ""
    """The ruleset's id: which paper form the report follows (:func:`tourneybook.forms.tables.report_sections`)."""

    @property
    def current_round(self) -> int:
        return max((t.round for t in self.tables), default=0)

    def table(self, round: int, number: int) -> DrawnTable | None:
        return next((t for t in self.tables if t.round == round and t.table == number), None)

    def fields(self, table: DrawnTable) -> list[Field]:
        """What the report of ``table`` asks, in the sheet's column order (power by power on a board)."""
        if not self.blocks:
            line = table.seats[0].line
            return [Field(h, h, h, line) for h in self.headers]
        return [Field(f"{s.seat}{KEY_JOIN}{h}", f"{s.seat}: {h}", h, s.line) for s in table.seats for h in self.headers]


def seated_of(table: DrawnTable) -> tuple[str, ...]:
    """'seat: player' of every seat: what a report was made for."""
    return tuple(f"{s.seat}: {s.player}" for s in table.seats)


def read_draw(store: WorkbookStore) -> ReportSheet:
    """The draw sheet's tables of every round; InputError naming the cell of a draw that cannot be read."""
    head = event_head(store)
    schema = head.layout.sheets[0]
    word = next((h for h in TABLE_HEADERS if has_column(schema, h)), "")
    blocks = has_column(schema, POWER) and has_column(schema, PLAYER)
    seats = (POWER, PLAYER) if blocks else tuple(s for s in head.ruleset.seats if has_column(schema, s))
    if not word or not has_column(schema, ROUND):
        return ReportSheet(schema.name, "Table", blocks=blocks, headers=(), letters={}, columns={}, choices={}, tables=(),
                           ruleset=head.ruleset.id)
    draw_headers = (ROUND, word, *seats)
    rows = draw_rows(store, head, schema, draw_headers)
    found: dict[tuple[int, int], list[Seat]] = {}
    for row in rows:
        if row[ROUND] is None or row[word] is None:
            continue
        sitting = found.setdefault((row[ROUND], row[word]), [])
        if blocks:
            if row[PLAYER] is not None:
                sitting.append(Seat(str(row[POWER]), row[PLAYER], row.line))
        else:
            sitting.extend(Seat(s, row[s], row.line) for s in seats if row[s] is not None)
    tables = tuple(DrawnTable(r, t, tuple(s)) for (r, t), s in sorted(found.items()) if s)
    return sheet_draw(schema, word, blocks=blocks, tables=tables, ruleset=head.ruleset.id,
                      asked=tuple(c.header for c in schema.columns if c.header not in draw_headers))


def sheet_draw(schema: EntrySheet, word: str, *, blocks: bool, asked: tuple[str, ...], tables: tuple[DrawnTable, ...],
               ruleset: str = "") -> ReportSheet:
    """The ReportSheet of ``schema``'s sheet whose reports fill the columns ``asked``: every column's letter, index and
    allowed words come from the sheet's schema."""
    letters = {c.header: schema.letter(c.header) for c in schema.columns}
    columns = {c.header: schema.index(c.header) for c in schema.columns}
    choices = {c.header: tuple(c.choices) for c in schema.columns if c.choices}
    return ReportSheet(schema.name, word, blocks=blocks, headers=asked, letters=letters, columns=columns,
                       choices=choices, tables=tables, entry_columns=MappingProxyType({c.header: c for c in schema.columns}),
                       ruleset=ruleset)


def draw_rows(store: WorkbookStore, head: EventHead, schema: EntrySheet, draw_headers: tuple[str, ...]) -> tuple[Row, ...]:
    """The rows of ``schema``'s sheet (a round's draw, the final's, the knock-out's) with only the draw's columns
    checked: results are recalc's to check. InputError naming the cell of a draw that cannot be read."""
    out = Collector(InputError)
    grid = store.read(schema.name) if schema.name in head.present else None
    rows = read_sheet(grid, draw_only(schema, draw_headers), out, players=head.names, present=head.present)
    out.raise_if_any()
    return rows


class Snapshot(ReadOnce):
    """The workbook's sheets as read at one moment: every page and check of one state reads the same values.

    A sheet is read when first asked for (the entry sheets; never the large result sheets, which the
    pages compute afresh) from the store's copy of the file in memory, then kept.
    """

    def with_cells(self, sheet: str, cells: Mapping[tuple[int, int], CellValue]) -> "Snapshot":
        """A copy with ``cells`` (1-based row, column) typed into ``sheet``: a report as if it were typed."""
        copy = Snapshot(self)
        grid = self.read(sheet)
        rows = [list(r) for r in grid.rows]
        for (line, col), value in cells.items():
            while len(rows) < line:
                rows.append([])
            row = rows[line - 1]
            row.extend([None] * (col - len(row)))
            row[col - 1] = value
        copy._grids = {sheet: SheetGrid(grid.name, tuple(tuple(r) for r in rows), grid.merged)}
        return copy

    def mark(self, name: str):
        return None


__all__ = ["ReportSheet", "DrawnTable", "Field", "KEY_JOIN", "Seat", "Snapshot", "draw_rows", "read_draw", "seated_of", "sheet_draw"]
