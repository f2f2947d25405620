"""Macro-enabled copies of the templates: the classic xlwings "Recalculate standings" button.

Follows xlwings' standalone quickstart (``xlwings quickstart NAME --standalone``):
the VBA project shipped in the installed xlwings (``quickstart_standalone.xlsm``)
is copied byte for byte, settings live on an ``xlwings.conf`` sheet, and the
button runs the quickstart's ``SampleCall`` macro, which does
``RunPython "import <workbook name>; <workbook name>.main()"``. So a Python
module named like the workbook is written beside it; its ``main`` is
:func:`tourneybook.excel.button.main`.

How it is built: xlsxwriter can add a VBA project and buttons but cannot read a
template; openpyxl can read and write the template (validations, tables,
styles) but cannot make buttons. So xlsxwriter makes a shell holding only the
VBA project and one button per sheet, and openpyxl saves the template with the
shell attached as its kept VBA archive (``keep_vba``'s mechanism): the VBA
project and the buttons' VML drawings are copied from it unchanged.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import io
import keyword
import re
import sys
import unicodedata
import zipfile
from importlib import metadata
from pathlib import Path

import openpyxl
import xlsxwriter

from ..errors import InputError
from ..files.filestore import save_atomically

MACRO = "SampleCall"
"""The quickstart macro the button runs (``Module1.SampleCall`` of xlwings' VBA project)."""
CAPTION = "Recalculate standings"
CONF_SHEET = "xlwings.conf"
UDF_MODULE = "tourneybook.excel.udfs"
VERSION_NOTE = "Made with xlwings "
"""Starts the conf sheet's note naming the xlwings whose VBA the workbook carries."""

CONF_ROWS: tuple[tuple[str, object], ...] = (("UDF Modules", UDF_MODULE),)
"""Only what TourneyBook needs: a key on this sheet wins over the organiser's own xlwings add-in
settings even when its value is empty, so an interpreter or Conda set-up made there is kept.
xlwings reads keys from A1 down to the first empty row; the notes below them are for people."""


def conf_notes(xlwings_version: str) -> tuple[str, ...]:
    return (
        "TourneyBook settings for xlwings (keys from A1 down, no empty row between them).",
        "Python not found, or 'No module named tourneybook'? Add a row under the keys: Interpreter_Win (Windows) "
        "or Interpreter_Mac (macOS) in column A, and in column B the full path of the python that has tourneybook "
        "installed (e.g. C:\\Users\\me\\tourneybook\\.venv\\Scripts\\python.exe).",
        "The button runs: import <this workbook's name>; <name>.main() from the same-named .py file beside this "
        "workbook. Renamed or copied the workbook? Run: tourneybook button NEW-NAME.xlsm",
        "Cell functions (=TB_FWC_NATION, =TB_CARC_POINTS, ...): Windows only, xlwings tab > Import Functions "
        "(or run the ImportPythonUDFs macro).",
        f"{VERSION_NOTE}{xlwings_version}: the xlwings installed with TourneyBook must be this version "
        "(check with: python -m pip show xlwings).",
    )


MODULE_MARKER = '"""Runs TourneyBook\'s "Recalculate standings" for the workbook of the same name.'
"""The first line of every module we write: a .py beside the workbook without it is someone else's."""

BUTTON_MODULE = MODULE_MARKER + '''

xlwings' RunPython calls ``main()`` here when the button on the workbook is clicked.
Written by ``tourneybook new --xlsm`` or ``tourneybook button WORKBOOK.xlsm``.
"""

try:
    from tourneybook.excel.button import main
except ImportError as exc:  # the Python that Excel runs is not the one TourneyBook was installed into
    import sys

    raise ImportError(
        f"TourneyBook is not installed for the Python that Excel runs ({sys.executable}): {exc}. "
        "Install it there (see the TourneyBook README), or put the full path of the python that has it "
        "on this workbook's xlwings.conf sheet (Interpreter_Win or Interpreter_Mac)."
    ) from None

__all__ = ["main"]
'''

_SHADOWED = {"tourneybook", "xlwings", "openpyxl", "xlsxwriter", "pandas", "numpy", "tqdm", "main"}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
"""What the button can import on every Windows and Mac: ASCII letters, digits and _ (Python would take more
letters, but the name travels through Excel's VBA and the system's command line first)."""

TITLE_CHAR_PX = 9.5
"""Width of one character of a sheet's 14 pt bold title, generously (Calibri ~8 px, LibreOffice's Carlito alike)."""
BUTTON_SIZE = (170, 30)
"""The button's width and height in pixels; row 1 is made tall enough to hold it."""
BUTTON_MAX_OFFSET = 760
"""The button's left edge at most this far right (pixels): with its width, within a 1,000-pixel window."""
BUTTON_ROW_HEIGHT = 27
"""Row 1's height in points (36 px): the title and the button side by side, clear of the help text in row 2."""


def quickstart_vba() -> bytes:
    """The VBA project of the installed xlwings' standalone quickstart, unchanged.

    The VBA module declares its xlwings version: the organiser's xlwings must match.
    """
    spec = _xlwings_spec()
    shipped = Path(spec.origin).parent / "quickstart_standalone.xlsm"
    with zipfile.ZipFile(shipped) as archive:
        return archive.read("xl/vbaProject.bin")


def xlwings_version() -> str:
    """The installed xlwings' version, read without importing it (importing fixes its decorators)."""
    _xlwings_spec()
    return metadata.version("xlwings")


def _xlwings_spec():
    spec = importlib.util.find_spec("xlwings")
    if spec is None or spec.origin is None:
        raise InputError("xlwings is not installed: install TourneyBook as the README says, which installs it")
    return spec


def module_name(out: Path) -> str:
    """The Python module name the quickstart macro derives from the workbook's file name.

    ``SampleCall`` takes the text before the LAST dot (``InStrRev``). A name that
    cannot be imported is refused with a name that can.
    """
    name = Path(out).name.rpartition(".")[0] or Path(out).name
    if not _NAME.fullmatch(name) or keyword.iskeyword(name) or name in sys.stdlib_module_names or name in _SHADOWED:
        suggestion = suggested_name(name) + Path(out).suffix
        raise InputError(
            f'{Path(out).name}: the button runs the Python file named like the workbook, so the name before '
            f'{Path(out).suffix or "the extension"} must be a Python name that is free: letters a-z, digits and _ '
            f'only, not starting with a digit, and not {name!r}. Use e.g. "{suggestion}"'
        )
    return name


SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "Ł": "L",
                         "ł": "l", "Ø": "O", "ø": "o", "Æ": "AE", "æ": "ae", "Đ": "D", "đ": "d", "Œ": "OE", "œ": "oe"})
"""Letters without an accent to strip, spelled in ASCII (the others lose their accents: 'é' -> 'e')."""


def suggested_name(name: str) -> str:
    """A free, importable name close to ``name``: 'Essen 2024 (1)' -> 'Essen_2024_1', 'München' -> 'Muenchen'."""
    name = name.translate(SPELLED)
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    words = re.findall(r"[A-Za-z0-9]+", ascii_name)
    suggestion = "_".join(words) or "event"
    if suggestion[0].isdigit():
        suggestion = f"event_{suggestion}"
    if keyword.iskeyword(suggestion) or suggestion in sys.stdlib_module_names or suggestion in _SHADOWED:
        suggestion = f"{suggestion}_event"
    return suggestion


def write_xlsm(
    template_xlsx: Path, out: Path, button_sheets: tuple[str, ...] | None = None, *, overwrite: bool = False,
    dated: dt.datetime | None = None,
) -> tuple[Path, Path]:
    """Write ``out`` (.xlsm) from ``template_xlsx`` and the same-named Python module beside it; return both paths.

    ``button_sheets``: sheets that get the button (default: every sheet of the template).
    A .py of that name that we did not write (no :data:`MODULE_MARKER`) is
    replaced only with ``overwrite``; nothing is written when it is refused. ``dated``: the
    file's fixed time (else now), as for the shipped templates.
    """
    template_xlsx, out = Path(template_xlsx), Path(out)
    if out.suffix.lower() != ".xlsm":
        raise InputError(f"{out.name}: a macro-enabled workbook must end in .xlsm")
    name = module_name(out)
    module = out.with_name(f"{name}.py")
    check_module_free(module, overwrite=overwrite)
    try:
        book = openpyxl.load_workbook(template_xlsx)
    except (OSError, zipfile.BadZipFile, KeyError) as exc:
        raise InputError(f"{template_xlsx}: not a readable .xlsx template ({exc})") from None
    wanted = book.sheetnames if button_sheets is None else list(button_sheets)
    missing = [s for s in wanted if s not in book.sheetnames]
    if missing:
        raise InputError(f"{template_xlsx.name}: no sheet named {', '.join(missing)}")
    if len(wanted) > 9:  # openpyxl keeps only vmlDrawing1..9 from a VBA archive
        raise InputError(f"{template_xlsx.name}: at most 9 sheets can carry the button, {len(wanted)} asked")
    if CONF_SHEET in book.sheetnames:
        del book[CONF_SHEET]

    sheets = [book[s] for s in wanted]
    book.vba_archive = zipfile.ZipFile(io.BytesIO(_shell(sheets)))
    book.code_name = "ThisWorkbook"  # the VBA project's document module names
    for number, sheet in enumerate(book.worksheets, start=1):
        sheet.sheet_properties.codeName = f"Sheet{number}"
    for number, sheet in enumerate(sheets, start=1):
        sheet.legacy_drawing = f"xl/drawings/vmlDrawing{number}.vml"
        sheet.row_dimensions[1].height = BUTTON_ROW_HEIGHT
    _conf_sheet(book)
    out.parent.mkdir(parents=True, exist_ok=True)
    save_atomically(book, out, dated=dated)  # `new --xlsm --force` may replace an event workbook: all or nothing
    module.write_text(BUTTON_MODULE, encoding="utf-8")
    return out, module


def write_module(xlsm: Path, *, overwrite: bool = False) -> Path:
    """(Re)write the button's Python module beside an existing workbook (renamed or copied); return its path."""
    xlsm = Path(xlsm)
    if xlsm.suffix.lower() != ".xlsm":
        raise InputError(f"{xlsm.name}: the button lives in a macro-enabled workbook (.xlsm)")
    if not xlsm.is_file():
        raise InputError(f"{xlsm}: no such workbook")
    try:
        with zipfile.ZipFile(xlsm) as archive:
            has_vba = "xl/vbaProject.bin" in archive.namelist()
    except (OSError, zipfile.BadZipFile) as exc:
        raise InputError(f"{xlsm.name} cannot be read as an Excel workbook: {exc}") from None
    if not has_vba:
        raise InputError(f"{xlsm.name} has no macros, so no button: make it with 'tourneybook new ... --xlsm'")
    module = xlsm.with_name(f"{module_name(xlsm)}.py")
    check_module_free(module, overwrite=overwrite)
    module.write_text(BUTTON_MODULE, encoding="utf-8")
    return module


def made_with(xlsm: Path) -> str | None:
    """The xlwings version named on the workbook's xlwings.conf sheet (None: not stated)."""
    try:
        book = openpyxl.load_workbook(xlsm, read_only=True)
    except (OSError, zipfile.BadZipFile, KeyError):
        return None
    try:
        if CONF_SHEET not in book.sheetnames:
            return None
        for row in book[CONF_SHEET].iter_rows(min_col=1, max_col=1, values_only=True):
            if isinstance(row[0], str) and row[0].startswith(VERSION_NOTE):
                return row[0][len(VERSION_NOTE):].split(":")[0].strip()
        return None
    finally:
        book.close()


def check_module_free(module: Path, *, overwrite: bool) -> None:
    """InputError when ``module`` exists and is not one of ours (unless ``overwrite``)."""
    if overwrite or not module.exists():
        return
    try:
        ours = module.is_file() and module.read_text(encoding="utf-8").startswith(MODULE_MARKER)
    except (OSError, UnicodeDecodeError):
        ours = False
    if not ours:
        raise InputError(
            f"{module} already exists and was not written by TourneyBook: the button needs a module of that name "
            "beside the workbook. Rename one of them, or add --force to replace the .py"
        )


def button_offset(sheet) -> int:
    """How far right of A1 the button sits, in pixels: just past the sheet's title in row 1, on screen.

    A very long title (the Instructions sheet with a long tournament name) is
    partly covered rather than the button pushed off a laptop's screen.
    """
    title = sheet.cell(1, 1).value
    return min(round(len(str(title or "")) * TITLE_CHAR_PX) + 16, BUTTON_MAX_OFFSET)


def _shell(sheets: list) -> bytes:
    """An xlsxwriter workbook with xlwings' VBA project and one button per given sheet, in order."""
    buffer = io.BytesIO()
    shell = xlsxwriter.Workbook(buffer, {"in_memory": True})
    shell.set_vba_name("ThisWorkbook")
    shell.add_vba_project(io.BytesIO(quickstart_vba()), is_stream=True)
    for sheet in sheets:
        page = shell.add_worksheet(sheet.title)
        # The button's anchor is in cells: give the shell the template's column widths.
        for letter, dim in sheet.column_dimensions.items():
            if dim.width:
                index = openpyxl.utils.column_index_from_string(letter) - 1
                page.set_column(index, index, dim.width)
        page.set_row(0, BUTTON_ROW_HEIGHT)
        width, height = BUTTON_SIZE
        page.insert_button("A1", {"macro": MACRO, "caption": CAPTION, "width": width, "height": height,
                                  "x_offset": button_offset(sheet), "y_offset": 3})
    shell.close()
    return buffer.getvalue()


def _conf_sheet(book) -> None:
    conf = book.create_sheet(CONF_SHEET)
    for key, value in CONF_ROWS:
        conf.append([key, value])
    conf.append([])
    for note in conf_notes(xlwings_version()):
        conf.append([note])
    conf.column_dimensions["A"].width = 22
    conf.column_dimensions["B"].width = 60


__all__ = ["CAPTION", "CONF_SHEET", "MACRO", "made_with", "module_name", "quickstart_vba", "suggested_name",
           "write_module", "write_xlsm", "xlwings_version"]
