"""The published tables as pandas DataFrames: standings.csv and games.csv.

Numbers are written as the workbook shows them (2 decimals, rounded half up);
the exact value of a total whose rounding hides something is in "Exact total".
UTF-8 with a BOM, so that Excel opens accented names correctly by double-click.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd

from ..numbers import SquareRoot, display, exact, round_half_up
from ..files.store import formula_like
from ..rules.ranking import LotState
from .published import GAMES_CSV, STANDINGS_CSV, Published, write_output


def shown(value: Any) -> Any:
    """A cell of a published table: numbers as displayed, enums by their value, nothing as ''."""
    if value is None:
        return ""
    if isinstance(value, (Fraction, SquareRoot)):
        return display(value)
    if hasattr(value, "value") and hasattr(value, "name"):
        return value.value
    return value


def neutralised(value: Any) -> Any:
    """A published text cell that no spreadsheet runs as a formula: one starting like a formula gets a
    leading apostrophe (OWASP's advice); numbers, already shown as text ('-3.00'), stay as they are."""
    if formula_like(value) and not _is_number(value):
        return "'" + value
    return value


def _is_number(text: str) -> bool:
    try:
        Fraction(text)  # '-3.00', and an exact total such as '-7/3'
    except ValueError:
        return False
    return True


def standings_frame(published: Published) -> pd.DataFrame:
    """One row per place: rank, player, club, total, tie-breaks, what decided it, lot, adjustment."""
    standings = published.result.standings
    clubs = published.clubs
    records = []
    for r in standings.rows:
        record: dict[str, Any] = {"Rank": r.rank, "Player": r.player}
        if clubs:
            record["Club"] = clubs.get(r.player, "")
        record[standings.total_name] = shown(r.total)
        for name, value in r.tiebreaks:
            record[name] = shown(value)
        record["Decided by"] = r.decided_by or ""
        record["Lot"] = {LotState.SUGGESTED: "suggested lot", LotState.DECIDED: "decided by lot"}.get(r.lot, "") if r.lot else ""
        record["Adjustment"] = shown(r.adjustment) if r.adjustment else ""
        record["Reason"] = "; ".join(r.adjustment_reasons)
        if any(row.mark for row in standings.rows):
            record["Attendance"] = r.mark
        record["Exact total"] = exact(r.total) if round_half_up(r.total, 2) != r.total else ""
        records.append(record)
    return pd.DataFrame.from_records(records)


def games_frame(published: Published) -> pd.DataFrame:
    """One row per player per game, with the named parts of the points."""
    records = []
    for game in published.result.games:
        for player in game.players:
            record: dict[str, Any] = {"Game": game.game, "Player": player.player, "Seat": player.seat, "Points": shown(player.points)}
            record.update({name: shown(value) for name, value in player.parts})
            records.append(record)
    return pd.DataFrame.from_records(records).fillna("")


def write_tables(published: Published, out: Path) -> list[Path]:
    """standings.csv and games.csv in ``out``."""
    written = []
    for frame, name in ((standings_frame(published), STANDINGS_CSV), (games_frame(published), GAMES_CSV)):
        text = frame.map(neutralised).to_csv(index=False)
        written.append(write_output(out / name, text.encode("utf-8-sig")))
    return written


__all__ = ["games_frame", "shown", "standings_frame", "write_tables"]
