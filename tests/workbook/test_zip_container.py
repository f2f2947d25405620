"""The zip container's reader (issue 40: zipfile no longer loads on a recalc) reads what Python's zipfile reads, and
refuses what a workbook never is."""

from __future__ import annotations

import io
import struct
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_package import _Unseekable  # a stream zipfile writes data descriptors to, as some writers do
from tourneybook.files.zipcontainer import ZipDamaged, entries, unpacked

NAMES = st.text(st.characters(codec="utf-8", exclude_characters="\0/\\"), min_size=1, max_size=12)
PARTS = st.lists(st.tuples(NAMES, st.binary(max_size=3000), st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])),
                 min_size=1, max_size=6, unique_by=lambda part: part[0])


def _zip(parts, *, descriptors: bool = False, before: bytes = b"") -> bytes:
    out = _Unseekable() if descriptors else io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for number, (name, data, method) in enumerate(parts):
            z.writestr(zipfile.ZipInfo(f"xl/{name}.xml", (1990 + number, 2, 3, 4, 5, 6)), data, method)
    return before + bytes(out.data if descriptors else out.getvalue())


@settings(max_examples=60, deadline=None)
@given(PARTS, st.booleans(), st.sampled_from([b"", b"#!prefix\n" * 3]))
def test_the_reader_reads_every_part_as_zipfile_does(parts, descriptors: bool, before: bytes):
    data = _zip(parts, descriptors=descriptors, before=before)
    found = entries(memoryview(data))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        infos = z.infolist()
        assert [e.filename for e in found] == [i.filename for i in infos]
        for entry, info in zip(found, infos):
            assert (entry.file_size, entry.compress_size, entry.CRC, entry.date_time, entry.compress_type,
                    entry.flag_bits, entry.header_offset) == (info.file_size, info.compress_size, info.CRC,
                                                              info.date_time, info.compress_type, info.flag_bits,
                                                              info.header_offset)
            assert unpacked(memoryview(data), entry) == z.read(info)
            assert unpacked(memoryview(data), entry, 100) == z.read(info)[:100]


def test_a_part_whose_bytes_changed_is_refused_when_read_whole():
    data = bytearray(_zip([("sheet1", b"<row>" * 200, zipfile.ZIP_STORED)]))
    data[data.index(b"<row>") + 7] = ord("X")  # inside the stored bytes: the CRC no longer matches
    entry, = entries(memoryview(bytes(data)))
    with pytest.raises(ZipDamaged, match="CRC"):
        unpacked(memoryview(bytes(data)), entry)
    assert unpacked(memoryview(bytes(data)), entry, 5) == b"<row>"  # the head alone cannot be checked


@pytest.mark.parametrize("damage, reason", [
    (lambda data: data[:-10], "no end of central directory"),
    (lambda data: data[:40] + data[60:], "central directory"),
    (lambda data: b"PK\x05\x06" + struct.pack("<4H2LH", 0, 0, 1, 1, 46, 0, 0), "outside the file"),
])
def test_a_file_that_is_no_zip_is_refused(damage, reason: str):
    with pytest.raises(ZipDamaged, match=reason):
        entries(memoryview(damage(_zip([("sheet1", b"<row/>" * 50, zipfile.ZIP_DEFLATED)]))))


def test_a_method_or_encryption_a_workbook_never_uses_is_refused():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("xl/a.xml", b"<a/>" * 100, zipfile.ZIP_BZIP2)
    entry, = entries(memoryview(out.getvalue()))
    with pytest.raises(ZipDamaged, match="method 12"):
        unpacked(memoryview(out.getvalue()), entry)
    entry.flag_bits |= 0x1
    with pytest.raises(ZipDamaged, match="encrypted"):
        unpacked(memoryview(out.getvalue()), entry)
