"""Result sheets carry their A4 print set-up, and the file store writes it where Excel reads it."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from tourneybook.actions.on_file import recalc_file
from tourneybook.workbook.print_layout import fits_page_width, header_height, printed_width_pt, wrapped_lines

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


@pytest.fixture(scope="module")
def fwc(tmp_path_factory) -> openpyxl.Workbook:
    path = tmp_path_factory.mktemp("fwc") / "fwc.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", path)
    assert recalc_file(path).ok
    return openpyxl.load_workbook(path)


def test_standings_prints_without_the_exact_column_with_its_header_repeated(fwc):
    ws = fwc["Standings"]
    headers = [c.value for c in ws[4]]
    # no lot, adjustment or attendance in the example: no empty Lot, Adjustment or Reason column (issue 21)
    assert headers == ["Rank", "Player", "points", "E+MT second-best", "sTCC (Frederick game)", "Frederick opponents' quality",
                       "Decided by", "Exact total"]
    # 20 players from row 5: the printed area ends in the Decided by column (G), below the chart
    area = ws.print_area.replace("$", "")
    assert area.startswith("'Standings'!A3:G")  # from row 3: the note in A2 is for the screen (issue 21)
    assert int(area.split(":G")[1]) > 24 + 10  # the chart's rows below the table print too
    assert ws.print_title_rows == "$3:$4" and ws.oddHeader.left.text == ws["A1"].value  # the title, on every page
    assert int(ws.page_setup.paperSize) == 9 and ws.page_setup.orientation == "landscape"
    assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 0
    assert [b.id for b in ws.row_breaks.brk] == [24]  # the chart starts a new page after the last player
    (chart,) = ws._charts
    assert chart.anchor._from.row == 25  # 0-based: sheet row 26, below the table


def test_header_row_is_tall_enough_for_its_wrapped_names(fwc):
    ws = fwc["Standings"]
    # "Frederick opponents' quality" in a 12-character column: three lines
    assert ws.row_dimensions[4].height == 15 * 3 + 3


def test_games_too_wide_for_9pt_prints_full_size_with_names_repeated(fwc):
    ws = fwc["Games"]
    assert not ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws.print_title_cols == "$A:$B" and ws.print_title_rows == "$3:$4"


def test_issues_wraps_long_notes_within_the_page(fwc):
    ws = fwc["Issues"]
    assert ws.sheet_properties.pageSetUpPr.fitToPage
    assert all(ws.cell(r, 2).alignment.wrap_text for r in range(5, ws.max_row + 1) if isinstance(ws.cell(r, 2).value, str))


@pytest.mark.parametrize(
    "text, width, lines",
    [("E+MT second-best", 16, 1), ("E+MT second-best", 15, 2), ("Frederick opponents' quality", 12, 3), ("x" * 30, 10, 1)],
)
def test_wrapped_lines(text, width, lines):
    assert wrapped_lines(text, width) == lines


def test_page_width_rule_keeps_text_at_nine_points():
    # 100 columns of 9 characters: 68 px each, 51 pt: 5100 pt at 11 pt would need a scale of 0.15
    assert printed_width_pt([9] * 100) == 100 * 68 * 0.75
    assert not fits_page_width([9] * 100, landscape=True)
    # 770 pt of A4 landscape / (9/11) = 941 pt of columns at most
    assert fits_page_width([10] * 16, landscape=True)  # 16 x 75 px x 0.75 = 900 pt
    assert not fits_page_width([10] * 17, landscape=True)  # 956 pt
    assert header_height(["a b c"], [2]) == 15 * 3 + 3
