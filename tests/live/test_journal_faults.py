"""A damaged, locked or lost journal, a lost workbook: a sentence, the hall still serving, and the codes unchanged."""

from __future__ import annotations

import re
import sqlite3

import pytest
from starlette.testclient import TestClient

from tourneybook.cli import main
from tourneybook.live.app import create_app
from tourneybook.live.guard import DEVICE_COOKIE
from tourneybook.live.hall import Hall
from tourneybook.errors import InputError
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.reports.keys import event_keys, secret_path

RESULT = {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}


class NoServer:
    """uvicorn's server replaced: the command runs up to serving (what it prints), then returns."""

    def __init__(self, config):
        self.config = config

    def run(self):
        return None


def damage(path, how: str) -> None:
    """The journal cut in the middle, zeroed, or replaced by another file, as the issue's fault catalogue did."""
    data = path.read_bytes()
    for side in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        side.unlink(missing_ok=True)
    path.write_bytes({"cut": data[: len(data) // 2], "zeroed": bytes(len(data)), "junk": b"not a journal\n" * 300}[how])


def with_reports(event, tables=range(1, 40)) -> Journal:
    journal = Journal(journal_path(event))
    for table in tables:  # by default pages enough that a cut one is missing some
        report = journal.add(1, table, {**RESULT, "Note": "x" * 400}, "phone-a")
        journal.confirm(report.id, "phone-b")
    db = sqlite3.connect(journal.path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # everything in the main file, as after a clean stop
    db.close()
    return journal


@pytest.mark.parametrize("how", ["cut", "zeroed", "junk"])
def test_a_damaged_journal_is_a_sentence_for_import_reports_and_live_keeps_serving(event, how, capsys, monkeypatch):
    journal = with_reports(event)
    damage(journal.path, how)
    before = event.read_bytes()
    assert main(["import-reports", str(event)]) == 1
    said = capsys.readouterr()
    assert "the reports journal hall.reports.sqlite is damaged" in said.err + said.out and "Traceback" not in said.err
    assert event.read_bytes() == before

    import uvicorn  # the command up to serving, then the app over the journal as the command makes it

    monkeypatch.setattr(uvicorn, "Server", NoServer)
    assert main(["live", str(event), "--port", "8799"]) == 0
    out = capsys.readouterr().out
    assert "warning: the reports journal hall.reports.sqlite is damaged" in out and "collect the paper forms" in out
    hall = Hall(event, Journal(journal_path(event), check=False))
    assert hall.reload()
    c = TestClient(create_app(hall), base_url="http://hall.test")
    c.cookies.set(DEVICE_COOKIE, "phone-a")
    assert c.get("/").status_code == 200 and c.get("/api/state").json()["round"] == 1
    code = hall.code_of(hall.state.draw.tables[0])
    page = c.get(f"/t/{code}")
    assert page.status_code == 200 and "cannot be read just now" in page.text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)[1]
    table = hall.state.draw.tables[0]
    sent = c.post(f"/t/{code}", data={"csrf": csrf, "seat_code": hall.seat_code_of(table, table.seats[0].seat), **RESULT})
    assert sent.status_code == 503 and "hall.reports.sqlite is damaged" in sent.text and "hand in" in sent.text
    c.post("/director", data={"csrf": csrf, "key": hall.director_key})
    director = c.get("/director")  # the director reads why, and the round clock still works
    assert director.status_code == 200 and "Reports cannot be read: the reports journal hall.reports.sqlite is damaged" in director.text
    assert c.post("/director/clock", data={"csrf": csrf, "minutes": "50"}, follow_redirects=False).status_code == 303


def test_a_journal_locked_by_another_program_is_said_in_words(event, capsys):
    journal = with_reports(event, (1, 2))  # the event's two tables
    before = event.read_bytes()
    other = sqlite3.connect(journal.path, isolation_level=None)  # a database browser holding it
    other.execute("PRAGMA locking_mode=EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("INSERT INTO meta (key, value) VALUES ('held', 'by another program')")
    try:
        assert main(["import-reports", str(event)]) == 1
    finally:
        other.execute("ROLLBACK")
        other.close()
    said = capsys.readouterr()
    assert "hall.reports.sqlite is locked by another program" in said.err + said.out and "Traceback" not in said.err
    assert event.read_bytes() == before
    assert main(["import-reports", str(event)]) == 0  # the program closed: the import goes through
    assert "round 1 table 1: written" in capsys.readouterr().out


def test_the_codes_and_the_director_key_survive_a_deleted_journal(hall, event):
    table = hall.state.draw.tables[0]
    code, key = hall.code_of(table), hall.director_key
    assert secret_path(event).is_file() and secret_path(event).name == "hall.live-secret"
    journal_path(event).unlink()  # the organiser deletes the file they do not know
    again = Hall(event, Journal(journal_path(event)))
    assert again.reload() and again.code_of(table) == code and again.director_key == key and not again.keys.made
    secret_path(event).unlink()  # the secret file lost instead: the journal's copy brings it back
    third = Hall(event, Journal(journal_path(event)))
    assert third.reload() and third.code_of(table) == code and third.director_key == key and not third.keys.made
    assert secret_path(event).is_file()


def test_codes_printed_before_live_started_are_the_ones_it_serves(event):
    from tourneybook.reports.stamp import secret_and_address

    printed, _ = secret_and_address(event)  # what `forms` stamps
    journal_path(event).unlink()
    assert Hall(event, Journal(journal_path(event))).table_secret == printed


def test_secrets_lost_with_the_journal_are_announced_with_what_to_print_again(event, capsys, monkeypatch):
    import uvicorn

    monkeypatch.setattr(uvicorn, "Server", NoServer)
    assert main(["live", str(event), "--port", "8799"]) == 0
    assert "new table codes" not in capsys.readouterr().out  # the first start makes them: no form has other codes
    assert main(["live", str(event), "--port", "8799"]) == 0
    assert "new table codes" not in capsys.readouterr().out
    assert main(["forms", str(event), "--round", "1"]) == 0  # the round's forms, with the codes
    journal_path(event).unlink()
    secret_path(event).unlink()
    assert main(["live", str(event), "--port", "8799"]) == 0
    assert "if forms with table codes were printed for this event before, they carry other codes: print the round's " \
           "forms again" in capsys.readouterr().out


def test_an_unreadable_secret_file_is_never_replaced_without_a_word(event):
    secret_path(event).write_text("{not json", encoding="utf-8")
    with pytest.raises(InputError, match=r"hall.live-secret \(the secrets of the table codes and the director key\) "
                                        r"cannot be read .*delete it to make new ones"):
        event_keys(event)
    assert main(["live", str(event), "--port", "8799"]) == 1


def test_no_page_or_answer_carries_a_folder_path(hall, event, tmp_path):
    c = TestClient(create_app(hall), base_url="http://hall.test")
    event.rename(tmp_path / "elsewhere.xlsx")  # the workbook deleted or moved while the hall serves
    assert not hall.reload()
    state = c.get("/api/state").text
    assert str(tmp_path) not in state and "hall.xlsx: no such workbook" in state
    for path in ("/", "/projector", "/director"):
        assert str(tmp_path) not in c.get(path).text


def test_the_buttons_import_says_a_damaged_journal_in_the_issues(event):
    from tourneybook.excel.actions import IMPORT_REPORTS, Choice, run_action
    from tourneybook.files.filestore import FileWorkbook

    journal = with_reports(event, (1, 2))
    damage(journal.path, "zeroed")
    report = run_action(FileWorkbook(event), Choice(IMPORT_REPORTS, None))
    assert not report.ok and "the reports journal hall.reports.sqlite is damaged" in str(report.problems[0])


def test_a_damaged_journal_stops_no_draw_and_the_forms_say_why(event, tmp_path, capsys):
    damage(with_reports(event, (1,)).path, "junk")
    assert main(["forms", str(event), "--round", "1", "--out", str(tmp_path / "forms.xlsx")]) == 1
    said = capsys.readouterr()
    assert "the reports journal hall.reports.sqlite is damaged" in said.err + said.out and "Traceback" not in said.err
    assert main(["draw", str(event), "--round", "2"]) == 0  # the seating's QR picture waits for a good journal


def test_a_folder_where_the_journal_belongs_is_named_as_a_folder_at_start_and_at_import(event, capsys, monkeypatch):
    """Issue 38 item 8: `live` warned at start, then import-reports said there was "no reports journal"."""
    import uvicorn

    monkeypatch.setattr(uvicorn, "Server", NoServer)
    journal_path(event).mkdir()
    assert main(["live", str(event), "--port", "8799"]) == 0
    said = "hall.reports.sqlite beside the workbook is a folder, not a reports journal: move it away or rename it"
    assert said in capsys.readouterr().out
    assert main(["import-reports", str(event)]) == 1
    err = capsys.readouterr().err
    assert said in err and "no reports journal" not in err


def test_a_folder_where_the_secret_file_belongs_is_named_never_its_temporary_file(event, capsys):
    """Issue 38 item 8: the refusal named the temporary 'hall.live-secret.tmp'."""
    secret_path(event).mkdir()
    with pytest.raises(InputError, match=r"hall.live-secret beside the workbook \(the secrets of the table codes and "
                                        r"the director key\) is a folder, not the secrets file"):
        event_keys(event)
    assert main(["live", str(event), "--port", "8799"]) == 1
    assert ".tmp" not in capsys.readouterr().err
    assert not secret_path(event).with_name("hall.live-secret.tmp").exists()


def test_a_journal_deleted_while_the_hall_serves_is_made_again_for_the_next_report(hall, event):
    """Issue 38 item 8: every report was answered 503 "no such table" until a restart."""
    table = hall.state.draw.tables[0]
    c = TestClient(create_app(hall), base_url="http://hall.test")
    c.cookies.set(DEVICE_COOKIE, "phone-a")
    code = hall.code_of(table)
    csrf = re.search(r'name="csrf" value="([^"]+)"', c.get(f"/t/{code}").text)[1]
    journal_path(event).unlink()  # the organiser deletes the file they do not know, while live serves
    answer = c.post(f"/t/{code}", data={"csrf": csrf, "seat_code": hall.seat_code_of(table, table.seats[0].seat),
                                         "VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"})
    assert answer.status_code == 200 and "Your result is stored" in answer.text
    assert [r.values["VP 1"] for r in Journal(journal_path(event)).reports()] == ["90"]
