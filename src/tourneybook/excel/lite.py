"""What an organiser pastes into xlwings Lite: ``main.py`` and ``requirements.txt``.

xlwings Lite keeps a workbook's Python code inside the workbook (its editor has
a main.py and a requirements.txt tab) and runs it in Pyodide. TourneyBook is not
on PyPI, so main.py carries TourneyBook's own pure-Python code: a zip of the
package, base64 text in the file, unpacked into Pyodide's temporary folder and
put on ``sys.path`` when main.py starts. Then main.py imports the ``@script``
functions the button module declares (:data:`.scripts.SCRIPTS`) and the ``@func``
cell functions of :mod:`.udfs`; Lite registers imported ones too.

requirements.txt lists only TourneyBook's own dependencies, every one on PyPI
as a pure-Python wheel or built by Pyodide itself (lxml, pandas). Nothing is
embedded in a workbook by this command: openpyxl and LibreOffice drop the
add-in's part that stores the code, so the organiser pastes it in Excel.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import zipfile
from importlib import metadata
from pathlib import Path

from ..errors import InputError
from ..rules import RULESETS
from .scripts import SCRIPTS

FUNCTIONS = tuple(sorted(name for ruleset in RULESETS for name in ruleset.cell_functions))
"""Every ruleset's cell functions (``Ruleset.cell_functions``), in alphabetical order."""
PACKAGE = Path(__file__).resolve().parents[1]
"""The installed tourneybook package whose code main.py carries."""

MAIN_PY = '''"""TourneyBook {version} in xlwings Lite: paste this whole file into the main.py tab.

Scripts (run them from the xlwings Lite task pane, or bind a sheet button to one):
{scripts}
Cell functions: {functions} (type =TB_ in a cell for their help).

TourneyBook's own code is carried below (it is not on PyPI): a zip of its Python
files, unpacked into a temporary folder when this file starts. Do not edit it;
make a new main.py with 'tourneybook lite' after updating TourneyBook.
"""


def _carry_tourneybook():
    import base64, io, os, sys, tempfile, zipfile

    folder = os.path.join(tempfile.gettempdir(), "tourneybook-{digest}")
    if not os.path.isdir(os.path.join(folder, "tourneybook")):
        zipfile.ZipFile(io.BytesIO(base64.b64decode(_TOURNEYBOOK))).extractall(folder)
    if folder not in sys.path:
        sys.path.insert(0, folder)


_TOURNEYBOOK = """
{blob}"""
_carry_tourneybook()

from tourneybook.excel.button import {script_imports}  # noqa: E402
from tourneybook.excel.udfs import {function_imports}  # noqa: E402

__all__ = [{names}]
'''


def package_zip() -> bytes:
    """TourneyBook's Python files as a zip, the same bytes for the same code (fixed times, sorted names)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in sorted(PACKAGE.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            name = Path("tourneybook", path.relative_to(PACKAGE)).as_posix()
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def main_py() -> str:
    """The main.py text: TourneyBook's code carried inside, then its scripts and cell functions."""
    from . import button  # xlwings: imported only when the Lite code is asked for

    blob = package_zip()
    names = SCRIPTS
    described = "".join(f"- {name}: {_first_line(getattr(button, name).__doc__)}\n" for name in names)
    return MAIN_PY.format(
        version=metadata.version("tourneybook"),
        scripts=described,
        functions=", ".join(f"={f.upper()}" for f in FUNCTIONS),
        digest=hashlib.sha256(blob).hexdigest()[:16],
        blob=base64.encodebytes(blob).decode("ascii"),
        script_imports=", ".join(names),
        function_imports=", ".join(FUNCTIONS),
        names=", ".join(f'"{n}"' for n in (*names, *FUNCTIONS)),
    )


NOT_IN_LITE = {"python-calamine", "httptools", "uvloop", "watchfiles"}
"""Dependencies Lite neither has nor needs: compiled for desktops only (Pyodide has no wheel of them, so
one line of them fails the whole requirements tab), and used only to read workbook files (Lite works on
the open workbook through xlwings) or by ``tourneybook live``'s server. The Lite test runs without them."""


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().splitlines()[0] if doc and doc.strip() else ""


def requirements_txt() -> str:
    """TourneyBook's own dependencies (xlwings, openpyxl, ...), each on PyPI or built into Pyodide."""
    lines = []
    for requirement in metadata.requires("tourneybook") or []:
        if "extra ==" in requirement:
            continue  # test tools are not needed in Excel
        line = re.sub(r"\s+", "", requirement.split(";")[0])
        if re.split(r"[<>=!~\[]", line)[0].lower() not in NOT_IN_LITE:
            lines.append(line)
    return "\n".join(lines) + "\n"


def write_lite(out: Path) -> list[Path]:
    """Write main.py and requirements.txt into folder ``out``; return their paths."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: not a folder")
    out.mkdir(parents=True, exist_ok=True)
    files = {"main.py": main_py(), "requirements.txt": requirements_txt()}
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    return [out / name for name in files]


__all__ = ["FUNCTIONS", "NOT_IN_LITE", "SCRIPTS", "main_py", "package_zip", "requirements_txt", "write_lite"]
