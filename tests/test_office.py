"""The LibreOffice adapter converts a real workbook and reports failures clearly."""

from pathlib import Path

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
