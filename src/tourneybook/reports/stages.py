"""The games after the rounds, reported from phones too: the Friedrich final and the Carcassonne knock-out's matches.

They are tables of their own "round" (:data:`STAGES_ROUND`, 0: no round of play has
that number), so each has a table code of its own (``0/1`` for the final, ``0/N`` for
the knock-out's N-th match in bracket order) that no round's code can open.

- The final is the 'Final game' sheet's row once the finalists are typed under the
  roles they chose (the report asks for that row's game report; the lot columns are
  the director's).
- A knock-out match is a match of the bracket whose two players are known
  (the preliminary standings and the matches decided so far say so): its row of the
  'Knock-out matches' sheet if the director typed it, else the sheet's next free
  row, which a report fills with the stage and both players too. A match the
  bracket does not have has no code, and a report of it is refused at import.

Each stage's layout (the Friedrich final's, the Carcassonne knock-out's) is imported where that stage is read:
an event loads no other family's layout for it (issue 40).
"""

from __future__ import annotations

from ..forms.event import event_head
from ..workbook.event import Event, read_event
from ..workbook.schema import FIRST_DATA_ROW, EntrySheet
from ..files.store import WorkbookStore
from .sheet import ReportSheet, DrawnTable, Seat, draw_rows, sheet_draw

STAGES_ROUND = 0
"""The "round" of the final and the knock-out's matches: after every round of play."""
TABLE = "Table"
LOT_PREFIX = "Lot "
"""The final's lot columns: a tie the rules leave to a lot is the director's to draw, not a phone's to report."""


def read_stages(store: WorkbookStore, event: Event | None = None) -> ReportSheet | None:
    """The final's or the knock-out's reportable tables; None for an event with neither, or a knock-out whose
    bracket is not known yet. InputError (every problem) when what they are read from cannot be read.

    The final's table is its 'Final game' row alone. The knock-out's matches come from the bracket, and
    the bracket from the preliminary standings: only then is the whole event read (and must be free of
    problems), or ``event`` taken when the caller has read it already (the hall's state, for the standings).
    """
    head = event_head(store)
    if head.ruleset.final is not None:  # the Friedrich rulesets', whose layouts have the 'Final game' sheet
        from ..workbook.layouts.friedrich_final import FINAL_SHEET

        return _final(store, head, head.layout.sheet(FINAL_SHEET))
    knockout = head.ruleset.knockout
    if knockout is None:
        return None
    from ..workbook.layouts.carcassonne2004 import KNOCKOUT  # the one ruleset with a knock-out, and its sheet

    bracket = knockout((event if event is not None else read_event(store, head.read)).record)
    return None if bracket is None else _knockout(store, head, head.layout.sheet(KNOCKOUT.name), bracket)


def _sheet_draw(head, schema: EntrySheet, word: str, draw_headers: tuple[str, ...], tables: tuple[DrawnTable, ...]) -> ReportSheet:
    asked = tuple(c.header for c in schema.columns if c.header not in draw_headers and not c.header.startswith(LOT_PREFIX))
    return sheet_draw(schema, word, blocks=False, asked=asked, tables=tables, ruleset=head.ruleset.id)


def _final(store: WorkbookStore, head, schema: EntrySheet) -> ReportSheet:
    roles = tuple(s for s in head.ruleset.seats if any(c.header == s for c in schema.columns))
    draw_headers = (TABLE, *roles)
    tables = []
    for row in draw_rows(store, head, schema, draw_headers):
        seats = tuple(Seat(role, row[role], row.line) for role in roles if row[role] is not None)
        if len(seats) == len(roles):  # every finalist in the role they chose: the game the final's report is for
            tables.append(DrawnTable(STAGES_ROUND, row.get(TABLE) or 1, seats))
    return _sheet_draw(head, schema, "Final table", draw_headers, tuple(tables[:1]))


def _knockout(store: WorkbookStore, head, schema: EntrySheet, bracket) -> ReportSheet:
    from ..workbook.layouts.carcassonne2004 import PLAYER_A, PLAYER_B, STAGE

    draw_headers = (STAGE, PLAYER_A, PLAYER_B)
    rows = draw_rows(store, head, schema, draw_headers)
    typed = {row[STAGE]: row for row in rows if row[STAGE] is not None}
    free = max((row.line for row in rows), default=FIRST_DATA_ROW - 1) + 1
    tables = []
    for number, match in enumerate(bracket.matches, start=1):
        row = typed.get(match.stage)
        if row is not None and row[PLAYER_A] is not None and row[PLAYER_B] is not None:
            seats = (Seat(PLAYER_A, row[PLAYER_A], row.line), Seat(PLAYER_B, row[PLAYER_B], row.line))
        elif row is None and match.players is not None:  # not typed yet: a report types it on the next free row
            seats = (Seat(PLAYER_A, match.players[0], free), Seat(PLAYER_B, match.players[1], free))
        else:
            continue
        tables.append(DrawnTable(STAGES_ROUND, number, seats, stage=match.stage))
    return _sheet_draw(head, schema, "Match", draw_headers, tuple(tables))


def draw_cells(draw: ReportSheet, table: DrawnTable) -> dict[tuple[int, int], object]:
    """The cells a report of a knock-out match not yet on its sheet types besides its results: stage and players."""
    if not table.stage:
        return {}
    from ..workbook.layouts.carcassonne2004 import STAGE

    line = table.seats[0].line
    return {(line, draw.columns[STAGE]): table.stage,
            **{(line, draw.columns[s.seat]): s.player for s in table.seats}}


def stage_name(draw: ReportSheet, table: DrawnTable) -> str:
    """How the pages, the director and the import name it: 'Final, table 1', 'Match SF1'."""
    return f"Match {table.stage}" if table.stage else f"Final, table {table.table}"


__all__ = ["STAGES_ROUND", "draw_cells", "read_stages", "stage_name"]
