"""Typing attendance into the Players sheet: ``tourneybook withdraw``, ``join``, ``absent`` and ``present``.

Attendance lives in four Players columns (From round, Withdrew after round,
Attendance note, Absent in rounds; docs/attendance.md). These functions only type those cells
(and, for a new arrival, the name in the first empty row) through
``store.write_cells``; everything else on the sheet stays as it is. A workbook
made before the columns existed gets their headers typed too. Every refusal is
raised before anything is written; the caller saves.
"""

from __future__ import annotations


from ..errors import Collector, InputError, Problem
from ..frozen import frozen
from ..workbook import cells
from ..rules.attendance import rounds_text
from ..workbook.generic import ABSENT, ATTENDANCE_NOTE, CLUB, FROM_ROUND, GROUP, NAME, PLAYERS, STAND_IN, WITHDREW_AFTER, Player, control_character, player_names, read_players
from ..files.address import address
from ..workbook.schema import FIRST_DATA_ROW, HEADER_ROW
from ..files.store import CellValue, SheetGrid, WorkbookStore
from ..workbook.reader import PlayerNames, either


@frozen
class AttendanceChange:
    """What ``withdraw`` or ``join`` typed, for the command to say."""

    player: str
    cells: tuple[str, ...]
    """The cells typed, e.g. ('Players!H7',)."""
    added: bool = False
    """True when the player's row was new."""
    remark: str = ""
    """What was done with an option that did not apply (``--stand-in`` for a regular player already there)."""

    def render(self) -> str:
        what = "added on a new row" if self.added else "updated"
        said = f"{self.player}: {what} ({', '.join(self.cells)})"
        return f"{said}; {self.remark}" if self.remark else said


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
    wrong = control_character(name)
    if wrong:
        raise InputError(Problem(wrong, sheet=PLAYERS.name))
    if name.strip() and name in names:
        player = _known(grid, players, name)
        if player.withdrew_after is not None and player.withdrew_after < from_round:
            raise InputError(Problem(
                f"{player.name} withdrew after round {player.withdrew_after}: clear that cell before they join "
                f"from round {from_round}", sheet=PLAYERS.name, cell=address(player.line, PLAYERS.index(WITHDREW_AFTER))))
        typed: dict[tuple[int, int], CellValue] = {(player.line, PLAYERS.index(FROM_ROUND)): from_round}
        if note:
            typed[player.line, PLAYERS.index(ATTENDANCE_NOTE)] = note
        return _write(store, grid, player.name, typed, added=False, remark=_stand_in_remark(player, stand_in=stand_in))
    _refuse_near_name(names, name)
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


def absent(store: WorkbookStore, name: str, round_number: int, note: str = "") -> AttendanceChange:
    """Add ``round_number`` to the player's 'Absent in rounds' cell (the roll call: they do not play it).

    Refused: a name not on the Players sheet; a round the player is not there for anyway
    (before their first round, after their withdrawal, or already absent).
    """
    grid, players = _players(store)
    player = _known(grid, players, name)
    if round_number < 1:
        raise InputError(Problem(f"--round {round_number}: rounds start at 1", sheet=PLAYERS.name))
    if not player.plays(round_number):
        raise InputError(Problem(f"{player.name} {_not_there(player, round_number)}: nothing to mark absent",
                                 sheet=PLAYERS.name, cell=_attendance_cell(player, round_number)))
    typed: dict[tuple[int, int], CellValue] = {
        (player.line, PLAYERS.index(ABSENT)): rounds_cell(player.absent | {round_number})}
    if note:
        typed[player.line, PLAYERS.index(ATTENDANCE_NOTE)] = note
    return _write(store, grid, player.name, typed, added=False)


def present(store: WorkbookStore, name: str, round_number: int) -> AttendanceChange:
    """Take ``round_number`` out of the player's 'Absent in rounds' cell: they play it after all.

    Refused when the player is not marked absent in that round (a late arrival's
    earlier round or a round after a withdrawal is changed with ``join`` / on the sheet).
    """
    grid, players = _players(store)
    player = _known(grid, players, name)
    if round_number not in player.absent:
        if player.plays(round_number):
            why = f"is already called for round {round_number} (not in {ABSENT})"
        else:
            why = _not_there(player, round_number) + " (change that cell, or use 'tourneybook join')"
        raise InputError(Problem(f"{player.name} {why}: nothing to mark present",
                                 sheet=PLAYERS.name, cell=_attendance_cell(player, round_number)))
    typed: dict[tuple[int, int], CellValue] = {
        (player.line, PLAYERS.index(ABSENT)): rounds_cell(player.absent - {round_number})}
    return _write(store, grid, player.name, typed, added=False)


def drawn_seat(book: WorkbookStore, player: str, number: int) -> str:
    """Where ``player`` is seated in round ``number`` on the event's draw sheet ('Boards!D6'), or ''."""
    from ..rules import find_ruleset
    from ..workbook.layouts import find_layout  # the draw sheet is the layout's first
    from ..workbook.settings_sheet import SETTINGS, read_settings_head

    names = book.sheet_names()
    head = read_settings_head(book.read(SETTINGS.name), Collector(InputError)) if SETTINGS.name in names else None
    if head is None:
        return ""
    try:
        sheet = find_layout(find_ruleset(head.ruleset).id).draw_sheet.name
    except InputError:
        return ""
    if sheet not in names:
        return ""
    grid = book.read(sheet)
    headers = [grid.value(HEADER_ROW, c) for c in range(1, len(grid.rows[HEADER_ROW - 1]) + 1)] \
        if len(grid.rows) >= HEADER_ROW else []
    if "Round" not in headers:
        return ""
    round_col = headers.index("Round") + 1
    for line in range(FIRST_DATA_ROW, len(grid.rows) + 1):
        if grid.value(line, round_col) != number:
            continue
        for col, value in enumerate(grid.rows[line - 1], start=1):
            if isinstance(value, str) and not cells.is_empty(value) and " ".join(value.split()) == player:
                return f"{sheet}!{address(line, col)}"
    return ""


def absence_said(seat: str, round_number: int) -> str:
    """What marking a player absent in ``round_number`` means, for every front end: left out of its draw, or, when
    the round is drawn with them at ``seat`` already (:func:`drawn_seat`), that they stay there until it is drawn
    again (issue 38, 3: never "not drawn" of a player seated in the draw)."""
    if seat:
        return (f"absent in round {round_number} (but round {round_number} is drawn already with them at {seat}: they "
                "stay there until it is drawn again)")
    return f"absent in round {round_number} (not drawn, no result expected)"


def rounds_cell(rounds: frozenset[int]) -> CellValue:
    """What 'Absent in rounds' holds: empty, one round as a number, or '2, 4'."""
    ordered = sorted(rounds)
    if not ordered:
        return None
    return ordered[0] if len(ordered) == 1 else ", ".join(map(str, ordered))


def _not_there(player: Player, round_number: int) -> str:
    if round_number < player.from_round:
        return f"arrives for round {player.from_round}, so does not play round {round_number} anyway"
    if player.withdrew_after is not None and round_number > player.withdrew_after:
        return f"withdrew after round {player.withdrew_after}, so does not play round {round_number} anyway"
    return f"is already absent in {rounds_text(player.absent)}"


def _attendance_cell(player: Player, round_number: int) -> str:
    """The Players cell that says why the player is (not) there in ``round_number``."""
    if round_number < player.from_round:
        header = FROM_ROUND
    elif player.withdrew_after is not None and round_number > player.withdrew_after:
        header = WITHDREW_AFTER
    else:
        header = ABSENT
    return address(player.line, PLAYERS.index(header))


def _stand_in_remark(player: Player, *, stand_in: bool) -> str:
    """What ``join --stand-in`` did for a player already on the sheet: the flag only fills a new row."""
    if not stand_in:
        return ""
    cell = f"{PLAYERS.name}!{address(player.line, PLAYERS.index(STAND_IN))}"
    if player.stand_in:
        return f"already a stand-in ({cell} is yes)"
    return (f"--stand-in was not applied: {player.name} is already on the sheet as a regular player ({cell} is not yes); "
            f"type yes there if they only fill a seat")


def _refuse_near_name(names: PlayerNames, typed: str) -> None:
    """A new name that is a player's name but for accents, or the start of a player's name ('niels' for 'Niels
    Ølgaard'): refused as ``withdraw`` would, with the player's spelling."""
    near = names.near(typed, closest=False)
    if near:
        raise InputError(Problem(f'"{typed}" is not on the Players sheet; did you mean {either(near)}? (type the name as '
                                 "it is there; a different player needs a name that differs in more than accents, "
                                 "their full name)", sheet=PLAYERS.name))


def _players(store: WorkbookStore) -> tuple[SheetGrid, tuple[Player, ...]]:
    """The Players sheet and its players; its problems (a withdrawal before a first round...) refuse."""
    if PLAYERS.name not in store.sheet_names():
        raise InputError(Problem(f"the sheet '{PLAYERS.name}' is missing (copy it from the template)", sheet=PLAYERS.name))
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
           *, added: bool, remark: str = "") -> AttendanceChange:
    """Type the cells; an older workbook without the attendance headers gets them typed first."""
    for header in (FROM_ROUND, WITHDREW_AFTER, ATTENDANCE_NOTE, ABSENT):
        col = PLAYERS.index(header)
        if cells.is_empty(grid.value(HEADER_ROW, col)):
            typed = {(HEADER_ROW, col): header, **typed}
    store.write_cells(PLAYERS.name, typed)
    shown = tuple(f"{PLAYERS.name}!{address(r, c)}" for r, c in typed if r != HEADER_ROW)
    return AttendanceChange(player, shown, added=added, remark=remark)


__all__ = ["AttendanceChange", "absence_said", "absent", "drawn_seat", "join", "present", "rounds_cell", "withdraw"]
