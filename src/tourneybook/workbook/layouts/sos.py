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
from .diplomacy import board_rows, final_count_sheet, lot_decisions, place_final_count_problems, read_final_counts

BOARDS = final_count_sheet(
    "Seven rows per board, one per power (AEFGIRT), as on the centre-count sheet: the player, the centres at the "
    "end of the game and, for an eliminated power, 0 and the year. The year columns are optional.",
    "Centres at the end of the game: the score is 100 x centres squared / the board's sum of squares.",
)


def to_tournament(entries: Entries, players: Sequence[Player], settings: Settings, adjustments: Sequence[Adjustment],
                  name: str) -> Tournament:
    """The tournament record of the Boards sheet: drawn boards not yet played are left out."""
    out = Collector(InputError)
    played, games = read_final_counts(entries[BOARDS.name], players, out)
    t = Tournament(
        name=name or RULESET.name,
        games=games,
        settings=settings,
        adjustments=tuple(adjustments),
        lot_decisions=lot_decisions(players),
        players=tuple(p.name for p in players),
        attendance=attendance(players),
    )
    place_final_count_problems(tournament_problems(t), played, out)
    return t


def to_rows(t: Tournament) -> SheetRows:
    """The rows an organiser types for ``t``; the lot decisions read back in Players order."""
    ordered = sorted(t.games, key=lambda b: (b.round, b.board))
    lots = dict(t.lot_decisions)
    names = tuple(e.name for e in t.players) or tuple(dict.fromkeys(p.player for b in ordered for p in b.in_power_order()))
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
