"""Italia 2010's top board (seed 004, section 4): what its layout provides the draw.

The best seven of the standings so far play board 1, drawing their powers from
the cup in ranking order; the rest are drawn on boards 2... as any round. The
round is marked as the top board's on the Rounds sheet, where a second top
board is refused.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...errors import InputError, Problem
from ...files.address import column_letter
from ...files.store import WorkbookStore
from ...rules.base import Family
from .. import cells
from ..draw_rows import ROUND, Typing
from ..layout import TopBoard
from ..schema import FIRST_DATA_ROW, EntrySheet

if TYPE_CHECKING:  # the draw engine is loaded by the draw, never by a recalc
    import random

    from ...draws import DrawnRounds, Round


def draw_top_board(
    rounds: EntrySheet, top_header: str, boards: str, event_of: Callable[[], Any], store: WorkbookStore,
    field_names: Sequence[str], history: Sequence[Round], groups: Sequence[Sequence[str]],
    number: int, sitting: Sequence[str], doubles: Sequence[str], rng: random.Random, draw_only: Sequence[int],
) -> DrawnRounds:
    """Seed 004, 4.1: the best seven so far on board 1, powers from the cup in ranking order; the rest on boards 2...

    The ranking is the standings after every round before (seed 004, 3.3), so
    each of them must be played. ``event_of()`` reads the event (once, after the checks here).
    """
    from ...draws import DrawnRounds, DrawnTable, Round, draw_diplomacy, draw_italia_top_board

    if draw_only:
        raise InputError(Problem(f"round {draw_only[0]} is drawn but not played: the top board is drawn from "
                                 "the standings after every round before it", sheet=boards))
    rounds_grid = store.read(rounds.name) if rounds.name in store.sheet_names() else None
    if rounds_grid is not None:
        top_col, round_col = rounds.index(top_header), rounds.index(ROUND)
        for line in range(FIRST_DATA_ROW, len(rounds_grid.rows) + 1):
            this_round = rounds_grid.value(line, round_col) in (number, str(number))  # a redraw of the top board
            if not cells.is_empty(rounds_grid.value(line, top_col)) and not this_round:
                raise InputError(Problem("there is one top board (seed 004, section 4) and it is already set here",
                                         sheet=rounds.name, cell=f"{column_letter(top_col)}{line}"))
    event = event_of()
    present = set(field_names)  # a withdrawn player is never on the top board (docs/attendance.md)
    ranked = [r.player for r in event.ruleset.top_board_ranking(event.record).rows
              if r.player not in sitting and r.player in present]
    top = draw_italia_top_board(ranked, rng)
    rest = [p for p in field_names if p not in top.players]
    tables: tuple[DrawnTable, ...] = (top,)
    if [p for p in rest if p not in sitting]:
        rest_groups = [[p for p in g if p in rest] for g in groups]
        others = draw_diplomacy(rest, 1, history, rest_groups, rng=rng,
                                sit_outs={number: [p for p in sitting if p in rest]},
                                doubles={number: [p for p in doubles if p in rest]})
        tables += tuple(DrawnTable(t.number + 1, t.seats, t.reasons) for t in others.rounds[0].tables)
    return DrawnRounds(Family.DIPLOMACY, (Round(number, tables, tuple(sitting)),))


def mark_top_board(schema: EntrySheet, top_header: str, store: WorkbookStore, number: int) -> None:
    """The Rounds sheet's row of round ``number`` gets top board 1 (a new row when the round has none)."""
    typing = Typing(store.read(schema.name))
    round_col, top_col = schema.index(ROUND), schema.index(top_header)
    last = typing.last_filled(len(schema.columns))
    for line in range(FIRST_DATA_ROW, last + 1):
        typed = typing.value(line, round_col)
        if cells.is_empty(typed):
            continue
        try:
            if cells.whole(typed) == number:
                typing.put(line, top_col, 1)
                break
        except cells.CellError:
            continue
    else:
        typing.put(last + 1, round_col, number)
        typing.put(last + 1, top_col, 1)
    store.write_cells(schema.name, typing.cells)


def top_board(rounds: EntrySheet, top_header: str, boards: EntrySheet) -> TopBoard:
    """The top board of a layout that marks it in column ``top_header`` of its ``rounds`` sheet."""
    return TopBoard(functools.partial(draw_top_board, rounds, top_header, boards.name),
                    functools.partial(mark_top_board, rounds, top_header), rounds.name)


__all__ = ["draw_top_board", "mark_top_board", "top_board"]
