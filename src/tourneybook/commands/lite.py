"""``tourneybook lite [--out DIR] [--wheel URL]``: the files to paste into xlwings Lite."""

from __future__ import annotations

from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("lite", help="write main.py and requirements.txt for xlwings Lite (Excel add-in, no Python install)")
    p.add_argument("--out", default="tourneybook-lite", metavar="DIR", help="folder to write into (default: tourneybook-lite)")
    p.add_argument("--wheel", metavar="URL", help="https address of a tourneybook .whl to install instead of the PyPI release")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..excel.lite import write_lite  # the CLI must not import the Excel layer unless asked

    for path in write_lite(Path(args.out), args.wheel):
        print(path)
    return 0
