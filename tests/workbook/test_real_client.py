"""LibreOffice, the real spreadsheet client: it opens every template and a recalculated workbook,
and the values it reads back are the ones we wrote."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tourneybook.office import convert, convert_all
from tourneybook.workbook import template
from tourneybook.workbook.layouts import available_layouts
from tourneybook.actions.on_file import recalc_file

pytestmark = pytest.mark.libreoffice


def values(path: Path, sheet: str) -> list[tuple]:
    ws = openpyxl.load_workbook(path, data_only=True)[sheet]
    return [tuple(v for v in row) for row in ws.iter_rows(values_only=True) if any(v is not None for v in row)]


@pytest.fixture(scope="module")
def templates_converted(soffice, tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    """Each layout's ruleset -> its template and the template as LibreOffice saved it: all converted in one start
    of LibreOffice (a start per template was most of each test's time)."""
    folder = tmp_path_factory.mktemp("templates")
    written = {layout.ruleset: template.write(folder / f"{layout.ruleset}.xlsx", layout) for layout in available_layouts()}
    return dict(zip(written, zip(written.values(), convert_all(list(written.values()), "xlsx", folder / "lo"))))


@pytest.mark.parametrize("layout", available_layouts(), ids=lambda layout: layout.ruleset)
def test_every_template_opens_and_keeps_its_entries(templates_converted, layout):
    path, converted = templates_converted[layout.ruleset]
    book = openpyxl.load_workbook(converted, data_only=True)
    assert book.sheetnames == openpyxl.load_workbook(path).sheetnames
    for sheet in ("Settings", "Players", *(s.name for s in layout.sheets)):
        assert values(converted, sheet) == values(path, sheet)
    assert any(dv.formula1 and "Players" in dv.formula1 for s in layout.sheets for dv in book[s.name].data_validations.dataValidation if s.columns)


def test_a_recalculated_workbook_reads_back_the_same_in_libreoffice(soffice, tmp_path: Path, event_file: Path):
    assert recalc_file(event_file).ok
    converted = convert(event_file, "xlsx", tmp_path / "lo")
    for sheet in ("Standings", "Games", "Issues", "Preliminary", "Players"):
        assert values(converted, sheet) == values(event_file, sheet), sheet
    standings = values(converted, "Standings")
    assert standings[2][:3] == ("Rank", "Player", "ranking points")
    assert standings[3][:3] == (1, "Eva Fink", 10)  # 5 + 5: she won both her tables (conftest event, seed 002 5-3-2-1)
    assert len(openpyxl.load_workbook(converted)["Standings"]._charts) == 1
