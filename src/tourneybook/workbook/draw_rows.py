"""A ruleset's draw on its entry sheet: the rounds it holds, and the rows a drawn round is typed into.

The draw sheet is the layout's first entry sheet ('Qualifying games',
'Preliminary', 'Boards'); its family says whether a table is one row with a
column per seat (Friedrich, Carcassonne) or a row per power (Diplomacy). A
row's cells beyond the draw's (a result, a start time) mark the round played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..files.store import CellValue, SheetGrid
from ..frozen import frozen
from ..rules.base import Family, Ruleset
from . import cells
from .layouts import find_layout
from .reader import Row
from .schema import FIRST_DATA_ROW, EntrySheet

if TYPE_CHECKING:  # the draw engine is loaded by the draw, never by reading an event
    from ..draws import DrawnTable, Round
    from ..draws.families import DrawFamily

ROUND, POWER, PLAYER = "Round", "Power", "Player"
"""The draw's headers: the round of every row; Diplomacy's Boards have a row per power (Power, Player)."""


@frozen
class DrawSheet:
    """Where and how one ruleset's draw sits on its entry sheet."""

    schema: EntrySheet
    game: Family
    seats: tuple[str, ...]
    """Friedrich and Carcassonne: the seat headers of a table row. Diplomacy: () (a row per power)."""

    @property
    def name(self) -> str:
        return self.schema.name

    @property
    def table(self) -> str:
        """The header of the table (board) number."""
        return self.game.table_word

    @property
    def row_per_seat(self) -> bool:
        """Diplomacy: a row per power (Power, Player); the others: a row per table, a column per seat."""
        return self.game.row_per_seat

    @property
    def family(self) -> DrawFamily:
        """How the family's rounds are drawn: asked by the draw only, so reading an event loads no draw engine."""
        from ..draws.families import draw_family

        return draw_family(self.game)


def draw_sheet(ruleset: Ruleset) -> DrawSheet:
    """The ruleset's draw sheet, looked up once per command."""
    game = ruleset.family
    return DrawSheet(find_layout(ruleset).draw_sheet, game, () if game.row_per_seat else ruleset.seats)


@dataclass
class EntryRound:
    """One round as it stands on the entry sheet (internal)."""

    number: int
    rows: list[Row] = field(default_factory=list)
    played_at: str = ""
    """The first cell beyond the draw that holds something ('Qualifying games!W5'), '' for a draw only."""


def draw_headers(family: DrawSheet) -> tuple[str, ...]:
    """The columns a draw fills; anything else typed in a row is a result (or a record of play)."""
    if family.row_per_seat:
        return (ROUND, family.table, POWER, PLAYER)
    return (ROUND, family.table, *family.seats)


def entry_rounds(rows: Sequence[Row], family: DrawSheet) -> dict[int, EntryRound]:
    drawn = set(draw_headers(family))
    schema = family.schema
    rounds: dict[int, EntryRound] = {}
    for row in rows:
        entry = rounds.setdefault(row[ROUND], EntryRound(row[ROUND]))
        entry.rows.append(row)
        if not entry.played_at:
            typed = next((c.header for c in schema.columns if c.header not in drawn and row[c.header] is not None), None)
            if typed is not None:
                entry.played_at = f"{schema.name}!{row.cell(typed)}"
    return rounds


def as_round(entry: EntryRound, family: DrawSheet) -> Round:
    """A round of the sheet in the draws' shape (history)."""
    from ..draws import DrawnTable, Round, Seat

    if family.row_per_seat:
        boards: dict[int, list[Seat]] = {}
        for row in entry.rows:
            boards.setdefault(row[family.table], []).append(Seat(row[POWER], row[PLAYER]))
        tables = tuple(DrawnTable(b, tuple(seats)) for b, seats in sorted(boards.items()))
    else:
        tables = tuple(
            DrawnTable(row[family.table], tuple(Seat(h, row[h]) for h in family.seats if row[h] is not None))
            for row in sorted(entry.rows, key=lambda r: r[family.table])
        )
    return Round(entry.number, tables)


def row_values(family: DrawSheet, number: int, table: DrawnTable) -> list[dict[str, Any]]:
    """The cells of one drawn table: one row (Friedrich, Carcassonne) or seven (Diplomacy, AEFGIRT)."""
    if family.row_per_seat:
        from ..rules.diplomacy import POWER_NAMES  # a board's powers: no other family's draw loads the Diplomacy rules

        by_power = {s.seat: s.player for s in table.seats}
        return [{ROUND: number, family.table: table.number, POWER: p, PLAYER: by_power[p]} for p in POWER_NAMES]
    values: dict[str, Any] = {ROUND: number, family.table: table.number}
    if not family.family.shape.seats_in_order:
        values.update({s.seat: s.player for s in table.seats})
    else:
        values.update({family.seats[i]: s.player for i, s in enumerate(table.seats)})
    return [values]


class Typing:
    """Cells to type into one entry sheet, over what it holds now: what ``store.write_cells`` gets.

    Reading through it sees the cells already typed (or cleared), so the rows of
    one round are placed after those of the round before, in a single write.
    """

    def __init__(self, grid: SheetGrid | None):
        self.grid = grid
        self.cells: dict[tuple[int, int], CellValue] = {}

    def value(self, line: int, col: int) -> CellValue:
        if (line, col) in self.cells:
            return self.cells[line, col]
        return self.grid.value(line, col) if self.grid is not None else None

    def put(self, line: int, col: int, value: CellValue) -> None:
        self.cells[line, col] = value

    def last_filled(self, width: int) -> int:
        """The last sheet row with any entry in the first ``width`` columns (the header row when none)."""
        height = max([len(self.grid.rows) if self.grid is not None else 0] + [r for r, _ in self.cells])
        for line in range(height, FIRST_DATA_ROW - 1, -1):
            if any(not cells.is_empty(self.value(line, c)) for c in range(1, width + 1)):
                return line
        return FIRST_DATA_ROW - 1


def write_round(typing: Typing, family: DrawSheet, rnd: Round, old: Sequence[Row]) -> None:
    """Type ``rnd`` into the rows of its earlier draw (cleared first), then after the last filled row."""
    headers = draw_headers(family)
    schema = family.schema
    for row in old:
        for h in headers:
            typing.put(row.line, schema.index(h), None)
    values = [v for table in rnd.tables for v in row_values(family, rnd.number, table)]
    spare = typing.last_filled(len(schema.columns)) + 1
    targets = sorted(r.line for r in old)[: len(values)]
    targets += list(range(spare, spare + len(values) - len(targets)))
    for line, row in zip(targets, values):
        for h in headers:
            typing.put(line, schema.index(h), row.get(h))


__all__ = ["PLAYER", "POWER", "ROUND", "DrawSheet", "EntryRound", "Typing", "as_round", "draw_headers", "draw_sheet",
           "entry_rounds", "row_values", "write_round"]
