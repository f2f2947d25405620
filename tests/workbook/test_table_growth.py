"""A draw that fills more rows than the entry sheet's table prepared grows the table, as Excel does
when one types below it: range, filter, drop-downs, checks and input colour reach the new rows.

Seed 003 II.3: boards of seven. 210 players over three rounds make 630 board rows;
a new CODCon workbook's Boards table prepares 210 (A3:U213).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from tourneybook.office import convert

from test_draw_command import draw_file, event


def table_refs(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as z:
        return {
            re.search(rb'displayName="([^"]+)"', z.read(n))[1].decode(): re.search(rb' ref="([^"]+)"', z.read(n))[1].decode()
            for n in z.namelist() if n.startswith("xl/tables/")
        }


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


@pytest.fixture(scope="module")
def big_field(tmp_path_factory) -> tuple[Path, dict[str, bytes], Path]:
    folder = tmp_path_factory.mktemp("growth")
    path = event(folder, "codcon2008", 210)
    before = parts(path)
    draw_file(path, every_round=True)
    return path, before, folder


def test_the_new_workbook_prepares_fewer_rows_than_the_draw_fills(tmp_path: Path):
    assert table_refs(event(tmp_path, "codcon2008", 210))["tb_Boards"] == "A3:U213"


def test_the_boards_table_and_its_filter_reach_the_last_drawn_row(big_field):
    path, _, _ = big_field
    ws = openpyxl.load_workbook(path)["Boards"]
    last = max(row for row in range(4, ws.max_row + 1) if ws.cell(row, 1).value is not None)
    assert last == 3 + 3 * 210  # header row 3, then 630 board rows
    table = ws.tables["tb_Boards"]
    assert table.ref == f"A3:U{last}"
    assert table.autoFilter.ref == f"A3:U{last}"
    # the other tables had room and are as they were
    assert table_refs(path)["tb_Players"] == "A3:J403"


def test_drop_downs_checks_and_input_colour_reach_the_new_rows(big_field):
    path, _, _ = big_field
    ws = openpyxl.load_workbook(path)["Boards"]
    last = 633
    power_column = next(c.column_letter for c in ws[3] if c.value == "Power")
    covering = [dv for dv in ws.data_validations.dataValidation if f"{power_column}{last}" in dv.sqref]
    assert covering, f"no drop-down covers {power_column}{last}"
    assert not [dv for dv in ws.data_validations.dataValidation if f"{power_column}{last + 1}" in dv.sqref]
    # the last prepared row's look is carried: same fill on row 213 and row 633
    centre_column = next(c.column for c in ws[3] if c.value not in (None, "Round", "Board", "Power", "Player"))
    assert ws.cell(213, centre_column).fill.fgColor.rgb == ws.cell(last, centre_column).fill.fgColor.rgb
    assert ws.cell(last, centre_column).fill.fill_type == "solid"


def test_only_the_boards_sheet_and_its_table_change(big_field):
    path, before, _ = big_field
    after = parts(path)
    workbook = openpyxl.load_workbook(path)
    boards_index = workbook.sheetnames.index("Boards") + 1
    changed = {n for n in before if n in after and before[n] != after[n]}
    owned = {f"xl/worksheets/sheet{boards_index}.xml", "xl/tables/table2.xml", "docProps/app.xml", "docProps/core.xml",
             "[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml"}
    assert changed <= owned, changed - owned
    assert "xl/tables/table2.xml" in changed


@pytest.mark.libreoffice
def test_libreoffice_opens_the_grown_table_with_every_board(soffice, big_field):
    path, _, folder = big_field
    converted = convert(path, "xlsx", folder / "lo")
    ws = openpyxl.load_workbook(converted, data_only=True)["Boards"]
    rows = [r for r in ws.iter_rows(min_row=4, max_col=4, values_only=True) if r[0] is not None]
    assert len(rows) == 630
    assert {r[0] for r in rows} == {1, 2, 3}


@pytest.mark.parametrize(
    ("ranges", "grown"),
    [
        ("A4:A213", "A4:A633"),
        ("$C$4:$C$213 E4:E213", "$C$4:$C$633 E4:E633"),
        ("A4:A100 B213 C:C", "A4:A100 B213 C:C"),  # ending elsewhere, one cell, a whole column: as they were
    ],
)
def test_only_ranges_ending_on_the_tables_last_row_are_carried_down(ranges, grown):
    from tourneybook.files.tablegrowth import _grown

    assert _grown(ranges, 213, 633) == grown
