"""Confirmed (or director-accepted) phone reports into the workbook's entry rows, through any store (the file, or Excel live).

The one rule: a result typed in the workbook wins. A report is written only into
cells that are empty; where a cell holds something else, the report clashes and
nothing of it is written: the clash is kept in the journal with both versions of
every field of the table (empty ones too) for the director's page, and listed
once (the next import does not repeat it; the director rejects it, or clears the
typed cells and accepts it for the next import). A report is checked as
``recalc`` would check it before it is written (:func:`~tourneybook.actions.entrycheck.checked_write`):
one recalc would refuse is refused with recalc's sentence, and kept as refused.
A report already in the workbook as it was reported is marked imported, so
importing twice changes nothing. A report of a table the draw does not have (a
round redrawn since), or of a knock-out match the bracket does not have, is refused.
The final's and the knock-out's reports go into the 'Final game' and 'Knock-out
matches' sheets (:mod:`.stages`).

The journal is told what happened (:meth:`Imported.remember`) only after the
workbook holding it is saved: a failed save leaves every report to import again.
"""

from __future__ import annotations

from dataclasses import field

from ..actions.entrycheck import checked_write
from ..errors import InputError
from ..frozen import frozen
from ..workbook import cells
from ..files.store import WorkbookStore
from .sheet import DrawnTable, ReportSheet, read_draw, seated_of
from .journal import CLASH, IMPORTED, REFUSED, Journal, Report
from .reporting import typed_cells
from .stages import STAGES_ROUND, read_stages, stage_name


@frozen
class Disagreement:
    report: Report
    differences: tuple[tuple[str, str, str], ...]
    """(field, in the workbook, reported) of every field where they differ."""
    fields: tuple[tuple[str, str, str], ...] = ()
    """(field, in the workbook, reported) of every field of the table, empty ones too: the director's page shows them."""

    def rows(self) -> list[list]:
        """What the journal keeps of it: [field, in the workbook, reported, differs] for every field."""
        return [list(f) + [f in self.differences] for f in self.fields]


@frozen
class Imported:
    written: tuple[Report, ...] = ()
    already: tuple[Report, ...] = ()
    """Reports the workbook already holds exactly."""
    disagreements: tuple[Disagreement, ...] = ()
    refused: tuple[tuple[Report, str], ...] = field(default=())
    """(report, why) of reports of tables the draw does not have, or that recalc would refuse."""
    names: dict[int, str] = field(default_factory=dict)
    """Report id -> how the pages name its table ('Final, table 1', 'Match SF1')."""

    def lines(self) -> list[str]:
        """What happened, one line per report, for the terminal or the Issues sheet."""
        name = lambda r: self.names.get(r.id) or named(r)  # noqa: E731
        out = [f"{name(r)}: written" + (f" ({ONE_PHONE})" if r.confirmed_by_its_phone else "") for r in self.written]
        out += [f"{name(r)}: already in the workbook" for r in self.already]
        for d in self.disagreements:
            shown = "; ".join(f"{label}: workbook {typed!r}, reported {reported!r}" for label, typed, reported in d.differences)
            out.append(f"{name(d.report)}: NOT written, the workbook has another result ({shown}); left to the director")
        out += [f"{name(r)}: refused, {why}" for r, why in self.refused]
        return out

    def remember(self, journal: Journal) -> None:
        """Tell the journal what this import did (after the workbook is saved): written or already there is
        imported; a clash or a refusal is kept with its detail and not listed again."""
        for report in (*self.written, *self.already):
            journal.settle(report.id, IMPORTED, None)
        for d in self.disagreements:
            journal.settle(d.report.id, CLASH, None, d.rows())
        for report, why in self.refused:
            journal.settle(report.id, REFUSED, None, why)


ONE_PHONE = ("confirmed on the phone that reported it (its cookie or its network address): one phone typed both seat "
             "codes; check it with the table")
"""What the import and the director's page say of a report confirmed on its reporting phone."""


def named(report: Report, draw: ReportSheet | None = None, final: bool = True, word: str = "table") -> str:
    """'round 2 table 5' ('round 1 board 2': ``word``, the draw sheet's); the final's 'Final, table 1' and a knock-out
    match's 'Match SF1' as the pages name them (``draw``: the final's or the knock-out's, when read; else ``final``
    says which the event has)."""
    if report.round != STAGES_ROUND:
        return f"round {report.round} {word} {report.table}"
    table = draw.table(report.round, report.table) if draw is not None else None
    if table is not None:
        return stage_name(draw, table)
    return f"Final, table {report.table}" if final else f"Match number {report.table}"


def _text(value) -> str:
    return "" if cells.is_empty(value) else cells.shown(value).strip('"')


def import_reports(store: WorkbookStore, journal: Journal) -> Imported:
    """Write every confirmed or accepted report into the empty cells of its table's rows; the caller saves the store,
    then calls :meth:`Imported.remember`."""
    # Imported here: the hall imports this module for mark_clashes, and another family's event loads no Friedrich layout.
    from ..workbook.layouts.friedrich_final import FINAL_SHEET

    draw = read_draw(store)
    final = FINAL_SHEET in store.sheet_names()
    written, already, disagreements, refused, names = [], [], [], [], {}
    for report in journal.to_import() + _lost(store, draw, journal):
        if report.round == STAGES_ROUND:  # read again for each: a match typed by the last import moves the free row
            names[report.id] = named(report, None, final)
            try:
                stages = read_stages(store)
            except InputError as exc:
                refused.append((report, f"the workbook has problems ({exc.problems[0]}): recalculate, correct them, "
                                        "then import again"))
                continue
            names[report.id] = named(report, stages)
            outcome = _import_one(store, stages, report) if stages else "the event has no final or knock-out"
        else:
            names[report.id] = named(report, word=draw.table_word.lower())
            outcome = _import_one(store, draw, report)
        if isinstance(outcome, Disagreement):
            disagreements.append(outcome)
        elif isinstance(outcome, str):
            refused.append((report, outcome))
        else:
            (written if outcome else already).append(report)
    return Imported(tuple(written), tuple(already), tuple(disagreements), tuple(refused), names)


def mark_clashes(store: WorkbookStore, journal: Journal, draw: ReportSheet, stages: ReportSheet | None) -> int:
    """Mark as clashing every report to import that the workbook's typed result contradicts (the paper form typed
    in meanwhile), the moment the workbook is saved rather than at the import: the director's page and the
    table's page show both versions at once. A report the director chose over the workbook is left to the import;
    so is a table the draw does not have any more (the import refuses it with its sentence). How many it marked."""
    marked = 0
    for report in journal.to_import():
        sheet = stages if report.round == STAGES_ROUND else draw
        table = _table_of(sheet, report) if sheet is not None else None
        if report.over or not isinstance(table, DrawnTable):
            continue
        disagreement = compared(store, sheet, table, report)[1]
        if disagreement.differences and journal.settle(report.id, CLASH, None, disagreement.rows()) is not None:
            marked += 1
    return marked


def _lost(store: WorkbookStore, draw: ReportSheet, journal: Journal) -> list[Report]:
    """Reports of the rounds marked imported whose table's result cells are all empty again: the workbook they were
    imported into was not saved (the button writes into the open workbook, which Excel may close unsaved). Written
    again, as if never imported; a table with a newer report to import is left to that one."""
    pending = {(r.round, r.table) for r in journal.to_import()}
    latest = {(r.round, r.table): r for r in journal.reports(IMPORTED) if r.round != STAGES_ROUND}
    lost = []
    for key, report in sorted(latest.items()):
        table = draw.table(*key)
        if key in pending or table is None:
            continue
        grid = store.read(draw.sheet)
        typed = [cell for cell, value in typed_cells(draw, table, report.values).items() if value is not None]
        if typed and all(cells.is_empty(grid.value(line, col)) for line, col in typed):
            lost.append(report)
    return lost


def compared(store: WorkbookStore, draw: ReportSheet, table: DrawnTable, report: Report
             ) -> tuple[dict[tuple[int, int], object], Disagreement]:
    """What of ``report`` goes into the workbook's empty cells ((row, column) -> value), and how it differs from what
    is typed there. A report the director chose over the workbook (``over``) goes into its typed cells too, and
    its blank fields empty them: the director's version is the table's whole result."""
    grid = store.read(draw.sheet)
    labels = {(f.line, draw.columns[f.header]): f.label for f in draw.fields(table)}
    new, differences, every = {}, [], []
    for (line, col), value in typed_cells(draw, table, report.values).items():
        current = grid.value(line, col)
        shown = (labels.get((line, col), f"column {col}"), _text(current), _text(value))
        if (line, col) in labels:
            every.append(shown)
        if cells.is_empty(current):
            if value is not None:
                new[(line, col)] = value
        elif (value is not None or (report.over and (line, col) in labels)) and _text(current) != _text(value):
            differences.append(shown)  # a blank field leaves a typed cell alone, unless the director chose it
            if report.over:
                new[(line, col)] = value
    return new, Disagreement(report, tuple(differences), tuple(every))


def _table_of(draw: ReportSheet, report: Report) -> DrawnTable | str:
    """The table ``report`` is of, with the players it was reported for; else why it is refused."""
    table = draw.table(report.round, report.table)
    word = draw.table_word.lower()
    if table is None:
        if report.round == STAGES_ROUND:
            return (f"the knock-out has no match {report.table} with both players known, or the final has no table "
                    f"{report.table} with the finalists in their roles: type it by hand if it still counts")
        return (f"the draw has no {word} {report.table} in round {report.round} "
                f"(was the round drawn again?): type it by hand if it still counts")
    if report.seated and report.seated != seated_of(table):
        return (f"the players of {word} {report.table} changed since it was reported "
                f"(was the round drawn again?): reported for {'; '.join(report.seated)}")
    return table


def _import_one(store: WorkbookStore, draw: ReportSheet, report: Report) -> bool | str | Disagreement:
    """True: written; False: already there; a sentence: refused; or the disagreement with the typed result."""
    table = _table_of(draw, report)
    if isinstance(table, str):
        return table
    new, disagreement = compared(store, draw, table, report)
    if disagreement.differences and not report.over:
        return disagreement
    if not new:
        return False
    try:  # what recalc would refuse is never written (issue 28): a report the server checked against an older state
        checked_write(store, lambda staged: staged.write_cells(draw.sheet, new))
    except InputError as exc:
        return "recalc would refuse it: " + "; ".join(str(p) for p in exc.problems[:5])
    return True


__all__ = ["Disagreement", "Imported", "compared", "import_reports", "mark_clashes"]
