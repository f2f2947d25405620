"""The published CSV runs no formula in any spreadsheet, whichever list separator it splits the lines at.

Issue 38 item 1: a leading '=' was quoted, but a ';' inside a name was not: 'y;=1+10;' in standings.csv
opened as a live formula in a German, French or Dutch spreadsheet (list separator ';'), and
"x;=cmd|' /C calc'!A0;" as a DDE link. The test opens the published files in LibreOffice with each separator.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.files.store import FORMULA_STARTS
from tourneybook.publish.tables import CELL_STARTS, csv_text, neutralised

HOSTILE = ["y;=1+10;", "x;=cmd|' /C calc'!A0;", "a,@SUM(1+1),b", 'q;"=2+2"', "z ;-3+4", "w; +cmd|' /C calc'!A0",
           "Anna Berg", "Ben Bold"]
"""The issue's two attacks, and the same behind the other separator, a quote, a space, and '@', '-', '+'."""


@pytest.mark.parametrize(
    ("cell", "written"),
    [("y;=1+10;", "y;'=1+10;"), ("x;=cmd|' /C calc'!A0;", "x;'=cmd|' /C calc'!A0;"), ("a,@SUM(A1)", "a,'@SUM(A1)"),
     ('q;"=2+2"', "q;\"'=2+2\""), ("w; +1", "w; '+1"), ("v\n-2+3", "v\n'-2+3"), ("=1;=2", "'=1;'=2"),
     ("1\r\r", "1\r'\r"), ("Jean-Luc Picard", "Jean-Luc Picard"), ("Smith, Anna", "Smith, Anna"), ("-3.00", "-3.00"), (7, 7)],
)
def test_every_place_a_cell_could_start_is_made_text(cell, written):
    assert neutralised(cell) == written


def cells_starting_like_a_formula(text: str) -> list[str]:
    """Every piece of ``text`` that a spreadsheet could take as a cell starting like a formula, whatever its list
    separator: what follows the start of the text or any of CELL_STARTS (spaces skipped, as a spreadsheet that
    trims them would), up to the next of them, when it starts with a formula's character and is not a number."""
    found = []
    for at in range(len(text)):
        if at and text[at - 1] not in CELL_STARTS:
            continue
        start = at
        while start < len(text) and text[start] == " ":
            start += 1
        if start < len(text) and text[start] in FORMULA_STARTS:
            end = start + 1
            while end < len(text) and text[end] not in CELL_STARTS:
                end += 1
            piece = text[start:end]
            try:
                Fraction(piece)
            except ValueError:
                found.append(piece)
    return found


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="=+-@\t\r\n,;\"' aZ1.", max_size=12), min_size=1, max_size=4),
       st.sampled_from([",", ";"]))
def test_no_cell_of_the_written_csv_starts_like_a_formula_under_either_separator(texts, separator):
    frame = pd.DataFrame({"Player": texts, "Points": ["-3.00"] * len(texts), "Rank": list(range(1, len(texts) + 1))})
    assert cells_starting_like_a_formula(csv_text(frame, separator)) == []


def test_the_check_finds_what_the_csv_used_to_carry():
    frame = pd.DataFrame({"Player": ["y;=1+10;"]})
    assert cells_starting_like_a_formula(frame.to_csv(index=False)) == ["=1+10"]  # the old writing: quoted only at the start


def hostile_event(folder: Path) -> Path:
    """A Carcassonne event whose players are the attacks, round 1 drawn and played (so games.csv names them too)."""
    players = folder / "players.csv"
    with players.open("w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([["Name"], *([name] for name in HOSTILE)])
    event = folder / "hostile.xlsx"
    assert main(["new", "carcassonne2004", "--players", str(players), "--out", str(event)]) == 0
    assert main(["draw", str(event), "--round", "1"]) == 0
    book = FileWorkbook(event)
    grid = book.read("Preliminary")
    headers = list(grid.rows[2])
    typed = {(line, headers.index(f"VP {seat}") + 1): 100 - 10 * seat
             for line in range(4, len(grid.rows) + 1) if grid.value(line, 1) == 1 for seat in (1, 2, 3, 4)}
    book.write_cells("Preliminary", typed)
    book.save()
    return event


def opened_in_libreoffice(soffice: str, files: list[Path], separator: str, folder: Path) -> dict[str, list[tuple]]:
    """Each CSV file as LibreOffice Calc opens it with ``separator`` as its list separator, formulas evaluated and
    spaces trimmed (the CSV filter's options), then saved as .xlsx: every cell's (value, type)."""
    options = f"CSV:{ord(separator)},34,76,1,,0,false,true,false,false,true,0,true"  # token 11 trims, 13 evaluates
    out = folder / f"opened-{ord(separator)}"
    subprocess.run([soffice, f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless", "--norestore",
                    f"--infilter={options}", "--convert-to", "xlsx", "--outdir", str(out), *map(str, files)],
                   check=True, capture_output=True, timeout=600)
    opened = {}
    for file in files:
        sheet = openpyxl.load_workbook(out / f"{file.stem}.xlsx").active
        opened[file.name] = [(c.value, c.data_type) for row in sheet.iter_rows() for c in row if c.value is not None]
    return opened


def test_the_published_csv_opened_in_libreoffice_with_either_separator_has_no_formula(soffice, tmp_path):
    event = hostile_event(tmp_path)
    assert main(["publish", str(event), "--out", str(tmp_path / "out"), "--no-pdf"]) == 0
    files = [tmp_path / "out" / "standings.csv", tmp_path / "out" / "games.csv"]
    text = "".join(f.read_text(encoding="utf-8-sig") for f in files)
    assert all(name.split(";")[0].split(",")[0] in text for name in HOSTILE)  # the attacks were published
    for separator in (",", ";"):
        opened = opened_in_libreoffice(soffice, files, separator, tmp_path)
        for name, cells in opened.items():
            formulas = [value for value, kind in cells if kind == "f" or str(value).startswith("=")]
            assert formulas == [], (separator, name, formulas)
        if separator == ",":  # the names come back whole, the apostrophe showing where a cell could have started
            players = {value for value, _ in opened["standings.csv"]}
            assert {"y;'=1+10;", "x;'=cmd|' /C calc'!A0;", "Anna Berg"} <= players
            assert "y;'=1+10;" in {value for value, _ in opened["games.csv"]}
