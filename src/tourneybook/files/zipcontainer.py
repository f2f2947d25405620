"""The zip container of a workbook file: its entries as the central directory lists them, each unpacked on
demand, and a zip written entry by entry.

Python's zipfile would do the reading, but loading it (with shutil, bz2, lzma and the rest it imports) is about
2.5 ms of every click, and a workbook needs only its two methods (stored, deflated), no encryption and no
zip64. Every refusal is a :class:`ZipDamaged` with a reason; :mod:`.package` turns it into the organiser's
sentence.
"""

from __future__ import annotations

import io
import struct
import zlib

from ..errors import InputError

_LOCAL = struct.Struct("<4s5H3L2H")
"""A zip entry's local header: signature, version needed, flags, method, time, date, CRC, sizes, name and extra lengths."""
_CENTRAL = struct.Struct("<4s6H3L5H2L")
"""Its central directory entry: the same after a 'version made by', then comment length, disk, attributes and offset."""
_END = struct.Struct("<4s4H2LH")
"""The end of the central directory: signature, disks, entries (this disk, all), its size and offset, comment length."""
STORED, DEFLATED = 0, 8
"""The two methods a workbook's parts are stored with."""
_UTF8_NAME = 0x800
_ENCRYPTED = 0x1
_DATA_DESCRIPTOR = 0x8
_ZIP64_EXTRA = 0x0001
_DEFLATE_LEVEL = 2
"""The result sheets of a 10,000-player FWC event (21 MB of XML) take 0.08 s to deflate at level 2, 0.11 s at level 3
and 0.27 s at zlib's default 6, and come out a fifth larger than at 6. The saved file is 5.2 MB, against 5.1 MB
when every part was deflated again at level 3."""


class ZipDamaged(ValueError):
    """The bytes are not a zip this module reads, or an entry of it cannot be unpacked (the message says why)."""


class ZipEntry:
    """One entry of the central directory, with the fields zipfile's ``ZipInfo`` names them by."""

    __slots__ = ("filename", "extract_version", "flag_bits", "compress_type", "date_time", "CRC",
                 "compress_size", "file_size", "header_offset")

    def __init__(self, filename: str, extract_version: int, flag_bits: int, compress_type: int,
                 date_time: tuple[int, int, int, int, int, int], crc: int, compress_size: int, file_size: int,
                 header_offset: int):
        self.filename = filename
        self.extract_version = extract_version
        self.flag_bits = flag_bits
        self.compress_type = compress_type
        self.date_time = date_time
        self.CRC = crc
        self.compress_size = compress_size
        self.file_size = file_size
        self.header_offset = header_offset

    def is_dir(self) -> bool:
        return self.filename.endswith("/")


def entries(data: bytes | memoryview) -> list[ZipEntry]:
    """The entries of the zip ``data``, in the central directory's order; ZipDamaged when it cannot be read."""
    tail = bytes(data[-(_END.size + 0xFFFF):])  # the record, and a comment of at most 65,535 bytes after it
    end = tail.rfind(b"PK\x05\x06", 0, len(tail) - _END.size + 4)  # a signature with the whole record after it
    if end < 0:
        raise ZipDamaged("no end of central directory")
    _, disk, first_disk, _, count, size, offset, _ = _END.unpack_from(tail, end)
    end += len(data) - len(tail)
    if disk or first_disk or count == 0xFFFF or 0xFFFFFFFF in (size, offset):
        raise ZipDamaged("a zip of several disks, or zip64")
    shift = end - size - offset  # bytes before the zip (a self-extracting archive): zipfile reads past them too
    if shift < 0:
        raise ZipDamaged("the central directory lies outside the file")
    at, found = offset + shift, []
    for _ in range(count):
        head = bytes(data[at:at + _CENTRAL.size])
        if len(head) < _CENTRAL.size or head[:4] != b"PK\x01\x02":
            raise ZipDamaged("a central directory entry is missing")
        (_, _, version, flags, method, time, date, crc, compressed, size, name_length, extra_length, comment_length,
         _, _, _, local) = _CENTRAL.unpack(head)
        at += _CENTRAL.size
        encoded = bytes(data[at:at + name_length])
        extra = bytes(data[at + name_length:at + name_length + extra_length])
        at += name_length + extra_length + comment_length
        if 0xFFFFFFFF in (compressed, size, local):
            size, compressed, local = _zip64(extra, size, compressed, local)
        try:
            name = encoded.decode("ascii" if encoded.isascii() else "utf-8" if flags & _UTF8_NAME else "cp437")
        except UnicodeDecodeError:
            raise ZipDamaged("a part's name is not the UTF-8 its entry says") from None
        found.append(ZipEntry(name.partition("\0")[0], version, flags, method,
                              ((date >> 9) + 1980, (date >> 5) & 0xF, date & 0x1F, time >> 11, (time >> 5) & 0x3F,
                               (time & 0x1F) * 2), crc, compressed, size, local + shift))
    return found


def _zip64(extra: bytes, size: int, compressed: int, local: int) -> tuple[int, int, int]:
    """The sizes and offset a zip64 extra field gives for those the entry marks 0xFFFFFFFF (a large part's)."""
    at = 0
    while at + 4 <= len(extra):
        kind, length = struct.unpack_from("<2H", extra, at)
        if kind == _ZIP64_EXTRA:
            values = list(struct.unpack_from(f"<{length // 8}Q", extra, at + 4))
            size = values.pop(0) if size == 0xFFFFFFFF and values else size
            compressed = values.pop(0) if compressed == 0xFFFFFFFF and values else compressed
            local = values.pop(0) if local == 0xFFFFFFFF and values else local
            break
        at += 4 + length
    if 0xFFFFFFFF in (size, compressed, local):
        raise ZipDamaged("a zip64 entry without its sizes")
    return size, compressed, local


def stored_bytes(data: memoryview, entry: ZipEntry) -> memoryview:
    """An entry's bytes as the file stores them (compressed), which follow its local header."""
    start = entry.header_offset
    header = data[start:start + _LOCAL.size]
    if len(header) < _LOCAL.size or header[:4] != b"PK\x03\x04":
        raise ZipDamaged("cannot be found")
    start += _LOCAL.size + sum(struct.unpack("<2H", header[26:30]))  # past the header's name and extra field
    stored = data[start:start + entry.compress_size]
    if len(stored) != entry.compress_size:
        raise ZipDamaged("is cut short")
    return stored


def unpacked(data: memoryview, entry: ZipEntry, size: int = -1) -> bytes:
    """The first ``size`` bytes (-1: all, its CRC checked) of an entry, unpacked; never more than it declares."""
    if entry.flag_bits & _ENCRYPTED:
        raise ZipDamaged("it is encrypted")
    wanted = entry.file_size if size < 0 else min(size, entry.file_size)
    stored = stored_bytes(data, entry)
    if entry.compress_type == STORED:
        out = bytes(stored[:wanted])
    elif entry.compress_type == DEFLATED:
        try:
            out = zlib.decompressobj(-15).decompress(stored, wanted) if wanted else b""
        except zlib.error:
            raise ZipDamaged("its deflated bytes are damaged") from None
    else:
        raise ZipDamaged(f"it is stored by method {entry.compress_type}, which a workbook never uses")
    if size < 0 and (len(out) != entry.file_size or zlib.crc32(out) != entry.CRC):
        raise ZipDamaged("its size or CRC does not match")
    return out


class ZipWriter:
    """A zip written entry by entry: new data deflated, or an entry's stored bytes copied with its CRC.

    Python's zipfile can only inflate a part and deflate it again: copying what is stored
    spares that for every part a save leaves as it was (on a 10,000-player event the entry
    sheets, half of its XML), and keeps those bytes exactly as they were. Only what a
    workbook needs is written: no zip64 (a workbook stays far below 4 GB), comments or extras.
    A kept part is not inflated, so damage inside its compressed bytes (a wrong CRC) is copied as
    the file had it, not found: the save loses nothing the file still had, and reading that part
    (a command that needs it) refuses the file as damaged.
    """

    def __init__(self) -> None:
        self.out = io.BytesIO()
        self.directory: list[bytes] = []

    def deflated(self, name: str, data: bytes, date_time: tuple[int, ...]) -> None:
        packer = zlib.compressobj(_DEFLATE_LEVEL, zlib.DEFLATED, -15)  # raw deflate, as a zip holds it
        stored = packer.compress(data) + packer.flush()
        flags = 0 if name.isascii() else _UTF8_NAME
        self._entry(name.encode(), 20, flags, DEFLATED, date_time, zlib.crc32(data), stored, len(data))

    def copied(self, entry: ZipEntry, stored: memoryview) -> None:
        # without a data descriptor: the CRC and sizes are in the header written here
        flags = entry.flag_bits & ~_DATA_DESCRIPTOR
        # the name's own bytes: read as cp437 without the UTF-8 flag (as zipfile does), and by LibreOffice as UTF-8
        encoded = entry.filename.encode("ascii" if entry.filename.isascii() else "utf-8" if flags & _UTF8_NAME else "cp437")
        self._entry(encoded, entry.extract_version, flags, entry.compress_type, entry.date_time, entry.CRC, stored,
                    entry.file_size)

    def _entry(self, encoded: bytes, version: int, flags: int, method: int, date_time: tuple[int, ...], crc: int,
               stored: bytes | memoryview, size: int) -> None:
        year, month, day, hour, minute, second = date_time
        offset = self.out.tell()
        end = offset + _LOCAL.size + len(encoded) + len(stored)  # where the next entry or the central directory starts
        if max(end, size) > 0xFFFFFFFF or len(self.directory) == 0xFFFF:
            raise InputError("The workbook would be larger than an .xlsx file can be (4 GB, 65,535 parts): nothing was written.")
        fields = (version, flags, method, hour << 11 | minute << 5 | second // 2,
                  (year - 1980) << 9 | month << 5 | day, crc, len(stored), size, len(encoded))
        self.out.write(_LOCAL.pack(b"PK\x03\x04", *fields, 0) + encoded)
        self.out.write(stored)
        self.directory.append(_CENTRAL.pack(b"PK\x01\x02", 20, *fields, 0, 0, 0, 0, 0, offset) + encoded)

    def finish(self) -> bytes:
        start = self.out.tell()
        for entry in self.directory:
            self.out.write(entry)
        count = len(self.directory)
        self.out.write(_END.pack(b"PK\x05\x06", 0, 0, count, count, self.out.tell() - start, start, 0))
        return self.out.getvalue()


__all__ = ["DEFLATED", "STORED", "ZipDamaged", "ZipEntry", "ZipWriter", "entries", "stored_bytes", "unpacked"]
