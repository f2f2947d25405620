"""A player list from a spreadsheet export (``tourneybook new --players PLAYERS.csv|.xlsx``).

Organisers keep their lists in spreadsheets. A CSV file as Excel exports it:
comma, semicolon (much of Europe) or tab separated, UTF-8 with or without a
BOM, or the older Windows code page (cp1252). An .xlsx list: its first sheet.
Either way the first non-empty row names the columns (case and blanks do not
matter, any order): name (required; also 'Player'), club (also 'Country'),
stand-in, distance, group. Every problem says where, as the organiser sees it:
'players.csv line 5' or 'Liste!C5'.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd
from openpyxl.utils import get_column_letter

from ..errors import Collector, InputError, Problem
from . import cells
from .generic import Player

HEADERS = {
    "name": "name",
    "player": "name",
    "player name": "name",
    "club": "club",
    "country": "club",
    "club / country": "club",
    "stand-in": "stand_in",
    "stand in": "stand_in",
    "stand_in": "stand_in",
    "standin": "stand_in",
    "distance": "distance",
    "distance from home": "distance",
    "distance from home (km)": "distance",
    "group": "group",
    "keep-apart group": "group",
}
"""Header (casefolded, blanks collapsed) -> the field it fills."""
COLUMNS = "name, club, stand-in, distance, group"
DELIMITERS = ",;\t"
ENCODINGS = ("utf-8-sig", "cp1252")
"""UTF-8 (a BOM is dropped) first; then Windows' Western code page, Excel's older 'CSV' export."""


@dataclass(frozen=True)
class _Grid:
    """The list's cells, and how to name a place in it (internal)."""

    rows: list[list[Any]]
    """Row-major values, None for an empty cell; rows[0] is line (row) 1."""
    file: str
    sheet: str
    """The .xlsx sheet read; '' for a CSV file."""

    def problem(self, message: str, line: int, column: int | None = None) -> Problem:
        if not self.sheet:
            return Problem(message, where=f"{self.file} line {line}")
        cell = f"{get_column_letter(column + 1 if column is not None else 1)}{line}"
        return Problem(message, where=self.file, sheet=self.sheet, cell=cell)


def read_players_list(path: str | Path) -> tuple[Player, ...]:
    """The players listed in ``path`` (.csv or .xlsx); InputError lists every problem with its place."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: a folder, not a CSV file (or .xlsx) with the players")
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    grid = _read_xlsx(path) if path.suffix.lower() in (".xlsx", ".xlsm") else _read_csv(path)
    return _players(grid)


def _read_csv(path: Path) -> _Grid:
    raw = path.read_bytes()
    text = next((t for t in (_decoded(raw, e) for e in ENCODINGS) if t is not None), None)
    if text is None:
        raise InputError(f"{path}: not a text file; save the list as 'CSV UTF-8'")
    header = next((line for line in text.splitlines() if line.strip()), "")
    try:
        sep = csv.Sniffer().sniff(header, delimiters=DELIMITERS).delimiter
    except csv.Error:  # a single column: nothing to sniff
        sep = ","
    try:
        frame = pd.read_csv(
            io.StringIO(text), sep=sep, header=None, dtype=str, keep_default_na=False,
            skip_blank_lines=False, engine="python",
        )
    except pd.errors.EmptyDataError:
        frame = pd.DataFrame()
    except pd.errors.ParserError as exc:
        # pandas names the line: 'Expected 2 fields in line 3, saw 3'
        raise InputError(f"{path.name}: {exc}; the header names fewer columns (is a value missing its quotes?)") from None
    return _Grid(_cells(frame), path.name, "")


def _decoded(raw: bytes, encoding: str) -> str | None:
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError:
        return None


def _read_xlsx(path: Path) -> _Grid:
    try:
        with pd.ExcelFile(path, engine="openpyxl") as book:
            sheet = book.sheet_names[0]
            frame = pd.read_excel(book, sheet_name=sheet, header=None, dtype=object)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        raise InputError(f"{path.name} cannot be read as an Excel workbook (.xlsx): {exc}") from None
    return _Grid(_cells(frame), path.name, sheet)


def _cells(frame: pd.DataFrame) -> list[list[Any]]:
    """Values by row, None for an empty cell (pandas' NaN or '')."""
    return [[None if _empty(v) else v for v in row] for row in frame.itertuples(index=False, name=None)]


def _empty(value: Any) -> bool:
    if isinstance(value, str):
        return not value.strip()
    return value is None or bool(pd.isna(value))


def _players(grid: _Grid) -> tuple[Player, ...]:
    out = Collector(InputError)
    start = next((i for i, row in enumerate(grid.rows) if any(v is not None for v in row)), None)
    if start is None:
        raise InputError(f"{grid.file}: the list is empty; its first row must name the columns ({COLUMNS})")
    fields = _fields(grid, grid.rows[start], start + 1, out)
    if "name" not in fields:
        out.extend([grid.problem("there is no 'name' column", start + 1)])
        out.raise_if_any()
    name_col = fields.index("name")
    players: list[Player] = []
    seen: dict[str, int] = {}
    for line, row in enumerate(grid.rows[start + 1 :], start=start + 2):
        values = {f: (v, col) for col, (f, v) in enumerate(zip(fields, row)) if f and v is not None}
        if not values:
            continue
        try:
            name = cells.text(values["name"][0]) if "name" in values else ""
        except cells.CellError as exc:
            out.extend([grid.problem(str(exc), line, name_col)])
            continue
        if not name:
            out.extend([grid.problem("the name is empty", line, name_col)])
            continue
        key = name.casefold()
        if key in seen:
            out.extend([grid.problem(f'"{name}" is already on {_line_word(grid)} {seen[key]}: names must be unique',
                                     line, name_col)])
            continue
        seen[key] = line
        player = _player(name, values, grid, line, out)
        if player is not None:
            players.append(player)
    out.raise_if_any()
    return tuple(players)


def _fields(grid: _Grid, header: Sequence[Any], line: int, out: Collector) -> list[str | None]:
    fields: list[str | None] = []
    for col, value in enumerate(header):
        key = " ".join(str(value).split()).casefold() if value is not None else ""
        if key and key not in HEADERS:
            out.extend([grid.problem(f'unknown column "{value}"; the columns are {COLUMNS}', line, col)])
        fields.append(HEADERS.get(key))
    for field in {f for f in fields if f and fields.count(f) > 1}:
        out.extend([grid.problem(f"two columns give the {field.replace('_', '-')}", line, fields.index(field))])
    return fields


def _distance(value: Any) -> Fraction:
    distance = cells.exact(value)
    if distance < 0:
        raise cells.CellError(f"the distance {cells.text(value)} is negative")
    return distance


READERS = {"club": cells.text, "stand_in": cells.yes_no, "distance": _distance, "group": cells.text}
"""How each optional cell is read (the Players sheet's own readers)."""


def _player(name: str, values: dict[str, tuple[Any, int]], grid: _Grid, line: int, out: Collector) -> Player | None:
    """One row's player; None (with the problems at their cells) when a cell cannot be read."""
    read: dict[str, Any] = {}
    problems = []
    for field, reader in READERS.items():
        if field in values:
            value, col = values[field]
            try:
                read[field] = reader(value)
            except cells.CellError as exc:
                problems.append(grid.problem(str(exc), line, col))
    if problems:
        out.extend(problems)
        return None
    return Player(name, read.get("club", ""), read.get("stand_in", False), read.get("distance"), read.get("group", ""))


def _line_word(grid: _Grid) -> str:
    return "row" if grid.sheet else "line"


__all__ = ["read_players_list"]
