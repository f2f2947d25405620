"""What both Diplomacy workbooks share: the Boards sheet, a block of seven rows per board.

The block is the centre-count sheet (:mod:`tourneybook.forms.diplomacy`) as
printed: one row per power in the order Austria, England, France, Germany,
Italy, Russia, Turkey (seed 003, IV.6), its player, the count after each Fall
from 1901 and the year it was eliminated; so typing a paper sheet in is a
straight copy. Round and Board are repeated on each of the seven rows.

A block whose rows hold only round, board, power and player is drawn but not
yet played: it is checked as a draw (no power or player twice on a board, no
player on more than two boards of a round: seed 003 II.2 and II.5, seed 004
section 6) and otherwise left out. Once any result is typed, the whole board
must be complete. A blank year after a power's 0 counts as 0: a paper sheet
stops counting an eliminated power.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from ...errors import Collector, Problem
from ...frozen import frozen
from ...rules.diplomacy import FIRST_YEAR, MAP_CENTRES, POWER_PLACE, Board, Power, PowerResult
from ...rules.sit_outs import SitOut, where
from ..generic import ADJUSTMENTS, LOT, PLAYERS, Player
from ..layout import locate
from ..reader import Row
from ..schema import Column, EntrySheet, Kind

ROUND, BOARD, POWER, PLAYER, CENTRES, ELIMINATED = "Round", "Board", "Power", "Player", "Centres", "Eliminated in"
IN_DRAW = "In draw"
"""Draw Size Scoring's column: yes on each power the accepted draw included, when it left survivors out."""
YEAR_COLUMNS = 15
"""Fall columns 1901 to 1915: longer than any timed tournament game (seed 004 3.1: 7 years by default)."""
YEARS: tuple[str, ...] = tuple(str(FIRST_YEAR + i) for i in range(YEAR_COLUMNS))
"""Headers of the year columns."""
POWERS: tuple[str, ...] = tuple(p.value for p in Power)
"""The sheet's power order, AEFGIRT, as on the printed centre-count sheet."""
POWER_OF: dict[str, Power] = {p.value: p for p in Power}
"""The power a row's Power cell names (the reader gives the sheet's spelling): Power(name) without its search."""

SEATING_COLUMNS = (
    Column(ROUND, Kind.WHOLE, required=True, minimum=1, width=7, help="Round number, from 1 (the same on all seven rows of a board)."),
    Column(BOARD, Kind.WHOLE, required=True, minimum=1, width=7, help="Board number within the round, from 1."),
    Column(POWER, Kind.CHOICE, required=True, choices=POWERS, width=10, help="The power on this row: one row per power, AEFGIRT."),
    Column(PLAYER, Kind.PLAYER, required=True, width=22, help="Who played the power."),
)


def year_columns(help_text: str) -> tuple[Column, ...]:
    return tuple(Column(y, Kind.WHOLE, minimum=0, maximum=MAP_CENTRES, width=6, help=help_text) for y in YEARS)


ELIMINATED_COLUMN = Column(
    ELIMINATED, Kind.WHOLE, minimum=FIRST_YEAR, maximum=FIRST_YEAR + 98, width=11,
    help="The year (19n) the power lost its last centre; empty for a survivor.",
)


@frozen
class Block:
    """The rows of one board, as typed."""

    round: int
    board: int
    rows: tuple[Row, ...]
    """In sheet order."""

    @property
    def label(self) -> str:
        """The rules' name of the board ('R2 B3')."""
        return f"R{self.round} B{self.board}"

    def row(self, power: str) -> Row | None:
        return next((r for r in self.rows if r[POWER] == power), None)

    def cells(self, header: str) -> str:
        """The block's cells in one column: 'E4:E10' (one cell for a one-row block)."""
        letter = self.rows[0].columns[header]
        lines = [r.line for r in self.rows]
        low, high = min(lines), max(lines)
        return f"{letter}{low}" if low == high else f"{letter}{low}:{letter}{high}"


def blocks(rows: Sequence[Row]) -> list[Block]:
    """The boards of the sheet, by round and board number."""
    grouped: dict[tuple[int, int], list[Row]] = {}
    for row in rows:
        grouped.setdefault((row[ROUND], row[BOARD]), []).append(row)
    return [Block(r, b, tuple(grouped[(r, b)])) for r, b in sorted(grouped)]


def check_seating(boards: Sequence[Block], out: Collector) -> None:
    """A power or player twice on a board, a player on a third board in one round: at the later cell."""
    boards_of: dict[tuple[int, str], list[Block]] = {}
    for block in boards:
        seen_power: dict[str, Row] = {}
        seen_player: dict[str, Row] = {}
        for row in block.rows:
            power, player = row[POWER], row[PLAYER]
            if power in seen_power:
                out.extend([row.problem(f"{power} is already on row {seen_power[power].line} of board {block.label}", POWER)])
            seen_power.setdefault(power, row)
            if player in seen_player:
                out.extend([row.problem(f"{player} already plays {seen_player[player][POWER]} on board {block.label} "
                                        f"(row {seen_player[player].line})", PLAYER)])
                continue
            seen_player[player] = row
            on = boards_of.setdefault((block.round, player), [])
            on.append(block)
            if len(on) == 3:
                out.extend([row.problem(f"{player} is on a third board in round {block.round} "
                                        f"({', '.join(b.label for b in on)}); at most two", PLAYER)])


def is_played(block: Block, result_headers: Sequence[str]) -> bool:
    """Any result typed on any row of the board."""
    return any(row[h] is not None for row in block.rows for h in result_headers)


def _history(row: Row, out: Collector) -> list[int] | None:
    """The typed counts from 1901 to the last filled year; a blank after a 0 is 0, any other gap a problem."""
    values = list(map(row.values.__getitem__, YEARS))
    end = len(values)
    while end and values[end - 1] is None:
        end -= 1
    if not end:
        return []
    if None not in values[:end]:  # every year to the last typed: the count as it is (nearly every row)
        return values[:end]
    history: list[int] = []
    ok = True
    for i, value in enumerate(values[:end]):
        if value is None and 0 not in history:
            out.extend([row.problem(f"the count of {YEARS[i]} is missing (the count goes on to {YEARS[end - 1]})", YEARS[i])])
            ok = False
        history.append(0 if value is None else value)
    return history if ok else None


def read_board(block: Block, out: Collector, *, final_column: bool, need_history: bool, top: bool = False) -> Board | None:
    """The played board of a block, or None (with its problems in ``out``).

    ``final_column``: centres are typed in the Centres column (CODCon, which
    needs only them); otherwise they are the last year's count (Italia).
    """
    before = len(out.problems)
    histories = {row.line: _history(row, out) for row in block.rows}
    last = max((len(h) for h in histories.values() if h), default=0)
    if need_history and not last:
        out.add(f"board {block.label}: the count of every year from {FIRST_YEAR} is needed "
                "(equal centres are split by the previous years, seed 004 3.2)", sheet=block.rows[0].sheet,
                cell=block.cells(YEARS[0]))
    results = []
    for row in block.rows:
        history = histories[row.line]
        if history is None:
            continue
        if last and len(history) < last:
            if history and history[-1] == 0:
                history = history + [0] * (last - len(history))  # the sheet stops counting an eliminated power
            else:
                out.extend([row.problem(f"the count of {YEARS[len(history)]} is missing: board {block.label} "
                                        f"is counted to {YEARS[last - 1]}", YEARS[len(history)])])
                continue
        centres = _centres(row, history, out, final_column=final_column)
        if centres is None:
            continue
        eliminated = row[ELIMINATED]
        if eliminated is None and centres == 0 and 0 in history:
            eliminated = FIRST_YEAR + history.index(0)  # the count already says when
        results.append(PowerResult(POWER_OF[row[POWER]], row[PLAYER], centres, eliminated, tuple(history)))
    if len(out.problems) > before:
        return None
    return Board(block.round, block.board, tuple(sorted(results, key=lambda p: POWER_PLACE[p.power])), top=top)


def _centres(row: Row, history: list[int], out: Collector, *, final_column: bool) -> int | None:
    if not final_column:
        if history:
            return history[-1]
        out.extend([row.problem("no count typed for this power, though its board has results", YEARS[0])])
        return None
    if row[CENTRES] is not None:
        return row[CENTRES]
    if row[ELIMINATED] is not None:
        return 0
    out.extend([row.problem("centres missing: this board has results (an eliminated power has 0 and its year)", CENTRES)])
    return None


def board_rows(board: Board, *, final_column: bool) -> list[dict[str, Any]]:
    """The seven rows an organiser types for ``board``, in sheet order."""
    rows = []
    for p in board.in_power_order():
        row: dict[str, Any] = {ROUND: board.round, BOARD: board.board, POWER: p.power.value, PLAYER: p.player,
                               ELIMINATED: p.eliminated}
        if final_column:
            row[CENTRES] = p.centres
        row.update(zip(YEARS, p.history))
        rows.append(row)
    return rows


# --- placing the rules' problems at their cells ----------------------------------------

_WHERE_SHEET = {
    "players": PLAYERS.name,
    "adjustments": ADJUSTMENTS.name,
    "lots": PLAYERS.name,
}
"""Rules' places that are a whole generic sheet."""
_YEAR = re.compile(r"\b(1[89]\d\d)\b")


def _column(message: str, default: str) -> str:
    """The column a rules message is about: elimination, a named year, the players, the powers, else ``default``."""
    if "elimination year" in message:
        return ELIMINATED
    if "the draw" in message or "a draw is recorded" in message:
        return IN_DRAW  # only a board with a recorded draw, which only the In draw column records, says so
    year = _YEAR.search(message)
    if year and year.group(1) in YEARS:
        return year.group(1)
    if "last year" in message:  # the final-count Boards sheet gives it by the year columns
        return YEARS[0]
    if "same board" in message:
        return PLAYER
    if "missing: a board" in message or "is entered" in message:
        return POWER
    return default


def place(problems: Sequence[Problem], boards: Mapping[str, Block], default: Callable[[Block], str]) -> list[Problem]:
    """The rules' problems at the cells they are about.

    'game R1 B2, Russia: ...' goes to Russia's row of that board, 'game R1 B2:
    ...' to the board's cells in one column; ``default(block)`` names the column
    when the message names none (the final centres). Problems about a generic
    sheet go to that sheet; anything else keeps its place.
    """
    placed = []
    for p in problems:
        if p.sheet:
            placed.append(p)
            continue
        game, _, power = p.where.removeprefix("game ").partition(", ")
        block = boards.get(game)
        if block is None:
            sheet = ADJUSTMENTS.name if p.where.startswith("adjustment for ") else _WHERE_SHEET.get(p.where)
            placed.append(p.located(sheet) if sheet else p)
            continue
        header = _column(p.message, default(block))
        row = block.row(power) if power else None
        cell = row.cell(header) if row is not None else block.cells(header)
        placed.append(Problem(f"{p.where}: {p.message}", p.where, block.rows[0].sheet, cell))
    return placed


def check_lots(players: Sequence[Player], played: set[str], out: Collector) -> None:
    """A lot decision only settles a tie between players who played: otherwise at its cell."""
    for p in players:
        if p.lot is not None and p.name not in played:
            out.add(f"{p.name} has a lot decision but has played no game yet", sheet=PLAYERS.name,
                    cell=f"{PLAYERS.letter(LOT)}{p.line}")


def lot_decisions(players: Sequence[Player]) -> tuple[tuple[str, int], ...]:
    """(player, lot) in Players-sheet order."""
    return tuple((p.name, p.lot) for p in players if p.lot is not None)


# --- the Sit-outs sheet: Italia 2010 and the Diplomacy event record the TD's sit-outs alike ---------------------


def sit_outs_sheet(source: str = "") -> EntrySheet:
    """The Sit-outs sheet: Round, Player, one row per round sat out at the TD's request; the same columns in every
    Diplomacy workbook that has one (the draw reads its rows as who sits out). ``source``: the rule it cites."""
    return EntrySheet(
        name="Sit-outs",
        title="Sit-outs asked by the TD",
        help=f"One row per round a player sat out at the TD's request; each scores the Settings' sit-out points{source}.",
        rows=40,
        columns=(
            Column(ROUND, Kind.WHOLE, required=True, minimum=1, width=8, help="The round sat out."),
            Column(PLAYER, Kind.PLAYER, required=True, width=26, help="Who sat out at the TD's request."),
        ),
    )


def read_sit_outs(rows: Sequence[Row], boards: Sequence[Block], out: Collector) -> tuple[SitOut, ...]:
    """The Sit-outs sheet's records; a row entered twice, or of a player on a board that round (drawn or played),
    is a problem at its Player cell."""
    seated = {(b.round, r[PLAYER]): b for b in boards for r in b.rows}
    seen: dict[tuple[int, str], Row] = {}
    for row in rows:
        key = (row[ROUND], row[PLAYER])
        if key in seen:
            out.extend([row.problem(f"{key[1]} already sits out round {key[0]} on row {seen[key].line}", PLAYER)])
        elif key in seated:
            out.extend([row.problem(f"{key[1]} plays board {seated[key].label} in round {key[0]}: "
                                    "a player who plays does not sit out", PLAYER)])
        seen.setdefault(key, row)
    return tuple(SitOut(r[ROUND], r[PLAYER]) for r in rows)


def locate_sit_out_problems(problems: Sequence[Problem], rows: Sequence[Row]) -> list[Problem]:
    """The rules' problems about a sit-out (a withdrawn or absent player, a stand-in) at its row's Player cell."""
    return locate(problems, {where(SitOut(r[ROUND], r[PLAYER])): r for r in rows}, PLAYER)


def sit_out_rows(sit_outs: Sequence[SitOut]) -> list[dict[str, Any]]:
    """The Sit-outs rows an organiser types for ``sit_outs``."""
    return [{ROUND: s.round, PLAYER: s.player} for s in sit_outs]


# --- the final-count Boards sheet: rulesets scoring each power's centres at the end (CODCon, Sum of Squares) ---

FINAL_COUNT_RESULTS = (CENTRES, ELIMINATED, *YEARS)
"""Any of these typed makes a board played."""


def final_count_sheet(help_text: str, centres_help: str) -> EntrySheet:
    """The Boards sheet of a ruleset that scores the centres at the end of the game: Centres and Eliminated in
    are what it needs; the year columns are optional, and checked against Centres when typed."""
    return EntrySheet(
        name="Boards",
        title="Boards: final centres and eliminations",
        help=help_text,
        rows=7 * 30,
        columns=(
            *SEATING_COLUMNS,
            Column(CENTRES, Kind.WHOLE, minimum=0, maximum=MAP_CENTRES, width=9, help=centres_help),
            ELIMINATED_COLUMN,
            *year_columns("Optional: the centres after this Fall; when typed, every year to the end, checked against Centres."),
        ),
    )


def read_final_counts(rows: Sequence[Row], players: Sequence[Player], out: Collector, also: Collection[str] = ()
                      ) -> tuple[dict[str, Block], tuple[Board, ...]]:
    """The played boards of a final-count Boards sheet (by label, as typed) and their records; ``also``: who took
    part off the boards (sat out), whose lot decisions stand too.

    Drawn boards not yet played are checked as a draw and left out. Raises ``out``
    when anything is wrong, so the caller builds its tournament only from good boards;
    its own problems go back to their board with :func:`place_final_count_problems`.
    """
    boards = blocks(rows)
    check_seating(boards, out)
    played = [b for b in boards if is_played(b, FINAL_COUNT_RESULTS)]
    games = [read_board(b, out, final_column=True, need_history=False) for b in played]
    check_lots(players, {row[PLAYER] for b in played for row in b.rows} | set(also), out)
    out.raise_if_any()
    return {b.label: b for b in played}, tuple(g for g in games if g is not None)


def place_final_count_problems(problems: Sequence[Problem], played: Mapping[str, Block], out: Collector) -> None:
    """The tournament's problems at their boards (the Centres cells unless the message names another column); raises."""
    out.extend(place(problems, played, lambda _: CENTRES))
    out.raise_if_any()


__all__ = [
    "BOARD", "Block", "CENTRES", "ELIMINATED", "ELIMINATED_COLUMN", "IN_DRAW", "FINAL_COUNT_RESULTS", "PLAYER", "POWER", "POWERS",
    "ROUND", "SEATING_COLUMNS", "YEARS", "blocks", "board_rows", "check_lots", "check_seating", "final_count_sheet",
    "is_played", "locate_sit_out_problems", "lot_decisions", "place", "place_final_count_problems", "read_board",
    "read_final_counts", "read_sit_outs", "sit_out_rows", "sit_outs_sheet", "year_columns",
]
