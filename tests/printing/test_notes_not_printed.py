"""Issue 21: the workbook's own notes (A2 of each result sheet: "TourneyBook's 'Standings' sheet: ... do not type
here", "... written by tourneybook draw ...") stay on the screen: printed from the workbook itself, as Excel or
LibreOffice print it (not only in standings.pdf), every page shows the sheet's title, never the note."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tourneybook.actions.on_file import recalc_file
from tourneybook.cli import main as cli
from tourneybook.files.marks import printed_without_note, read_note
from tourneybook.files.store import Cell, ResultSheet
from tourneybook.office import convert

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


def printed_text(pdf: Path) -> list[str]:
    """pdftotext of each page."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [" ".join(page.split()) for page in text.split("\f") if page.strip()]


@pytest.mark.libreoffice
def test_libreoffice_prints_the_recalculated_and_drawn_workbook_without_its_notes(soffice, tmp_path):
    event = tmp_path / "cafe.xlsx"
    shutil.copy(WORKBOOKS / "cafe2023-example.xlsx", event)
    assert recalc_file(event).ok
    assert cli(["draw", str(event), "--final"]) == 0  # the 'Final draw' sheet, written by draw --final
    book = openpyxl.load_workbook(event)
    noted = {ws.title: ws["A2"].value for ws in book.worksheets if read_note(ws["A2"].value)}
    assert {"Standings", "Games", "Issues", "Standings by round", "Final draw"} <= set(noted)
    titles = {name: book[name]["A1"].value for name in noted}
    pages = printed_text(convert(event, "pdf", tmp_path / "pdf"))
    whole = " ".join(pages)
    assert "TourneyBook's '" not in whole and "do not type here" not in whole and "written by tourneybook" not in whole
    for name, title in titles.items():
        assert " ".join(str(title).split()) in whole, name  # the title prints, as the page's header
    tables = [p for p in pages if "Rank Player" in p]  # Standings and Standings by round, two pages each
    first = " ".join(titles["Standings"].split())
    assert len([p for p in tables if p.startswith(first + " Rank")]) == 2  # the title heads the second page too
    assert all(any(p.startswith(" ".join(t.split()) + " Rank") for t in titles.values()) for p in tables)


TITLE, NOTE = Cell("Issues", "title"), Cell("TourneyBook's 'Issues' sheet: computed from the entry sheets and replaced "
                                          "on every recalculation: do not type here.", "note")


@pytest.mark.parametrize(
    ("area", "titles", "printed_area", "repeated"),
    [("A1:B9", "1:2", "A3:B9", ""), ("A1:G40", "$1:$4", "A3:G40", "3:4"), ("", "1:1", "A3:B9", ""),
     ("", "", "A3:B9", "")],
)
def test_the_print_starts_below_the_note_and_the_title_becomes_the_header(area, titles, printed_area, repeated):
    rows = ((TITLE,), (NOTE,), (), *((Cell(f"Note {i}"), Cell("text")) for i in range(6)))
    sheet = printed_without_note(ResultSheet("Issues", rows, print_area=area, print_title_rows=titles))
    assert (sheet.print_area, sheet.print_title_rows, sheet.print_header) == (printed_area, repeated, "Issues")


def test_a_sheet_without_the_note_or_printed_from_elsewhere_prints_as_set():
    rows = ((TITLE,), (), (), (Cell("Note 1"), Cell("text")))  # the standings.pdf copy: its note taken out
    assert printed_without_note(ResultSheet("Issues", rows, print_area="A1:B4")).print_area == "A1:B4"
    noted = ((TITLE,), (NOTE,), (), (Cell("Note 1"), Cell("text")))
    assert printed_without_note(ResultSheet("Issues", noted, print_area="B1:B4")).print_area == "B1:B4"
