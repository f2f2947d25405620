"""The workbook of a best-N Diplomacy system that scores the final count (Sum of Squares, Draw Size Scoring,
C-Diplo 100, OpenTribute): the final-count Boards sheet, read into the :mod:`tourneybook.rules.best_n` record.

Each system's layout module is one call of :func:`best_n_layout`. Stand-ins (the
Players sheet) fill a board and are scored for it, but not ranked. Draw Size
Scoring adds the In draw column: left empty on a board, the draw is every
survivor; a yes on any row records the draw as the powers marked yes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...errors import Collector, InputError
from ...rules.base import Ruleset
from ...rules.best_n import Entrant, Scheme, Tournament
from ...rules.diplomacy import Board, Power
from ...rules.ranking import Adjustment
from ..generic import ADJUSTMENTS, LOT, NAME, PLAYER as ADJUSTED, PLAYERS, POINTS, REASON, STAND_IN, Player, attendance
from ..layout import Entries, Layout, SheetRows
from ..schema import Column, EntrySheet, Kind
from .diplomacy import (
    ELIMINATED,
    IN_DRAW,
    POWER,
    Block,
    board_rows,
    final_count_sheet,
    lot_decisions,
    place_final_count_problems,
    read_final_counts,
)

IN_DRAW_COLUMN = Column(IN_DRAW, Kind.YES_NO, width=8,
                        help="Only when the draw left survivors out: yes on each power in the draw. Empty: every "
                             "survivor shares the draw.")


def boards_sheet(centres_help: str, *, with_draw: bool = False) -> EntrySheet:
    """The final-count Boards sheet; ``with_draw`` adds the In draw column after Eliminated in."""
    sheet = final_count_sheet(
        "Seven rows per board, one per power (AEFGIRT), as on the centre-count sheet: the player, the centres at the "
        "end of the game and, for an eliminated power, 0 and the year. The year columns are optional.",
        centres_help,
    )
    if not with_draw:
        return sheet
    at = next(i for i, c in enumerate(sheet.columns) if c.header == ELIMINATED) + 1  # beside the final count
    return replace(sheet, columns=(*sheet.columns[:at], IN_DRAW_COLUMN, *sheet.columns[at:]))


def recorded_draw(block: Block) -> tuple[Power, ...] | None:
    """The powers marked yes in In draw, when any row of the board has the column filled; None otherwise."""
    if all(row.get(IN_DRAW) is None for row in block.rows):
        return None
    return tuple(Power(row[POWER]) for row in block.rows if row.get(IN_DRAW))


def best_n_layout(ruleset: Ruleset, scheme: Scheme, boards: EntrySheet, instructions: tuple[str, ...]) -> Layout:
    """The layout of ``ruleset`` (a :func:`~tourneybook.rules.best_n.best_n_ruleset` value of ``scheme``) on
    ``boards``."""
    with_draw = any(c.header == IN_DRAW for c in boards.columns)

    def to_tournament(entries: Entries, players: Sequence[Player], settings: Any, adjustments: Sequence[Adjustment],
                      name: str) -> Tournament:
        """The tournament record of the Boards sheet: drawn boards not yet played are left out."""
        out = Collector(InputError)
        played, games = read_final_counts(entries[boards.name], players, out)
        if with_draw:
            games = tuple(replace(g, draw=recorded_draw(played[g.label])) for g in games)
        t = ruleset.tournament_of(name or ruleset.name, games, settings)
        t = replace(t, adjustments=tuple(adjustments), lot_decisions=lot_decisions(players),
                    players=tuple(Entrant(p.name, td=p.stand_in) for p in players), attendance=attendance(players))
        place_final_count_problems(scheme.tournament_problems(t), played, out)
        return t

    def to_rows(t: Tournament) -> SheetRows:
        """The rows an organiser types for ``t``; the lot decisions read back in Players order."""
        ordered = sorted(t.games, key=lambda b: (b.round, b.board))
        lots = dict(t.lot_decisions)
        entrants = t.players or tuple(Entrant(n) for n in dict.fromkeys(p.player for b in ordered for p in b.in_power_order()))
        rows: list[dict[str, Any]] = [{NAME: e.name, STAND_IN: True if e.td else None, LOT: lots.get(e.name)}
                                      for e in entrants]
        return {PLAYERS.name: rows, boards.name: [row for b in ordered for row in _board_rows(b, with_draw)],
                ADJUSTMENTS.name: [{ADJUSTED: a.player, POINTS: a.points, REASON: a.reason} for a in t.adjustments]}

    return Layout(ruleset=ruleset.id, sheets=(boards,), to_tournament=to_tournament, to_rows=to_rows,
                  instructions=instructions)


def _board_rows(board: Board, with_draw: bool) -> list[dict[str, Any]]:
    """The seven rows of ``board``; with the In draw column, yes on each power of a recorded draw."""
    rows = board_rows(board, final_column=True)
    if with_draw and board.draw is not None:
        for row in rows:
            row[IN_DRAW] = Power(row[POWER]) in board.draw
    return rows


__all__ = ["IN_DRAW_COLUMN", "best_n_layout", "boards_sheet", "recorded_draw"]
