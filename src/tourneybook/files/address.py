"""Cell addresses: the one column-letter writer and the one cell-address parser.

Every layer that names a cell (the file parts, the entry sheets' problems, the
workbook open in Excel) writes and reads 'C5' through these, so that a column
past Z is lettered the same everywhere ('AA' after 'Z').
"""

from __future__ import annotations

import re

_CELL = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)")


def column_letter(col: int) -> str:
    """Excel column letter of a 1-based column number (1 -> 'A', 27 -> 'AA')."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def address(row: int, col: int) -> str:
    """'D7' for 1-based (row 7, col 4)."""
    return f"{column_letter(col)}{row}"


def split_cell(ref: str) -> tuple[int, int]:
    """'C5' (or '$C$5') -> (row 5, column 3); ValueError for anything else."""
    match = _CELL.fullmatch(ref)
    if not match:
        raise ValueError(f"not a cell reference: {ref!r}")
    col = 0
    for ch in match.group(1):
        col = col * 26 + ord(ch) - 64
    return int(match.group(2)), col


def quoted(sheet: str) -> str:
    """A sheet's name as a reference writes it before its '!': in quotes, a quote in it doubled ("'Bob''s'")."""
    return "'" + sheet.replace("'", "''") + "'"


def absolute(ref: str) -> str:
    """'B5:B20' -> '$B$5:$B$20'."""
    return ":".join(_CELL.sub(r"$\1$\2", part) for part in ref.split(":"))


__all__ = ["absolute", "address", "column_letter", "quoted", "split_cell"]
