"""One forms workbook with every kind of form, printed once through LibreOffice for all PDF tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from forms_samples import FORMS

from tourneybook.forms import write


@pytest.fixture(scope="session")
def printed(soffice, tmp_path_factory) -> tuple[Path, Path]:
    """(workbook, PDF) of all FORMS, converted once (LibreOffice takes about a second)."""
    out = tmp_path_factory.mktemp("forms") / "forms.xlsx"
    book, pdf = write([f for _, f in FORMS], out, pdf=True)
    return book, pdf
