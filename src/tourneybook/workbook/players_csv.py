"""A player list from a CSV file (``tourneybook new --players PLAYERS.csv``).

Columns, by header (case and blanks do not matter, any order): name (required),
club, stand-in, distance, group. Comma, semicolon or tab separated; a
spreadsheet's UTF-8 BOM is fine. Every problem names its line.
"""

from __future__ import annotations

import csv
from pathlib import Path

from ..errors import Collector, InputError
from . import cells
from .generic import Player

HEADERS = {
    "name": "name",
    "player": "name",
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


def read_players_csv(path: str | Path) -> tuple[Player, ...]:
    """The players listed in ``path``; InputError lists every problem with its line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: a folder, not a CSV file") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text; save the list as 'CSV UTF-8'") from None
    try:
        dialect = csv.Sniffer().sniff(text.splitlines()[0] if text.strip() else ",", delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(text.splitlines(), dialect))
    out = Collector(InputError)
    if not rows:
        raise InputError(f"{path}: the file is empty; its first line must name the columns (name, club, ...)")
    fields: list[str | None] = []
    for header in rows[0]:
        key = " ".join(header.split()).casefold()
        if key and key not in HEADERS:
            out.add(f'unknown column "{header}"; the columns are name, club, stand-in, distance, group', where=f"{path.name} line 1")
        fields.append(HEADERS.get(key))
    if "name" not in fields:
        out.add("there is no 'name' column", where=f"{path.name} line 1")
        out.raise_if_any()
    players: list[Player] = []
    seen: dict[str, int] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(v.strip() for v in row):
            continue
        where = f"{path.name} line {line}"
        values = {f: v.strip() for f, v in zip(fields, row) if f and v.strip()}
        name = " ".join(values.get("name", "").split())
        if not name:
            out.add("the name is empty", where=where)
            continue
        key = name.casefold()
        if key in seen:
            out.add(f'"{name}" is already on line {seen[key]}: names must be unique', where=where)
            continue
        seen[key] = line
        try:
            stand_in = cells.yes_no(values["stand_in"]) if "stand_in" in values else False
            distance = cells.exact(values["distance"]) if "distance" in values else None
            if distance is not None and distance < 0:
                raise cells.CellError(f"the distance {values['distance']} is negative")
        except cells.CellError as exc:
            out.add(str(exc), where=where)
            continue
        players.append(Player(name, values.get("club", ""), stand_in, distance, values.get("group", "")))
    out.raise_if_any()
    return tuple(players)


__all__ = ["read_players_csv"]
