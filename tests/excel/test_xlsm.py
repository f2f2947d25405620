"""The macro-enabled workbook: xlwings' VBA project unchanged, buttons linked to its macro, template kept."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import zipfile
from pathlib import Path

import subprocess
import sys

import openpyxl
import pytest
from openpyxl.utils import get_column_letter
from xlwings import __version__ as xw_version_string

from vba_source import declared_xlwings_version, modules

from tourneybook.errors import InputError
from tourneybook.excel import button
from tourneybook.cli import main as cli
from tourneybook.excel.xlsm import (
    BUTTON_ROW_HEIGHT,
    CAPTION,
    MACRO,
    MODULE_MARKER,
    made_with,
    module_name,
    quickstart_vba,
    write_xlsm,
    xlwings_version,
)
from tourneybook.office import convert
from tourneybook.rules import find_ruleset
from tourneybook.workbook import template
from tourneybook.workbook.layouts import find_layout
from tourneybook.actions.on_file import recalc_file

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


def xw_version() -> str:
    return xw_version_string


def sheet_parts(xlsm: Path) -> dict[str, str]:
    """Sheet name -> its worksheet part, from the workbook's relationships."""
    with zipfile.ZipFile(xlsm) as z:
        book = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
    targets = dict(re.findall(r'Target="/?(?:xl/)?([^"]+)" Id="(rId\d+)"', rels))
    targets = {rid: f"xl/{t}" for t, rid in targets.items()}
    sheets = re.findall(r'<sheet [^>]*?name="([^"]+)"[^>]*? r:id="(rId\d+)"', book)  # openpyxl with or without lxml
    return {name: targets[rid] for name, rid in sheets}


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


def test_xlwings_conf_sheet_sets_only_what_tourneybook_needs(made):
    """A key on the sheet wins over the organiser's add-in settings, even empty: no interpreter, no Conda keys."""
    _, xlsm, _ = made
    conf = openpyxl.load_workbook(xlsm)["xlwings.conf"]
    assert [[c.value for c in row] for row in conf.iter_rows(max_row=2, max_col=2)] == [
        ["UDF Modules", "tourneybook.excel.udfs"],
        [None, None],  # xlwings reads keys down to the first empty row
    ]
    notes = [conf.cell(r, 1).value for r in range(3, conf.max_row + 1)]
    assert not any(str(n).split(" ")[0] in ("Interpreter_Win", "Interpreter_Mac", "Conda", "PYTHONPATH") for n in notes)
    assert any("tourneybook button NEW-NAME.xlsm" in n for n in notes)
    assert made_with(xlsm) == xlwings_version() == xw_version()


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
    "name, suggestion",
    [
        ("essen2004.xlsm", None),
        ("Essen_2024_final.xlsm", None),
        ("fwc.berlin.xlsm", "fwc_berlin.xlsm"),  # the macro takes the name up to the LAST dot: 'fwc.berlin'
        ("essen2024 (1).xlsm", "essen2024_1.xlsm"),  # Windows' name for a second download
        ("Essen 2024.xlsm", "Essen_2024.xlsm"),
        ("2024wdc.xlsm", "event_2024wdc.xlsm"),
        ("München.xlsm", "Muenchen.xlsm"),  # Python would import it; Excel's command line may not pass it
        ("json.xlsm", "json_event.xlsm"),  # would import the standard library's json instead
        ("tourneybook.xlsm", "tourneybook_event.xlsm"),
        ("class.xlsm", "class_event.xlsm"),
    ],
)
def test_workbook_name_must_be_an_importable_module_name(name, suggestion):
    if suggestion is None:
        assert module_name(Path(name)) == name.rpartition(".")[0]
        return
    with pytest.raises(InputError, match="must be a Python name that is free") as refused:
        module_name(Path(name))
    assert str(refused.value).endswith(f'Use e.g. "{suggestion}"')
    assert module_name(Path(suggestion)) == suggestion.rpartition(".")[0]


def vml_anchor(xlsm: Path, sheet: str) -> list[int]:
    """The button's anchor on ``sheet``: left column, x offset, top row, y offset, right column, ..."""
    with zipfile.ZipFile(xlsm) as z:
        part = sheet_parts(xlsm)[sheet]
        rels = z.read(part.replace("worksheets/", "worksheets/_rels/") + ".rels").decode()
        (vml,) = re.findall(r'vmlDrawing" Target="/?([^"]+)"', rels)
        (anchor,) = re.findall(r"<x:Anchor>([^<]+)</x:Anchor>", z.read(vml.lstrip("/")).decode())
    return [int(n) for n in anchor.split(",")]


def test_the_button_sits_in_row_1_just_right_of_the_title_on_screen(made):
    """Row 1 (frozen with the headers) holds the sheet's title and the button, within the first ~900 px."""
    source, xlsm, _ = made
    book = openpyxl.load_workbook(xlsm)
    for sheet in openpyxl.load_workbook(source).sheetnames:
        ws = book[sheet]
        left_col, x, top_row, y, right_col, _, bottom_row, _ = vml_anchor(xlsm, sheet)
        assert (top_row, bottom_row) == (0, 0), sheet  # inside row 1, clear of the help text in row 2
        assert ws.row_dimensions[1].height == BUTTON_ROW_HEIGHT
        widths = [ws.column_dimensions[get_column_letter(c)].width or 8.43 for c in range(1, left_col + 2)]
        start_px = sum(round(w * 7 + 5) for w in widths[:left_col]) + x  # Excel: 7 px per width unit + 5 padding
        title_px = len(str(ws["A1"].value)) * 8  # 14 pt bold Calibri: about 8 px a character
        assert min(title_px, 760) < start_px < 800, (sheet, start_px)


def test_button_rewrites_the_module_for_a_renamed_copy(made, tmp_path, capsys):
    _, xlsm, _ = made
    copy = tmp_path / "essen2004_final.xlsm"
    shutil.copy(xlsm, copy)
    assert cli(["button", str(copy)]) == 0
    module = tmp_path / "essen2004_final.py"
    assert module.read_text(encoding="utf-8").startswith(MODULE_MARKER)
    assert capsys.readouterr().out.startswith(f"wrote {module}")
    loaded = run_module(module)
    assert loaded.main is button.main
    renamed = tmp_path / "essen2004 (1).xlsm"
    shutil.copy(xlsm, renamed)
    assert cli(["button", str(renamed)]) == 1
    assert 'Use e.g. "essen2004_1.xlsm"' in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["essen2004 (1).xlsm", "essen2004_final.py", "essen2004_final.xlsm"]
    (tmp_path / "mine.py").write_text("print('my own code')\n", encoding="utf-8")
    shutil.copy(xlsm, tmp_path / "mine.xlsm")
    assert cli(["button", str(tmp_path / "mine.xlsm")]) == 1
    assert "was not written by TourneyBook" in capsys.readouterr().err
    assert cli(["button", str(tmp_path / "mine.xlsm"), "--force"]) == 0
    assert cli(["button", str(source_of(made))]) == 1
    assert "(.xlsm)" in capsys.readouterr().err


def test_the_module_tells_the_organiser_when_tourneybook_is_missing(made, tmp_path):
    """The Python Excel runs has no tourneybook: the button's message says what to do, not just ModuleNotFoundError."""
    _, _, module = made
    code = "import sys; sys.modules['tourneybook'] = None; sys.path.insert(0, sys.argv[1]); import essen2004"
    done = subprocess.run([sys.executable, "-c", code, str(module.parent)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "ImportError: TourneyBook is not installed for the Python that Excel runs" in done.stderr
    assert "xlwings.conf sheet (Interpreter_Win or Interpreter_Mac)" in done.stderr


def source_of(made) -> Path:
    return made[0]


def run_module(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


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


def test_the_vba_declares_the_installed_xlwings(made):
    """The button's VBA and the organiser's xlwings must be one version: the VBA copied is the installed one's."""
    _, xlsm, _ = made
    assert declared_xlwings_version(xlsm) == xw_version() == made_with(xlsm)
    assert 'InStrRev(ThisWorkbook.Name, "."' in modules(xlsm)["Module1"]  # the name before the LAST dot


@pytest.mark.parametrize(
    "out, suggestion",
    [("fwc.berlin.xlsm", "fwc_berlin.xlsm"), ("Essen 2024.xlsm", "Essen_2024.xlsm"), ("1st-cup.xlsm", "event_1st_cup.xlsm"),
     ("Łódź.xlsm", "Lodz.xlsm")],
)
def test_new_refuses_a_name_the_button_cannot_import_and_writes_nothing(tmp_path, capsys, out, suggestion):
    players = tmp_path / "players.csv"
    players.write_text("Name\nAnna\nBo\nCy\n", encoding="utf-8")
    assert cli(["new", "carcassonne2004", "--players", str(players), "--out", str(tmp_path / out), "--xlsm"]) == 1
    assert capsys.readouterr().err.strip().endswith(f'Use e.g. "{suggestion}"')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["players.csv"]
    assert cli(["new", "carcassonne2004", "--players", str(players), "--out", str(tmp_path / suggestion), "--xlsm"]) == 0
    assert (tmp_path / suggestion).with_suffix(".py").exists()
