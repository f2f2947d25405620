"""A player list from a spreadsheet export (``tourneybook new --players PLAYERS.csv|.xlsx``).

Organisers keep their lists in spreadsheets or collect them with a registration
form. A CSV file as Excel exports it: comma, semicolon (much of Europe) or tab
separated; UTF-8 with or without a BOM, UTF-16 ('Unicode Text'), or the older
Windows code page (cp1252). An .xlsx list: its first sheet. A Google Forms or
Microsoft Forms export as it is downloaded (Timestamp, Email, ID, Start time...).

The first non-empty row names the columns (case and blanks do not matter, any
order): the name ('Name', 'Full name', 'Player', or 'First name' + 'Last
name'), club (or 'Country'), stand-in, distance, group. Other columns (Email,
Timestamp, a form's own questions) are ignored, and a note names them. Every
problem says where, as the organiser sees it: 'players.csv line 5' or 'Liste!C5'.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Collector, InputError, Problem
from ..frozen import frozen
from ..workbook import cells
from ..files.filekind import refuse_ole
from ..workbook.generic import Player
from ..files.address import column_letter

if TYPE_CHECKING:  # pandas is imported when a list is read, never at the command line's start-up
    import pandas as pd

HEADERS: dict[str, tuple[tuple[str, ...], ...]] = {
    "name": (("name", "player", "player name", "full name", "your name", "participant", "first and last name"),),
    "first_name": (("first name", "given name", "forename", "first"),),
    "last_name": (("last name", "surname", "family name", "last"),),
    "club": (("club", "club / country", "club/country", "team"), ("country", "nation")),
    "stand_in": (("stand-in", "stand in", "stand_in", "standin"),),
    "distance": (("distance", "distance from home", "distance from home (km)", "distance (km)"),),
    "group": (("group", "keep-apart group"),),
}
"""Field -> its header names (casefolded, blanks collapsed), in tiers: a column of a later tier
is used only when no column of an earlier tier is there (a list with Club and Country uses Club)."""
COLUMNS = "name, club, stand-in, distance, group"
MS_FORMS = {"id", "start time", "completion time"}
"""Headers that only a Microsoft Forms export has: its 'Name' (and 'Email') is the respondent's
account ('anonymous' on an open form), so a question column with the player's name comes first."""
DELIMITERS = ",;\t"
ENCODINGS = ("utf-8-sig", "cp1252")
"""Without a byte-order mark: UTF-8 first; then Windows' Western code page, Excel's older 'CSV' export."""
BOMS = ((b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"), (b"\xef\xbb\xbf", "utf-8-sig"))
"""Byte-order marks Excel writes: UTF-16 ('Unicode Text'), UTF-8 ('CSV UTF-8')."""


@frozen
class PlayersList:
    """What a list gave: its players, and notes for the organiser (columns ignored)."""

    players: tuple[Player, ...]
    notes: tuple[str, ...] = ()


@frozen
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
        cell = f"{column_letter(column + 1 if column is not None else 1)}{line}"
        return Problem(message, where=self.file, sheet=self.sheet, cell=cell)


def read_players_list(path: str | Path) -> PlayersList:
    """The players listed in ``path`` (.csv or .xlsx); InputError lists every problem with its place."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: a folder, not a CSV file (or .xlsx) with the players")
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    grid = _read_xlsx(path) if path.suffix.lower() in (".xlsx", ".xlsm") else _read_csv(path)
    return _players(grid)


def decode(raw: bytes) -> str | None:
    """The text of a CSV file as Excel (or a form) saves it; None when it is not text."""
    for bom, encoding in BOMS:
        if raw.startswith(bom):
            return _decoded(raw, encoding)
    if len(raw) >= 4 and raw[1::2].count(0) > len(raw) // 4:  # UTF-16 without a BOM: every other byte zero
        return _decoded(raw, "utf-16-le")
    if b"\x00" in raw:
        return None
    return next((t for t in (_decoded(raw, e) for e in ENCODINGS) if t is not None), None)


def _read_csv(path: Path) -> _Grid:
    import pandas as pd

    text = decode(path.read_bytes())
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
    import pandas as pd

    refuse_ole(path, path.read_bytes())  # a password-protected list, an .xls renamed: said in a sentence
    try:
        with pd.ExcelFile(path, engine="openpyxl") as book:
            sheet = book.sheet_names[0]
            frame = pd.read_excel(book, sheet_name=sheet, header=None, dtype=object)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        raise InputError(f"{path.name} cannot be read as an Excel workbook (.xlsx): {exc}") from None
    return _Grid(_cells(frame), path.name, sheet)


def _cells(frame: pd.DataFrame) -> list[list[Any]]:
    """Values by row, None for an empty cell (pandas' NaN or '')."""
    import pandas as pd

    def empty(value: Any) -> bool:
        if isinstance(value, str):
            return not value.strip()
        return value is None or bool(pd.isna(value))

    return [[None if empty(v) else v for v in row] for row in frame.itertuples(index=False, name=None)]


def _players(grid: _Grid) -> PlayersList:
    out = Collector(InputError)
    start = next((i for i, row in enumerate(grid.rows) if any(v is not None for v in row)), None)
    if start is None:
        raise InputError(f"{grid.file}: the list is empty; its first row must name the columns ({COLUMNS})")
    fields, notes = _fields(grid, grid.rows[start], start + 1, out)
    if "name" not in fields and not {"first_name", "last_name"} <= set(fields):
        out.extend([grid.problem("there is no 'name' column (nor 'First name' and 'Last name')", start + 1)])
        out.raise_if_any()
    name_col = fields.index("name") if "name" in fields else fields.index("first_name")
    players: list[Player] = []
    seen: dict[str, int] = {}
    for line, row in enumerate(grid.rows[start + 1 :], start=start + 2):
        values = {f: (v, col) for col, (f, v) in enumerate(zip(fields, row)) if f and v is not None}
        if not values:
            continue
        try:
            name = " ".join(cells.text(values[f][0]) for f in ("name", "first_name", "last_name") if f in values)
            name = " ".join(name.split())
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
    return PlayersList(tuple(players), notes)


def _header(value: Any) -> str:
    return " ".join(str(value).split()).casefold().rstrip(":*? ") if value is not None else ""


def _fields(grid: _Grid, header: Sequence[Any], line: int, out: Collector) -> tuple[list[str | None], tuple[str, ...]]:
    """Each column's field (None: not read), and the note naming the columns not read."""
    keys = [_header(v) for v in header]
    tiers = {field: [set(t) for t in tier_list] for field, tier_list in HEADERS.items()}
    if MS_FORMS <= set(keys):  # the respondent's account name and e-mail come after the form's questions
        tiers["name"] = [tiers["name"][0] - {"name"}, {"name"}]
    fields: list[str | None] = [None] * len(keys)
    for field, tier_list in tiers.items():
        for tier in tier_list:
            found = [col for col, key in enumerate(keys) if key in tier]
            if len(found) > 1:
                out.extend([grid.problem(f"two columns give the {field.replace('_', ' ').replace('stand in', 'stand-in')}",
                                         line, found[1])])
            if found:
                fields[found[0]] = field
                break
    if "name" in fields:  # a whole-name column wins over first + last name
        fields = [None if f in ("first_name", "last_name") else f for f in fields]
    elif ("first_name" in fields) != ("last_name" in fields):
        fields = [None if f in ("first_name", "last_name") else f for f in fields]
    ignored = [str(value).strip() for value, field in zip(header, fields) if field is None and value is not None
               and str(value).strip()]
    notes = (f"columns not read (the list's columns are {COLUMNS}): " + ", ".join(f'"{c}"' for c in ignored),) if ignored else ()
    return fields, notes


THOUSANDS = re.compile(r"\s*[1-9]\d{0,2}([,.]\d{3})+\s*")
"""'1,500' or '1.500': a thousands separator or a decimal point? Either reading is plausible."""


def _distance(value: Any) -> Fraction:
    if isinstance(value, str) and THOUSANDS.fullmatch(value):
        raise cells.CellError(
            f'"{value.strip()}" could be read two ways (thousands or decimals): type the distance as digits '
            "only, with a decimal point or comma only for a fraction of a kilometre (1500, or 1,5)"
        )
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
    return Player(name, club=read.get("club", ""), stand_in=read.get("stand_in", False), distance=read.get("distance"),
                  group=read.get("group", ""))


def _line_word(grid: _Grid) -> str:
    return "row" if grid.sheet else "line"


__all__ = ["PlayersList", "decode", "read_players_list"]
