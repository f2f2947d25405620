"""A workbook file, changed part by part: the store behind ``tourneybook recalc`` and ``draw``.

Reading goes through python-calamine, or streams a sheet's XML where calamine
would read it wrongly (:mod:`.sheetreader`). Writing replaces only
what TourneyBook owns: its result sheets (with their charts), the cells
``write_cells`` types into an entry sheet, and the entries these need in the
shared parts (sheet list, relationships, content types, print names, cell
formats). Every other part of the file is copied byte for byte (:mod:`.package`).

Result sheets are TourneyBook's because the workbook says so: each carries a note
naming it (:mod:`.marks`, the rule every store follows), and the hidden defined name
:data:`OWNED_NAME` lists them, which also vouches for sheets of older versions whose
note names no sheet. An organiser's copy of a result sheet, or a sheet of theirs
that happens to have a result sheet's name, is never replaced or removed.

Saving is atomic (:mod:`.saving`: beside the workbook, through a symbolic link
beside its target) and careful: the file is replaced only if it is still the one
that was read (another program may have saved it meanwhile).
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lxml import etree

from ..errors import InputError, Problem
from .address import absolute, column_letter, quoted, split_cell
from .filekind import check_suffix, refuse_other_kinds, wrong_kind
from .marks import Mark, may_delete, may_replace, not_ours, printed_without_note, sheet_mark
from .package import MAIN, REL, DamagedFile, Package, Relationship, q, rels_name, serialize
from .resultstyles import MINIMAL_STYLES, ResultStyles
from .saving import check_not_open, lock_files, remove_leftovers, replace_file, save_atomically, write_all
from .sheetreader import BookFacts, read_plain_sheet, read_sheet_part, without_filler
from .tablegrowth import grow_tables
from .sheetwriter import cell_element, render_sheet
from .store import ResultSheet, SheetGrid

OWNED_NAME = "TourneyBook.ResultSheets"
"""Hidden workbook name listing the result sheets, as a text constant ("Standings/Games/Issues")."""
_OWNED_LIMIT = 250
"""Excel keeps text constants in names up to 255 characters: longer lists go on in 'NAME.2', 'NAME.3'..."""
OFFICE_DOC = REL + "/officeDocument"
SHEET_TYPES = {
    "worksheet": "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml",
    "drawing": "application/vnd.openxmlformats-officedocument.drawing+xml",
    "chart": "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
    "styles": "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml",
}

class FileWorkbook:
    """:class:`~tourneybook.files.store.WorkbookStore` over an .xlsx/.xlsm file."""

    def __init__(self, path: str | os.PathLike[str], *, read_only: bool = False):
        self.path = Path(path)
        if self.path.is_dir():
            raise InputError(f"{self.path}: a folder, not a workbook (.xlsx/.xlsm)")
        if not self.path.is_file():
            raise InputError(f"{self.path}: no such workbook")
        self.target = Path(os.path.realpath(self.path))
        """The file itself: a symbolic link stays, what it points at is updated."""
        self.read_only = read_only
        """Only read (``tourneybook forms``): allowed while Excel has the file open; saving is refused."""
        if not read_only:
            check_not_open(self.path)
            check_not_open(self.target)
            remove_leftovers(self.target)
        reason = wrong_kind(self.path)
        if reason:
            raise InputError(reason)
        data = self.target.read_bytes()
        refuse_other_kinds(self.path, data)
        self._original = data
        self.package = Package(data, self.path.name)
        self._load_structure()
        self._grids: dict[str, SheetGrid] = {}
        self._written: dict[str, ResultSheet] = {}
        """Result sheets written by this run, by name: made into grids only when read again (most never are)."""
        self._marks: dict[str, Mark | None] = {}
        """The marks of sheets not yet read or written, read from their first rows once (each is asked twice)."""
        self._entry_parts: dict[str, etree._Element] = {}
        """Entry sheets changed by write_cells, by part name (serialized on saving)."""
        self._styles: ResultStyles | None = None
        self._calamine_book: Any = None

    # --- the workbook's structure ----------------------------------------------------

    def _load_structure(self) -> None:
        package = self.package
        main = [r for r in package.relationships("") if r.type == OFFICE_DOC and not r.external]
        if not main or main[0].target not in package:
            raise DamagedFile(f"{self.path.name} is not an Excel workbook: it has no workbook part.")
        self.book_part = main[0].target
        self.book_xml = package.xml(self.book_part)
        if self.book_xml.tag != q(MAIN, "workbook"):
            raise DamagedFile(
                f"{self.path.name} is saved as 'Strict Open XML' or is not a workbook: "
                "save it from Excel as 'Excel Workbook (.xlsx)' and run again."
            )
        self.book_rels = package.relationships(self.book_part)
        self._book_changed = False
        by_id = {r.id: r for r in self.book_rels}
        sheets = self.book_xml.find(q(MAIN, "sheets"))
        self.sheets_xml = sheets if sheets is not None else etree.SubElement(self.book_xml, q(MAIN, "sheets"))
        self._sheet_rel: dict[str, Relationship] = {}
        for sheet in self.sheets_xml:
            rel = by_id.get(sheet.get(q(REL, "id"), ""))
            if rel is not None:
                self._sheet_rel[sheet.get("name", "")] = rel
        styles = next((r.target for r in self.book_rels if r.type == REL + "/styles"), None)
        strings = next((r.target for r in self.book_rels if r.type == REL + "/sharedStrings"), None)
        pr = self.book_xml.find(q(MAIN, "workbookPr"))
        date1904 = pr is not None and pr.get("date1904", "0") in ("1", "true")
        self.styles_part = styles if styles in self.package else None
        self.facts = BookFacts.read(package, self.styles_part, strings if strings in self.package else None,
                                    date1904=date1904)
        self.owned = self._owned_names()

    def _sheet_elements(self) -> list[etree._Element]:
        return self.sheets_xml.findall(q(MAIN, "sheet"))

    def _defined_names(self, create: bool = False) -> etree._Element | None:
        names = self.book_xml.find(q(MAIN, "definedNames"))
        if names is None and create:
            names = etree.Element(q(MAIN, "definedNames"))
            anchor = self.book_xml.find(q(MAIN, "externalReferences"))
            if anchor is None:
                anchor = self.book_xml.find(q(MAIN, "functionGroups"))
            (anchor if anchor is not None else self.sheets_xml).addnext(names)
        return names

    def _owned_names(self) -> list[str]:
        names = self._defined_names()
        chunks: dict[int, str] = {}
        for dn in () if names is None else names.findall(q(MAIN, "definedName")):
            name = dn.get("name", "")
            if name == OWNED_NAME or name.startswith(OWNED_NAME + "."):
                number = int(name.rsplit(".", 1)[1]) if name != OWNED_NAME and name.rsplit(".", 1)[1].isdigit() else 1
                text = (dn.text or "").strip()
                if text.startswith('"') and text.endswith('"'):
                    chunks[number] = text[1:-1].replace('""', '"')
        joined = "/".join(chunks[n] for n in sorted(chunks))
        return [n for n in joined.split("/") if n]

    def _write_owned(self) -> None:
        names = self._defined_names(create=True)
        if names is None:
            raise AssertionError("bug: names is unset")
        for dn in names.findall(q(MAIN, "definedName")):
            if dn.get("name", "") == OWNED_NAME or dn.get("name", "").startswith(OWNED_NAME + "."):
                names.remove(dn)
        chunks: list[str] = []
        for name in self.owned:
            if chunks and len(chunks[-1]) + len(name) + 1 <= _OWNED_LIMIT:
                chunks[-1] += "/" + name
            else:
                chunks.append(name)
        for i, chunk in enumerate(chunks, start=1):
            dn = etree.SubElement(names, q(MAIN, "definedName"), name=OWNED_NAME if i == 1 else f"{OWNED_NAME}.{i}", hidden="1")
            dn.text = '"' + chunk.replace('"', '""') + '"'
        if not len(names):
            self.book_xml.remove(names)
        self._book_changed = True

    def _index(self, name: str) -> int:
        for i, sheet in enumerate(self._sheet_elements()):
            if sheet.get("name", "").casefold() == name.casefold():
                return i
        raise KeyError(name)

    # --- WorkbookStore ---------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        return [s.get("name", "") for s in self._sheet_elements()]

    def read(self, name: str) -> SheetGrid:
        name = self.sheet_names()[self._index(name)]
        if name in self._written:
            self._grids[name] = self._written.pop(name).grid()
        if name not in self._grids:
            rel = self._sheet_rel.get(name)
            if rel is None or rel.type != REL + "/worksheet" or rel.target not in self.package:
                self._grids[name] = SheetGrid(name, ())  # a chart sheet (or a dialog sheet) has no cells
            elif rel.target in self._entry_parts:  # typed into by this run: read what it holds now
                self._flush_entry(rel.target)
                self._grids[name] = read_sheet_part(self.package, rel.target, name, self.facts)
            else:
                self._grids[name] = read_plain_sheet(self._calamine(), self.package, rel.target, name, self.facts)
        return self._grids[name]

    def _calamine(self) -> Any:
        """python-calamine's view of the file as it was read (imported when first needed)."""
        if self._calamine_book is None:
            from python_calamine import CalamineWorkbook

            try:
                self._calamine_book = CalamineWorkbook.from_filelike(io.BytesIO(self._original))
            except Exception:  # what it cannot open, the careful reader reads (and explains)
                self._calamine_book = False
        return self._calamine_book

    def is_owned(self, name: str) -> bool:
        """True when the workbook lists ``name`` as one of TourneyBook's result sheets."""
        return any(n.casefold() == name.casefold() for n in self.owned)

    def mark(self, name: str) -> Mark | None:
        """The note marking sheet ``name`` as TourneyBook's, if any (read from its first rows only)."""
        grid = self._grids.get(name)
        if grid is None and name in self._written:
            grid = self._written[name].grid(2)  # A2: the mark
        if grid is None:
            rel = self._sheet_rel.get(name)
            if rel is None or rel.type != REL + "/worksheet" or rel.target not in self.package or rel.target in self._entry_parts:
                grid = self.read(name)
            else:  # as the file has it: kept until the sheet is replaced or removed
                if name not in self._marks:
                    self._marks[name] = sheet_mark(read_sheet_part(self.package, rel.target, name, self.facts, last_row=2))
                return self._marks[name]
        return sheet_mark(grid)

    def replace(self, sheet: ResultSheet) -> None:
        names = self.sheet_names()
        existing = next((n for n in names if n.casefold() == sheet.name.casefold()), None)
        if existing is not None and not may_replace(existing, self.mark(existing)):
            # listed or not: a sheet whose note does not name it is the organiser's (a copy, or theirs renamed)
            raise InputError(not_ours(existing, sheet.name))
        if existing is not None:
            index = self._index(existing)
            element = self._sheet_elements()[index]
            rel = self._sheet_rel[existing]
            self._drop_parts(rel.target)
            self._drop_local_names(index, shift=False)
            element.set("name", sheet.name)
            self._sheet_rel[sheet.name] = self._sheet_rel.pop(existing)
            part = rel.target  # a worksheet: only worksheets are listed as TourneyBook's or carry the marker
        else:
            index = len(names)
            part = self.package.free_name("xl/worksheets/sheet{}.xml")
            rel = Relationship(self._free_rel_id(), REL + "/worksheet", part)
            self._set_book_rel(rel)
            ids = [int(s.get("sheetId", "0")) for s in self._sheet_elements() if s.get("sheetId", "0").isdigit()]
            etree.SubElement(self.sheets_xml, q(MAIN, "sheet"), {"name": sheet.name, "sheetId": str(max(ids, default=0) + 1), q(REL, "id"): rel.id})
            self._sheet_rel[sheet.name] = rel
        self._write_result(printed_without_note(sheet), part, index)
        self._forget(sheet.name, existing or sheet.name)
        self._written[sheet.name] = sheet
        if not self.is_owned(sheet.name):
            self.owned.append(sheet.name)
        self._write_owned()

    def _forget(self, *names: str) -> None:
        """What was read, written or marked of these sheets is no longer what the file holds."""
        for name in names:
            self._grids.pop(name, None)
            self._written.pop(name, None)
            self._marks.pop(name, None)

    def remove(self, name: str) -> None:
        """Delete the result sheet ``name``; a sheet that is not TourneyBook's (:func:`.marks.may_delete`) stays."""
        if name not in self.sheet_names() or not may_delete(name, self.mark(name), listed=self.is_owned(name)):
            return
        index = self._index(name)
        element = self._sheet_elements()[index]
        rel = self._sheet_rel.pop(name)
        self._forget(name)
        self._drop_parts(rel.target)
        self.package.delete(rel.target)
        self.book_rels = [r for r in self.book_rels if r.id != rel.id]
        self.sheets_xml.remove(element)
        self._drop_local_names(index, shift=True)
        views = self.book_xml.find(q(MAIN, "bookViews"))
        for view in () if views is None else views:
            for attribute in ("activeTab", "firstSheet"):
                if int(view.get(attribute, "0")) >= index and int(view.get(attribute, "0")) > 0:
                    view.set(attribute, str(int(view.get(attribute, "0")) - 1))
        self.owned = [n for n in self.owned if n.casefold() != name.casefold()]
        self._write_owned()

    def write_cells(self, name: str, cells: Mapping[tuple[int, int], Any]) -> None:
        name = self.sheet_names()[self._index(name)]
        rel = self._sheet_rel[name]
        if rel.type != REL + "/worksheet":
            raise KeyError(name)
        root = self._entry_parts.get(rel.target)
        if root is None:
            _refuse_padded(self.package.read(rel.target), name)
            root = self._entry_parts[rel.target] = self.package.xml(rel.target)
        data = root.find(q(MAIN, "sheetData"))
        if data is None:
            raise DamagedFile(f"{self.path.name} is damaged: the sheet {name!r} has no cell data part.")
        if cells:  # rows typed below the sheet's table join it, as in Excel
            grow_tables(self.package, rel.target, root, max(row for row, _ in cells))
        rows = {int(r.get("r", "0")): r for r in data.findall(q(MAIN, "row"))}
        formulas = False
        for (row, col), value in sorted(cells.items()):
            line = rows.get(row)
            if line is None:
                line = rows[row] = etree.Element(q(MAIN, "row"), r=str(row))
                after = [r for r in sorted(rows) if r < row]
                (rows[after[-1]].addnext(line) if after else data.insert(0, line))
            line.attrib.pop("spans", None)  # a hint of the row's used columns, no longer true
            formulas |= _type_into(line, row, col, value)
        if formulas:
            self._drop_calc_chain()
        self._grids.pop(name, None)

    # --- parts of result sheets ------------------------------------------------------

    def _styles_book(self) -> ResultStyles:
        if self._styles is None:
            if self.styles_part is None:
                self.styles_part = "xl/styles.xml"
                self.package.write(self.styles_part, MINIMAL_STYLES, SHEET_TYPES["styles"])
                self._set_book_rel(Relationship(self._free_rel_id(), REL + "/styles", self.styles_part))
            self._styles = ResultStyles(self.package.xml(self.styles_part))
        return self._styles

    def _write_result(self, sheet: ResultSheet, part: str, index: int) -> None:
        rendered = render_sheet(sheet, self._styles_book())
        self.package.write(part, rendered.worksheet, SHEET_TYPES["worksheet"])
        rels: list[Relationship] = []
        if rendered.drawing is not None:
            drawing = self.package.free_name("xl/drawings/drawing{}.xml")
            self.package.write(drawing, rendered.drawing, SHEET_TYPES["drawing"])
            chart_rels = []
            for i, chart in enumerate(rendered.charts, start=1):
                name = self.package.free_name("xl/charts/chart{}.xml")
                self.package.write(name, chart, SHEET_TYPES["chart"])
                chart_rels.append(Relationship(f"rId{i}", REL + "/chart", name))
            for j, (_, png) in enumerate(sheet.pictures, start=len(rendered.charts) + 1):
                name = self.package.free_name("xl/media/image{}.png")
                self.package.write(name, png, "image/png")
                chart_rels.append(Relationship(f"rId{j}", REL + "/image", name))
            self.package.set_relationships(drawing, chart_rels)
            rels.append(Relationship("rId1", REL + "/drawing", drawing))
        self.package.set_relationships(part, rels)
        names = self._defined_names(create=True)
        if names is None:
            raise AssertionError("bug: names is unset")
        where = quoted(sheet.name) + "!"
        titles = [
            f"{where}${first}:${last or first}"
            for first, _, last in (t.partition(":") for t in (sheet.print_title_columns, sheet.print_title_rows) if t)
        ]
        if titles:  # columns first, as Excel writes them
            dn = etree.SubElement(names, q(MAIN, "definedName"), name="_xlnm.Print_Titles", localSheetId=str(index))
            dn.text = ",".join(titles)
        area = sheet.print_area
        if area:
            dn = etree.SubElement(names, q(MAIN, "definedName"), name="_xlnm.Print_Area", localSheetId=str(index))
            dn.text = where + absolute(area)
        self._book_changed = True

    def _drop_parts(self, part: str) -> None:
        """Delete what only the sheet ``part`` uses (its drawings, charts, comments...), keeping the part name free."""
        mine = self.package.reachable(part) - {part}
        if mine:  # (most result sheets have no drawing: then no other part need be asked what it reaches)
            # what another part still reaches (a picture shared with an entry sheet) stays
            others = {r.target for r in self.package.relationships("") if not r.external}
            for name in list(self.package.names()):
                if not (name.endswith(".rels") or name == part or name in mine):
                    others.update(r.target for r in self.package.relationships(name) if not r.external)
            for name in mine - others:
                self.package.delete(name)
                self.package.delete(rels_name(name))
        self.package.delete(rels_name(part))

    def _drop_local_names(self, index: int, shift: bool) -> None:
        """Delete the names local to sheet ``index`` (its print titles...); with ``shift``, renumber later sheets'."""
        names = self._defined_names()
        for dn in () if names is None else names.findall(q(MAIN, "definedName")):
            local = dn.get("localSheetId")
            if local is None or not local.isdigit():
                continue
            if int(local) == index:
                names.remove(dn)
            elif shift and int(local) > index:
                dn.set("localSheetId", str(int(local) - 1))
        self._book_changed = True

    def _drop_calc_chain(self) -> None:
        """Delete Excel's calculation order (it names formula cells); Excel rebuilds it on opening."""
        chain = [r for r in self.book_rels if r.type == REL + "/calcChain"]
        for rel in chain:
            self.package.delete(rel.target)
        if chain:
            self.book_rels = [r for r in self.book_rels if r.type != REL + "/calcChain"]
            self._book_changed = True

    def _free_rel_id(self) -> str:
        taken = {r.id for r in self.book_rels}
        n = len(taken) + 1
        while f"rId{n}" in taken:
            n += 1
        return f"rId{n}"

    def _set_book_rel(self, rel: Relationship) -> None:
        self.book_rels = [r for r in self.book_rels if r.id != rel.id] + [rel]
        self._book_changed = True

    def _flush_entry(self, part: str) -> None:
        if part in self._entry_parts:
            self.package.write(part, serialize(self._entry_parts[part]))

    # --- saving ------------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The workbook file as it will be saved."""
        for part in self._entry_parts:
            self._flush_entry(part)
        if self._styles is not None and self._styles.changed and self.styles_part:
            self.package.write(self.styles_part, serialize(self._styles.root))
        if self._book_changed:
            self.package.write(self.book_part, serialize(self.book_xml))
            self.package.set_relationships(self.book_part, self.book_rels)
        return self.package.to_bytes()

    def save(self) -> None:
        """Write the workbook over its file atomically, unless another program saved it since it was read."""
        if self.read_only:
            raise RuntimeError(f"{self.path.name} was opened read-only: saving it is a bug")
        data = self.to_bytes()

        def unchanged() -> None:
            try:
                now = self.target.read_bytes()
            except OSError:
                now = b""
            if now != self._original:
                raise InputError(
                    f"{self.path.name} was changed by another program after TourneyBook read it: nothing was written, "
                    "so that change is kept. Save and close it there, then run again."
                )

        replace_file(self.path, lambda fd: write_all(fd, data), before_replace=unchanged)


def _type_into(row: etree._Element, r: int, col: int, value: Any) -> bool:
    """Set one cell of an entry row to ``value`` (keeping its format); True when it held a formula."""
    ref = f"{column_letter(col)}{r}"
    existing = None
    for c in row.findall(q(MAIN, "c")):
        if c.get("r") == ref:
            existing = c
            break
    style = int(existing.get("s", "0")) if existing is not None and existing.get("s", "0").isdigit() else 0
    had_formula = existing is not None and existing.find(q(MAIN, "f")) is not None
    holder = etree.Element(q(MAIN, "row"))
    cell_element(holder, ref, value, style, ns=f"{{{MAIN}}}")
    new = holder[0]
    if existing is not None:
        existing.addprevious(new)
        row.remove(existing)
    else:
        later = [c for c in row.findall(q(MAIN, "c")) if split_cell(c.get("r", "A1"))[1] > col]
        (later[0].addprevious(new) if later else row.append(new))
    return had_formula


def _refuse_padded(data: bytes, sheet: str) -> None:
    """InputError before typing into a sheet formatted far below its entries (a million empty rows).

    Reading such a sheet skips the empty rows; typing into it would hold every one of
    them in memory (gigabytes) and write them all back, so the organiser is asked to
    delete them first.
    """
    if without_filler(data) is None:
        return
    last = data.rfind(b"<row ")
    number = data[last:last + 40].split(b'r="', 1)[-1].split(b'"', 1)[0].decode(errors="replace") if last >= 0 else "?"
    raise InputError(Problem(
        f"the sheet is formatted far below its entries (empty rows down to row {number}): typing into it would rewrite "
        "every one of them. Delete the empty rows below your entries (select them, right-click, Delete), save, and run again",
        sheet=sheet,
    ))


__all__ = [
    "FileWorkbook",
    "OWNED_NAME",
    "check_not_open",
    "check_suffix",
    "lock_files",
    "save_atomically",
    "wrong_kind",
]
