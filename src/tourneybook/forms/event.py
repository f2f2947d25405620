"""A round's tables read from the event workbook, for pre-filled forms.

Documented minimal assumption (the workbook layer's draw sheet follows it):
some sheet, preferably one whose name contains 'Draw', has a header row within
its first 10 rows with the columns ``Round``, ``Table`` (or ``Board``) and one
column per seat: the roles (Frederick, Elisabeth, Maria Theresa, Pompadour),
the powers (Austria ... Turkey) or Player 1 .. Player 4. Each row below is one
table of one round. A Diplomacy event may instead hold its boards as blocks
(the workbook's Boards sheet): the columns ``Round``, ``Board``, ``Power`` and
``Player``, one row per power. The tournament's name is the Value beside ``Tournament``
on the Settings sheet (the file name when there is none). The knock-out
seeding is read from a sheet whose name contains 'Standings', with the
columns ``Rank`` and ``Player``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any
from zipfile import BadZipFile

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from ..errors import Collector, InputError, Problem
from ..rules import Family, find_ruleset
from .carcassonne import KnockoutBracketForm
from .diplomacy import DEFAULT_YEARS
from .render import Form
from .tables import SEATS, check_ruleset, table_form

HEADER_SEARCH_ROWS = 10
"""How far down a sheet its header row is looked for."""

Grid = list[tuple[Any, ...]]


def round_tables(path: Path | str, ruleset: str, round: int, years: int = DEFAULT_YEARS) -> list[Form]:
    """The forms of every table of ``round`` in the event workbook, in table order.

    Raises InputError naming the sheet and cell of every problem (a table twice,
    a player twice at a table, no draw for the round).
    """
    check_ruleset(ruleset)
    sheets = read_sheets(path)
    tournament = tournament_name(sheets) or Path(path).stem
    seats = SEATS[ruleset]
    # A Carcassonne draw may have no 'Player 4' column when every table seats three.
    needed = find_ruleset(ruleset).fewest_seats
    found = find_table(sheets, ("round",), ("table", "board"), seats, needed)
    if found is None and find_ruleset(ruleset).family is Family.DIPLOMACY:
        blocks = find_table(sheets, ("round",), ("board",), BLOCK_SEAT, len(BLOCK_SEAT))
        if blocks is not None:
            return _block_forms(blocks, ruleset, tournament, round, years)
    if found is None:
        raise InputError(
            f"{Path(path).name}: no draw found; expected a sheet with the columns Round, Table (or Board) and "
            f"{', '.join(seats)}"
        )
    name, head_row, columns, grid = found
    problems = Collector(InputError)
    forms: dict[int, Form] = {}
    for line, values in enumerate(grid[head_row:], start=head_row + 1):
        row = {key: values[col] if col < len(values) else None for key, col in columns.items()}
        where = {key: f"{get_column_letter(col + 1)}{line}" for key, col in columns.items()}
        if whole(row["round"]) != round:
            if row["round"] is not None and whole(row["round"]) is None:
                problems.add(f"round must be a whole number, not {row['round']!r}", sheet=name, cell=where["round"])
            continue
        table = whole(row["table"])
        if table is None or table < 1:
            problems.add(f"table must be a whole number from 1, not {row['table']!r}", sheet=name, cell=where["table"])
            continue
        if table in forms:
            problems.add(f"round {round} table {table} appears twice", sheet=name, cell=where["table"])
            continue
        by_seat = {s: str(row[s]).strip() for s in seats if row.get(s) not in (None, "")}
        try:
            forms[table] = table_form(ruleset, tournament, round, table, by_seat, years)
        except InputError as exc:
            problems.extend([Problem(p.message, p.where, name, where["table"]) for p in exc.problems])
    problems.raise_if_any()
    if not forms:
        raise InputError(f"{Path(path).name}: sheet {name!r} has no tables for round {round}")
    return [forms[t] for t in sorted(forms)]


BLOCK_SEAT = ("Power", "Player")
"""The seat columns of a board block: one row per power."""


def _block_forms(found: tuple[str, int, dict[str, int], Grid], ruleset: str, tournament: str, round: int,
                 years: int) -> list[Form]:
    """The forms of a round's boards held as blocks of seven rows (Round, Board, Power, Player)."""
    name, head_row, columns, grid = found
    problems = Collector(InputError)
    boards: dict[int, dict[str, str]] = {}
    first: dict[int, str] = {}
    for line, values in enumerate(grid[head_row:], start=head_row + 1):
        row = {key: values[col] if col < len(values) else None for key, col in columns.items()}
        board_cell = f"{get_column_letter(columns['table'] + 1)}{line}"
        if whole(row["round"]) != round:
            continue
        board = whole(row["table"])
        if board is None or board < 1:
            problems.add(f"board must be a whole number from 1, not {row['table']!r}", sheet=name, cell=board_cell)
            continue
        first.setdefault(board, board_cell)
        power, player = (str(row[k]).strip() if row[k] is not None else "" for k in BLOCK_SEAT)
        if power in boards.setdefault(board, {}):
            problems.add(f"{power} appears twice on round {round} board {board}", sheet=name, cell=board_cell)
        elif power and player:
            boards[board][power] = player
    forms: dict[int, Form] = {}
    for board, by_power in boards.items():
        try:
            forms[board] = table_form(ruleset, tournament, round, board, by_power, years)
        except InputError as exc:
            problems.extend([Problem(p.message, p.where, name, first[board]) for p in exc.problems])
    problems.raise_if_any()
    if not forms:
        raise InputError(f"sheet {name!r} has no boards for round {round}")
    return [forms[b] for b in sorted(forms)]


def knockout_bracket(path: Path | str) -> KnockoutBracketForm:
    """The knock-out bracket seeded with the best 16 of the standings sheet (blank where it has fewer)."""
    sheets = read_sheets(path)
    tournament = tournament_name(sheets) or Path(path).stem
    standings = {n: g for n, g in sheets.items() if "standings" in n.casefold()}
    found = find_table(standings, ("rank",), ("player",), (), minimum=0)
    if found is None:
        return KnockoutBracketForm.of(tournament)
    _, head_row, columns, grid = found
    ranked: list[tuple[int, str]] = []
    for values in grid[head_row:]:
        rank = whole(values[columns["round"]]) if columns["round"] < len(values) else None
        player = values[columns["table"]] if columns["table"] < len(values) else None
        if rank is not None and isinstance(player, str) and player.strip():
            ranked.append((rank, player.strip()))
    names = [p for _, p in sorted(ranked)[:16]]
    return KnockoutBracketForm.of(tournament, names)


def read_sheets(path: Path | str) -> dict[str, Grid]:
    """Every sheet's values (formulas as their last computed values)."""
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (InvalidFileException, BadZipFile, KeyError, OSError) as exc:
        raise InputError(f"{path}: not an Excel workbook (.xlsx) that can be read ({exc})") from None
    try:
        return {ws.title: [tuple(r) for r in ws.iter_rows(values_only=True)] for ws in book.worksheets}
    finally:
        book.close()


def tournament_name(sheets: dict[str, Grid]) -> str:
    """The Value beside 'Tournament' on the Settings sheet, '' when there is none."""
    for values in sheets.get("Settings", []):
        for i, v in enumerate(values[:-1]):
            if isinstance(v, str) and v.strip().casefold() == "tournament":
                name = values[i + 1]
                return str(name).strip() if name is not None else ""
    return ""


def find_table(
    sheets: dict[str, Grid], first: Sequence[str], second: Sequence[str], seats: Sequence[str], minimum: int
) -> tuple[str, int, dict[str, int], Grid] | None:
    """(sheet, header row, column by key, values) of the first sheet with such a header row.

    ``first`` and ``second`` are alternative headers of the 'round' and 'table'
    columns; at least ``minimum`` of ``seats`` must be there too. Sheets whose
    name contains 'Draw' are tried first.
    """
    order = sorted(sheets, key=lambda n: "draw" not in n.casefold())
    for name in order:
        grid = sheets[name]
        for head_row, values in enumerate(grid[:HEADER_SEARCH_ROWS], start=1):
            heads = {str(v).strip().casefold(): i for i, v in enumerate(values) if isinstance(v, str)}
            round_col = next((heads[h] for h in first if h in heads), None)
            table_col = next((heads[h] for h in second if h in heads), None)
            present = {s: heads[s.casefold()] for s in seats if s.casefold() in heads}
            if round_col is not None and table_col is not None and len(present) >= minimum:
                return name, head_row, {"round": round_col, "table": table_col, **present}, grid
    return None


def whole(value: Any) -> int | None:
    """A whole number from a cell (2, 2.0, '2'), None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None
