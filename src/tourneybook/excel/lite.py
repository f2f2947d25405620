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

SCRIPTS = ("recalculate_standings", "draw_next_round", "redraw_round", "forms_for_round", "final_choosing_order", "final_forms")
"""The button scripts of :mod:`.button`, one per action, in the order an event needs them."""
FUNCTIONS = tuple(sorted(name for ruleset in RULESETS for name in ruleset.cell_functions))
"""Every ruleset's cell functions (``Ruleset.cell_functions``), in alphabetical order."""

MAIN_PY = '''"""TourneyBook in xlwings Lite: paste this whole file into the main.py tab.

Scripts, one per action of the workbook (run them from the xlwings Lite task pane, or
bind a sheet button to them, see the TourneyBook README):
- recalculate_standings: every result sheet from the entry sheets;
- draw_next_round: the round after the last one drawn, with its quality report;
- redraw_round: the round typed in Instructions!B3 again (only while it has no results);
- forms_for_round: the printable forms of the round in Instructions!B3, as sheets 'Form ...';
- final_choosing_order, final_forms: the Friedrich final.
Problems go to the Issues sheet and a message, each with its sheet and cell.

Cell functions: {functions} (type =TB_ in a cell for their help).
"""

from tourneybook.excel.button import {scripts}
from tourneybook.excel.udfs import {imports}

__all__ = [{names}]
'''


def main_py() -> str:
    """The main.py text."""
    return MAIN_PY.format(
        scripts=", ".join(SCRIPTS),
        imports=", ".join(FUNCTIONS),
        functions=", ".join(f"={f.upper()}" for f in FUNCTIONS),
        names=", ".join(f'"{n}"' for n in (*SCRIPTS, *FUNCTIONS)),
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


__all__ = ["FUNCTIONS", "SCRIPTS", "main_py", "requirements_txt", "write_lite"]
