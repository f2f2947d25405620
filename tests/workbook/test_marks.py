"""The one rule for which sheets are TourneyBook's: the note that names them (files/marks.py)."""

from __future__ import annotations

import pytest

from tourneybook.files.marks import (
    DRAWN,
    FINAL_DRAWN,
    FORM,
    KINDS,
    RECALCULATED,
    Mark,
    may_delete,
    may_replace,
    note,
    read_note,
    sheet_mark,
)
from tourneybook.files.store import SheetGrid


@pytest.mark.parametrize("what", KINDS)
@pytest.mark.parametrize("sheet", ["Standings", "Players' final", "Form T1 'A' sheet: x", "Knock-out (2)"])
def test_every_note_reads_back_as_the_sheet_it_names(sheet, what):
    assert read_note(note(sheet, what)) == Mark(sheet, what)


@pytest.mark.parametrize(
    "text, what",
    [
        ("Computed by TourneyBook from the entry sheets and replaced on every recalculation: do not type here.", RECALCULATED),
        ("Written by tourneybook draw and replaced by the next draw; the entry sheet holds the draw itself.", DRAWN),
        ("Written by tourneybook draw --final from the qualifying standings; the roles are the finalists' choice.", FINAL_DRAWN),
    ],
)
def test_notes_of_earlier_versions_name_no_sheet(text, what):
    """Workbooks recalculated before notes named their sheet keep working."""
    assert read_note(text) == Mark(None, what)


@pytest.mark.parametrize("text", [None, 3, "", "Standings", "TourneyBook's 'Standings' sheet: my own words."])
def test_other_texts_are_no_note(text):
    assert read_note(text) is None


def test_a_form_carries_its_note_at_the_end_of_row_one_and_a_result_sheet_in_a2():
    form = SheetGrid("Form T1", (("Game report", None, None, None, note("Form T1", FORM)), ("Table 1",)))
    assert sheet_mark(form) == Mark("Form T1", FORM)
    result = SheetGrid("Games", (("Games: Essen",), (note("Games", RECALCULATED),)))
    assert sheet_mark(result) == Mark("Games", RECALCULATED)
    # a result sheet's note is only ever in A2: at the end of row 1 it is an organiser's text
    assert sheet_mark(SheetGrid("Games", (("x", note("Games", RECALCULATED)),))) is None
    assert sheet_mark(SheetGrid("Empty", ())) is None


STANDINGS_NOTE = Mark("Standings", RECALCULATED)
OLDER_NOTE = Mark(None, RECALCULATED)


@pytest.mark.parametrize(
    "sheet, mark, listed, replace, delete",
    [
        ("Standings", STANDINGS_NOTE, False, True, True),  # TourneyBook's own
        ("standings", STANDINGS_NOTE, False, True, True),  # Excel's sheet names ignore case
        ("Standings after R2", STANDINGS_NOTE, True, False, False),  # the organiser's copy, even if listed
        ("Standings", None, True, False, False),  # the organiser's own sheet named Standings
        ("Final", OLDER_NOTE, True, True, True),  # an earlier version's sheet the workbook lists
        ("Final", OLDER_NOTE, False, True, False),  # ... not listed (a live workbook, names dropped): kept
    ],
)
def test_which_sheets_may_be_replaced_and_deleted(sheet, mark, listed, replace, delete):
    assert may_replace(sheet, mark) is replace
    assert may_delete(sheet, mark, listed=listed) is delete
