"""What kind of file the organiser gave, told in a sentence they can act on.

Only .xlsx/.xlsm workbooks (zips of XML parts) are event workbooks. An .xls, an
.ods, a CSV, a name without a suffix, or a password-protected workbook (Office
stores those encrypted inside an OLE container) each get what to do instead of
the library's wording.
"""

from __future__ import annotations

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
    # Office (and LibreOffice) store an encrypted workbook in an OLE container, its streams named so
    if any(stream.encode("utf-16-le") in data for stream in ("EncryptionInfo", "EncryptedPackage")):
        raise DamagedFile(
            f"{path.name} is protected with a password: TourneyBook cannot read an encrypted workbook. "
            "In Excel use File > Info > Protect Workbook > Encrypt with Password, clear the password, save, and run again."
        )
    raise DamagedFile(
        f"{path.name} is an old Excel file (.xls, Excel 97-2003) whatever its name says: TourneyBook works with .xlsx "
        "or .xlsm workbooks. Open it in Excel or LibreOffice and save it as 'Excel Workbook (.xlsx)'."
    )


def workbook_name(store: object) -> str:
    """The workbook's file name for a message's command ('cafe23.xlsm'): a file's, or the live workbook's
    that the button runs in (its xlwings book's name)."""
    path = getattr(store, "path", None)
    if path:
        return Path(path).name
    name = getattr(getattr(store, "book", None), "name", None)
    return str(name) if name else "your-workbook.xlsx"


__all__ = ["check_suffix", "refuse_ole", "refuse_other_kinds", "workbook_name", "wrong_kind"]
