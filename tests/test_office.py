"""The LibreOffice adapter converts a real workbook and reports failures clearly."""

import os
import stat
import sys
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import openpyxl
import pytest

from tourneybook.errors import InputError
from tourneybook.office import convert


def test_convert_recalculates_formulas(soffice, tmp_path: Path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"], ws["A3"] = 2, 5, "=A1*A2"
    src = tmp_path / "in.xlsx"
    wb.save(src)
    out = convert(src, "xlsx", tmp_path / "out")
    assert openpyxl.load_workbook(out, data_only=True).active["A3"].value == 10


def test_missing_libreoffice_is_a_clear_message(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("TOURNEYBOOK_SOFFICE", str(tmp_path / "no-such-soffice"))
    with pytest.raises(InputError, match="LibreOffice is needed"):
        convert(tmp_path / "x.xlsx", "pdf", tmp_path)


def fake_soffice(tmp_path: Path, monkeypatch, body: str) -> Path:
    """A stand-in for soffice (TOURNEYBOOK_SOFFICE): a Python script that logs its arguments, then ``body``."""
    script = tmp_path / "fake-soffice"
    log = tmp_path / "argv.txt"
    script.write_text(
        f"#!{sys.executable}\nimport sys\nopen({str(log)!r}, 'w').write('\\n'.join(sys.argv[1:]))\n{body}\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("TOURNEYBOOK_SOFFICE", str(script))
    return log


@pytest.mark.skipif(os.name == "nt", reason="the fake soffice is a script with a #! line")
def test_a_stale_output_does_not_hide_a_failed_conversion(monkeypatch, tmp_path: Path):
    """The brief, item 4: LibreOffice exits 1, an old forms.pdf from an earlier run is in the folder."""
    fake_soffice(tmp_path, monkeypatch, "sys.stderr.write('Error: source file could not be loaded')\nsys.exit(1)")
    source = tmp_path / "forms.xlsx"
    source.write_bytes(b"not read by the fake")
    outdir = tmp_path / "out"
    outdir.mkdir()
    (outdir / "forms.pdf").write_bytes(b"%PDF from yesterday")
    with pytest.raises(InputError, match="could not convert forms.xlsx to pdf: Error: source file could not be loaded"):
        convert(source, "pdf", outdir)
    assert not (outdir / "forms.pdf").exists()


@pytest.mark.skipif(os.name == "nt", reason="the fake soffice is a script with a #! line")
def test_the_private_profile_is_a_valid_file_uri(monkeypatch, tmp_path: Path):
    """The brief, item 4: 'file://{profile}' is not a URI on Windows; Path.as_uri() is, everywhere."""
    log = fake_soffice(tmp_path, monkeypatch, "open(sys.argv[-2] + '/in.pdf', 'w').write('%PDF')")
    source = tmp_path / "in.xlsx"
    source.write_bytes(b"x")
    out = convert(source, "pdf", tmp_path / "out")
    assert out == (tmp_path / "out" / "in.pdf").resolve()
    option = next(a for a in log.read_text().splitlines() if a.startswith("-env:UserInstallation="))
    uri = urlparse(option.removeprefix("-env:UserInstallation="))
    assert uri.scheme == "file" and uri.netloc == ""
    assert Path(url2pathname(uri.path)).name.startswith("tourneybook-lo-")


def test_converting_onto_the_source_is_refused(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("TOURNEYBOOK_SOFFICE", sys.executable)
    source = tmp_path / "event.xlsx"
    source.write_bytes(b"the organiser's event")
    with pytest.raises(InputError, match="would replace it"):
        convert(source, "xlsx", tmp_path)
    assert source.read_bytes() == b"the organiser's event"


@pytest.mark.skipif(os.name == "nt", reason="the fake soffice is a script with a #! line")
def test_a_conversion_that_hangs_is_ended_and_leaves_no_half_file(monkeypatch, tmp_path: Path):
    """Half a PDF written, then nothing (a hidden dialog): refused once nothing happens for ``stall`` seconds."""
    children = tmp_path / "child.pid"
    fake_soffice(tmp_path, monkeypatch, (
        "import subprocess, time\n"
        "open(sys.argv[-2] + '/forms.pdf', 'wb').write(b'%PDF-1.7 half')\n"
        f"open({str(children)!r}, 'w').write(str(subprocess.Popen(['sleep', '600']).pid))\n"  # soffice.bin's stand-in
        "time.sleep(600)"
    ))
    source = tmp_path / "forms.xlsx"
    source.write_bytes(b"x")
    outdir = tmp_path / "out"
    with pytest.raises(InputError, match=r"LibreOffice stopped working on forms.xlsx \(no progress for 1 s\) and was ended; nothing was written"):
        convert(source, "pdf", outdir, stall=1)
    assert list(outdir.iterdir()) == []  # no half forms.pdf, no hidden folder
    child = Path(f"/proc/{children.read_text()}/stat")  # the whole LibreOffice was ended, not only its launcher
    for _ in range(20):  # SIGKILL lands within moments
        ended = not child.exists() or child.read_text().rsplit(")", 1)[1].split()[0] == "Z"
        if ended:
            break
        __import__("time").sleep(0.1)
    assert ended


@pytest.mark.skipif(os.name == "nt", reason="the fake soffice is a script with a #! line")
def test_a_long_conversion_that_keeps_working_is_waited_for(monkeypatch, tmp_path: Path):
    """No fixed time limit: a conversion longer than ``stall`` that keeps writing is complete when it exits."""
    fake_soffice(tmp_path, monkeypatch, (
        "import time\n"
        "with open(sys.argv[-2] + '/forms.pdf', 'wb') as pdf:\n"
        "    for page in range(12):\n"
        "        pdf.write(b'page %d ' % page); pdf.flush(); time.sleep(0.3)\n"
    ))
    source = tmp_path / "forms.xlsx"
    source.write_bytes(b"x")
    out = convert(source, "pdf", tmp_path / "out", stall=1)
    assert out.read_bytes() == b"".join(b"page %d " % page for page in range(12))
    assert list((tmp_path / "out").iterdir()) == [out]
