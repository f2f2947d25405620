"""CODCon 2008 in a workbook: the Boards sheet, typed as CODCon scores.

Seed 003, VII: a game is scored on each power's centres "at the end of the
game" (a called game: "the prior Fall center count", I) and the year 19n a
power was eliminated ("points equal to n"). So a board needs only those two:
Centres and Eliminated in. The year columns are optional: typed, they are
checked against the centres (a copy of the whole centre-count sheet), never needed.

The TD may "play on one or two boards himself" (II.5) but "is ineligible for
awards" (VII): mark the TD as Stand-in on the Players sheet; their boards are
scored, they are not ranked. The distance column of the Players sheet is the
fifth tie-breaker (VI.1.b.v).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import Collector, InputError
from ...rules.codcon2008 import RULESET, Entrant, Settings, Tournament, tournament_problems
from ...rules.diplomacy import Board
from ...rules.ranking import Adjustment
from ..generic import ADJUSTMENTS, DISTANCE, LOT, NAME, PLAYER as ADJUSTED, PLAYERS, POINTS, REASON, STAND_IN, Player, attendance
from ..layout import Entries, Layout, SheetRows
from .diplomacy import board_rows, final_count_sheet, lot_decisions, place_final_count_problems, read_final_counts

BOARDS = final_count_sheet(
    "Seven rows per board, one per power (AEFGIRT), as on the centre-count sheet: the player, the centres at the "
    "last completed Fall and, for an eliminated power, 0 and the year. The year columns are optional.",
    "Centres at the last completed Fall (a called game keeps the prior Fall, seed 003 I). 0 if eliminated.",
)


def to_tournament(entries: Entries, players: Sequence[Player], settings: Settings, adjustments: Sequence[Adjustment],
                  name: str) -> Tournament:
    """The tournament record of the Boards sheet: drawn boards not yet played are left out."""
    out = Collector(InputError)
    played, games = read_final_counts(entries[BOARDS.name], players, out)
    t = Tournament(
        name=name or RULESET.name,
        games=games,
        players=tuple(Entrant(p.name, p.distance, td=p.stand_in) for p in players),
        settings=settings,
        adjustments=tuple(adjustments),
        lot_decisions=lot_decisions(players),
        attendance=attendance(players),
    )
    place_final_count_problems(tournament_problems(t), played, out)
    return t


def to_rows(t: Tournament) -> SheetRows:
    """The rows an organiser types for ``t``; the lot decisions read back in Players order."""
    entrants = t.players or tuple(Entrant(n) for n in dict.fromkeys(p.player for b in _ordered(t) for p in b.in_power_order()))
    lots = dict(t.lot_decisions)
    players: list[dict[str, Any]] = [
        {NAME: e.name, DISTANCE: e.distance, STAND_IN: True if e.td else None, LOT: lots.get(e.name)} for e in entrants
    ]
    boards = [row for b in _ordered(t) for row in board_rows(b, final_column=True)]
    adjustments = [{ADJUSTED: a.player, POINTS: a.points, REASON: a.reason} for a in t.adjustments]
    return {PLAYERS.name: players, BOARDS.name: boards, ADJUSTMENTS.name: adjustments}


def _ordered(t: Tournament) -> list[Board]:
    return sorted(t.games, key=lambda b: (b.round, b.board))


LAYOUT = Layout(
    ruleset="codcon2008",
    sheets=(BOARDS,),
    to_tournament=to_tournament,
    to_rows=to_rows,
    instructions=(
        "Boards: copy each centre-count sheet as it comes in: seven rows, Round and Board on each. Centres and "
        "Eliminated in are all CODCon scores; the year columns are optional and checked when typed.",
        "A board with only its players (drawn, not yet played) is left out until its results are typed.",
        "A player may be on two boards of one round (seed 003 II.2, II.5). Mark the TD as Stand-in on Players if they "
        "fill a board: their boards are scored, they are not ranked nor awarded (VII).",
    ),
)
