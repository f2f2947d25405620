"""The VBA source code inside an .xlsm's vbaProject.bin (test helper; [MS-OVBA] 2.4.1 decompression).

The project is an OLE compound file; each module stream holds a cache, then the
module's source in a compressed container starting with 0x01 and a chunk whose
first bytes are 'Attribut(e VB_Name ...)'. olefile reads the streams.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import olefile


def decompress(data: bytes) -> bytes:
    """[MS-OVBA] 2.4.1.3.1: a CompressedContainer's decompressed bytes."""
    if not data or data[0] != 1:
        raise ValueError("not a VBA compressed container")
    out = bytearray()
    pos = 1
    while pos < len(data) - 1:
        header = int.from_bytes(data[pos:pos + 2], "little")
        pos += 2
        end = min(pos + (header & 0x0FFF) + 1, len(data))
        chunk_start = len(out)
        if not header & 0x8000:  # a raw chunk of 4096 bytes
            out += data[pos:pos + 4096]
            pos += 4096
            continue
        while pos < end:
            flags = data[pos]
            pos += 1
            for bit in range(8):
                if pos >= end:
                    break
                if not flags >> bit & 1:
                    out.append(data[pos])
                    pos += 1
                    continue
                token = int.from_bytes(data[pos:pos + 2], "little")
                pos += 2
                bits = max((len(out) - chunk_start - 1).bit_length(), 4)
                offset = (token >> (16 - bits)) + 1
                for _ in range((token & (0xFFFF >> bits)) + 3):
                    out.append(out[-offset])
    return bytes(out)


def modules(xlsm: Path) -> dict[str, str]:
    """Module name -> VBA source, for every module of the workbook's VBA project."""
    with zipfile.ZipFile(xlsm) as archive:
        project = olefile.OleFileIO(io.BytesIO(archive.read("xl/vbaProject.bin")))
    found = {}
    for path in project.listdir():
        if len(path) != 2 or path[0] != "VBA" or path[1] in ("dir", "_VBA_PROJECT") or path[1].startswith("__SRP"):
            continue
        stream = project.openstream(path).read()
        start = stream.find(b"\x00Attribut")
        if start < 3:
            continue
        found[path[1]] = decompress(stream[start - 3:]).decode("cp1252", "replace")
    return found


def declared_xlwings_version(xlsm: Path) -> str:
    """The version the xlwings VBA module declares (``Public Const XLWINGS_VERSION As String = "..."``)."""
    versions = {m.group(1) for src in modules(xlsm).values()
                for m in re.finditer(r'XLWINGS_VERSION As String = "([^"]+)"', src)}
    if len(versions) != 1:
        raise ValueError(f"expected one declared xlwings version, found {sorted(versions)}")
    return versions.pop()
