"""Typing attendance into the Players sheet: ``tourneybook withdraw`` and ``tourneybook join``.

Attendance lives in three Players columns (From round, Withdrew after round,
Attendance note; docs/attendance.md). These functions only type those cells
(and, for a new arrival, the name in the first empty row) through
``store.write_cells``; everything else on the sheet stays as it is. A workbook
made before the columns existed gets their headers typed too. Every refusal is
raised before anything is written; the caller saves.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Collector, InputError, Problem
from ..workbook import cells
from ..workbook.generic import (
    ATTENDANCE_NOTE,
    CLUB,
    FROM_ROUND,
    GROUP,
    NAME,
    PLAYERS,
    STAND_IN,
    WITHDREW_AFTER,
    Player,
    player_names,
    read_players,
)
from ..files.address import address
from ..workbook.schema import FIRST_DATA_ROW, HEADER_ROW
from ..files.store import CellValue, SheetGrid, WorkbookStore


@dataclass(frozen=True)
class AttendanceChange:
    """What ``withdraw`` or ``join`` typed, for the command to say."""

    player: str
    cells: tuple[str, ...]
    """The cells typed, e.g. ('Players!H7',)."""
    added: bool = False
    """True when the player's row was new."""

    def render(self) -> str:
        what = "added on a new row" if self.added else "updated"
        return f"{self.player}: {what} ({', '.join(self.cells)})"


def withdraw(store: WorkbookStore, name: str, after_round: int, note: str = "") -> AttendanceChange:
    """Type ``after_round`` into ``name``'s 'Withdrew after round' cell (and the note, when given).

    Refused: a name not on the Players sheet; a round before the player's first
    round; a round below 1.
    """
    grid, players = _players(store)
    player = _known(grid, players, name)
    if after_round < 1:
        raise InputError(Problem(f"--after-round {after_round}: the last round played is 1 or more", sheet=PLAYERS.name))
    if after_round < player.from_round:
        raise InputError(Problem(
            f"{player.name} plays from round {player.from_round}: a withdrawal after round {after_round} comes before "
            f"their first round (withdraw after round {player.from_round} or later)",
            sheet=PLAYERS.name, cell=address(player.line, PLAYERS.index(FROM_ROUND))))
    typed: dict[tuple[int, int], CellValue] = {(player.line, PLAYERS.index(WITHDREW_AFTER)): after_round}
    if note:
        typed[player.line, PLAYERS.index(ATTENDANCE_NOTE)] = note
    return _write(store, grid, player.name, typed, added=False)


def join(
    store: WorkbookStore, name: str, from_round: int, *, note: str = "", stand_in: bool = False,
    club: str = "", group: str = "",
) -> AttendanceChange:
    """Type ``from_round`` into the player's 'From round' cell; a new name gets the first empty row.

    ``stand_in``, ``club`` and ``group`` are typed only on a new row. Refused: a
    round below 1; a player who withdrew before ``from_round``.
    """
    grid, players = _players(store)
    if from_round < 1:
        raise InputError(Problem(f"--from-round {from_round}: rounds start at 1", sheet=PLAYERS.name))
    names = player_names(grid)
    if name.strip() and name in names:
        player = _known(grid, players, name)
        if player.withdrew_after is not None and player.withdrew_after < from_round:
            raise InputError(Problem(
                f"{player.name} withdrew after round {player.withdrew_after}: clear that cell before they join "
                f"from round {from_round}", sheet=PLAYERS.name, cell=address(player.line, PLAYERS.index(WITHDREW_AFTER))))
        typed: dict[tuple[int, int], CellValue] = {(player.line, PLAYERS.index(FROM_ROUND)): from_round}
        if note:
            typed[player.line, PLAYERS.index(ATTENDANCE_NOTE)] = note
        return _write(store, grid, player.name, typed, added=False)
    try:
        clean = cells.text(name)
    except cells.CellError as exc:
        raise InputError(Problem(f"the name {name!r}: {exc}", sheet=PLAYERS.name)) from None
    if not clean:
        raise InputError(Problem("a player needs a name", sheet=PLAYERS.name))
    line = _first_empty_row(grid)
    typed = {(line, PLAYERS.index(NAME)): clean, (line, PLAYERS.index(FROM_ROUND)): from_round}
    for header, value in ((ATTENDANCE_NOTE, note), (CLUB, club), (GROUP, group), (STAND_IN, "yes" if stand_in else "")):
        if value:
            typed[line, PLAYERS.index(header)] = value
    return _write(store, grid, clean, typed, added=True)


def _players(store: WorkbookStore) -> tuple[SheetGrid, tuple[Player, ...]]:
    """The Players sheet and its players; its problems (a withdrawal before a first round...) refuse."""
    if PLAYERS.name not in store.sheet_names():
        raise InputError(Problem("the sheet 'Players' is missing (copy it from the template)", sheet=PLAYERS.name))
    grid = store.read(PLAYERS.name)
    out = Collector(InputError)
    players = read_players(grid, out, store.sheet_names())
    out.raise_if_any()
    return grid, players


def _known(grid: SheetGrid, players: tuple[Player, ...], typed: str) -> Player:
    try:
        name = player_names(grid).match(typed)
    except cells.CellError as exc:
        raise InputError(Problem(str(exc), sheet=PLAYERS.name)) from None
    return next(p for p in players if p.name == name)


def _first_empty_row(grid: SheetGrid) -> int:
    """The first data row with nothing in any Players column."""
    width = len(PLAYERS.columns)
    line = FIRST_DATA_ROW
    while any(not cells.is_empty(grid.value(line, c)) for c in range(1, width + 1)):
        line += 1
    return line


def _write(store: WorkbookStore, grid: SheetGrid, player: str, typed: dict[tuple[int, int], CellValue],
           *, added: bool) -> AttendanceChange:
    """Type the cells; an older workbook without the attendance headers gets them typed first."""
    for header in (FROM_ROUND, WITHDREW_AFTER, ATTENDANCE_NOTE):
        col = PLAYERS.index(header)
        if cells.is_empty(grid.value(HEADER_ROW, col)):
            typed = {(HEADER_ROW, col): header, **typed}
    store.write_cells(PLAYERS.name, typed)
    shown = tuple(f"{PLAYERS.name}!{address(r, c)}" for r, c in typed if r != HEADER_ROW)
    return AttendanceChange(player, shown, added)


__all__ = ["AttendanceChange", "join", "withdraw"]
