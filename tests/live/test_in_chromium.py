"""The hall in a real browser: Debian's chromium driven by Selenium through chromedriver, the server on loopback.

A report typed on the phone page, confirmed from a second browser, imported and
recalculated: the projector page shows the new standings, with no reload.
"""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest

from tourneybook.cli import main
from tourneybook.live.app import create_app
from tourneybook.live.hall import follow

pytestmark = pytest.mark.chromium


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(hall, app=None):
    """The hall on a free loopback port as ``tourneybook live`` serves it (its connection limits), following its
    workbook's saves: the address and a stop function. ``app``: the app serving it, when the test keeps it (to give
    it another hall)."""
    import uvicorn

    from tourneybook.live.serving import hall_config

    port = free_port()
    server = uvicorn.Server(hall_config(app or create_app(hall), "127.0.0.1", port))
    stop = threading.Event()
    threads = [threading.Thread(target=server.run, daemon=True), threading.Thread(target=follow, args=(hall, stop), daemon=True)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started

    def stopped():
        hall.stopping()  # every page's long poll answered now: the server stops at once, not after its grace period
        server.should_exit = True
        stop.set()
        threads[0].join(10)

    return f"http://127.0.0.1:{port}", stopped


@pytest.fixture
def served(hall):
    address, stopped = serve(hall)
    yield address
    stopped()


def browser(chrome, size):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chrome[0]
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=chrome[1]), options=options)
    driver.set_window_size(*size)
    return slowed(driver)


SLOWED = int(os.environ.get("TB_SLOW_PAGES", "1") or 1)
"""TB_SLOW_PAGES=6 runs every page's script six times slower (Chromium's CPU throttling): the machine of a full
CI run with its cores busy, made on purpose, to show which test reads a page before it reached its state."""


def slowed(driver):
    """``driver``'s current window with its scripts slowed by :data:`SLOWED` (1: as fast as the machine goes)."""
    if SLOWED > 1:
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": SLOWED})
    return driver


def standings_rows(driver) -> list[str]:
    """The projector's standings lines, read in one go (the page redraws itself while it pages)."""
    return driver.execute_script("return Array.from(document.querySelectorAll('#standings tr'), r => r.textContent)")


def heading(driver) -> str:
    """The page's heading once the page after a click has loaded (read by script: no element of the old page)."""
    return driver.execute_script("return document.readyState === 'complete' && document.querySelector('h1') ? "
                                 "document.querySelector('h1').textContent : ''")


def wait_for(check, seconds: float = 60):
    # generous: a loaded 2-core machine starts chromium and redraws slowly; a pass returns at once
    deadline = time.monotonic() + seconds
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException

    while time.monotonic() < deadline:
        try:
            found = check()
        except StaleElementReferenceException:  # the script redrew the card (a new state, the player's rounds) meanwhile
            found = None
        except NoSuchElementException:  # the next page is still loading after a click
            found = None
        except WebDriverException as exc:  # an element found as the page loaded itself again: Chrome's way to say stale
            if "does not belong to the document" not in str(exc):
                raise
            found = None
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("the page did not show it in time")


def texts_of(find) -> list[str]:
    """The texts of the elements ``find()`` returns, once there are any, read inside one retried check: the page's
    script may replace an element between finding it and reading it (a new state, the player's rounds)."""
    return wait_for(lambda: [e.text for e in find()])


def tap(find) -> None:
    """Click the first element ``find()`` returns, retried while the page's script replaces it."""
    wait_for(lambda: [e.click() for e in find()[:1]])


def test_report_confirm_import_recalc_and_the_projector_shows_it(chrome, hall, event, served):
    from selenium.webdriver.common.by import By

    table = hall.state.draw.table(1, 1)
    code = hall.code_of(table)
    phone, friend, projector = browser(chrome, (390, 844)), browser(chrome, (390, 844)), browser(chrome, (1920, 1080))
    try:
        projector.get(served + "/projector")
        wait_for(lambda: standings_rows(projector))
        phone.get(served + "/")
        phone.find_element(By.ID, "code").send_keys(code.lower())
        phone.find_element(By.CSS_SELECTOR, "form[action='/t'] button").click()
        wait_for(lambda: phone.find_elements(By.ID, "f3"))  # the table's report page, after the click
        for i, vp in enumerate(["90", "80", "70", "60"]):
            phone.find_element(By.ID, f"f{i}").send_keys(vp)
        phone.find_element(By.ID, "seat-code").send_keys(hall.seat_code_of(table, table.seats[0].seat))
        phone.find_element(By.ID, "send").click()
        wait_for(lambda: heading(phone) == "Stored")
        friend.get(f"{served}/t/{code}")
        friend.find_element(By.ID, "confirm-seat").send_keys(hall.seat_code_of(table, table.seats[1].seat))
        friend.find_element(By.ID, "confirm").click()
        wait_for(lambda: heading(friend) == "Confirmed")
        assert main(["import-reports", str(event)]) == 0
        assert main(["recalc", str(event)]) == 0
        winner = table.seats[0].player
        first = wait_for(lambda: [r for r in standings_rows(projector) if "5.00" in r])
        assert winner in first[0]
        # the phone finds the winner by a few letters typed without accents
        phone.get(served + "/")
        letters = winner.split()[0][:3].replace("ö", "o").replace("Ł", "L").replace("ë", "e")
        phone.find_element(By.ID, "find").send_keys(letters)
        wait_for(lambda: phone.find_elements(By.ID, "me") or [b for b in phone.find_elements(By.CLASS_NAME, "hit") if b.text == winner])
        if not phone.find_elements(By.ID, "me"):
            tap(lambda: [b for b in phone.find_elements(By.CLASS_NAME, "hit") if b.text == winner])
        assert "Place 1 with 5.00" in texts_of(lambda: phone.find_elements(By.ID, "place"))[0]
    finally:
        for driver in (phone, friend, projector):
            driver.quit()


def test_the_phone_finds_a_name_typed_without_its_accent_and_shows_markup_as_text(chrome, hall, served):
    from selenium.webdriver.common.by import By

    phone = browser(chrome, (390, 844))
    try:
        phone.get(served + "/")
        phone.find_element(By.ID, "find").send_keys("zoe")
        table, seat = next((t.table, s.seat) for t in hall.state.draw.tables for s in t.seats if s.player == "Zoë Faure")
        # her tables come from /api/player, asked once her card shows
        # the card's text read inside the retried check: the script redraws the card when her rounds arrive
        card = wait_for(lambda: [t for t in (c.text for c in phone.find_elements(By.ID, "me")) if "(new)" in t])[0]
        assert card.startswith("Zoë Faure") and f"Round 1, table {table}, {seat} (new)" in card
        phone.find_element(By.ID, "find").clear()
        phone.find_element(By.ID, "find").send_keys("bold")
        card = wait_for(lambda: [t for t in (c.text for c in phone.find_elements(By.ID, "me")) if "Bold" in t])[0]
        assert card.startswith("Ben <b>Bold</b>")  # shown as typed, never made bold
        assert phone.find_elements(By.CSS_SELECTOR, "#me b") == []
    finally:
        phone.quit()
