"""Italia 2010 in a workbook: the Boards sheet with every year's count, Rounds and Sit-outs.

Seed 004, 3.2: equal centres are split "in the previous year ... and so on"
back to 1901, so each board's count of every year is typed (the Boards sheet is
the centre-count sheet, row by row). 3.1: "The TD may announce that matches
last more or less than the standard 7 years": a round's length goes on the
Rounds sheet, with the top board of section 4 ("Top Table scoring are
increased by 20%"). Section 6: "The TD can offer you points to sit out a
round": one row per sit-out; the points are the Settings sheet's, decided once
for the event ("at the start of the event or at the first time he need
somebody to sit out").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import Collector, InputError
from ...rules.italia2010 import RULESET, Settings, Tournament, tournament_problems
from ...rules.ranking import Adjustment
from ..generic import ADJUSTMENTS, LOT, NAME, PLAYER as ADJUSTED, PLAYERS, POINTS, REASON, STAND_IN, Player, attendance
from ..layout import Entries, Layout, SheetRows
from ..reader import Row
from ..schema import Column, EntrySheet, Kind
from .diplomacy import (
    ELIMINATED,
    ELIMINATED_COLUMN,
    PLAYER,
    ROUND,
    SEATING_COLUMNS,
    YEARS,
    Block,
    blocks,
    board_rows,
    check_lots,
    check_seating,
    is_played,
    locate_sit_out_problems,
    lot_decisions,
    place,
    read_board,
    read_sit_outs,
    sit_out_rows,
    sit_outs_sheet,
    year_columns,
)
from .italia_top_board import top_board

GAME_YEARS, TOP_BOARD = "Years per game", "Top board"

BOARDS = EntrySheet(
    name="Boards",
    title="Boards: the centre count of every year",
    help="Seven rows per board, one per power (AEFGIRT), copied from the centre-count sheet: the player and the "
    "centres after every Fall from 1901 to the game's last year. A blank after a 0 counts as 0.",
    rows=7 * 30,
    columns=(
        *SEATING_COLUMNS,
        *year_columns("Centres after this Fall; every year from 1901 to the game's end (equal centres: 004 3.2)."),
        ELIMINATED_COLUMN,
    ),
)
ROUNDS = EntrySheet(
    name="Rounds",
    title="Rounds: game length and the top board",
    help="Only for a round whose games do not last the Settings' years, and for the round with the top board.",
    rows=10,
    columns=(
        Column(ROUND, Kind.WHOLE, required=True, minimum=1, width=8, help="Round number."),
        Column(GAME_YEARS, Kind.WHOLE, minimum=1, width=14,
               help="Years the round's games last, when the TD announced other than the Settings' (004 3.1)."),
        Column(TOP_BOARD, Kind.WHOLE, minimum=1, width=11,
               help="The board number of the top board in this round: its scores x 1.2 (004 section 4)."),
    ),
)
SIT_OUTS = sit_outs_sheet(" (004 section 6)")
RESULTS = (*YEARS, ELIMINATED)
"""Any of these typed makes a board played."""


def _top_board(rows: Sequence[Row], boards: Sequence[Block], out: Collector) -> tuple[int, int] | None:
    """(round, board) of the one top board; a second one or a board the round does not have, at its cell."""
    seen: dict[int, Row] = {}
    top: tuple[Row, ...] = ()
    for row in rows:
        if row[ROUND] in seen:
            out.extend([row.problem(f"round {row[ROUND]} is already on row {seen[row[ROUND]].line}", ROUND)])
        seen.setdefault(row[ROUND], row)
        if row[TOP_BOARD] is None:
            continue
        if top:
            out.extend([row.problem(f"there is one top board (004 section 4), already R{top[0][ROUND]} "
                                    f"B{top[0][TOP_BOARD]} on row {top[0].line}", TOP_BOARD)])
            continue
        numbers = [b.board for b in boards if b.round == row[ROUND]]
        if numbers and row[TOP_BOARD] not in numbers:
            out.extend([row.problem(f"round {row[ROUND]} has no board {row[TOP_BOARD]} on the Boards sheet "
                                    f"(boards {', '.join(map(str, numbers))})", TOP_BOARD)])
        top = (row,)
    return (top[0][ROUND], top[0][TOP_BOARD]) if top else None


def _no_stand_ins(players: Sequence[Player], out: Collector) -> None:
    for p in players:
        if p.stand_in:
            out.add(f"{p.name} is marked as a stand-in, but Italia 2010 has none: a TD who fills a board plays and "
                    "scores like anyone (004 section 6)", sheet=PLAYERS.name, cell=f"{PLAYERS.letter(STAND_IN)}{p.line}")


def _last_year(block: Block) -> str:
    typed = [i for r in block.rows for i, y in enumerate(YEARS) if r[y] is not None]
    return YEARS[max(typed, default=0)]


def to_tournament(entries: Entries, players: Sequence[Player], settings: Settings, adjustments: Sequence[Adjustment],
                  name: str) -> Tournament:
    """The tournament record of the Boards, Rounds and Sit-outs sheets: drawn boards not yet played are left out."""
    out = Collector(InputError)
    _no_stand_ins(players, out)
    boards = blocks(entries[BOARDS.name])
    check_seating(boards, out)
    round_rows = entries[ROUNDS.name]
    top = _top_board(round_rows, boards, out)
    sit_outs = read_sit_outs(entries[SIT_OUTS.name], boards, out)
    played = [b for b in boards if is_played(b, RESULTS)]
    games = [read_board(b, out, final_column=False, need_history=True, top=(b.round, b.board) == top) for b in played]
    check_lots(players, {row[PLAYER] for b in played for row in b.rows} | {s.player for s in sit_outs}, out)
    out.raise_if_any()
    t = Tournament(
        name=name or RULESET.name,
        games=tuple(g for g in games if g is not None),
        settings=settings,
        sit_outs=sit_outs,
        round_years=tuple((r[ROUND], r[GAME_YEARS]) for r in round_rows if r[GAME_YEARS] is not None),
        adjustments=tuple(adjustments),
        lot_decisions=lot_decisions(players),
        players=tuple(p.name for p in players),
        attendance=attendance(players),
    )
    problems = locate_sit_out_problems(tournament_problems(t), entries[SIT_OUTS.name])
    out.extend(place(problems, {b.label: b for b in played}, _last_year))
    out.raise_if_any()
    return t


def to_rows(t: Tournament) -> SheetRows:
    """The rows an organiser types for ``t``; players as registered, or in order of first appearance."""
    games = sorted(t.games, key=lambda b: (b.round, b.board))
    names = t.players or dict.fromkeys([p.player for b in games for p in b.in_power_order()] + [s.player for s in t.sit_outs])
    lots = dict(t.lot_decisions)
    players: list[dict[str, Any]] = [{NAME: n, LOT: lots.get(n)} for n in names]
    top = next((b for b in games if b.top), None)
    years = dict(t.round_years)
    numbers = sorted(set(years) | ({top.round} if top else set()))
    rounds = [{ROUND: r, GAME_YEARS: years.get(r), TOP_BOARD: top.board if top and top.round == r else None} for r in numbers]
    return {
        PLAYERS.name: players,
        BOARDS.name: [row for b in games for row in board_rows(b, final_column=False)],
        ROUNDS.name: rounds,
        SIT_OUTS.name: sit_out_rows(t.sit_outs),
        ADJUSTMENTS.name: [{ADJUSTED: a.player, POINTS: a.points, REASON: a.reason} for a in t.adjustments],
    }


LAYOUT = Layout(
    ruleset="italia2010",
    sheets=(BOARDS, ROUNDS, SIT_OUTS),
    to_tournament=to_tournament,
    to_rows=to_rows,
    top_board=top_board(ROUNDS, TOP_BOARD, BOARDS),
    sit_outs=SIT_OUTS,
    instructions=(
        "Boards: copy each centre-count sheet as it comes in: seven rows, Round and Board on each, the count of every "
        "year from 1901 to the game's end (a draw accepted earlier ends it earlier). Eliminated in may stay empty: "
        "the count says when.",
        "A board with only its players (drawn, not yet played) is left out until its counts are typed.",
        "Rounds: the top board's round and board number (004 section 4), and a round's length when the TD announced "
        "other than the Settings' years (3.1). Sit-outs: one row per round a player sat out at the TD's request.",
        "Places 1-3 are the top board's first three; the Standings of the rounds before it seed the top board (3.3).",
    ),
)
