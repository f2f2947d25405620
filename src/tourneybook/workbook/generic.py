"""The entry sheets every template has: Players, Adjustments and Settings.

RULES.md, "Everywhere": a tie left to a lot takes the organiser's decision from
a column in the workbook (Players, "Lot decision"), and every standings table
may carry manual adjustments with a reason (Adjustments), shown, never hidden.
The Settings sheet names the ruleset and the tournament, then maps each field
of the ruleset's Settings dataclass by its label (field metadata 'label').
"""

from __future__ import annotations

import dataclasses
import difflib
import enum
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..errors import Collector, InputError, Problem
from ..rules.attendance import Attendance, order_problem
from ..rules.ranking import Adjustment
from . import cells
from .reader import PlayerNames, Row, read_sheet
from .schema import FIRST_DATA_ROW, Column, EntrySheet, Kind, address
from .store import SheetGrid

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
    ),
)

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

SETTING, VALUE, MEANING = "Setting", "Value", "Meaning"
RULESET_LABEL, TOURNAMENT_LABEL = "Ruleset", "Tournament"
CLUB_RANKING_LABEL = "Club ranking (best N)"
CLUB_RANKING_HELP = (
    "0: none. N: a ranking of clubs or countries (the Players sheet's Club column) by the sum of "
    "their best N players' totals, on its own result sheet."
)
"""The one setting every ruleset has (last on the sheet): off unless the organiser asks for it."""
LIVE_REPORTING_LABEL = "Live reporting"
LIVE_REPORTING_HELP = (
    "no: off. yes: while tourneybook live runs, players report results from their phones (a table code on each "
    "form); the director imports them. The forms and the Seating sheet then carry the live address as a QR code."
)
NAME_FIELD = "tournament"
"""A ruleset Settings field of this name is filled from the Tournament row, not a row of its own."""

SETTINGS = EntrySheet(
    name="Settings",
    title="Settings",
    help="Change only the Value column. Ruleset and Tournament come first; the ruleset's settings follow.",
    rows=0,
    columns=(
        Column(SETTING, Kind.TEXT, required=True, width=34),
        Column(VALUE, Kind.TEXT, width=22),
        Column(MEANING, Kind.TEXT, width=80),
    ),
)


@dataclass(frozen=True)
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

    def plays(self, round_number: int) -> bool:
        """Whether the player is there for round ``round_number`` (drawn, expected to have a result)."""
        return self.from_round <= round_number and (self.withdrew_after is None or round_number <= self.withdrew_after)


def read_players(grid: SheetGrid | None, out: Collector, present: Sequence[str] = ()) -> tuple[Player, ...]:
    """The Players sheet; duplicate names (case and blanks ignored) are problems."""
    rows = read_sheet(grid, PLAYERS, out, present=present)
    seen: dict[str, Row] = {}
    players: list[Player] = []
    for row in rows:
        key = " ".join(row[NAME].split()).casefold()
        if key in seen:
            out.add(f'"{row[NAME]}" is already on row {seen[key].line}: names must be unique', sheet=PLAYERS.name, cell=row.cell(NAME))
            continue
        seen[key] = row
        first, last = row[FROM_ROUND] or 1, row[WITHDREW_AFTER]
        wrong = order_problem(first, last)
        if wrong:
            out.add(f"{row[NAME]} {wrong} (clear the cell if they never came)", sheet=PLAYERS.name, cell=row.cell(WITHDREW_AFTER))
            continue
        players.append(
            Player(row[NAME], row.get(CLUB, ""), bool(row.get(STAND_IN, False)), row[DISTANCE], row.get(GROUP, ""),
                   row[LOT], row.line, first, last, row.get(ATTENDANCE_NOTE, ""))
        )
    return tuple(players)


def attendance(players: Sequence[Player]) -> tuple[Attendance, ...]:
    """The rules' attendance records: one per late arrival or withdrawal (everyone else plays every round)."""
    return tuple(
        Attendance(p.name, p.from_round, p.withdrew_after, p.attendance_note)
        for p in players
        if p.from_round > 1 or p.withdrew_after is not None
    )


def player_names(grid: SheetGrid) -> PlayerNames:
    """Every name typed on the Players sheet, including rows with a problem elsewhere.

    A player whose lot decision is mistyped is still a known player: the other
    sheets must not report them as unknown too.
    """
    col = PLAYERS.index(NAME)
    names = []
    for line in range(FIRST_DATA_ROW, len(grid.rows) + 1):
        value = grid.value(line, col)
        if not cells.is_empty(value):
            try:
                names.append(cells.text(value))
            except cells.CellError:
                continue
    return PlayerNames(names)


def read_adjustments(grid: SheetGrid | None, names: PlayerNames | None, out: Collector, present: Sequence[str] = ()) -> tuple[Adjustment, ...]:
    """The Adjustments sheet as ranking adjustments."""
    rows = read_sheet(grid, ADJUSTMENTS, out, players=names, present=present)
    return tuple(Adjustment(r[PLAYER], r[POINTS], r[REASON]) for r in rows)


# --- Settings -----------------------------------------------------------------------


def setting_label(f: dataclasses.Field) -> str:
    return f.metadata.get("label") or f.name.replace("_", " ").capitalize()


def setting_help(f: dataclasses.Field) -> str:
    return f.metadata.get("help", "")


def _hints(settings: Any) -> dict[str, Any]:
    return typing.get_type_hints(type(settings))


def _optional(tp: Any) -> tuple[Any, bool]:
    """(inner type, True) for ``X | None``; (tp, False) otherwise."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(tp)) == 2:
            return args[0], True
    return tp, False


def setting_cell(value: Any) -> Any:
    """How a setting's value is written into its Value cell (read back by :func:`parse_setting`)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value.value, str) else value.name
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        decimal = Decimal(value.numerator) / Decimal(value.denominator)
        short = Fraction(decimal) == value and -decimal.as_tuple().exponent <= 6
        return float(decimal) if short else f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple):
        return ", ".join(str(setting_cell(v)) for v in value)
    return value if isinstance(value, (str, int, float)) else str(value)


def parse_setting(raw: Any, tp: Any, default: Any) -> Any:
    """The typed value of a Value cell for a field of type ``tp``; CellError when it does not fit."""
    tp, optional = _optional(tp)
    if cells.is_empty(raw):
        if optional:
            return None
        raise cells.CellError("a value is needed here")
    if tp is bool:
        return cells.yes_no(raw)
    if tp is int:
        return cells.whole(raw)
    if tp is Fraction:
        return cells.exact(raw)
    if tp is str:
        return cells.text(raw)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        word = cells.text(raw).casefold()
        for member in tp:
            if word in (str(member.value).casefold(), member.name.casefold()):
                return member
        raise cells.CellError(f"{cells.shown(raw)} is not one of: {', '.join(str(setting_cell(m)) for m in tp)}")
    if typing.get_origin(tp) is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            parts = [p.strip() for p in cells.text(raw).split(",") if p.strip()]
            return tuple(parse_setting(p, args[0], None) for p in parts)
    # A type the Settings sheet cannot express: only its default may stand.
    if cells.text(raw) == cells.text(setting_cell(default)):
        return default
    raise cells.CellError("this setting cannot be changed in the workbook; put back " + cells.shown(str(setting_cell(default))))


def setting_rows(ruleset_id: str, tournament: str, settings: Any) -> list[tuple[str, Any, str]]:
    """(Setting, Value, Meaning) rows of a Settings sheet, in order."""
    rows: list[tuple[str, Any, str]] = [
        (RULESET_LABEL, ruleset_id, "The ruleset this workbook is scored by. Do not change."),
        (TOURNAMENT_LABEL, tournament, "The tournament's name (it also seeds the suggested lots)."),
    ]
    for f in dataclasses.fields(settings):
        if f.name == NAME_FIELD:
            continue
        rows.append((setting_label(f), setting_cell(getattr(settings, f.name)), setting_help(f)))
    rows.append((CLUB_RANKING_LABEL, 0, CLUB_RANKING_HELP))
    rows.append((LIVE_REPORTING_LABEL, "no", LIVE_REPORTING_HELP))
    return rows


def read_live_reporting(grid: SheetGrid | None, out: Collector) -> bool:
    """The "Live reporting" row: off when the row is missing or empty (workbooks made before it)."""
    found = _label_rows(grid).get(LIVE_REPORTING_LABEL.casefold()) if grid is not None else None
    if found is None or cells.is_empty(found[1]):
        return False
    try:
        return cells.yes_no(found[1])
    except cells.CellError as exc:
        out.add(f"{LIVE_REPORTING_LABEL}: {exc}", sheet=SETTINGS.name, cell=address(found[0], 2))
        return False


def read_club_ranking(grid: SheetGrid | None, out: Collector) -> int:
    """N of the "Club ranking (best N)" row: 0 (no club ranking) when the row is missing or empty."""
    if grid is None:
        return 0
    found = _label_rows(grid).get(CLUB_RANKING_LABEL.casefold())
    if found is None or cells.is_empty(found[1]):
        return 0
    line, raw = found
    try:
        best = cells.whole(raw)
    except cells.CellError as exc:
        out.add(f"{CLUB_RANKING_LABEL}: {exc}", sheet=SETTINGS.name, cell=address(line, 2))
        return 0
    if best < 0:
        out.add(f"{CLUB_RANKING_LABEL}: {best} is below 0 (0 for no club ranking)", sheet=SETTINGS.name, cell=address(line, 2))
        return 0
    return best


@dataclass(frozen=True)
class SettingsHead:
    """The first two rows of the Settings sheet."""

    ruleset: str
    tournament: str
    ruleset_cell: str
    """Where the ruleset id is, for problems about it."""


def _label_rows(grid: SheetGrid) -> dict[str, tuple[int, Any]]:
    rows: dict[str, tuple[int, Any]] = {}
    for line in range(FIRST_DATA_ROW, len(grid.rows) + 1):
        label = grid.value(line, 1)
        if not cells.is_empty(label):
            rows.setdefault(" ".join(str(label).split()).casefold(), (line, grid.value(line, 2)))
    return rows


def read_settings_head(grid: SheetGrid | None, out: Collector, present: Sequence[str] = ()) -> SettingsHead | None:
    """Ruleset id and tournament name, or None (with problems) when the ruleset is not given."""
    before = len(out.problems)
    read_sheet(grid, SETTINGS, out, present=present)
    if grid is None or len(out.problems) > before:
        return None
    rows = _label_rows(grid)
    found = rows.get(RULESET_LABEL.casefold())
    if found is None or cells.is_empty(found[1]):
        cell = address(found[0], 2) if found else "A4"
        out.add(f'no ruleset given: the row "{RULESET_LABEL}" needs a ruleset id in its Value cell', sheet=SETTINGS.name, cell=cell)
        return None
    tournament = rows.get(TOURNAMENT_LABEL.casefold(), (0, None))[1]
    name = cells.text(tournament) if not cells.is_empty(tournament) else ""
    return SettingsHead(cells.text(found[1]), name, address(found[0], 2))


SETTINGS_WHERE = "settings"
"""How the rules name a setting in a problem: 'settings, <field name>' (or just 'settings')."""


def place_settings_problems(problems: Sequence[Problem], grid: SheetGrid | None, settings: Any) -> list[Problem]:
    """The rules' problems about settings placed at their Value cell on the Settings sheet.

    The rules say ``where='settings, theatres'``; the sheet shows that field by its
    label, so the problem goes to that row's Value cell (the whole sheet when the
    field is not named or its row is missing). Other problems are returned as they are.
    """
    labels = {f.name: setting_label(f).casefold() for f in dataclasses.fields(settings)}
    labels[NAME_FIELD] = TOURNAMENT_LABEL.casefold()
    rows = _label_rows(grid) if grid is not None else {}
    placed = []
    for p in problems:
        head, _, field_name = p.where.partition(",")
        if p.sheet or head.strip() != SETTINGS_WHERE:
            placed.append(p)
            continue
        found = rows.get(labels.get(field_name.strip(), ""))
        label = grid.value(found[0], 1) if found and grid is not None else ""
        message = f"{label}: {p.message}" if label else p.message
        placed.append(Problem(message, p.where, SETTINGS.name, address(found[0], 2) if found else ""))
    return placed


def read_settings(grid: SheetGrid, default: Any, out: Collector, tournament: str = "") -> Any:
    """The ruleset's Settings from the sheet's rows, mapped by label; missing rows keep the default.

    A field named ``tournament`` takes the Tournament row's name when one is given.
    """
    fields = {setting_label(f).casefold(): f for f in dataclasses.fields(default) if f.name != NAME_FIELD}
    hints = _hints(default)
    changes: dict[str, Any] = {}
    if tournament and any(f.name == NAME_FIELD for f in dataclasses.fields(default)):
        changes[NAME_FIELD] = tournament
    before = len(out.problems)
    known = {RULESET_LABEL.casefold(), TOURNAMENT_LABEL.casefold(), CLUB_RANKING_LABEL.casefold(), LIVE_REPORTING_LABEL.casefold(), *fields}
    for key, (line, raw) in _label_rows(grid).items():
        if key not in known:
            labels = [setting_label(f) for f in fields.values()]
            close = difflib.get_close_matches(str(grid.value(line, 1)), labels, n=1, cutoff=0.6)
            hint = f'; did you mean "{close[0]}"?' if close else ""
            out.add(f'unknown setting "{grid.value(line, 1)}"{hint}', sheet=SETTINGS.name, cell=address(line, 1))
            continue
        f = fields.get(key)
        if f is None:
            continue
        try:
            changes[f.name] = parse_setting(raw, hints[f.name], getattr(default, f.name))
        except cells.CellError as exc:
            out.add(f"{setting_label(f)}: {exc}", sheet=SETTINGS.name, cell=address(line, 2))
            continue
        try:  # the ruleset's own check of this one value, so that its problem names the cell
            dataclasses.replace(default, **{f.name: changes[f.name]})
        except InputError as exc:
            out.extend([Problem(f"{setting_label(f)}: {p.message}", sheet=SETTINGS.name, cell=address(line, 2)) for p in exc.problems])
    if len(out.problems) > before:
        return default
    try:  # what only the settings together can show
        return dataclasses.replace(default, **changes)
    except InputError as exc:
        out.extend([p.located(SETTINGS.name) for p in exc.problems])
    return default


__all__ = [
    "ADJUSTMENTS",
    "PLAYERS",
    "Player",
    "SETTINGS",
    "attendance",
    "SettingsHead",
    "parse_setting",
    "place_settings_problems",
    "player_names",
    "read_adjustments",
    "read_players",
    "read_settings",
    "read_settings_head",
    "setting_cell",
    "setting_rows",
]
