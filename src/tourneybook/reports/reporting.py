"""A phone's report checked as if it were typed into the workbook: the same rules code, the same sentences.

The report's values are typed into a copy of the last good workbook state
(:meth:`.sheet.Snapshot.with_cells`, in memory only) and the recalculation's own
reading checks it (:func:`~tourneybook.workbook.event.read_event`): a problem
reads exactly as ``recalc`` would print it, with the form's field named instead
of the cell. Without a problem, the game's points are computed by the ruleset.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

from ..errors import Collector, InputError
from ..files.store import WorkbookStore
from ..frozen import frozen
from ..numbers import shown
from ..workbook.event import event_result, read_event
from ..workbook.reader import read_sheet
from .sheet import ReportSheet, DrawnTable, Field, Snapshot
from ..rules.base import GameScore
from .stages import STAGES_ROUND, draw_cells

WHOLE = re.compile(r"[+-]?\d{1,9}")
CLOCK = re.compile(r"(\d{1,2})[:.h](\d{2})")
MAX_TEXT = 200
"""Characters kept of one field: a note, not a novel (the body limit stops anything larger)."""


NOTHING = "nothing is filled in: type the result as on the paper form"
PASSES = 4
"""How often a report is read again with its wrong entries left out: the reading stops at a row whose cells
cannot be read (turn 40, 'lots') before it checks the game (a missing entry, 'Narnia' among the winners), so
each pass finds what the one before hid, and the player gets every problem at once."""


@frozen
class Checked:
    problems: tuple[str, ...]
    """Every problem, each naming the field ('VP 2: "abc" is not a whole number')."""
    points: tuple[tuple[str, str, str], ...]
    """(seat, player, points) of the table's game, when the report has no problem."""
    at: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The problems by field key, in a player's words and without the field's name (shown at the field)."""
    parts: tuple[str, ...] = ()
    """Beside each of ``points``: what makes them, as the Games sheet explains them ('Prussia 10; bonus 2')."""
    reasons: tuple[tuple[str, str], ...] = ()
    """Each of ``problems`` as (its field's key or '' for none, what is wrong without the field's name): what a
    page in another language says it from (tourneybook.live.report_words)."""

    @property
    def ok(self) -> bool:
        return not self.problems


def cell_value(text: str) -> Any:
    """What the organiser would have typed: a whole number or a time as such, other words as text."""
    text = text.strip()[:MAX_TEXT]
    if not text:
        return None
    if WHOLE.fullmatch(text):
        return int(text)
    clock = CLOCK.fullmatch(text)
    if clock and int(clock[1]) < 24 and int(clock[2]) < 60:
        return dt.time(int(clock[1]), int(clock[2]))
    return text


def typed_cells(draw: ReportSheet, table: DrawnTable, values: Mapping[str, str]) -> dict[tuple[int, int], Any]:
    """The report's values by (row, column) of the draw sheet; blank fields as empty cells. A knock-out match not
    yet on its sheet gets its stage and players too, as the director would type them."""
    results = {(f.line, draw.columns[f.header]): cell_value(values.get(f.key, "")) for f in draw.fields(table)}
    return {**draw_cells(draw, table), **results}


def nothing_filled(draw: ReportSheet, table: DrawnTable, values: Mapping[str, str]) -> bool:
    """Whether a report of ``table`` has no field filled in (:data:`NOTHING`: it has no points)."""
    return not any(values.get(f.key, "").strip() for f in draw.fields(table))


def check_report(snapshot: Snapshot, draw: ReportSheet, table: DrawnTable, values: Mapping[str, str]) -> Checked:
    """Check a report of ``table`` against ``snapshot`` (the last good state) and compute its points.

    Every problem at once: a pass that finds problems at the report's fields reads the report again
    without them (:data:`PASSES`), until no new problem shows.
    """
    fields = draw.fields(table)
    if nothing_filled(draw, table, values):
        return Checked((NOTHING,), (), reasons=(("", NOTHING),))
    at = {f"{draw.letters[f.header]}{f.line}": f for f in fields}
    listed: list[str] = []
    reasons: list[tuple[str, str]] = []
    by_field: dict[str, list[str]] = {}
    left_out: set[str] = set()
    for _ in range(PASSES):
        blanked = frozenset(left_out)  # a left-out entry is not "missing": its own problem is listed already
        kept = {k: ("" if k in blanked else v) for k, v in values.items()}
        typed = snapshot.with_cells(draw.sheet, typed_cells(draw, table, kept))
        try:
            event = read_event(typed)
            result = event_result(event)
        except InputError as exc:
            new = False
            for problem in exc.problems:
                found = at.get(problem.cell) if problem.sheet == draw.sheet else None
                line = _worded(problem, found)
                if line in listed or (found is not None and found.key in blanked):
                    continue
                new = True
                listed.append(line)
                reasons.append((found.key, player_words(problem.message, found.header)) if found else ("", line))
                if found is not None:
                    by_field.setdefault(found.key, []).append(player_words(problem.message, found.header))
                    if values.get(found.key, "").strip():
                        left_out.add(found.key)
            if not new or not left_out:
                break
            continue
        if listed:  # what the passes before found: the report as sent is wrong, whatever the rest gives
            break
        game = own_game(event, table, typed)
        if game is None:
            return Checked((), stage_points(result.extras, table))
        return Checked((), game_points(game), {}, tuple(explained(s.parts) for s in game.players))
    return Checked(tuple(listed), (), {k: tuple(v) for k, v in by_field.items()}, reasons=tuple(reasons))


PLAYER_WORDS = (
    (re.compile(r"^(?P<h>.+) is missing \((?P<what>.+) is entered\)$"), "fill this in ({what} needs it)"),
    (re.compile(r"^(?P<h>.+) is missing \(the row has other entries\)$"), "fill this in"),
    (re.compile(r"^(?P<h>.+) is missing \((?P<why>.+)\)$"), "fill this in ({why})"),
    (re.compile(r"^(?P<v>\S+) is above the largest allowed (?P<h>.+), (?P<n>-?\d+)$"), "{v} is too high: at most {n}"),
    (re.compile(r"^(?P<v>\S+) is below the smallest allowed (?P<h>.+), (?P<n>-?\d+)$"), "{v} is too low: at least {n}"),
    (re.compile(r"^(?P<v>\S+) is negative; (?P<h>.+) cannot be below 0$"), "{v} is negative: 0 or more"),
)
"""recalc's sentences as a player reads them beside the entry: recalc's speak of cells and rows of a sheet."""


def player_words(message: str, header: str) -> str:
    """``message`` (recalc's sentence about the cell of ``header``) as it reads at the entry on the phone."""
    for pattern, words in PLAYER_WORDS:
        found = pattern.fullmatch(message)
        if found and found.groupdict().get("h", header) == header:
            return words.format(**found.groupdict())
    return message


def own_game(event, table: DrawnTable, store: WorkbookStore | None = None) -> GameScore | None:
    """The reported game scored on its own by the ruleset's game scoring (``score_game``), as the Games sheet
    shows it: a qualifying game counts in the standings only once its round is complete (Friedrich), but its points
    are known the moment its result is: a game the record leaves out for that is read from its row in ``store``
    (the layout's ``game_alone``). None for a table without a result, and for a knock-out match (its figures are the
    bracket's: :func:`stage_points`)."""
    return own_games(event, (table,), store)[0]


def own_games(event, tables: Sequence[DrawnTable], store: WorkbookStore | None = None) -> list[GameScore | None]:
    """:func:`own_game` of each of ``tables``, the record's games looked up and the draw sheet's rows read once for
    them all (a round of 100 tables reported at once, not a reading of the sheet per table)."""
    record = event.record
    games = getattr(record, "games", None) or getattr(record, "tables", None) or ()
    recorded = {}
    for game in games:  # the first game of a (round, table), as a search from the top finds it
        recorded.setdefault((game.round, getattr(game, "table", None) or getattr(game, "board", None)), game)
    final = getattr(record, "final", None)
    alone, rows = event.layout.game_alone, None
    found: list[GameScore | None] = []
    for table in tables:
        if table.round == STAGES_ROUND:
            found.append(event.ruleset.score_game(final) if final is not None and not table.stage else None)
            continue
        game = recorded.get((table.round, table.table))
        if game is None and alone is not None and store is not None:
            if rows is None:
                schema = event.layout.draw_sheet
                rows = {row.line: row for row in reversed(read_sheet(store.read(schema.name), schema,
                                                                     Collector(InputError), present=store.sheet_names()))}
            row = rows.get(table.seats[0].line)
            game = alone(row) if row is not None else None
        found.append(event.ruleset.score_game(game) if game is not None else None)
    return found


def game_points(game: GameScore) -> tuple[tuple[str, str, str], ...]:
    """Each seat's (seat, player, points as the pages show them) of a scored game."""
    return tuple((s.seat, s.player, shown(s.points)) for s in game.players)


def explained(parts) -> str:
    """A seat's parts as one line ('Prussia 10; bonus 2; second-best –')."""
    return "; ".join(f"{label} {'–' if value is None else shown(value)}" for label, value in parts)


def typed_values(snapshot: Snapshot, draw: ReportSheet, table: DrawnTable) -> dict[str, str]:
    """What the workbook holds in the report's fields of ``table``, as a phone would type it ('14:30', '12');
    {} when none is typed (a table still to play; a knock-out match not yet on its sheet: its free row)."""
    rows = snapshot.read(draw.sheet).rows
    found = {}
    for f in draw.fields(table):
        line = rows[f.line - 1] if f.line <= len(rows) else ()
        at = draw.columns[f.header] - 1
        value = line[at] if at < len(line) else None
        if value is not None and str(value).strip():
            found[f.key] = value.strftime("%H:%M") if isinstance(value, (dt.time, dt.datetime)) else str(shown(value))
    return found


def result_in_workbook(snapshot: Snapshot, draw: ReportSheet, table: DrawnTable) -> dict[str, str]:
    """The table's result when the workbook has it already (typed from the paper form, or imported): its
    values; {} while the table is still to be reported. A qualifying row counts once the rules read it as a
    played game (a start time typed before the game does not make a result); a final or a knock-out match
    once any of its results is typed."""
    values = typed_values(snapshot, draw, table)
    if not values or table.round == STAGES_ROUND:
        return values
    try:
        played = own_game(read_event(snapshot), table, snapshot) is not None
    except InputError:  # the last good state has no problem; a table of a sheet that cannot be read has no result
        return {}
    return values if played else {}


STAGE_FIGURES = ("wins", "vp totals", "winner")
"""What a knock-out match's row of the results says about it: the match's "points"."""
FINAL_SCORE = "final game score"


def stage_points(extras, table: DrawnTable) -> tuple[tuple[str, str, str], ...]:
    """What a report of the final or a knock-out match gives, from the result's own tables: each finalist's
    final game score, or the match's wins, VP totals and winner; () for a table of neither."""
    seat_of = {s.player: s.seat for s in table.seats}
    for extra in extras:
        headers = [str(h).lower() for h in extra.headers]
        if table.stage and "stage" in headers:
            row = next((r for r in extra.rows if r[headers.index("stage")] == table.stage), None)
            if row is not None:
                return tuple((extra.headers[i], "", str(shown(row[i]))) for i, h in enumerate(headers) if h in STAGE_FIGURES)
        elif not table.stage and FINAL_SCORE in headers and "player" in headers:
            at, score = headers.index("player"), headers.index(FINAL_SCORE)
            found = tuple((seat_of[r[at]], r[at], str(shown(r[score]))) for r in extra.rows if r[at] in seat_of)
            if found:
                return found
    return ()


def game_of(name: str) -> tuple[int, int] | None:
    """(round, table) of a game named 'R2 T5' or 'R1 B3' by the rules; None for another game (the final)."""
    found = re.fullmatch(r"R(\d+) [A-Z](\d+)", name)
    return (int(found[1]), int(found[2])) if found else None


def _worded(problem, found: Field | None) -> str:
    """The problem as the list above the form says it: the field's label, then what is wrong in a player's words."""
    return f"{found.label}: {player_words(problem.message, found.header)}" if found else str(problem)


__all__ = ["Checked", "cell_value", "check_report", "nothing_filled", "player_words", "result_in_workbook", "typed_cells",
           "typed_values"]
