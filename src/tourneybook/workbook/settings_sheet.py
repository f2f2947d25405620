"""The Settings sheet every template has: the ruleset, the tournament, then the ruleset's settings.

Each field of the ruleset's Settings dataclass is a row, found by its label (field
metadata 'label'), so an organiser may reorder rows or add notes between them; the
sheet is read once per command into one :class:`EventSettings` record.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..errors import Collector, InputError, Problem
from ..frozen import frozen
from ..rules import Ruleset, find_ruleset
from ..rules.base import SettingsChoice
from . import cells
from ..files.address import address
from .nameorder import COLLATIONS, DEFAULT_LANGUAGE, find_collation
from .reader import close_matches, read_sheet
from .schema import FIRST_DATA_ROW, Column, EntrySheet, Kind
from ..files.store import SheetGrid

SETTING, VALUE, MEANING = "Setting", "Value", "Meaning"
RULESET_LABEL, TOURNAMENT_LABEL = "Ruleset", "Tournament"
CLUB_RANKING_LABEL = "Club ranking (best N)"
CLUB_RANKING_HELP = (
    "0: none. N: a ranking of clubs or countries (the Players sheet's Club column) by the sum of "
    "their best N players' totals, on its own result sheet."
)
"""The one setting every ruleset has (after it: Live reporting and Language): off unless the organiser asks for it."""
LIVE_REPORTING_LABEL = "Live reporting"
LIVE_REPORTING_HELP = (
    "no: off. yes: while tourneybook live runs, players report results from their phones (a table code on each "
    "form); the director imports them. The forms and the Seating sheet then carry the live address as a QR code."
)
LANGUAGE_LABEL = "Language"
LANGUAGE_HELP = (
    "The players' language: the printed forms, the Seating sheet and the published results are written in it "
    "(English, Spanish, German, Italian or French, with its decimal mark), and names are sorted as it sorts them "
    "(Spanish: ñ after n; Swedish: å ä ö after z; Czech: ch after h). The other languages sort names their way and "
    "write in English: " + ", ".join(c.name for c in COLLATIONS) + "."
)
"""Every event's row after the club ranking: English unless the organiser names another (``new --language``)."""
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


# --- Settings -----------------------------------------------------------------------


def setting_label(f: dataclasses.Field) -> str:
    return f.metadata.get("label") or f.name.replace("_", " ").capitalize()


def setting_help(f: dataclasses.Field) -> str:
    return f.metadata.get("help", "")


def setting_choice(f: dataclasses.Field) -> SettingsChoice | None:
    """The choice a row makes (the Diplomacy event's Game scoring), when it is such a row."""
    return f.metadata.get("choice")


def choice_field(settings: Any) -> dataclasses.Field | None:
    """The field of ``settings`` whose row chooses the others, if any."""
    return next((f for f in dataclasses.fields(settings) if setting_choice(f)), None)


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


def setting_rows(ruleset_id: str, tournament: str, settings: Any,
                 language: str = DEFAULT_LANGUAGE) -> list[tuple[str, Any, str]]:
    """(Setting, Value, Meaning) rows of a Settings sheet, in order; ``language``: the Language row's value."""
    rows: list[tuple[str, Any, str]] = [
        (RULESET_LABEL, ruleset_id, "The ruleset this workbook is scored by. Do not change."),
        (TOURNAMENT_LABEL, tournament, "The tournament's name (it also seeds the suggested lots)."),
    ]
    for f in dataclasses.fields(settings):
        if f.name == NAME_FIELD:
            continue
        value = getattr(settings, f.name)
        choice = setting_choice(f)
        rows.append((setting_label(f), choice.name_of(value) if choice else setting_cell(value), setting_help(f)))
    rows.append((CLUB_RANKING_LABEL, 0, CLUB_RANKING_HELP))
    rows.append((LIVE_REPORTING_LABEL, "no", LIVE_REPORTING_HELP))
    rows.append((LANGUAGE_LABEL, language, LANGUAGE_HELP))
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


def live_reporting_cells(grid: SheetGrid, on: bool) -> dict[tuple[int, int], Any]:
    """The cells that switch the "Live reporting" row to yes or no (``tourneybook live --reporting on|off``): its
    Value cell; in a workbook made before the row existed, a new row (label, value, what it means) after the last."""
    found = _label_rows(grid).get(LIVE_REPORTING_LABEL.casefold())
    value = "yes" if on else "no"
    if found is not None:
        return {(found[0], 2): value}
    line = max((n for n in range(FIRST_DATA_ROW, len(grid.rows) + 1)
                if any(not cells.is_empty(v) for v in grid.rows[n - 1])), default=FIRST_DATA_ROW - 1) + 1
    return {(line, 1): LIVE_REPORTING_LABEL, (line, 2): value, (line, 3): LIVE_REPORTING_HELP}


def read_club_ranking(grid: SheetGrid | None, out: Collector) -> int:
    """N of the "Club ranking (best N)" row: 0 (no club ranking) when the row is missing or empty."""
    return 0 if grid is None else _club_ranking(_label_rows(grid), out)


def _club_ranking(rows: LabelRows, out: Collector) -> int:
    found = rows.get(CLUB_RANKING_LABEL.casefold())
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


def _language(rows: LabelRows, out: Collector) -> str:
    """The Language row's collation name: English when the row is missing or empty; a problem at its cell for a
    language TourneyBook does not sort in."""
    found = rows.get(LANGUAGE_LABEL.casefold())
    if found is None or cells.is_empty(found[1]):
        return DEFAULT_LANGUAGE
    line, raw = found
    try:
        return find_collation(cells.text(raw)).name
    except InputError as exc:
        out.extend([Problem(f"{LANGUAGE_LABEL}: {p.message}", sheet=SETTINGS.name, cell=address(line, 2))
                    for p in exc.problems])
        return DEFAULT_LANGUAGE


@frozen
class SettingsHead:
    """The first two rows of the Settings sheet, and the event's language."""

    ruleset: str
    tournament: str
    ruleset_cell: str
    """Where the ruleset id is, for problems about it."""
    language: str = DEFAULT_LANGUAGE
    """The Language row: the players' language (i18n.find_words), and how names are sorted on the Seating sheet
    and the published page."""


LabelRows = Mapping[str, tuple[int, Any]]
"""The Settings sheet's rows by label (blanks and case aside): (sheet row, Value cell)."""


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
    return _head(_label_rows(grid), out)


def _head(rows: LabelRows, out: Collector) -> SettingsHead | None:
    found = rows.get(RULESET_LABEL.casefold())
    if found is None or cells.is_empty(found[1]):
        cell = address(found[0], 2) if found else "A4"
        out.add(f'no ruleset given: the row "{RULESET_LABEL}" needs a ruleset id in its Value cell', sheet=SETTINGS.name, cell=cell)
        return None
    tournament = rows.get(TOURNAMENT_LABEL.casefold(), (0, None))[1]
    name = cells.text(tournament) if not cells.is_empty(tournament) else ""
    return SettingsHead(cells.text(found[1]), name, address(found[0], 2), _language(rows, out))


SETTINGS_WHERE = "settings"
"""How the rules name a setting in a problem: 'settings, <field name>' (or just 'settings')."""


def place_settings_problems(problems: Sequence[Problem], grid: SheetGrid, rows: LabelRows, settings: Any) -> list[Problem]:
    """The rules' problems about settings placed at their Value cell on the Settings sheet.

    The rules say ``where='settings, theatres'``; the sheet shows that field by its
    label, so the problem goes to that row's Value cell (the whole sheet when the
    field is not named or its row is missing). Other problems are returned as they are.
    """
    labels = {f.name: setting_label(f).casefold() for f in dataclasses.fields(settings)}
    labels[NAME_FIELD] = TOURNAMENT_LABEL.casefold()
    placed = []
    for p in problems:
        head, _, field_name = p.where.partition(",")
        if p.sheet or head.strip() != SETTINGS_WHERE:
            placed.append(p)
            continue
        found = rows.get(labels.get(field_name.strip(), ""))
        label = grid.value(found[0], 1) if found else ""
        message = f"{label}: {p.message}" if label else p.message
        placed.append(Problem(message, p.where, SETTINGS.name, address(found[0], 2) if found else ""))
    return placed


def read_settings(grid: SheetGrid, default: Any, out: Collector, tournament: str = "") -> Any:
    """The ruleset's Settings from the sheet's rows, mapped by label; missing rows keep the default.

    A field named ``tournament`` takes the Tournament row's name when one is given.
    """
    return _settings(grid, _label_rows(grid), default, out, tournament)


def _chosen_default(rows: LabelRows, default: Any, out: Collector) -> Any:
    """The Settings the choosing row picks (the Game scoring's system, its numbers at their defaults): the
    defaults of every other row. ``default`` itself when it has no such row, the row is missing or empty, or
    names no option (a problem at its cell)."""
    f = choice_field(default)
    found = rows.get(setting_label(f).casefold()) if f is not None else None
    if f is None or found is None or cells.is_empty(found[1]):
        return default
    line, raw = found
    try:
        return setting_choice(f).settings_of(cells.text(raw))
    except (InputError, cells.CellError) as exc:
        messages = [p.message for p in exc.problems] if isinstance(exc, InputError) else [str(exc)]
        out.extend([Problem(f"{setting_label(f)}: {m}; pick one from the list", sheet=SETTINGS.name,
                            cell=address(line, 2)) for m in messages])
        return default


def _settings(grid: SheetGrid, rows: LabelRows, default: Any, out: Collector, tournament: str) -> Any:
    before = len(out.problems)
    default = _chosen_default(rows, default, out)
    unchosen = len(out.problems) > before  # the choosing row names no option: the rows of any option are noise
    choosing = choice_field(default)
    fields = {setting_label(f).casefold(): f for f in dataclasses.fields(default) if f.name != NAME_FIELD}
    hints = _hints(default)
    changes: dict[str, Any] = {}
    if tournament and any(f.name == NAME_FIELD for f in dataclasses.fields(default)):
        changes[NAME_FIELD] = tournament
    before = len(out.problems)
    known = {RULESET_LABEL.casefold(), TOURNAMENT_LABEL.casefold(), CLUB_RANKING_LABEL.casefold(),
             LIVE_REPORTING_LABEL.casefold(), LANGUAGE_LABEL.casefold(), *fields}
    for key, (line, raw) in rows.items():
        owner = setting_choice(choosing).owner_of(key) if choosing is not None and key not in known else None
        if owner is not None and unchosen:
            continue
        if owner is not None:
            chosen = setting_choice(choosing).name_of(getattr(default, choosing.name))
            out.add(f'"{grid.value(line, 1)}" is a number of {owner}, but {setting_label(choosing)} is {chosen}: '
                    f"delete this row ({chosen}'s own numbers keep their published values unless a row of theirs "
                    "says otherwise)", sheet=SETTINGS.name, cell=address(line, 1))
            continue
        if key not in known:
            labels = [setting_label(f) for f in fields.values()]
            close = close_matches(str(grid.value(line, 1)), labels, n=1, cutoff=0.6)
            hint = f'; did you mean "{close[0]}"?' if close else ""
            out.add(f'unknown setting "{grid.value(line, 1)}"{hint}', sheet=SETTINGS.name, cell=address(line, 1))
            continue
        f = fields.get(key)
        if f is None or f is choosing:  # the choosing row is read first, by _chosen_default
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


@frozen
class EventSettings:
    """The Settings sheet read once per command: the ruleset, the tournament, its settings, the club ranking."""

    ruleset: Ruleset
    tournament: str
    """The Tournament row's name; '' when none is typed."""
    ruleset_cell: str
    """Where the ruleset id is, for problems about it."""
    settings: Any
    """The ruleset's Settings dataclass with the sheet's values (its defaults where a value has a problem)."""
    club_ranking: int
    """N of "Club ranking (best N)": 0 for none."""
    problems: tuple[Problem, ...]
    """What is wrong with the ruleset's settings, each at its cell: the caller adds them to its own."""
    club_ranking_problems: tuple[Problem, ...]
    """What is wrong with the club ranking's N (only the standings need it; a draw does not)."""
    grid: SheetGrid
    """The sheet as read: a problem names a setting by its label as the organiser typed it."""
    rows: LabelRows
    """Its rows by label, parsed once: where each setting's Value cell is."""
    language: str = DEFAULT_LANGUAGE
    """The Language row: how names are sorted on the Seating sheet and the published page."""

    def place(self, problems: Sequence[Problem]) -> list[Problem]:
        """The rules' problems about settings ('settings, <field>') placed at their Value cells."""
        return place_settings_problems(problems, self.grid, self.rows, self.settings)


def read_event_settings(grid: SheetGrid | None, present: Sequence[str] = ()) -> EventSettings:
    """The Settings sheet, its rows parsed once; InputError when it names no ruleset TourneyBook knows.

    A problem with a value does not stop the reading (it is in ``problems``), so that the
    organiser sees it beside every problem of the other sheets.
    """
    out = Collector(InputError)
    read_sheet(grid, SETTINGS, out, present=present)
    if grid is None or out.problems:
        raise InputError(out.problems)
    rows = _label_rows(grid)
    head = _head(rows, out)
    if head is None:
        raise InputError(out.problems)
    try:
        ruleset = find_ruleset(head.ruleset)
    except InputError as exc:
        raise InputError([p.located(SETTINGS.name, head.ruleset_cell) for p in exc.problems]) from None
    settings = _settings(grid, rows, ruleset.settings, out, head.tournament)
    if ruleset.chosen is not None:  # the Diplomacy event as its Game scoring makes it
        ruleset = ruleset.chosen(settings)
    club = Collector(InputError)
    best = _club_ranking(rows, club)
    return EventSettings(ruleset, head.tournament, head.ruleset_cell, settings, best, tuple(out.problems), tuple(club.problems), grid, rows,
                         head.language)


__all__ = [
    "EventSettings",
    "live_reporting_cells",
    "SETTINGS",
    "SettingsHead",
    "choice_field",
    "parse_setting",
    "place_settings_problems",
    "read_event_settings",
    "read_settings",
    "read_settings_head",
    "setting_cell",
    "setting_rows",
]
