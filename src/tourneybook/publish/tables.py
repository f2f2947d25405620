"""The published tables as pandas DataFrames: standings.csv and games.csv.

Numbers are written as the workbook shows them (2 decimals, rounded half up);
the exact value of a total whose rounding hides something is in "Exact total".
UTF-8 with a BOM, so that Excel opens accented names correctly by double-click.
In the event's language (Settings, 'Language'): its headers and words, its decimal mark, and the
separator its Excel and LibreOffice read by double-click (';' where the decimal mark is a comma:
Spanish, German, Italian, French; ',' in English; :attr:`~tourneybook.i18n.Language.csv_separator`).
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

from ..i18n import N_
from ..numbers import exact, round_half_up, shown
from ..files.store import formula_like
from ..rules.ranking import LotState
from .published import GAMES_CSV, STANDINGS_CSV, Published, write_output


CELL_STARTS = ",;\"\r\n"
"""Where a spreadsheet may start a cell inside a CSV line: after either list separator (',' in English, ';' where the
decimal mark is a comma: German, French, Dutch), after a quote (a field that opens with one under the other
separator), or after a line break. A text cell is safe whichever separator the spreadsheet that opens it uses."""


def neutralised(value: Any) -> Any:
    """A published text cell that no spreadsheet runs as a formula, whether it splits the line at ',' or at ';'.

    Every place where a cell could start in it (its beginning, and after each of :data:`CELL_STARTS`, spaces
    skipped) that starts like a formula ('=', '+', '-', '@', a tab, a carriage return: DDE links such as
    ``=cmd|' /C calc'!A0`` included) gets an apostrophe before it (OWASP's advice): 'y;=1+10;' is written
    "y;'=1+10;", which a ';' spreadsheet opens as the texts 'y' and "'=1+10". Numbers, already shown as text
    ('-3.00', an exact total '-7/3'), stay as they are. Quoting alone would not do: a quote is only a quote at the
    start of a field, and under the other separator the field starts elsewhere.
    """
    if not isinstance(value, str) or _is_number(value):
        return value
    written, cell_starts = [], True
    for char in value:
        if cell_starts and formula_like(char):
            written.append("'")
            cell_starts = False
        elif cell_starts and char != " ":
            cell_starts = False
        written.append(char)
        if char in CELL_STARTS:
            cell_starts = True
    return "".join(written)


def _is_number(text: str) -> bool:
    if text != text.strip():  # Fraction reads ' 1\r\r' as 1: a line break or a tab around it is no number's
        return False
    try:
        Fraction(text)  # '-3.00', and an exact total such as '-7/3'
    except ValueError:
        return False
    return True


LOT_WORDS = {LotState.SUGGESTED: N_("suggested lot"), LotState.DECIDED: N_("decided by lot")}
"""The Lot column's words."""


def standings_frame(published: Published) -> pd.DataFrame:
    """One row per place: rank, player, club, total, tie-breaks, what decided it, lot, adjustment; its headers and
    words in the event's language (numbers as shown in English: :func:`write_tables` writes their decimal mark)."""
    _ = published.words._
    standings = published.result.standings
    clubs = published.clubs
    records = []
    for r in standings.rows:
        record: dict[str, Any] = {_("Rank"): r.rank, _("Player"): r.player}
        if clubs:
            record[_("Club")] = clubs.get(r.player, "")
        record[_(standings.total_name)] = shown(r.total)
        for name, value in r.tiebreaks:
            record[_(name)] = shown(value)
        record[_("Decided by")] = _(r.decided_by) if r.decided_by else ""
        record[_("Lot")] = _(LOT_WORDS[r.lot]) if r.lot in LOT_WORDS else ""
        record[_("Adjustment")] = shown(r.adjustment) if r.adjustment else ""
        record[_("Reason")] = "; ".join(r.adjustment_reasons)
        if any(row.mark for row in standings.rows):
            record[_("Attendance")] = _(r.mark)
        record[_("Exact total")] = exact(r.total) if round_half_up(r.total, 2) != r.total else ""
        records.append(record)
    return pd.DataFrame.from_records(records)


def games_frame(published: Published) -> pd.DataFrame:
    """One row per player per game, with the named parts of the points; headers, seats, parts and their words (a
    solo's 'yes' or 'conceded') in the event's language."""
    _ = published.words._
    records = []
    for game in published.result.games:
        for player in game.players:
            record: dict[str, Any] = {_("Game"): game.game, _("Player"): player.player, _("Seat"): _(player.seat),
                                      _("Points"): shown(player.points)}
            record.update({_(name): _(value) if isinstance(value, str) else shown(value)  # a solo's 'yes', 'conceded'
                           for name, value in player.parts})
            records.append(record)
    return pd.DataFrame.from_records(records).fillna("")


def write_tables(published: Published, out: Path) -> list[Path]:
    """standings.csv and games.csv in ``out``, in the event's language (Settings, 'Language'): its separator and
    decimal mark (the cells are made safe first, on the numbers as TourneyBook writes them)."""
    words = published.words
    written = []
    frames = ((standings_frame(published), STANDINGS_CSV), (games_frame(published), GAMES_CSV))
    for frame, name in frames:
        text = csv_text(frame, words.language.csv_separator, words.number)
        written.append(write_output(out / name, text.encode("utf-8-sig")))
    return written


def csv_text(frame: pd.DataFrame, separator: str = ",", number: Callable[[Any], Any] | None = None) -> str:
    """``frame`` as CSV text, every text cell and header :func:`neutralised`, then each cell written by ``number``
    (a language's decimal mark): made safe first, on the numbers as TourneyBook writes them, or '-3,00' would be
    taken for text and get its apostrophe."""
    safe = frame.map(neutralised).rename(columns=neutralised)
    return (safe.map(number) if number else safe).to_csv(index=False, sep=separator)


__all__ = ["CELL_STARTS", "csv_text", "games_frame", "neutralised", "standings_frame", "write_tables"]
