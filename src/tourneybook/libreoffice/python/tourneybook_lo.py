"""TourneyBook's button in LibreOffice Calc (the extension tourneybook-lo.oxt).

LibreOffice runs this file twice over: as the UNO component ``org.tourneybook.Button``
(a job on every document's ``OnLoad``, and the Calc menu and toolbar entries, through
``service:org.tourneybook.Button?JOB``) and as a macro (``button_clicked``, under My
Macros because the extension is installed) for a button or key of the organiser's own.

- **When a workbook opens** (:func:`take_over_buttons`): its xlwings buttons lose their VBA
  binding and are heard by the extension (:class:`ButtonWatcher`), which runs at the default
  macro security (High) without a question; the document is not marked as changed. While it
  is saved they carry Excel's link again (:class:`SaveWatcher`): the .xlsm stays Excel's.
- **The menu and toolbar** (``service:org.tourneybook.Button?recalculate`` / ``?instructions``):
  Recalculate standings, or the action chosen on the Instructions sheet, from any sheet; an
  .xlsx has no buttons, so this is its way to every action.
- **A click** (:func:`click`): what is being typed in a cell is entered first; the workbook is
  stored if changed (no dialog) and closed (its lock file would make TourneyBook refuse it);
  ``tourneybook libreoffice --click -``, told the workbook and sheet on stdin, runs the Excel
  button's action on the file; the workbook opens again on the same sheet (Issues on
  problems) and a dialog says what was done. All after the click has
  returned (``AsyncCallback``): closing a document under its own button's event pulls the
  control from under LibreOffice's feet.

Which Python runs this: LibreOffice's own on Windows and macOS, the system's (with
``python3-uno``) on Linux distributions. The oldest a current LibreOffice bundles is
Python 3.8 (LibreOffice 24.2, ``PYTHON_TARBALL := Python-3.8.19.tar.xz`` in its
``download.lst``; 26.2 bundles 3.12.14, 26.8 3.13.15), so this file keeps to Python
3.8 and the standard library plus ``uno``. TourneyBook's own libraries (compiled
wheels, Python 3.11+) are never imported here: the installed ``tourneybook`` command
runs as a child process, the one the organiser chose (:func:`tourneybook_lo_asking.locate`).
"""

from __future__ import annotations

import os
import posixpath
import zipfile
from xml.etree import ElementTree

# Beside this file in the extension's python/pythonpath/, which both of LibreOffice's Python loaders (the
# component's and the macros') put on sys.path: what it asks and tells the organiser, and finding and running the
# tourneybook command, jobs of their own.
from tourneybook_lo_asking import NOT_INSTALLED, NOT_TAKEN, locate, show, take_typing
from tourneybook_lo_command import BUTTON, JOBS, run_tourneybook

SERVICE = "org.tourneybook.Button"
IMPLEMENTATION = "org.tourneybook.Button.python"
XLWINGS_MACRO = "SampleCall"
"""The macro an .xlsm's buttons run in Excel: the buttons the extension takes over."""
CAPTION = "Recalculate standings"
"""A button put back (:func:`button_anchors`) says what it does off the Instructions sheet, as Excel's."""
EMU_PER_HUNDREDTH_MM = 360
WATCHED = "vnd.sun.star.script:tourneybook-lo.oxt|python|tourneybook_lo.py$watched_button?language=Python&location=user:uno_packages"
"""The event a taken-over button is bound to: its form tells :class:`ButtonWatcher`, which runs the click."""
EXCEL_LINK = "vnd.sun.star.script:VBAProject.Module1.{}?language=Basic&location=document".format(XLWINGS_MACRO)
"""The event the buttons have while LibreOffice saves the workbook: it writes it as Excel's link to the macro
(``macro="Module1.SampleCall"``), so that the saved .xlsm's buttons still work in Excel."""
BEFORE_SAVING = ("OnSave", "OnSaveAs", "OnSaveTo")
AFTER_SAVING = ("OnSaveDone", "OnSaveAsDone", "OnSaveToDone", "OnSaveFailed", "OnSaveAsFailed", "OnSaveToFailed")
WORKBOOKS = (".xlsx", ".xlsm")


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
    from com.sun.star.document import XDocumentEventListener
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


def click(ctx, doc, sheet: str, job: str = BUTTON) -> None:
    """The button of ``sheet`` (or the menu entry): store, close, run TourneyBook on the file, open again, tell."""
    if not is_workbook(doc):
        show(ctx, doc if hasattr(doc, "getCurrentController") else None,
              "TourneyBook works on an Excel workbook (.xlsx or .xlsm) saved on this computer: save this one as "
              "an Excel 2007-365 workbook first (File > Save As), then click again.", False)
        return
    if not take_typing(doc):
        show(ctx, doc, NOT_TAKEN, False)
        return
    url = doc.getURL()
    workbook = uno.fileUrlToSystemPath(url)
    command = locate(ctx, doc, workbook)
    if not command:
        show(ctx, doc, NOT_INSTALLED, False)
        return
    if doc.isModified():
        doc.store()  # in the workbook's own format, without the Keep format question
    doc.close(True)
    said = run_tourneybook(command, workbook, sheet, job)
    # The document's own macros stay off, without the "This document contains macros" question each time:
    # the buttons are the extension's (MacroExecutionMode.NEVER_EXECUTE).
    quiet = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
    quiet.Name, quiet.Value = "MacroExecutionMode", 0
    again = _desktop(ctx).loadComponentFromURL(url, "_blank", 0, (quiet,))
    shown = said.get("sheet") or sheet
    if again is not None and again.getSheets().hasByName(shown):
        again.getCurrentController().setActiveSheet(again.getSheets().getByName(shown))
    show(ctx, again, str(said.get("message", "")), bool(said.get("ok")))


def _click_later(ctx, doc, job: str = BUTTON) -> None:
    """A click after the event has returned: ``job`` is the sheet's button, or a menu entry (:data:`JOBS`)."""
    sheet = doc.getCurrentController().getActiveSheet().getName() if is_workbook(doc) else ""
    _later(ctx, lambda: click(ctx, doc, sheet, job if job in JOBS else BUTTON))


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
                show(uno.getComponentContext(), None, "TourneyBook's LibreOffice extension stopped: {}: {}. If the "
                      "workbook was closed, open it again from File > Recent Documents.".format(type(exc).__name__, exc),
                      False)

    class ButtonWatcher(unohelper.Base, XScriptListener):
        """Hears the buttons through their forms' script events: in LibreOffice 7.4's Calc a bound macro is never
        run and a control's listener is lost when Calc redraws it; each button's event names :data:`WATCHED`
        (a macro doing nothing, should a later LibreOffice run it) and the form tells this listener."""

        def __init__(self, ctx, doc, buttons: dict):
            self.ctx, self.doc, self.buttons = ctx, doc, buttons

        def start(self) -> None:
            forms_heard = []
            for models in self.buttons.values():
                for model in models:
                    form = model.getParent()
                    if not any(form == heard for heard in forms_heard):
                        # heard before its first button reports: a click as soon as the button is bound is not lost
                        form.addScriptListener(self)
                        forms_heard.append(form)
            self.bind(WATCHED)
            self.doc.addDocumentEventListener(SaveWatcher(self))

        def bind(self, script: str) -> None:
            """Bind every button's click to ``script``; the document's changed mark stays as it was."""
            was_modified = self.doc.isModified()
            for models in self.buttons.values():
                for model in models:
                    form = model.getParent()
                    index = next(i for i in range(form.getCount()) if form.getByIndex(i) == model)
                    event = uno.createUnoStruct("com.sun.star.script.ScriptEventDescriptor")
                    event.ListenerType, event.EventMethod = "XActionListener", "actionPerformed"
                    event.ScriptType, event.ScriptCode = "Script", script
                    form.revokeScriptEvents(index)
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

    class SaveWatcher(unohelper.Base, XDocumentEventListener):
        """While LibreOffice saves the workbook its buttons carry Excel's link (:data:`EXCEL_LINK`), which it
        writes into the .xlsm; once saved they are the extension's again. Without it a workbook saved in Calc
        (by the organiser, or by a click) would have dead buttons in Excel."""

        def __init__(self, watcher):
            self.watcher = watcher

        def documentEventOccured(self, event):  # noqa: N802 - UNO's own spelling
            if event.EventName in BEFORE_SAVING and self.watcher.doc.getURL().lower().endswith(".xlsm"):
                self.watcher.bind(EXCEL_LINK)
            elif event.EventName in AFTER_SAVING:
                self.watcher.bind(WATCHED)

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
            _click_later(self.ctx, _current_workbook(self.ctx), event)

    g_ImplementationHelper = unohelper.ImplementationHelper()
    g_ImplementationHelper.addImplementation(ButtonJob, IMPLEMENTATION, (SERVICE, "com.sun.star.task.Job"))
