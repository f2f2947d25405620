"""The forms of an event, read from its workbook through the store and the ruleset's layout.

The public functions take any :class:`~tourneybook.files.store.WorkbookStore`
(a :class:`~tourneybook.files.filestore.FileWorkbook` for ``tourneybook
forms``, the live workbook for the Excel button), so both print from the same
reading:

* :func:`round_forms`: one form per table (board) of a round, as drawn on the
  layout's draw sheet (the first entry sheet: 'Qualifying games',
  'Preliminary', 'Boards').
* :func:`final_forms`: the Friedrich final's game report, the finalists in the
  roles they chose on the 'Final game' row.
* :func:`bracket_forms`: the knock-out bracket seeded from the preliminary
  standings and filled with the matches decided so far.

Only the cells a form needs are checked (the round's draw cells, the Players
sheet, Settings): a result typed wrongly in another round does not stop a
round's forms from printing; ``recalc`` reports it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import Collector, InputError, Problem
from ..frozen import frozen
from ..i18n import Words, find_words
from ..rules.attendance import STAND_IN_MARK
from ..rules.base import Ruleset
from ..workbook import cells
from ..workbook.generic import PLAYERS, Player, player_names, read_players
from ..workbook.settings_sheet import SETTINGS, EventSettings, read_event_settings
from ..workbook.layout import Layout
from ..workbook.layouts import find_layout
from ..workbook.reader import PlayerNames, Row, read_sheet
from ..workbook.event import read_event
from ..workbook.schema import FIRST_DATA_ROW, Column, EntrySheet, Kind
from ..workbook.draw_sheets import FINAL_DRAW_SHEET  # the finalists in choosing order, as draw --final wrote them
from ..files.filekind import workbook_name
from ..files.store import SheetGrid, WorkbookStore
from .common import DEFAULT_YEARS
from .render import Form
from .tables import final_form, table_form

ROUND = "Round"
TABLE_HEADERS = ("Table", "Board")
"""What the draw sheet calls a table: 'Table' (Friedrich, Carcassonne) or 'Board' (Diplomacy)."""
POWER, PLAYER = "Power", "Player"
"""A Diplomacy draw sheet holds a board as seven rows: one per power, with its player."""
YEARS_HEADER, TOP_BOARD_HEADER = "Years per game", "Top board"
"""A layout sheet with these columns beside 'Round' gives a round's game length and its top board."""


@frozen
class EventHead:
    """What every form of an event shares: the ruleset, its layout, the Settings and the Players."""

    ruleset: Ruleset
    layout: Layout
    tournament: str
    """The Settings' tournament name, '' when none is typed (then no name is printed)."""
    settings: Any
    players: tuple[Player, ...]
    names: PlayerNames | None
    present: tuple[str, ...]
    read: EventSettings
    """The Settings sheet as read (once per command: the event's reading takes it)."""

    @property
    def words(self) -> Words:
        """The players' language of the event (Settings, 'Language'), which its forms are printed in."""
        return find_words(self.read.language)


def round_forms(store: WorkbookStore, round: int, *, years: int | None = None) -> list[Form]:
    """The pre-filled form of every table (board) of ``round``, in table order.

    Read through ``store`` only: the Settings sheet (ruleset, tournament name,
    Diplomacy years per game), the Players sheet (stand-ins are marked on the
    form) and the rows of ``round`` on the layout's draw sheet. ``years`` sets
    the Diplomacy Fall columns; None takes the round's own length on the layout
    (Italia's 'Rounds' sheet), else the Settings' years per game, else 7.
    A player on two boards of a round (Diplomacy, seed 003 II.5, seed 004
    section 6) is marked with the other board on both forms.

    Raises :class:`~tourneybook.errors.InputError` naming the sheet and cell of
    every problem (a table twice, a player twice at a table, a name not on the
    Players sheet), or saying that the round has no draw yet.
    """
    head = event_head(store)
    schema = head.layout.sheets[0]
    table = next((h for h in TABLE_HEADERS if has_column(schema, h)), None)
    seats = head.ruleset.seats
    blocks = has_column(schema, POWER) and has_column(schema, PLAYER)
    if table is None or not has_column(schema, ROUND):
        raise InputError(Problem(f"the ruleset {head.ruleset.id} has no draw to print forms from", sheet=SETTINGS.name))
    draw_headers = (ROUND, table, POWER, PLAYER) if blocks else (ROUND, table, *(s for s in seats if has_column(schema, s)))
    out = Collector(InputError)
    rows = round_rows(store, head, schema, draw_headers, round, out)  # rows with a problem are left out
    by_table: dict[int, dict[str, str]] = {}
    first_row: dict[int, Row] = {}
    for row in rows:
        number = row[table]
        seated = by_table.setdefault(number, {})
        if blocks:
            if row[POWER] in seated:
                out.add(f"{row[POWER]} appears twice on round {round} board {number}", sheet=row.sheet, cell=row.cell(POWER))
            seated[row[POWER]] = row[PLAYER]
        elif number in first_row:
            out.add(f"round {round} table {number} appears twice (also row {first_row[number].line})",
                    sheet=row.sheet, cell=row.cell(table))
        else:
            seated.update({s: row[s] for s in draw_headers[2:] if row[s] is not None})
        first_row.setdefault(number, row)
    out.raise_if_any()
    if not by_table:
        raise InputError(Problem(f"round {round} is not drawn yet: no row of the '{schema.name}' sheet has round "
                                 f"{round} (tourneybook draw {workbook_name(store)} --round {round} draws it)", sheet=schema.name))
    marks = seat_marks(head, by_table, table.lower())
    length, top = round_length(store, head, round)
    forms: list[Form] = []
    for number in sorted(by_table):
        try:
            forms.append(table_form(head.ruleset, head.tournament, round, number, by_table[number],
                                    years if years is not None else length, marks=marks.get(number, {}),
                                    top_board=number == top, words=head.words))
        except InputError as exc:
            row = first_row[number]
            out.extend([Problem(p.message, p.where, row.sheet, row.cell(table)) for p in exc.problems])
    out.raise_if_any()
    return forms


def final_forms(store: WorkbookStore) -> list[Form]:
    """The Friedrich final's game report: the finalists under the roles they chose, on the 'Final game' row.

    Before the roles are typed there, the finalists in choosing order from the
    'Final draw' sheet (written by ``tourneybook draw --final``, which also
    checks the roles once typed) are printed on the report, to choose at the
    table. Raises InputError for an event without a final, or with neither.
    """
    from ..workbook.layouts.friedrich_final import FINAL_SHEET  # the finalists under the roles they chose

    head = event_head(store)
    if not any(s.name == FINAL_SHEET for s in head.layout.sheets):
        raise InputError(Problem(f"the ruleset {head.ruleset.id} has no final game report (a Friedrich final)",
                                 sheet=SETTINGS.name))
    schema = head.layout.sheet(FINAL_SHEET)
    roles = head.ruleset.seats
    draw_headers = ("Table", *roles)
    out = Collector(InputError)
    grid = store.read(FINAL_SHEET) if FINAL_SHEET in head.present else None
    rows = read_sheet(grid, draw_only(schema, draw_headers), out, players=head.names, present=head.present)
    out.raise_if_any()
    row = next((r for r in rows if any(r[role] is not None for role in roles)), None)
    if row is None:
        choosing = choosing_order(store, head)
        if not choosing:
            raise InputError(Problem(
                f"the finalists are not known yet: run tourneybook draw {workbook_name(store)} --final (it lists them in choosing "
                "order on the 'Final draw' sheet), or type each finalist under the role they chose on this row",
                sheet=FINAL_SHEET, cell=f"B{FIRST_DATA_ROW}"))
        return [final_form(head.ruleset.id, head.tournament, 1, {}, choosing=choosing, words=head.words)]
    by_role = {role: row[role] for role in roles if row[role] is not None}
    marks = {role: STAND_IN_MARK for role, name in by_role.items() if name in stand_ins(head)}
    try:
        return [final_form(head.ruleset.id, head.tournament, row.get("Table", 1), by_role, marks=marks,
                           words=head.words)]
    except InputError as exc:
        raise InputError([Problem(p.message, p.where, row.sheet, row.cell()) for p in exc.problems]) from None


def choosing_order(store: WorkbookStore, head: EventHead) -> tuple[str, ...]:
    """The finalists in choosing order on the 'Final draw' sheet (its 'Chooses' and 'Finalist' columns), () without."""
    if FINAL_DRAW_SHEET not in head.present:
        return ()
    grid = store.read(FINAL_DRAW_SHEET)
    for line, values in enumerate(grid.rows, start=1):
        heads = [cells.text(v).casefold() if not cells.is_empty(v) else "" for v in values]
        if "chooses" in heads and "finalist" in heads:
            place, name = heads.index("chooses") + 1, heads.index("finalist") + 1
            found = []
            for below in range(line + 1, len(grid.rows) + 1):
                if cells.is_empty(grid.value(below, place)) or cells.is_empty(grid.value(below, name)):
                    break
                found.append(cells.text(grid.value(below, name)))
            return tuple(found) if len(found) == len(head.ruleset.seats) else ()
    return ()


def bracket_forms(store: WorkbookStore) -> list[Form]:
    """The knock-out bracket: the best 16 of the preliminary standings, and the matches decided so far.

    While the preliminary is not complete the seeds are left blank to write
    in. The standings are computed from the entries (as ``recalc`` does), so
    every entry must be readable: InputError lists what is not.
    """
    from .carcassonne import KnockoutBracketForm

    head = event_head(store)
    knockout = head.ruleset.knockout
    if knockout is None:
        raise InputError(Problem(f"the ruleset {head.ruleset.id} has no knock-out bracket", sheet=SETTINGS.name))
    event = read_event(store, head.read)
    bracket = knockout(event.record)
    if bracket is None:
        return [KnockoutBracketForm.of(head.tournament, words=head.words)]
    if bracket.size != 16:
        raise InputError(Problem(f"the printed bracket is for a knock-out of 16; the Settings have {bracket.size}",
                                 sheet=SETTINGS.name))
    winners = {m.stage: m.winner for m in bracket.matches if m.winner is not None}
    return [KnockoutBracketForm.of(head.tournament, list(bracket.seeding), winners, head.words)]


def event_head(store: WorkbookStore) -> EventHead:
    """Settings and Players of the event; InputError with every problem found in them."""
    out = Collector(InputError)
    present = tuple(store.sheet_names())

    def grid(name: str) -> SheetGrid | None:
        return store.read(name) if name in present else None

    found = read_event_settings(grid(SETTINGS.name), present)  # the Settings sheet, read once
    ruleset, layout, settings = found.ruleset, find_layout(found.ruleset), found.settings
    out.extend(found.problems)
    players_grid = grid(PLAYERS.name)
    players = read_players(players_grid, out, present)
    out.raise_if_any()
    names = player_names(players_grid) if players_grid is not None else None
    return EventHead(ruleset, layout, found.tournament, settings, players, names, present, found)


def has_column(schema: EntrySheet, header: str) -> bool:
    return any(c.header == header for c in schema.columns)


def draw_only(schema: EntrySheet, draw_headers: Sequence[str]) -> EntrySheet:
    """The schema with every column but the draw's read as plain text: results are recalc's to check."""
    relaxed = tuple(c if c.header in draw_headers else Column(c.header, Kind.TEXT) for c in schema.columns)
    return dataclasses.replace(schema, columns=relaxed)


def round_rows(store: WorkbookStore, head: EventHead, schema: EntrySheet, draw_headers: Sequence[str], round: int,
               out: Collector) -> tuple[Row, ...]:
    """The draw sheet's rows of ``round`` (typed and checked); the other rounds' rows are not looked at."""
    grid = store.read(schema.name) if schema.name in head.present else None
    if grid is not None:
        col = schema.index(ROUND) - 1
        kept = [line if number < FIRST_DATA_ROW or round_of(line, col) in (round, -1) else ()
                for number, line in enumerate(grid.rows, start=1)]
        grid = SheetGrid(grid.name, tuple(kept), grid.merged)
    return read_sheet(grid, draw_only(schema, draw_headers), out, players=head.names, present=head.present)


def round_of(line: Sequence[Any], col: int) -> int | None:
    """The round typed in a row: None when empty, -1 when it is not a whole number (so its problem is shown)."""
    value = line[col] if col < len(line) else None
    if cells.is_empty(value):
        return None
    try:
        return cells.whole(value)
    except cells.CellError:
        return -1


def stand_ins(head: EventHead) -> set[str]:
    return {p.name for p in head.players if p.stand_in}


def seat_marks(head: EventHead, by_table: Mapping[int, Mapping[str, str]], word: str) -> dict[int, dict[str, str]]:
    """What is printed after a name, by table and seat: 'stand-in', 'also board 3' (a player on two boards)."""
    tables_of: dict[str, list[int]] = {}
    for number, seated in by_table.items():
        for name in seated.values():
            tables_of.setdefault(name, []).append(number)
    standing_in = stand_ins(head)
    marks: dict[int, dict[str, str]] = {}
    for number, seated in by_table.items():
        for seat, name in seated.items():
            notes = [STAND_IN_MARK] if name in standing_in else []
            notes += [f"also {word} {other}" for other in tables_of[name] if other != number]
            if notes:
                marks.setdefault(number, {})[seat] = ", ".join(notes)
    return marks


def round_length(store: WorkbookStore, head: EventHead, round: int) -> tuple[int, int | None]:
    """(years, top board) of ``round``: a layout sheet's row for the round, else the Settings' years per game."""
    years = getattr(head.settings, "game_years", None) or DEFAULT_YEARS
    top: int | None = None
    for schema in head.layout.sheets:
        if not (has_column(schema, ROUND) and (has_column(schema, YEARS_HEADER) or has_column(schema, TOP_BOARD_HEADER))):
            continue
        out = Collector(InputError)
        grid = store.read(schema.name) if schema.name in head.present else None
        headers = [h for h in (ROUND, YEARS_HEADER, TOP_BOARD_HEADER) if has_column(schema, h)]
        for row in read_sheet(grid, draw_only(schema, headers), out, present=head.present):
            if row[ROUND] == round:
                years = row.get(YEARS_HEADER, years)
                top = row.get(TOP_BOARD_HEADER, top)
        out.raise_if_any()
    return years, top


__all__ = ["bracket_forms", "event_head", "final_forms", "round_forms"]
