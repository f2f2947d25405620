"""The director settles every case (TestClient): each report state and decision, the clock, check-in into the draw.

Every transition is driven through the director's own forms (CSRF included) and
read back from the director's page, /api/state and the workbook.
"""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.live.app import create_app
from tourneybook.live.clock import RoundClock
from tourneybook.live.guard import DEVICE_COOKIE
from tourneybook.reports.journal import Journal, journal_path

RESULT = {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}


def client(hall, device: str) -> TestClient:
    c = TestClient(create_app(hall), base_url="http://hall.test")
    c.cookies.set(DEVICE_COOKIE, device)
    return c


def token(c: TestClient, path: str = "/director") -> str:
    return re.search(r'name="csrf" value="([^"]+)"', c.get(path).text)[1]


def director(hall) -> TestClient:
    c = client(hall, "director-laptop")
    assert c.post("/director", data={"csrf": token(c), "key": hall.director_key}, follow_redirects=False).status_code == 303
    return c


def act(c: TestClient, path: str, **form) -> int:
    return c.post(path, data={"csrf": token(c), **form}, follow_redirects=False).status_code


def report_box(page: str, report_id: int) -> str:
    """The line of the table whose latest report is ``report_id``, with its folded details."""
    return re.split(r'<details class="line|</section>', page.split(f'id="report-{report_id}"', 1)[1], maxsplit=1)[0]


def rows(box: str) -> list[tuple[bool, tuple[str, ...]]]:
    """(differs, the cells' texts) of each row of the versions side by side; a settling entry reads as its value."""
    found = []
    for attrs, row in re.findall(r"<tr([^>]*)>(.*?)</tr>", box, re.S):
        cells = [re.sub(r"<input[^>]*value=\"([^\"]*)\"[^>]*>", r"\1", c) for c in re.findall(r"<td>(.*?)</td>", row, re.S)]
        if cells:
            found.append(("differs" in attrs, tuple(re.sub(r"<[^>]+>", "", c).strip() for c in cells)))
    return found


def test_every_report_state_and_the_directors_decisions(hall, event, capsys):
    one, two = hall.state.draw.table(1, 1), hall.state.draw.table(1, 2)
    typed = hall.journal.add(1, 1, RESULT, "phone-a")
    disputed = hall.journal.add(1, 2, RESULT, "phone-c")
    hall.journal.dispute(disputed.id, "Player 2", "VP 2 was 85", {**RESULT, "VP 2": "85"}, "phone-d")
    d = director(hall)
    page = d.get("/director").text
    assert "waiting for a second player" in report_box(page, typed.id) and "disputed" in report_box(page, disputed.id)
    assert "VP 2 was 85" in report_box(page, disputed.id)  # both versions, field by field
    assert (True, ("VP 2", "80", "85", "80")) in rows(report_box(page, disputed.id))  # the last: settled as, in place
    assert (False, ("VP 1", "90", "90", "90")) in rows(report_box(page, disputed.id))
    assert hall.player(one.seats[0].player)["rounds"][0]["report"] == "waiting"  # the player's card says so

    # a typed result in the workbook; the waiting report is confirmed by the director and clashes at the import
    book = FileWorkbook(event)
    book.write_cells("Preliminary", {(one.seats[0].line, 4): 95})
    book.save()
    assert act(d, "/director/report", action="confirm", report=str(typed.id)) == 303
    assert act(d, "/director/report", action="accept", report=str(disputed.id)) == 303
    assert main(["import-reports", str(event)]) == 0
    out = capsys.readouterr().out
    assert "round 1 table 1: NOT written" in out and "round 1 table 2: written" in out and "left to the director" in out
    page = d.get("/director").text
    clash = report_box(page, typed.id)
    assert "clashes with the workbook" in clash
    assert (True, ("VP 1", "95", "90", "90")) in rows(clash)
    assert (False, ("VP 2", "", "80", "80")) in rows(clash)  # a blank typed cell does not clash: the import fills it
    assert "imported" in report_box(page, disputed.id)
    assert hall.player(two.seats[0].player)["rounds"][0]["report"] == "imported"

    # the import does not repeat the clash; the director rejects it: the typed result stands, nothing imported
    assert main(["import-reports", str(event)]) == 0
    assert "NOT written" not in capsys.readouterr().out
    assert act(d, "/director/report", action="reject", report=str(typed.id), reason="the paper form is right") == 303
    assert "rejected" in report_box(d.get("/director").text, typed.id)
    assert act(d, "/director/report", action="accept", report=str(typed.id)) == 409  # a rejected report stays so
    assert act(d, "/director/report", action="undo", report=str(typed.id)) == 422
    assert act(d, "/director/report", action="reject", report="²") == 400  # a parameter no page sends (params.py)
    stranger = client(hall, "phone-x")
    assert act(stranger, "/director/report", action="accept", report=str(typed.id)) == 403  # the key is needed


def test_the_round_clock_started_paused_extended_reset_and_time(hall, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr("tourneybook.live.director.time.time", lambda: now[0])
    monkeypatch.setattr("tourneybook.live.hall.time.time", lambda: now[0])
    d = director(hall)
    assert act(d, "/director/clock", action="start", minutes="50") == 303
    assert hall.api()["clock"] == {"state": "running", "ends_at": 4000.0, "remaining": 3000.0, "minutes": 50, "started": 1000.0}
    now[0] = 1600.0
    assert act(d, "/director/clock", action="pause") == 303
    assert hall.api()["clock"]["state"] == "paused" and hall.api()["clock"]["remaining"] == 2400.0
    assert "paused, 40:00 left" in d.get("/director").text
    now[0] = 5000.0  # paused: no time passes
    assert act(d, "/director/clock", action="resume") == 303
    assert hall.api()["clock"]["ends_at"] == 7400.0
    assert act(d, "/director/clock", action="extend", minutes="5") == 303
    assert hall.api()["clock"]["ends_at"] == 7700.0
    assert Journal(journal_path(hall.workbook)).recall("round-clock")  # kept: a restarted server counts on
    now[0] = 7700.0
    before = hall.version
    hall.api_json()
    assert hall.version == before + 1 and hall.api()["clock"]["state"] == "time"  # zero: a new state, "time"
    assert act(d, "/director/clock", action="reset") == 303
    assert hall.api()["clock"]["state"] == "stopped"
    assert act(d, "/director/clock", action="extend", minutes="0") == 400
    assert act(d, "/director/clock", action="start", minutes="99999") == 400


def test_the_clock_is_one_value_kept_as_text():
    clock = RoundClock().started(10, 0.0).paused(60.0)
    assert RoundClock.recalled(clock.kept()) == clock
    assert RoundClock.recalled("not json") == RoundClock()


def test_check_in_from_phones_into_the_players_sheet_and_the_next_draw(hall, event, capsys):
    main(["absent", str(event), "Anna Berg", "--round", "2"])  # told the desk before: she comes after all
    assert hall.reload()
    d = director(hall)
    assert act(d, "/director/checkin", action="open", round="2") == 303
    state = hall.api()["checkin"]
    assert state == {"round": 2, "open": True, "answers": {}}
    phone = client(hall, "phone-z")
    page = phone.get("/checkin?player=Zoë Faure").text
    assert "I play round 2" in page and "I skip round 2" in page
    assert act(phone, "/checkin?player=Zoë Faure", player="Zoë Faure", answer="skip") == 200
    assert act(phone, "/checkin", player="Anna Berg", answer="play") == 200
    assert act(phone, "/checkin", player="Nobody", answer="play") == 409
    assert hall.api()["checkin"]["answers"] == {"Zoë Faure": "skip", "Anna Berg": "play"}
    page = d.get("/director").text
    assert "Open for round 2: 2 answered, 6 not yet." in page and "Łukasz Nowak" in page.split('id="missing"')[1]

    assert main(["import-reports", str(event)]) == 0
    out = capsys.readouterr().out
    assert "Zoë Faure: updated (Players!" in out and "absent in round 2" in out and "Anna Berg: updated" in out
    assert main(["import-reports", str(event)]) == 0  # imported once
    assert "Zoë Faure" not in capsys.readouterr().out
    assert act(d, "/director/checkin", action="close") == 303
    assert hall.api()["checkin"]["open"] is False
    assert act(phone, "/checkin", player="Anna Berg", answer="skip") == 409  # closed

    # round 1's results, then round 2 is drawn for exactly who checked in to play
    book = FileWorkbook(event)
    for table in hall.state.draw.tables:
        book.write_cells("Preliminary", {(table.seats[0].line, col): vp for col, vp in zip((4, 6, 8, 10), (90, 80, 70, 60))})
    book.save()
    assert main(["draw", str(event), "--round", "2"]) == 0
    assert hall.reload()
    seated = {s["player"] for t in hall.api()["seating"] for s in t["seats"]}
    assert "Zoë Faure" not in seated and "Anna Berg" in seated and len(seated) == 7


def test_a_refused_check_in_is_said_with_the_actions_sentence(hall, event, capsys):
    assert main(["withdraw", str(event), "Emma Weber", "--after-round", "1"]) == 0
    hall.checkin.open(2)
    hall.journal.check_in(2, "Emma Weber", "skip", "phone-e")
    before = event.read_bytes()
    assert main(["import-reports", str(event)]) == 0
    assert ("Emma Weber, round 2: refused, Players!" in capsys.readouterr().out)
    assert event.read_bytes() == before
    (answer,) = hall.journal.check_ins(2)
    assert "withdrew after round 1, so does not play round 2 anyway: nothing to mark absent" in answer.imported


def test_the_pages_data_follow_the_event(hall, event):
    api = hall.api()
    assert api["stage"] == {"kind": "round", "title": "Round 1", "round": 1}
    assert all(r["rank"] is None and r["reason"] == "no result yet" for r in api["standings"]["rows"])
    one = hall.state.draw.table(1, 1)
    player = one.seats[0].player
    (mine,) = hall.player(player)["rounds"]
    assert mine == {"round": 1, "label": "Round 1, table 1", "table": 1, "seat": one.seats[0].seat,
                    "opponents": [s.player for s in one.seats[1:]], "points": None, "report": None, "new": True}
    book = FileWorkbook(event)
    book.write_cells("Preliminary", {(one.seats[0].line, col): vp for col, vp in zip((4, 6, 8, 10), (90, 80, 70, 60))})
    book.save()
    assert main(["recalc", str(event)]) == 0
    assert hall.reload()
    api = hall.api()
    assert api["counted"] == {"after_round": 0, "heading": "",  # a Carcassonne table counts as soon as it is entered
                              "note": "round 1: 1 of 2 tables entered; the standings count those 1"}
    (mine,) = hall.player(player)["rounds"]
    assert mine["points"] == "5.00" and mine["new"] is False


def test_after_the_rounds_the_seating_is_the_knockout_or_the_top_board(tmp_path):
    import shutil
    from pathlib import Path

    from tourneybook.live.hall import Hall

    shown, halls = {}, {}
    for name in ("carcassonne2004", "italia2010"):
        event = tmp_path / f"{name}.xlsx"
        shutil.copyfile(Path(__file__).resolve().parents[2] / "workbooks" / f"{name}-example.xlsx", event)
        hall = Hall(event, Journal(journal_path(event)))
        assert hall.reload(), hall.problems
        shown[name], halls[name] = hall.api(), hall
    knockout = shown["carcassonne2004"]
    assert knockout["stage"] == {"kind": "knockout", "title": "Knock-out", "round": 4}
    assert [(t["label"], t["state"]) for t in knockout["seating"]][-3:] == [
        ("Match SF1", "played"), ("Match SF2", "played"), ("Match F", "played")]
    assert next(p for p in knockout["by_name"] if p["player"] == "Anna Eriksen")["table"] == 15  # her last match, F
    assert len(knockout["by_name"]) == len({p["player"] for p in knockout["by_name"]}) == 16
    final = next(r for r in halls["carcassonne2004"].player("Anna Eriksen")["rounds"] if r["label"] == "Match F")
    assert final["opponents"] == ["Elena Costa"] and final["points"] == "wins 1-1; VP totals 324-325; winner Elena Costa"
    top = shown["italia2010"]
    assert top["stage"] == {"kind": "top board", "title": "Round 4: top board 1", "round": 4, "board": 1}
    assert top["seating"][0]["label"] == "Top board 1" and "label" not in top["seating"][1]
    assert top["counted"] == {"after_round": 4, "heading": "after round 4", "note": ""}
