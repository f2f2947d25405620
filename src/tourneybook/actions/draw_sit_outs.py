"""The TD's sit-outs and double boards of a Diplomacy draw: spread over the players, typed once (issue 32).

Seed 003, II.5: when the boards are not full "the TD may ask designated players
to sit out or play on two boards". Seed 004, section 6: "We will try to avoid
that the same person sit out two times". So a player the TD names who has sat
out (or played two boards) before is said so; with ``--fill sit-out`` or
``--fill double`` the draw chooses them, those who have done it least often
first (:func:`tourneybook.draws.sit_outs.fewest_first`); and where the layout
has a sit-outs sheet (Italia 2010, the one record the scoring reads) the
sit-outs of the rounds drawn are typed there as its rows, so a name is typed
once. Only the new rows' cells are written; the sheet is otherwise untouched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..draws import DrawnRounds, Round
from ..draws.sit_outs import doubled, fewest_first, sat_out
from ..errors import Collector, InputError
from ..workbook.draw_rows import PLAYER, ROUND, Typing
from ..workbook.reader import read_sheet
from .draw_reading import DrawEvent

BOARD = 7
"""Players per Diplomacy board."""
FILLS = ("sit-out", "double")
"""What ``--fill`` chooses: who sits out, or who plays two boards."""


def fill_and_say(event: DrawEvent, wanted: Sequence[int], history: Sequence[Round], sitting: dict[int, list[str]],
                 doubling: list[str], fill: str | None, rng: random.Random, out: Collector) -> list[str]:
    """Complete the boards as ``fill`` asks (``sitting`` and ``doubling`` grow in place); the notes to show.

    A player named (or chosen) who sat out or played two boards before is named
    in a note, with the rounds; the draw chooses such a player only when
    everyone else available has done it as often.
    """
    if fill is not None and fill not in FILLS:
        out.add(f"--fill {fill}: say --fill sit-out or --fill double")
        return []
    if fill is not None and not event.sheet.family.takes_sit_outs:
        out.add("--fill chooses Diplomacy sit-outs or double boards")
        return []
    sat = sat_out(history, {r.number: event.attending(r.number) for r in history})
    twice = doubled(history)
    notes = []
    for number in wanted:
        here = event.attending(number)
        if fill is not None:
            seats = len(here) - len(sitting[number]) + len(doubling)
            free = [p for p in here if p not in sitting[number] and p not in doubling]
            if fill == "sit-out" and seats % BOARD:
                sitting[number] += fewest_first(free, seats % BOARD, sat, rng)
            elif fill == "double" and seats % BOARD:
                if len(wanted) > 1:
                    out.add("--fill double chooses the double boards of one round: draw one round at a time")
                    return []
                doubling += fewest_first(free, BOARD - seats % BOARD, twice, rng)
        for name in sitting[number]:
            if sat[name]:
                notes.append(f"round {number}: {name} sits out again (sat out {_times(sat[name])} before); seed 004 "
                             "asks to avoid a second sit-out where another player can sit out instead")
        for name in doubling:
            if twice[name]:
                notes.append(f"round {number}: {name} plays two boards again (did {_times(twice[name])} before)")
        sat.update(sitting[number])  # a round drawn now counts for the next one (--all)
        twice.update(doubling)
    return notes


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def sit_out_rows(event: DrawEvent, draw: DrawnRounds) -> tuple[dict[tuple[int, int], object], list[str]]:
    """The cells of the layout's sit-outs sheet for the rounds drawn (new rows only), and what was typed where."""
    schema = event.layout.sit_outs
    if schema is None:
        return {}, []
    grid = event.sheets.grid(schema.name)
    on_sheet = {(r[ROUND], r[PLAYER]) for r in read_sheet(grid, schema, Collector(InputError), players=event.names)}
    typing = Typing(grid)
    line = typing.last_filled(len(schema.columns))
    typed = []
    for rnd in draw.rounds:
        for name in rnd.sitting_out:
            if (rnd.number, name) in on_sheet:
                continue
            line += 1
            typing.put(line, schema.index(ROUND), rnd.number)
            typing.put(line, schema.index(PLAYER), name)
            typed.append(f"round {rnd.number}: {name} (row {line})")
    notes = [f"sit-outs typed on the '{schema.name}' sheet, where the scoring reads them: {'; '.join(typed)}"] if typed else []
    return typing.cells, notes


__all__ = ["FILLS", "fill_and_say", "sit_out_rows"]
