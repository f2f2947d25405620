"""Every page of the hall at phone, laptop and projector sizes in a real browser (Debian's chromium): the design
system's promises checked on each (a thumb's 44 px for every control on a phone, nothing wider than the phone,
the projector's type large enough for the back of a hall, a Friedrich report far shorter than a field per line)
and a picture of each, into docs/live/pages/ when asked (``TB_PICTURES=1``), as the README's other pictures are.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from test_in_chromium import browser, serve, wait_for
from test_report_in_chromium import DOCS, cleared

pytestmark = pytest.mark.chromium
SIZES = {"phone": (390, 844), "laptop": (1280, 800), "projector": (1920, 1080)}
TAP = 44
"""The smallest height of a control on a phone (WCAG 2.5.5's target size; the design system's --tap)."""
BOX = 24
"""A tick box's width in hall.css: a long label beside it must not squeeze it."""
REPORT_HEIGHT = 3_000
"""How tall a Friedrich report may be on a phone: a field per line made it some 4,300 px (issue 39)."""
PROJECTOR_TYPE = 30
"""The projector's smallest body type in px (the back of a hall)."""

TOO_SMALL = """
const small = [];
for (const e of document.querySelectorAll('button, input, select, summary')) {
  const r = e.getBoundingClientRect();
  if (e.type === 'hidden' || r.width === 0 || r.height === 0) continue;  // not shown
  const target = (e.type === 'checkbox' || e.type === 'radio') ? (e.closest('label') || e) : e;
  const h = target.getBoundingClientRect().height;
  if (h < arguments[0] - 0.5) small.push((e.name || e.id || e.textContent.trim()).slice(0, 40) + ' ' + Math.round(h));
  if (target !== e && r.width < arguments[1] - 0.5)  // a box squeezed by its label's long text
    small.push((e.name || e.id || 'tick box').slice(0, 40) + ' box ' + Math.round(r.width) + ' px wide');
}
return small;"""


@pytest.fixture(scope="module")
def one_browser(chrome):
    found = browser(chrome, SIZES["phone"])
    yield found
    found.quit()


def at_size(driver, size: tuple[int, int]) -> None:
    """The page exactly ``size`` (the window's own frame takes none of it), a phone's touch screen below 600 px."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})


def picture(driver, name: str, folder: Path) -> None:
    driver.save_screenshot(str(folder / name))
    if os.environ.get("TB_PICTURES") == "1":
        (DOCS / "pages").mkdir(exist_ok=True)
        driver.save_screenshot(str(DOCS / "pages" / name))


def test_every_page_at_phone_laptop_and_projector_sizes(one_browser, tmp_path):
    from selenium.webdriver.common.by import By

    driver = one_browser
    hall, table, typed = cleared("fwc2022", tmp_path / "fwc", lambda s: s.draw.table(1, 1))
    other = hall.state.draw.table(2, 1)  # its result is in the workbook (a round complete)
    code = hall.code_of(table)
    url, stop = serve(hall)
    player = table.seats[0].player
    try:
        # a table with a dispute and a version of its own, for the director's page; check-in open for the next round
        # (a round drawn already takes no answer)
        report = hall.journal.add(1, 3, typed, "phone-z", seat="Frederick")
        hall.journal.dispute(report.id, "Pompadour", "France held 6", {**typed, "France held": "6"}, "phone-y")
        hall.checkin.open(hall.state.draw.current_round + 1)
        waiting = lambda: hall.journal.add(1, 1, typed, "phone-x", seat="Frederick")  # noqa: E731
        pages = [  # name, address, what shows once the page is drawn, what happens in the hall first
            ("phone", "/", "#find", None),
            ("report", f"/t/{code}", "#send", None),
            ("confirm", f"/t/{code}", "#confirm", waiting),
            ("result", f"/t/{hall.code_of(other)}", "#in-workbook", None),
            ("unknown-code", "/t/ZZZZ-ZZZZ", "#message", None),
            ("checkin", f"/checkin?player={player}", "#play", None),
            ("director-key", "/director", "#key", None),
            ("director", "/director", "#needs button.theirs", None),
            ("projector", "/projector", "#ranking tr", None),
        ]
        problems = {}
        for name, path, ready, before in pages:
            if before is not None:
                before()
            for size_name, size in SIZES.items():
                at_size(driver, size)
                driver.get(url + path)
                if name == "director":  # the key once, kept in a cookie
                    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, f"{ready}, #key"))
                    if driver.find_elements(By.ID, "key"):
                        driver.find_element(By.ID, "key").send_keys(hall.director_key)
                        driver.find_element(By.ID, "enter").click()
                wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ready))
                if name == "phone":  # the player's card, once they typed their name
                    driver.find_element(By.ID, "find").clear()
                    driver.find_element(By.ID, "find").send_keys(player)
                    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ".card"))
                if name == "report" and size_name == "phone":
                    height = driver.execute_script("return document.documentElement.scrollHeight")
                    assert height <= REPORT_HEIGHT, f"the Friedrich report is {height} px tall on a phone"
                picture(driver, f"{name}-{size_name}.png", tmp_path)
                if size_name == "phone" and name != "projector":
                    problems[name] = check_phone(driver)
            if name == "director-key":
                driver.delete_all_cookies()
        assert {k: v for k, v in problems.items() if v} == {}

        at_size(driver, SIZES["projector"])
        driver.get(url + "/projector")
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#ranking tr"))
        body, clock = driver.execute_script(
            "return [getComputedStyle(document.body).fontSize, getComputedStyle(document.getElementById('clock')).fontSize]")
        assert float(body[:-2]) >= PROJECTOR_TYPE and float(clock[:-2]) >= 2.5 * PROJECTOR_TYPE
    finally:
        stop()


def check_phone(driver) -> list[str]:
    """What breaks the design system on a phone: a control smaller than a thumb, a page wider than the screen."""
    found = driver.execute_script(TOO_SMALL, TAP, BOX)
    wide = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    return found + ([f"{wide} px wider than the phone"] if wide > 1 else [])
