"""Printed forms carry the live address and the table's code, as text and QR codes, when Settings switch reporting on."""

from __future__ import annotations

import re
import subprocess
import zipfile

import openpyxl

from tourneybook.cli import main
from tourneybook.reports.codes import TABLE_SECRET, seat_code, table_code
from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.reports.qr import png_qr
from tourneybook.reports.stamp import ADDRESS_KEY

ADDRESS = "http://192.168.1.20:8765/"


def codes(event, round=1, tables=(1, 2)):
    secret = Journal(journal_path(event)).secret(TABLE_SECRET)
    return [table_code(secret, round, t) for t in tables]


def test_each_form_carries_its_table_code_and_both_qr_codes(event, tmp_path, capsys):
    Journal(journal_path(event)).remember(ADDRESS_KEY, ADDRESS)
    out = tmp_path / "forms.xlsx"
    assert main(["forms", str(event), "--round", "1", "--out", str(out)]) == 0
    expected = codes(event)
    texts = " ".join(str(c.value) for ws in openpyxl.load_workbook(out).worksheets for row in ws.iter_rows() for c in row if c.value)
    for code in expected:
        assert code in texts
    assert f"or open {ADDRESS} and type the code" in texts
    with zipfile.ZipFile(out) as book:
        media = {book.read(n) for n in book.namelist() if n.startswith("xl/media/")}
    assert {png_qr(f"{ADDRESS}t/{c}", scale=2) for c in expected} | {png_qr(ADDRESS, scale=2)} == media
    # each name carries its seat's code, the one a report or a confirmation from that seat is typed with
    secret = Journal(journal_path(event)).secret(TABLE_SECRET)
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload()
    for table in (t for t in hall.state.draw.tables if t.round == 1):
        for s in table.seats:
            assert f"{s.player} (seat code {seat_code(secret, 1, table.table, s.seat)})" in texts


def test_before_live_ever_ran_the_forms_carry_the_code_and_say_so(event, tmp_path, capsys):
    out = tmp_path / "forms.xlsx"
    assert main(["forms", str(event), "--round", "1", "--out", str(out)]) == 0
    assert "tourneybook live has not served this event on the hall's network yet" in capsys.readouterr().out
    texts = " ".join(str(c.value) for ws in openpyxl.load_workbook(out).worksheets for row in ws.iter_rows() for c in row if c.value)
    assert all(f"table code {code}" in texts for code in codes(event))


def test_with_reporting_off_the_forms_are_as_before(tmp_path):
    from live_event import new_event

    event = new_event(tmp_path, reporting=False)
    out = tmp_path / "forms.xlsx"
    assert main(["forms", str(event), "--round", "1", "--out", str(out)]) == 0
    texts = " ".join(str(c.value) for ws in openpyxl.load_workbook(out).worksheets for row in ws.iter_rows() for c in row if c.value)
    assert "table code" not in texts and not journal_path(event).exists()


def test_the_printed_pdf_shows_the_code(event, tmp_path, soffice):
    Journal(journal_path(event)).remember(ADDRESS_KEY, ADDRESS)
    out = tmp_path / "forms.xlsx"
    assert main(["forms", str(event), "--round", "1", "--out", str(out), "--pdf"]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out.with_suffix(".pdf")), "-"], capture_output=True, text=True, check=True).stdout
    for code in codes(event):
        assert code in text
    # Issue 29 point 9: in a box at the top of the form, at 14 pt or more (it was an 8 pt line at the bottom)
    boxes = subprocess.run(["pdftotext", "-bbox", str(out.with_suffix(".pdf")), "-"], capture_output=True, text=True,
                           check=True).stdout
    for page, code in zip(boxes.split("<page ")[1:], codes(event)):
        x0, y0, x1, y1 = map(float, re.search(rf'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">{code}<',
                                              page).groups())
        title = float(re.search(r'yMin="([\d.]+)"[^>]*>Carcassonne<', page).group(1))
        assert y1 < title  # above the form's title
        assert y1 - y0 >= 14 * 1.16  # DejaVu Sans' box: 1.16 x the size in points


def test_the_buttons_forms_action_stamps_the_same_codes(event):
    from tourneybook.excel.actions import FORMS, Choice, run_action
    from tourneybook.files.filestore import FileWorkbook

    Journal(journal_path(event)).remember(ADDRESS_KEY, ADDRESS)
    report = run_action(FileWorkbook(event), Choice(FORMS, 1))
    assert report.ok and [f.code for f in report.forms] == codes(event)
    page = report.forms[0].page()
    assert [p.png for p in page.pictures] == [png_qr(f"{ADDRESS}t/{codes(event)[0]}", scale=2), png_qr(ADDRESS, scale=2)]
