"""The button's script on a workbook sent as the xlwings add-in sends it, against ``tourneybook recalc``.

The remote engine (xlwings Lite / Server) gets the workbook's values as JSON;
the script's answer is a list of actions, played here onto a copy of the file.
Its result sheets must hold exactly what the CLI's recalculation of the same
file writes.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import openpyxl
import pytest
import xlwings as xw
from excel_remote import apply_actions, payload, payload_from_xlsx
from xlwings.server import custom_scripts_call, custom_scripts_meta

from tourneybook.excel import button
from tourneybook.excel import actions
from tourneybook.rules import find_ruleset
from tourneybook.workbook import template
from tourneybook.workbook.layouts import available_layouts
from tourneybook.actions.on_file import recalc_file

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LAYOUTS = {layout.ruleset: layout for layout in available_layouts()}
WITH_EXAMPLE = [r for r in LAYOUTS if (EXAMPLES / r / "tournament.json").exists()]


def filled_workbook(ruleset_id: str, folder: Path) -> Path:
    """The example tournament (examples/<id>/tournament.json) typed into its template."""
    layout = LAYOUTS[ruleset_id]
    record = find_ruleset(ruleset_id).tournament_from_dict(json.loads((EXAMPLES / ruleset_id / "tournament.json").read_text()))
    return template.write(folder / f"{ruleset_id}.xlsx", layout, settings=record.settings, rows=layout.to_rows(record))


def values(book: openpyxl.Workbook, name: str) -> list[list]:
    rows = [[c.value for c in row] for row in book[name].iter_rows()]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    return [[round(v, 9) if isinstance(v, float) else v for v in row] for row in rows]


def test_an_example_workbook_exists_for_the_end_to_end_check():
    assert "carcassonne2004" in WITH_EXAMPLE


@pytest.mark.parametrize("ruleset_id", WITH_EXAMPLE)
def test_button_writes_what_the_cli_writes(ruleset_id, tmp_path):
    source = filled_workbook(ruleset_id, tmp_path)
    by_cli = tmp_path / "cli.xlsx"
    shutil.copy(source, by_cli)
    report = recalc_file(by_cli)
    assert report.ok, report.problems

    book = xw.Book(json=payload_from_xlsx(source))
    live_report = button.run(book)
    assert live_report.ok and live_report.sheets == report.sheets
    by_button = openpyxl.load_workbook(source)
    alerts = apply_actions(book.json()["actions"], by_button)

    expected = openpyxl.load_workbook(by_cli)
    assert by_button.sheetnames == expected.sheetnames
    for name in report.sheets:
        assert values(by_button, name) == values(expected, name), name
    assert alerts == [f"Standings recalculated: {', '.join(report.sheets)} updated."]


def test_problems_go_to_the_issues_sheet_and_the_message_box(tmp_path):
    source = filled_workbook("carcassonne2004", tmp_path)
    wb = openpyxl.load_workbook(source)
    wb["Preliminary"]["D4"] = -5  # VP 1 of round 1 table 1
    wb["Preliminary"]["F5"] = "lots"  # VP 2 of round 1 table 2
    wb.save(source)
    book = xw.Book(json=payload_from_xlsx(source))
    report = button.run(book)
    assert not report.ok and report.sheets == ("Issues",)
    target = openpyxl.load_workbook(source)
    (alert,) = apply_actions(book.json()["actions"], target)
    places = {p.sheet + "!" + p.cell for p in report.problems}
    assert {"Preliminary!D4", "Preliminary!F5"} <= places
    listed = [row[0] for row in values(target, "Issues")]
    assert {"Preliminary!D4", "Preliminary!F5"} <= set(listed)
    assert "Standings" not in target.sheetnames  # results are not written over bad entries
    assert alert.startswith(f"{len(report.problems)} problem(s) to fix, listed on the Issues sheet. First: Preliminary!")


def test_an_unexpected_error_is_one_readable_line_not_a_trace(monkeypatch):
    def broken(store):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(actions, "recalculate", broken)
    book = xw.Book(json=payload("t.xlsx", [("Settings", [["x"]])]))
    report = button.run(book)
    (problem,) = report.problems
    assert problem.message.startswith("TourneyBook stopped on an unexpected error (ZeroDivisionError: division by zero)")
    target = openpyxl.Workbook()
    target.active.title = "Settings"
    (alert,) = apply_actions(book.json()["actions"], target)
    assert "Traceback" not in alert and "ZeroDivisionError" in alert
    assert "Issues" in target.sheetnames


def test_the_scripts_are_registered_and_run_through_xlwings_server():
    assert sorted(m["function_name"] for m in custom_scripts_meta(button)) == sorted(button.SCRIPTS)
    assert all(getattr(button, name).__name__ == name and getattr(button, name).__doc__ for name in button.SCRIPTS)
    book = xw.Book(json=payload("t.xlsx", [("Settings", [["x"]])]))
    returned = asyncio.run(custom_scripts_call(button, "recalculate_standings", typehint_to_value={xw.Book: book}))
    assert returned is book
    assert [a["func"] for a in book.json()["actions"]][-1] == "alert"


def test_classic_main_runs_on_the_calling_book(monkeypatch):
    """RunPython's main() takes the book from xw.Book.caller(), then runs the same recalculation."""
    book = xw.Book(json=payload("t.xlsx", [("Settings", [["x"]])]))
    monkeypatch.setattr(xw.Book, "caller", classmethod(lambda cls: book))
    button.main()
    funcs = [a["func"] for a in book.json()["actions"]]
    assert funcs[0] == "addSheet" and funcs[-1] == "alert"  # the Issues sheet, then the message
