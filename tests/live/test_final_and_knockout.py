"""The Friedrich final and the Carcassonne knock-out's matches, reported from a phone, confirmed, imported."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
from starlette.testclient import TestClient

from tourneybook.cli import main
from tourneybook.reports.codes import TABLE_SECRET, table_code
from tourneybook.reports.qr import png_qr
from tourneybook.reports.stamp import ADDRESS_KEY

from tourneybook.files.filestore import FileWorkbook
from tourneybook.live.app import create_app
from tourneybook.live.guard import DEVICE_COOKIE
from tourneybook.live.hall import Hall
from tourneybook.reports.importing import import_reports
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.reports.stages import STAGES_ROUND
from tourneybook.workbook.settings_sheet import SETTINGS, live_reporting_cells

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
KNOCKOUT = "Knock-out matches"


def example(name: str, folder: Path) -> Path:
    copy = folder / f"{name}.xlsx"
    shutil.copyfile(WORKBOOKS / f"{name}-example.xlsx", copy)
    book = FileWorkbook(copy)
    # the examples predate the row: added below the others, as `live --reporting on` adds it
    book.write_cells(SETTINGS.name, live_reporting_cells(book.read(SETTINGS.name), on=True))
    book.save()
    return copy


def without_stage(event: Path, stage: str) -> int:
    """Clear the knock-out row of ``stage`` (a match not typed yet); its line."""
    book = FileWorkbook(event)
    grid = book.read(KNOCKOUT)
    line = next(i for i, row in enumerate(grid.rows, start=1) if row and row[0] == stage)
    book.write_cells(KNOCKOUT, {(line, col): None for col in range(1, len(grid.rows[line - 1]) + 1)})
    book.save()
    return line


def typed_text(value) -> str:
    """A cell as a player would type it on the phone."""
    return "" if value is None else value.strftime("%H:%M") if hasattr(value, "strftime") else str(value)


def served(event: Path) -> Hall:
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    return hall


def phone(hall: Hall, device: str) -> TestClient:
    """A phone of its own: its own cookie and network address (a confirmation from the reporting phone's address is
    flagged at the import)."""
    c = TestClient(create_app(hall), base_url="http://hall.test", client=(device, 50000))
    c.cookies.set(DEVICE_COOKIE, device)
    return c


def report_and_confirm(hall: Hall, code: str, values: dict[str, str]) -> str:
    """Report from one phone, confirm from another; the first phone's answer (with the points the report gives)."""
    first, second = phone(hall, "phone-a"), phone(hall, "phone-b")
    table = hall.table_of(code)
    mine, theirs = (hall.seat_code_of(table, s.seat) for s in table.seats[:2])  # the codes beside two names
    token = re.search(r'name="csrf" value="([^"]+)"', first.get(f"/t/{code}").text)[1]
    answer = first.post(f"/t/{code}", data={"csrf": token, "seat_code": mine, **values})
    assert answer.status_code == 200, answer.text
    page = second.get(f"/t/{code}").text
    token, report = re.search(r'name="csrf" value="([^"]+)"', page)[1], re.search(r'name="report" value="(\d+)"', page)[1]
    assert second.post(f"/t/{code}/confirm", data={"csrf": token, "report": report, "seat_code": theirs}).status_code == 200
    return answer.text


def confirmed_in_journal(hall: Hall, table, values: dict[str, str]) -> None:
    """A confirmed report of a table whose result is typed already: the phone refuses one now (it shows the typed
    result), but a report sent before the result was typed is in the journal all the same."""
    sent = hall.journal.add(table.round, table.table, values, "phone-a")
    hall.journal.confirm(sent.id, "phone-b")


def test_a_knockout_final_not_yet_typed_is_reported_from_a_phone_and_imported_into_a_new_row(tmp_path):
    event = example("carcassonne2004", tmp_path)
    line = without_stage(event, "F")
    hall = served(event)
    final = next(t for t in hall.state.stages.tables if t.stage == "F")
    assert (final.round, final.table) == (STAGES_ROUND, 15)
    assert [s.player for s in final.seats] == ["Anna Eriksen", "Elena Costa"]  # the semi-finals' winners, higher seed first
    code = hall.code_of(final)
    assert "Match F" in phone(hall, "phone-a").get(f"/t/{code}").text
    stored = report_and_confirm(hall, code, {"Game 1 VP A": "120", "Game 1 VP B": "98", "Game 2 VP A": "101",
                                              "Game 2 VP B": "99"})
    # what the report gives, as the Knock-out sheet will say it: two games won, 221-197, Anna Eriksen the champion
    assert "<td>wins</td><td></td><td>2-0</td>" in stored and "<td>VP totals</td><td></td><td>221-197</td>" in stored
    assert "<td>winner</td><td></td><td>Anna Eriksen</td>" in stored
    book = FileWorkbook(event)
    done = import_reports(book, hall.journal)
    assert done.lines() == ["Match F: written"]
    director = phone(hall, "director-laptop")
    token = re.search(r'name="csrf" value="([^"]+)"', director.get("/director").text)[1]
    listed = director.post("/director", data={"csrf": token, "key": hall.director_key}).text
    assert "Match F" in listed
    book.save()
    row = FileWorkbook(event, read_only=True).read(KNOCKOUT).rows[line - 1]
    assert list(row[:7]) == ["F", "Anna Eriksen", "Elena Costa", 120, 98, None, 101]


def test_a_knockout_report_is_checked_by_the_rules_code_naming_the_field(tmp_path):
    event = example("carcassonne2004", tmp_path)
    without_stage(event, "F")
    hall = served(event)
    code = hall.code_of(next(t for t in hall.state.stages.tables if t.stage == "F"))
    c = phone(hall, "phone-a")
    token = re.search(r'name="csrf" value="([^"]+)"', c.get(f"/t/{code}").text)[1]
    answer = c.post(f"/t/{code}", data={"csrf": token, "Game 1 VP A": "lots", "Game 1 VP B": "98"})
    assert answer.status_code == 422 and "Game 1 VP A: &#34;lots&#34; is not a whole number" in answer.text
    assert hall.journal.reports() == []


def test_a_match_the_bracket_no_longer_has_is_refused_at_import(tmp_path):
    event = example("carcassonne2004", tmp_path)
    without_stage(event, "F")
    hall = served(event)
    final = next(t for t in hall.state.stages.tables if t.stage == "F")
    report_and_confirm(hall, hall.code_of(final), {"Game 1 VP A": "120", "Game 1 VP B": "98"})
    without_stage(event, "SF1")  # the director takes a semi-final back: the final's players are not known
    before = event.read_bytes()
    book = FileWorkbook(event)
    done = import_reports(book, hall.journal)
    assert not done.written and len(done.refused) == 1
    assert "the knock-out has no match 15 with both players known" in done.lines()[0]
    assert event.read_bytes() == before


def test_the_friedrich_final_is_reported_and_never_overwrites_the_typed_result(tmp_path):
    event = example("fwc2022", tmp_path)
    hall = served(event)
    final = hall.state.stages.tables[0]
    assert hall.state.stages.sheet == "Final game" and [s.player for s in final.seats] == [
        "Felix Vidal", "Zoe Dorn", "Klara Novak", "Dmitri Weber"]
    assert not any(h.startswith("Lot ") for h in hall.state.stages.headers)  # a lot is the director's
    code = hall.code_of(final)
    assert "Final, table 1" in phone(hall, "phone-a").get(f"/t/{code}").text
    typed = FileWorkbook(event, read_only=True).read("Final game")
    as_typed = {h: typed_text(typed.value(final.seats[0].line, hall.state.stages.columns[h])) for h in hall.state.stages.headers}
    assert as_typed["Winners"] == "Prussia" and as_typed["France held"] == "5"
    # the phone says the result is in the workbook, with its points, and who to tell: no form to send
    page = phone(hall, "phone-a").get(f"/t/{code}").text
    assert 'id="in-workbook"' in page and "tell the director" in page and 'id="send"' not in page
    assert "<td>Maria Theresa</td><td>Klara Novak</td><td>8.00</td>" in page  # the final game score it gives
    refused = phone(hall, "phone-a").post(f"/t/{code}", data={"csrf": "x", **as_typed})
    assert refused.status_code == 409 and hall.journal.reports() == []
    # a report that reached the journal another way (sent before the result was typed) is never written over it
    sent = hall.journal.add(final.round, final.table, {**as_typed, "France held": "6"}, "phone-a")
    hall.journal.confirm(sent.id, "phone-b")
    before = event.read_bytes()
    done = import_reports(FileWorkbook(event), hall.journal)
    assert done.lines() == ["Final, table 1: NOT written, the workbook has another result "
                            "(France held: workbook '5', reported '6'); left to the director"]
    assert event.read_bytes() == before


ADDRESS = "http://192.168.1.20:8765/"


def printed_text(out: Path) -> str:
    return " ".join(str(c.value) for ws in openpyxl.load_workbook(out).worksheets for row in ws.iter_rows() for c in row
                    if c.value)


def test_the_finals_printed_report_carries_its_code_and_the_qr_code_that_opens_it(tmp_path):
    event = example("fwc2022", tmp_path)
    journal = Journal(journal_path(event))
    journal.remember(ADDRESS_KEY, ADDRESS)
    code = table_code(journal.secret(TABLE_SECRET), STAGES_ROUND, 1)
    out = tmp_path / "final.xlsx"
    assert main(["forms", str(event), "--final", "--out", str(out)]) == 0
    assert f"Table code {code} Report this result on a phone" in printed_text(out)  # a box at the top (issue 29)
    assert f"or open {ADDRESS} and type the code" in printed_text(out)
    with zipfile.ZipFile(out) as book:
        media = {book.read(n) for n in book.namelist() if n.startswith("xl/media/")}
    assert png_qr(f"{ADDRESS}t/{code}", scale=2) in media
    assert served(event).code_of(served(event).state.stages.tables[0]) == code  # the server opens what was printed


def test_the_printed_bracket_lists_the_code_of_every_match_a_phone_can_report(tmp_path, capsys):
    event = example("carcassonne2004", tmp_path)
    without_stage(event, "F")
    secret = Journal(journal_path(event)).secret(TABLE_SECRET)
    out = tmp_path / "bracket.xlsx"
    assert main(["forms", str(event), "--bracket", "--out", str(out)]) == 0
    text = printed_text(out)
    assert f"F {table_code(secret, STAGES_ROUND, 15)}" in text and f"S1 {table_code(secret, STAGES_ROUND, 1)}" in text
    assert "has not served this event on the hall's network yet" in capsys.readouterr().out  # no address yet: the codes alone


def test_the_buttons_final_forms_action_stamps_the_same_code(tmp_path):
    from tourneybook.excel.actions import FINAL_FORMS, Choice, run_action

    event = example("fwc2022", tmp_path)
    journal = Journal(journal_path(event))
    journal.remember(ADDRESS_KEY, ADDRESS)
    report = run_action(FileWorkbook(event), Choice(FINAL_FORMS, None))
    assert report.ok and [f.code for f in report.forms] == [table_code(journal.secret(TABLE_SECRET), STAGES_ROUND, 1)]


def test_a_knockout_report_waits_while_the_workbook_has_problems(tmp_path):
    event = example("carcassonne2004", tmp_path)
    without_stage(event, "F")
    hall = served(event)
    report_and_confirm(hall, hall.code_of(next(t for t in hall.state.stages.tables if t.stage == "F")),
                       {"Game 1 VP A": "120", "Game 1 VP B": "98"})
    book = FileWorkbook(event)
    book.write_cells("Preliminary", {(4, 4): "lots"})  # a VP that is not a number: the bracket cannot be known
    book.save()
    before = event.read_bytes()
    done = import_reports(FileWorkbook(event), hall.journal)
    assert not done.written and done.lines()[0].startswith("Match number 15: refused, the workbook has problems (")
    assert done.lines()[0].endswith("): recalculate, correct them, then import again")
    assert event.read_bytes() == before


def test_the_buttons_import_types_the_finals_report_into_the_final_game_row(tmp_path):
    from tourneybook.excel.actions import IMPORT_REPORTS, Choice, run_action

    event = example("fwc2022", tmp_path)
    book = FileWorkbook(event)
    line = served(event).state.stages.tables[0].seats[0].line
    columns = served(event).state.stages.columns
    book.write_cells("Final game", {(line, columns["Note"]): None, (line, columns["Start time"]): None})
    book.save()
    hall = served(event)
    confirmed_in_journal(hall, hall.state.stages.tables[0], {
        h: typed_text(FileWorkbook(event, read_only=True).read("Final game").value(line, columns[h]))
        for h in hall.state.stages.headers} | {"Note": "played in the main hall", "Start time": "14:30"})
    store = FileWorkbook(event)
    report = run_action(store, Choice(IMPORT_REPORTS))
    assert report.ok and "Final, table 1: written" in report.message
    store.save()
    typed = FileWorkbook(event, read_only=True).read("Final game")
    assert typed.value(line, columns["Note"]) == "played in the main hall"
    assert typed.value(line, columns["Start time"]) == 14.5 / 24  # a time of day, as Excel keeps it (a day's fraction)


def test_the_finals_report_is_imported_while_a_qualifying_game_has_a_problem(tmp_path):
    # the final's table is its 'Final game' row alone, as a round's table is its draw row: a problem elsewhere is
    # recalc's to show (only a knock-out's report waits, its bracket coming from the standings)
    event = example("fwc2022", tmp_path)
    hall = served(event)
    final, columns = hall.state.stages.tables[0], hall.state.stages.columns
    line = final.seats[0].line
    book = FileWorkbook(event)
    book.write_cells("Final game", {(line, columns["Note"]): None})
    book.write_cells("Qualifying games", {(4, 23): "lots"})  # Russia held, round 1 table 1: not a number
    book.save()
    confirmed_in_journal(hall, final, {"Note": "played in the main hall"})
    done = import_reports(FileWorkbook(event), hall.journal)
    assert done.lines() == ["Final, table 1: written"]
