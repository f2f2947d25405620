"""The file layer keeps every byte the organiser owns: recalc and draw change only TourneyBook's parts.

The workbook carries pictures, a text box, rich text, a comment, a chart sheet, an
organiser's copy of Standings, a defined name, VBA with a button, the xlwings Lite
code and an x14 conditional format (rich_workbook.py). After a recalculation and
after a draw, every part that is not a result part (or the one entry sheet a draw
types into) is byte-identical, and LibreOffice opens the file with the same values.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from rich_workbook import CHART_SHEET, LITE_CODE, OWN_COPY, parts, rich_copy

from tourneybook.cli import main
from tourneybook.office import convert
from tourneybook.workbook import template
from tourneybook.files.filestore import OWNED_NAME, FileWorkbook
from tourneybook.workbook.generic import NAME, PLAYERS
from tourneybook.workbook.layouts import find_layout
from tourneybook.files.marks import RECALCULATED, note
from tourneybook.files.store import Cell, ResultSheet

# openpyxl, reading back the organiser's rich workbook to check it, says it drops the Excel
# extensions it does not know (conditional formats, data validation): its reading, not our file
pytestmark = pytest.mark.filterwarnings("ignore:.*extension is not supported and will be removed:UserWarning")

SHARED = {"[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml"}
"""Shared parts that gain entries for the result sheets (sheet list, relationships, types, cell formats)."""


def result_parts(path: Path) -> set[str]:
    """The parts of the sheets the workbook lists as TourneyBook's, with their drawings and charts."""
    book = FileWorkbook(path)
    out: set[str] = set()
    for name in book.owned:
        part = book._sheet_rel[name].target
        reached = book.package.reachable(part)
        out |= reached | {p.rsplit("/", 1)[0] + "/_rels/" + p.rsplit("/", 1)[1] + ".rels" for p in reached}
    return out


def sheet_part(path: Path, sheet: str) -> str:
    return FileWorkbook(path)._sheet_rel[sheet].target


def assert_kept(before: dict[str, bytes], after: dict[str, bytes], changeable: set[str]) -> None:
    for name, data in before.items():
        if name in changeable:
            continue
        assert name in after, f"{name} was deleted"
        assert after[name] == data, f"{name} was rewritten"


@pytest.fixture(params=[".xlsx", ".xlsm"])
def rich_event(request, event_file: Path) -> Path:
    return rich_copy(event_file, event_file.with_name("rich" + request.param))


def test_recalc_rewrites_only_the_result_parts(rich_event: Path, capsys):
    before = parts(rich_event)
    assert main(["recalc", str(rich_event)]) == 0
    after = parts(rich_event)
    assert_kept(before, after, SHARED | result_parts(rich_event))
    # What the organiser added is all still there, and theirs
    assert after["xl/webextensions/webextension1.xml"] == before["xl/webextensions/webextension1.xml"]
    assert LITE_CODE.splitlines()[0].encode() in after["xl/webextensions/webextension1.xml"]
    assert any(n.startswith("xl/media/") for n in after) and any(n.startswith("xl/chartsheets/") for n in after)
    assert (b"xl/vbaProject.bin" in b" ".join(n.encode() for n in after)) == rich_event.name.endswith(".xlsm")
    book = FileWorkbook(rich_event)
    assert {"Standings", "Games", "Issues"} <= set(book.owned) and OWN_COPY not in book.owned
    assert OWN_COPY in book.sheet_names() and CHART_SHEET in book.sheet_names()
    wb = openpyxl.load_workbook(rich_event)
    assert [c.value for c in wb["Standings"][5]][:3] == [1, "Eva Fink", 10]  # seed 002 5-3-2-1: she won both tables
    assert "Organiser.Players" in wb.defined_names


def test_recalculating_again_changes_nothing_but_the_results(rich_event: Path):
    assert main(["recalc", str(rich_event)]) == 0
    first = parts(rich_event)
    assert main(["recalc", str(rich_event)]) == 0
    second = parts(rich_event)
    assert second["xl/styles.xml"] == first["xl/styles.xml"]  # cell formats are reused, not added again
    assert second["xl/workbook.xml"] == first["xl/workbook.xml"]
    assert set(second) == set(first)


def test_an_organisers_copy_of_a_result_sheet_is_never_removed(rich_event: Path):
    """It carries Standings' note in A2, which names Standings, and the workbook does not list it as TourneyBook's."""
    assert main(["recalc", str(rich_event)]) == 0
    wb = openpyxl.load_workbook(rich_event)
    assert wb[OWN_COPY]["A2"].value == note("Standings", RECALCULATED)
    assert OWN_COPY not in FileWorkbook(rich_event).owned


def test_a_chart_sheet_does_not_stop_reading(rich_event: Path):
    book = FileWorkbook(rich_event)
    assert book.read(CHART_SHEET).rows == ()


def test_the_ownership_list_is_a_hidden_name(rich_event: Path):
    assert main(["recalc", str(rich_event)]) == 0
    names = openpyxl.load_workbook(rich_event).defined_names
    assert names[OWNED_NAME].hidden and names[OWNED_NAME].attr_text.startswith('"Standings/')
    assert names[OWNED_NAME].attr_text.strip('"').split("/") == FileWorkbook(rich_event).owned


def draw_event_file(tmp_path: Path, suffix: str) -> Path:
    rows = [{NAME: f"Player {i:02}"} for i in range(12)]
    plain = template.write(tmp_path / "plain.xlsx", find_layout("carcassonne2004"), tournament="Draw Open", rows={PLAYERS.name: rows})
    return rich_copy(plain, tmp_path / f"draw{suffix}")


@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_a_draw_types_into_one_entry_sheet_and_keeps_the_rest(tmp_path: Path, suffix: str, capsys):
    path = draw_event_file(tmp_path, suffix)
    before = parts(path)
    preliminary = sheet_part(path, "Preliminary")
    assert main(["draw", str(path), "--round", "1"]) == 0
    after = parts(path)
    assert_kept(before, after, SHARED | result_parts(path) | {preliminary})
    ws = openpyxl.load_workbook(path)["Preliminary"]
    seated = [ws.cell(r, c).value for r in range(4, 7) for c in (3, 5, 7, 9)]
    assert sorted(p for p in seated if p) == [f"Player {i:02}" for i in range(12)]  # 3 tables of 4
    assert [ws.cell(r, 1).value for r in range(4, 7)] == [1, 1, 1]


def test_written_cells_keep_their_format_and_the_rest_of_the_sheet(tmp_path: Path):
    path = draw_event_file(tmp_path, ".xlsx")
    book = FileWorkbook(path)
    book.write_cells("Players", {(4, 4): 12.5, (60, 2): "late club", (4, 1): "Player 00"})
    book.save()
    wb = openpyxl.load_workbook(path)
    assert wb["Players"]["D4"].value == 12.5 and wb["Players"]["B60"].value == "late club"
    assert wb["Players"]["A5"].value == "Player 01"
    assert FileWorkbook(path).read("Players").value(60, 2) == "late club"


@pytest.mark.libreoffice
def test_libreoffice_opens_the_recalculated_rich_workbook_with_the_same_values(soffice, rich_event: Path, tmp_path: Path):
    assert main(["recalc", str(rich_event)]) == 0
    converted = convert(rich_event, "xlsx", tmp_path / "lo")
    ours, theirs = openpyxl.load_workbook(rich_event), openpyxl.load_workbook(converted, data_only=True)
    for sheet in ("Standings", "Games", "Issues", "Players", "Preliminary", OWN_COPY):
        mine = [r for r in ours[sheet].iter_rows(values_only=True) if any(v is not None for v in r)]
        read = [r for r in theirs[sheet].iter_rows(values_only=True) if any(v is not None for v in r)]
        assert [tuple(v for v in r if v is not None) for r in read] == [tuple(v for v in r if v is not None) for r in mine], sheet
    assert len(theirs["Standings"]._charts) == 1


def test_the_parts_we_write_pass_the_ooxml_schemas(rich_event: Path):
    """openxml-audit (Open XML SDK rules): the recalculated file has no error (part order, ids, types, schemas)."""
    pytest.importorskip("openxml_audit")
    assert main(["recalc", str(rich_event)]) == 0
    done = subprocess.run(
        [sys.executable, "-m", "openxml_audit", "-o", "json", "-m", "0", str(rich_event)], capture_output=True, text=True, timeout=600
    )
    [report] = json.loads(done.stdout)
    # xlsxwriter's parts are valid, so any error would be in what TourneyBook wrote or added
    assert [(e["part_uri"], e["description"]) for e in report["errors"] if e["severity"] == "error"] == []
    assert report["error_count"] == 0


@pytest.mark.libreoffice
def test_libreoffice_opens_the_drawn_rich_workbook_with_the_same_values(soffice, tmp_path: Path, capsys):
    path = draw_event_file(tmp_path, ".xlsm")
    assert main(["draw", str(path), "--round", "1"]) == 0
    converted = convert(path, "xlsx", tmp_path / "lo")
    ours, theirs = openpyxl.load_workbook(path, keep_vba=True), openpyxl.load_workbook(converted, data_only=True)
    for sheet in ("Preliminary", "Players", "Draw quality"):
        mine = [tuple(v for v in r if v is not None) for r in ours[sheet].iter_rows(values_only=True) if any(v is not None for v in r)]
        read = [tuple(v for v in r if v is not None) for r in theirs[sheet].iter_rows(values_only=True) if any(v is not None for v in r)]
        assert read == mine, sheet
    assert theirs["Preliminary"]["C4"].value.startswith("Player ")


def test_removing_a_result_sheet_keeps_the_organisers_print_names_on_their_sheets(event_file: Path):
    """Names local to a sheet are numbered by sheet position: removing one renumbers those after it."""
    book = FileWorkbook(event_file)
    book.replace(ResultSheet("Old final", ((Cell("Final", "title"),), (Cell(note("Old final", RECALCULATED), "note"),)), print_title_rows="1:1"))
    book.save()
    wb = openpyxl.load_workbook(event_file)
    wb.create_sheet("My plan").print_title_rows = "1:2"
    wb.save(event_file)
    book = FileWorkbook(event_file)
    book.remove("Old final")
    book.save()
    wb = openpyxl.load_workbook(event_file)
    assert "Old final" not in wb.sheetnames
    assert wb["My plan"].print_title_rows == "$1:$2"


def test_typing_over_a_formula_drops_the_calculation_chain(event_file: Path):
    """Excel's calcChain names formula cells: one typed over would make Excel repair the file."""
    wb = openpyxl.load_workbook(event_file)
    wb["Players"]["H4"] = "=1+1"
    wb.save(event_file)
    with zipfile.ZipFile(event_file) as z:
        members = {i.filename: z.read(i.filename) for i in z.infolist()}
    chain = b'<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><c r="H4" i="3"/></calcChain>'
    members["xl/calcChain.xml"] = chain
    members["xl/_rels/workbook.xml.rels"] = members["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>",
        b'<Relationship Id="rIdChain" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain" '
        b'Target="calcChain.xml"/></Relationships>',
    )
    members["[Content_Types].xml"] = members["[Content_Types].xml"].replace(
        b"</Types>",
        b'<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>',
    )
    with zipfile.ZipFile(event_file, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    book = FileWorkbook(event_file)
    book.write_cells("Players", {(4, 8): "typed"})
    book.save()
    after = parts(event_file)
    assert "xl/calcChain.xml" not in after
    assert b"calcChain" not in after["[Content_Types].xml"] and b"calcChain" not in after["xl/_rels/workbook.xml.rels"]
    assert FileWorkbook(event_file).read("Players").value(4, 8) == "typed"


def test_a_workbook_from_before_the_ownership_list_is_recalculated_in_place(tmp_path: Path, capsys):
    """Result sheets written by older versions carry only the marker: they are replaced where they are, then listed."""
    shipped = Path(__file__).resolve().parents[2] / "workbooks" / "carcassonne2004-example.xlsx"
    path = tmp_path / shipped.name
    older = openpyxl.load_workbook(shipped)  # as the openpyxl writer of earlier versions left it: no list
    if OWNED_NAME in older.defined_names:
        del older.defined_names[OWNED_NAME]
    older.save(path)
    before = FileWorkbook(path)
    assert before.owned == [] and "Standings" in before.sheet_names()
    assert main(["recalc", str(path)]) == 0
    after = FileWorkbook(path)
    assert after.sheet_names()[: len(before.sheet_names())] == before.sheet_names()  # no second Standings, same places
    assert {"Standings", "Games", "Issues"} <= set(after.owned)


TYPES_XML = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    b'<Default Extension="xml" ContentType="application/xml"/></Types>'
)


class _Unseekable(io.RawIOBase):
    """A stream zipfile cannot seek back in: it writes each entry's CRC and sizes after its data (a data descriptor)."""

    def __init__(self) -> None:
        self.data = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, b) -> int:
        self.data += b
        return len(b)


def _zip_of_every_kind() -> bytes:
    """Parts deflated at level 9, stored, under a non-ASCII name, with a data descriptor, at their own times."""
    out = _Unseekable()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(zipfile.ZipInfo("[Content_Types].xml", (2021, 3, 4, 5, 6, 8)), TYPES_XML, zipfile.ZIP_DEFLATED)
        big = zipfile.ZipInfo("xl/worksheets/sheet1.xml", (2022, 1, 2, 3, 4, 6))
        z.writestr(big, b"<row>" + b"".join(b"<c>%d</c>" % i for i in range(20000)) + b"</row>", zipfile.ZIP_DEFLATED, 9)
        z.writestr(zipfile.ZipInfo("xl/media/Zoë.png", (2023, 12, 31, 23, 59, 58)), bytes(range(256)) * 4, zipfile.ZIP_STORED)
        z.writestr(zipfile.ZipInfo("xl/changed.xml", (2020, 6, 7, 8, 9, 10)), b"<old/>", zipfile.ZIP_DEFLATED)
    return bytes(out.data)


def test_a_save_copies_the_parts_it_leaves_as_they_are_stored():
    from tourneybook.files.package import Package

    source = _zip_of_every_kind()
    package = Package(source, "kinds.xlsx")
    package.write("xl/changed.xml", b"<new/>")
    package.write("xl/added.xml", b"<added/>" * 100)
    saved = package.to_bytes()
    with zipfile.ZipFile(io.BytesIO(source)) as before, zipfile.ZipFile(io.BytesIO(saved)) as after:
        assert after.testzip() is None  # every part's CRC checks
        assert after.namelist() == ["[Content_Types].xml", "xl/worksheets/sheet1.xml", "xl/media/Zoë.png", "xl/changed.xml", "xl/added.xml"]
        assert before.getinfo("xl/media/Zoë.png").flag_bits & 0x8  # the source wrote data descriptors
        for name in ("xl/worksheets/sheet1.xml", "xl/media/Zoë.png"):  # left as they were: the stored bytes copied
            old, new = before.getinfo(name), after.getinfo(name)
            assert (new.compress_type, new.compress_size, new.CRC, new.date_time) == (old.compress_type, old.compress_size, old.CRC, old.date_time)
            assert not new.flag_bits & 0x8 and after.read(name) == before.read(name)
            assert saved.count(Package(source, "kinds.xlsx")._stored(old).tobytes()) == 1
        changed = after.getinfo("xl/changed.xml")
        assert after.read("xl/changed.xml") == b"<new/>" and changed.date_time == (2020, 6, 7, 8, 9, 10)
        assert after.read("xl/added.xml") == b"<added/>" * 100 and after.getinfo("xl/added.xml").compress_type == zipfile.ZIP_DEFLATED
    assert Package(saved, "again.xlsx").to_bytes() == saved  # saving the saved file again changes nothing


def test_a_part_whose_header_is_damaged_is_refused_on_saving():
    from tourneybook.files.package import DamagedFile, Package

    source = bytearray(_zip_of_every_kind())
    source[source.index("xl/media/Zoë.png".encode()) - 30] = ord("X")  # its local header's signature
    package = Package(bytes(source), "damaged.xlsx")
    with pytest.raises(DamagedFile, match=r"damaged.xlsx is damaged: its part xl/media/Zoë.png cannot be found. Use a backup copy."):
        package.to_bytes()


def test_a_zip_an_xlsx_file_cannot_hold_is_refused_before_writing():
    """No zip64: 4 GB and 65,535 parts are the most a saved workbook may reach, and past them saving stops with a sentence."""
    from tourneybook.errors import InputError
    from tourneybook.files.zipcontainer import ZipWriter

    writer = ZipWriter()
    writer.deflated("a.xml", b"<a/>", (1980, 1, 1, 0, 0, 0))
    writer.directory += [b""] * (0xFFFF - 2)  # as if 65,534 parts were written
    writer.deflated("b.xml", b"<b/>", (1980, 1, 1, 0, 0, 0))  # the 65,535th is still written
    with pytest.raises(InputError, match=r"larger than an .xlsx file can be \(4 GB, 65,535 parts\): nothing was written"):
        writer.deflated("c.xml", b"<c/>", (1980, 1, 1, 0, 0, 0))


def test_a_last_part_that_ends_past_4_gb_is_refused_before_writing():
    """A part starting below 4 GB but ending past it would put the central directory where a zip cannot point."""
    from tourneybook.errors import InputError
    from tourneybook.files.zipcontainer import ZipWriter

    class NearFourGB(io.BytesIO):
        def tell(self) -> int:
            return super().tell() + 0xFFFFFFFF - 100  # as if 4 GB less 100 bytes were written

    writer = ZipWriter()
    writer.out = NearFourGB()
    writer.deflated("a.xml", b"<a/>", (1980, 1, 1, 0, 0, 0))  # 41 bytes, ending below 4 GB: written
    with pytest.raises(InputError, match=r"larger than an .xlsx file can be \(4 GB, 65,535 parts\): nothing was written"):
        writer.deflated("b.xml", bytes(range(256)) * 8, (1980, 1, 1, 0, 0, 0))


def test_a_part_named_in_another_encoding_keeps_its_name_byte_for_byte():
    """A zip without the UTF-8 flag may still name a part in UTF-8 (LibreOffice reads it so, Python as cp437): the
    name's bytes are copied as they were, or the relationship naming the picture would point at nothing."""
    from tourneybook.files.package import Package

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", TYPES_XML)
        z.writestr("xl/media/ZoXY.png", bytes(range(256)))
    assert out.getvalue().count(b"ZoXY") == 2  # the local header's name and the central directory's
    source = out.getvalue().replace(b"ZoXY", "Zoë".encode())  # its UTF-8 bytes, without the flag saying so
    saved = Package(source, "names.xlsx").to_bytes()
    assert saved.count("xl/media/Zoë.png".encode()) == 2
    with zipfile.ZipFile(io.BytesIO(source)) as before, zipfile.ZipFile(io.BytesIO(saved)) as after:
        assert after.namelist() == before.namelist() == ["[Content_Types].xml", "xl/media/Zo├½.png"]
        assert not after.getinfo("xl/media/Zo├½.png").flag_bits & 0x800
        assert after.read("xl/media/Zo├½.png") == bytes(range(256))


def test_relationships_read_once_are_those_last_written():
    """A package keeps each relationships part it has read (a recalculation asks every part for them once per
    sheet it replaces): writing, replacing or deleting one is what the next reading gives."""
    from tourneybook.files.package import REL, Package, Relationship

    package = Package(_zip_of_every_kind(), "kinds.xlsx")
    sheet = "xl/worksheets/sheet1.xml"
    assert package.relationships(sheet) == []
    chart = Relationship("rId1", REL + "/drawing", "xl/drawings/drawing1.xml")
    package.set_relationships(sheet, [chart])
    assert package.relationships(sheet) == [chart]
    picture = Relationship("rId2", REL + "/image", "xl/media/Zoë.png")
    package.set_relationships(sheet, [chart, picture])
    assert package.relationships(sheet) == [chart, picture]
    package.relationships(sheet).clear()  # a caller's list is its own
    assert package.relationships(sheet) == [chart, picture]
    package.write("xl/worksheets/_rels/sheet1.xml.rels", (
        b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        b'<Relationship Id="rId9" Type="' + REL.encode() + b'/hyperlink" Target="https://example.org" TargetMode="External"/>'
        b"</Relationships>"))
    assert package.relationships(sheet) == [Relationship("rId9", REL + "/hyperlink", "https://example.org", external=True)]
    package.set_relationships(sheet, [])
    assert package.relationships(sheet) == []
