"""Issue 21: every problem at once, also those only the whole game shows (a misspelt nation in Winners)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import openpyxl

from tourneybook.actions.on_file import recalc_file

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


def test_a_misspelt_winner_is_reported_with_a_bad_cell_elsewhere(tmp_path):
    event = tmp_path / "fwc.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", event)
    book = openpyxl.load_workbook(event)
    games = book["Qualifying games"]
    headers = [c.value for c in games[3]]
    games.cell(4, headers.index("Winners") + 1).value = "Austira"  # R1 T1 won by Prussia, misspelt as a typo
    games.cell(5, headers.index("Pompadour") + 1).value = "abc"  # another row: a name not on Players
    book.save(event)
    before = hashlib.sha256(event.read_bytes()).hexdigest()
    report = recalc_file(event)
    shown = sorted(str(p) for p in report.problems)
    assert shown == [
        'Qualifying games!F5: "abc" is not on the Players sheet; add them to the Players sheet first',
        'Qualifying games!V4: "Austira" is not a nation; winners are among: Prussia, Russia, Sweden, Austria, Imperial Army, France',
    ]
    assert hashlib.sha256(event.read_bytes()).hexdigest() == before


def test_a_row_with_an_unreadable_cell_is_reported_once(tmp_path):
    event = tmp_path / "fwc.xlsx"
    shutil.copy(WORKBOOKS / "fwc2022-example.xlsx", event)
    book = openpyxl.load_workbook(event)
    games = book["Qualifying games"]
    headers = [c.value for c in games[3]]
    games.cell(4, headers.index("Game ended in turn") + 1).value = "abc"  # the game's end unreadable: not also 'missing'
    book.save(event)
    places = [f"{p.sheet}!{p.cell}" for p in recalc_file(event).problems]
    assert places == [f"Qualifying games!{openpyxl.utils.get_column_letter(headers.index('Game ended in turn') + 1)}4"]
