"""Entry commands never write what recalc refuses (issue 22, section 2).

``withdraw``, ``join``, ``absent``, ``present``, ``draw`` and the button's actions
each type cells into the organiser's entry sheets. Each runs here on a
:class:`StagedWorkbook`: the writes are held back, the event is read and scored
as it would be after them, with the very checks ``recalc`` runs, and only when
that adds no problem are the writes made on the real store. So a refusal says
recalc's own sentence at recalc's own cell, and the file (or the workbook open in Excel
behind the button, which has no undo) is left exactly as it was.

Problems the workbook already had before the command are not the command's:
they stay for ``recalc`` to report, and do not stop a withdrawal on event day.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from ..errors import InputError, Problem
from ..files.filekind import workbook_name
from ..files.marks import Mark, check_writable, sheet_mark
from ..files.store import CellValue, ResultSheet, SheetGrid, WorkbookStore
from ..frozen import frozen
from ..rules.attendance import seating_problems
from ..workbook.draw_rows import PLAYER, ROUND, EntryRound, draw_headers
from ..workbook.generic import attendance

T = TypeVar("T")


class StagedWorkbook:
    """A :class:`WorkbookStore` that holds every write back until :meth:`apply`; reads see the writes."""

    def __init__(self, store: WorkbookStore):
        self.store = store
        self._writes: list[tuple[str, object]] = []
        """('cells', (sheet, cells)), ('replace', sheet) or ('remove', name), in the order made."""
        self._typed: dict[str, dict[tuple[int, int], CellValue]] = {}
        self._replaced: dict[str, ResultSheet] = {}
        self._removed: set[str] = set()

    @property
    def path(self) -> object:
        """The workbook file behind the store, if any: messages name it (files.filekind.workbook_name)."""
        return getattr(self.store, "path", None)

    @property
    def book(self) -> object:
        """The Excel book behind the store, if any (the button's): messages name its file."""
        return getattr(self.store, "book", None)

    def sheet_names(self) -> list[str]:
        names = [n for n in self.store.sheet_names() if n not in self._removed]
        return names + [n for n in self._replaced if n not in names]

    def read(self, name: str) -> SheetGrid:
        if name in self._replaced:
            sheet = self._replaced[name]
            return sheet.grid()
        grid = self.store.read(name)
        typed = self._typed.get(grid.name) or self._typed.get(name)
        return grid if not typed else _overlaid(grid, typed)

    def mark(self, name: str) -> Mark | None:
        if name in self._replaced:
            return sheet_mark(self.read(name))
        return self.store.mark(name)

    def replace(self, sheet: ResultSheet) -> None:
        if sheet.name not in self._replaced:
            check_writable(self.store, [sheet.name])  # an organiser's sheet of that name: refused now, not at apply
        self._replaced[sheet.name] = sheet
        self._removed.discard(sheet.name)
        self._writes.append(("replace", sheet))

    def remove(self, name: str) -> None:
        self._replaced.pop(name, None)
        self._removed.add(name)
        self._writes.append(("remove", name))

    def write_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        if name not in self.sheet_names():
            raise KeyError(name)
        self._typed.setdefault(name, {}).update(cells)
        self._writes.append(("cells", (name, dict(cells))))

    def apply(self) -> None:
        """Make the held-back writes on the real store, in the order they were made."""
        for kind, what in self._writes:
            if kind == "cells":
                name, cells = what  # type: ignore[misc]
                self.store.write_cells(name, cells)
            elif kind == "replace":
                self.store.replace(what)  # type: ignore[arg-type]
            else:
                self.store.remove(what)  # type: ignore[arg-type]
        self._writes.clear()


def _overlaid(grid: SheetGrid, typed: Mapping[tuple[int, int], CellValue]) -> SheetGrid:
    height = max(len(grid.rows), max(r for r, _ in typed))
    rows = [list(grid.rows[i]) if i < len(grid.rows) else [] for i in range(height)]
    for (r, c), value in typed.items():
        line = rows[r - 1]
        line.extend([None] * (c - len(line)))
        line[c - 1] = value
    return SheetGrid(grid.name, tuple(tuple(line) for line in rows), grid.merged)


def recalc_problems(store: WorkbookStore) -> list[Problem]:
    """What ``recalc`` would refuse in ``store`` now: every problem of reading, checking and scoring the event."""
    from ..workbook.event import event_result, read_event  # the event reading imports the layouts: only when checking

    try:
        event_result(read_event(store))
    except InputError as exc:
        return list(exc.problems)
    return []


@frozen
class DrawnSeatClash:
    """A player seated in a drawn round that the Players sheet says they do not play.

    Recalc checks a seat only once its round is complete (a round partly entered is
    not counted yet), and then refuses it with :attr:`problem`'s sentence; so an entry
    command must not make one, even at a table whose result is not typed yet.
    """

    problem: Problem
    """Recalc's own sentence at the seat's cell, and the way out that works."""
    sentence: str
    """Recalc's sentence alone."""
    player: str
    round: int
    redraw: bool
    """Whether drawing the round again seats the player out: neither it nor a later round has a result."""


def drawn_seat_clashes(store: WorkbookStore) -> list[DrawnSeatClash]:
    """Every seat on the draw sheet whose player is not there for its round, and (Friedrich: tables of exactly
    four) every player there for a drawn round but not seated in it (none without a draw)."""
    from .draw_reading import read_draw_event  # reads the layouts: only when checking

    try:
        event = read_draw_event(store)
    except InputError:
        return []  # recalc reports what keeps the draw sheet or the Players sheet from being read
    family, by_name = event.sheet, {p.name: p for p in event.players}
    workbook = workbook_name(store)  # a file's name, or the open workbook's behind the button
    last = max(event.rounds, default=0)
    drawn = set(draw_headers(family))
    clashes = []
    for number, entry in sorted(event.rounds.items()):
        tables: dict[object, list] = {}
        for row in entry.rows:
            tables.setdefault(row[family.table], []).append(row)
        for rows in tables.values():
            played = any(row[c.header] is not None for row in rows for c in family.schema.columns if c.header not in drawn)
            for row in rows:
                for header in (PLAYER,) if family.row_per_seat else family.seats:
                    player = by_name.get(row[header])
                    if player is None or player.plays(number):
                        continue
                    said = seating_problems(attendance([player]), [(number, player.name, "")])[0].message
                    redraw = not any(e.played_at for n, e in event.rounds.items() if n >= number)
                    way_out = _way_out(player.name, number, redraw=redraw, last=number == last, entry=entry, workbook=workbook)
                    message = said if played else f"{said}; {way_out}"  # played: recalc's sentence, as recalc says it
                    clashes.append(DrawnSeatClash(Problem(message, sheet=family.name, cell=row.cell(header)), said,
                                                  player.name, number, redraw=redraw))
        if family.family.stand_ins:  # tables of exactly four: everyone there plays every round drawn (recalc says so)
            seated = {row[h] for row in entry.rows for h in family.seats}
            for player in event.players:
                if player.stand_in or not player.plays(number) or player.name in seated:
                    continue
                said = f"{player.name} has no game in round {number}"  # rules/friedrich/validation.py's sentence
                redraw = not any(e.played_at for n, e in event.rounds.items() if n >= number)
                how = f"--round {number} --redraw" if number == last else "--all --redraw"
                way_out = (f"round {number} is drawn without them: draw it again with them ('tourneybook draw "
                           f"{workbook} {how}')" if redraw else
                           f"round {number} is drawn without them and has results, so it is not drawn again: mark them "
                           f"absent in round {number}, or type them in a stand-in's seat at a table without a result")
                first = min(entry.rows, key=lambda r: r.line)
                clashes.append(DrawnSeatClash(Problem(f"{said}; {way_out}", sheet=family.name, cell=first.cell(ROUND)),
                                              said, player.name, number, redraw=redraw))
    return clashes


def _way_out(player: str, number: int, *, redraw: bool, last: bool, entry: EntryRound, workbook: str) -> str:
    """What the organiser can do about a seat of a player who is not there: only what works for that round
    (``draw --round N --redraw`` draws the last round again; ``--all --redraw`` every round after the played ones)."""
    if redraw:
        how = f"--round {number} --redraw" if last else "--all --redraw"
        return (f"this table has no result yet: draw round {number} again without them "
                f"('tourneybook draw {workbook} {how}')")
    why = (f"round {number} has results ({entry.played_at}), so it is not drawn again" if entry.played_at
           else f"a later round has results, so round {number} is not drawn again")
    return (f"this table has no result yet, but {why}: type who plays in {player}'s place in this cell first "
            f"(a stand-in is added with 'tourneybook join {workbook} NAME --from-round {number} --stand-in'), "
            f"or keep {player} in round {number}")


def checked_write(store: WorkbookStore, command: Callable[[WorkbookStore], T]) -> T:
    """Run ``command`` on a staged copy of ``store``; write its cells only if recalc would accept the result.

    InputError with recalc's own problems (each at its sheet and cell) that the
    command's writes would add; nothing is written then. The workbook as it was
    is checked only when the staged one has problems (the writes are held back,
    so it reads the same before or after the command): a command that leaves a
    clean workbook clean reads and scores the event once, not twice.
    """
    staged = StagedWorkbook(store)
    outcome = command(staged)
    after = recalc_problems(staged)
    said = " ".join(p.message for p in after)  # a seat recalc refuses already is said once, in recalc's words
    clashes = [c.problem for c in drawn_seat_clashes(staged) if not c.redraw and c.sentence not in said]
    if after or clashes:
        before = set(recalc_problems(store)) | {c.problem for c in drawn_seat_clashes(store)}
        added = [p for p in after + clashes if p not in before]
        if added:
            raise InputError(added)
    staged.apply()
    return outcome


__all__ = ["DrawnSeatClash", "StagedWorkbook", "checked_write", "drawn_seat_clashes", "recalc_problems"]
