"""Confirmed phone reports into the workbook's entry rows, through any store (the file, or Excel live).

The one rule: a result typed in the workbook wins. A report is written only into
cells that are empty; where a cell holds something else, the report is listed as
a disagreement with both versions and nothing of it is written (the director
decides). A report already in the workbook as it was reported is left alone, so
importing twice changes nothing. A report of a table the draw does not have (a
round redrawn since), or of a knock-out match the bracket does not have, is refused.
The final's and the knock-out's reports go into the 'Final game' and 'Knock-out
matches' sheets (:mod:`.stages`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError
from ..workbook import cells
from ..files.store import WorkbookStore
from .draw import Draw, read_draw, seated_of
from .journal import Journal, Report
from .reporting import typed_cells
from .stages import STAGES_ROUND, read_stages


@dataclass(frozen=True)
class Disagreement:
    report: Report
    differences: tuple[tuple[str, str, str], ...]
    """(field, in the workbook, reported) of every field where they differ."""


@dataclass(frozen=True)
class Imported:
    written: tuple[Report, ...] = ()
    already: tuple[Report, ...] = ()
    """Reports the workbook already holds exactly."""
    disagreements: tuple[Disagreement, ...] = ()
    refused: tuple[tuple[Report, str], ...] = field(default=())
    """(report, why) of reports of tables the draw does not have."""

    def lines(self) -> list[str]:
        """What happened, one line per report, for the terminal or the Issues sheet."""
        out = [f"{named(r)}: written" for r in self.written]
        out += [f"{named(r)}: already in the workbook" for r in self.already]
        for d in self.disagreements:
            shown = "; ".join(f"{name}: workbook {typed!r}, reported {reported!r}" for name, typed, reported in d.differences)
            out.append(f"{named(d.report)}: NOT written, the workbook has another result ({shown})")
        out += [f"{named(r)}: refused, {why}" for r, why in self.refused]
        return out


def named(report: Report) -> str:
    """'round 2 table 5', or the final's or a knock-out match's report by its table code's number."""
    if report.round == STAGES_ROUND:
        return f"final or knock-out, table {report.table}"
    return f"round {report.round} table {report.table}"


def _text(value) -> str:
    return "" if cells.is_empty(value) else cells.shown(value).strip('"')


def import_reports(store: WorkbookStore, journal: Journal) -> Imported:
    """Write every confirmed report into the empty cells of its table's rows; the caller saves the store."""
    draw = read_draw(store)
    written, already, disagreements, refused = [], [], [], []
    for report in journal.confirmed():
        if report.round == STAGES_ROUND:  # read again for each: a match typed by the last import moves the free row
            try:
                stages = read_stages(store)
            except InputError as exc:
                refused.append((report, f"the workbook has problems ({exc.problems[0]}): recalculate, correct them, "
                                        "then import again"))
                continue
            outcome = _import_one(store, stages, report) if stages else "the event has no final or knock-out"
        else:
            outcome = _import_one(store, draw, report)
        if isinstance(outcome, Disagreement):
            disagreements.append(outcome)
        elif isinstance(outcome, str):
            refused.append((report, outcome))
        else:
            (written if outcome else already).append(report)
    return Imported(tuple(written), tuple(already), tuple(disagreements), tuple(refused))


def _import_one(store: WorkbookStore, draw: Draw, report: Report) -> bool | str | Disagreement:
    """True: written; False: already there; a sentence: refused; or the disagreement with the typed result."""
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
    grid = store.read(draw.sheet)
    labels = {(f.line, draw.columns[f.header]): f.label for f in draw.fields(table)}
    new, differences = {}, []
    for (line, col), value in typed_cells(draw, table, report.values).items():
        current = grid.value(line, col)
        if cells.is_empty(current):
            if value is not None:
                new[(line, col)] = value
        elif value is not None and _text(current) != _text(value):  # a blank field leaves a typed cell alone
            differences.append((labels.get((line, col), f"column {col}"), _text(current), _text(value)))
    if differences:
        return Disagreement(report, tuple(differences))
    if new:
        store.write_cells(draw.sheet, new)
    return bool(new)


__all__ = ["Disagreement", "Imported", "import_reports"]
