"""``tourneybook lite [--out DIR]``: the files to paste into xlwings Lite (TourneyBook's code carried inside)."""

from __future__ import annotations

from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("lite", help="write main.py and requirements.txt for xlwings Lite (Excel add-in, no Python install)")
    p.add_argument("--out", default="tourneybook-lite", metavar="DIR", help="folder to write into (default: tourneybook-lite)")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..excel.lite import write_lite  # the CLI must not import the Excel layer unless asked

    for path in write_lite(Path(args.out)):
        print(path)
    return 0
