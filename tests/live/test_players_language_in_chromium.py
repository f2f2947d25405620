"""The phone page in a real browser that asks for Spanish (Chromium's Accept-Language): the page, the player's
card its script draws and the round clock are Spanish, with no English word left, and its numbers take the comma."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_in_chromium import served, slowed, wait_for  # noqa: F401 - served: the hall on a loopback port

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import english_left  # noqa: E402 - shared with the forms' and the published files' tests

from live_event import PLAYERS  # noqa: E402

pytestmark = pytest.mark.chromium


def spanish_phone(chrome):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chrome[0]
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=es-ES"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": "es-ES,es"})
    driver = webdriver.Chrome(service=Service(executable_path=chrome[1]), options=options)
    driver.set_window_size(390, 844)
    return slowed(driver)


def test_a_phone_asking_for_spanish_reads_its_page_and_card_in_spanish(chrome, hall, served):
    from selenium.webdriver.common.by import By

    hall.set_clock(50)  # the round clock: 'Ronda 1: quedan 50:00'
    phone = spanish_phone(chrome)
    try:
        phone.get(served + "/")
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "es"
        phone.find_element(By.ID, "find").send_keys("zoe")
        table = next(t.table for t in hall.state.draw.tables for s in t.seats if s.player == "Zoë Faure")
        card = wait_for(lambda: [t for t in (c.text for c in phone.find_elements(By.ID, "me")) if "(nueva)" in t])[0]
        assert f"Ronda 1, mesa {table}, Jugador 2 (nueva)" in card and "Aún sin resultado" in card
        assert "por jugar" in card  # her table of round 1, not played yet
        clock = wait_for(lambda: phone.find_element(By.ID, "now").text)
        assert clock.startswith("Ronda 1: quedan ")
        text = phone.find_element(By.TAG_NAME, "body").text
        assert english_left(text, "es", {"Hall Open", *PLAYERS, "English", "Deutsch", "Italiano", "Français"}) == []
        assert phone.execute_script("return num('43.83') + ' ' + num('8.50 naciones')") == "43,83 8,50 naciones"
    finally:
        phone.quit()


def test_the_projector_of_a_spanish_event_is_spanish_in_any_browser(chrome, tmp_path):
    from selenium.webdriver.common.by import By
    from test_in_chromium import browser, serve

    from live_event import new_event
    from tourneybook.live.hall import Hall
    from tourneybook.reports.journal import Journal, journal_path

    event = new_event(tmp_path, language="es")
    hall = Hall(event, Journal(journal_path(event)))
    assert hall.reload(), hall.problems
    hall.set_clock(50)
    address, stopped = serve(hall)
    projector = browser(chrome, (1920, 1080))  # an English browser: the projector follows the event
    try:
        projector.get(address + "/projector")
        heading = wait_for(lambda: projector.execute_script(
            "return document.querySelector('#seating h2')?.textContent || ''"))
        assert heading == "Ronda 1 por mesa"
        assert wait_for(lambda: projector.find_element(By.ID, "clock-stage").text) == "Ronda 1"
        text = projector.find_element(By.TAG_NAME, "body").text
        assert "Mesa 1" in text and "Jugador 1: " in text and "Clasificación" in text and "aún sin resultado" in text
        assert english_left(text, "es", {"Hall Open", *PLAYERS}) == []
    finally:
        projector.quit()
        stopped()
