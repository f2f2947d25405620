"""What no page of the hall sends is refused in a sentence: parameters (400), table codes, director keys."""

from __future__ import annotations

import html
import re

import pytest
from starlette.testclient import TestClient

from tourneybook.live.app import create_app
from tourneybook.live.director import COOKIE
from tourneybook.live.guard import DEVICE_COOKIE
from tourneybook.live.params import BadParameter, TableCode, WholeNumber, parameter


def client(hall, device: str = "phone-a") -> TestClient:
    c = TestClient(create_app(hall), base_url="http://hall.test", raise_server_exceptions=True)
    c.cookies.set(DEVICE_COOKIE, device)
    return c


def token(c: TestClient, path: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', c.get(path).text)[1]


@pytest.mark.parametrize("text", ["²", "٣", "-1", "1.5", "26", "9" * 5000, "0x10", "1e3"])
def test_a_number_is_digits_0_to_9_within_its_range_or_a_sentence(text):
    with pytest.raises(BadParameter, match=r"wait: \".*\" is not a whole number from 0 to 25\.") as refused:
        parameter({"wait": text}, "wait", WholeNumber("wait", 25))
    assert len(str(refused.value)) < 100  # a 5,000-digit value is not repeated whole
    assert parameter({"wait": " 0025 "}, "wait", WholeNumber("wait", 25)) == 25
    assert parameter({}, "wait", WholeNumber("wait", 25), 0) == 0


def test_a_table_code_is_never_empty():
    assert parameter({"code": " abc-def "}, "code", TableCode()) == "ABCDEF"
    with pytest.raises(BadParameter, match="Type the code printed on your table's form"):
        parameter({"code": " - "}, "code", TableCode())


def test_bad_parameters_get_400_and_a_sentence_never_a_500(hall):
    c = client(hall)  # raise_server_exceptions: a trace in the terminal would fail the test
    for query in ("since=1&wait=²", "since=1&wait=" + "9" * 5000, "since=1&wait=-3", "since=" + "1" * 5000):
        answer = c.get(f"/api/state?{query}")
        assert answer.status_code == 400 and answer.json()["problem"].endswith(".")
    assert c.get(f"/api/state?since={hall.version}&wait=0").json() == {"version": hall.version}
    c.post("/director", data={"csrf": token(c, "/director"), "key": hall.director_key})
    for path, field in (("/director/clock", "minutes"), ("/director/confirm", "report")):
        for value in ("²", "9" * 5000, ""):
            answer = c.post(path, data={"csrf": token(c, "/director"), field: value})
            assert answer.status_code == 400, (path, value)
            assert 'class="bad"' in answer.text  # the sentence
    assert hall.api()["clock"]["minutes"] == 0
    code = hall.code_of(hall.state.draw.tables[0])
    hall.journal.add(1, hall.state.draw.tables[0].table, {"VP 1": "90"}, "phone-b")
    confirm = c.post(f"/t/{code}/confirm", data={"csrf": token(c, f"/t/{code}"), "report": "9" * 5000})
    assert confirm.status_code == 400 and "The report's number" in html.unescape(confirm.text)


def test_an_empty_table_code_is_asked_for_not_redirected_in_a_loop(hall):
    c = client(hall)
    for path in ("/t?code=", "/t", "/t/", "/t?code=%20-%20"):
        answer = c.get(path, follow_redirects=True)
        assert answer.status_code == 400 and "Type the code printed on your table's form." in html.unescape(answer.text), path
        assert len(answer.history) <= 1
    code = hall.code_of(hall.state.draw.tables[0])
    opened = c.get(f"/t?code={code.lower()}", follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/t/{code}"


def test_wrong_director_keys_in_the_cookie_count_as_on_the_login_form(hall):
    c = client(hall)
    form = {"csrf": token(c, "/director"), "minutes": "50"}
    c.cookies.set(COOKIE, "guess-0")
    assert c.get("/director").status_code == 200  # the login form again
    for i in range(1, 4):
        c.cookies.set(COOKIE, f"guess-{i}")
        assert c.post("/director/clock", data=form).status_code == 403
    c.cookies.set(COOKIE, "guess-4")
    assert c.post("/director/confirm", data={"csrf": form["csrf"], "report": "1"}).status_code == 403
    c.cookies.set(COOKIE, hall.director_key)  # five wrong tries: even the right key waits a minute, on every path
    for answer in (c.get("/director"), c.post("/director/clock", data=form), c.post("/director", data={"csrf": form["csrf"], "key": hall.director_key})):
        assert answer.status_code == 429 and "Too many wrong keys" in answer.text
    assert hall.api()["clock"]["minutes"] == 0
    assert c.get("/api/state").status_code == 200  # the public pages still answer that address
