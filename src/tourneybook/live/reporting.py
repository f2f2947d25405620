"""A phone's report checked as if it were typed into the workbook: the same rules code, the same sentences.

The report's values are typed into a copy of the last good workbook state
(:meth:`.draw.Snapshot.with_cells`, in memory only) and the recalculation's own
reading checks it (:func:`~tourneybook.workbook.event.read_event`): a problem
reads exactly as ``recalc`` would print it, with the form's field named instead
of the cell. Without a problem, the game's points are computed by the ruleset.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..publish.tables import shown
from ..workbook.event import event_result, read_event
from .draw import Draw, DrawnTable, Field, Snapshot
from .stages import draw_cells

WHOLE = re.compile(r"[+-]?\d{1,9}")
CLOCK = re.compile(r"(\d{1,2})[:.h](\d{2})")
MAX_TEXT = 200
"""Characters kept of one field: a note, not a novel (the body limit stops anything larger)."""


@dataclass(frozen=True)
class Checked:
    problems: tuple[str, ...]
    """Every problem, each naming the field ('VP 2: "abc" is not a whole number')."""
    points: tuple[tuple[str, str, str], ...]
    """(seat, player, points) of the table's game, when the report has no problem."""

    @property
    def ok(self) -> bool:
        return not self.problems


def cell_value(text: str) -> Any:
    """What the organiser would have typed: a whole number or a time as such, other words as text."""
    text = text.strip()[:MAX_TEXT]
    if not text:
        return None
    if WHOLE.fullmatch(text):
        return int(text)
    clock = CLOCK.fullmatch(text)
    if clock and int(clock[1]) < 24 and int(clock[2]) < 60:
        return dt.time(int(clock[1]), int(clock[2]))
    return text


def typed_cells(draw: Draw, table: DrawnTable, values: Mapping[str, str]) -> dict[tuple[int, int], Any]:
    """The report's values by (row, column) of the draw sheet; blank fields as empty cells. A knock-out match not
    yet on its sheet gets its stage and players too, as the director would type them."""
    results = {(f.line, draw.columns[f.header]): cell_value(values.get(f.key, "")) for f in draw.fields(table)}
    return {**draw_cells(draw, table), **results}


def check_report(snapshot: Snapshot, draw: Draw, table: DrawnTable, values: Mapping[str, str]) -> Checked:
    """Check a report of ``table`` against ``snapshot`` (the last good state) and compute its points."""
    fields = draw.fields(table)
    if not any(values.get(f.key, "").strip() for f in fields):
        return Checked(("nothing is filled in: type the result as on the paper form",), ())
    typed = snapshot.with_cells(draw.sheet, typed_cells(draw, table, values))
    at = {f"{draw.letters[f.header]}{f.line}": f for f in fields}
    try:
        result = event_result(read_event(typed))
    except InputError as exc:
        return Checked(tuple(_worded(p, draw, at) for p in exc.problems), ())
    game = next((g for g in result.games if game_of(g.game) == (table.round, table.table)), None)
    if game is None:
        return Checked((), stage_points(result.extras, table))
    return Checked((), tuple((s.seat, s.player, shown(s.points)) for s in game.players))


STAGE_FIGURES = ("wins", "vp totals", "winner")
"""What a knock-out match's row of the results says about it: the match's "points"."""
FINAL_SCORE = "final game score"


def stage_points(extras, table: DrawnTable) -> tuple[tuple[str, str, str], ...]:
    """What a report of the final or a knock-out match gives, from the result's own tables: each finalist's
    final game score, or the match's wins, VP totals and winner; () for a table of neither."""
    seat_of = {s.player: s.seat for s in table.seats}
    for extra in extras:
        headers = [str(h).lower() for h in extra.headers]
        if table.stage and "stage" in headers:
            row = next((r for r in extra.rows if r[headers.index("stage")] == table.stage), None)
            if row is not None:
                return tuple((extra.headers[i], "", str(shown(row[i]))) for i, h in enumerate(headers) if h in STAGE_FIGURES)
        elif not table.stage and FINAL_SCORE in headers and "player" in headers:
            at, score = headers.index("player"), headers.index(FINAL_SCORE)
            found = tuple((seat_of[r[at]], r[at], str(shown(r[score]))) for r in extra.rows if r[at] in seat_of)
            if found:
                return found
    return ()


def game_of(name: str) -> tuple[int, int] | None:
    """(round, table) of a game named 'R2 T5' or 'R1 B3' by the rules; None for another game (the final)."""
    found = re.fullmatch(r"R(\d+) [A-Z](\d+)", name)
    return (int(found[1]), int(found[2])) if found else None


def _worded(problem, draw: Draw, at: Mapping[str, Field]) -> str:
    field = at.get(problem.cell) if problem.sheet == draw.sheet else None
    return f"{field.label}: {problem.message}" if field else str(problem)


__all__ = ["Checked", "cell_value", "check_report", "typed_cells"]
