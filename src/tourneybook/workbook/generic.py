"""The entry sheets every template has: Players and Adjustments (Settings: settings_sheet.py).

RULES.md, "Everywhere": a tie left to a lot takes the organiser's decision from
a column in the workbook (Players, "Lot decision"), and every standings table
may carry manual adjustments with a reason (Adjustments), shown, never hidden.
The Settings sheet names the ruleset and the tournament, then maps each field
of the ruleset's Settings dataclass by its label (field metadata 'label').
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from ..errors import Collector, Problem
from ..frozen import frozen
from ..rules.attendance import Attendance, order_problem, range_problem
from ..rules.ranking import Adjustment
from . import cells
from .reader import PlayerNames, Row, matching_key, read_sheet
from ..files.address import address
from .schema import FIRST_DATA_ROW, Column, EntrySheet, Kind
from ..files.store import SheetGrid

NAME, CLUB, STAND_IN, DISTANCE, GROUP, LOT = (
    "Name",
    "Club / country",
    "Stand-in",
    "Distance from home (km)",
    "Keep-apart group",
    "Lot decision",
)
FROM_ROUND, WITHDREW_AFTER, ATTENDANCE_NOTE = "From round", "Withdrew after round", "Attendance note"
"""Attendance (docs/attendance.md): a late arrival's first round, a withdrawal, and why."""
ABSENT = "Absent in rounds"
"""The roll call (docs/attendance.md): rounds a player does not play between their first and their last."""

PLAYERS = EntrySheet(
    name="Players",
    title="Players",
    help="One player per row. Names must be unique; every other sheet picks players from this list.",
    rows=400,
    columns=(
        Column(NAME, Kind.TEXT, required=True, width=26, help="The player's name as it should appear in the standings."),
        Column(CLUB, Kind.TEXT, width=18, help="Club or country, shown in the standings; draws keep a club's players apart where possible."),
        Column(STAND_IN, Kind.YES_NO, width=10, help="yes for a stand-in who only fills a table: their scores never enter the standings."),
        Column(DISTANCE, Kind.EXACT, minimum=0, width=14, help="Distance travelled from home (CODCon's last tie-breaker); leave empty elsewhere."),
        Column(GROUP, Kind.TEXT, width=16, help="Players with the same group (family, club) are kept apart in draws where possible."),
        Column(LOT, Kind.WHOLE, minimum=1, width=12, help="Only for a tie the rules leave to a lot: the drawn order, 1 ranks first."),
        Column(FROM_ROUND, Kind.WHOLE, minimum=1, width=10, may_be_absent=True,
               help="A late arrival's first round; empty: plays from round 1."),
        Column(WITHDREW_AFTER, Kind.WHOLE, minimum=1, width=12, may_be_absent=True,
               help="The last round a withdrawn player played; empty: plays on. Never drawn again after it."),
        Column(ATTENDANCE_NOTE, Kind.TEXT, width=24, may_be_absent=True,
               help="Why the player came late or withdrew (shown with the standings' mark)."),
        Column(ABSENT, Kind.TEXT, width=12, may_be_absent=True,
               help="Roll call: rounds not played, e.g. 2 or 2, 4."),
    ),
)

_CONTROL_NOT_BLANK = re.compile("[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f]")
"""Unicode's control characters (category Cc) that are not white space, in one search of a name rather than a
lookup per letter (tests/workbook pins it to unicodedata)."""

PLAYER, POINTS, REASON = "Player", "Points", "Reason"

ADJUSTMENTS = EntrySheet(
    name="Adjustments",
    title="Adjustments (penalties and corrections)",
    help="Points added to a player's standings total; negative for a penalty. The reason is shown in the standings.",
    rows=50,
    columns=(
        Column(PLAYER, Kind.PLAYER, required=True, width=26, help="Who the adjustment is for."),
        Column(POINTS, Kind.EXACT, required=True, width=10, help="Points added (e.g. -50 for a penalty)."),
        Column(REASON, Kind.TEXT, required=True, width=50, help="Why: shown beside the player in the standings."),
    ),
)

@frozen
class Player:
    """One row of the Players sheet."""

    name: str
    club: str = ""
    stand_in: bool = False
    """A stand-in fills a table; their scores never enter the standings."""
    distance: Fraction | None = None
    """Distance from home (CODCon tie-breaker); None where not entered."""
    group: str = ""
    """Keep-apart group for draws."""
    lot: int | None = None
    """The organiser's lot decision (1 ranks first) for a tie left to a lot."""
    line: int = 0
    """Row on the Players sheet (0 when the player did not come from a sheet)."""
    from_round: int = 1
    """The first round the player plays (a late arrival: more than 1)."""
    withdrew_after: int | None = None
    """The last round played before withdrawing; None: plays on."""
    attendance_note: str = ""
    """Why the player came late or withdrew."""
    absent: frozenset[int] = frozenset()
    """Rounds the player does not play although at the event (the roll call)."""

    def plays(self, round_number: int) -> bool:
        """Whether the player is there for round ``round_number`` (drawn, expected to have a result)."""
        return (self.from_round <= round_number and (self.withdrew_after is None or round_number <= self.withdrew_after)
                and round_number not in self.absent)


def read_players(grid: SheetGrid | None, out: Collector, present: Sequence[str] = ()) -> tuple[Player, ...]:
    """The Players sheet; duplicate names (case and blanks ignored) are problems."""
    rows = read_sheet(grid, PLAYERS, out, present=present)
    seen: dict[str, Row] = {}
    players: list[Player] = []
    for row in rows:
        v = row.values  # a typed cell is never "", so `or ""` only stands in for an empty one
        name = v[NAME]
        key = matching_key(name)
        if key in seen:
            out.add(f'"{name}" is already on row {seen[key].line}: names must be unique', sheet=PLAYERS.name, cell=row.cell(NAME))
            continue
        seen[key] = row
        wrong = control_character(name)
        if wrong:
            out.add(wrong, sheet=PLAYERS.name, cell=row.cell(NAME))
            continue
        first, last = v[FROM_ROUND] or 1, v[WITHDREW_AFTER]
        wrong = order_problem(first, last)
        if wrong:
            out.add(f"{name} {wrong} (clear the cell if they never came)", sheet=PLAYERS.name, cell=row.cell(WITHDREW_AFTER))
            continue
        absent = _absent_rounds(row, out) if v[ABSENT] else frozenset()
        if absent is None:
            continue
        players.append(
            Player(name, club=v[CLUB] or "", stand_in=bool(v[STAND_IN]), distance=v[DISTANCE], group=v[GROUP] or "",
                   lot=v[LOT], line=row.line, from_round=first, withdrew_after=last,
                   attendance_note=v[ATTENDANCE_NOTE] or "", absent=absent)
        )
    return tuple(players)


def control_character(name: str) -> str:
    """Why ``name`` cannot be a player's name: it holds a control character; '' when it holds none.

    The one check of the Players sheet's names and of a name ``join`` types there. A tab or a line
    break is no such character: the sheet's reader (cells.text) folds white space into one space.
    """
    if _CONTROL_NOT_BLANK.search(name):
        return f"the name {name!r} holds a control character (pasted from another program?): type the name again"
    return ""


def _absent_rounds(row: Row, out: Collector) -> frozenset[int] | None:
    """The rounds typed in 'Absent in rounds' ('2', '2, 4', '2;4'); None (a problem at the cell) when one is no round."""
    typed = row.get(ABSENT) or ""
    rounds = set()
    for part in typed.replace(";", ",").replace(" ", ",").split(","):
        if not part:
            continue
        if not part.isdigit() or int(part) < 1:
            out.add(f'"{typed}" is not a list of rounds: type the rounds {row[NAME]} does not play, e.g. 2 or 2, 4',
                    sheet=PLAYERS.name, cell=row.cell(ABSENT))
            return None
        rounds.add(int(part))
    return frozenset(rounds)


def attendance_range_problems(players: Sequence[Player], rounds: int) -> list[Problem]:
    """A From round, Withdrew after round or Absent in rounds beyond the event's ``rounds`` rounds, at its cell."""
    problems = []
    for p in players:
        wrong = range_problem(p.from_round, p.withdrew_after, p.absent, rounds)
        if wrong:
            header = (FROM_ROUND if p.from_round > rounds else
                      WITHDREW_AFTER if p.withdrew_after is not None and p.withdrew_after > rounds else ABSENT)
            problems.append(Problem(f"{p.name} {wrong}", sheet=PLAYERS.name, cell=address(p.line, PLAYERS.index(header))))
    return problems


def attendance(players: Sequence[Player]) -> tuple[Attendance, ...]:
    """The rules' attendance records: one per late arrival or withdrawal (everyone else plays every round)."""
    return tuple(
        Attendance(p.name, p.from_round, p.withdrew_after, p.attendance_note, p.absent)
        for p in players
        if p.from_round > 1 or p.withdrew_after is not None or p.absent
    )


def player_names(grid: SheetGrid) -> PlayerNames:
    """Every name typed on the Players sheet, including rows with a problem elsewhere.

    A player whose lot decision is mistyped is still a known player: the other
    sheets must not report them as unknown too.
    """
    col = PLAYERS.index(NAME)
    names = []
    for line, row in enumerate(grid.rows[FIRST_DATA_ROW - 1 :], start=FIRST_DATA_ROW):
        value = grid.value(line, col) if row else None
        if not cells.is_empty(value):
            try:
                names.append(cells.text(value))
            except cells.CellError:
                continue
    return PlayerNames(names)


def adjustments_of(rows: Sequence[Row]) -> tuple[Adjustment, ...]:
    """The Adjustments sheet's rows (read_sheet with :data:`ADJUSTMENTS`) as ranking adjustments."""
    return tuple(Adjustment(r[PLAYER], r[POINTS], r[REASON]) for r in rows)


__all__ = [
    "ADJUSTMENTS",
    "PLAYERS",
    "Player",
    "adjustments_of",
    "attendance",
    "control_character",
    "player_names",
    "read_players",
]
