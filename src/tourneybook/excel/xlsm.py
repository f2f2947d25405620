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

import importlib.util
import io
import keyword
import sys
import zipfile
from pathlib import Path

import openpyxl
import xlsxwriter
from openpyxl.utils import get_column_letter

from ..errors import InputError
from ..workbook.filestore import save_atomically

MACRO = "SampleCall"
"""The quickstart macro the button runs (``Module1.SampleCall`` of xlwings' VBA project)."""
CAPTION = "Recalculate standings"
CONF_SHEET = "xlwings.conf"
UDF_MODULE = "tourneybook.excel.udfs"

CONF_ROWS: tuple[tuple[str, object], ...] = (
    ("Interpreter_Win", "python"),
    ("Interpreter_Mac", ""),
    ("PYTHONPATH", ""),
    ("Conda Path", ""),
    ("Conda Env", ""),
    ("UDF Modules", UDF_MODULE),
    ("Debug UDFs", False),
    ("Use UDF Server", False),
    ("Show Console", False),
)
"""xlwings reads keys from A1 down to the first empty row; the notes below them are for people."""

CONF_NOTES = (
    "TourneyBook settings for xlwings (keys from A1 down, no empty row between them).",
    "Python not found? Put the full path of the python that has tourneybook installed in B1 "
    "(Windows, e.g. C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python311\\python.exe) "
    "or B2 (macOS, e.g. /Library/Frameworks/Python.framework/Versions/3.11/bin/python3).",
    "The button runs: import <this workbook's name>; <name>.main() from the same-named .py file "
    "beside this workbook. Keep both files together and keep their names equal.",
    "Cell functions (=TB_FWC_NATION, =TB_CARC_POINTS, ...): Windows only, xlwings tab > Import Functions "
    "(or run the ImportPythonUDFs macro).",
)

MODULE_MARKER = '"""Runs TourneyBook\'s "Recalculate standings" for the workbook of the same name.'
"""The first line of every module we write: a .py beside the workbook without it is someone else's."""

BUTTON_MODULE = MODULE_MARKER + '''

xlwings' RunPython calls ``main()`` here when the button on the workbook is clicked.
"""

from tourneybook.excel.button import main

__all__ = ["main"]
'''

_SHADOWED = {"tourneybook", "xlwings", "openpyxl", "xlsxwriter", "pandas", "numpy"}


def quickstart_vba() -> bytes:
    """The VBA project of the installed xlwings' standalone quickstart, unchanged.

    The VBA module declares its xlwings version: the organiser's xlwings must match.
    """
    # Located, not imported: importing xlwings fixes its decorators for the process.
    spec = importlib.util.find_spec("xlwings")
    if spec is None or spec.origin is None:
        raise InputError("xlwings is not installed: pip install tourneybook installs the right version")
    shipped = Path(spec.origin).parent / "quickstart_standalone.xlsm"
    with zipfile.ZipFile(shipped) as archive:
        return archive.read("xl/vbaProject.bin")


def module_name(out: Path) -> str:
    """The Python module name the quickstart macro derives from the workbook's file name."""
    name = out.name.split(".")[0]
    if (
        not name.isidentifier()
        or keyword.iskeyword(name)
        or name in sys.stdlib_module_names
        or name in _SHADOWED
    ):
        raise InputError(
            f"{out.name}: the button imports a Python module named like the workbook, so the name "
            f"before the first dot must be a Python name that is not taken (letters, digits and _, "
            f"not starting with a digit, not {name!r}), e.g. 'fwc2022_berlin.xlsm'"
        )
    return name


def write_xlsm(
    template_xlsx: Path, out: Path, button_sheets: tuple[str, ...] | None = None, *, overwrite: bool = False
) -> tuple[Path, Path]:
    """Write ``out`` (.xlsm) from ``template_xlsx`` and the same-named Python module beside it; return both paths.

    ``button_sheets``: sheets that get the button (default: every sheet of the template).
    A .py of that name that we did not write (no :data:`MODULE_MARKER`) is
    replaced only with ``overwrite``; nothing is written when it is refused.
    """
    template_xlsx, out = Path(template_xlsx), Path(out)
    if out.suffix.lower() != ".xlsm":
        raise InputError(f"{out.name}: a macro-enabled workbook must end in .xlsm")
    name = module_name(out)
    module = out.with_name(f"{name}.py")
    check_module_free(module, overwrite)
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
    _conf_sheet(book)
    out.parent.mkdir(parents=True, exist_ok=True)
    save_atomically(book, out)  # `new --xlsm --force` may replace an event workbook: all or nothing
    module.write_text(BUTTON_MODULE, encoding="utf-8")
    return out, module


def check_module_free(module: Path, overwrite: bool) -> None:
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


def button_cell(sheet) -> str:
    """Where the button sits: right of the sheet's used columns, first row, clear of the entries."""
    return f"{get_column_letter(sheet.max_column + 2)}1"


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
        page.insert_button(button_cell(sheet), {"macro": MACRO, "caption": CAPTION, "width": 170, "height": 32})
    shell.close()
    return buffer.getvalue()


def _conf_sheet(book) -> None:
    conf = book.create_sheet(CONF_SHEET)
    for key, value in CONF_ROWS:
        conf.append([key, value])
    conf.append([])
    for note in CONF_NOTES:
        conf.append([note])
    conf.column_dimensions["A"].width = 22
    conf.column_dimensions["B"].width = 60


__all__ = ["CAPTION", "CONF_SHEET", "MACRO", "module_name", "quickstart_vba", "write_xlsm"]
