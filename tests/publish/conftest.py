"""Headless Chromium, the real browser the published page is checked in (Debian package ``chromium``)."""

from __future__ import annotations

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("Chromium is required in CI and is missing: apt-get install chromium")
        pytest.skip("Chromium not installed (Debian/Ubuntu: apt-get install chromium)")
    return path
