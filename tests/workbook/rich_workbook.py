"""An event workbook carrying every kind of object an organiser (or Excel) adds, built with xlsxwriter.

The entries come from a workbook made by ``template.write``; xlsxwriter writes them
again with, on the Players sheet: a logo picture, a text box, bold on part of a cell's
text, a cell comment, a data bar conditional format (an x14 extension list as newer
Excel writes it), a drop-down from another sheet (an x14 data validation) and, in an .xlsm, the xlwings VBA project with a button; plus a chart
sheet, an organiser's own sheet (a copy of Standings with the result marker), a
defined name of theirs and the xlwings Lite code (xl/webextensions parts, added to
the zip as Excel stores them).
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from pathlib import Path

import openpyxl
import xlsxwriter
import xlwings

from tourneybook.files.marks import RECALCULATED, note

OWN_COPY = "Standings after R2"
CHART_SHEET = "Clubs chart"
LITE_CODE = "from xlwings import script\n\n@script\ndef hello(book):\n    book.sheets[0]['A1'].value = 'hi'\n"


def png(width: int = 4, height: int = 4) -> bytes:
    """A small red PNG (no Pillow needed)."""
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def vba_project() -> bytes:
    with zipfile.ZipFile(Path(xlwings.__file__).parent / "quickstart_standalone.xlsm") as z:
        return z.read("xl/vbaProject.bin")


def rich_copy(source: Path, out: Path) -> Path:
    """``source``'s entries in a new workbook at ``out`` (.xlsx or .xlsm) with every kind of object."""
    entries = openpyxl.load_workbook(source)
    book = xlsxwriter.Workbook(str(out))
    if out.suffix == ".xlsm":
        vba = out.with_name("vbaProject.bin")
        vba.write_bytes(vba_project())
        book.add_vba_project(str(vba))
        book.set_vba_name("ThisWorkbook")
    bold = book.add_format({"bold": True})
    for ws in entries.worksheets:
        sheet = book.add_worksheet(ws.title)
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    sheet.write_string(cell.row - 1, cell.column - 1, cell.value)
                elif cell.value is not None:
                    sheet.write(cell.row - 1, cell.column - 1, cell.value)
    players = book.get_worksheet_by_name("Players")
    players.insert_image("H2", "logo.png", {"image_data": io.BytesIO(png())})
    players.insert_textbox("H8", "Registration closes at 9:30", {"width": 240, "height": 60})
    players.write_rich_string("L2", bold, "Bold", " and plain")
    players.write_comment("A4", "checked in at 9:12")
    players.conditional_format("D4:D40", {"type": "data_bar", "data_bar_2010": True})
    if out.suffix == ".xlsm":
        players.insert_button("H14", {"macro": "SampleCall", "caption": "Recalculate"})
    own = book.add_worksheet(OWN_COPY)
    own.write_string("A1", "Standings after round 2 (kept by the organiser)")
    own.write_string("A2", note("Standings", RECALCULATED))  # a copy carries the note of the sheet it copies
    own.write_number("A5", 1)
    chart = book.add_chart({"type": "column"})
    chart.add_series({"values": "='Players'!$D$4:$D$11", "name": "distance"})
    book.add_chartsheet(CHART_SHEET).set_chart(chart)
    book.define_name("Organiser.Players", "='Players'!$A$4:$A$40")
    book.close()
    _add_lite_code(out)
    return out


def _add_lite_code(path: Path) -> None:
    """The xlwings Lite parts as Excel stores them: a task pane and its web extension with the code."""
    webextension = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" id="{5E3C4B2A-1111-2222-3333-444455556666}">'
        '<we:reference id="wa200008175" version="1.0.0.0" store="en-US" storeType="OMEX"/><we:alternateReferences/>'
        f'<we:properties><we:property name="main.py" value="{_attr(LITE_CODE)}"/><we:property name="requirements.txt" value="&quot;xlwings&quot;"/></we:properties>'
        "<we:bindings/><we:snapshot/></we:webextension>"
    )
    taskpanes = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11">'
        '<wetp:taskpane dockstate="right" visibility="0" width="350" row="4">'
        '<wetp:webextensionref xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="rId1"/>'
        "</wetp:taskpane></wetp:taskpanes>"
    )
    panes_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2011/relationships/webextension" Target="webextension1.xml"/>'
        "</Relationships>"
    )
    with zipfile.ZipFile(path) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>",
        b'<Override PartName="/xl/webextensions/taskpanes.xml" ContentType="application/vnd.ms-office.webextensiontaskpanes+xml"/>'
        b'<Override PartName="/xl/webextensions/webextension1.xml" ContentType="application/vnd.ms-office.webextension+xml"/></Types>',
    )
    parts["_rels/.rels"] = parts["_rels/.rels"].replace(
        b"</Relationships>",
        b'<Relationship Id="rIdLite" Type="http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes" '
        b'Target="xl/webextensions/taskpanes.xml"/></Relationships>',
    )
    players = _players_part(parts)
    head, tail = parts[players].rsplit(b"</extLst></worksheet>", 1)  # the sheet's extensions (the data bar's): it joins them
    parts[players] = head + X14_VALIDATION + b"</extLst></worksheet>" + tail
    parts["xl/webextensions/taskpanes.xml"] = taskpanes.encode()
    parts["xl/webextensions/_rels/taskpanes.xml.rels"] = panes_rels.encode()
    parts["xl/webextensions/webextension1.xml"] = webextension.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


X14_VALIDATION = (
    b'<ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    b'<x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main">'
    b'<x14:dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1">'
    b"<x14:formula1><xm:f>Settings!$A$4:$A$6</xm:f></x14:formula1><xm:sqref>E4:E40</xm:sqref>"
    b"</x14:dataValidation></x14:dataValidations></ext>"
)
"""A drop-down taking its list from another sheet, as Excel 2010 and later store it (an x14 extension)."""


def _players_part(parts: dict[str, bytes]) -> str:
    """The Players sheet's part: xlsxwriter numbers worksheets in the order they were added."""
    book = parts["xl/workbook.xml"].decode()
    names = re.findall(r'<sheet name="([^"]+)"', book)
    return f"xl/worksheets/sheet{names.index('Players') + 1}.xml"


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace("\n", "&#10;")


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i.filename) for i in z.infolist()}
