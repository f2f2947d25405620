"""``tourneybook templates [--out templates/]``: regenerate every ruleset's blank workbook.

Templates are made by code from the schemas, for every ruleset ``new`` starts
as itself (one ``diplomacy`` template for every Diplomacy game scoring): ``templates/<ruleset id>.xlsx``, and its macro-enabled twin
``<ruleset id>.xlsm`` with the "Recalculate standings" button, beside the
same-named Python module the button runs (xlwings' quickstart convention).
Each file carries one fixed date, so that regenerating the templates changes no
byte of a template whose layout did not change (a clean ``git status``).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ..workbook.layouts import shipped_layouts


DATED = dt.datetime(2026, 1, 1)
"""The created and modified time every template carries (properties and zip entries)."""


def register(sub) -> None:
    p = sub.add_parser("templates", help="regenerate the blank workbook of every ruleset")
    p.add_argument("--out", default="templates", metavar="DIR", help="folder to write into (default: templates/)")
    p.set_defaults(func=run)


def write_all(out: Path) -> list[Path]:
    """Write every layout's .xlsx, .xlsm and button module into ``out``; returns the paths written."""
    from ..excel.xlsm import write_xlsm  # xlsxwriter: not at the command line's start-up
    from ..workbook import template  # openpyxl: only the commands that build a workbook load it

    written: list[Path] = []
    for layout in shipped_layouts():
        plain = template.write(Path(out) / f"{layout.ruleset}.xlsx", layout, dated=DATED)
        written += [plain, *write_xlsm(plain, plain.with_suffix(".xlsm"), dated=DATED)]
    return written


def run(args) -> int:
    for path in write_all(Path(args.out)):
        print(f"wrote {path}")
    return 0
