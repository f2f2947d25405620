"""Reading an entry sheet by its schema: typed rows, and every problem at once.

Every problem names its sheet and cell, in the organiser's words, e.g.
``Carcassonne!D7: "abc" is not a whole number``. A sheet whose headers do not
match the schema is not read further (its columns cannot be trusted) but the
other sheets still are, so one run reports everything that can be found.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from types import MappingProxyType
from typing import Any

from ..errors import Collector, Problem
from ..frozen import frozen
from . import cells
from .nameorder import base_letters
from ..files.address import address, column_letter, split_cell
from .schema import FIRST_DATA_ROW, HEADER_ROW, Column, EntrySheet, Kind
from ..files.store import SheetGrid


@frozen
class Row:
    """One entry row, typed: values by column header (None where the cell is empty)."""

    sheet: str
    line: int
    """Sheet row number (1-based), as the organiser sees it."""
    values: Mapping[str, Any]
    columns: Mapping[str, str] = field(default_factory=dict)
    """Column letter by header, to address a cell of this row."""

    def __getitem__(self, header: str) -> Any:
        return self.values[header]

    def get(self, header: str, default: Any = None) -> Any:
        value = self.values.get(header)
        return default if value is None else value

    def cell(self, header: str | None = None) -> str:
        """Address of this row's cell under ``header`` ('D7'); the row's first cell without one."""
        letter = self.columns[header] if header is not None else "A"
        return f"{letter}{self.line}"

    def problem(self, message: str, header: str | None = None) -> Problem:
        """A problem placed at this row's cell under ``header``."""
        return Problem(message, sheet=self.sheet, cell=self.cell(header))


def matching_key(name: str) -> str:
    """What typed names (and clubs, groups) are matched by: case and extra blanks aside ('anna  BERG' is 'Anna Berg')."""
    return " ".join(name.split()).casefold()


class PlayerNames:
    """The names on the Players sheet, for matching player cells on other sheets."""

    def __init__(self, names: Iterable[str]):
        self._by_key: dict[str, str] = {}
        for name in names:
            self._by_key.setdefault(matching_key(name), name)
        self._spellings = frozenset(self._by_key.values())
        """The names as the Players sheet spells them: nearly every player cell, found without folding its case."""

    def __contains__(self, name: str) -> bool:
        return matching_key(name) in self._by_key

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._by_key.values())

    def match(self, typed: str) -> str:
        """The Players sheet's spelling of ``typed``; CellError with the closest names otherwise."""
        if typed in self._spellings:
            return typed
        found = self._by_key.get(matching_key(typed))
        if found is not None:
            return found
        near = self.near(typed)
        hint = f"; did you mean {either(near)}?" if near else "; add them to the Players sheet first"
        raise cells.CellError(f'"{typed}" is not on the Players sheet{hint}')

    def near(self, typed: str, *, closest: bool = True) -> list[str]:
        """The players ``typed`` may mean, found as forgivingly as the hall's phone page finds a name: the same but
        for accents ('Soren' for 'Søren'), then every typed word the start of a word of the name ('niels' or
        'olgaard' for 'Niels Ølgaard'), then (``closest``) the closest spelling ('Ana Berg' for 'Anna Berg')."""
        folded = base_letters(" ".join(typed.split()))
        same = [n for key, n in self._by_key.items() if base_letters(key) == folded]  # key: blanks made single
        if same:
            return same
        words = folded.split()
        found = [n for n in self._by_key.values() if words and _words_start(base_letters(n).split(), words)]
        if found or not closest:
            return found
        close = close_matches(matching_key(typed), list(self._by_key), n=1, cutoff=0.6)
        return [self._by_key[c] for c in close]


def _words_start(name: list[str], typed: list[str]) -> bool:
    """Each typed word starts a word of ``name``, in order ('n olg' in 'niels olgaard')."""
    at = 0
    for word in typed:
        at = next((i + 1 for i in range(at, len(name)) if name[i].startswith(word)), -1)
        if at < 0:
            return False
    return True


SUGGESTED = 4
"""Names a "did you mean" offers at most; beyond, how many more there are."""


def either(names: list[str]) -> str:
    """'"A"', '"A" or "B"', '"A", "B" or "C"', '"A", "B", "C", "D" or 3 more'."""
    quoted = [f'"{n}"' for n in names[:SUGGESTED]]
    if len(names) > SUGGESTED:
        return ", ".join(quoted) + f" or {len(names) - SUGGESTED} more (type more of the name)"
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def close_matches(word: str, candidates: Sequence[str], *, n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The candidates closest to ``word`` (difflib's), for a message's "did you mean": difflib is loaded only when a
    typed name is not found."""
    from difflib import get_close_matches

    return get_close_matches(word, candidates, n=n, cutoff=cutoff)


def missing_sheet(schema_name: str, present: Sequence[str]) -> Problem:
    """The problem for a sheet that is not in the workbook, naming a likely renamed one."""
    close = close_matches(schema_name, list(present), n=1, cutoff=0.6)
    hint = f' (is "{close[0]}" it, renamed? give it back its name)' if close else " (copy it from the template)"
    return Problem(f"the sheet {schema_name!r} is missing{hint}", sheet=schema_name)


def _norm(value: Any) -> str:
    return " ".join(str(value).split()).casefold() if value is not None else ""


def _required_width(schema: EntrySheet) -> int:
    """How many leading columns every workbook has (those after may be absent in older workbooks)."""
    width = len(schema.columns)
    while width and schema.columns[width - 1].may_be_absent:
        width -= 1
    return width


def _check_headers(grid: SheetGrid, schema: EntrySheet, out: Collector) -> bool:
    """True when row 3 holds the schema's headers in order; problems say what was expected."""
    expected = [_norm(c.header) for c in schema.columns]
    found = [_norm(grid.value(HEADER_ROW, i)) for i in range(1, len(schema.columns) + 1)]
    while found and not found[-1] and schema.columns[len(found) - 1].may_be_absent:
        found.pop()  # an older workbook without the columns added since: they read as empty
    if found == expected[: len(found)] and len(found) >= _required_width(schema):
        return True
    found += [""] * (len(expected) - len(found))
    for line in range(1, min(len(grid.rows), HEADER_ROW + 20) + 1):
        if line != HEADER_ROW and [_norm(grid.value(line, i)) for i in range(1, len(expected) + 1)] == expected:
            out.add(
                f"the column headers are in row {line}, not row {HEADER_ROW}: "
                f"delete or add rows above them so they are back in row {HEADER_ROW}",
                sheet=schema.name,
                cell=f"A{line}",
            )
            return False
    row3 = [_norm(v) for v in grid.rows[HEADER_ROW - 1]] if len(grid.rows) >= HEADER_ROW else []
    if _one_column_off(grid, schema, expected, row3, out):
        return False
    for i, (column, want, got) in enumerate(zip(schema.columns, expected, found), start=1):
        if want == got:
            continue
        where = address(HEADER_ROW, i)
        if want in row3:
            moved = address(HEADER_ROW, row3.index(want) + 1)
            out.add(
                f'the column "{column.header}" belongs in {where} but was moved to {moved}: '
                "put the columns back in the template's order",
                sheet=schema.name,
                cell=where,
            )
        elif got:
            out.add(
                f'the header here should be "{column.header}", not "{grid.value(HEADER_ROW, i)}" '
                "(keep the template's column names)",
                sheet=schema.name,
                cell=where,
            )
        else:
            out.add(f'the header "{column.header}" is missing here', sheet=schema.name, cell=where)
    return False


def _one_column_off(grid: SheetGrid, schema: EntrySheet, expected: list[str], row3: list[str], out: Collector) -> bool:
    """One column missing, or one extra, with every other in order (the Diplomacy event's Game scoring changed to a
    system that needs another column): one problem saying which column to insert or delete, not one per header."""
    found = list(row3)
    while found and not found[-1]:
        found.pop()
    for i in range(len(expected) - 1):  # the last one missing shifts nothing: said at its cell as any header
        if found == expected[:i] + expected[i + 1:]:
            where = address(HEADER_ROW, i + 1)
            after = f' (before "{schema.columns[i + 1].header}")'
            out.add(f'the column "{schema.columns[i].header}" is missing: insert a column {column_letter(i + 1)}{after} '
                    f'with "{schema.columns[i].header}" in {where} ({schema.columns[i].help or "this sheet needs it"})',
                    sheet=schema.name, cell=where)
            return True
    for i in range(len(found)):
        if found[:i] + found[i + 1:] == expected and found[i] not in expected:
            where = address(HEADER_ROW, i + 1)
            out.add(f'the column "{grid.value(HEADER_ROW, i + 1)}" in {where} is not one of this sheet\'s columns: delete the '
                    "whole column (its cells are not read)", sheet=schema.name, cell=where)
            return True
    return False


def read_sheet(
    grid: SheetGrid | None,
    schema: EntrySheet,
    out: Collector,
    *,
    players: PlayerNames | None = None,
    present: Sequence[str] = (),
) -> tuple[Row, ...]:
    """The filled rows of ``grid`` typed by ``schema``; every problem goes to ``out``.

    ``grid`` None means the sheet is missing (``present`` lists the sheets there
    are, to name a renamed one). Rows with a problem are left out of the result,
    so callers go on only when ``out`` stayed empty. Player cells are matched
    against ``players``; with None (the Players sheet could not be read, which
    is itself a problem) they are taken as typed.
    """
    if grid is None:
        out.extend([missing_sheet(schema.name, present)])
        return ()
    if not _check_headers(grid, schema, out):
        return ()
    width = len(schema.columns)
    for ref in grid.merged:
        first, _, last = ref.partition(":")
        (_, min_col), (max_row, _) = split_cell(first), split_cell(last or first)
        if max_row >= HEADER_ROW and min_col <= width:
            out.add(f"merged cells {ref} in the entry area: unmerge them (Format > Merge cells)", sheet=schema.name, cell=ref.split(":")[0])
    letters = MappingProxyType({c.header: schema.letter(c.header) for c in schema.columns})
    plan = tuple((c.header, c.required, _cell_reader(c, players)) for c in schema.columns)
    rows: list[Row] = []
    blank = (None,) * width
    for line, cells_of_line in enumerate(grid.rows[FIRST_DATA_ROW - 1 :], start=FIRST_DATA_ROW):
        if not cells_of_line:  # a row with no cell at all (a million of them above a stray value)
            continue
        raw = cells_of_line[:width] if len(cells_of_line) >= width else (*cells_of_line, *blank[len(cells_of_line) :])
        if all(v is None or cells.is_empty(v) for v in raw):
            continue  # partial tournaments are normal: empty rows are skipped
        values: dict[str, Any] = {}
        clean = True
        for i, (value, (header, required, read)) in enumerate(zip(raw, plan), start=1):
            if value is None or (type(value) is not int and cells.is_empty(value)):  # most cells are None or an int
                values[header] = None
                if required:
                    out.add(f'{header} is missing (the row has other entries)', sheet=schema.name, cell=address(line, i))
                    clean = False
                continue
            try:
                values[header] = read(value)
            except cells.CellError as exc:
                out.add(str(exc), sheet=schema.name, cell=address(line, i))
                clean = False
        if clean:
            rows.append(Row(schema.name, line, MappingProxyType(values), letters))
    return tuple(rows)


def _cell_reader(column: Column, players: PlayerNames | None) -> Callable[[Any], Any]:
    """The typed value of a non-empty cell of ``column``: cells.converter's, a player's name as the Players sheet spells it."""
    convert = cells.converter(column)
    if column.kind is not Kind.PLAYER or players is None:
        return convert
    return lambda value: players.match(convert(value))


__all__ = ["either", "PlayerNames", "Row", "close_matches", "matching_key", "missing_sheet", "read_sheet"]
