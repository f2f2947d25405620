"""What LibreOffice prints: a 350-player Standings, and the Instructions of every ruleset's template.

Measured from the PDF with ``pdftotext -bbox``: each word's box gives its size on
paper (its height is the font's size, within a few per cent) and where it sits.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main as cli
from tourneybook.office import convert, convert_all
from tourneybook.publish import read_published, write_pdf
from tourneybook.rules import RULESETS
from tourneybook.workbook import template
from tourneybook.workbook.layouts import find_layout

pytestmark = pytest.mark.libreoffice
A4_LANDSCAPE_WIDTH = 841.89
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def pages(pdf: Path) -> list[list[tuple[float, float, float, float, str]]]:
    """Every page's words as (x0, y0, x1, y1, text)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils (pdftotext) not installed")
    xml = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [
        [(float(a), float(b), float(c), float(d), t) for a, b, c, d, t in WORD.findall(page)]
        for page in xml.split("<page ")[1:]
    ]


@pytest.fixture(scope="module")
def big_standings(soffice, tmp_path_factory) -> tuple[list, object]:
    folder = tmp_path_factory.mktemp("big")
    event = folder / "big.xlsx"
    assert cli(["simulate", "fwc2022", "--players", "350", "--out", str(event)]) == 0
    published = read_published(event)
    pdf = write_pdf(published, folder / "standings.pdf")
    return pages(pdf), published


def test_the_header_row_is_repeated_on_page_two(big_standings):
    printed, published = big_standings
    assert len(printed) >= 8  # the final, then 350 places at about 27 a page, then the chart
    first_words = [sorted(page, key=lambda w: (w[1], w[0]))[0][4] for page in printed]
    final_page = sorted(printed[0], key=lambda w: (w[1], w[0]))
    header = [w for w in final_page if abs(w[1] - final_page[0][1]) < 2]
    assert " ".join(w[4] for w in header) == published.title  # every page names the event (issue 28)
    assert final_page[len(header)][4] == "Final"  # the hall reads the champion first
    second = [page for page, first in zip(printed, first_words) if first == "Standings:"][1]
    top = sorted(second, key=lambda w: (w[1], w[0]))
    texts = [w[4] for w in top[:40]]
    assert texts[:2] == ["Standings:", "Friedrich"]  # the title rows
    assert "Rank" in texts and "Player" in texts and "points" in texts  # the header row, above the places
    ranks = [int(w[4]) for w in second if w[4].isdigit() and w[0] < 90]  # the Rank column, at the left
    assert min(ranks) > 20  # page 2 goes on with the later places (about 27 a page at full size), under the repeated header


def test_text_is_at_least_9_pt_on_paper_and_uses_the_page_width(big_standings):
    printed, published = big_standings
    for page in printed[:3]:
        places = [w for w in page if w[4] and w[1] > 100]  # below the title rows
        heights = sorted(w[3] - w[1] for w in places)
        assert heights[len(heights) // 2] >= 9.0  # the body text, as printed
        assert min(heights) >= 8.5  # nothing smaller than 9 pt type (bbox within a few per cent)
        used = max(w[2] for w in page) - min(w[0] for w in page)
        assert used >= 0.6 * A4_LANDSCAPE_WIDTH  # not a narrow column in the middle of the page
        assert max(w[2] for w in page) <= A4_LANDSCAPE_WIDTH - 20  # nothing cut at the edge


def test_the_exact_fraction_column_does_not_print(big_standings):
    printed, _ = big_standings
    assert not any(w[4] == "Exact" for page in printed for w in page)


@pytest.fixture(scope="module")
def instructions_printed(soffice, tmp_path_factory) -> dict[str, Path]:
    """Each ruleset -> the PDF of its template's Instructions sheet alone: all printed in one start of LibreOffice
    (a start per ruleset was most of each test's time)."""
    folder = tmp_path_factory.mktemp("instructions")
    alone = []
    for ruleset in RULESETS:
        path = template.write(folder / f"{ruleset.id}.xlsx", find_layout(ruleset.id))
        book = openpyxl.load_workbook(path)
        for name in book.sheetnames[1:]:
            del book[name]
        book.save(path)
        alone.append(path)
    return dict(zip((r.id for r in RULESETS), convert_all(alone, "pdf", folder / "pdf")))


@pytest.mark.parametrize("ruleset", [r.id for r in RULESETS])
def test_instructions_print_on_at_most_two_pages(instructions_printed, ruleset):
    printed = pages(instructions_printed[ruleset])
    assert 1 <= len(printed) <= 2
    words = [w for page in printed for w in page]
    assert min(w[3] - w[1] for w in words if w[1] > 60) >= 8.5  # readable: no shrunken text
    assert any(w[4] == "Button" for w in printed[0])  # the button's action block, on the first page


def test_no_game_is_split_across_printed_pages(soffice, tmp_path):
    from tourneybook.actions.on_file import recalc_file

    event = tmp_path / "event.xlsx"
    shutil.copy(Path(__file__).resolve().parents[2] / "workbooks" / "carcassonne2004-example.xlsx", event)
    assert recalc_file(event).ok
    book = openpyxl.load_workbook(event)
    for name in book.sheetnames:
        if name != "Games":
            del book[name]
    book.save(event)
    printed = pages(convert(event, "pdf", tmp_path / "pdf"))
    assert len(printed) >= 3
    on_page: dict[str, set[int]] = {}
    for number, page in enumerate(printed):
        lines: dict[float, list[tuple[float, str]]] = {}
        for x0, y0, _, _, text in page:
            lines.setdefault(round(y0), []).append((x0, text))
        for words in lines.values():
            first = [t for _, t in sorted(words)][:2]
            if len(first) == 2 and re.fullmatch(r"R\d+", first[0]) and re.fullmatch(r"T\d+", first[1]):
                on_page.setdefault(" ".join(first), set()).add(number)
    assert len(on_page) == 28  # 4 rounds of 7 tables
    assert all(len(numbers) == 1 for numbers in on_page.values()), {g: n for g, n in on_page.items() if len(n) > 1}
