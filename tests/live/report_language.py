"""What the report pages' language tests share (TestClient and Chromium): a shipped example of every ruleset whose
first tables of round 1 are still to report (one table per language, so the languages share one hall), the names a
page may show in English, and the checks that a page's text is in its language with its decimal mark."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from test_final_and_knockout import example, without_stage

from tourneybook.files.filestore import FileWorkbook
from tourneybook.i18n import LANGUAGES, NUMBER
from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.reports.reporting import typed_values
from tourneybook.reports.sheet import DrawnTable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import english_left  # noqa: E402 - shared with the forms' and the published files' tests

RULESETS = ("fwc2022", "cafe2023", "carcassonne2004", "codcon2008", "italia2010")
"""Every ruleset with a shipped example (the Diplomacy systems' boards are the same form: codcon2008's)."""
OTHERS = tuple(lang.code for lang in LANGUAGES if lang.code != "en")
MISTAKES = {
    "fwc2022": {"Game ended in turn": "40", "Russia held": "zz", "Winners": "Prussia, Russia", "OO outcome": "called off"},
    "cafe2023": {"Game ended in turn": "0", "France held": "-1", "Start time": "25:99"},
    "carcassonne2004": {"VP 1": "zz", "VP 3": "-4"},
    "codcon2008": {"Austria|Centres": "zz", "England|Centres": "40", "France|Eliminated in": "1890"},
    "italia2010": {"Austria|1901": "zz", "England|1902": "40", "France|Eliminated in": "1890"},
}
"""A report with mistakes of several kinds per ruleset (a word for a number, too high, too low, a time that is none,
winners that cannot win together, an Offensive Option's end without its turn): every problem is shown at once."""

FOLLOWING = {"carcassonne2004": "Knock-out matches"}
"""A sheet whose entries follow the standings of round 1 (the knock-out's pairs by rank)."""


@dataclass(frozen=True)
class Event:
    ruleset: str
    hall: Hall
    tables: dict[str, tuple[DrawnTable, dict[str, str]]]
    """Per language: its table still to report, and the result as the workbook had it (as a phone types it)."""
    names: frozenset[str]
    """What a page may show in English: the event's title, its players, the languages' own names."""
    workbook: Path

    def fresh(self, folder: Path) -> Hall:
        """The event's hall with a journal of its own in ``folder``: no report yet, whatever another test sent."""
        hall = Hall(self.workbook, Journal(folder / "reports.sqlite"))
        assert hall.reload(), hall.problems
        return hall


def still_to_report(ruleset: str, folder: Path) -> Event:
    """The ruleset's example with round 1's first tables taken out of the workbook, one per language."""
    folder.mkdir(parents=True, exist_ok=True)
    event = example(ruleset, folder)
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    tables, cells = {}, {}
    for number, code in enumerate(OTHERS, start=1):
        table = hall.state.draw.table(1, number)
        draw = hall.state.draw_of(table)
        tables[code] = (table, typed_values(hall.state.snapshot, draw, table))
        cells.update({(f.line, draw.columns[f.header]): None for f in draw.fields(table)})
    book = FileWorkbook(event)
    book.write_cells(hall.state.draw.sheet, cells)
    if ruleset in FOLLOWING:  # its knock-out follows the standings those tables made: it starts again, empty
        grid = book.read(FOLLOWING[ruleset])
        book.write_cells(FOLLOWING[ruleset], {(line, col): None for line in range(4, len(grid.rows) + 1)
                                              for col in range(1, len(grid.rows[line - 1]) + 1)})
    book.save()
    assert hall.reload(), hall.problems
    players = {s.player for t in hall.state.tables for s in t.seats}
    names = {str(hall.state.data.get("title", "")), *players, *(lang.own_name for lang in LANGUAGES)}
    return Event(ruleset, hall, tables, frozenset(names), event)


STAGES = {"fwc2022": "", "cafe2023": "", "carcassonne2004": "F"}
"""The final (Friedrich's, a game of its own) and a knock-out match (Carcassonne's final match, best of three) of the
rulesets that have one."""


def stage_to_report(ruleset: str, folder: Path) -> Event:
    """The ruleset's example with its final, or its knock-out's final match, not typed yet (the same table for every
    language: each test takes a fresh journal, :meth:`Event.fresh`)."""
    folder.mkdir(parents=True, exist_ok=True)
    event = example(ruleset, folder)
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    stage = next(t for t in hall.state.stages.tables if t.stage == STAGES[ruleset])
    draw = hall.state.draw_of(stage)
    typed = typed_values(hall.state.snapshot, draw, stage)
    if stage.stage:
        without_stage(event, stage.stage)
    else:
        book = FileWorkbook(event)
        book.write_cells(draw.sheet, {(f.line, draw.columns[f.header]): None for f in draw.fields(stage)})
        book.save()
    assert hall.reload(), hall.problems
    stage = next(t for t in hall.state.stages.tables if t.stage == STAGES[ruleset])
    players = {s.player for t in hall.state.tables for s in t.seats}
    names = {str(hall.state.data.get("title", "")), *players, *(lang.own_name for lang in LANGUAGES)}
    return Event(ruleset, hall, {code: (stage, typed) for code in OTHERS}, frozenset(names), event)


def in_language(text: str, code: str, names: frozenset[str], *, decimals: bool = False) -> None:
    """``text`` (a page's) has no English word left, names aside, and no number with the English decimal point; with
    ``decimals``, at least one number with the language's decimal comma (the points)."""
    assert english_left(text, code, set(names)) == [], text
    assert NUMBER.findall(text) == [], text
    if decimals:
        assert re.search(r"\d,\d\d\b", text), text


__all__ = ["Event", "MISTAKES", "OTHERS", "RULESETS", "STAGES", "in_language", "stage_to_report", "still_to_report"]
