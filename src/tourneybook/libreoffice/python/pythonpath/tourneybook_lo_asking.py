"""What TourneyBook's LibreOffice extension asks and tells the organiser (Python 3.8, in LibreOffice's Python,
beside :mod:`tourneybook_lo` in the extension's ``python/pythonpath``).

- Which TourneyBook runs (:func:`locate`): one the organiser chose, a ``.venv`` beside the workbook once they
  said yes to its path, or the program they pick in a file dialog; remembered in LibreOffice's profile.
- Whether a cell is still being typed in when the button is clicked (:func:`take_typing`): what was typed is
  entered first, as a click on another cell does, or the organiser is told that it was not taken.
- The answer, in a message box (:func:`show`).
"""

from __future__ import annotations

import json
import os
import sys

from tourneybook_lo_command import choose_tourneybook, find_tourneybook

try:
    import uno
except ImportError:  # imported by TourneyBook's tests in a plain Python: the constants are all there is
    uno = None

CONFIG_FILE = "tourneybook-lo.json"
"""In LibreOffice's user profile: the program the organiser picked or confirmed once."""
TITLE = "TourneyBook"
CONFIRM_TITLE = "TourneyBook: run this program?"
CONFIRM = (
    "TourneyBook was found beside this workbook:\n\n{program}\n\nRun it only if you installed it there yourself: "
    "a program that came with a workbook or folder from someone else could do anything on this computer. "
    "Yes runs it, now and from now on; No looks no further and lets you choose the program."
)
PICKER_TITLE = "Where is TourneyBook? Choose the tourneybook program"
PICKER_HINT = "Open TourneyBook's folder, then Open: {} (typed for you)"
VENV_PROGRAM = ".venv\\Scripts\\tourneybook.exe" if sys.platform.startswith("win") else ".venv/bin/tourneybook"
"""Where the README's install puts the program, from TourneyBook's folder."""
NOT_TAKEN = (
    "The cell you are typing in could not take what you typed: LibreOffice still shows it being edited. "
    "Press Enter (or Esc to drop it), then click again. Nothing was changed."
)
NOT_INSTALLED = (
    "TourneyBook is not installed on this computer, or not where LibreOffice can find it. Install it as "
    "TourneyBook's README says ('Install on your own computer'), into a .venv folder in the TourneyBook folder, "
    "then click the button again. Nothing was changed."
)


def _config_path(ctx) -> str:
    paths = ctx.getServiceManager().createInstanceWithContext("com.sun.star.util.PathSubstitution", ctx)
    return uno.fileUrlToSystemPath(paths.substituteVariables("$(user)", True) + "/" + CONFIG_FILE)


def remembered(ctx) -> str:
    try:
        with open(_config_path(ctx), encoding="utf-8") as handle:
            return str(json.load(handle).get("tourneybook", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def remember(ctx, program: str) -> None:
    path = _config_path(ctx)
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump({"tourneybook": program}, handle)
    os.replace(path + ".tmp", path)


def ask_for_tourneybook(ctx):
    """Once, where nothing was found: the organiser points at the tourneybook program (or its Python).

    The ``.venv`` folder is hidden on macOS and Linux, and LibreOffice's own file dialog does not show
    hidden folders: the program's place in TourneyBook's folder is typed as the file name, so opening
    that folder and clicking Open picks it; the file type says so inside the window."""
    picker = ctx.getServiceManager().createInstanceWithContext("com.sun.star.ui.dialogs.FilePicker", ctx)
    picker.initialize((0,))  # TemplateDescription.FILEOPEN_SIMPLE
    picker.setTitle(PICKER_TITLE)
    picker.appendFilter(PICKER_HINT.format(VENV_PROGRAM), "*")
    picker.setCurrentFilter(PICKER_HINT.format(VENV_PROGRAM))
    picker.setDisplayDirectory(uno.systemPathToFileUrl(os.path.expanduser("~")))
    picker.setDefaultName(VENV_PROGRAM)
    if picker.execute() != 1:  # ExecutableDialogResults.OK
        return None
    files = picker.getSelectedFiles() if hasattr(picker, "getSelectedFiles") else picker.getFiles()
    return uno.fileUrlToSystemPath(files[0]) if files else None


def confirmed(ctx, doc, program: str) -> bool:
    """The organiser's yes to running a TourneyBook found beside the workbook (No is the default button)."""
    toolkit = ctx.getServiceManager().createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    parent = doc.getCurrentController().getFrame().getContainerWindow()
    kind = uno.Enum("com.sun.star.awt.MessageBoxType", "QUERYBOX")
    box = toolkit.createMessageBox(parent, kind, 3 | 0x50000, CONFIRM_TITLE,  # BUTTONS_YES_NO | DEFAULT_BUTTON_NO
                                   CONFIRM.format(program=program))
    yes = box.execute() == 2  # MessageBoxResults.YES
    box.dispose()
    return yes


def locate(ctx, doc, workbook: str) -> list:
    """The organiser's TourneyBook: one they chose, or one beside the workbook they confirm, or one they pick
    (:func:`tourneybook_lo_command.choose_tourneybook`, with LibreOffice's question, file picker and profile)."""
    chosen = find_tourneybook(dict(os.environ), remembered(ctx), os.path.expanduser("~"), sys.platform.startswith("win"))
    return choose_tourneybook(chosen, workbook, lambda program: confirmed(ctx, doc, program),
                              lambda: ask_for_tourneybook(ctx), lambda program: remember(ctx, program))


def _role(name: str) -> int:
    return uno.getConstantByName("com.sun.star.accessibility.AccessibleRole." + name)


def cell_editor(context, in_sheet: bool = False, depth: int = 0):
    """Calc's cell editor under ``context`` (its accessible context), or None: a text frame inside the
    spreadsheet's view, as a screen reader finds it while a cell is being typed in (the formula bar's own
    text is outside that view)."""
    if context is None or depth > 12:
        return None
    role = context.getAccessibleRole()
    if in_sheet and role == _role("TEXT_FRAME"):
        return context
    in_sheet = in_sheet or role == _role("DOCUMENT_SPREADSHEET")
    for i in range(min(context.getAccessibleChildCount(), 200)):
        child = context.getAccessibleChild(i)
        inner = child.getAccessibleContext() if hasattr(child, "getAccessibleContext") else None
        if inner is not None and inner.getAccessibleRole() != _role("TABLE"):  # the cell grid: thousands of cells
            found = cell_editor(inner, in_sheet, depth + 1)
            if found is not None:
                return found
    return None


def typing(doc) -> bool:
    """A cell of the workbook shown is being typed in: what was typed is not in the document until it is entered."""
    window = doc.getCurrentController().getFrame().getContainerWindow()
    return cell_editor(window.getAccessibleContext()) is not None


def take_typing(doc) -> bool:
    """Enter what is being typed in a cell, as a click on another cell does (and select what was selected again).

    A click on a toolbar or a sheet's button leaves Calc's cell editor up; stored then, the workbook would keep
    the cell's old value. False when the editor is still up (a validation refused the value, say)."""
    if not typing(doc):
        return True
    controller = doc.getCurrentController()
    selected = controller.getSelection()
    area = selected.getRangeAddress() if hasattr(selected, "getRangeAddress") else None
    on_a1 = area is not None and (area.StartColumn, area.StartRow, area.EndColumn, area.EndRow) == (0, 0, 0, 0)
    controller.select(controller.getActiveSheet().getCellByPosition(1 if on_a1 else 0, 0))  # another cell than now
    controller.select(selected)
    return not typing(doc)


def show(ctx, doc, text: str, ok: bool) -> None:
    toolkit = ctx.getServiceManager().createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    parent = None
    if doc is not None:
        parent = doc.getCurrentController().getFrame().getContainerWindow()
    kind = uno.Enum("com.sun.star.awt.MessageBoxType", "INFOBOX" if ok else "WARNINGBOX")
    box = toolkit.createMessageBox(parent, kind, 1, TITLE, text)  # MessageBoxButtons.BUTTONS_OK
    box.execute()
    box.dispose()
