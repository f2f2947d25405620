"""How a result sheet prints on A4: page widths, wrapped text and the rows each page holds.

Every result sheet prints with its title and header rows repeated on each page and its body
text at least 9 pt on paper; these are the measures the sheets are laid out by (LibreOffice
and Excel print the same page from them).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from typing import Any

from ..files.address import column_letter
from ..files.store import Cell

FIRST_ROW = 5
"""Sheet row of the first data row of a result table (title, marker, blank, headers above)."""


PAGE_WIDTH_PT = {True: 842 - 72, False: 595 - 72}
"""Printable width of A4 (landscape, portrait) in points: the page less the two 0.5-inch margins."""
CHART_HEIGHT_CM = 12.5
"""Tallest chart: it shares its printed page with the repeated title and header rows (about 3.5 cm)."""
MIN_SCALE = 9 / 11
"""Body text is 11 pt; printed at this scale or more it stays at least 9 pt on paper."""
ROW_PT = 15.0
"""Height of one default row in points (11 pt text)."""


def shown_width(text: str) -> int:
    """How many character widths ``text`` takes on a sheet or a terminal: a Chinese, Japanese or Korean
    letter (East Asian wide or full-width) takes two, a combining accent none (a name typed as e + its
    accent shows as one letter). A column sized by len() cut such names, and tables lined up by it slipped.
    """
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def printed_width_pt(widths: Sequence[float]) -> float:
    """Width in points of columns given in characters, as Excel and LibreOffice lay them out (7 px a character + 5 px)."""
    return sum(math.trunc(7 * w + 5) for w in widths) * 0.75


def fits_page_width(widths: Sequence[float], *, landscape: bool) -> bool:
    """True when these columns, scaled to one page width, keep the text at least 9 pt."""
    return printed_width_pt(widths) * MIN_SCALE <= PAGE_WIDTH_PT[landscape]


def wrapped_lines(text: str, width: float, bold: bool = False) -> int:
    """Lines a text takes when wrapped at word boundaries in a column ``width`` characters wide (bold: a little less)."""
    room = max(1, int(width) - (1 if bold else 0))
    text = str(text)
    if len(text) <= room and text.isascii():
        return 1  # its words and the blanks between them fit on one line: most names and notes of a result table
    lines, used = 1, 0
    for word in text.split():
        size = shown_width(word)
        need = size if used == 0 else used + 1 + size
        if need <= room or used == 0:
            used = need
        else:
            lines, used = lines + 1, size
    return lines


def printed_lines(text: str, width: int = 120) -> list[str]:
    """A long note as lines of at most ``width`` characters, broken between words: each on a row of its own,
    so that it prints whole within the page instead of running off its edge (or splitting mid-word)."""
    import textwrap  # only printouts break notes into lines: a recalculation never loads it

    return textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [""]


def header_height(names: Sequence[str], widths: Sequence[float]) -> float:
    """Points needed by a header row whose texts wrap in their columns."""
    lines = max((wrapped_lines(n, w, bold=True) for n, w in zip(names, widths)), default=1)
    return ROW_PT * lines + 3


def wrapped_row_heights(
    rows: Sequence[tuple[Cell, ...]], widths: Sequence[float], columns: Sequence[int], first: int = FIRST_ROW
) -> tuple[tuple[int, float], ...]:
    """Heights of the rows from ``first`` on whose texts wrap onto more than one line in ``columns``.

    Set explicitly: LibreOffice keeps a file's default row height and would print the
    wrapped lines over the next row.
    """
    heights = []
    wrapped = [(c - 1, widths[c - 1]) for c in columns]
    for number, row in enumerate(rows[first - 1 :], start=first):
        lines = 1
        for index, width in wrapped:  # a loop, not max() over a generator: this runs for every row of a Games sheet
            if index < len(row):
                value = row[index].value
                if type(value) is str and value:
                    lines = max(lines, wrapped_lines(value, width))
        if lines > 1:
            heights.append((number, ROW_PT * lines))
    return tuple(heights)


PAGE_HEIGHT_PT = {True: 595.3 - 2 * 0.6 * 72, False: 841.9 - 2 * 0.6 * 72}
"""Printable height of A4 in points (the 0.6-inch top and bottom margins the stores write)."""
TITLE_ROW_PT = 19.0
"""The 14 pt title row."""


def group_breaks(
    rows: Sequence[tuple[Cell, ...]],
    groups: Sequence[object],
    widths: Sequence[float],
    setup: dict[str, Any],
) -> tuple[int, ...]:
    """Page breaks that keep each group of data rows (e.g. one game's players) on one printed page.

    ``groups`` holds a key per data row from :data:`FIRST_ROW`. Pages are filled in
    order with whole groups, at the sheet's printed scale, under the repeated title
    and header rows, keeping a tenth of the page spare for the programs' own rounding.
    """
    landscape = setup["landscape"]
    printed = widths[: len(rows[FIRST_ROW - 2]) if len(rows) >= FIRST_ROW - 1 else len(widths)]
    scale = min(1.0, PAGE_WIDTH_PT[landscape] / printed_width_pt(printed)) if setup["fit_to_width"] else 1.0
    heights = dict(setup["row_heights"])
    titles = TITLE_ROW_PT + 2 * ROW_PT + heights.get(FIRST_ROW - 1, ROW_PT)
    room = PAGE_HEIGHT_PT[landscape] / scale * 0.9 - titles
    breaks: list[int] = []
    used = 0.0
    row = FIRST_ROW
    while row - FIRST_ROW < len(groups):
        key = groups[row - FIRST_ROW]
        end = row
        while end + 1 - FIRST_ROW < len(groups) and groups[end + 1 - FIRST_ROW] == key:
            end += 1
        height = sum(heights.get(r, ROW_PT) for r in range(row, end + 1))
        if used and used + height > room:
            breaks.append(row - 1)
            used = 0.0
        used += height
        row = end + 1
    return tuple(breaks)


def rows_for(height_cm: float) -> int:
    """Default rows covered by an object ``height_cm`` tall."""
    return math.ceil(height_cm * 72 / 2.54 / ROW_PT) + 1


def table_print(
    rows: Sequence[tuple[Cell, ...]],
    names: Sequence[str],
    widths: Sequence[float],
    printed_columns: int,
    landscape: bool = True,
) -> dict[str, Any]:
    """Print fields of a titled result table: A4, title and header rows repeated, header tall enough.

    Only the first ``printed_columns`` print (an exact-fraction column after them stays on screen).
    Scaled to one page width when the text stays at least 9 pt; otherwise printed at full size
    over several pages across, the rank and player columns repeated on each.
    """
    last = max(len(rows), FIRST_ROW - 1)
    printed = widths[:printed_columns]
    fit = fits_page_width(printed, landscape=landscape)
    return {
        "landscape": landscape,
        "print_area": f"A1:{column_letter(printed_columns)}{last}",
        "print_title_rows": f"1:{FIRST_ROW - 1}",
        "print_title_columns": "" if fit else "A:B",
        "fit_to_width": fit,
        "row_heights": ((FIRST_ROW - 1, header_height(names, widths)),),
    }


