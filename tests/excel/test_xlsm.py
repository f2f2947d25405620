"""The macro-enabled workbook: xlwings' VBA project unchanged, buttons linked to its macro, template kept."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

from tourneybook.errors import InputError
from tourneybook.excel import button
from tourneybook.excel.xlsm import CAPTION, CONF_ROWS, MACRO, module_name, quickstart_vba, write_xlsm
from tourneybook.office import convert
from tourneybook.rules import find_ruleset
from tourneybook.workbook import template
from tourneybook.workbook.layout import find_layout
from tourneybook.workbook.recalc import recalc_file

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "carcassonne2004" / "tournament.json"


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(template with the Carcassonne example typed in, its .xlsm, the module beside it)."""
    folder = tmp_path_factory.mktemp("xlsm")
    layout = find_layout("carcassonne2004")
    record = find_ruleset("carcassonne2004").tournament_from_dict(json.loads(EXAMPLE.read_text()))
    source = template.write(folder / "carcassonne.xlsx", layout, rows=layout.to_rows(record))
    xlsm, module = write_xlsm(source, folder / "essen2004.xlsm")
    return source, xlsm, module


def sheet_parts(xlsm: Path) -> dict[str, str]:
    """Sheet name -> its worksheet part, from the workbook's relationships."""
    with zipfile.ZipFile(xlsm) as z:
        book = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
    targets = dict(re.findall(r'Target="/?(?:xl/)?([^"]+)" Id="(rId\d+)"', rels))
    targets = {rid: f"xl/{t}" for t, rid in targets.items()}
    return {name: targets[rid] for name, rid in re.findall(r'<sheet name="([^"]+)" sheetId="\d+" (?:state="\w+" )?r:id="(rId\d+)"', book)}


def test_vba_project_is_xlwings_own_byte_for_byte(made):
    _, xlsm, _ = made
    with zipfile.ZipFile(xlsm) as z:
        assert z.read("xl/vbaProject.bin") == quickstart_vba()
        types = z.read("[Content_Types].xml").decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in types


def test_every_template_sheet_has_the_button_linked_to_the_quickstart_macro(made):
    source, xlsm, _ = made
    parts = sheet_parts(xlsm)
    template_sheets = openpyxl.load_workbook(source).sheetnames
    with zipfile.ZipFile(xlsm) as z:
        for name in template_sheets:
            part = parts[name]
            rels = z.read(part.replace("worksheets/", "worksheets/_rels/") + ".rels").decode()
            (vml,) = re.findall(r'vmlDrawing" Target="/?([^"]+)"', rels)
            drawing = z.read(vml.lstrip("/")).decode()
            assert "<legacyDrawing" in z.read(part).decode()
            assert f"<x:FmlaMacro>[0]!{MACRO}</x:FmlaMacro>" in drawing and 'ObjectType="Button"' in drawing
            assert CAPTION in drawing


def test_template_content_validations_and_tables_are_kept(made):
    source, xlsm, _ = made
    before, after = openpyxl.load_workbook(source), openpyxl.load_workbook(xlsm, keep_vba=True)
    assert after.sheetnames == [*before.sheetnames, "xlwings.conf"]
    for ws in before.worksheets:
        kept = after[ws.title]
        assert [[c.value for c in r] for r in kept.iter_rows()] == [[c.value for c in r] for r in ws.iter_rows()]
        assert [str(v.sqref) for v in kept.data_validations.dataValidation] == [
            str(v.sqref) for v in ws.data_validations.dataValidation
        ]
        assert sorted(kept.tables) == sorted(ws.tables)


def test_xlwings_conf_sheet_lists_the_settings_from_a1(made):
    _, xlsm, _ = made
    conf = openpyxl.load_workbook(xlsm)["xlwings.conf"]
    keys = [conf.cell(r, 1).value for r in range(1, len(CONF_ROWS) + 2)]
    assert keys == [k for k, _ in CONF_ROWS] + [None]  # xlwings reads down to the first empty row
    settings = {conf.cell(r, 1).value: conf.cell(r, 2).value for r in range(1, len(CONF_ROWS) + 1)}
    assert settings["UDF Modules"] == "tourneybook.excel.udfs"
    assert settings["Interpreter_Win"] == "python"


def test_the_module_beside_the_workbook_runs_the_button(made):
    _, xlsm, module = made
    assert module == xlsm.with_suffix(".py") and module.stem == "essen2004"
    spec = importlib.util.spec_from_file_location(module.stem, module)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    assert loaded.main is button.main  # SampleCall: import essen2004; essen2004.main()


def test_recalc_of_the_xlsm_keeps_vba_and_buttons(made, tmp_path):
    source, xlsm, _ = made
    copy = tmp_path / xlsm.name
    shutil.copy(xlsm, copy)
    report = recalc_file(copy)
    assert report.ok, report.problems
    with zipfile.ZipFile(copy) as z:
        assert z.read("xl/vbaProject.bin") == quickstart_vba()
        drawings = [n for n in z.namelist() if n.endswith(".vml")]
        assert len(drawings) == len(openpyxl.load_workbook(source).sheetnames) and all(MACRO in z.read(n).decode() for n in drawings)
    assert "Standings" in openpyxl.load_workbook(copy).sheetnames


@pytest.mark.parametrize(
    "name, ok",
    [
        ("essen2004.xlsm", True),
        ("fwc_2022.berlin.xlsm", True),  # the macro takes the name up to the first dot
        ("my event.xlsm", False),  # not a Python name
        ("2024wdc.xlsm", False),
        ("json.xlsm", False),  # would import the standard library's json instead
        ("tourneybook.xlsm", False),
        ("class.xlsm", False),
    ],
)
def test_workbook_name_must_be_an_importable_module_name(name, ok):
    if ok:
        assert module_name(Path(name)) == name.split(".")[0]
    else:
        with pytest.raises(InputError, match="Python name"):
            module_name(Path(name))


@pytest.mark.parametrize(
    "out, message",
    [("event.xlsx", "must end in .xlsm")],
)
def test_bad_targets_are_input_errors(made, tmp_path, out, message):
    source, _, _ = made
    with pytest.raises(InputError, match=message):
        write_xlsm(source, tmp_path / out)
    with pytest.raises(InputError, match="not a readable .xlsx template"):
        write_xlsm(tmp_path / "missing.xlsx", tmp_path / "event.xlsm")
    with pytest.raises(InputError, match="no sheet named Nope"):
        write_xlsm(source, tmp_path / "event.xlsm", ("Nope",))


@pytest.mark.libreoffice
def test_libreoffice_opens_it_and_links_each_button_to_the_macro(made, soffice, tmp_path):
    source, xlsm, _ = made
    assert convert(xlsm, "pdf", tmp_path).stat().st_size > 0
    flat = convert(xlsm, "fods", tmp_path).read_text(encoding="utf-8")
    buttons = re.findall(r'<form:button [^>]*form:label="([^"]+)"', flat)
    links = re.findall(r'xlink:href="vnd\.sun\.star\.script:([^?"]+)', flat)
    sheets = len(openpyxl.load_workbook(source).sheetnames)
    assert buttons == [CAPTION] * sheets
    assert links == [f"VBAProject.Module1.{MACRO}"] * sheets
