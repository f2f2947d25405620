"""The phone page in a real browser on the shipped Friedrich example: a finalist's two places, names in Language order."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_in_chromium import browser, served, texts_of, wait_for  # noqa: F401  (served: the server fixture, used by name)

from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path

pytestmark = pytest.mark.chromium
WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


@pytest.fixture
def hall(tmp_path) -> Hall:
    event = tmp_path / "fwc2022.xlsx"
    shutil.copyfile(WORKBOOKS / "fwc2022-example.xlsx", event)
    found = Hall(event, Journal(journal_path(event)))
    assert found.reload(), found.problems
    return found


def test_a_finalist_reads_the_final_place_then_the_qualifying_place(chrome, hall, served):
    from selenium.webdriver.common.by import By

    phone = browser(chrome, (390, 844))
    try:
        phone.get(served + "/")
        phone.find_element(By.ID, "find").send_keys("klara")
        card = texts_of(lambda: phone.find_elements(By.ID, "me"))[0].splitlines()
        assert card[0] == "Klara Novak"
        final = card.index("Final: place 2")
        assert card[final + 1] == "below Felix Vidal on winning nations"
        assert card[final + 2] == "Standings: place 3 with 38.75 (points)"
        assert card[final + 3] == "below Felix Vidal on points"
    finally:
        phone.quit()


def test_the_names_offered_are_in_the_events_language_order(chrome, hall, served):
    from selenium.webdriver.common.by import By

    phone = browser(chrome, (390, 844))
    try:
        phone.get(served + "/")
        phone.find_element(By.ID, "find").send_keys("er")
        offered = texts_of(lambda: phone.find_elements(By.CLASS_NAME, "hit"))
        names = hall.api()["names"]
        assert offered == [n for n in names if "er" in n.lower()][:12] and len(offered) > 1
    finally:
        phone.quit()
