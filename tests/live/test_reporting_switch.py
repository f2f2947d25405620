"""``tourneybook live EVENT --reporting on|off`` switches reporting from phones by writing the Settings row
(issue 29 point 9): saved atomically, and a refused switch leaves the file byte-identical."""

from __future__ import annotations

import openpyxl
from live_event import new_event

from tourneybook.cli import main
from tourneybook.commands import live
from tourneybook.files.filestore import FileWorkbook
from tourneybook.reports.stamp import reporting_on
from tourneybook.workbook.settings_sheet import LIVE_REPORTING_LABEL, SETTINGS, live_reporting_cells


class _Served:
    """Stands in for uvicorn's server: the command's run up to serving, then back at once."""

    def __init__(self, *_: object) -> None:
        pass

    def run(self) -> None:
        return None


def _value(path) -> str:
    sheet = openpyxl.load_workbook(path)[SETTINGS.name]
    return next(row[1] for row in sheet.iter_rows(values_only=True) if row[0] == LIVE_REPORTING_LABEL)


def test_live_reporting_on_then_off_writes_the_settings_row(tmp_path, monkeypatch, capsys):
    event = new_event(tmp_path, reporting=False)
    monkeypatch.setattr(live, "hall_server", _Served)
    assert main(["live", str(event), "--port", "8791", "--reporting", "on"]) == 0
    out = capsys.readouterr().out
    assert f"Live reporting: yes; written to {event}" in out and "reporting from phones: on" in out
    assert _value(event) == "yes" and reporting_on(FileWorkbook(event))
    assert main(["live", str(event), "--port", "8791", "--reporting", "off"]) == 0
    assert "reporting from phones: off" in capsys.readouterr().out and _value(event) == "no"


def test_a_switch_that_cannot_be_written_leaves_the_file(tmp_path, monkeypatch, capsys):
    event = new_event(tmp_path, reporting=False)
    monkeypatch.setattr(live, "hall_server", _Served)
    book = openpyxl.load_workbook(event)
    del book[SETTINGS.name]
    book.save(event)
    before = event.read_bytes()
    assert main(["live", str(event), "--port", "8791", "--reporting", "on"]) == 1
    assert "the sheet 'Settings' is missing" in capsys.readouterr().err
    assert event.read_bytes() == before


def test_a_workbook_made_before_the_row_gets_the_row():
    from tourneybook.files.store import SheetGrid

    grid = SheetGrid(SETTINGS.name, (("Settings",), ("help",), ("Setting", "Value", "What it means"),
                                     ("Ruleset", "fwc2022", "x"), ("Tournament", "Open", "y")))
    assert live_reporting_cells(grid, True) == {(6, 1): LIVE_REPORTING_LABEL, (6, 2): "yes",
                                                (6, 3): live_reporting_cells(grid, True)[6, 3]}
    on = SheetGrid(SETTINGS.name, (*grid.rows, (LIVE_REPORTING_LABEL, "yes", "z")))
    assert live_reporting_cells(on, False) == {(6, 2): "no"}
