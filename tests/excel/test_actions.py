"""The button's actions through xlwings' remote engine, against the command line's file.

Each workbook is sent as the xlwings add-in sends it; the script's answer (a
list of actions) is played onto a copy of the file. The cells it writes must be
exactly those the CLI (``tourneybook draw``) writes into the same file.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
import xlwings as xw
from excel_remote import apply_actions, payload_from_xlsx

from tourneybook.cli import main as cli
from tourneybook.errors import InputError
from tourneybook.excel import button
from tourneybook.rules import find_ruleset
from tourneybook.workbook import template
from tourneybook.excel.actions import (
    ACTIONS,
    DRAW_NEXT,
    FORMS,
    PUBLISH,
    RECALCULATE,
    REDRAW,
    Choice,
    read_choice,
)
from tourneybook.rules import RULESETS, find_ruleset
from tourneybook.rules.base import Family as RulesetFamily
from tourneybook.workbook.draw_sheets import QUALITY_SHEET
from tourneybook.files.filestore import FileWorkbook
from tourneybook.files.store import Cell, ResultSheet
from tourneybook.workbook.layouts import find_layout
from tourneybook.files.marks import FORM, RECALCULATED, Mark, note, read_note

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def players_only(ruleset_id: str, folder: Path) -> Path:
    """A new event of the ruleset with the example's players and nothing drawn."""
    layout = find_layout(ruleset_id)
    record = find_ruleset(ruleset_id).tournament_from_dict(json.loads((EXAMPLES / ruleset_id / "tournament.json").read_text()))
    players = list(layout.to_rows(record)["Players"])
    if find_ruleset(ruleset_id).family is RulesetFamily.DIPLOMACY:
        players = players[: len(players) // 7 * 7]  # full boards of seven, nobody asked to sit out
    return template.write(folder / f"{ruleset_id}.xlsx", layout, tournament="Action test", rows={"Players": players})


def values(book: openpyxl.Workbook, name: str) -> list[list]:
    rows = [[c.value for c in row] for row in book[name].iter_rows()]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((i + 1 for row in rows for i, v in enumerate(row) if v is not None), default=0)
    return [[round(v, 9) if isinstance(v, float) else v for v in row[:width]] for row in rows]


def by_button(source: Path, choose) -> tuple[openpyxl.Workbook, list[str], object]:
    book = xw.Book(json=payload_from_xlsx(source))
    report = button.run_choice(book, choose)
    target = openpyxl.load_workbook(source)
    alerts = apply_actions(book.json()["actions"], target)
    return target, alerts, report


def set_choice(path: Path, action: str, number=None) -> None:
    wb = openpyxl.load_workbook(path)
    wb["Instructions"]["B2"] = action
    wb["Instructions"]["B3"] = number
    wb.save(path)


def test_a_new_workbook_offers_every_action_in_a_drop_down(tmp_path):
    path = template.write(tmp_path / "t.xlsx", find_layout("fwc2022"))
    ws = openpyxl.load_workbook(path)["Instructions"]
    assert ws["B2"].value == RECALCULATE
    (choices,) = [dv for dv in ws.data_validations.dataValidation if "B2" in str(dv.sqref)]
    assert choices.formula1 == '"' + ",".join(ACTIONS) + '"'
    assert read_choice(FileWorkbook(path)) == Choice(RECALCULATE)


def test_the_round_cell_is_required_for_forms_and_named_when_missing(tmp_path):
    path = template.write(tmp_path / "t.xlsx", find_layout("fwc2022"))
    set_choice(path, FORMS, None)
    with pytest.raises(InputError) as caught:
        read_choice(FileWorkbook(path))
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.cell) == ("Instructions", "B3")
    set_choice(path, "redraw round n", "2")
    assert read_choice(FileWorkbook(path)) == Choice(REDRAW, 2)
    set_choice(path, "Shuffle", 1)
    with pytest.raises(InputError) as caught:
        read_choice(FileWorkbook(path))
    assert caught.value.problems[0].cell == "B2"


@pytest.mark.parametrize("ruleset_id", [r.id for r in RULESETS])
def test_draw_next_round_writes_what_the_cli_draw_writes(ruleset_id, tmp_path):
    source = players_only(ruleset_id, tmp_path)
    set_choice(source, DRAW_NEXT)
    by_cli = tmp_path / "cli.xlsx"
    shutil.copy(source, by_cli)
    assert cli(["draw", str(by_cli), "--round", "1"]) == 0

    target, (alert,), report = by_button(source, button.read_choice)
    assert report.ok, report.problems
    assert alert.startswith("Round 1 drawn onto the entry sheet")
    expected = openpyxl.load_workbook(by_cli)
    sheet = find_layout(ruleset_id).draw_sheet.name
    assert values(target, sheet) == values(expected, sheet)
    assert values(target, QUALITY_SHEET) == values(expected, QUALITY_SHEET)
    assert any(row[0] is not None for row in values(target, sheet)[3:])  # a draw, not two empty sheets
    # back to Recalculate: a second click never draws another round by accident
    assert target["Instructions"]["B2"].value == RECALCULATE


def test_redraw_and_a_refused_draw_go_through_the_same_checks_as_the_cli(tmp_path, capsys):
    source = players_only("carcassonne2004", tmp_path)
    assert cli(["draw", str(source), "--round", "1"]) == 0
    set_choice(source, REDRAW, 1)
    by_cli = tmp_path / "cli.xlsx"
    shutil.copy(source, by_cli)
    assert cli(["draw", str(by_cli), "--round", "1", "--redraw", "--seed", "7"]) == 0  # another seed: must differ
    target, _, report = by_button(source, button.read_choice)
    assert report.ok and report.round == 1
    assert cli(["draw", str(source), "--round", "1", "--redraw"]) == 0  # the default seed, as the button
    assert values(target, "Preliminary") == values(openpyxl.load_workbook(source), "Preliminary")
    assert values(target, "Preliminary") != values(openpyxl.load_workbook(by_cli), "Preliminary")

    # round 1 is on the sheet: "Redraw round 3" is refused with the CLI's reason, on the Issues sheet
    set_choice(source, REDRAW, 3)
    target, (alert,), report = by_button(source, button.read_choice)
    assert not report.ok and report.sheets == ("Issues",)
    assert "round 2 is not on the sheet yet" in alert
    assert target["Instructions"]["B2"].value == REDRAW  # a refusal leaves the choice as it was


def test_other_sheets_buttons_recalculate_whatever_is_chosen(tmp_path, monkeypatch):
    source = players_only("carcassonne2004", tmp_path)
    set_choice(source, DRAW_NEXT)
    book = xw.Book(json={**payload_from_xlsx(source), "book": {"name": "t.xlsx", "active_sheet_index": 2, "selection": "A1"}})
    monkeypatch.setattr(xw.Book, "caller", classmethod(lambda cls: book))
    button.main()  # clicked on Players
    target = openpyxl.load_workbook(source)
    (alert,) = apply_actions(book.json()["actions"], target)
    assert alert.startswith("Standings recalculated")
    assert all(row[0] is None for row in values(target, "Preliminary")[3:])


def form_values(ws) -> list[list]:
    """A form sheet's values, without the note that marks it as TourneyBook's (beside the page, not printed)."""
    rows = [[None if c.value == "" or read_note(c.value) else c.value for c in row] for row in ws.iter_rows()]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((i + 1 for row in rows for i, v in enumerate(row) if v is not None), default=0)
    return [row[:width] for row in rows]


@pytest.mark.parametrize("ruleset_id", [r.id for r in RULESETS])
def test_forms_for_round_writes_the_pages_the_cli_forms_writes(ruleset_id, tmp_path):
    source = players_only(ruleset_id, tmp_path)
    assert cli(["draw", str(source), "--round", "1"]) == 0
    set_choice(source, FORMS, 1)
    out = tmp_path / "forms.xlsx"
    assert cli(["forms", str(source), "--round", "1", "--out", str(out)]) == 0
    expected = openpyxl.load_workbook(out)

    target, (alert,), report = by_button(source, button.read_choice)
    assert report.ok, report.problems
    written = [n for n in target.sheetnames if n.startswith("Form ")]
    assert written == list(report.sheets) and len(written) == len(expected.sheetnames)
    for name, cli_name in zip(written, expected.sheetnames):
        assert name == ("Form " + cli_name)[:31]
        assert form_values(target[name]) == form_values(expected[cli_name]), name
    assert alert.startswith(f"{len(report.forms)} form(s) for round 1: written as the sheets Form ")
    assert all(read_note(target[n].cell(1, target[n].max_column).value) == Mark(n, FORM) for n in written)
    # the next forms action replaces these sheets instead of piling up more, and leaves the organiser's own
    target.create_sheet("Form of play")["A1"] = "my notes"
    target.save(tmp_path / "with-forms.xlsx")
    again, _, _ = by_button(tmp_path / "with-forms.xlsx", button.read_choice)
    assert [n for n in again.sheetnames if n.startswith("Form ") and n != "Form of play"] == written
    assert again["Form of play"]["A1"].value == "my notes"


WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


@pytest.mark.parametrize("ruleset_id", ["fwc2022", "cafe2023"])
def test_the_final_actions_write_what_the_cli_writes(ruleset_id, tmp_path):
    from tourneybook.excel.actions import FINAL_FORMS, FINAL_ORDER
    from tourneybook.workbook.draw_sheets import FINAL_DRAW_SHEET

    source = tmp_path / "event.xlsx"
    shutil.copy(WORKBOOKS / f"{ruleset_id}-example.xlsx", source)
    by_cli = tmp_path / "cli.xlsx"
    shutil.copy(source, by_cli)
    assert cli(["draw", str(by_cli), "--final"]) == 0
    set_choice(source, FINAL_ORDER)
    target, (alert,), report = by_button(source, button.read_choice)
    assert report.ok, report.problems
    assert values(target, FINAL_DRAW_SHEET) == values(openpyxl.load_workbook(by_cli), FINAL_DRAW_SHEET)

    out = tmp_path / "final-forms.xlsx"
    assert cli(["forms", str(source), "--final", "--out", str(out)]) == 0
    set_choice(source, FINAL_FORMS)
    target, (alert,), report = by_button(source, button.read_choice)
    assert report.ok, report.problems
    expected = openpyxl.load_workbook(out)
    assert [n for n in target.sheetnames if n.startswith("Form ")] == [("Form " + n)[:31] for n in expected.sheetnames]
    for name in expected.sheetnames:
        assert form_values(target[("Form " + name)[:31]]) == form_values(expected[name])
    assert alert.startswith("1 form(s) for the final: written as the sheets Form ")


class Recorder:
    """A stand-in for desktop Excel's Book in the PDF export (xlwings' Book.to_pdf)."""

    fullname = "/events/essen.xlsm"

    def __init__(self, fails: bool = False):
        self.fails, self.calls = fails, []

    def to_pdf(self, path, include):
        if self.fails:
            raise RuntimeError("no printer installed")
        self.calls.append((path, include))


def test_desktop_excel_exports_the_forms_pdf_beside_the_workbook():
    from tourneybook.excel.actions import ActionReport

    book = Recorder()
    note = button._pdf(book, ["Form R2 T1", "Form R2 T2"], ActionReport(FORMS, round=2))
    assert book.calls == [("/events/essen round 2 forms.pdf", ["Form R2 T1", "Form R2 T2"])]
    assert note == "\nPDF: /events/essen round 2 forms.pdf"
    failing = button._pdf(Recorder(fails=True), ["Form R2 T1"], ActionReport(FORMS, round=2))
    assert failing == "\nNo PDF (no printer installed); print the sheets from Excel."


def test_the_button_keeps_the_organisers_copies_and_sheets_and_removes_only_its_stale_ones(tmp_path):
    """Excel's Move or Copy keeps A2's note, which names the sheet copied: the copy is the organiser's."""
    source = players_only("carcassonne2004", tmp_path)
    assert cli(["recalc", str(source)]) == 0
    book = FileWorkbook(source)  # a result of an earlier run that this one no longer writes
    book.replace(ResultSheet("Old final", ((Cell("Final", "title"),), (Cell(note("Old final", RECALCULATED), "note"),))))
    book.save()
    wb = openpyxl.load_workbook(source)
    wb.copy_worksheet(wb["Standings"]).title = "Standings after R2"
    wb.save(source)

    target, (alert,), report = by_button(source, lambda store: Choice(RECALCULATE))
    assert report.ok and alert.startswith("Standings recalculated")
    assert "Old final" not in target.sheetnames
    assert target["Standings after R2"]["A2"].value == note("Standings", RECALCULATED)


def test_the_button_refuses_to_write_over_an_organisers_sheet_and_says_which(tmp_path):
    source = players_only("carcassonne2004", tmp_path)
    wb = openpyxl.load_workbook(source)
    wb.create_sheet("Games")["A1"] = "my list of games"
    wb.save(source)

    target, (alert,), report = by_button(source, lambda store: Choice(RECALCULATE))
    assert not report.ok and "Games" not in report.sheets
    assert alert.startswith("1 problem(s) to fix, listed on the Issues sheet. First: the sheet 'Games' is not one TourneyBook wrote")
    assert target["Games"]["A1"].value == "my list of games"
    assert "Standings" not in target.sheetnames  # checked before any result was written: no half-new results


def test_the_buttons_draw_grows_the_entry_table_it_fills_past(tmp_path):
    # Seed 003 II.3: boards of seven. 217 players fill 217 board rows; a new workbook's
    # Boards table prepares 210 (A3:U213). As the file draw does (workbook/tablegrowth.py),
    # the button's draw makes the table reach the last drawn row.
    names = [f"Player {i:03}" for i in range(217)]
    source = template.write(tmp_path / "big.xlsx", find_layout("codcon2008"), tournament="Big Open",
                            rows={"Players": [{"Name": n} for n in names]})
    set_choice(source, DRAW_NEXT)
    sent = payload_from_xlsx(source)
    boards = next(s for s in sent["sheets"] if s["name"] == "Boards")
    boards["tables"] = [{
        "name": "tb_Boards", "range_address": "$A$3:$U$213", "header_row_range_address": "$A$3:$U$3",
        "data_body_range_address": "$A$4:$U$213", "total_row_range_address": None, "show_headers": True,
        "show_totals": False, "show_autofilter": True, "table_style": "TableStyleMedium2",
        "show_table_style_first_column": False, "show_table_style_last_column": False,
        "show_table_style_row_stripes": True, "show_table_style_column_stripes": False,
    }]
    book = xw.Book(json=sent)
    report = button.run_choice(book, button.read_choice)
    assert report.ok, report.problems
    resized = [a for a in book.json()["actions"] if a["func"] == "resizeTable"]
    assert [(a["sheet_position"], a["args"]) for a in resized] == [(sent["sheets"].index(boards), [0, "$A$3:$U$220"])]


def test_publish_from_a_browser_says_how_to_publish_instead(tmp_path):
    # xlwings Lite runs in the browser's sandbox: no folder beside the workbook to write to. The organiser
    # is told what to do, on the Issues sheet and in the message box, at the action's cell.
    source = tmp_path / "essen.xlsx"
    shutil.copy(Path(__file__).resolve().parents[2] / "workbooks" / "fwc2022-example.xlsx", source)
    set_choice(source, PUBLISH)
    target, (alert,), report = by_button(source, button.read_choice)
    (problem,) = report.problems
    assert (problem.sheet, problem.cell) == ("Instructions", "B2")
    assert "run 'tourneybook publish essen.xlsx --out results' on your computer" in problem.message  # its own name
    assert alert.startswith("1 problem(s) to fix, listed on the Issues sheet") and "tourneybook publish" in alert
    assert "tourneybook publish" in str(values(target, "Issues"))


def test_the_buttons_draw_refuses_an_organisers_seating_sheet_before_typing_anything(tmp_path):
    # The live workbook has no undo: the draw's sheets are checked before the first drawn row is typed.
    source = players_only("fwc2022", tmp_path)
    set_choice(source, DRAW_NEXT)
    wb = openpyxl.load_workbook(source)
    wb.create_sheet("Seating")["A1"] = "my table plan for the hall"
    wb.save(source)
    before = values(openpyxl.load_workbook(source), "Qualifying games")

    target, (alert,), report = by_button(source, button.read_choice)
    assert not report.ok
    assert "the sheet 'Seating' is not one TourneyBook wrote" in alert and "rename your sheet" in alert
    assert values(target, "Qualifying games") == before  # no row of the draw typed
    assert target["Seating"]["A1"].value == "my table plan for the hall"
    assert QUALITY_SHEET not in target.sheetnames
    assert target["Instructions"]["B2"].value == DRAW_NEXT  # nothing drawn: the action stays
