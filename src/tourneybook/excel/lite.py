"""What an organiser pastes into xlwings Lite: ``main.py`` and ``requirements.txt``.

xlwings Lite keeps a workbook's Python code inside the workbook (its editor has
a main.py and a requirements.txt tab) and runs it in Pyodide. Lite registers
the ``@func`` and ``@script`` functions that main.py holds, imported ones
included, so main.py only imports TourneyBook's own: the button script of
:mod:`.button` and the cell functions of :mod:`.udfs`. Nothing is embedded in a
workbook: openpyxl and LibreOffice drop the add-in's part that stores the code.

Packages come from requirements.txt: pure-Python wheels from PyPI (or a wheel
URL that allows cross-origin downloads), and Pyodide's own builds (pandas).
"""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

from ..errors import InputError
from ..rules import RULESETS

SCRIPT = "recalculate_standings"
FUNCTIONS = tuple(sorted(name for ruleset in RULESETS for name in ruleset.cell_functions))
"""Every ruleset's cell functions (``Ruleset.cell_functions``), in alphabetical order."""

MAIN_PY = '''"""TourneyBook in xlwings Lite: paste this whole file into the main.py tab.

Scripts: recalculate_standings recalculates every result sheet from the entry sheets
(Issues sheet and a message when something needs fixing). Run it from the
xlwings Lite task pane, or bind a sheet button to it (see the TourneyBook README).

Cell functions: {functions} (type =TB_ in a cell for their help).
"""

from tourneybook.excel.button import {script}
from tourneybook.excel.udfs import {imports}

__all__ = [{names}]
'''


def main_py() -> str:
    """The main.py text."""
    return MAIN_PY.format(
        script=SCRIPT,
        imports=", ".join(FUNCTIONS),
        functions=", ".join(f"={f.upper()}" for f in FUNCTIONS),
        names=", ".join(f'"{n}"' for n in (SCRIPT, *FUNCTIONS)),
    )


def requirements_txt(wheel: str | None = None) -> str:
    """tourneybook's own dependencies, then tourneybook: from PyPI, or ``wheel`` (a URL to its .whl)."""
    version = metadata.version("tourneybook")
    lines = []
    for requirement in metadata.requires("tourneybook") or []:
        if "extra ==" in requirement:
            continue  # test tools are not needed in Excel
        lines.append(re.sub(r"\s+", "", requirement))
    if wheel is not None and not (wheel.startswith("https://") and wheel.endswith(".whl")):
        raise InputError(f"--wheel {wheel!r}: give the https:// address of a tourneybook .whl file")
    lines.append(wheel or f"tourneybook=={version}")
    return "\n".join(lines) + "\n"


def write_lite(out: Path, wheel: str | None = None) -> list[Path]:
    """Write main.py and requirements.txt into folder ``out``; return their paths."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: not a folder")
    out.mkdir(parents=True, exist_ok=True)
    files = {"main.py": main_py(), "requirements.txt": requirements_txt(wheel)}
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    return [out / name for name in files]


__all__ = ["FUNCTIONS", "SCRIPT", "main_py", "requirements_txt", "write_lite"]
