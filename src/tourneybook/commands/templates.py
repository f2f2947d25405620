"""``tourneybook templates [--out templates/]``: regenerate every ruleset's blank workbook.

Templates are made by code from the schemas, one file per ruleset whose
workbook layout exists: ``templates/<ruleset id>.xlsx``.
"""

from __future__ import annotations

from pathlib import Path

from ..workbook import template
from ..workbook.layout import available_layouts


def register(sub) -> None:
    p = sub.add_parser("templates", help="regenerate the blank workbook of every ruleset")
    p.add_argument("--out", default="templates", metavar="DIR", help="folder to write into (default: templates/)")
    p.set_defaults(func=run)


def write_all(out: Path) -> list[Path]:
    """Write templates/<ruleset>.xlsx for every layout; returns the paths written."""
    return [template.write(Path(out) / f"{layout.ruleset}.xlsx", layout) for layout in available_layouts()]


def run(args) -> int:
    for path in write_all(Path(args.out)):
        print(f"wrote {path}")
    return 0
