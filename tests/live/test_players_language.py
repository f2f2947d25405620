"""The hall speaks the players' language (issue 37): a phone its own (Accept-Language, or the switch, remembered
in a cookie), the projector the event's (Settings' Language). Each translated page is rendered in every language
and checked for an English word left (names, the event's title and the languages' own names aside) and for its
decimal mark."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hall_text import read_page
from hypothesis import given, settings, strategies as st
from starlette.testclient import TestClient

from tourneybook.i18n import LANGUAGES, words_in
from tourneybook.live.app import create_app
from tourneybook.live.guard import CSRF_COOKIE, DEVICE_COOKIE
from tourneybook.live.hall import Hall
from tourneybook.live.pages import LANGUAGE_COOKIE, accepted
from tourneybook.reports.journal import Journal, journal_path
from live_event import PLAYERS, new_event

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import english_left  # noqa: E402 - shared with the forms' and the published files' tests

OTHERS = [lang.code for lang in LANGUAGES if lang.code != "en"]
NAMES = {"Hall Open", *PLAYERS, *(lang.own_name for lang in LANGUAGES)}


def client(hall, device: str = "phone-a") -> TestClient:
    c = TestClient(create_app(hall), base_url="http://hall.test")
    c.cookies.set(DEVICE_COOKIE, device)
    return c


def test_accept_language_is_read_in_its_order_of_preference():
    assert accepted("es-ES,es;q=0.9,en;q=0.8") == ["es", "es", "en"]
    assert accepted("en;q=0.5, de-AT ;q=0.9, fr") == ["fr", "de", "en"]
    assert accepted("it;q=0, pt") == ["pt"]  # q=0: not wanted at all
    assert accepted("") == []


@pytest.mark.parametrize("code", OTHERS)
def test_the_phone_page_follows_accept_language_and_leaves_no_english(hall, code):
    page = client(hall).get("/", headers={"Accept-Language": f"{code}-XX,{code};q=0.9,en;q=0.5"})
    assert page.status_code == 200 and f'<html lang="{code}">' in page.text
    text, words = read_page(page.text)
    assert english_left(text, code, NAMES) == []
    assert words["mark"] == ","  # the script writes 43.83 as 43,83
    assert words_in(code)._("Your name") in text and words_in(code)._("Open") in text


def test_a_phone_in_english_or_an_unspoken_language_reads_english_in_an_english_event(hall):
    for header in ("en-GB,en;q=0.9", "pt-BR,pt;q=0.9", ""):
        page = client(hall).get("/", headers={"Accept-Language": header} if header else {})
        assert '<html lang="en">' in page.text and "Your name" in page.text
        assert read_page(page.text)[1]["mark"] == "."


def test_the_first_spoken_language_of_the_phone_wins(hall):
    page = client(hall).get("/", headers={"Accept-Language": "pt-BR,pt;q=0.9,it;q=0.8,es;q=0.7"})
    assert '<html lang="it">' in page.text and "Il tuo nome" in page.text


def test_the_switch_shows_every_language_and_its_choice_is_remembered(hall):
    c = client(hall)
    page = c.get("/", headers={"Accept-Language": "es"})
    for lang in LANGUAGES:
        assert lang.own_name in page.text
    assert '<a href="/?lang=de" lang="de" hreflang="de">Deutsch</a>' in page.text
    assert '<strong lang="es">Español</strong>' in page.text  # the one shown, not a link
    chosen = c.get("/?lang=de", headers={"Accept-Language": "es"})
    assert '<html lang="de">' in chosen.text and chosen.cookies.get(LANGUAGE_COOKIE) == "de"
    later = c.get("/", headers={"Accept-Language": "es"})  # the cookie, not the phone's setting
    assert '<html lang="de">' in later.text and "Dein Name" in later.text
    assert '<html lang="fr">' in client(hall).get("/?lang=xx", headers={"Accept-Language": "fr"}).text  # none such: ignored


def test_the_switch_keeps_the_pages_question(hall):
    code = hall.code_of(hall.state.draw.tables[0])
    page = client(hall).get(f"/?code={code}")
    assert f'href="/?code={code}&amp;lang=fr"' in page.text


@pytest.fixture(scope="module")
def events(tmp_path_factory):
    """An event in each other language (its Settings' Language row, set by ``new --language``)."""
    return {code: new_event(tmp_path_factory.mktemp(code), language=code) for code in OTHERS}


def hall_of(event) -> Hall:
    found = Hall(event, Journal(journal_path(event)))
    assert found.reload(), found.problems
    return found


@pytest.mark.parametrize("code", OTHERS)
def test_the_projector_speaks_the_events_language_whatever_the_browser_asks(events, code):
    page = client(hall_of(events[code])).get("/projector", headers={"Accept-Language": "en-GB,en"})
    assert f'<html lang="{code}">' in page.text and 'id="languages"' not in page.text  # no switch: the event's
    text, words = read_page(page.text)
    assert english_left(text, code, NAMES) == []
    assert words["mark"] == ","
    assert words["seats"]["Player 2"] == words_in(code)._("Player 2") != "Player 2"
    assert words["total_name"] == words_in(code)._("ranking points") != "ranking points"


def test_a_phone_in_a_spanish_event_without_a_language_of_its_own_reads_spanish(events):
    page = client(hall_of(events["es"])).get("/", headers={"Accept-Language": "pt-BR,pt"})
    assert '<html lang="es">' in page.text and "Tu nombre" in page.text


def test_the_projector_of_an_english_event_stays_english(hall):
    page = client(hall).get("/projector", headers={"Accept-Language": "de"})
    assert '<html lang="en">' in page.text and read_page(page.text)[1]["standings_after"] == "Standings after round {round}"


def token(c: TestClient, path: str, headers: dict) -> str:
    import re

    return re.search(r'name="csrf" value="([^"]+)"', c.get(path, headers=headers).text)[1]


@pytest.mark.parametrize("code", OTHERS)
def test_check_in_its_answers_and_refusals_speak_the_phones_language(hall, code):
    words = words_in(code)
    asks = {"Accept-Language": code}
    closed = client(hall).get("/checkin", headers=asks)
    assert words._("Check-in is closed: tell the director at the desk.") in read_page(closed.text)[0]
    assert english_left(read_page(closed.text)[0], code, NAMES) == []
    hall.checkin.open(2)
    names = list(hall.api()["names"])
    phone = client(hall)
    asked = phone.get("/checkin", headers=asks)
    assert english_left(read_page(asked.text)[0], code, NAMES) == []
    answers = [phone.post("/checkin", headers=asks, data={"csrf": token(phone, "/checkin", asks), "player": n,
                                                           "answer": "skip"}) for n in names[:4]]
    assert [a.status_code for a in answers] == [200, 200, 200, 409]
    for said in answers:
        assert english_left(read_page(said.text)[0], code, NAMES) == []
    assert words._("Checked in") in answers[0].text and words._("Not stored") in answers[-1].text
    again = phone.get(f"/checkin?player={names[0]}", headers=asks)
    assert words._("Your answer so far: you skip round %(round)s.") % {"round": 2} in read_page(again.text)[0]
    assert english_left(read_page(again.text)[0], code, NAMES) == []
    wrong = phone.post("/checkin", headers=asks, data={"csrf": token(phone, "/checkin", asks), "player": "Nobody",
                                                       "answer": "skip"})
    assert wrong.status_code == 409 and words._("Choose your name from the list.") in read_page(wrong.text)[0]


def test_check_in_of_a_drawn_round_is_refused_in_the_phones_language(hall):
    hall.checkin.open(1)  # round 1 is drawn
    phone = client(hall)
    asks = {"Accept-Language": "de"}
    phone.get("/checkin", headers=asks)  # closed for a drawn round: no form, but the page sets the token's cookie
    said = phone.post("/checkin", headers=asks, data={"csrf": phone.cookies.get(CSRF_COOKIE), "player": PLAYERS[0],
                                                      "answer": "skip"})
    assert said.status_code == 409
    assert "Runde 1 ist schon ausgelost: wenn du nicht spielen kannst, sag der Turnierleitung am Tisch Bescheid." in said.text

TAGS = st.sampled_from(["en", "es", "de", "it", "fr", "pt", "pl", "sv", "es-ES", "de-AT", "fr-CA", "en-GB", "zh-Hant-TW"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(TAGS, st.sampled_from([None, "1", "0.9", "0.5", "0.1", "0"])), max_size=6))
def test_accept_language_prefers_the_highest_quality_then_the_first_named(parts):
    header = ", ".join(tag + (f";q={q}" if q is not None else "") for tag, q in parts)
    wanted = [(float(q or 1), -i, tag.split("-")[0].lower()) for i, (tag, q) in enumerate(parts) if float(q or 1) > 0]
    assert accepted(header) == [code for _, _, code in sorted(wanted, reverse=True)]


@pytest.mark.parametrize("code", OTHERS)
def test_a_wrong_code_reporting_off_and_too_many_tries_are_said_in_the_phones_language(hall, code):
    words, asks, phone = words_in(code), {"Accept-Language": code}, client(hall)
    said = [phone.get("/t/ZZZZZZ", headers=asks) for _ in range(6)]
    assert [s.status_code for s in said] == [404] * 5 + [429]
    for page, heading in ((said[0], "Unknown code"), (said[-1], "Too many tries")):
        text = read_page(page.text)[0]
        assert words._(heading) in text and f'<html lang="{code}">' in page.text
        assert english_left(text, code, NAMES) == []
    hall.reporting = False
    off = client(hall).get("/t/ZZZZZZ", headers=asks)
    assert off.status_code == 403 and words._("Reporting is off") in read_page(off.text)[0]
    assert english_left(read_page(off.text)[0], code, NAMES) == []


def test_a_refusal_the_catalogue_lacks_stays_english_whole(hall):
    phone = client(hall)
    phone.get("/")  # its token's cookie
    page = phone.post("/director/clock", headers={"Accept-Language": "es"},
                      data={"csrf": phone.cookies.get(CSRF_COOKIE), "action": "stop"})  # the director's: no key
    assert page.status_code == 403 and '<html lang="en">' in page.text
    assert "<h1>Director only</h1>" in page.text and "This needs the director key." in page.text
