"""The forms workbook prints one A4 page per form, and LibreOffice agrees."""

from __future__ import annotations

import re
import subprocess

import openpyxl
import pytest

from tourneybook.errors import InputError
from tourneybook.forms import workbook, write
from tourneybook.forms.layout import Look
from tourneybook.forms.render import row_height

from forms_samples import CAFE_PLAYERS, FORMS, FWC_PLAYERS, POWERS, page_text

def test_every_sheet_is_set_up_to_print_on_one_a4_page():
    book = workbook([f for _, f in FORMS])
    assert len(book.worksheets) == len(FORMS)
    for sheet, (_, form) in zip(book.worksheets, FORMS):
        page = form.page()
        setup = sheet.page_setup
        assert str(setup.paperSize) == sheet.PAPERSIZE_A4 == "9"
        assert (setup.fitToWidth, setup.fitToHeight) == (1, 1)
        assert sheet.sheet_properties.pageSetUpPr.fitToPage is True
        assert setup.orientation == ("landscape" if page.landscape else "portrait")
        assert sheet.print_area.endswith(f"${len(page.rows)}")


def test_writing_boxes_are_tall_bordered_and_text_is_never_cut():
    for _, form in FORMS:
        page = form.page()
        for row in page.rows:
            if any(c.look is Look.BOX for c in row.cells):
                assert row.height >= 20, (page.name, row)
            # The renderer raises a row to fit its wrapped text; never lowers it.
            assert row_height(row, page.widths) >= row.height
    sheet = workbook([FORMS[0][1]]).worksheets[0]
    boxed = [c for c in sheet["A"] if c.value == "Frederick"]
    assert boxed and all(getattr(boxed[0].border, side).style == "thin" for side in ("left", "right", "top", "bottom"))


def test_long_reminder_text_gets_a_taller_row():
    cafe = FORMS[1][1].page()
    checklist = next(r for r in cafe.rows if any("Clock of Fate set-up" in c.text for c in r.cells))
    assert row_height(checklist, cafe.widths) >= 9 * 8 * 1.35  # nine lines at 8 pt


def test_forms_workbook_must_be_xlsx(tmp_path):
    with pytest.raises(InputError, match="must be an .xlsx file"):
        write([FORMS[0][1]], tmp_path / "forms.pdf")
    with pytest.raises(InputError, match="no forms to print"):
        workbook([])


@pytest.mark.libreoffice
def test_pdf_has_exactly_one_page_per_form(printed):
    book, pdf = printed
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert int(re.search(r"Pages:\s+(\d+)", info).group(1)) == len(FORMS)
    assert openpyxl.load_workbook(book).sheetnames[0] == "R2 T3"


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
        (6, [("3", "Vera Voss")]),
        # RULES.md, Carcassonne: S1 = rank 1 v rank 16, the winner of S1 goes on to Q1.
        (7, [("S1: rank 1 v rank 16", "G1"), ("(1) Seed01 Name", "(1) Seed01 Name")]),
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
        (6, ["5-3-1"]),
        (7, ["Round of 16", "Quarter-finals", "Semi-finals", "Final", "Champion", "Q1: winners S1 v S8"]),
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
    for page in range(8, 14):
        text = page_text(printed[1], page)
        assert not any(name in text for name in [*FWC_PLAYERS.values(), *POWERS.values(), "Seed01"])
