"""An .xlsx/.xlsm file as the zip of parts it is: read safely, changed part by part.

Excel files are Open Packaging Convention zips: ``[Content_Types].xml`` names each
part's type, ``*.rels`` parts tie parts together, ``xl/workbook.xml`` lists the
sheets. TourneyBook changes only a few parts (its result sheets and what they need
in the shared parts); :meth:`Package.to_bytes` copies every other part byte for
byte, so pictures, shapes, comments, VBA, the xlwings Lite code and anything a
newer Excel stores survive a recalculation.

Everything read from the file is untrusted: the zip's declared sizes are bounded
before anything is decompressed (a zip bomb is refused, not unpacked), and XML is
parsed without DTDs, entities or network access (Excel never writes a DTD, so a
part carrying one is refused rather than expanded).
"""

from __future__ import annotations

import io
import posixpath
import re
from collections.abc import Iterator

from lxml import etree

from ..errors import InputError
from ..frozen import frozen
from .zipcontainer import ZipDamaged, ZipEntry, ZipWriter, entries, stored_bytes, unpacked

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"

MAX_UNPACKED = 400 * 2**20
"""Refuse a package whose parts would unpack to more than this (a zip bomb); a 10,000-player event is ~40 MB."""
MAX_RATIO = 250
"""Refuse a large part compressed more than this (XML from spreadsheet programs stays well below)."""

_DTD = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?.*?\?>\s*|<!--.*?-->\s*)*<!DOCTYPE", re.DOTALL)
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=False)


class DamagedFile(InputError):
    """The workbook file cannot be read safely as a whole (not a cell's problem)."""


def q(namespace: str, tag: str) -> str:
    """The Clark name '{namespace}tag' lxml uses."""
    return f"{{{namespace}}}{tag}"


def refuse_dtd(data: bytes, part: str, file_name: str) -> None:
    """DamagedFile when an XML part declares a DTD: Excel never writes one, and entities defined there can explode."""
    if _DTD.match(data[:4096]):
        raise DamagedFile(
            f"{file_name} is not a file Excel wrote: its part {part} declares a DTD or entities, "
            "which TourneyBook refuses for safety. Open it in Excel or LibreOffice, save it again, and run again."
        )


def parse_xml(data: bytes, part: str, file_name: str) -> etree._Element:
    """The root element of an XML part; DamagedFile for malformed XML or any DTD (entities)."""
    refuse_dtd(data, part, file_name)
    try:
        tree = etree.parse(io.BytesIO(data), _PARSER)
    except etree.XMLSyntaxError as exc:
        raise DamagedFile(
            f"{file_name} is damaged: its part {part} is not well-formed XML ({exc.msg}). "
            "Open it in Excel or LibreOffice, save it again, and run again (or use a backup copy)."
        ) from None
    return tree.getroot()


def serialize(root: etree._Element) -> bytes:
    """An XML part as Excel writes them: UTF-8 with a standalone declaration."""
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


@frozen
class Relationship:
    id: str
    type: str
    target: str
    """The target part's name inside the package ('xl/worksheets/sheet1.xml'), or the external URL."""
    external: bool = False


def rels_name(part: str) -> str:
    """The relationships part of ``part`` ('xl/workbook.xml' -> 'xl/_rels/workbook.xml.rels'; '' is the package)."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def resolve(source: str, target: str) -> str:
    """A relationship target as a part name, relative to the folder of ``source``."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def relative(source: str, target: str) -> str:
    """The relationship target from ``source`` to the part ``target``."""
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


class Package:
    """The parts of one workbook file: originals read on demand, changed parts kept in memory."""

    def __init__(self, data: bytes, file_name: str):
        self.file_name = file_name
        self._data = memoryview(data)
        """The file as read: the parts a save does not change are copied from it as stored."""
        try:
            infos = entries(self._data)
        except ZipDamaged:
            raise DamagedFile(f"{file_name} is not a readable .xlsx/.xlsm workbook (the file is damaged or of another kind).") from None
        self._infos = {i.filename: i for i in infos if not i.is_dir()}
        self._check_sizes(infos)
        self._changed: dict[str, bytes | None] = {}
        """Parts written (bytes) or deleted (None) since reading."""
        self._order = [i.filename for i in infos if not i.is_dir()]
        if "[Content_Types].xml" not in self._infos:
            raise DamagedFile(f"{file_name} is not an Excel workbook: it has no [Content_Types].xml part.")
        self.types = self.xml("[Content_Types].xml")

    def _check_sizes(self, infos: list[ZipEntry]) -> None:
        total = sum(i.file_size for i in infos)
        bomb = total > MAX_UNPACKED or any(
            i.file_size > 2**20 and i.file_size > MAX_RATIO * max(i.compress_size, 1) for i in infos
        )
        if bomb:
            raise DamagedFile(
                f"{self.file_name} is refused: its parts would unpack to {total // 2**20} MB "
                "(a damaged file or a zip bomb, not a tournament workbook). Use a backup copy."
            )

    # --- parts ---------------------------------------------------------------------

    def names(self) -> Iterator[str]:
        """Every part name present, originals in file order, then new parts."""
        for name in self._order:
            if self._changed.get(name, b"") is not None:
                yield name
        yield from (n for n, v in self._changed.items() if v is not None and n not in self._infos)

    def __contains__(self, name: str) -> bool:
        if name in self._changed:
            return self._changed[name] is not None
        return name in self._infos

    def read(self, name: str) -> bytes:
        """A part's bytes (KeyError if absent)."""
        if name in self._changed:
            data = self._changed[name]
            if data is None:
                raise KeyError(name)
            return data
        return self._inflated(name, -1)

    def head(self, name: str, size: int) -> bytes:
        """The first ``size`` bytes of a part (all of it when shorter), inflating no more of it than that."""
        if name in self._changed:
            return self.read(name)[:size]
        return self._inflated(name, size)

    def _inflated(self, name: str, size: int) -> bytes:
        """The first ``size`` bytes (-1: all) of a part as the file has it (KeyError if absent)."""
        info = self._infos[name]
        try:
            return unpacked(self._data, info, size)
        except ZipDamaged:
            raise DamagedFile(f"{self.file_name} is damaged: its part {name} cannot be unpacked. Use a backup copy.") from None

    def xml(self, name: str) -> etree._Element:
        return parse_xml(self.read(name), name, self.file_name)

    def write(self, name: str, data: bytes, content_type: str | None = None) -> None:
        """Set a part's bytes; ``content_type`` registers a new part's type."""
        self._changed[name] = data
        if content_type is not None:
            self.set_type(name, content_type)

    def delete(self, name: str) -> None:
        if name in self:
            self._changed[name] = None
        for override in self.types.findall(q(TYPES, "Override")):
            if override.get("PartName") == "/" + name:
                self.types.remove(override)

    def set_type(self, name: str, content_type: str) -> None:
        for override in self.types.findall(q(TYPES, "Override")):
            if override.get("PartName") == "/" + name:
                override.set("ContentType", content_type)
                return
        etree.SubElement(self.types, q(TYPES, "Override"), PartName="/" + name, ContentType=content_type)

    def free_name(self, pattern: str) -> str:
        """The first unused part name of ``pattern`` ('xl/worksheets/sheet{}.xml'), counting from 1."""
        taken = {n.casefold() for n in self.names()}
        n = 1
        while pattern.format(n).casefold() in taken:
            n += 1
        return pattern.format(n)

    # --- relationships -------------------------------------------------------------

    def relationships(self, source: str) -> list[Relationship]:
        """The relationships of part ``source`` ('' for the package's own)."""
        name = rels_name(source)
        if name not in self:
            return []
        out = []
        for rel in self.xml(name).findall(q(PKG_REL, "Relationship")):
            external = rel.get("TargetMode") == "External"
            target = rel.get("Target", "")
            out.append(Relationship(rel.get("Id", ""), rel.get("Type", ""), target if external else resolve(source, target),
                                    external=external))
        return out

    def set_relationships(self, source: str, rels: list[Relationship]) -> None:
        """Write the relationships part of ``source`` (deleted when there are none)."""
        name = rels_name(source)
        if not rels:
            self.delete(name)
            return
        root = etree.Element(q(PKG_REL, "Relationships"), nsmap={None: PKG_REL})
        for rel in rels:
            attributes = {"Id": rel.id, "Type": rel.type, "Target": rel.target if rel.external else relative(source, rel.target)}
            if rel.external:
                attributes["TargetMode"] = "External"
            etree.SubElement(root, q(PKG_REL, "Relationship"), attributes)
        self.write(name, serialize(root))

    def reachable(self, start: str) -> set[str]:
        """``start`` and every part reached from it through relationships (internal ones)."""
        seen: set[str] = set()
        todo = [start]
        while todo:
            part = todo.pop()
            if part in seen or part not in self:
                continue
            seen.add(part)
            todo.extend(r.target for r in self.relationships(part) if not r.external)
        return seen

    # --- writing -------------------------------------------------------------------

    def _stored(self, info: ZipEntry) -> memoryview:
        """A part's bytes as the file stores them (compressed), which follow its local header."""
        try:
            return stored_bytes(self._data, info)
        except ZipDamaged as exc:  # its local header is not where the directory says, or the file ends before its bytes
            raise DamagedFile(f"{self.file_name} is damaged: its part {info.filename} {exc}. Use a backup copy.") from None

    def to_bytes(self) -> bytes:
        """The whole package as a zip: changed parts deflated anew, every other part's stored bytes copied as they are."""
        self._changed["[Content_Types].xml"] = serialize(self.types)
        target = ZipWriter()
        # [Content_Types].xml first, as Excel writes it (some readers sniff it there)
        for name in sorted(self.names(), key=lambda n: n != "[Content_Types].xml"):
            info = self._infos.get(name)
            if name in self._changed:
                target.deflated(name, self.read(name), info.date_time if info is not None else (1980, 1, 1, 0, 0, 0))
            elif info is not None:
                target.copied(info, self._stored(info))
        return target.finish()


__all__ = [
    "DamagedFile",
    "MAIN",
    "PKG_REL",
    "Package",
    "REL",
    "Relationship",
    "parse_xml",
    "refuse_dtd",
    "q",
    "rels_name",
    "relative",
    "resolve",
    "serialize",
]
