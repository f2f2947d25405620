"""Drawing a round into the event workbook: read players and rounds, call the draws, write rows.

The pure draws (:mod:`tourneybook.draws`) seat the players and plan the rounds
(:mod:`tourneybook.draws.planner`); this action reads what they need from the
workbook (the Players sheet with its stand-in flags and keep-apart groups, the
rounds already on the draw sheet as history, drawn or played) and types each
drawn table into the empty rows of the ruleset's draw sheet
(:mod:`tourneybook.workbook.draw_rows`). A row that holds anything beyond the
draw (a result, a start time) is never touched. The seating by player name and
the quality report go on their result sheets (:mod:`tourneybook.workbook.draw_sheets`).
What a ruleset has beyond its rounds comes from its layout: Italia's top board
and sit-outs sheet, the Friedrich final.

Everything goes through the store interface (:class:`~tourneybook.files.store.WorkbookStore`),
so the same functions serve ``tourneybook draw`` (a :class:`FileWorkbook`, saved
atomically by the command afterwards) and the Excel buttons (the live
workbook). Every refusal is raised before the first write, so a refused draw
leaves the workbook as it was.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..draws import DrawnRounds, QualityReport, Round, UnfilledBoards, quality
from ..draws.quality import verdict
from ..draws.planner import Planner, same_field_runs
from ..draws.shape import shape_of
from ..errors import Collector, InputError, Problem
from ..files.filekind import workbook_name
from ..files.marks import check_writable
from ..files.store import ResultSheet, WorkbookStore
from ..frozen import frozen
from ..rules.seats import Power, Theatre
from ..workbook.draw_rows import DrawSheet, Typing, as_round, write_round
from ..workbook.draw_sheets import FINAL_DRAW_SHEET, QUALITY_SHEET, SEATING_SHEET, final_draw_sheet, quality_sheet, seating_sheet
from ..workbook.event import read_event
from ..workbook.generic import PLAYERS, Player
from ..workbook.layout import Layout
from ..workbook.settings_sheet import SETTINGS
from .draw_reading import (
    DrawEvent,
    absent_but_seated,
    after_the_last,
    keep_apart_groups,
    named,
    read_draw_event,
    rounds_to_draw,
    sitting_out,
    theatres_of,
)

if TYPE_CHECKING:
    from ..workbook.layouts.friedrich_final import FinalOutcome


@frozen
class DrawOutcome:
    """What ``draw_event`` did."""

    draw: DrawnRounds
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


@frozen
class PlanReport:
    """The plan the rounds drawn belong to: every round to the end, each figure against its proven lower bound."""

    rounds: tuple[int, ...]
    report: QualityReport
    """The plan's quality, history included."""
    notes: tuple[str, ...] = ()
    """The draws' own notes about the plan."""

    def render(self) -> str:
        span = f"{self.rounds[0]}-{self.rounds[-1]}" if len(self.rounds) > 1 else str(self.rounds[0])
        r = self.report
        figures = [f"{r.figure('rematch_cost')} {r.rematch_cost}, {verdict(r.rematch_cost, r.rematch_bound)}",
                   f"{r.figure('repeated_pairs')} {r.repeated_pairs}",
                   f"{r.figure('keep_apart_violations')} {r.keep_apart_violations}, "
                   f"{verdict(r.keep_apart_violations, r.keep_apart_bound)}"]
        if shape_of(r.game).small_tables:
            figures.append(f"{r.figure('small_table_repeats')} {r.small_table_repeats}, "
                           f"{verdict(r.small_table_repeats, r.small_table_bound)}")
        lines = [f"The plan for rounds {span} (the next rounds follow it while the players stay the same): "
                 + "; ".join(figures)]
        lines += [f"  {n}" for n in self.notes]
        return "\n".join(lines)


def _added(before: QualityReport | None, after: QualityReport) -> str:
    """What the rounds drawn add to the figures of the history."""
    def more(name: str) -> int:
        return getattr(after, name) - (getattr(before, name) if before is not None else 0)

    shape = shape_of(after.game)
    added = ["repeated_pairs", "rematch_cost", "small_table_repeats" if shape.small_tables else "seat_repeats"]
    parts = [f"{after.figure(name)} +{more(name)}" for name in added]
    parts.append(f"{after.figure('keep_apart_violations')} {after.keep_apart_violations}")  # counted in the rounds drawn only
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
    seating_pictures: tuple[tuple[str, bytes], ...] = (),
    fill: str | None = None,
) -> DrawOutcome:
    """Draw round ``round_number`` (or, with ``every_round``, every round still to draw) into ``store``.

    ``store`` is any :class:`WorkbookStore` (a :class:`FileWorkbook`, the live
    Excel workbook); the caller saves it afterwards. ``round_number`` None: the
    round after the last one on the draw sheet ("Draw next round"). Options:
    ``seed`` (default: from the tournament's name and the round), ``redraw``
    (replace a draw without results), and for Diplomacy ``sit_outs``,
    ``doubles`` (player names) and ``top_board`` (Italia 2010). ``seating_pictures``
    go on the Seating sheet (the live address's QR code). ``fill`` ('sit-out' or
    'double', Diplomacy): the draw chooses who sits out or plays two boards where
    the boards are not full, those who did it least often first
    (:mod:`.draw_sit_outs`); sit-outs go on the layout's sit-outs sheet (Italia).

    Refusals (InputError, raised before anything is written): a round with
    results; a round already drawn without ``redraw``; a round after a missing
    one; a field the draw cannot seat (the draws' own message, e.g. the
    stand-ins needed).
    """
    event = read_draw_event(store)
    if round_number is None and not every_round:
        round_number = max(event.rounds, default=0) + 1
    total = event.ruleset.draw_rounds(event.read.settings)
    wanted = rounds_to_draw(event.rounds, round_number, every=every_round, redraw=redraw, total=total,
                            family=event.sheet, workbook=workbook_name(store), after_the_last=after_the_last(event))
    history = tuple(as_round(event.rounds[n], event.sheet) for n in sorted(event.rounds) if n < wanted[0])
    choices = _td_choices(event, wanted, sit_outs, doubles, top_board=top_board, history=history, fill=fill, seed=seed)
    drawn, planned, draw_notes, plan_notes = _draw_runs(event, wanted, history, choices, seed)
    game = event.sheet.family.game
    draw = DrawnRounds(game, tuple(drawn), tuple(dict.fromkeys(draw_notes)))
    groups, theatres = choices.groups, choices.theatres
    plan_report = None
    if len(planned) > len(drawn):
        plan_report = PlanReport(tuple(r.number for r in planned),
                                 quality(DrawnRounds(game, tuple(planned)), history, groups, theatres),
                                 tuple(dict.fromkeys(plan_notes)))
    sit_out_cells, typed = _sit_out_rows(event, draw)
    outcome = DrawOutcome(draw, quality(draw, history, groups, theatres), history,
                          (*choices.notes, *typed, *_attendance_notes(event.players, wanted, event.sheet)),
                          quality(DrawnRounds(game, history), (), groups, theatres) if history else None,
                          plan_report, seating_sheet(event.title, draw, seating_pictures, event.read.language,
                                                     {p.name for p in event.players if p.stand_in}))
    _write_draw(event, wanted, draw, outcome, top_board=top_board, sit_out_cells=sit_out_cells)
    return outcome


@frozen
class _Choices:
    """The TD's choices for the rounds drawn, and what the Players and Settings sheets add (internal)."""

    groups: list[list[str]]
    theatres: Mapping[Power, Theatre]
    sitting: dict[int, list[str]]
    doubling: list[str]
    top_board: bool
    notes: tuple[str, ...] = ()


def _td_choices(event: DrawEvent, wanted: Sequence[int], sit_outs: Sequence[str], doubles: Sequence[str], *,
                top_board: bool, history: Sequence[Round] = (), fill: str | None = None,
                seed: int | None = None) -> _Choices:
    """Sit-outs, double boards and the top board checked; every refusal at once, before anything is drawn."""
    out = Collector(InputError)
    if not event.sheet.family.takes_sit_outs and (sit_outs or doubles or top_board):
        out.add("--sit-out, --double and --top-board are for Diplomacy boards")
    if top_board and event.layout.top_board is None:
        out.add(f"--top-board is the Italia 2010 top board (seed 004, section 4); {event.ruleset.name} has none")
    sitting = sitting_out(event, wanted, sit_outs, out)
    doubling = named(doubles, event.names, "--double", out)
    out.raise_if_any()
    # the lots of --fill: a stream of their own, so the draw's tables do not change with them
    lots = random.Random(f"fill {_rng(event.read.tournament, wanted[0], seed).random()}")
    notes = _fill_and_say(event, wanted, history, sitting, doubling, fill, lots, out)
    out.raise_if_any()
    if top_board:
        sheet = event.layout.top_board.sheet
        notes.append(f"board 1 of round {wanted[0]} is the top board: marked on the '{sheet}' sheet")
    out.extend(absent_but_seated(event.rounds, wanted, event.players, event.sheet))
    out.raise_if_any()
    return _Choices(keep_apart_groups(event.players), theatres_of(event.read.settings), sitting, doubling,
                    top_board=top_board, notes=tuple(notes))


def _fill_and_say(event: DrawEvent, wanted: Sequence[int], history: Sequence[Round], sitting: dict[int, list[str]],
                  doubling: list[str], fill: str | None, rng: random.Random, out: Collector) -> list[str]:
    """The sit-outs and double boards completed and said (:mod:`.draw_sit_outs`); [] for a family without them and
    no ``--fill`` to refuse, whose draw then loads none of the Diplomacy sit-outs' modules (issue 40)."""
    if fill is None and not event.sheet.family.takes_sit_outs:
        return []
    from .draw_sit_outs import fill_and_say

    return fill_and_say(event, wanted, history, sitting, doubling, fill, rng, out)


def _sit_out_rows(event: DrawEvent, draw: DrawnRounds) -> tuple[dict[tuple[int, int], object], list[str]]:
    """The rows typed on the layout's sit-outs sheet (Italia 2010, :mod:`.draw_sit_outs`); none without that sheet."""
    if event.layout.sit_outs is None:
        return {}, []
    from .draw_sit_outs import sit_out_rows

    return sit_out_rows(event, draw)


def _draw_runs(event: DrawEvent, wanted: Sequence[int], history: tuple[Round, ...], choices: _Choices,
               seed: int | None) -> tuple[list[Round], list[Round], list[str], list[str]]:
    """Each run of rounds with the same field drawn: from its plan, or directly where the TD chose seats."""
    drawn: list[Round] = []
    planned: list[Round] = []
    draw_notes: list[str] = []
    plan_notes: list[str] = []
    family, total = event.sheet.family, event.ruleset.draw_rounds(event.read.settings)

    def seeded(number: int) -> random.Random:
        """The draw of a run starting at round ``number``."""
        return _rng(event.read.tournament, number, seed)

    def draw_rounds(number: int, count: int, before: Sequence[Round], rng: random.Random) -> DrawnRounds:
        """``count`` rounds for the players present in round ``number``, after ``before``."""
        here = event.attending(number)
        kept = [[n for n in g if n in here] for g in choices.groups]
        return family.draw(here, count, before, kept, rng=rng, theatres=choices.theatres,
                           sit_outs={n: [p for p in choices.sitting.get(n, ()) if p in here] for n in wanted},
                           doubles={n: [p for p in choices.doubling if p in here] for n in wanted})

    try:
        for numbers in same_field_runs(wanted, event.players):
            so_far = history + tuple(drawn)
            direct = any(choices.sitting[n] for n in numbers) or bool(choices.doubling)
            if choices.top_board:
                part = plan = _top_board(event, history, choices, numbers[0], seed)
            elif direct:  # the TD's sit-outs and doubles are known only for the rounds drawn now
                part = plan = draw_rounds(numbers[0], len(numbers), so_far, seeded(numbers[0]))
            else:
                planner = Planner(family, event.players, choices.groups, so_far, max(total, numbers[-1]), seed,
                                  lambda n, count, before, a: draw_rounds(n, count, before, seeded(a)))
                try:
                    plan = planner.followed(numbers[0], numbers[0])
                    part = DrawnRounds(plan.game, tuple(r for r in plan.rounds if r.number in numbers))
                except InputError:  # no plan to the end (e.g. Diplomacy seats for later rounds): these rounds alone say why
                    part = plan = draw_rounds(numbers[0], len(numbers), so_far, seeded(numbers[0]))
            drawn += part.rounds
            planned += plan.rounds
            (plan_notes if plan is not part else draw_notes).extend(plan.notes)
    except InputError as exc:
        played = history + tuple(drawn)
        raise InputError([_placed(_ways_to_ask(p, event.layout), event.sheet, event.players, numbers[0],
                                  workbook_name(event.store), played, total - numbers[0] + 1)
                          for p in exc.problems]) from None
    return drawn, planned, draw_notes, plan_notes


def _top_board(event: DrawEvent, history: Sequence[Round], choices: _Choices, first: int, seed: int | None) -> DrawnRounds:
    """The layout's top board of round ``first``, the event read once (after the top board's own checks)."""
    here = event.attending(first)
    draw_only = [r.number for r in history if not event.rounds[r.number].played_at]
    kept = [[n for n in g if n in here] for g in choices.groups]
    return event.layout.top_board.draw(lambda: read_event(event.sheets, event.read), event.sheets, here, history,
                                       kept, first, choices.sitting[first], choices.doubling,
                                       _rng(event.read.tournament, first, seed), draw_only)


def _write_draw(event: DrawEvent, wanted: Sequence[int], draw: DrawnRounds, outcome: DrawOutcome, *, top_board: bool,
                sit_out_cells: Mapping[tuple[int, int], object] | None = None) -> None:
    """The rounds typed into the draw sheet (the top board marked) and the sit-outs into the layout's sit-outs
    sheet, then the Seating and quality sheets."""
    store = event.store
    # An organiser's own 'Seating' sheet is refused here, before the first cell is typed: a workbook open in Excel has no undo.
    check_writable(store, [SEATING_SHEET, QUALITY_SHEET])
    typing = Typing(event.sheets.read(event.sheet.name))
    for number in wanted:
        old = event.rounds[number].rows if number in event.rounds else []
        write_round(typing, event.sheet, next(r for r in draw.rounds if r.number == number), old)
    if top_board:
        event.layout.top_board.mark(store, wanted[0])
    store.write_cells(event.sheet.name, typing.cells)
    if sit_out_cells:
        store.write_cells(event.layout.sit_outs.name, sit_out_cells)
    store.replace(outcome.seating)
    store.replace(quality_sheet(event.title, outcome))


def _rng(tournament: str, number: int, seed: int | None) -> random.Random:
    """The draw of round ``number``: the organiser's seed, or the default one of that round."""
    return random.Random(default_seed(tournament, number) if seed is None else seed)


def _attendance_notes(players: Sequence[Player], wanted: Sequence[int], family: DrawSheet) -> list[str]:
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
    if notes and family.family.stand_ins:
        notes.append("the remaining rounds are re-planned from the rounds played: everyone present keeps one game "
                     "per role; a seat left empty is filled by a stand-in (Players, Stand-in yes)")
    return notes


def _ways_to_ask(p: Problem, layout: Layout) -> Problem:
    """Boards that seven do not fill (the draws' :class:`UnfilledBoards`), with how the TD asks players to sit out
    or play two boards here: the draw's options, and the layout's sit-outs sheet where it has one (Italia 2010)."""
    if not isinstance(p, UnfilledBoards):
        return p
    sheet = layout.sit_outs
    also = f"; the button and draw also take the sit-outs typed as rows of the '{sheet.name}' sheet" if sheet else ""
    return replace(p, message=f"{p.message} (with tourneybook draw: --sit-out NAME or --double NAME, once for each "
                              f"player{also})")


def _placed(p: Problem, family: DrawSheet, players: Sequence[Player] = (), number: int = 0, workbook: str = "",
            history: Sequence[Round] = (), rounds_left: int = 0) -> Problem:
    """A draws' problem about the field or the history, placed on the sheet it comes from."""
    if p.sheet:
        return p
    if family.family.stand_ins:
        advised = _friedrich_field(p, players, number, workbook or "EVENT.xlsx", history, rounds_left)
        if advised is not None:
            return advised
    if p.where == "players":
        return Problem(p.message, p.where, PLAYERS.name)
    if p.where.startswith("history") or p.where.startswith("round"):
        return Problem(f"{p.where}: {p.message}", p.where, family.name)
    return p


def _friedrich_field(p: Problem, players: Sequence[Player], number: int, workbook: str, history: Sequence[Round],
                     rounds_left: int) -> Problem | None:
    """A Friedrich field that cannot be seated (stand-ins needed, the roles owed unbalanced), with what to do:
    each way checked to lead to a draw (:mod:`.draw_advice`); None for another problem."""
    from ..draws.friedrich_round import ROLES_UNBALANCED  # on use: no other family's draw loads it (issue 40)
    from .draw_advice import stand_in_ways

    if p.where == "players" and "stand-in" in p.message:
        changed = [q.name for q in players if not q.plays(number)] if number else []
        when = f" in round {number} ({', '.join(changed)} not playing)" if changed else ""
        ways = stand_in_ways(players, history, number or 1, rounds_left, workbook)
        return Problem(p.message + (f"{when}: " + "; or, ".join(ways) if ways else when), p.where, PLAYERS.name)
    if ROLES_UNBALANCED in p.message:
        ways = stand_in_ways(players, history, number, rounds_left, workbook)
        todo = ("; to draw it: " + "; or, ".join(ways)) if ways else \
            "; no stand-ins can mend it: correct the Players sheet (who plays this round) or the rounds before"
        return Problem(f"round {number}: {p.message}{todo}", p.where, PLAYERS.name)
    return None


def draw_final(store: WorkbookStore) -> FinalOutcome:
    """The Friedrich final: the finalists in choosing order, or a check of the roles they chose.

    What the ruleset's layout provides (:mod:`tourneybook.workbook.layouts.friedrich_final`);
    this writes the 'Final draw' sheet through ``store``; the caller saves.
    Refusals (InputError, nothing written): not a Friedrich event, no final in
    the Settings, the qualifying round not complete, a wrong choice at its cell.
    """
    event = read_event(store)
    if event.layout.final_draw is None:
        raise InputError(Problem(f"--final is the Friedrich final; {event.ruleset.name} has none",
                                 sheet=SETTINGS.name))
    outcome = event.layout.final_draw(event, store)
    store.replace(final_draw_sheet(event.tournament or event.ruleset.name, outcome))
    return outcome


__all__ = ["FINAL_DRAW_SHEET", "QUALITY_SHEET", "SEATING_SHEET", "DrawOutcome", "PlanReport", "default_seed", "draw_event",
           "draw_final"]
