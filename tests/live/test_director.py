"""The director settles every case (TestClient): each report state and decision, the clock, check-in into the draw.

Every transition is driven through the director's own forms (CSRF included) and
read back from the director's page, /api/state and the workbook.
"""

from __future__ import annotations

import html
import re
import time

from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.live.app import create_app
from tourneybook.reports.checkin import PER_PHONE
from tourneybook.live.clock import CLOCK_KEY, LONGEST, RUNNING, STOPPED, RoundClock
from tourneybook.live.hall import Hall
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
    assert hall.api()["clock"] == {"state": "running", "ends_at": 4000.0, "remaining": 3000.0, "minutes": 50, "started": 1000.0,
                                   "stage": "Round 1", "stage_key": "round 1", "note": ""}  # the round being played
    now[0] = 1600.0
    assert act(d, "/director/clock", action="pause") == 303
    assert hall.api()["clock"]["state"] == "paused" and hall.api()["clock"]["remaining"] == 2400.0
    assert "Round 1: paused, 40:00 left" in d.get("/director").text
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
    assert act(d, "/director/clock", action="extend", minutes="5") == 303  # "time", and five minutes more
    assert {k: hall.api()["clock"][k] for k in ("state", "remaining", "stage", "stage_key")} == \
           {"state": "running", "remaining": 300.0, "stage": "Round 1", "stage_key": "round 1"}  # still round 1's
    assert act(d, "/director/clock", action="reset") == 303
    assert hall.api()["clock"]["state"] == "stopped"
    assert act(d, "/director/clock", action="extend", minutes="0") == 400
    assert act(d, "/director/clock", action="start", minutes="99999") == 400


def test_the_clock_belongs_to_its_round_and_stops_when_the_next_is_drawn(hall, event):
    d = director(hall)
    assert act(d, "/director/clock", action="start", minutes="50") == 303
    assert hall.api()["clock"]["stage"] == "Round 1"
    for table in hall.state.draw.tables:  # round 1's results typed, then round 2 drawn: the event moved on
        hall.journal.confirm(hall.journal.add(1, table.table, {f"VP {i}": str(50 + i) for i in range(1, 5)}, "a").id, "b")
    assert main(["import-reports", str(event)]) == 0 and main(["draw", str(event), "--round", "2"]) == 0
    assert hall.reload()
    clock = hall.api()["clock"]
    assert (clock["state"], clock["note"]) == ("stopped", "Round 1's clock stopped: round 2 is drawn.")
    page = d.get("/director").text
    assert "stopped (not shown). Round 1&#39;s clock stopped: round 2 is drawn." in page
    assert "Start Round 2&#39;s clock now, minutes" in page
    assert act(d, "/director/clock", action="start", minutes="40") == 303
    assert hall.api()["clock"]["stage"] == "Round 2" and hall.api()["clock"]["note"] == ""
    assert hall.reload() and hall.api()["clock"]["state"] == "running"  # a save within the round leaves it running


def test_the_winner_once_the_final_or_the_knockout_is_decided_and_no_clock_after_it(tmp_path):
    from test_final_and_knockout import example, served

    for name, said in (("fwc2022", {"title": "Winner", "player": "Felix Vidal"}),
                       ("carcassonne2004", {"title": "Champion", "player": "Elena Costa"}),
                       ("codcon2008", None)):  # decided by its standings: their first place says it
        hall = served(example(name, tmp_path))
        assert hall.api()["winner"] == said
        if said:
            assert act(director(hall), "/director/clock", action="start", minutes="30") == 409
            assert hall.api()["clock"]["state"] == "stopped"


def test_the_clock_never_shows_more_than_a_day_whatever_the_director_sends(hall, monkeypatch):
    """Issue 38 item 6: five extensions of 1440 minutes made a clock of 120 hours."""
    now = [1000.0]
    monkeypatch.setattr("tourneybook.live.director.time.time", lambda: now[0])
    monkeypatch.setattr("tourneybook.live.hall.time.time", lambda: now[0])
    d = director(hall)
    assert act(d, "/director/clock", action="start", minutes=str(LONGEST)) == 303
    for _ in range(5):
        answer = d.post("/director/clock", data={"csrf": token(d), "action": "extend", "minutes": str(LONGEST)})
        assert answer.status_code == 400 and "shows at most 1440 minutes (a day); it has 1440 left, so it cannot be " \
                                              "extended" in answer.text
    assert hall.api()["clock"]["remaining"] == LONGEST * 60
    now[0] += 600  # ten minutes played: ten may be added back, not eleven
    assert "can be extended by at most 10 minutes" in d.post(
        "/director/clock", data={"csrf": token(d), "action": "extend", "minutes": "11"}).text
    assert act(d, "/director/clock", action="extend", minutes="10") == 303
    assert hall.api()["clock"]["remaining"] == LONGEST * 60
    assert act(d, "/director/clock", action="pause") == 303
    assert act(d, "/director/clock", action="extend", minutes="1") == 400  # paused at a day: still a day
    # a clock kept with five days left (an older version's extensions, a journal edited by hand) is held to a day
    hall.journal.remember(CLOCK_KEY, RoundClock(RUNNING, now[0] + 5 * 86400, None, 5 * LONGEST).kept())
    again = Hall(hall.workbook, hall.journal)
    assert again.clock.left(time.time()) <= LONGEST * 60


CLOCK_STEPS = st.lists(st.tuples(st.sampled_from(["start", "pause", "resume", "extend", "reset", "wait"]),
                                 st.integers(0, 3 * LONGEST)), max_size=12)


@settings(max_examples=300, deadline=None)
@given(CLOCK_STEPS)
def test_no_sequence_of_clock_actions_shows_more_than_a_day(steps):
    clock, now = RoundClock(), 0.0
    for action, minutes in steps:
        if action == "wait":
            now += minutes * 7.0
            if clock.due(now):
                clock = clock.at_zero()
        elif action == "start":
            clock = clock.started(minutes, now, "round 2", "Round 2")
        elif action == "extend":
            clock = clock.extended(minutes, now)
        else:
            clock = {"pause": clock.paused, "resume": clock.resumed, "reset": lambda now: clock.reset()}[action](now)
        assert clock.left(now) <= LONGEST * 60
        assert clock.state == STOPPED or (clock.stage, clock.title) == ("round 2", "Round 2")  # no action loses its stage
        data = clock.data(now)
        assert data["remaining"] is None or data["remaining"] <= LONGEST * 60
    assert RoundClock.recalled(clock.kept()) == clock


def test_a_diplomacy_directors_page_says_board_and_names_the_workbook(tmp_path):
    from test_final_and_knockout import example, served

    hall = served(example("codcon2008", tmp_path))
    board = hall.state.draw.table(1, 1)
    hall.journal.add(1, 1, {f.key: "" for f in hall.state.draw.fields(board)}, "phone-a")
    page = director(hall).get("/director").text
    assert '<span class="name">Round 1 board 1</span>' in page and "tourneybook import-reports codcon2008.xlsx" in page
    assert "table 1" not in page and "EVENT.xlsx" not in page


def test_the_clock_is_one_value_kept_as_text():
    clock = RoundClock().started(10, 0.0, "round 2", "Round 2").paused(60.0)
    assert RoundClock.recalled(clock.kept()) == clock
    assert RoundClock.recalled("not json") == RoundClock()
    assert RoundClock.recalled('{"state": "running", "ends_at": "NaN"}') == RoundClock()


def test_check_in_from_phones_into_the_players_sheet_and_the_next_draw(hall, event, capsys):
    main(["absent", str(event), "Anna Berg", "--round", "2"])  # told the desk before: she comes after all
    assert hall.reload()
    d = director(hall)
    assert act(d, "/director/checkin", action="open", round="2") == 303
    state = hall.api()["checkin"]
    assert state == {"round": 2, "open": True}  # nobody's answer: that is for the director's page
    phone = client(hall, "phone-z")
    page = phone.get("/checkin?player=Zoë Faure").text
    assert "I play round 2" in page and "I skip round 2" in page
    assert act(phone, "/checkin?player=Zoë Faure", player="Zoë Faure", answer="skip") == 200
    assert act(phone, "/checkin", player="Anna Berg", answer="play") == 200
    assert act(phone, "/checkin", player="Nobody", answer="play") == 409
    assert hall.checkin.state().answers == {"Zoë Faure": "skip", "Anna Berg": "play"}
    assert "answers" not in hall.api()["checkin"] and "skip" not in hall.api_json()[0].decode()
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


def test_check_in_takes_no_answer_for_a_round_already_drawn(hall, event, capsys):
    """Issue 38 item 3: "I skip" was accepted for a drawn round ("you are not drawn for it"); the import marked the
    seated player absent with no word, and recalc refused once their table's result was in."""
    d = director(hall)
    answer = d.post("/director/checkin", data={"csrf": token(d), "action": "open", "round": "1"})
    assert answer.status_code == 409 and "Round 1 is drawn already" in answer.text and "open it for round 2" in answer.text
    hall.checkin.open(1)  # opened before round 1 was drawn, still open
    seated = hall.state.draw.table(1, 1).seats[0].player
    phone = client(hall, "phone-s")
    assert "I skip round 1" not in phone.get(f"/checkin?player={seated}").text
    refused = phone.post("/checkin", data={"csrf": token(phone, "/director"), "player": seated, "answer": "skip"})
    assert refused.status_code == 409 and "Round 1 is drawn already: if you cannot play it, tell the director" in refused.text
    assert hall.journal.check_ins() == []

    hall.journal.check_in(1, seated, "skip", "phone-s")  # answered before the draw, imported after it
    before = event.read_bytes()
    assert main(["import-reports", str(event)]) == 0
    assert (f"{seated}, round 1: refused, round 1 is drawn already with them at Preliminary!C4: ask them; to take "
            "them out, type them absent ('tourneybook absent') and draw the round again") in capsys.readouterr().out
    assert event.read_bytes() == before


def test_one_phone_answers_for_a_few_players_and_the_director_sees_it(hall, monkeypatch):
    """Issue 38 item 4: 40 "I skip" answers in 1.2 s from one address and cookie were all accepted; the director's
    page showed no time and no sign they came from one phone; /api/state published who skips."""
    hall.checkin.open(2)
    names = list(hall.api()["names"])
    phone = client(hall, "phone-m")
    said = [phone.post("/checkin", data={"csrf": token(phone, "/checkin"), "player": n, "answer": "skip"}) for n in names]
    assert [a.status_code for a in said] == [200] * PER_PHONE + [409] * (len(names) - PER_PHONE)
    assert f"This phone has answered for {PER_PHONE} players already" in said[-1].text
    fresh = client(hall, "a-new-cookie")  # the cookie thrown away: the same address is the same phone
    assert fresh.post("/checkin", data={"csrf": token(fresh, "/checkin"), "player": names[-1], "answer": "skip"}
                      ).status_code == 409
    assert phone.post("/checkin", data={"csrf": token(phone, "/checkin"), "player": names[0], "answer": "play"}
                      ).status_code == 200  # a player it answered for may change the answer
    assert len(hall.journal.check_ins(2)) == PER_PHONE
    page = director(hall).get("/director").text
    assert re.search(rf"<td>{re.escape(html.escape(names[0]))}</td><td>plays</td><td>\d\d:\d\d:\d\d</td><td>phone 1, testclient</td>",
                     page)
    assert html.escape(f"One phone (phone 1, testclient) answered for {PER_PHONE} players: "
                       + ", ".join(names[1:PER_PHONE]) + ", " + names[0] + ".", quote=False) in page
    assert "answers" not in hall.api()["checkin"]
    assert "Your answer so far" in phone.get(f"/checkin?player={names[1]}").text
    assert "Your answer so far" not in client(hall, "phone-other").get(f"/checkin?player={names[1]}").text


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
                              "note": "round 1: 1 of 2 tables entered; the standings count those 1", "partly": True}
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
    assert top["counted"] == {"after_round": 4, "heading": "after round 4", "note": "", "partly": False}
