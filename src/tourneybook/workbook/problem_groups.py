"""Problems grouped by cause, so that the first screen shows what to fix first.

One mistake often shows in many cells: a player renamed on the Players sheet makes
every game row naming them a problem. The same message on the same sheet is one
line listing all its cells, in the order the problems were found (the sheets are
read Settings, Players, then the entry sheets, so a cause comes before its effects).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Problem

SHOWN_CELLS = 8
"""Cells named in full on a grouped line; the rest are counted."""


def grouped_lines(problems: Sequence[Problem]) -> list[str]:
    """One line per (sheet, message): 'Games!C4, C9 and 3 more cells: "Ann" is not on the Players sheet'."""
    groups: dict[tuple[str, str, str], list[Problem]] = {}
    for p in problems:
        groups.setdefault((p.sheet, p.where, p.message), []).append(p)
    lines = []
    for (sheet, _, message), members in groups.items():
        if len(members) == 1 or not sheet or not all(m.cell for m in members):
            lines.extend(str(m) for m in members)
            continue
        cells = [m.cell for m in members]
        shown = ", ".join(cells[:SHOWN_CELLS])
        more = f" and {len(cells) - SHOWN_CELLS} more cells" if len(cells) > SHOWN_CELLS else ""
        lines.append(f"{sheet}!{shown}{more} ({len(cells)} cells): {message}")
    return lines


__all__ = ["grouped_lines"]
