"""TourneyBook's button in LibreOffice Calc (the extension tourneybook-lo.oxt).

LibreOffice runs this file twice over: as the UNO component ``org.tourneybook.Button``
(a job on every document's ``OnLoad``, and the Calc menu and toolbar entry, through
``service:org.tourneybook.Button?click``) and as a macro (``button_clicked``, under My
Macros because the extension is installed) for a button or key of the organiser's own.

- **When a workbook opens** (:func:`take_over_buttons`): its xlwings buttons lose their VBA
  binding and are heard by the extension (:class:`ButtonWatcher`), which runs at the default
  macro security (High) without a question; the document is not marked as changed.
- **A click** (:func:`click`): the workbook is stored if changed (no dialog) and closed (its
  lock file would make TourneyBook refuse it); ``tourneybook libreoffice --click WORKBOOK
  --sheet SHEET`` runs the Excel button's action on the file; the workbook opens again on the
  same sheet (Issues on problems) and a dialog says what was done. All after the click has
  returned (``AsyncCallback``): closing a document under its own button's event pulls the
  control from under LibreOffice's feet.

Which Python runs this: LibreOffice's own on Windows and macOS, the system's (with
``python3-uno``) on Linux distributions. The oldest a current LibreOffice bundles is
Python 3.8 (LibreOffice 24.2, ``PYTHON_TARBALL := Python-3.8.19.tar.xz`` in its
``download.lst``; 26.2 bundles 3.12.14, 26.8 3.13.15), so this file keeps to Python
3.8 and the standard library plus ``uno``. TourneyBook's own libraries (compiled
wheels, Python 3.11+) are never imported here: the installed ``tourneybook`` command
runs as a child process, found by :func:`find_tourneybook`.
"""

from __future__ import annotations

import json
import os
import posixpath
import sys
import zipfile
from xml.etree import ElementTree

# Beside this file in the extension's python/pythonpath/, which both of LibreOffice's Python loaders (the
# component's and the macros') put on sys.path: finding and running the tourneybook command, a job of its own.
from tourneybook_lo_command import command_for, conf_interpreters, find_tourneybook, run_tourneybook, runnable

SERVICE = "org.tourneybook.Button"
IMPLEMENTATION = "org.tourneybook.Button.python"
XLWINGS_MACRO = "SampleCall"
"""The macro an .xlsm's buttons run in Excel: the buttons the extension takes over."""
CAPTION = "Recalculate standings"
"""A button put back (:func:`button_anchors`) says what it does off the Instructions sheet, as Excel's."""
EMU_PER_HUNDREDTH_MM = 360
WATCHED = "vnd.sun.star.script:tourneybook-lo.oxt|python|tourneybook_lo.py$watched_button?language=Python&location=user:uno_packages"
"""The event a taken-over button is bound to: its form tells :class:`ButtonWatcher`, which runs the click."""
WORKBOOKS = (".xlsx", ".xlsm")
CONFIG_FILE = "tourneybook-lo.json"
"""In LibreOffice's user profile: the program the organiser picked once."""
TITLE = "TourneyBook"
NOT_INSTALLED = (
    "TourneyBook is not installed on this computer, or not where LibreOffice can find it. Install it as "
    "TourneyBook's README says ('Install on your own computer'), into a .venv folder in the TourneyBook folder, "
    "then click the button again. Nothing was changed."
)


# --- The workbook's buttons as the file declares them (plain Python, tested without LibreOffice) -------------


def button_anchors(workbook: str) -> dict:
    """Sheet name -> the cell boxes of the form buttons the file declares (``<controls>``, as LibreOffice writes them).

    LibreOffice 7.4 stores an .xlsm's buttons as ``<controls>`` it does not read back: once it has
    saved the workbook (any click after a change), the reopened workbook shows no button. Their
    places are still in the file, so the extension puts buttons back there. A box is
    ``(col, col offset, row, row offset)`` for its top left and bottom right corners (offsets in EMU).
    """
    try:
        with zipfile.ZipFile(workbook) as package:
            names = set(package.namelist())
            book = ElementTree.fromstring(package.read("xl/workbook.xml"))
            rels = ElementTree.fromstring(package.read("xl/_rels/workbook.xml.rels"))
            targets = {r.get("Id"): r.get("Target", "") for r in rels}
            found = {}
            for sheet in book.iter():
                if not sheet.tag.endswith("}sheet"):
                    continue
                rid = next((v for k, v in sheet.attrib.items() if k.endswith("}id")), "")
                target = targets.get(rid, "")
                part = target.lstrip("/") if target.startswith("/") else posixpath.normpath("xl/" + target)
                if part not in names:
                    continue
                boxes = [_box(c) for c in ElementTree.fromstring(package.read(part)).iter() if c.tag.endswith("}control")]
                boxes = [b for b in boxes if b is not None]
                if boxes:
                    found[sheet.get("name")] = boxes
            return found
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return {}


def _box(control):
    corners = []
    for corner in ("from", "to"):
        element = next((e for e in control.iter() if e.tag.endswith("}" + corner)), None)
        if element is None:
            return None
        values = {e.tag.rsplit("}", 1)[-1]: e.text for e in element}
        try:
            corners.append(tuple(int(values[k]) for k in ("col", "colOff", "row", "rowOff")))
        except (KeyError, TypeError, ValueError):
            return None
    return tuple(corners)


# --- LibreOffice (uno) -------------------------------------------------------------------------------------------

try:
    import uno
    import unohelper
    from com.sun.star.awt import XCallback
    from com.sun.star.script import XScriptListener
    from com.sun.star.task import XJob, XJobExecutor
except ImportError:  # imported by TourneyBook's tests in a plain Python: the functions above are all there is
    uno = None


def is_workbook(doc) -> bool:
    return (doc is not None and hasattr(doc, "supportsService")
            and doc.supportsService("com.sun.star.sheet.SpreadsheetDocument")
            and os.path.splitext(doc.getURL())[1].lower() in WORKBOOKS)


def take_over_buttons(doc) -> dict:
    """The xlwings buttons of ``doc`` by sheet name, their VBA binding removed; the changed mark stays as it was.

    At a lower macro security the VBA binding would run xlwings' macro, which needs Excel: it goes. The
    buttons are then watched by a :class:`ButtonWatcher`.
    """
    was_modified = doc.isModified()
    found = {}
    sheets = doc.getSheets()
    for s in range(sheets.getCount()):
        sheet = sheets.getByIndex(s)
        forms = sheet.getDrawPage().getForms()
        for f in range(forms.getCount()):
            form = forms.getByIndex(f)
            for i in range(form.getCount()):
                if any(XLWINGS_MACRO in e.ScriptCode for e in form.getScriptEvents(i)):
                    form.revokeScriptEvents(i)
                    found.setdefault(sheet.getName(), []).append(form.getByIndex(i))
    if not was_modified and doc.isModified():
        doc.setModified(False)
    return found


def restore_buttons(doc, anchors: dict, taken: dict) -> dict:
    """Put a button at each place of ``anchors`` on a sheet without one (``taken``); sheet name -> button models."""
    was_modified = doc.isModified()
    made = {}
    sheets = doc.getSheets()
    for name, boxes in anchors.items():
        if name in taken or not sheets.hasByName(name):
            continue
        sheet = sheets.getByName(name)
        for (col, col_off, row, row_off), (col2, col2_off, row2, row2_off) in boxes:
            top_left, bottom_right = sheet.getCellByPosition(col, row).Position, sheet.getCellByPosition(col2, row2).Position
            x = top_left.X + col_off // EMU_PER_HUNDREDTH_MM
            y = top_left.Y + row_off // EMU_PER_HUNDREDTH_MM
            shape = doc.createInstance("com.sun.star.drawing.ControlShape")
            model = doc.createInstance("com.sun.star.form.component.CommandButton")
            model.Label = CAPTION
            shape.setControl(model)
            shape.setPosition(uno.createUnoStruct("com.sun.star.awt.Point", x, y))
            shape.setSize(uno.createUnoStruct(
                "com.sun.star.awt.Size", max(bottom_right.X + col2_off // EMU_PER_HUNDREDTH_MM - x, 1000),
                max(bottom_right.Y + row2_off // EMU_PER_HUNDREDTH_MM - y, 500)))
            sheet.getDrawPage().add(shape)
            made.setdefault(name, []).append(model)
    if not was_modified and doc.isModified():
        doc.setModified(False)
    return made


def _desktop(ctx):
    return ctx.getServiceManager().createInstanceWithContext("com.sun.star.frame.Desktop", ctx)


def _current_workbook(ctx):
    """The current document, or else the one workbook open (without a window manager LibreOffice may not know)."""
    desktop = _desktop(ctx)
    doc = desktop.getCurrentComponent()
    if is_workbook(doc):
        return doc
    found = []
    components = desktop.getComponents().createEnumeration()
    while components.hasMoreElements():
        component = components.nextElement()
        if is_workbook(component):
            found.append(component)
    return found[0] if len(found) == 1 else doc


def _later(ctx, job) -> None:
    """Run ``job`` once LibreOffice is back in its main loop (after the click's event has returned)."""
    callback = ctx.getServiceManager().createInstanceWithContext("com.sun.star.awt.AsyncCallback", ctx)
    callback.addCallback(_Callback(job), None)


def _config_path(ctx) -> str:
    paths = ctx.getServiceManager().createInstanceWithContext("com.sun.star.util.PathSubstitution", ctx)
    return uno.fileUrlToSystemPath(paths.substituteVariables("$(user)", True) + "/" + CONFIG_FILE)


def _remembered(ctx) -> str:
    try:
        with open(_config_path(ctx), encoding="utf-8") as handle:
            return str(json.load(handle).get("tourneybook", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def _remember(ctx, program: str) -> None:
    path = _config_path(ctx)
    with open(path + ".tmp", "w", encoding="utf-8") as handle:
        json.dump({"tourneybook": program}, handle)
    os.replace(path + ".tmp", path)


def _sheet_rows(doc, name: str) -> list:
    sheets = doc.getSheets()
    if not sheets.hasByName(name):
        return []
    data = sheets.getByName(name).getCellRangeByName("A1:B60").getDataArray()
    return [tuple(row) for row in data]


def _ask_for_tourneybook(ctx):
    """Once, where nothing was found: the organiser points at the tourneybook program (or its Python)."""
    picker = ctx.getServiceManager().createInstanceWithContext("com.sun.star.ui.dialogs.FilePicker", ctx)
    picker.initialize((0,))  # TemplateDescription.FILEOPEN_SIMPLE
    picker.setTitle("Where is TourneyBook? Choose the tourneybook program in its .venv folder "
                    "(.venv\\Scripts\\tourneybook.exe on Windows, .venv/bin/tourneybook on macOS and Linux)")
    if picker.execute() != 1:  # ExecutableDialogResults.OK
        return None
    files = picker.getSelectedFiles() if hasattr(picker, "getSelectedFiles") else picker.getFiles()
    return uno.fileUrlToSystemPath(files[0]) if files else None


def _locate(ctx, doc, workbook: str) -> list:
    interpreters = conf_interpreters(_sheet_rows(doc, "xlwings.conf"), sys.platform)
    command = find_tourneybook(workbook, dict(os.environ), interpreters, _remembered(ctx), os.path.expanduser("~"))
    if command:
        return command
    picked = _ask_for_tourneybook(ctx)
    if picked and runnable(picked):
        _remember(ctx, picked)
        return command_for(picked)
    return []


def _show(ctx, doc, text: str, ok: bool) -> None:
    toolkit = ctx.getServiceManager().createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    parent = None
    if doc is not None:
        parent = doc.getCurrentController().getFrame().getContainerWindow()
    kind = uno.Enum("com.sun.star.awt.MessageBoxType", "INFOBOX" if ok else "WARNINGBOX")
    box = toolkit.createMessageBox(parent, kind, 1, TITLE, text)  # MessageBoxButtons.BUTTONS_OK
    box.execute()
    box.dispose()


def click(ctx, doc, sheet: str) -> None:
    """The button of ``sheet`` (or the menu entry): store, close, run TourneyBook on the file, open again, tell."""
    if not is_workbook(doc):
        _show(ctx, doc if hasattr(doc, "getCurrentController") else None,
              "TourneyBook works on an Excel workbook (.xlsx or .xlsm) saved on this computer: save this one as "
              "an Excel 2007-365 workbook first (File > Save As), then click again.", False)
        return
    url = doc.getURL()
    workbook = uno.fileUrlToSystemPath(url)
    command = _locate(ctx, doc, workbook)
    if not command:
        _show(ctx, doc, NOT_INSTALLED, False)
        return
    if doc.isModified():
        doc.store()  # in the workbook's own format, without the Keep format question
    doc.close(True)
    said = run_tourneybook(command, workbook, sheet)
    # The document's own macros stay off, without the "This document contains macros" question each time:
    # the buttons are the extension's (MacroExecutionMode.NEVER_EXECUTE).
    quiet = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
    quiet.Name, quiet.Value = "MacroExecutionMode", 0
    again = _desktop(ctx).loadComponentFromURL(url, "_blank", 0, (quiet,))
    shown = said.get("sheet") or sheet
    if again is not None and again.getSheets().hasByName(shown):
        again.getCurrentController().setActiveSheet(again.getSheets().getByName(shown))
    _show(ctx, again, str(said.get("message", "")), bool(said.get("ok")))


def _click_later(ctx, doc) -> None:
    sheet = doc.getCurrentController().getActiveSheet().getName() if is_workbook(doc) else ""
    _later(ctx, lambda: click(ctx, doc, sheet))


def button_clicked(*args) -> None:
    """The same as a click on the workbook's button, as a macro (My Macros > tourneybook-lo.oxt) for a button
    or key of the organiser's own."""
    ctx = XSCRIPTCONTEXT.getComponentContext()  # noqa: F821 - given to every macro by LibreOffice's script provider
    doc = XSCRIPTCONTEXT.getDocument()  # noqa: F821
    _click_later(ctx, doc)


def watched_button(*args) -> None:
    """Bound to the workbook's buttons so that their forms report a click (:class:`ButtonWatcher` acts on it)."""


g_exportedScripts = (button_clicked,)

if uno is not None:

    class _Callback(unohelper.Base, XCallback):
        def __init__(self, job):
            self.job = job

        def notify(self, data):
            try:
                self.job()
            except Exception as exc:  # noqa: BLE001 - said in a box: a trace in LibreOffice's log helps no organiser
                _show(uno.getComponentContext(), None, "TourneyBook's LibreOffice extension stopped: {}: {}. If the "
                      "workbook was closed, open it again from File > Recent Documents.".format(type(exc).__name__, exc),
                      False)

    class ButtonWatcher(unohelper.Base, XScriptListener):
        """Hears the buttons through their forms' script events: in LibreOffice 7.4's Calc a bound macro is never
        run and a control's listener is lost when Calc redraws it; each button's event names :data:`WATCHED`
        (a macro doing nothing, should a later LibreOffice run it) and the form tells this listener."""

        def __init__(self, ctx, doc, buttons: dict):
            self.ctx, self.doc, self.buttons = ctx, doc, buttons

        def start(self) -> None:
            was_modified = self.doc.isModified()
            forms_heard = []
            for models in self.buttons.values():
                for model in models:
                    form = model.getParent()
                    if not any(form == heard for heard in forms_heard):
                        # heard before its first button reports: a click as soon as the button is bound is not lost
                        form.addScriptListener(self)
                        forms_heard.append(form)
                    index = next(i for i in range(form.getCount()) if form.getByIndex(i) == model)
                    event = uno.createUnoStruct("com.sun.star.script.ScriptEventDescriptor")
                    event.ListenerType, event.EventMethod = "XActionListener", "actionPerformed"
                    event.ScriptType, event.ScriptCode = "Script", WATCHED
                    form.registerScriptEvent(index, event)
            if not was_modified and self.doc.isModified():
                self.doc.setModified(False)

        def firing(self, event):
            if event.MethodName == "actionPerformed" and event.ScriptCode == WATCHED:
                _click_later(self.ctx, self.doc)

        def approveFiring(self, event):
            return None

        def disposing(self, event):
            pass

    class ButtonJob(unohelper.Base, XJob, XJobExecutor):
        """The OnLoad job (takes over the buttons) and the menu and toolbar entry (``trigger``: a click)."""

        def __init__(self, ctx):
            self.ctx = ctx

        def execute(self, arguments):
            environment = {a.Name: a.Value for a in arguments}.get("Environment", ())
            doc = {a.Name: a.Value for a in environment}.get("Model")
            if is_workbook(doc):
                buttons = take_over_buttons(doc)
                buttons.update(restore_buttons(doc, button_anchors(uno.fileUrlToSystemPath(doc.getURL())), buttons))
                if buttons:
                    ButtonWatcher(self.ctx, doc, buttons).start()
            return None

        def trigger(self, event):
            _click_later(self.ctx, _current_workbook(self.ctx))

    g_ImplementationHelper = unohelper.ImplementationHelper()
    g_ImplementationHelper.addImplementation(ButtonJob, IMPLEMENTATION, (SERVICE, "com.sun.star.task.Job"))
