"""Shared fixtures.

The real-client tests need LibreOffice. Outside CI they skip with a reason when it
is missing; in CI (CI=true) a missing LibreOffice is a failure, never a silent skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

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


SYSTEM_PYTHON = "/usr/bin/python3"
"""The Python that Debian's python3-uno serves: LibreOffice's own macros run in it, and the tests' UNO errands."""


@pytest.fixture(scope="session")
def calc_window(soffice) -> str:
    """What clicking a real Calc window needs besides LibreOffice: Xvfb, xdotool, imagemagick's ``import``,
    and Python macros (python3-uno, libreoffice-script-provider-python). The full ``libreoffice-calc``, not
    ``-nogui``, which cannot open a document in a window. Returns soffice's path."""
    missing = [tool for tool in ("Xvfb", "xdotool", "import") if shutil.which(tool) is None]
    if not (Path(os.path.realpath(soffice)).parent / "pythonscript.py").exists():
        missing.append("libreoffice-script-provider-python")
    if not Path(SYSTEM_PYTHON).exists() or subprocess.run([SYSTEM_PYTHON, "-c", "import uno"],
                                                          capture_output=True).returncode != 0:
        missing.append("python3-uno")
    if missing:
        message = f"a real Calc window needs {', '.join(missing)} (Debian: .ci/run installs them)"
        if _in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return soffice


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
