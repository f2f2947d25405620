"""The tables of a result beside the standings (final, bracket, awards), and the values their cells hold.

Below :mod:`.base` (which re-exports them) so that a ruleset's own module that builds such a table, the
Carcassonne knock-out, imports nothing that points back at it.
"""

from __future__ import annotations

from fractions import Fraction

from ..frozen import frozen

Value = Fraction | int | str | None
"""What a cell of a result shows: an exact number, a count, a text, or nothing."""


@frozen
class Table:
    """A titled table of a result that is not the standings: final, bracket, awards."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Value, ...], ...]
    notes: tuple[str, ...] = ()


__all__ = ["Table", "Value"]
