"""Declarative entry sheets: one schema drives the template, the reader and the forms.

An :class:`EntrySheet` lists its :class:`Column` s in order. Every entry sheet
has the same shape, so organisers meet the same thing everywhere:

* row 1: the sheet's title, row 2: what to enter here (its help),
* row 3 (:data:`HEADER_ROW`): the column headers, exactly as in the schema,
* from row 4 (:data:`FIRST_DATA_ROW`): one entry per row; empty rows are skipped.

Columns to the right of the schema's columns are the organiser's own (notes)
and are never read.
"""

from __future__ import annotations

from enum import Enum

from ..files.address import column_letter
from ..frozen import frozen

HEADER_ROW = 3
"""Sheet row (1-based) holding the column headers."""
FIRST_DATA_ROW = HEADER_ROW + 1
"""Sheet row of the first entry."""
MAX_DECIMALS = 6
"""A number typed into an exact-number cell may have at most this many decimals."""


class Kind(Enum):
    """What a column holds, and so how its cells are checked and converted."""

    TEXT = "text"
    """Free text, stripped of surrounding blanks."""
    WHOLE = "whole number"
    """An int (12, '12', 12.0); never a fraction."""
    EXACT = "exact number"
    """A decimal as typed ('7.5', '7,5', 7.5) or a fraction ('22/3'), read as an exact Fraction."""
    PLAYER = "player"
    """A name from the Players sheet (case and extra blanks do not matter)."""
    CHOICE = "choice"
    """One of the column's ``choices`` (case does not matter; the schema's spelling is kept)."""
    YES_NO = "yes/no"
    """'yes'/'no' (also y/n, true/false, 1/0, x for yes); read as bool."""
    TIME = "time"
    """A clock time ('14:30', or a time-formatted cell); read as datetime.time."""


@frozen
class Column:
    """One column of an entry sheet."""

    header: str
    """Header text in row 3; also the key of the column in every read row."""
    kind: Kind
    required: bool = False
    """Must be filled in every row that has any entry."""
    choices: tuple[str, ...] = ()
    """The allowed values of a CHOICE column (its drop-down list)."""
    minimum: int | None = None
    """Smallest allowed value of a number column (0 refuses negative numbers)."""
    maximum: int | None = None
    """Largest allowed value of a number column."""
    width: float = 14
    """Column width in the template (Excel character units)."""
    help: str = ""
    """One line for the organiser: shown as the cell's input message and on Instructions."""
    may_be_absent: bool = False
    """A column added after workbooks were in use (at the end): a sheet without its header reads it as empty."""


@frozen
class EntrySheet:
    """A sheet the organiser types into."""

    name: str
    """Sheet name (at most 31 characters, as Excel requires)."""
    title: str
    """Row 1 of the sheet."""
    columns: tuple[Column, ...]
    help: str = ""
    """Row 2 of the sheet: what to enter here, in one or two sentences."""
    rows: int = 200
    """How many entry rows the template prepares (styled and validated); more may be typed."""

    def column(self, header: str) -> Column:
        for c in self.columns:
            if c.header == header:
                return c
        raise KeyError(header)

    def index(self, header: str) -> int:
        """1-based column number of ``header``."""
        for i, c in enumerate(self.columns, start=1):
            if c.header == header:
                return i
        raise KeyError(header)

    def letter(self, header: str) -> str:
        """Column letter of ``header`` ('A', 'B', ...)."""
        return column_letter(self.index(header))


__all__ = ["Column", "EntrySheet", "FIRST_DATA_ROW", "HEADER_ROW", "Kind", "MAX_DECIMALS"]
