"""``tourneybook publish``: CSV tables, the standings PDF and the web page, on the shipped FWC example."""

from __future__ import annotations

import csv
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tourneybook.cli import main as cli

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pub")
    event = folder / "fwc.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", event)
    before = hashlib.sha256(event.read_bytes()).hexdigest()
    assert cli(["publish", str(event), "--out", str(folder / "out"), "--no-pdf"]) == 0
    assert hashlib.sha256(event.read_bytes()).hexdigest() == before  # publishing never writes the workbook
    return folder / "out"


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return list(csv.DictReader(fh))


def test_standings_csv_has_every_place_as_the_workbook_shows_it(published):
    table = rows(published / "standings.csv")
    assert len(table) == 20
    # the shipped example's Standings: Dmitri Weber 45.00 first, Felix Vidal 39.00 below him on points
    assert (table[0]["Rank"], table[0]["Player"], table[0]["points"], table[0]["E+MT second-best"]) == ("1", "Dmitri Weber", "45.00", "11.50")
    assert (table[1]["Player"], table[1]["points"], table[1]["Decided by"]) == ("Felix Vidal", "39.00", "points")
    assert list(table[0])[-1] == "Exact total"


def test_games_csv_has_one_row_per_player_per_game(published):
    table = rows(published / "games.csv")
    assert len(table) == 80  # 20 qualifying tables of 4 (the final has its own sheet)
    first = table[0]
    assert (first["Game"], first["Player"], first["Seat"], first["Points"], first["Prussia"], first["bonus"]) == (
        "R1 T1", "Fabio Ivanova", "Frederick", "12.00", "10.00", "2.00")


def test_the_page_fetches_nothing_and_names_every_place_with_its_reason(published):
    page = (published / "standings.html").read_text(encoding="utf-8")
    for fetch in ("http://", "https://", "<script", "<link", "<img", "@import", "url("):
        assert fetch not in page
    assert "below Dmitri Weber on points" in page  # Felix Vidal's place, explained
    assert "Felix Vidal wins the final on winning nations" in page  # the Final table's note


def test_publishing_a_workbook_with_problems_writes_nothing(tmp_path, capsys):
    import openpyxl

    event = tmp_path / "bad.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", event)
    wb = openpyxl.load_workbook(event)
    wb["Qualifying games"]["F4"] = "abc"
    wb.save(event)
    assert cli(["publish", str(event), "--out", str(tmp_path / "out"), "--no-pdf"]) == 1
    assert "Qualifying games!F4" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_the_command_line_starts_without_pandas_or_jinja2():
    code = "import sys; from tourneybook.cli import build_parser; build_parser(); print('pandas' in sys.modules, 'jinja2' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split() == ["False", "False"]


def test_without_libreoffice_the_pdf_is_refused_before_anything_is_written(tmp_path, monkeypatch, capsys):
    import tourneybook.office

    monkeypatch.setattr(tourneybook.office, "find_soffice", lambda: None)
    assert cli(["publish", str(WORKBOOKS / "carcassonne2004-example.xlsx"), "--out", str(tmp_path / "out")]) == 1
    assert "--no-pdf" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


# --- From the workbook's button -----------------------------------------------------------------


@pytest.mark.libreoffice
def test_the_button_publishes_into_a_folder_beside_the_workbook(tmp_path, soffice):
    # Desktop Excel (classic xlwings) has the workbook's folder: the button's "Publish results" writes the
    # same four files as the command, into 'essen results' beside essen.xlsm. No Excel here: the action
    # runs on the file store, and the writing step gets stand-ins for the Excel book and its store.
    from types import SimpleNamespace

    from tourneybook.excel import button
    from tourneybook.excel.actions import PUBLISH, Choice, run_action
    from tourneybook.files.filestore import FileWorkbook

    event = tmp_path / "essen.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", event)
    before = event.read_bytes()
    report = run_action(FileWorkbook(event), Choice(PUBLISH))
    assert report.ok and report.published is not None
    done = button._write_published(SimpleNamespace(fullname=str(tmp_path / "essen.xlsm")), SimpleNamespace(classic=True), report)
    folder = tmp_path / "essen results"
    assert sorted(p.name for p in folder.iterdir()) == ["games.csv", "standings.csv", "standings.html", "standings.pdf"]
    assert done.ok and done.message.startswith(f"Results published in {folder}: standings.csv, games.csv")
    assert rows(folder / "standings.csv")[0]["Player"] == "Dmitri Weber"  # the same standings as the command's
    assert event.read_bytes() == before  # publishing never writes the workbook



def test_the_page_before_any_result_says_so_once_per_player(tmp_path):
    # A round drawn, nothing typed: everyone shares first place, and the page does not
    # explain each place by the one above it ("shares the place with ...").
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "workbook"))
    from test_draw_command import draw_file, event

    from tourneybook.publish import read_published
    from tourneybook.publish.page import context

    path = event(tmp_path, "fwc2022", 16, name="Essen Open")
    draw_file(path, 1)
    places = context(read_published(path))["places"]
    assert [p["rank"] for p in places] == [1] * 16
    assert [p["reason"] for p in places] == [""] + ["no result yet"] * 15
