"""The live server through Starlette's TestClient: what it shows, what it stores, and every refusal."""

from __future__ import annotations

import asyncio
import dataclasses
import html
import re
import threading

from starlette.testclient import TestClient

from tourneybook.live.app import create_app
from tourneybook.live.director import COOKIE
from tourneybook.live.guard import DEVICE_COOKIE, MAX_BODY
from tourneybook.reports.journal import CONFIRMED, DISPUTED, WAITING, JournalError


def client(hall, device: str = "phone-a") -> TestClient:
    c = TestClient(create_app(hall), base_url="http://hall.test")
    c.cookies.set(DEVICE_COOKIE, device)
    return c


def token(c: TestClient, path: str) -> str:
    page = c.get(path)
    return re.search(r'name="csrf" value="([^"]+)"', page.text)[1]


def first_table(hall):
    return hall.state.draw.tables[0]


def test_api_state_has_the_round_the_seating_and_every_player(hall):
    state = client(hall).get("/api/state").json()
    assert state["round"] == 1 and state["title"] == "Hall Open" and state["reporting"] is True
    seated = sorted(s["player"] for t in state["seating"] for s in t["seats"])
    assert seated == sorted(r["player"] for r in state["standings"]["rows"]) and len(seated) == 8
    assert state["standings"]["cut"] == 0  # 8 players, no result yet: the knock-out of 16 cuts no one (as published)
    assert [t["table"] for t in state["seating"]] == [1, 2]
    assert "players" not in state  # each phone asks for its own player's tables: /api/player


def test_api_player_answers_one_players_tables_with_their_report_state(hall):
    c = client(hall)
    table = first_table(hall)
    first, second = table.seats[0], table.seats[1]
    answer = c.get("/api/player", params={"player": first.player})
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    assert answer.json() == {"version": hall.version, "player": first.player, "rounds": [
        {"round": 1, "label": "Round 1, table 1", "table": 1, "seat": first.seat,
         "opponents": [s.player for s in table.seats[1:]], "points": None, "report": None, "new": True}]}
    hall.journal.add(1, 1, {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}, "phone-b")  # a new version
    (mine,) = c.get("/api/player", params={"player": second.player}).json()["rounds"]
    assert mine["report"] == "waiting" and mine["seat"] == second.seat
    for query, status, sentence in (("player=", 400, "give the name of a player"), ("", 400, "give the name of a player"),
                                    ("player=" + "x" * 201, 400, "longer than 200 characters"),
                                    ("player=Nobody%20Else", 404, "No player of this event is called 'Nobody Else'")):
        refused = c.get("/api/player?" + query)
        assert refused.status_code == status and sentence in refused.json()["problem"], query


def test_pages_escape_names_and_fetch_nothing_from_elsewhere(hall):
    c = client(hall)
    for path in ("/", "/projector", f"/t/{hall.code_of(first_table(hall))}"):
        page = c.get(path)
        assert page.status_code == 200
        assert "<b>Bold</b>" not in page.text
        assert not re.search(r'(src|href)="(https?:)?//', page.text)  # no script, font or picture from elsewhere
        assert "default-src 'none'" in page.headers["content-security-policy"]
        assert "unsafe-inline" not in page.headers["content-security-policy"]
        assert not re.search(r"<script>|<style>| style=| on[a-z]+=", page.text)  # nothing inline: the CSP would refuse it
        for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
            served = c.get(asset)
            assert served.status_code == 200 and "immutable" in served.headers["cache-control"]
    bens = next(t for t in hall.state.draw.tables if any("Bold" in s.player for s in t.seats))  # the table seating him
    report = c.get(f"/t/{hall.code_of(bens)}").text
    assert "Ben &lt;b&gt;Bold&lt;/b&gt;" in report


def test_only_the_packages_own_static_files_are_served(hall):
    c = client(hall)
    assert c.get("/static/hall.css").headers["content-type"].startswith("text/css")
    for path in ("/static/pages.py", "/static/..%2fpages.py", "/static/../pages.py", "/static/%2e%2e/app.py", "/static/",
                 "/static/templates%2fbase.html", "/static/.%2f..%2f..%2f__init__.py"):
        assert c.get(path).status_code == 404, path


def test_a_report_is_checked_with_recalcs_sentence_naming_the_field(hall):
    c = client(hall)
    code = hall.code_of(first_table(hall))
    answer = c.post(f"/t/{code}", data={"csrf": token(c, f"/t/{code}"), "VP 1": "80", "VP 2": "abc", "VP 3": "70", "VP 4": "60"})
    assert answer.status_code == 422
    assert 'VP 2: "abc" is not a whole number' in html.unescape(answer.text)
    assert hall.journal.reports() == []


def csrf_of(page) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page.text)[1]


def test_a_report_waits_for_a_player_of_another_seat_who_sees_it_with_every_seats_points(hall):
    table = first_table(hall)
    code = hall.code_of(table)
    first, second = (hall.seat_code_of(table, s.seat) for s in table.seats[:2])  # printed beside two names
    a, b = client(hall, "phone-a"), client(hall, "phone-b")
    result = {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}
    unsigned = a.post(f"/t/{code}", data={"csrf": token(a, f"/t/{code}"), **result})
    assert unsigned.status_code == 422 and "type the code printed beside your name on the form" in unsigned.text
    sent = a.post(f"/t/{code}", data={"csrf": token(a, f"/t/{code}"), "seat_code": first.lower(), **result})
    assert sent.status_code == 200 and "Stored" in sent.text
    # Carcassonne 2004 ranking points of a 4-player table: 5, 3, 2, 1 by VP (seed 002)
    assert [p for p in re.findall(r"<td>(\d+(?:\.\d+)?)</td></tr>", sent.text)] == ["5.00", "3.00", "2.00", "1.00"]
    (stored,) = hall.journal.reports()
    assert stored.status == WAITING and stored.values["VP 2"] == "80" and stored.seat == table.seats[0].seat
    again = a.get(f"/t/{code}")  # the reporting phone: its form, to correct it, and a way to the answers
    assert 'id="confirm"' not in again.text and 'id="send"' in again.text and f'href="/t/{code}?answer"' in again.text
    assert 'id="confirm"' in a.get(f"/t/{code}?answer").text
    page = b.get(f"/t/{code}")  # the summary as the slip shows it, every seat's points, and the two answers
    assert 'id="confirm"' in page.text and 'id="dispute"' in page.text and 'id="send"' not in page.text
    points = page.text.split('class="points"')[1]
    assert [p for p in re.findall(r"<td>(\d+(?:\.\d+)?)</td></tr>", points)] == ["5.00", "3.00", "2.00", "1.00"]
    assert re.findall(r"<td>(\d+)</td>", page.text.split('class="lines"')[1])[:4] == ["90", "80", "70", "60"]
    assert f"<td>{table.seats[0].player.replace('<', '&lt;').replace('>', '&gt;')}</td>" in page.text
    # one person with the table code and their own seat code, in a private window: refused (issue 28)
    own = b.post(f"/t/{code}/confirm", data={"csrf": csrf_of(page), "report": str(stored.id), "seat_code": first})
    assert own.status_code == 422 and "the seat that sent the report" in own.text
    wrong = b.post(f"/t/{code}/confirm", data={"csrf": csrf_of(page), "report": str(stored.id), "seat_code": "ZZZZ"})
    assert wrong.status_code == 422 and hall.journal.get(stored.id).status == WAITING
    done = b.post(f"/t/{code}/confirm", data={"csrf": csrf_of(page), "report": str(stored.id), "seat_code": second})
    assert done.status_code == 200 and "Confirmed" in done.text
    confirmed = hall.journal.get(stored.id)
    assert confirmed.status == CONFIRMED and confirmed.confirmed_seat == table.seats[1].seat
    after = client(hall, "phone-c").get(f"/t/{code}").text  # a confirmed result, not an empty form
    assert "confirmed: the director imports it" in after and 'id="send"' not in after


def phone_at(hall, address: str, device: str) -> TestClient:
    """A phone on the hall's network at ``address`` with the cookie ``device``."""
    c = TestClient(create_app(hall), base_url="http://hall.test", client=(address, 50000))
    c.cookies.set(DEVICE_COOKIE, device)
    return c


def test_one_phone_serves_two_seats_and_the_director_sees_every_confirmation_from_the_reporting_phone(hall, event, capsys):
    """Issue 39: players at a table share one phone, and the seat code proves the seat, so the reporting phone may
    confirm with another seat's code; issue 38 item 7: such a confirmation (the same cookie, or the same address
    under another cookie: a private window) may also be one player with two codes copied off the form, so the
    director's page (on the table's folded line) and the import say so; a confirmation from another phone does not."""
    from tourneybook.cli import main
    from tourneybook.reports.importing import ONE_PHONE

    result = {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}
    ids = []
    for table, confirmer in zip(hall.state.draw.tables[:2], (("192.168.1.23", "cookie-1"), ("192.168.1.40", "cookie-3"))):
        code = hall.code_of(table)
        first, second = (hall.seat_code_of(table, s.seat) for s in table.seats[:2])
        reporter = phone_at(hall, "192.168.1.23", "cookie-1")
        assert reporter.post(f"/t/{code}", data={"csrf": token(reporter, f"/t/{code}"), "seat_code": first, **result}
                             ).status_code == 200
        (stored,) = [r for r in hall.journal.reports() if r.table == table.table]
        confirming = reporter if confirmer[1] == "cookie-1" else phone_at(hall, *confirmer)
        page = confirming.get(f"/t/{code}?answer")
        assert 'id="confirm"' in page.text
        own = confirming.post(f"/t/{code}/confirm", data={"csrf": csrf_of(page), "report": str(stored.id), "seat_code": first})
        assert own.status_code == 422 and "the seat that sent the report" in own.text  # one seat cannot confirm itself
        done = confirming.post(f"/t/{code}/confirm", data={"csrf": csrf_of(page), "report": str(stored.id),
                                                             "seat_code": second})
        assert done.status_code == 200 and "Confirmed" in done.text
        ids.append(stored.id)
    shared, other = (hall.journal.get(i) for i in ids)
    assert shared.status == CONFIRMED and shared.confirmed_seat == hall.state.draw.tables[0].seats[1].seat
    assert [r.confirmed_by_its_phone for r in (shared, other)] == [True, False]
    private = dataclasses.replace(other, confirmed_by="cookie-2", confirmed_address="192.168.1.23")  # a private window
    assert private.confirmed_by_its_phone and not dataclasses.replace(private, confirmed_address="192.168.1.40"
                                                                      ).confirmed_by_its_phone
    director = phone_at(hall, "127.0.0.1", "laptop")
    director.post("/director", data={"csrf": token(director, "/director"), "key": hall.director_key})
    page = director.get("/director").text
    line = lambda i: page.split(f'id="report-{i}"', 1)[1].split("</summary>", 1)[0]  # noqa: E731  the folded line
    assert "C" + ONE_PHONE[1:] in line(shared.id)
    assert 'value="reject"' in page.split(f'id="report-{shared.id}"', 1)[1].split("</details>", 1)[0]  # the director may
    assert "confirmed by Player 2 from 192.168.1.40" in page.split(f'id="report-{other.id}"', 1)[1].split("</details>", 1)[0]
    assert ONE_PHONE[1:] not in page.split(f'id="report-{other.id}"', 1)[1].split("</details>", 1)[0]
    assert main(["import-reports", str(event)]) == 0
    out = capsys.readouterr().out
    assert f"round 1 table {shared.table}: written ({ONE_PHONE})" in out
    assert f"round 1 table {other.table}: written\n" in out


def test_a_dispute_goes_to_the_journal_with_both_versions(hall):
    table = first_table(hall)
    code = hall.code_of(table)
    first, third = hall.seat_code_of(table, table.seats[0].seat), hall.seat_code_of(table, table.seats[2].seat)
    a, b = client(hall, "phone-a"), client(hall, "phone-b")
    a.post(f"/t/{code}", data={"csrf": token(a, f"/t/{code}"), "seat_code": first, "VP 1": "90", "VP 2": "80", "VP 3": "70",
                               "VP 4": "60"})
    (stored,) = hall.journal.reports()
    page = b.get(f"/t/{code}")
    answer = {"csrf": csrf_of(page), "report": str(stored.id), "seat_code": third}
    no_reason = b.post(f"/t/{code}/dispute", data=answer)
    assert no_reason.status_code == 422 and hall.journal.get(stored.id).status == WAITING
    bad_version = b.post(f"/t/{code}/dispute", data={**answer, "reason": "I had 75", "own": "yes", "VP 3": "lots"})
    assert bad_version.status_code == 422 and "Your version: VP 3: &#34;lots&#34; is not a whole number" in bad_version.text
    done = b.post(f"/t/{code}/dispute", data={**answer, "reason": "I had 75, not 70", "own": "yes", "VP 1": "90", "VP 2": "80",
                                              "VP 3": "75", "VP 4": "60"})
    assert done.status_code == 200 and "Disputed" in done.text
    assert hall.journal.get(stored.id).status == DISPUTED
    (dispute,) = hall.journal.disputes(stored.id)
    assert (dispute.seat, dispute.reason, dispute.values["VP 3"]) == (table.seats[2].seat, "I had 75, not 70", "75")
    assert hall.journal.get(dispute.report).values["VP 3"] == "70"  # the report as sent stays beside it
    assert hall.journal.confirmed() == []  # a disputed report is never imported as it is
    assert "was disputed" in a.get(f"/t/{code}").text


def test_a_confirmation_or_dispute_the_journal_cannot_store_is_said_in_words(hall, monkeypatch):
    table = first_table(hall)
    code = hall.code_of(table)
    first, second = (hall.seat_code_of(table, s.seat) for s in table.seats[:2])
    a, b = client(hall, "phone-a"), client(hall, "phone-b")
    a.post(f"/t/{code}", data={"csrf": token(a, f"/t/{code}"), "seat_code": first, "VP 1": "90", "VP 2": "80", "VP 3": "70",
                               "VP 4": "60"})
    (stored,) = hall.journal.reports()

    def locked(*args):
        raise JournalError("the reports journal hall.reports.sqlite is locked by another program")

    monkeypatch.setattr(hall.journal, "confirm", locked)
    monkeypatch.setattr(hall.journal, "dispute", locked)
    page = b.get(f"/t/{code}")
    answer = {"csrf": csrf_of(page), "report": str(stored.id), "seat_code": second}
    for path, extra in (("confirm", {}), ("dispute", {"reason": "I had 75"})):
        said = b.post(f"/t/{code}/{path}", data={**answer, **extra})
        assert said.status_code == 503 and "Traceback" not in said.text, path
        assert "(the reports journal hall.reports.sqlite is locked by another program): please hand in the paper form" in said.text, path
    assert hall.journal.get(stored.id).status == WAITING  # still waiting for its answer


def test_a_wrong_code_is_refused_then_rate_limited(hall):
    c = client(hall)
    for _ in range(5):
        assert c.get("/t/AAAAAA").status_code == 404
    assert c.get(f"/t/{hall.code_of(first_table(hall))}").status_code == 429  # even the right code, for a minute


def test_guessing_seat_codes_is_rate_limited_like_table_codes(hall):
    table = first_table(hall)
    code = hall.code_of(table)
    c = client(hall)
    for _ in range(5):  # the table code is known (a photo of the QR code): the seats' codes are guessed
        answer = c.post(f"/t/{code}", data={"csrf": token(c, f"/t/{code}"), "seat_code": "ZZZZ", "VP 1": "90", "VP 2": "80"})
        assert answer.status_code == 422 and "is not the code of a seat of this table" in html.unescape(answer.text)
    assert c.get(f"/t/{code}").status_code == 429 and hall.journal.reports() == []


def test_reporting_is_refused_while_settings_say_off(hall):
    hall.reporting = False
    assert client(hall).get(f"/t/{hall.code_of(first_table(hall))}").status_code == 403


def test_a_form_without_its_token_or_from_another_site_is_refused(hall):
    c = client(hall)
    code = hall.code_of(first_table(hall))
    good = token(c, f"/t/{code}")
    values = {"VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"}
    assert c.post(f"/t/{code}", data={"csrf": "forged", **values}).status_code == 403
    other = c.post(f"/t/{code}", data={"csrf": good, **values}, headers={"Origin": "http://evil.example"})
    assert other.status_code == 403 and "another site" in other.text
    assert hall.journal.reports() == []


def test_an_oversized_body_is_refused_before_it_is_read(hall):
    c = client(hall)
    code = hall.code_of(first_table(hall))
    answer = c.post(f"/t/{code}", content=b"x" * (MAX_BODY + 1), headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 413
    streamed = c.post(f"/t/{code}", content=iter([b"x" * 4096] * 5), headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert streamed.status_code == 413
    assert answer.text == streamed.text == "The report is too large."
    spanish = {"Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "es-ES,es;q=0.9"}
    said = [c.post(f"/t/{code}", content=body, headers=spanish).text  # the phone's language, either way it is cut
            for body in (b"x" * (MAX_BODY + 1), iter([b"x" * 4096] * 5))]
    assert said == ["El resultado es demasiado largo."] * 2


def test_a_busy_hall_says_so_in_the_phones_language(hall):
    """Beyond the requests the server answers at once, a phone reads the 503's sentence in its own language."""
    from tourneybook.live.serving import RequestLimit

    full = TestClient(RequestLimit(create_app(hall), limit=0), base_url="http://hall.test")
    german = full.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert german.status_code == 503 and german.headers["Retry-After"] == "5"
    assert german.text == "Der Server des Saals ist ausgelastet: versuch es in ein paar Sekunden noch einmal."
    assert full.get("/").text == "The hall's server is busy: try again in a few seconds."


def test_director_actions_need_the_key(hall):
    c = client(hall)
    assert "Director key" in c.get("/director").text
    assert c.post("/director/clock", data={"csrf": token(c, "/director"), "minutes": "50"}).status_code == 403
    wrong = c.post("/director", data={"csrf": token(c, "/director"), "key": "not-it"})
    assert wrong.status_code == 403
    assert c.post("/director", data={"csrf": token(c, "/director"), "key": hall.director_key}, follow_redirects=False).status_code == 303
    assert c.cookies.get(COOKIE) == hall.director_key
    assert c.post("/director/clock", data={"csrf": token(c, "/director"), "minutes": "50"}, follow_redirects=False).status_code == 303
    assert hall.api()["clock"]["minutes"] == 50
    assert c.post("/director/clock", data={"csrf": "forged", "minutes": "10"}).status_code == 403


def test_no_path_reaches_the_file_system(hall):
    c = client(hall)
    for path in ("/hall.xlsx", "/../hall.xlsx", "/static/x", "/t/../../etc/passwd", "/hall.reports.sqlite"):
        answer = c.get(path)
        assert answer.status_code == 404 and b"PK\x03\x04" not in answer.content and b"SQLite" not in answer.content


def test_a_page_that_has_the_current_version_gets_only_the_version(hall):
    c = client(hall)
    answer = c.get("/api/state", headers={"Accept-Encoding": "gzip"})
    assert answer.headers["content-encoding"] == "gzip" and float(answer.headers["x-now"]) > 0
    whole = answer.json()  # httpx decompresses, as a browser does
    short = c.get(f"/api/state?since={whole['version']}").json()
    assert short == {"version": whole["version"]}
    hall.set_clock(45)  # the director's clock is a new version: pages fetch it whole
    again = c.get(f"/api/state?since={whole['version']}").json()
    assert again["clock"]["minutes"] == 45 and again["standings"] == whole["standings"]


def test_the_director_confirms_a_waiting_report_and_sees_it_listed(hall):
    table = first_table(hall)
    hall.journal.add(table.round, table.table, {"VP 1": "90", "Note": "<script>x</script>"}, "phone-a")
    c = client(hall, "director-laptop")
    c.post("/director", data={"csrf": token(c, "/director"), "key": hall.director_key})
    page = c.get("/director").text
    assert "&lt;script&gt;" in page and "<script>x" not in page  # what a phone typed is escaped on the director's page
    assert f'<span class="name">Round {table.round} table {table.table}</span>' in page and "waiting for a second player" in page
    (waiting,) = hall.journal.reports(WAITING)
    done = c.post("/director/confirm", data={"csrf": token(c, "/director"), "report": str(waiting.id)}, follow_redirects=False)
    assert done.status_code == 303 and hall.journal.get(waiting.id).confirmed_by == "director"
    again = c.post("/director/confirm", data={"csrf": token(c, "/director"), "report": str(waiting.id)})
    assert again.status_code == 409


def test_a_long_poll_answers_as_soon_as_the_state_changes(hall):
    """A page waiting on /api/state learns of a new state the moment it is there, not a polling interval later."""

    async def waiting_then_changed():
        since = str(hall.version)
        waiting = asyncio.create_task(hall.next_version(since, 60))
        await asyncio.sleep(0.3)
        assert not waiting.done()  # nothing changed: it waits
        threading.Thread(target=hall.set_clock, args=(45,)).start()  # as the watcher's thread reloads a save
        await asyncio.wait_for(waiting, 30)  # bound only so a broken wake-up fails instead of hanging
        await asyncio.wait_for(hall.next_version(since, 60), 30)  # an old version is answered at once

    asyncio.run(waiting_then_changed())
    c = client(hall)
    state = c.get(f"/api/state?since={hall.version - 1}&wait=25").json()
    assert state["clock"]["minutes"] == 45 and state["round"] == 1
    assert c.get(f"/api/state?since={hall.version}&wait=0").json() == {"version": hall.version}


def test_names_are_in_the_events_language_for_the_phone_and_the_projector(hall):
    state = client(hall).get("/api/state").json()
    # English collation: Łukasz among the L's and Zoë among the Z's, not after them as code points would have it
    assert state["names"] == ["Anna Berg", "Ben <b>Bold</b>", "Carla Costa", "Dmitri Weber", "Emma Weber", "Felix Brandt",
                              "Łukasz Nowak", "Zoë Faure"]
    assert [p["player"] for p in state["by_name"]] == state["names"]
    seats = {(s["player"], t["table"], s["seat"]) for t in state["seating"] for s in t["seats"]}
    assert {(p["player"], p["table"], p["seat"]) for p in state["by_name"]} == seats


def test_a_stopping_server_answers_the_waiting_pages_at_once(hall):
    """Ctrl-C waits for the requests under way: a page waiting for a new state is answered, not left 25 s."""

    async def waiting_then_stopped():
        since = str(hall.version)
        waiting = asyncio.create_task(hall.next_version(since, 60))
        await asyncio.sleep(0.3)
        assert not waiting.done()
        threading.Thread(target=hall.stopping).start()  # uvicorn's shutdown, in the command (hall_server)
        await asyncio.wait_for(waiting, 30)
        await asyncio.wait_for(hall.next_version(since, 60), 30)  # and any page asking after it

    asyncio.run(waiting_then_stopped())
