"""What kind of file the organiser gave, told in a sentence they can act on.

Only .xlsx/.xlsm workbooks (zips of XML parts) are event workbooks. An .xls, an
.ods, a CSV, a name without a suffix, or a password-protected workbook (Office
stores those encrypted inside an OLE container) each get what to do instead of
the library's wording.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

from ..errors import InputError
from .package import DamagedFile

_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The first bytes of an OLE container: old .xls files and encrypted workbooks."""


def wrong_kind(path: Path) -> str:
    """What to do with a file that is not an .xlsx/.xlsm workbook, from its name; '' when the name is right."""
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return ""
    if suffix in (".xls", ".xlsb", ".xltx", ".xltm"):
        return (
            f"{path.name} is an Excel file of another kind ({suffix}): TourneyBook works with .xlsx or .xlsm workbooks. "
            "Open it in Excel or LibreOffice and save it as 'Excel Workbook (.xlsx)', then run again with that file."
        )
    if suffix in (".ods", ".fods"):
        return (
            f"{path.name} is a LibreOffice/OpenOffice spreadsheet: TourneyBook works with .xlsx or .xlsm workbooks. "
            "In LibreOffice use File > Save As, type 'Excel 2007-365 (.xlsx)', then run again with that file."
        )
    if suffix in (".csv", ".txt", ".tsv"):
        return (
            f"{path.name} is a text file, not an event workbook. Create the workbook with "
            f"'tourneybook new RULESET --players {path.name} --out {path.stem}.xlsx' and run again with {path.stem}.xlsx."
        )
    if not suffix:
        return f"{path.name} has no .xlsx or .xlsm at the end of its name: give the event workbook's full name (e.g. {path.name}.xlsx)."
    return f"{path.name}: the workbook's name must end in .xlsx or .xlsm."


def check_suffix(path: Path, allowed: tuple[str, ...]) -> None:
    """InputError unless the file to write, ``path``, ends in one of ``allowed`` (a workbook under another name would not open)."""
    if path.suffix.lower() not in allowed:
        raise InputError(f"{path}: the workbook's name must end in {' or '.join(allowed)}")


def refuse_other_kinds(path: Path, data: bytes) -> None:
    """DamagedFile with what to do when the bytes are not an OOXML zip (encrypted, .xls, .ods, text)."""
    refuse_ole(path, data)
    if data[:4] != b"PK\x03\x04":
        raise DamagedFile(
            f"{path.name} cannot be opened as an Excel workbook: inside it is not an .xlsx/.xlsm file, whatever its name says. "
            "Open it in your spreadsheet program and save it as 'Excel Workbook (.xlsx)'."
        )
    if b"mimetypeapplication/vnd.oasis.opendocument" in data[:200]:
        raise DamagedFile(
            f"{path.name} is a LibreOffice/OpenOffice spreadsheet (.ods) whatever its name says. In LibreOffice use "
            "File > Save As, type 'Excel 2007-365 (.xlsx)', then run again with that file."
        )


def refuse_ole(path: Path, data: bytes) -> None:
    """DamagedFile for an OLE container named .xlsx: a password-protected workbook, or an old .xls; else nothing.

    Every reader of an .xlsx says this before its library would (a players list too).
    """
    if not data.startswith(_OLE):
        return
    names = {name.casefold() for name in ole_stream_names(data)}
    # Office and LibreOffice store an encrypted workbook (ECMA-376 / MS-OFFCRYPTO) as these two streams; stream names
    # are compared without case, as the compound file format does
    if {"encryptioninfo", "encryptedpackage"} & names or (not names and _ENCRYPTED_NAMES.search(data)):
        raise DamagedFile(
            f"{path.name} is protected with a password: TourneyBook cannot read an encrypted workbook. In Excel use "
            "File > Info > Protect Workbook > Encrypt with Password, clear the password, save, and run again. In "
            "LibreOffice use File > Save As, keep the type 'Excel 2007-365 (.xlsx)', untick 'Save with password', "
            "save, and run again."
        )
    raise DamagedFile(
        f"{path.name} is an old Excel file (.xls, Excel 97-2003) whatever its name says: TourneyBook works with .xlsx "
        "or .xlsm workbooks. Open it in Excel or LibreOffice and save it as 'Excel Workbook (.xlsx)'."
    )


_ENCRYPTED_NAMES = re.compile(b"|".join(re.escape(n.encode("utf-16-le")) for n in ("EncryptionInfo", "EncryptedPackage")),
                              re.IGNORECASE)
"""The two streams' names as a directory entry holds them (UTF-16): the test when the directory cannot be followed."""


def ole_stream_names(data: bytes) -> list[str]:
    """The names of every entry in an OLE compound file's directory ([MS-CFB] 2.6), [] when it cannot be followed.

    The directory is a chain of sectors found through the file allocation table (FAT),
    whose own sectors the header lists (the first 109) and the DIFAT chain the rest.
    """
    try:
        shift = struct.unpack_from("<H", data, 30)[0]
        size = 1 << shift
        if size not in (512, 4096):
            return []
        first_dir, = struct.unpack_from("<I", data, 48)
        difat_next, difat_count = struct.unpack_from("<II", data, 68)

        def sector(n: int) -> bytes:
            start = (n + 1) * size
            return data[start:start + size]

        fat_sectors = [n for n in struct.unpack_from("<109I", data, 76) if n < 0xFFFFFFFA]
        seen = 0
        while difat_next < 0xFFFFFFFA and seen <= difat_count:
            chunk = struct.unpack(f"<{size // 4}I", sector(difat_next))
            fat_sectors += [n for n in chunk[:-1] if n < 0xFFFFFFFA]
            difat_next, seen = chunk[-1], seen + 1
        fat: list[int] = []
        for n in fat_sectors:
            raw = sector(n)
            fat += struct.unpack(f"<{len(raw) // 4}I", raw)
        names, n, steps = [], first_dir, 0
        while n < 0xFFFFFFFA and n < len(fat) and steps < len(fat):
            raw = sector(n)
            for at in range(0, len(raw) - 127, 128):
                length, kind = struct.unpack_from("<H", raw, at + 64)[0], raw[at + 66]
                if kind in (1, 2, 5) and 2 <= length <= 64:
                    names.append(raw[at:at + length - 2].decode("utf-16-le", errors="replace"))
            n, steps = fat[n], steps + 1
        return names
    except (struct.error, IndexError):
        return []


def workbook_name(store: object) -> str:
    """The workbook's file name for a message's command ('cafe23.xlsm'): a file's, or the open workbook's
    that the button runs in (its xlwings book's name)."""
    path = getattr(store, "path", None)
    if path:
        return Path(path).name
    name = getattr(getattr(store, "book", None), "name", None)
    return str(name) if name else "your-workbook.xlsx"


__all__ = ["check_suffix", "refuse_ole", "refuse_other_kinds", "workbook_name", "wrong_kind"]
