"""The Seating sheet carries the live address as a QR code when live reporting is on (the file store and LibreOffice)."""

from __future__ import annotations

import json
import posixpath
import subprocess
import sys
import zipfile

import openpyxl
import pytest
from lxml import etree

from tourneybook.cli import main
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.reports.qr import png_qr
from tourneybook.reports.stamp import ADDRESS_KEY
from tourneybook.office import convert

ADDRESS = "http://192.168.1.20:8765/"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"


def seating_media(path) -> list[bytes]:
    with zipfile.ZipFile(path) as book:
        return [book.read(n) for n in book.namelist() if n.startswith("xl/media/")]


def picture_columns(path) -> list[str]:
    """The anchor column of every picture on the Seating sheet's drawing (read from the parts: openpyxl needs Pillow)."""
    book = openpyxl.load_workbook(path)
    index = book.sheetnames.index("Seating")
    with zipfile.ZipFile(path) as parts:
        workbook = etree.fromstring(parts.read("xl/workbook.xml"))
        rels = etree.fromstring(parts.read("xl/_rels/workbook.xml.rels"))
        rid = workbook.findall(f"{{{MAIN}}}sheets/{{{MAIN}}}sheet")[index].get(f"{{{REL}}}id")
        target = next(r.get("Target") for r in rels if r.get("Id") == rid).lstrip("/").removeprefix("xl/")
        sheet_rels = f"xl/{posixpath.dirname(target)}/_rels/{posixpath.basename(target)}.rels"
        drawing = next((r.get("Target") for r in etree.fromstring(parts.read(sheet_rels)) if r.get("Type").endswith("/drawing")), None)
        if drawing is None:
            return []
        name = posixpath.normpath(posixpath.join("xl", posixpath.dirname(target), drawing)) if not drawing.startswith("/") else drawing[1:]
        root = etree.fromstring(parts.read(name))
    return [a.find(f"{{{XDR}}}from/{{{XDR}}}col").text for a in root if a.find(f"{{{XDR}}}pic") is not None]


def test_a_draw_puts_the_address_qr_code_beside_the_seating_list(event):
    Journal(journal_path(event)).remember(ADDRESS_KEY, ADDRESS)
    assert main(["draw", str(event), "--round", "2"]) == 0
    assert seating_media(event) == [png_qr(ADDRESS, scale=4)]
    assert picture_columns(event) == ["3"]  # D3 (0-based column 3): the first printed row, beside its text
    seating = openpyxl.load_workbook(event)["Seating"]
    assert "!$A$3:" in seating.print_area  # the row of the code is printed, the note in A2 is not
    assert seating["A3"].value.endswith("scan the code") and seating.row_dimensions[3].height > 90  # as tall as the code
    assert main(["draw", str(event), "--round", "2", "--redraw"]) == 0  # the sheet replaced: still one picture
    assert seating_media(event) == [png_qr(ADDRESS, scale=4)]


def test_without_an_address_phones_can_reach_no_qr_code(event):
    assert main(["draw", str(event), "--round", "2"]) == 0
    assert seating_media(event) == [] and not journal_path(event).exists()


def test_the_seating_sheet_with_its_picture_passes_the_ooxml_schemas(event):
    pytest.importorskip("openxml_audit")
    Journal(journal_path(event)).remember(ADDRESS_KEY, ADDRESS)
    assert main(["draw", str(event), "--round", "2"]) == 0
    done = subprocess.run([sys.executable, "-m", "openxml_audit", "-o", "json", "-m", "0", str(event)],
                          capture_output=True, text=True, timeout=600)
    [report] = json.loads(done.stdout)
    errors = [(e["part_uri"], e["description"]) for e in report["errors"] if e["severity"] == "error"]
    # a new workbook's styles part (openpyxl's template) has one of its own, with or without the picture
    assert [e for e in errors if e[0] != "/xl/styles.xml"] == []


@pytest.mark.libreoffice
def test_libreoffice_prints_the_seating_sheet_with_the_qr_code(event, soffice, tmp_path):
    Journal(journal_path(event)).remember(ADDRESS_KEY, ADDRESS)
    assert main(["draw", str(event), "--round", "2"]) == 0
    converted = convert(event, "xlsx", tmp_path / "lo")
    assert picture_columns(converted) == ["3"] and len(seating_media(converted)) == 1
