"""Issue 21, the Friedrich report as printed by LibreOffice: headers and clock notes at least 8 pt on paper,
it says when the names are pre-filled, and a stand-in is called a stand-in once."""

from __future__ import annotations

import re
import subprocess

import pytest
from forms_samples import page_text

from tourneybook.forms.common import shown_name

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def words(pdf, page: int) -> list[tuple[float, str]]:
    """(height on paper in pt, text) of each word of a page: a word's box is as tall as its type, within a few per cent."""
    xml = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
                         capture_output=True, text=True, check=True).stdout
    return [(float(y1) - float(y0), t) for _, y0, _, y1, t in WORD.findall(xml)]


@pytest.mark.libreoffice
@pytest.mark.parametrize("page", [1, 2, 8, 9, 15])
def test_headers_and_clock_notes_are_at_least_8_pt_on_paper(printed, page):
    # The FWC report (page 1, blank on 8) prints them at 8.7 pt. The CAFE report (page 2, blank on 9) carries the
    # Clock of Fate's two columns of text as well, so LibreOffice scales its page further: 8.2 pt (it was 6.2, then
    # 7.9); the CAFE final with its choosing order (page 15), the tallest of them, at 8.0.
    least = 8.0
    sizes = words(printed[1], page)
    for word in ("Role", "Nations", "Launched", "Objectives", "Stopwatch,", "once", "clock", "run"):
        found = [h for h, t in sizes if t == word]
        assert found and min(found) >= least, (word, found)
    notes = [h for h, t in sizes if t in ("GFTR", "jury", "Pompadour", "Shuffle")]  # the notes' words
    assert notes and min(notes) >= least


@pytest.mark.libreoffice
def test_the_final_report_says_how_the_finalists_choose_in_its_heading(printed):
    flat = " ".join(page_text(printed[1], 15).split())
    assert "Choosing order 1. Tomás Herrera 2. Maria Theresa Olmo 3. Ana Gil 4. Bo Li" in flat
    assert "in choosing order, each finalist picks a role left and writes their name beside it (GFTR B)" in flat


@pytest.mark.libreoffice
def test_the_report_says_when_the_names_are_pre_filled(printed):
    flat = " ".join(page_text(printed[1], 1).split())
    assert "Players (pre-filled from the draw: check them at the table)" in flat
    blank = " ".join(page_text(printed[1], 8).split())  # the blank FWC report
    assert "Players (Pompadour writes the names)" in blank and "pre-filled" not in blank


@pytest.mark.libreoffice
def test_the_bracket_prints_names_at_least_12_pt_on_two_pages(printed):
    for page in (6, 7):  # the top half, then the bottom half with the final
        names = [h for h, t in words(printed[1], page) if re.fullmatch(r"Seed\d\d", t)]
        assert len(names) >= 8 and min(names) >= 12.0, names  # 8 in the round of 16, and winners gone on


@pytest.mark.parametrize(
    ("players", "marks", "printed"),
    [(("Stand-in 1",), ("stand-in",), "Stand-in 1"), (("Anna Berg",), ("stand-in",), "Anna Berg (stand-in)"),
     (("Anna Berg",), ("",), "Anna Berg"), (("Stand-in 2",), ("stand-in, also board 3",), "Stand-in 2 (stand-in, also board 3)")],
)
def test_a_stand_in_is_said_once(players, marks, printed):
    assert shown_name(players, marks, 0) == printed
