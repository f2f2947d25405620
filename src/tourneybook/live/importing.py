"""Confirmed phone reports into the workbook's entry rows, through any store (the file, or Excel live).

The one rule: a result typed in the workbook wins. A report is written only into
cells that are empty; where a cell holds something else, the report is listed as
a disagreement with both versions and nothing of it is written (the director
decides). A report already in the workbook as it was reported is left alone, so
importing twice changes nothing. A report of a table the draw does not have (a
round redrawn since) is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..workbook import cells
from ..files.store import WorkbookStore
from .draw import read_draw, seated_of
from .journal import Journal, Report
from .reporting import typed_cells


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
        out = [f"round {r.round} table {r.table}: written" for r in self.written]
        out += [f"round {r.round} table {r.table}: already in the workbook" for r in self.already]
        for d in self.disagreements:
            shown = "; ".join(f"{name}: workbook {typed!r}, reported {reported!r}" for name, typed, reported in d.differences)
            out.append(f"round {d.report.round} table {d.report.table}: NOT written, the workbook has another result ({shown})")
        out += [f"round {r.round} table {r.table}: refused, {why}" for r, why in self.refused]
        return out


def _text(value) -> str:
    return "" if cells.is_empty(value) else cells.shown(value).strip('"')


def import_reports(store: WorkbookStore, journal: Journal) -> Imported:
    """Write every confirmed report into the empty cells of its table's rows; the caller saves the store."""
    draw = read_draw(store)
    grid = store.read(draw.sheet)
    written, already, disagreements, refused = [], [], [], []
    for report in journal.confirmed():
        table = draw.table(report.round, report.table)
        if table is None:
            refused.append((report, f"the draw has no {draw.table_word.lower()} {report.table} in round {report.round} "
                                    f"(was the round drawn again?): type it by hand if it still counts"))
            continue
        if report.seated and report.seated != seated_of(table):
            refused.append((report, f"the players of {draw.table_word.lower()} {report.table} changed since it was reported "
                                    f"(was the round drawn again?): reported for {'; '.join(report.seated)}"))
            continue
        labels = {(f.line, draw.columns[f.header]): f.label for f in draw.fields(table)}
        typed = typed_cells(draw, table, report.values)
        new, differences = {}, []
        for (line, col), value in typed.items():
            current = grid.value(line, col)
            if cells.is_empty(current):
                if value is not None:
                    new[(line, col)] = value
            elif value is not None and _text(current) != _text(value):  # a blank field leaves a typed cell alone
                differences.append((labels[(line, col)], _text(current), _text(value)))
        if differences:
            disagreements.append(Disagreement(report, tuple(differences)))
        elif new:
            store.write_cells(draw.sheet, new)
            written.append(report)
        else:
            already.append(report)
    return Imported(tuple(written), tuple(already), tuple(disagreements), tuple(refused))


__all__ = ["Disagreement", "Imported", "import_reports"]
