"""The workbook of a best-N Diplomacy system that scores the final count (Sum of Squares, Draw Size Scoring,
C-Diplo 100, OpenTribute): the final-count Boards sheet, read into the :mod:`tourneybook.rules.best_n` record.

Each system's layout module is one call of :func:`best_n_layout`. Stand-ins (the
Players sheet) fill a board and are scored for it, but not ranked. Draw Size
Scoring adds the In draw column: left empty on a board, the draw is every
survivor; a yes on any row records the draw as the powers marked yes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ...errors import Collector, InputError, Problem
from ...rules.base import Ruleset
from ...rules.best_n import Entrant, Tournament
from ...rules.diplomacy import Board, Power
from ...rules.ranking import Adjustment
from ..generic import ADJUSTMENTS, LOT, NAME, PLAYER as ADJUSTED, PLAYERS, POINTS, REASON, STAND_IN, Player, attendance
from ..layout import Entries, Layout, SheetRows
from ..schema import Column, EntrySheet, Kind
from .diplomacy import (
    ELIMINATED,
    IN_DRAW,
    POWER,
    YEARS,
    Block,
    blocks,
    board_rows,
    final_count_sheet,
    locate_sit_out_problems,
    lot_decisions,
    place_final_count_problems,
    read_final_counts,
    read_sit_outs,
    sit_out_rows,
)

IN_DRAW_COLUMN = Column(IN_DRAW, Kind.YES_NO, width=8,
                        help="Only when the draw left survivors out: yes on each power in the draw. Empty: every "
                             "survivor shares the draw.")
CONCEDED = "Conceded to"
"""The column of a game the others conceded: yes on the power it was conceded to, scored as its solo."""
CONCEDED_COLUMN = Column(CONCEDED, Kind.YES_NO, width=10,
                         help="Only when the others conceded the game: yes on the power they conceded it to (scored "
                              "as its solo). Empty: no concession.")
BOARDS_HELP = ("Seven rows per board, one per power (AEFGIRT), as on the centre-count sheet: the player, the centres at "
               "the end of the game and, for an eliminated power, 0 and the year.")


def boards_sheet(centres_help: str, *, with_draw: bool = False, with_concession: bool = False,
                 years_needed: str = "") -> EntrySheet:
    """The final-count Boards sheet; ``with_draw`` adds the In draw column after Eliminated in, ``with_concession``
    the Conceded to column after it; ``years_needed`` (the system that needs them) makes the year columns
    required, saying so in the help, instead of optional."""
    years = (f" The count after every Fall from 1901 to the end is needed ({years_needed} scores it)." if years_needed
             else " The year columns are optional.")
    sheet = final_count_sheet(BOARDS_HELP + years, centres_help)
    at = next(i for i, c in enumerate(sheet.columns) if c.header == ELIMINATED) + 1  # beside the final count
    added = (IN_DRAW_COLUMN,) * with_draw + (CONCEDED_COLUMN,) * with_concession
    columns = (*sheet.columns[:at], *added, *sheet.columns[at:])
    if years_needed:
        columns = tuple(replace(c, help=f"The centres after this Fall, every year to the end of the game ({years_needed} "
                                        "needs them).") if c.header in YEARS else c for c in columns)
    return replace(sheet, columns=columns)


def recorded_draw(block: Block) -> tuple[Power, ...] | None:
    """The powers marked yes in In draw, when any row of the board has the column filled; None otherwise."""
    if all(row.get(IN_DRAW) is None for row in block.rows):
        return None
    return tuple(Power(row[POWER]) for row in block.rows if row.get(IN_DRAW))


def conceded_to(block: Block, out: Collector) -> Power | None:
    """The power marked yes in Conceded to; a second yes is a problem at its cell."""
    marked = [row for row in block.rows if row.get(CONCEDED)]
    for row in marked[1:]:
        out.extend([row.problem(f"board {block.label} is already conceded to {marked[0][POWER]} (row {marked[0].line}): "
                                "a game is conceded to one power", CONCEDED)])
    return Power(marked[0][POWER]) if marked else None


def best_n_layout(ruleset: Ruleset, problems_of: Callable[[Tournament], list[Problem]], boards: EntrySheet,
                  instructions: tuple[str, ...], sit_outs: EntrySheet | None = None) -> Layout:
    """The layout of ``ruleset`` (a :func:`~tourneybook.rules.best_n.best_n_ruleset` value) on ``boards``;
    ``problems_of`` finds everything wrong with its tournament record (its scheme's tournament_problems);
    ``sit_outs``: the Sit-outs sheet of a system that scores the TD's sit-outs (the Diplomacy event)."""
    with_draw = any(c.header == IN_DRAW for c in boards.columns)
    with_concession = any(c.header == CONCEDED for c in boards.columns)

    def to_tournament(entries: Entries, players: Sequence[Player], settings: Any, adjustments: Sequence[Adjustment],
                      name: str) -> Tournament:
        """The tournament record of the Boards sheet: drawn boards not yet played are left out."""
        out = Collector(InputError)
        sat_rows = entries[sit_outs.name] if sit_outs is not None else ()
        sat = read_sit_outs(sat_rows, blocks(entries[boards.name]), out)
        played, games = read_final_counts(entries[boards.name], players, out, also={s.player for s in sat})
        if with_draw:
            games = tuple(replace(g, draw=recorded_draw(played[g.label])) for g in games)
        if with_concession:
            games = tuple(replace(g, conceded_to=conceded_to(played[g.label], out)) for g in games)
            out.raise_if_any()
        t = ruleset.tournament_of(name or ruleset.name, games, settings)
        t = replace(t, adjustments=tuple(adjustments), lot_decisions=lot_decisions(players),
                    players=tuple(Entrant(p.name, td=p.stand_in) for p in players), attendance=attendance(players),
                    sit_outs=sat)
        place_final_count_problems(locate_sit_out_problems(problems_of(t), sat_rows), played, out)
        return t

    def to_rows(t: Tournament) -> SheetRows:
        """The rows an organiser types for ``t``; the lot decisions read back in Players order."""
        ordered = sorted(t.games, key=lambda b: (b.round, b.board))
        lots = dict(t.lot_decisions)
        entrants = t.players or tuple(Entrant(n) for n in dict.fromkeys(p.player for b in ordered for p in b.in_power_order()))
        rows: list[dict[str, Any]] = [{NAME: e.name, STAND_IN: True if e.td else None, LOT: lots.get(e.name)}
                                      for e in entrants]
        typed = {PLAYERS.name: rows, boards.name: [row for b in ordered for row in _board_rows(b, with_draw=with_draw, with_concession=with_concession)],
                 ADJUSTMENTS.name: [{ADJUSTED: a.player, POINTS: a.points, REASON: a.reason} for a in t.adjustments]}
        return typed | ({sit_outs.name: sit_out_rows(t.sit_outs)} if sit_outs is not None else {})

    return Layout(ruleset=ruleset.id, sheets=(boards,) + ((sit_outs,) if sit_outs is not None else ()),
                  to_tournament=to_tournament, to_rows=to_rows, instructions=instructions, sit_outs=sit_outs)


def _board_rows(board: Board, *, with_draw: bool, with_concession: bool) -> list[dict[str, Any]]:
    """The seven rows of ``board``; with the In draw column, yes on each power of a recorded draw; with the
    Conceded to column, yes on the power a concession went to."""
    rows = board_rows(board, final_column=True)
    for row in rows:
        if with_draw and board.draw is not None:
            row[IN_DRAW] = Power(row[POWER]) in board.draw
        if with_concession and board.conceded_to is not None and Power(row[POWER]) is board.conceded_to:
            row[CONCEDED] = True
    return rows


__all__ = ["CONCEDED", "CONCEDED_COLUMN", "IN_DRAW_COLUMN", "best_n_layout", "boards_sheet", "conceded_to", "recorded_draw"]
