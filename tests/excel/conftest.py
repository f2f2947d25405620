"""The Excel layer's tests run the xlwings remote engine (xlwings Server / Lite) on this machine.

xlwings chooses its decorators and engines when it is first imported, from
XLWINGS_ON_SERVER and XLWINGS_LICENSE_KEY (noncommercial: the PolyForm
Noncommercial licence, fine for the project's own tests). They are set here, at
import; if some earlier test module imported xlwings without them, xlwings and
our Excel modules are imported afresh so that these tests see the server mode.
"""

from __future__ import annotations

import os
import sys

os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")

if "xlwings" in sys.modules and not getattr(sys.modules["xlwings"], "on_server", False):
    for name in [m for m in sys.modules if m == "xlwings" or m.startswith(("xlwings.", "tourneybook.excel"))]:
        del sys.modules[name]

import pytest  # noqa: E402
import xlwings  # noqa: E402

assert xlwings.on_server, "xlwings must run in server mode for these tests"


@pytest.fixture(scope="session")
def subprocess_env() -> dict[str, str]:
    """Environment for child Pythons that must see xlwings in server mode."""
    return dict(os.environ, XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY=os.environ["XLWINGS_LICENSE_KEY"])
