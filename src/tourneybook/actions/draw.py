"""Drawing a round into the event workbook: read players and rounds, call the draws, write rows.

The pure draws (:mod:`tourneybook.draws`) seat the players; this module reads
what they need from the workbook (the Players sheet with its stand-in flags and
keep-apart groups, the rounds already on the entry sheet as history, drawn or
played) and writes each drawn table into the empty rows of the ruleset's entry
sheet: round, table (board) and the players by role, seat or power. A row that
holds anything beyond the draw (a result, a start time) is never touched. The
quality report goes on the 'Draw quality' sheet, the seating by player name on
the 'Seating' sheet.

Everything goes through the store interface (:class:`~tourneybook.files.store.WorkbookStore`):
entry sheets are read with ``store.read``, the drawn rows are typed with
``store.write_cells`` and the Seating and quality sheets are written with ``store.replace``.
The same functions serve ``tourneybook draw`` (a :class:`FileWorkbook`, saved
atomically by the command afterwards) and the Excel buttons (the live
workbook). Every refusal is raised before the first write, so a refused draw
leaves the workbook as it was.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..draws.plan import follow_plan, substituted
from ..draws import (
    DEFAULT_THEATRES,
    ROLES,
    Draw,
    QualityReport,
    Round,
    Seat,
    DrawnTable,
    check_final_choices,
    draw_carcassonne,
    draw_diplomacy,
    draw_friedrich,
    draw_italia_top_board,
    quality,
)
from ..errors import Collector, InputError, Problem
from ..rules import Ruleset, find_ruleset
from ..rules.base import Family as RulesetFamily
from ..rules.diplomacy import POWER_NAMES, Power, Theatre, parse_theatres
from ..workbook import cells
from ..rules.attendance import passed_over
from ..rules.friedrich.standings import final_ranking
from .attendance import fewer_stand_ins
from ..workbook.generic import PLAYERS, Player, player_names, read_players
from ..workbook.settings_sheet import SETTINGS, SettingsHead, read_event_settings, read_settings_head
from ..workbook.layout import find_layout
from ..workbook.reader import PlayerNames, Row, read_sheet
from ..files.marks import DRAWN, FINAL_DRAWN, check_writable, note
from ..workbook.event import read_event
from ..workbook.nameorder import DEFAULT_LANGUAGE, name_order
from ..files.filekind import workbook_name
from ..workbook.print_layout import printed_lines, wrapped_row_heights
from ..files.address import column_letter
from ..workbook.schema import FIRST_DATA_ROW, EntrySheet
from ..files.store import Cell, CellValue, ResultSheet, SheetGrid, WorkbookStore

QUALITY_SHEET = "Draw quality"
"""The result sheet written by every draw (replaced whole each time)."""
SEATING_SHEET = "Seating"
"""The rounds just drawn, by player name: the list pinned on the wall for players to find their table."""
FINAL_DRAW_SHEET = "Final draw"
"""The result sheet written by ``draw --final``: the finalists in choosing order (replaced whole each time)."""
FINAL_SHEET = "Final game"
"""The Friedrich layout's entry sheet of the final (its row holds the roles the finalists chose)."""
ROUND = "Round"
FRIEDRICH_ROLES = tuple(role.value for role in ROLES)
"""The Friedrich seat headers, in the draws' seat order."""

@dataclass(frozen=True)
class Family:
    """How one game's draw sits on its entry sheet."""

    game: RulesetFamily
    """Which draw generator seats it."""
    sheet: str
    """The entry sheet holding the draw."""
    table: str
    """The header of the table (board) number."""
    seats: tuple[str, ...]
    """Friedrich and Carcassonne: the seat headers of a table row. Diplomacy: () (a row per power)."""


FAMILIES = {
    RulesetFamily.FRIEDRICH: Family(RulesetFamily.FRIEDRICH, "Qualifying games", "Table", FRIEDRICH_ROLES),
    RulesetFamily.CARCASSONNE: Family(RulesetFamily.CARCASSONNE, "Preliminary", "Table", ("Player 1", "Player 2", "Player 3", "Player 4")),
    RulesetFamily.DIPLOMACY: Family(RulesetFamily.DIPLOMACY, "Boards", "Board", ()),
}
"""Where each family's layouts keep the draw (their entry sheet's headers)."""
POWER, PLAYER = "Power", "Player"
"""Diplomacy Boards columns: one row per power."""
SIT_OUTS_SHEET, TOP_ROUNDS_SHEET, TOP_BOARD = "Sit-outs", "Rounds", "Top board"
"""Italia 2010's own sheets: the TD's sit-outs, and the round whose board is the top board."""


@dataclass
class EntryRound:
    """One round as it stands on the entry sheet (internal)."""

    number: int
    rows: list[Row] = field(default_factory=list)
    played_at: str = ""
    """The first cell beyond the draw that holds something ('Qualifying games!W5'), '' for a draw only."""


@dataclass(frozen=True)
class DrawOutcome:
    """What ``draw_event`` did."""

    draw: Draw
    """The rounds drawn (and written)."""
    report: QualityReport
    """Their quality, history included."""
    history: tuple[Round, ...]
    """The rounds that were on the sheet before."""
    notes: tuple[str, ...] = ()
    """What the organiser must know (sit-outs not recorded, the Italia top board)."""
    before: QualityReport | None = None
    """The quality of the history alone (None without history): what the rounds drawn added is the difference."""
    plan: PlanReport | None = None
    """The plan for the rounds after these (None when nothing is planned beyond them)."""
    seating: ResultSheet | None = None
    """The 'Seating' sheet written (:func:`seating_sheet`), to print for the wall."""

    def summary(self) -> list[str]:
        """The quality report in lines: what the rounds drawn add, then how the plan for the rest stands."""
        numbers = ", ".join(str(r.number) for r in self.draw.rounds)
        playing = len({s.player for r in self.draw.rounds for t in r.tables for s in t.seats})  # who plays now, not who left
        lines = [f"Round(s) {numbers}: {playing} players play; they add: {_added(self.before, self.report)}",
                 self.report.render()]
        if self.plan is not None:
            lines += ["", self.plan.render()]
        return lines

    def render(self) -> str:
        lines = [self.draw.render(), "", *self.summary()]
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


@dataclass(frozen=True)
class PlanReport:
    """The plan the rounds drawn belong to: every round to the end, measured against the best known bound."""

    rounds: tuple[int, ...]
    report: QualityReport
    """The plan's quality, history included."""
    notes: tuple[str, ...] = ()
    """The draws' own notes about the plan (a cost above the bound)."""

    def render(self) -> str:
        span = f"{self.rounds[0]}-{self.rounds[-1]}" if len(self.rounds) > 1 else str(self.rounds[0])
        r = self.report
        lines = [f"The plan for rounds {span} (the next rounds follow it while the players stay the same): "
                 f"rematch cost {r.rematch_cost} against the best known bound {r.rematch_bound}, "
                 f"{r.repeated_pairs} repeated pairs, {r.keep_apart_violations} keep-apart violations"]
        if r.game is RulesetFamily.CARCASSONNE:
            lines[0] += f", 3-player table repeats {r.small_table_repeats} (bound {r.small_table_bound})"
        lines += [f"  {n}" for n in self.notes]
        return "\n".join(lines)


def _added(before: QualityReport | None, after: QualityReport) -> str:
    """What the rounds drawn add to the figures of the history."""
    def more(name: str) -> int:
        return getattr(after, name) - (getattr(before, name) if before is not None else 0)

    parts = [f"{more('repeated_pairs')} repeated pair(s)", f"rematch cost +{more('rematch_cost')}"]
    if after.game is RulesetFamily.CARCASSONNE:
        parts.append(f"3-player table repeats +{more('small_table_repeats')}")
    else:
        parts.append(f"{'role' if after.game is RulesetFamily.FRIEDRICH else 'power'} repeats +{more('seat_repeats')}")
    parts.append(f"keep-apart violations {after.keep_apart_violations}")
    return ", ".join(parts)


def default_seed(tournament: str, round_number: int) -> int:
    """The seed of a draw when none is given: from the tournament's name and the round (same workbook, same draw)."""
    digest = hashlib.sha256(f"{tournament}\n{round_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def draw_event(
    store: WorkbookStore,
    round_number: int | None = None,
    *,
    every_round: bool = False,
    seed: int | None = None,
    redraw: bool = False,
    sit_outs: Sequence[str] = (),
    doubles: Sequence[str] = (),
    top_board: bool = False,
) -> DrawOutcome:
    """Draw round ``round_number`` (or, with ``every_round``, every round still to draw) into ``store``.

    ``store`` is any :class:`WorkbookStore` (a :class:`FileWorkbook`, the live
    Excel workbook); the caller saves it afterwards. Options: ``seed`` (default:
    from the tournament's name and the round), ``redraw`` (replace a draw
    without results), and for Diplomacy ``sit_outs``, ``doubles`` (player names)
    and ``top_board`` (Italia 2010).

    Refusals (InputError, raised before anything is written): a round with
    results; a round already drawn without ``redraw``; a round after a missing
    one; a field the draw cannot seat (the draws' own message, e.g. the
    stand-ins needed).
    """
    out = Collector(InputError)
    present = store.sheet_names()

    def grid(name: str):
        return store.read(name) if name in present else None

    read = read_event_settings(grid(SETTINGS.name), present)  # the Settings sheet, read once
    head = SettingsHead(read.ruleset.id, read.tournament, read.ruleset_cell)
    ruleset, family, settings = read.ruleset, FAMILIES[read.ruleset.family], read.settings
    out.extend(read.problems)
    players_grid = grid(PLAYERS.name)
    players = read_players(players_grid, out, present)
    names = player_names(players_grid) if players_grid is not None else None
    schema = _entry_schema(head.ruleset, family)
    rows = read_sheet(grid(family.sheet), schema, out, players=names, present=present)
    out.raise_if_any()
    if not players:
        raise InputError(Problem("there are no players: type them on the Players sheet first", sheet=PLAYERS.name))

    rounds = _entry_rounds(rows, schema, family)
    total = ruleset.draw_rounds(settings)
    wanted = _rounds_to_draw(rounds, round_number, every_round, redraw, total, family, workbook_name(store))
    first = wanted[0]
    history = tuple(_as_round(rounds[n], family) for n in sorted(rounds) if n < first)
    groups = _groups(players)
    theatres = _theatres(settings)
    notes: list[str] = []
    if family.game is not RulesetFamily.DIPLOMACY and (sit_outs or doubles or top_board):
        out.add("--sit-out, --double and --top-board are for Diplomacy boards")
    if top_board and ruleset.top_board_ranking is None:
        out.add(f"--top-board is the Italia 2010 top board (seed 004, section 4); {ruleset.name} has none")
    sitting = _sit_outs(head.ruleset, grid, names, wanted, sit_outs, out)
    doubling = _named(doubles, names, "--double", out)
    out.raise_if_any()
    if _has_sit_outs_sheet(head.ruleset) and sit_outs:
        notes.append("the --sit-out players are not on the Sit-outs sheet: type them there if they score the sit-out points")

    out.extend(_absent_but_seated(rounds, wanted, players, family))
    out.raise_if_any()

    drawn: list[Round] = []
    planned: list[Round] = []
    draw_notes: list[str] = []
    plan_notes: list[str] = []

    def attending(number: int) -> list[str]:
        return [p.name for p in players if p.plays(number)]

    def draw_rounds(number: int, count: int, before: Sequence[Round], rng: random.Random) -> Draw:
        """``count`` rounds for the players present in round ``number``, after ``before``."""
        here = attending(number)
        kept = [[n for n in g if n in here] for g in groups]
        if family.game is RulesetFamily.FRIEDRICH:
            return draw_friedrich(here, count, before, kept, rng=rng)
        if family.game is RulesetFamily.CARCASSONNE:
            return draw_carcassonne(here, count, before, kept, rng=rng)
        return draw_diplomacy(here, count, before, kept, rng=rng, theatres=theatres,
                              sit_outs={n: [p for p in sitting.get(n, ()) if p in here] for n in wanted},
                              doubles={n: [p for p in doubling if p in here] for n in wanted})

    try:
        for numbers in _same_field_runs(wanted, players):
            here = attending(numbers[0])
            so_far = history + tuple(drawn)
            direct = top_board or any(sitting[n] for n in numbers) or bool(doubling)
            if top_board:
                draw_only = [r.number for r in history if not rounds[r.number].played_at]
                kept = [[n for n in g if n in here] for g in groups]
                part = _italia_top_board(store, ruleset, here, history, kept, first, sitting[first], doubling,
                                         _rng(head.tournament, first, seed), draw_only)
                notes.append(f"board 1 of round {first} is the top board: marked on the '{TOP_ROUNDS_SHEET}' sheet")
                plan = part
            elif direct:  # the TD's sit-outs and doubles are known only for the rounds drawn now
                part = plan = draw_rounds(numbers[0], len(numbers), so_far, _rng(head.tournament, numbers[0], seed))
            else:
                planner = _Planner(family.game, players, groups, so_far, max(total, numbers[-1]), seed,
                                   lambda n, count, before, a: draw_rounds(n, count, before, _rng(head.tournament, a, seed)))
                try:
                    plan = planner.followed(numbers[0], numbers[0])
                    part = Draw(plan.game, tuple(r for r in plan.rounds if r.number in numbers))
                except InputError:  # no plan to the end (e.g. Diplomacy seats for later rounds): these rounds alone say why
                    part = plan = draw_rounds(numbers[0], len(numbers), so_far, _rng(head.tournament, numbers[0], seed))
            drawn += part.rounds
            planned += plan.rounds
            (plan_notes if plan is not part else draw_notes).extend(plan.notes)
    except InputError as exc:
        raise InputError([_placed(p, family, players, numbers[0], workbook_name(store)) for p in exc.problems]) from None
    draw = Draw(family.game, tuple(drawn), tuple(dict.fromkeys(draw_notes)))
    notes += _attendance_notes(players, wanted, family)
    report = quality(draw, history, groups, theatres)
    before = quality(Draw(family.game, history), (), groups, theatres) if history else None
    plan_report = None
    if len(planned) > len(drawn):
        plan_report = PlanReport(tuple(r.number for r in planned),
                                 quality(Draw(family.game, tuple(planned)), history, groups, theatres),
                                 tuple(dict.fromkeys(plan_notes)))
    # An organiser's own 'Seating' sheet is refused here, before the first cell is typed: a live workbook has no undo.
    check_writable(store, [SEATING_SHEET, QUALITY_SHEET])
    typing = Typing(grid(family.sheet))
    for number in wanted:
        old = rounds[number].rows if number in rounds else []
        _write_round(typing, schema, family, next(r for r in draw.rounds if r.number == number), old)
    if top_board:
        marks = Typing(store.read(TOP_ROUNDS_SHEET))
        _mark_top_board(marks, find_layout(ruleset.id).sheet(TOP_ROUNDS_SHEET), first)
        store.write_cells(TOP_ROUNDS_SHEET, marks.cells)
    store.write_cells(family.sheet, typing.cells)
    title = head.tournament or ruleset.name
    outcome = DrawOutcome(draw, report, history, tuple(notes), before, plan_report, seating_sheet(title, draw, read.language))
    store.replace(outcome.seating)
    store.replace(quality_sheet(title, outcome))
    return outcome


def next_round(store: WorkbookStore) -> int:
    """The round after the last one on the draw sheet (1 when none is drawn): what "Draw next round" draws."""
    out = Collector(InputError)
    present = store.sheet_names()
    head = read_settings_head(store.read(SETTINGS.name) if SETTINGS.name in present else None, out, present)
    if head is None:
        raise InputError(out.problems)
    family = FAMILIES[find_ruleset(head.ruleset).family]
    schema = _entry_schema(head.ruleset, family)
    rows = read_sheet(store.read(family.sheet) if family.sheet in present else None, schema, out, present=present)
    out.raise_if_any()
    return max(_entry_rounds(rows, schema, family), default=0) + 1


class _Planner:
    """The plans the rounds are taken from (draws/plan.py), rebuilt from the rounds on the sheet.

    A field's plan runs from its first round to the end. Where the field changed
    one for one (a stand-in or a late arrival for a withdrawn player), the plan of
    the field before, with the newcomer in the seats planned for the one who left,
    is kept when it is at least as good as planning the rest again: so a
    withdrawn player's seat goes to their stand-in and nobody else's tables move.
    """

    def __init__(self, game: RulesetFamily, players: Sequence[Player], groups: Sequence[Sequence[str]],
                 played: Sequence[Round], end: int, seed: int | None,
                 draw: Callable[[int, int, Sequence[Round], int], Draw]):
        self.game, self.players, self.groups, self.played = game, players, groups, tuple(played)
        self.end, self.seed, self.draw = end, seed, draw
        self._plans: dict[tuple[int, int], Draw] = {}

    def present(self, number: int) -> frozenset[str]:
        return frozenset(p.name for p in self.players if p.plays(number))

    def followed(self, field_round: int, number: int) -> Draw:
        """The plan for the field of ``field_round`` that the rounds played follow, from round ``number`` on."""
        earliest = _field_start(field_round, self.players)  # a --seed follows its plan as the default seed does
        plan, _ = follow_plan(lambda anchor: self.plan(field_round, anchor), self.played, earliest, number)
        return plan

    def plan(self, field_round: int, anchor: int) -> Draw:
        """The plan made at round ``anchor`` for the players present in round ``field_round``, to the end."""
        key = (field_round, anchor)
        if key not in self._plans:
            before = tuple(r for r in self.played if r.number < anchor)
            fresh = self.draw(field_round, self.end - anchor + 1, before, anchor)
            self._plans[key] = self._kept_seats(field_round, anchor, before) or fresh
            if self._plans[key] is not fresh and _worse(self._plans[key], fresh, before, self.groups):
                self._plans[key] = fresh
        return self._plans[key]

    def _kept_seats(self, field_round: int, anchor: int, before: Sequence[Round]) -> Draw | None:
        """The field before's plan with the newcomers in the leavers' seats, when the change is one for one."""
        if self.game is RulesetFamily.DIPLOMACY or anchor == 1:
            return None
        if anchor != _field_start(field_round, self.players):
            return None
        now, then = self.present(anchor), self.present(anchor - 1)
        leavers, joiners = sorted(then - now), sorted(now - then)
        if not leavers or len(leavers) != len(joiners):
            return None
        try:
            old = self.followed(anchor - 1, anchor)
        except InputError:
            return None
        return substituted(old, dict(zip(leavers, joiners)), before, self.groups)


def _worse(kept: Draw, fresh: Draw, before: Sequence[Round], groups: Sequence[Sequence[str]]) -> bool:
    """Whether the plan that keeps the seats is worse than the new one (roles, clubs, rematches, 3-player tables)."""
    def key(d: Draw) -> tuple[int, ...]:
        q = quality(d, before, groups)
        return (q.seat_repeats, q.keep_apart_violations, max(0, q.most_small_tables - q.small_table_spread),
                q.rematch_cost, q.small_table_repeats)

    return key(kept) > key(fresh)


def _rng(tournament: str, number: int, seed: int | None) -> random.Random:
    """The draw of round ``number``: the organiser's seed, or the default one of that round."""
    return random.Random(default_seed(tournament, number) if seed is None else seed)


def _field_start(number: int, players: Sequence[Player]) -> int:
    """The first round with the same players present as round ``number``."""
    start = number
    while start > 1 and all(p.plays(start - 1) == p.plays(number) for p in players):
        start -= 1
    return start


def _same_field_runs(wanted: Sequence[int], players: Sequence[Player]) -> list[list[int]]:
    """The rounds to draw, in runs with the same players present (a late arrival or a withdrawal starts a new run).

    A run is drawn as one (its rounds planned together); the next run is drawn
    with the rounds before as history, so the remaining rounds are re-planned
    from what was played and drawn whenever the field changes.
    """
    runs: list[list[int]] = []
    for n in wanted:
        if runs and all(p.plays(n) == p.plays(runs[-1][0]) for p in players):
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def _absent_but_seated(
    rounds: Mapping[int, EntryRound], wanted: Sequence[int], players: Sequence[Player], family: Family
) -> list[Problem]:
    """A player seated, on a round kept as it is, that the Players sheet says they do not play (cell-addressed)."""
    by_name = {p.name: p for p in players}
    problems = []
    for number, entry in sorted(rounds.items()):
        if number in wanted:
            continue  # drawn again now
        for row in entry.rows:
            for header in (PLAYER,) if family.game is RulesetFamily.DIPLOMACY else family.seats:
                p = by_name.get(row[header])
                if p is None or p.plays(number):
                    continue
                why = (f"arrives for round {p.from_round}" if number < p.from_round
                       else f"is absent in round {number} (roll call)" if number in p.absent
                       else f"withdrew after round {p.withdrew_after}")
                fix = ("draw that round again (--redraw)" if not entry.played_at
                       else "correct the Players sheet or this seat")
                problems.append(Problem(f"{p.name} is seated in round {number} but {why} (Players row {p.line}): {fix}",
                                        sheet=family.sheet, cell=row.cell(header)))
    return problems


def _attendance_notes(players: Sequence[Player], wanted: Sequence[int], family: Family) -> list[str]:
    """Who is left out of the rounds drawn, and how the rest of the event is drawn around them."""
    notes = []
    for n in wanted:
        gone = [p.name for p in players if p.withdrew_after is not None and p.withdrew_after < n]
        late = [p.name for p in players if p.from_round > n]
        joined = [p.name for p in players if p.from_round == n > 1]
        away = [p.name for p in players if n in p.absent]
        if away:
            notes.append(f"round {n}: not drawn, absent at the roll call: {', '.join(away)}")
        if gone:
            notes.append(f"round {n}: not drawn, withdrawn: {', '.join(gone)}")
        if late:
            notes.append(f"round {n}: not drawn, arriving later: {', '.join(late)}")
        if joined:
            notes.append(f"round {n}: joining now: {', '.join(joined)}")
    if notes and family.game is RulesetFamily.FRIEDRICH:
        notes.append("the remaining rounds are re-planned from the rounds played: everyone present keeps one game "
                     "per role; a seat left empty is filled by a stand-in (Players, Stand-in yes)")
    return notes


def _placed(p: Problem, family: Family, players: Sequence[Player] = (), number: int = 0, workbook: str = "") -> Problem:
    """A draws' problem about the field or the history, placed on the sheet it comes from."""
    if p.sheet:
        return p
    if p.where == "players":
        changed = [q.name for q in players if not q.plays(number)] if number else []
        if family.game is RulesetFamily.FRIEDRICH and "stand-in" in p.message:
            when = f" in round {number} ({', '.join(changed)} not playing)" if changed else ""
            hint = (f"{when}: add them as rows of {PLAYERS.name} with Stand-in yes, or one by one with "
                    f"'tourneybook join {workbook} \"Stand-in 1\" --from-round {number or 1} --stand-in'")
            return Problem(p.message + hint + fewer_stand_ins(players, number), p.where, PLAYERS.name)
        return Problem(p.message, p.where, PLAYERS.name)
    if p.where.startswith("history") or p.where.startswith("round"):
        return Problem(f"{p.where}: {p.message}", p.where, family.sheet)
    return p


def _entry_schema(ruleset_id: str, family: Family) -> EntrySheet:
    return find_layout(ruleset_id).sheet(family.sheet)


def _draw_headers(family: Family) -> tuple[str, ...]:
    """The columns a draw fills; anything else typed in a row is a result (or a record of play)."""
    if family.game is RulesetFamily.DIPLOMACY:
        return (ROUND, family.table, POWER, PLAYER)
    return (ROUND, family.table, *family.seats)


def _entry_rounds(rows: Sequence[Row], schema: EntrySheet, family: Family) -> dict[int, EntryRound]:
    drawn = set(_draw_headers(family))
    rounds: dict[int, EntryRound] = {}
    for row in rows:
        entry = rounds.setdefault(row[ROUND], EntryRound(row[ROUND]))
        entry.rows.append(row)
        if not entry.played_at:
            typed = next((c.header for c in schema.columns if c.header not in drawn and row[c.header] is not None), None)
            if typed is not None:
                entry.played_at = f"{schema.name}!{row.cell(typed)}"
    return rounds


def _as_round(entry: EntryRound, family: Family) -> Round:
    """A round of the sheet in the draws' shape (history)."""
    if family.game is RulesetFamily.DIPLOMACY:
        boards: dict[int, list[Seat]] = {}
        for row in entry.rows:
            boards.setdefault(row[family.table], []).append(Seat(row[POWER], row[PLAYER]))
        tables = tuple(DrawnTable(b, tuple(seats)) for b, seats in sorted(boards.items()))
    else:
        tables = tuple(
            DrawnTable(row[family.table], tuple(Seat(h, row[h]) for h in family.seats if row[h] is not None))
            for row in sorted(entry.rows, key=lambda r: r[family.table])
        )
    return Round(entry.number, tables)


def _theatres(settings: Any) -> Mapping[Power, Theatre]:
    """The Settings' theatres (CODCon, seed 003 II.4); the default split where the ruleset names none."""
    text = getattr(settings, "theatres", None)
    return DEFAULT_THEATRES if text is None else parse_theatres(text)


def _lines(entry: EntryRound) -> str:
    lines = sorted(r.line for r in entry.rows)
    return f"row {lines[0]}" if len(lines) == 1 else f"rows {lines[0]}-{lines[-1]}"


AFTER_THE_LAST = {
    RulesetFamily.FRIEDRICH: "; next is the final: 'Final: choosing order' on the button, or 'tourneybook draw "
                             "{workbook} --final', lists the finalists in the order they choose roles",
    RulesetFamily.CARCASSONNE: "; next is the knock-out, seeded from the standings: recalculate (its 'Knock-out' "
                               "sheet), and 'tourneybook forms {workbook} --bracket' prints the bracket",
}
"""What "Draw next round" says once every qualifying round is drawn: where the event goes on."""


def _rounds_to_draw(
    rounds: dict[int, EntryRound], number: int | None, every: bool, redraw: bool, total: int, family: Family,
    workbook: str = "",
) -> list[int]:
    """The rounds to draw now; every reason to refuse, with the sheet and cell that blocks it."""
    out = Collector(InputError)
    played = [n for n, e in rounds.items() if e.played_at]
    if every:
        start = max(played, default=0) + 1 if redraw else max(rounds, default=0) + 1
        wanted = list(range(start, total + 1))
        if not wanted:
            out.add(f"all {total} rounds are already on the '{family.sheet}' sheet", sheet=family.sheet)
    else:
        if number is None:
            raise AssertionError("bug: number is unset")
        wanted = [number]
        limited = family.game is not RulesetFamily.DIPLOMACY
        if number < 1 or (limited and number > total):
            after = AFTER_THE_LAST.get(family.game, "").format(workbook=workbook) if number == total + 1 else ""
            out.add(f"round {number} does not exist: the draw has rounds 1 to {total}{after}", sheet=family.sheet)
    for n in wanted:
        entry = rounds.get(n)
        if entry is not None and entry.played_at:
            out.add(f"round {n} already has results: a played round is never drawn again",
                    sheet=family.sheet, cell=entry.played_at.split("!")[1])
        elif entry is not None and not redraw:
            out.add(f"round {n} is already drawn ({_lines(entry)}): add --redraw to replace that draw",
                    sheet=family.sheet, cell=f"A{min(r.line for r in entry.rows)}")
    if wanted:
        later = [n for n in rounds if n > wanted[-1]]
        if later:
            out.add(f"round {min(later)} is already on the sheet: only the last rounds can be drawn (again)",
                    sheet=family.sheet, cell=f"A{min(r.line for r in rounds[min(later)].rows)}")
        missing = [n for n in range(1, wanted[0]) if n not in rounds]
        if missing:
            out.add(f"round {missing[0]} is not on the sheet yet: draw round {missing[0]} first", sheet=family.sheet)
    out.raise_if_any()
    return wanted


def _groups(players: Sequence[Player]) -> list[list[str]]:
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
            key = " ".join(value.split()).casefold()
            if key:
                groups.setdefault((column, key), []).append(p.name)
    return [g for g in groups.values() if len(g) > 1]


def _named(typed: Sequence[str], names: PlayerNames | None, option: str, out: Collector) -> list[str]:
    """Names given on the command line, in the Players sheet's spelling."""
    found = []
    for name in typed:
        try:
            found.append(names.match(name) if names is not None else name)
        except cells.CellError as exc:
            out.add(f"{option} {name}: {exc}")
    return found


def _sit_outs(
    ruleset_id: str, grid: Callable, names: PlayerNames | None, wanted: Sequence[int], typed: Sequence[str], out: Collector
) -> dict[int, list[str]]:
    """Who sits out each round drawn: the --sit-out names, and for Italia the Sit-outs sheet's rows of that round."""
    given = _named(typed, names, "--sit-out", out)
    sitting = {n: list(given) for n in wanted}
    if _has_sit_outs_sheet(ruleset_id):
        schema = find_layout(ruleset_id).sheet(SIT_OUTS_SHEET)
        for row in read_sheet(grid(SIT_OUTS_SHEET), schema, out, players=names):
            if row[ROUND] in sitting and row[PLAYER] not in sitting[row[ROUND]]:
                sitting[row[ROUND]].append(row[PLAYER])
    return sitting


def _has_sit_outs_sheet(ruleset_id: str) -> bool:
    """Whether the ruleset's layout records the TD's sit-outs (Italia 2010, seed 004 section 6)."""
    return any(s.name == SIT_OUTS_SHEET for s in find_layout(ruleset_id).sheets)


def _italia_top_board(
    store: WorkbookStore, ruleset: Ruleset, field_names: Sequence[str], history: Sequence[Round], groups: Sequence[Sequence[str]],
    number: int, sitting: Sequence[str], doubles: Sequence[str], rng: random.Random, draw_only: Sequence[int],
) -> Draw:
    """Seed 004, 4.1: the best seven so far on board 1, powers from the cup in ranking order; the rest on boards 2...

    The ranking is the standings after every round before (seed 004, 3.3), so
    each of them must be played.
    """
    if draw_only:
        raise InputError(Problem(f"round {draw_only[0]} is drawn but not played: the top board is drawn from "
                                 "the standings after every round before it", sheet="Boards"))
    rounds_grid = store.read(TOP_ROUNDS_SHEET) if TOP_ROUNDS_SHEET in store.sheet_names() else None
    if rounds_grid is not None:
        schema = find_layout(ruleset.id).sheet(TOP_ROUNDS_SHEET)
        top_col, round_col = schema.index(TOP_BOARD), schema.index(ROUND)
        for line in range(FIRST_DATA_ROW, len(rounds_grid.rows) + 1):
            this_round = rounds_grid.value(line, round_col) in (number, str(number))  # a redraw of the top board
            if not cells.is_empty(rounds_grid.value(line, top_col)) and not this_round:
                raise InputError(Problem("there is one top board (seed 004, section 4) and it is already set here",
                                         sheet=TOP_ROUNDS_SHEET, cell=f"{column_letter(top_col)}{line}"))
    event = read_event(store)
    present = set(field_names)  # a withdrawn player is never on the top board (docs/attendance.md)
    ranked = [r.player for r in ruleset.top_board_ranking(event.record).rows
              if r.player not in sitting and r.player in present]
    top = draw_italia_top_board(ranked, rng)
    rest = [p for p in field_names if p not in top.players]
    tables: tuple[DrawnTable, ...] = (top,)
    if [p for p in rest if p not in sitting]:
        rest_groups = [[p for p in g if p in rest] for g in groups]
        others = draw_diplomacy(rest, 1, history, rest_groups, rng=rng,
                                sit_outs={number: [p for p in sitting if p in rest]},
                                doubles={number: [p for p in doubles if p in rest]})
        tables += tuple(DrawnTable(t.number + 1, t.seats, t.reasons) for t in others.rounds[0].tables)
    return Draw(RulesetFamily.DIPLOMACY, (Round(number, tables, tuple(sitting)),))


def _row_values(family: Family, number: int, table: DrawnTable) -> list[dict[str, Any]]:
    """The cells of one drawn table: one row (Friedrich, Carcassonne) or seven (Diplomacy, AEFGIRT)."""
    if family.game is RulesetFamily.DIPLOMACY:
        by_power = {s.seat: s.player for s in table.seats}
        return [{ROUND: number, family.table: table.number, POWER: p, PLAYER: by_power[p]} for p in POWER_NAMES]
    values: dict[str, Any] = {ROUND: number, family.table: table.number}
    if family.game is RulesetFamily.FRIEDRICH:
        values.update({s.seat: s.player for s in table.seats})
    else:
        values.update({family.seats[i]: s.player for i, s in enumerate(table.seats)})
    return [values]


class Typing:
    """Cells to type into one entry sheet, over what it holds now: what ``store.write_cells`` gets.

    Reading through it sees the cells already typed (or cleared), so the rows of
    one round are placed after those of the round before, in a single write.
    """

    def __init__(self, grid: SheetGrid | None):
        self.grid = grid
        self.cells: dict[tuple[int, int], CellValue] = {}

    def value(self, line: int, col: int) -> CellValue:
        if (line, col) in self.cells:
            return self.cells[line, col]
        return self.grid.value(line, col) if self.grid is not None else None

    def put(self, line: int, col: int, value: CellValue) -> None:
        self.cells[line, col] = value

    def last_filled(self, width: int) -> int:
        """The last sheet row with any entry in the first ``width`` columns (the header row when none)."""
        height = max([len(self.grid.rows) if self.grid is not None else 0] + [r for r, _ in self.cells])
        for line in range(height, FIRST_DATA_ROW - 1, -1):
            if any(not cells.is_empty(self.value(line, c)) for c in range(1, width + 1)):
                return line
        return FIRST_DATA_ROW - 1


def _write_round(typing: Typing, schema: EntrySheet, family: Family, rnd: Round, old: Sequence[Row]) -> None:
    """Type ``rnd`` into the rows of its earlier draw (cleared first), then after the last filled row."""
    headers = _draw_headers(family)
    for row in old:
        for h in headers:
            typing.put(row.line, schema.index(h), None)
    values = [v for table in rnd.tables for v in _row_values(family, rnd.number, table)]
    spare = typing.last_filled(len(schema.columns)) + 1
    targets = sorted(r.line for r in old)[: len(values)]
    targets += list(range(spare, spare + len(values) - len(targets)))
    for line, row in zip(targets, values):
        for h in headers:
            typing.put(line, schema.index(h), row.get(h))


def _mark_top_board(typing: Typing, schema: EntrySheet, number: int) -> None:
    """The Rounds sheet's row of round ``number`` gets top board 1 (a new row when the round has none)."""
    round_col, top_col = schema.index(ROUND), schema.index(TOP_BOARD)
    last = typing.last_filled(len(schema.columns))
    for line in range(FIRST_DATA_ROW, last + 1):
        typed = typing.value(line, round_col)
        if cells.is_empty(typed):
            continue
        try:
            if cells.whole(typed) == number:
                typing.put(line, top_col, 1)
                return
        except cells.CellError:
            continue
    typing.put(last + 1, round_col, number)
    typing.put(last + 1, top_col, 1)


def seating_sheet(title: str, draw: Draw, language: str = DEFAULT_LANGUAGE) -> ResultSheet:
    """The 'Seating' sheet: each round just drawn as a list by player name (table or board, and seat), a page
    each, then the same round by table, a page each.

    What a tournament hall pins on the wall: a player looks for their name, not for
    a table, from a step away (16 pt); names sort as people sort them (Álvaro among
    the A's). A narrow empty column keeps the table's number apart from the seat.
    The by-table page is for the director's table and the tables themselves. A
    player on two boards of a round has a line for each; a Diplomacy sit-out has one
    saying so. It has no seat columns either (see :func:`quality_sheet`).
    """
    table_word = draw.game.table_word
    rows: list[tuple[Cell, ...]] = [(Cell(f"{title}: seating", "title"),), (Cell(note(SEATING_SHEET, DRAWN), "note"),)]
    breaks: list[int] = []
    heights: list[tuple[int, float]] = []

    def page(heading: str, lines: list[tuple[Cell, ...]]) -> None:
        if len(rows) > 2:
            breaks.append(len(rows))
            rows.append(())
        rows.append((Cell(heading, "header"),))
        rows.append(tuple(Cell(h, "header") for h in ("Player", table_word, "", "Seat")))
        heights.extend((line, 21.0) for line in range(len(rows) + 1, len(rows) + len(lines) + 1))  # 16 pt in every program
        rows.extend(lines)

    for rnd in draw.rounds:
        places = [(s.player, t.number, s.seat) for t in rnd.tables for s in t.seats]
        places += [(player, None, "sits out") for player in rnd.sitting_out]
        by_name = sorted(places, key=lambda p: (name_order(p[0], language), p[1] or 0))  # Settings' Language
        page(f"Round {rnd.number}: find your name", [_wall(*p) for p in by_name])
        by_table: list[tuple[Cell, ...]] = []
        for t in rnd.tables:
            by_table.append((Cell(f"{table_word} {t.number}", "header"),))
            by_table.extend(_wall(s.player, t.number, s.seat) for s in t.seats)
        by_table.extend(_wall(player, None, "sits out") for player in sorted(rnd.sitting_out, key=lambda p: name_order(p, language)))
        page(f"Round {rnd.number} by {table_word.lower()}", by_table)
    return ResultSheet(SEATING_SHEET, tuple(rows), (40, 10, 3, 24), print_title_rows="1:1", fit_to_width=True,
                       page_breaks=tuple(breaks), row_heights=tuple(heights))


def _wall(player: str, number: int | None, seat: str) -> tuple[Cell, ...]:
    """One line of the Seating sheet at 16 pt: player, table, an empty gap, seat."""
    return (Cell(player, "wall"), Cell(number, "wall"), Cell(None), Cell(seat, "wall"))


def quality_sheet(title: str, outcome: DrawOutcome) -> ResultSheet:
    """The 'Draw quality' sheet: each drawn table with its compromises, then the quality figures.

    It has no seat columns, so ``tourneybook forms`` never takes it for the
    draw: the entry sheet stays the one place the draw is read from.
    """
    draw = outcome.draw
    rows: list[tuple[Cell, ...]] = [(Cell(f"{title}: draw quality", "title"),), (Cell(note(QUALITY_SHEET, DRAWN), "note"),)]
    table_word = draw.game.table_word
    rows.append(tuple(Cell(h, "header") for h in (ROUND, table_word, "Seated", "Compromises")))
    for rnd in draw.rounds:
        for t in rnd.tables:
            seated = "; ".join(f"{s.seat}: {s.player}" for s in t.seats)
            rows.append((Cell(rnd.number), Cell(t.number), Cell(seated),
                         Cell("; ".join(t.reasons) or None, "warning" if t.reasons else "")))
        if rnd.sitting_out:
            rows.append((Cell(rnd.number), Cell(None), Cell("sitting out: " + ", ".join(rnd.sitting_out))))
    rows.append(())
    rows.append((Cell("Quality (history included)", "title"),))  # a heading over the page: the header style wraps in A
    rows += [(Cell(text),) for line in "\n".join(outcome.summary()).splitlines() if line.strip() for text in printed_lines(line.strip())]
    rows += [(Cell(text, "note"),) for n in (*draw.notes, *outcome.notes) for text in printed_lines(f"note: {n}")]
    widths = (8, 8, 64, 44)  # printed at least 9 pt across a landscape page; long texts wrap at word boundaries
    heights = wrapped_row_heights(rows, widths, (3, 4), first=4)
    return ResultSheet(QUALITY_SHEET, tuple(rows), widths, freeze="A4", landscape=True, fit_to_width=True,
                       print_title_rows="1:3", wrap_columns=(3, 4), row_heights=heights)


# --- the Friedrich final ----------------------------------------------------------------------

CHOOSING = (
    "chooses any of the four roles",
    "chooses from the three roles left",
    "chooses from the two roles left",
    "takes the role left",
)
"""Seed 000 GFTR B (seed 001 B): "The highest-ranked player has free choice of roles. The second ranked
player has the choice of the remaining three roles, and so on." """


@dataclass(frozen=True)
class FinalOutcome:
    """What ``draw_final`` found: the finalists in choosing order, and the roles typed so far."""

    finalists: tuple[str, ...]
    """The best four of the qualifying standings, best first: the order they choose roles in."""
    roles: tuple[str | None, ...]
    """Each finalist's role as typed on the 'Final game' row; None while the row is empty."""
    notes: tuple[str, ...] = ()

    def render(self) -> str:
        lines = ["Final: the best four choose roles in ranking order (GFTR B)"]
        for place, (name, role) in enumerate(zip(self.finalists, self.roles), start=1):
            chose = f"plays {role}" if role else CHOOSING[place - 1]
            lines.append(f"  {place}. {name}: {chose}")
        if not any(self.roles):
            lines.append(f"type each finalist under the role they choose on the '{FINAL_SHEET}' row, "
                         "then run draw --final again to check it")
        else:
            lines.append("the choices are consistent: the top four, each in a role of their own")
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def draw_final(store: WorkbookStore) -> FinalOutcome:
    """The Friedrich final: the finalists in choosing order, or a check of the roles they chose.

    The draw never chooses a role: with the 'Final game' row empty it lists
    the best four of the qualifying standings (the rules' standings, ties and
    lots included) with what each may choose; with finalists typed in their
    roles it checks them with :func:`tourneybook.draws.check_final_choices`.
    It writes the 'Final draw' sheet through ``store``; the caller saves.
    Refusals (InputError, nothing written): not a Friedrich event, no final in
    the Settings, the qualifying round not complete, a wrong choice at its cell.
    """
    event = read_event(store)
    family = FAMILIES[event.ruleset.family]
    if family.game is not RulesetFamily.FRIEDRICH:
        raise InputError(Problem(f"--final is the Friedrich final; {event.ruleset.name} has none",
                                 sheet=SETTINGS.name))
    t = event.record
    if t.settings.finalists == 0:
        raise InputError(Problem("the Settings have no final (Finalists 0)", sheet=SETTINGS.name))
    missing = [n for n in range(1, t.settings.games_counted + 1) if n not in {g.round for g in t.games}]
    if missing:
        raise InputError(Problem(
            f"the qualifying round is not complete: round {', '.join(map(str, missing))} has no result at every "
            "table yet; the finalists are known once every qualifying game is entered", sheet=family.sheet))
    standings = event.ruleset.standings(t).standings
    # A withdrawn player (and a late arrival unless the Settings allow it) is passed over: the next moves up.
    choosing = final_ranking(standings.order, t)
    finalists = tuple(choosing[: t.settings.finalists])
    if len(finalists) < len(ROLES):
        raise InputError(Problem(f"the final needs four ranked players; the standings have {len(finalists)}",
                                 sheet=PLAYERS.name))
    out = Collector(InputError)
    names = player_names(store.read(PLAYERS.name))
    rows = read_sheet(store.read(FINAL_SHEET), find_layout(event.ruleset.id).sheet(FINAL_SHEET), out, players=names)
    out.raise_if_any()
    typed = [(role.value, rows[0][role.value]) for role in ROLES if rows and rows[0][role.value] is not None]
    roles: dict[str, str] = {}
    if typed:
        row = rows[0]
        cell_of = {role: row.cell(role) for role, _ in typed}
        for role, name in typed:
            if name in roles:
                out.add(f"{name} is already in the role of {roles[name]}: one role each", sheet=FINAL_SHEET,
                        cell=cell_of[role])
            else:
                roles[name] = role
        empty = next(row.cell(r.value) for r in ROLES if row[r.value] is None) if len(typed) < len(ROLES) else row.cell()
        for p in check_final_choices(choosing, roles):
            name = p.where.removeprefix("final").lstrip(", ")
            role = roles.get(name) or next((r.value for r in ROLES if p.message == f"no one plays {r.value}"), None)
            cell = cell_of.get(role, empty) if role else empty
            out.add(f"{name}: {p.message}" if name else p.message, sheet=FINAL_SHEET, cell=cell)
        out.raise_if_any()
    notes = [f"the choosing order of {', '.join(g)} rests on a suggested lot: enter the lot on the Players sheet"
             for g in standings.unresolved_lots if set(g) & set(finalists)]
    skipped = passed_over(standings.order, finalists, len(finalists))  # every one ranked above the last finalist
    if skipped:
        notes.insert(0, f"not in the final (withdrawn, or arrived late or missed a round): {', '.join(skipped)}; "
                        "the next in the ranking moves up")
    outcome = FinalOutcome(finalists, tuple(roles.get(n) for n in finalists), tuple(notes))
    store.replace(final_draw_sheet(event.tournament or event.ruleset.name, outcome))
    return outcome


def final_draw_sheet(title: str, outcome: FinalOutcome) -> ResultSheet:
    """The 'Final draw' sheet: the finalists in choosing order, what each may choose, the roles chosen."""
    rows: list[tuple[Cell, ...]] = [
        (Cell(f"{title}: final draw", "title"),),
        (Cell(note(FINAL_DRAW_SHEET, FINAL_DRAWN), "note"),),
        tuple(Cell(h, "header") for h in ("Chooses", "Finalist", "May choose", "Role chosen")),
    ]
    for place, (name, role) in enumerate(zip(outcome.finalists, outcome.roles), start=1):
        rows.append((Cell(place), Cell(name), Cell(CHOOSING[place - 1]), Cell(role, "good" if role else "")))
    rows.append(())
    rows += [(Cell(text, "note"),) for text in printed_lines(
        "Seed 000 GFTR B: the highest-ranked player has free choice of roles; the second chooses "
        f"from the remaining three, and so on. Type the choices on the '{FINAL_SHEET}' row.", 85)]
    rows += [(Cell(text, "warning"),) for n in outcome.notes for text in printed_lines(f"note: {n}", 85)]
    return ResultSheet(FINAL_DRAW_SHEET, tuple(rows), (9, 24, 36, 16), freeze="A4", fit_to_width=True)
