"""The forms workbook prints one A4 page per form, and LibreOffice agrees."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tourneybook.errors import InputError
from tourneybook.forms import CarcassonneSlip, pages, workbook_bytes, write
from tourneybook.forms.layout import Look
from tourneybook.forms import render
from tourneybook.forms.render import row_height

from forms_samples import CAFE_PLAYERS, FORMS, FWC_PLAYERS, POWERS, page_text

SHEETS = ["R2 T3", "R1 T4", "R1 B2", "R3 B1", "R2 T5-T6", "Knock-out 1", "Knock-out 2", "R_ T_", "R_ T_ (2)", "R_ B_",
          "R_ B_ (2)", "R_ T_ (3)", "Knock-out 1 (2)", "Knock-out 2 (2)", "Final"]
"""The printed pages of FORMS: the two Essen slips share one, a bracket takes two (half each, names at 14 pt)."""


def reopened(forms, tmp_path) -> openpyxl.Workbook:
    out = tmp_path / "forms.xlsx"
    write(forms, out)
    return openpyxl.load_workbook(out)


def test_every_sheet_is_set_up_to_print_on_one_a4_page(tmp_path):
    book = reopened([f for _, f in FORMS], tmp_path)
    assert book.sheetnames == SHEETS
    for sheet, page in zip(book.worksheets, pages(f for _, f in FORMS), strict=True):
        setup = sheet.page_setup
        assert str(setup.paperSize) == sheet.PAPERSIZE_A4 == "9"
        # OOXML's default for fitToWidth/fitToHeight is 1, which xlsxwriter leaves out.
        assert (setup.fitToWidth or 1, setup.fitToHeight or 1) == (1, 1)
        assert sheet.sheet_properties.pageSetUpPr.fitToPage is True
        assert setup.orientation == ("landscape" if page.landscape else "portrait")
        assert sheet.print_area == f"'{sheet.title}'!$A$1:${chr(64 + len(page.widths))}${len(page.rows)}"
        assert not sheet.sheet_view.showGridLines


def test_writing_boxes_are_tall_bordered_and_text_is_never_cut(tmp_path):
    for page in pages(f for _, f in FORMS):
        for row in page.rows:
            if any(c.look is Look.BOX for c in row.cells):
                assert row.height >= 20, (page.name, row)
            # The renderer raises a row to fit its wrapped text; never lowers it.
            assert row_height(row, page.widths) >= row.height
    sheet = reopened([FORMS[0][1]], tmp_path).worksheets[0]
    boxed = [c for c in sheet["A"] if c.value == "Frederick"]
    assert boxed and all(getattr(boxed[0].border, side).style == "thin" for side in ("left", "right", "top", "bottom"))
    # A merged box is bordered on every cell, or its inner edges would not print.
    assert sheet["C7"].border.bottom.style == "thin" and sheet.row_dimensions[7].height == 24


def test_slips_print_three_to_a_page_with_cut_lines():
    slips = [CarcassonneSlip("Essen", 1, t, (f"A{t}", f"B{t}", f"C{t}", f"D{t}")) for t in range(1, 5)]
    first, second = pages(slips)  # four slips: three on a page, one on the next
    assert [first.name, second.name] == ["R1 T1-T3", "R1 T4"]
    cuts = [r for r in first.rows if any(c.look is Look.CUT for c in r.cells)]
    assert len(cuts) == 2 and all("cut here" in r.cells[0].text for r in cuts)
    assert sum(row_height(r, first.widths) for r in first.rows) <= 784  # A4 less the margins: printed at full size
    assert not any(c.look is Look.CUT for r in second.rows for c in r.cells)


def test_an_existing_file_is_replaced_only_when_asked_and_then_whole(tmp_path):
    out = tmp_path / "forms.xlsx"
    write([FORMS[0][1]], out)
    with pytest.raises(InputError, match="already exists"):
        write([FORMS[1][1]], out)
    assert openpyxl.load_workbook(out).sheetnames == ["R2 T3"]
    out.chmod(0o444)
    with pytest.raises(InputError, match="read-only"):
        write([FORMS[1][1]], out, overwrite=True)
    out.chmod(0o644)
    write([FORMS[1][1]], out, overwrite=True)
    assert openpyxl.load_workbook(out).sheetnames == ["R1 T4"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["forms.xlsx"]  # no temporary file left


def test_the_renderer_only_makes_bytes():
    """render.py lays out and writes bytes; saving is the file layer's (no import of workbook/ from it); the
    forms' language (the cut line's words) is the low i18n module's."""
    source = Path(render.__file__).read_text()
    packages = {n.lstrip(".").split(".")[0] for n in re.findall(r"^from (\.\.[\w.]+) import", source, re.M)}
    assert packages == {"errors", "i18n"}


def test_forms_workbook_must_be_xlsx(tmp_path):
    with pytest.raises(InputError, match="must be an .xlsx file"):
        write([FORMS[0][1]], tmp_path / "forms.pdf")
    with pytest.raises(InputError, match="no forms to print"):
        workbook_bytes([])


@pytest.mark.libreoffice
def test_pdf_has_exactly_one_page_per_form(printed):
    book, pdf = printed
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) == len(SHEETS)
    assert openpyxl.load_workbook(book).sheetnames == SHEETS


def line_with(text: str, first: str) -> str:
    """The first printed line that starts with ``first`` (the box's label or role)."""
    return next(line for line in text.splitlines() if line.strip().startswith(first + " ") or line.strip() == first)


@pytest.mark.libreoffice
@pytest.mark.parametrize(
    "page, expected",
    [
        # seed 000 GFTR F: the players by role, each name beside its role.
        (1, [(role, name) for role, name in FWC_PLAYERS.items()]),
        (2, [(role, name) for role, name in CAFE_PLAYERS.items()]),
        # seeds 003/004: the player beside their power, on the count and on the signature line.
        (3, [(power, name) for power, name in POWERS.items()]),
        (4, [(power, name) for power, name in POWERS.items()]),
        (5, [("1", "Pia Pohl"), ("4", "Sara Sims")]),
        # RULES.md, Carcassonne: S1 = rank 1 v rank 16, the winner of S1 goes on to Q1.
        (6, [("S1: rank 1 v rank 16", "G1"), ("(1) Seed01 Name", "(1) Seed01 Name")]),
    ],
)
def test_prefilled_names_print_in_their_boxes(printed, page, expected):
    text = page_text(printed[1], page)
    for key, name in expected:
        assert name in line_with(text, key), (key, name)


@pytest.mark.libreoffice
@pytest.mark.parametrize(
    "page, words",
    [
        (1, ["Friedrich game report", "FWC 2022 + GFTR", "Nations leaving the game", "Imperial Army changes",
             "Offensive Option", "sTCC", "Victory bonus", "Signatures", "Prussia", "150"]),
        (2, ["CAFE'23", "Clock of Fate set-up", "Each turn (CAFE'23 H)", "Shuffle the remaining 11"]),
        (3, ["Centre count", "CODCon 2008", "1910", "Eliminated in", "secret"]),
        (4, ["Italia 2010", "1907", "top board", "the minute"]),
        (5, ["Signing ends the right to protest", "5-3-2-1"]),
        (5, ["5-3-1", "cut here", "Vera Voss"]),  # the two Essen slips share a page
        (6, ["Round of 16", "Quarter-finals", "Semi-finals", "Q1: winners S1 v S8", "SF1: winners Q1 v Q4"]),
        (7, ["bottom half and final", "Final: winners SF1 v SF2", "Champion", "Q2: winners S2 v S7"]),
        (8, ["Friedrich game report", "Frederick", "Round"]),
        (12, ["Carcassonne table slip", "Signature"]),
        (13, ["Carcassonne knock-out", "S8: rank 8 v rank 9"]),
    ],
)
def test_every_form_prints_its_sections_uncut(printed, page, words):
    text = page_text(printed[1], page)
    flat = " ".join(text.split())
    for word in words:
        assert word in flat, word


@pytest.mark.libreoffice
@pytest.mark.parametrize(
    "page, pattern",
    [
        (1, r"Round\s+2\s+Table\s+3\s+Start time"),  # the FWC sample: R2 T3
        (4, r"Round\s+3\s+Board\s+1\s+Italia"),  # the Italia sample: R3 B1
        (5, r"Round\s+2\s+Table\s+5\s+4 players"),  # the 4-player slip: R2 T5
    ],
)
def test_round_and_table_print_in_their_boxes(printed, page, pattern):
    assert re.search(pattern, page_text(printed[1], page))


@pytest.mark.libreoffice
def test_blank_forms_print_no_names(printed):
    for page in range(8, 15):
        text = page_text(printed[1], page)
        assert not any(name in text for name in [*FWC_PLAYERS.values(), *POWERS.values(), "Seed01"])
