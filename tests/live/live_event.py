"""A fresh Carcassonne event for the live tests (a module of its own: each test folder has a conftest)."""

from __future__ import annotations

from pathlib import Path

from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.settings_sheet import SETTINGS, live_reporting_cells

PLAYERS = ["Zoë Faure", "Łukasz Nowak", "Anna Berg", "Ben <b>Bold</b>", "Carla Costa", "Dmitri Weber", "Emma Weber", "Felix Brandt"]
"""Accents and a name that would be markup if it were not escaped."""


def new_event(folder: Path, *, reporting: bool = True, language: str = "") -> Path:
    players = folder / "players.csv"
    players.write_text("Name\n" + "\n".join(PLAYERS) + "\n", encoding="utf-8")
    event = folder / "hall.xlsx"
    assert main(["new", "carcassonne2004", "--players", str(players), "--out", str(event), "--name", "Hall Open"]
                + (["--language", language] if language else [])) == 0
    assert main(["draw", str(event), "--round", "1"]) == 0
    if reporting:
        book = FileWorkbook(event)
        book.write_cells(SETTINGS.name, live_reporting_cells(book.read(SETTINGS.name), on=True))
        book.save()
    return event
