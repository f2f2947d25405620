"""A fresh Carcassonne event, round 1 drawn and no result yet, with live reporting switched on in Settings."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from live_event import new_event

from tourneybook.live.hall import Hall
from tourneybook.reports.journal import Journal, journal_path


@pytest.fixture(scope="session")
def event_template(tmp_path_factory) -> Path:
    return new_event(tmp_path_factory.mktemp("event"))


@pytest.fixture
def event(event_template, tmp_path) -> Path:
    copy = tmp_path / "hall.xlsx"
    shutil.copyfile(event_template, copy)
    return copy


@pytest.fixture
def hall(event) -> Hall:
    found = Hall(event, Journal(journal_path(event)))
    assert found.reload(), found.problems
    return found


@pytest.fixture(scope="session")
def chrome():
    """Debian's chromium and chromedriver, named explicitly (Selenium Manager would try to download a driver)."""
    browser, driver = shutil.which("chromium") or "/usr/bin/chromium", shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not (os.path.exists(browser) and os.path.exists(driver)):
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("chromium and chromium-driver are required in CI: apt-get install chromium chromium-driver")
        pytest.skip("chromium or chromedriver not installed (Debian/Ubuntu: apt-get install chromium chromium-driver)")
    return browser, driver


@pytest.fixture(autouse=True)
def journal_off_the_event_loop(monkeypatch):
    """Every test of the hall checks that no request uses the journal on the server's event loop: SQLite waits for a
    lock another program holds, and on the loop that wait would freeze every page (the request handlers call it
    through ``run_in_threadpool``)."""
    import asyncio

    opened = Journal._connection

    def off_the_loop(self):
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return opened(self)
        raise AssertionError("the reports journal was used on the server's event loop")

    monkeypatch.setattr(Journal, "_connection", off_the_loop)
