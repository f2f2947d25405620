"""What the draw reads of the event workbook, each sheet once, and every refusal before it draws.

The Settings, the Players sheet and the draw sheet are read once
(:class:`DrawEvent`); the rounds asked for are checked against the rounds on
the sheet (played, drawn, missing), the TD's sit-outs and double boards
against the Players sheet, and a seat the roll call has emptied since is named
at its cell. Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..draws import DEFAULT_THEATRES
from ..errors import Collector, InputError, Problem
from ..files.store import ReadOnce, WorkbookStore
from ..rules import Ruleset
from ..rules.diplomacy import Power, Theatre, parse_theatres
from ..workbook import cells
from ..workbook.draw_rows import PLAYER, ROUND, DrawSheet, EntryRound, draw_sheet, entry_rounds
from ..workbook.generic import PLAYERS, Player, player_names, read_players
from ..workbook.layout import Layout
from ..workbook.layouts import find_layout
from ..workbook.reader import PlayerNames, matching_key, read_sheet
from ..workbook.settings_sheet import SETTINGS, EventSettings, read_event_settings


@dataclass
class DrawEvent:
    """What a draw reads of the workbook, each sheet once: the Settings, the Players and the draw sheet's rounds."""

    sheets: ReadOnce
    read: EventSettings
    layout: Layout
    sheet: DrawSheet
    players: list[Player]
    names: PlayerNames | None
    rounds: dict[int, EntryRound]

    @property
    def store(self) -> WorkbookStore:
        """The store the draw writes to (and reads through :attr:`sheets`)."""
        return self.sheets.store

    @property
    def ruleset(self) -> Ruleset:
        return self.read.ruleset

    @property
    def title(self) -> str:
        return self.read.tournament or self.ruleset.name

    def attending(self, number: int) -> list[str]:
        """Who plays round ``number`` (not withdrawn, arrived, not absent at the roll call)."""
        return [p.name for p in self.players if p.plays(number)]


def read_draw_event(store: WorkbookStore) -> DrawEvent:
    """Settings (once), Players and the draw sheet; every problem of theirs at once."""
    out = Collector(InputError)
    sheets = ReadOnce(store)
    present = sheets.sheet_names()
    read = read_event_settings(sheets.grid(SETTINGS.name), present)  # the Settings sheet, read once
    out.extend(read.problems)
    players_grid = sheets.grid(PLAYERS.name)
    players = read_players(players_grid, out, present)
    names = player_names(players_grid) if players_grid is not None else None
    sheet = draw_sheet(read.ruleset)
    rows = read_sheet(sheets.grid(sheet.name), sheet.schema, out, players=names, present=present)
    out.raise_if_any()
    if not players:
        raise InputError(Problem("there are no players: type them on the Players sheet first", sheet=PLAYERS.name))
    return DrawEvent(sheets, read, find_layout(read.ruleset), sheet, players, names,
                     entry_rounds(rows, sheet))


def after_the_last(event: DrawEvent) -> str:
    """What "Draw next round" says once every qualifying round is drawn: where the event goes on."""
    if event.layout.final_draw is not None:
        return ("; next is the final: 'Final: choosing order' on the button, or 'tourneybook draw {workbook} "
                "--final', lists the finalists in the order they choose roles")
    if event.ruleset.knockout is not None:
        return ("; next is the knock-out, seeded from the standings: recalculate (its 'Knock-out' sheet), and "
                "'tourneybook forms {workbook} --bracket' prints the bracket")
    return ""


def absent_but_seated(
    rounds: Mapping[int, EntryRound], wanted: Sequence[int], players: Sequence[Player], family: DrawSheet
) -> list[Problem]:
    """A player seated, on a round kept as it is, that the Players sheet says they do not play (cell-addressed)."""
    by_name = {p.name: p for p in players}
    problems = []
    for number, entry in sorted(rounds.items()):
        if number in wanted:
            continue  # drawn again now
        for row in entry.rows:
            for header in (PLAYER,) if family.row_per_seat else family.seats:
                p = by_name.get(row[header])
                if p is None or p.plays(number):
                    continue
                why = (f"arrives for round {p.from_round}" if number < p.from_round
                       else f"is absent in round {number} (roll call)" if number in p.absent
                       else f"withdrew after round {p.withdrew_after}")
                fix = ("draw that round again (--redraw)" if not entry.played_at
                       else "correct the Players sheet or this seat")
                problems.append(Problem(f"{p.name} is seated in round {number} but {why} (Players row {p.line}): {fix}",
                                        sheet=family.name, cell=row.cell(header)))
    return problems


def theatres_of(settings: Any) -> Mapping[Power, Theatre]:
    """The Settings' theatres (CODCon, seed 003 II.4); the default split where the ruleset names none."""
    text = getattr(settings, "theatres", None)
    return DEFAULT_THEATRES if text is None else parse_theatres(text)


def _lines(entry: EntryRound) -> str:
    lines = sorted(r.line for r in entry.rows)
    return f"row {lines[0]}" if len(lines) == 1 else f"rows {lines[0]}-{lines[-1]}"


def rounds_to_draw(
    rounds: dict[int, EntryRound], number: int | None, *, every: bool, redraw: bool, total: int, family: DrawSheet,
    workbook: str = "", after_the_last: str = "",
) -> list[int]:
    """The rounds to draw now; every reason to refuse, with the sheet and cell that blocks it."""
    out = Collector(InputError)
    played = [n for n, e in rounds.items() if e.played_at]
    if every:
        start = max(played, default=0) + 1 if redraw else max(rounds, default=0) + 1
        wanted = list(range(start, total + 1))
        if not wanted:
            out.add(f"all {total} rounds are already on the '{family.name}' sheet", sheet=family.name)
    else:
        if number is None:
            raise AssertionError("bug: number is unset")
        wanted = [number]
        if number < 1 or (family.game.fixed_rounds and number > total):
            after = after_the_last.format(workbook=workbook) if number == total + 1 else ""
            out.add(f"round {number} does not exist: the draw has rounds 1 to {total}{after}", sheet=family.name)
    for n in wanted:
        entry = rounds.get(n)
        if entry is not None and entry.played_at:
            out.add(f"round {n} already has results: a played round is never drawn again",
                    sheet=family.name, cell=entry.played_at.split("!")[1])
        elif entry is not None and not redraw:
            out.add(f"round {n} is already drawn ({_lines(entry)}): add --redraw to replace that draw",
                    sheet=family.name, cell=f"A{min(r.line for r in entry.rows)}")
    if wanted:
        later = [n for n in rounds if n > wanted[-1]]
        if later:
            out.add(f"round {min(later)} is already on the sheet: only the last rounds can be drawn (again)",
                    sheet=family.name, cell=f"A{min(r.line for r in rounds[min(later)].rows)}")
        missing = [n for n in range(1, wanted[0]) if n not in rounds]
        if missing:
            out.add(f"round {missing[0]} is not on the sheet yet: draw round {missing[0]} first", sheet=family.name)
    out.raise_if_any()
    return wanted


def keep_apart_groups(players: Sequence[Player]) -> list[list[str]]:
    """Keep-apart groups from the Players sheet: players sharing a keep-apart group or a club (case and blanks
    ignored), and the stand-ins.

    An organiser who types clubs expects club-mates not to meet where it can be
    avoided, as the column's prompt says; the group column adds other ties
    (families, travel companions).
    """
    groups: dict[tuple[str, str], list[str]] = {}
    for p in players:
        # Stand-ins too: at most one per table where possible, so that each table has three ranked players.
        for column, value in (("group", p.group), ("club", p.club), ("stand-in", "yes" if p.stand_in else "")):
            key = matching_key(value)
            if key:
                groups.setdefault((column, key), []).append(p.name)
    return [g for g in groups.values() if len(g) > 1]


def named(typed: Sequence[str], names: PlayerNames | None, option: str, out: Collector) -> list[str]:
    """Names given on the command line, in the Players sheet's spelling."""
    found = []
    for name in typed:
        try:
            found.append(names.match(name) if names is not None else name)
        except cells.CellError as exc:
            out.add(f"{option} {name}: {exc}")
    return found


def sitting_out(event: DrawEvent, wanted: Sequence[int], typed: Sequence[str], out: Collector) -> dict[int, list[str]]:
    """Who sits out each round drawn: the --sit-out names, and the rows of the layout's sit-outs sheet (Italia)."""
    given = named(typed, event.names, "--sit-out", out)
    sitting = {n: list(given) for n in wanted}
    schema = event.layout.sit_outs
    if schema is not None:
        for row in read_sheet(event.sheets.grid(schema.name), schema, out, players=event.names):
            if row[ROUND] in sitting and row[PLAYER] not in sitting[row[ROUND]]:
                sitting[row[ROUND]].append(row[PLAYER])
    return sitting


__all__ = ["DrawEvent", "absent_but_seated", "after_the_last", "keep_apart_groups", "named", "read_draw_event",
           "rounds_to_draw", "sitting_out", "theatres_of"]
