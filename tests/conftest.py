"""Shared fixtures.

The real-client tests need LibreOffice. Outside CI they skip with a reason when it
is missing; in CI (CI=true) a missing LibreOffice is a failure, never a silent skip.
"""

from __future__ import annotations

import os

import pytest

from tourneybook.office import INSTALL_HINT, find_soffice


@pytest.fixture(scope="session")
def soffice() -> str:
    path = find_soffice()
    if path is None:
        if _in_ci():
            pytest.fail("LibreOffice is required in CI and is missing. " + INSTALL_HINT)
        pytest.skip("LibreOffice not installed. " + INSTALL_HINT)
    return path


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_sessionfinish(session, exitstatus):
    """In CI nothing may pass by being skipped: a skip turns the run red."""
    if not _in_ci():
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped and exitstatus == 0:
        session.exitstatus = 1
        if reporter:
            reporter.write_line(f"CI: {len(skipped)} test(s) skipped; skipping is not allowed in CI", red=True)
