"""Sum of Squares in a workbook: the Diplomacy Boards sheet, typed as Sum of Squares scores.

A board is scored on each power's centres at the end of the game; the year an
eliminated power lost its last centre is on the centre-count sheet and checked
like every Diplomacy board's. The year columns are optional: typed, they are
checked against the centres, never needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import Collector, InputError
from ...rules.ranking import Adjustment
from ...rules.sos import RULESET, Settings, Tournament, tournament_problems
from ..generic import ADJUSTMENTS, LOT, NAME, PLAYER as ADJUSTED, PLAYERS, POINTS, REASON, Player, attendance
from ..layout import Entries, Layout, SheetRows
from ..schema import Column, EntrySheet, Kind
from .diplomacy import (
    CENTRES,
    ELIMINATED,
    ELIMINATED_COLUMN,
    PLAYER,
    SEATING_COLUMNS,
    YEARS,
    blocks,
    board_rows,
    check_lots,
    check_seating,
    is_played,
    lot_decisions,
    place,
    read_board,
    year_columns,
)

BOARDS = EntrySheet(
    name="Boards",
    title="Boards: final centres and eliminations",
    help="Seven rows per board, one per power (AEFGIRT), as on the centre-count sheet: the player, the centres at the "
    "end of the game and, for an eliminated power, 0 and the year. The year columns are optional.",
    rows=7 * 30,
    columns=(
        *SEATING_COLUMNS,
        Column(CENTRES, Kind.WHOLE, minimum=0, maximum=34, width=9,
               help="Centres at the end of the game: the score is 100 x centres squared / the board's sum of squares."),
        ELIMINATED_COLUMN,
        *year_columns("Optional: the centres after this Fall; when typed, every year to the end, checked against Centres."),
    ),
)
RESULTS = (CENTRES, ELIMINATED, *YEARS)
"""Any of these typed makes a board played."""


def to_tournament(entries: Entries, players: Sequence[Player], settings: Settings, adjustments: Sequence[Adjustment],
                  name: str) -> Tournament:
    """The tournament record of the Boards sheet: drawn boards not yet played are left out."""
    out = Collector(InputError)
    boards = blocks(entries[BOARDS.name])
    check_seating(boards, out)
    played = [b for b in boards if is_played(b, RESULTS)]
    games = [read_board(b, out, final_column=True, need_history=False) for b in played]
    check_lots(players, {row[PLAYER] for b in played for row in b.rows}, out)
    out.raise_if_any()
    t = Tournament(
        name=name or RULESET.name,
        games=tuple(g for g in games if g is not None),
        settings=settings,
        adjustments=tuple(adjustments),
        lot_decisions=lot_decisions(players),
        players=tuple(p.name for p in players),
        attendance=attendance(players),
    )
    out.extend(place(tournament_problems(t), {b.label: b for b in played}, lambda _: CENTRES))
    out.raise_if_any()
    return t


def to_rows(t: Tournament) -> SheetRows:
    """The rows an organiser types for ``t``; the lot decisions read back in Players order."""
    ordered = sorted(t.games, key=lambda b: (b.round, b.board))
    lots = dict(t.lot_decisions)
    names = t.players or tuple(dict.fromkeys(p.player for b in ordered for p in b.in_power_order()))
    players: list[dict[str, Any]] = [{NAME: n, LOT: lots.get(n)} for n in names]
    boards = [row for b in ordered for row in board_rows(b, final_column=True)]
    adjustments = [{ADJUSTED: a.player, POINTS: a.points, REASON: a.reason} for a in t.adjustments]
    return {PLAYERS.name: players, BOARDS.name: boards, ADJUSTMENTS.name: adjustments}


LAYOUT = Layout(
    ruleset=RULESET.id,
    sheets=(BOARDS,),
    to_tournament=to_tournament,
    to_rows=to_rows,
    instructions=(
        "Boards: copy each centre-count sheet as it comes in: seven rows, Round and Board on each. Centres are the "
        "score; an eliminated power has 0 and its year in Eliminated in. The year columns are optional.",
        "A board with only its players (drawn, not yet played) is left out until its results are typed.",
        "A player may be on two boards of one round when the field is not a multiple of seven.",
    ),
)

__all__ = ["BOARDS", "LAYOUT", "to_rows", "to_tournament"]
