"""``tourneybook libreoffice --out DIR``: the LibreOffice extension that gives Calc the workbook's button.

    tourneybook libreoffice --out DIR                          writes DIR/tourneybook-lo.oxt
    tourneybook libreoffice --click EVENT.xlsx --sheet SHEET   what the extension does for a click
    tourneybook libreoffice --click -                          the same, told on stdin: {"workbook": ..., "sheet": ...}

The extension (its sources: ``tourneybook/libreoffice/``, shipped with the package) is
installed once per computer (Tools > Extension Manager, or ``unopkg add``). Its
button stores and closes the workbook and runs ``--click -`` on the file (named on
standard input, so that no workbook or sheet name is ever part of a command line): the Excel
button's action for that sheet (:mod:`tourneybook.excel.filebutton`), answered as
one line of JSON (``ok``, ``message``, ``sheet``) that the extension shows in a
dialog before it opens the workbook again on that sheet.
"""

from __future__ import annotations

import json
import sys
import zipfile
from importlib import resources
from pathlib import Path

from ..errors import EXIT_PROBLEMS, InputError
from ..workbook.control import ACTION_SHEET
from ..workbook.render import STANDINGS

OXT = "tourneybook-lo.oxt"
PARTS = ("META-INF/manifest.xml", "description.xml", "description/description-en.txt", "Addons.xcu", "Jobs.xcu",
         "CalcWindowState.xcu",
         "python/tourneybook_lo.py", "python/pythonpath/tourneybook_lo_asking.py",
         "python/pythonpath/tourneybook_lo_command.py")
"""The extension's files, from the package's ``libreoffice`` folder; the manifest first, as in any package."""


def register(sub) -> None:
    p = sub.add_parser("libreoffice", help="write the LibreOffice extension (the workbook's button in Calc)")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--out", metavar="DIR", help=f"the folder to write {OXT} into (made if missing)")
    which.add_argument("--click", metavar="EVENT.xlsx",
                       help="run the workbook button's action on the closed file, as the extension does (prints JSON); "
                            "'-': the workbook and sheet as one line of JSON on stdin, as the extension sends them")
    p.add_argument("--sheet", default=ACTION_SHEET,
                   help=f"with --click: the sheet whose button was clicked ({ACTION_SHEET}: the action in B2; "
                        "any other: recalculate)")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.out:
        path = write_extension(Path(args.out))
        print(f"wrote {path}: install it in LibreOffice with Tools > Extension Manager > Add, or 'unopkg add {path}'")
        return 0
    from ..excel.filebutton import click_file, unexpected

    workbook, sheet = click_request(sys.stdin) if args.click == "-" else (args.click, args.sheet)
    try:
        said = click_file(workbook, sheet)
    except Exception as exc:  # noqa: BLE001 - a defect still gets one readable sentence in LibreOffice's dialog
        said = unexpected(exc, sheet)
    print(json.dumps(said.json(), ensure_ascii=False))
    return 0 if said.ok else EXIT_PROBLEMS


def click_request(stream) -> tuple[str, str]:
    """The workbook and the button's sheet, from what the extension sends on stdin: ``{"workbook": ..., "sheet":
    the sheet shown, "job": "button" | "recalculate" | "instructions"}`` (the menu's jobs work from any sheet)."""
    try:
        request = json.loads(stream.buffer.read().decode("utf-8") if hasattr(stream, "buffer") else stream.read())
        workbook, shown, job = str(request["workbook"]), str(request.get("sheet") or ACTION_SHEET), request.get("job")
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(f"--click -: stdin holds no workbook to click on ({exc}); the extension sends "
                         '{"workbook": "...", "sheet": "...", "job": "..."}') from None
    if job == "instructions":
        return workbook, ACTION_SHEET
    if job == "recalculate" and shown == ACTION_SHEET:
        return workbook, STANDINGS  # any other sheet's button recalculates; the workbook opens on its result
    return workbook, shown


def write_extension(folder: Path) -> Path:
    """``folder/tourneybook-lo.oxt``, its description carrying TourneyBook's version."""
    from importlib import metadata

    if folder.suffix.lower() == ".oxt":
        raise InputError(f"--out names a folder (the file is always {OXT}): --out {folder.parent}")
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / OXT
    sources = resources.files("tourneybook") / "libreoffice"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as oxt:
        for part in PARTS:
            data = (sources / part).read_bytes()
            if part == "description.xml":
                data = data.replace(b"@VERSION@", metadata.version("tourneybook").encode())
            oxt.writestr(part, data)
    return out
