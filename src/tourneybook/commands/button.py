"""``tourneybook button EVENT.xlsm [--force]``: the button's Python file for a renamed or copied workbook.

The workbook's button runs ``import <workbook name>; <name>.main()`` (xlwings'
quickstart), so after a rename ('essen2024_final.xlsm') it needs a .py of the
new name beside it. This writes it; a name the button cannot import is refused
with one it can.
"""

from __future__ import annotations

from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser("button", help="write the button's Python file beside a renamed or copied .xlsm workbook")
    p.add_argument("workbook", metavar="EVENT.xlsm", help="the macro workbook (made by 'tourneybook new --xlsm')")
    p.add_argument("--force", action="store_true", help="replace a .py of that name that TourneyBook did not write")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..excel.xlsm import made_with, write_module, xlwings_version  # the Excel layer only when asked

    workbook = Path(args.workbook)
    module = write_module(workbook, overwrite=args.force)
    print(f"wrote {module}: the button of {workbook.name} runs it")
    made, installed = made_with(workbook), xlwings_version()
    if made and made != installed:
        print(
            f"note: {workbook.name} was made with xlwings {made}, but xlwings {installed} is installed; the button "
            f"needs the same version: run 'python -m pip install xlwings=={made}', or make the workbook anew "
            "with 'tourneybook new ... --xlsm'"
        )
    return 0
