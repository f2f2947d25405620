"""Run by the system's Python (which has LibreOffice's ``uno``), not by pytest's: one UNO errand, then exit; or,
as ``python3 uno_client.py PIPE serve``, the errands one by one over one connection (see :func:`serve`).

    python3 uno_client.py PIPE install EXTENSION.oxt   add the extension to the profile of the soffice on PIPE
    python3 uno_client.py PIPE state                   the open workbook: JSON (url, document, modified, watched, sheet, sheets)
    python3 uno_client.py PIPE type SHEET CELL TEXT    type TEXT into a cell, as the organiser does
    python3 uno_client.py PIPE locate ROLE NAME        the screen centre "x y" of the shown sheet's button, a
                                                       toolbar's button (tool), a box's button (choice), a menu of
                                                       the menu bar or an entry of the menu open
    python3 uno_client.py PIPE show SHEET              bring a sheet to the front, as a click on its tab does
    python3 uno_client.py PIPE select SHEET CELL       that sheet in front, the cell selected, as a click on it does
    python3 uno_client.py PIPE cell SHEET CELL         the cell's text in the document (not what is being typed)
    python3 uno_client.py PIPE editing                 the text in Calc's cell editor while a cell is typed in, or nothing
    python3 uno_client.py PIPE chart SHEET             each series of the sheet's charts: JSON [{type, fill, colour}]
    python3 uno_client.py PIPE toolbar RESOURCE        a toolbar of the window: JSON {docked, visible, x, y, width, height}
                                                       (its place on the screen)
    python3 uno_client.py PIPE dialogs                 the message boxes up: JSON [{title, text}]
    python3 uno_client.py PIPE macro URI               run a macro by its script URI, as a bound event runs it
    python3 uno_client.py PIPE close                   close the workbook without saving it
    python3 uno_client.py PIPE terminate               end that soffice

The tests' own Python has no ``uno`` (that is Debian's python3-uno, for the system
Python), so they talk to soffice through this script. ``locate`` walks the window's
accessibility tree, as a screen reader does, so that a click lands on the button
wherever this LibreOffice lays it out.
"""

from __future__ import annotations

import io
import json
import sys
import time
import traceback
from contextlib import redirect_stdout
from pathlib import Path

import uno
import unohelper
from com.sun.star.task import XInteractionHandler
from com.sun.star.ucb import XCommandEnvironment


class Approve(unohelper.Base, XInteractionHandler):
    """Says yes to the extension manager's questions (install this extension?), as a person clicking OK."""

    def handle(self, request):
        for choice in request.getContinuations():
            if choice.queryInterface(uno.getTypeByName("com.sun.star.task.XInteractionApprove")):
                choice.select()
                return


class Quiet(unohelper.Base, XCommandEnvironment):
    def getInteractionHandler(self):
        return Approve()

    def getProgressHandler(self):
        return None


def connect(pipe: str, wait: float = 120.0):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + wait
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def workbook(ctx):
    """The open spreadsheet (the tests open one at a time)."""
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    components = desktop.getComponents().createEnumeration()
    while components.hasMoreElements():
        doc = components.nextElement()
        if doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
            return doc
    return None


def watched(doc) -> int:
    """How many of the document's buttons the extension's OnLoad job has taken over (bound to its watched event)."""
    count = 0
    sheets = doc.getSheets()
    for s in range(sheets.getCount()):
        forms = sheets.getByIndex(s).getDrawPage().getForms()
        for f in range(forms.getCount()):
            form = forms.getByIndex(f)
            for i in range(form.getCount()):
                count += any("watched_button" in e.ScriptCode for e in form.getScriptEvents(i))
    return count


def asking():
    """The extension's own module for what it asks the organiser (its finder of Calc's cell editor)."""
    pythonpath = str(Path(__file__).resolve().parents[2] / "src" / "tourneybook" / "libreoffice" / "python" / "pythonpath")
    if pythonpath not in sys.path:  # a serving client asks many times
        sys.path.insert(0, pythonpath)
    import tourneybook_lo_asking

    return tourneybook_lo_asking


def ROLE(name: str) -> int:  # noqa: N802 - reads as the constant it looks up
    return uno.getConstantByName(f"com.sun.star.accessibility.AccessibleRole.{name}")


def showing(context) -> bool:
    """On the screen now: another sheet's button keeps its accessible, not shown."""
    states = context.getAccessibleStateSet()
    return states.contains(uno.getConstantByName("com.sun.star.accessibility.AccessibleStateType.SHOWING"))


def find(accessible, role: int, name: str):
    """The first showing accessible of ``role`` named ``name`` under ``accessible`` (depth first)."""
    context = accessible.getAccessibleContext()
    if context is None:
        return None
    if context.getAccessibleRole() == role and context.getAccessibleName() == name and showing(context):
        return context
    for i in range(min(context.getAccessibleChildCount(), 500)):  # the cell grid (a TABLE) is not walked
        child = context.getAccessibleChild(i)
        if child is not None and child.getAccessibleContext().getAccessibleRole() != ROLE("TABLE"):
            found = find(child, role, name)
            if found is not None:
                return found
    return None


def in_menus(window, role: int, name: str):
    """:func:`find` in the window's menu bar, breadth first (its menus, then their entries: a depth-first walk goes
    through every submenu of File before it reaches TourneyBook). An entry there but not showing is in a menu not
    open (yet): None. Only what the menu bar does not hold at all is looked for in the whole window."""
    context = window.getAccessibleContext()
    bars = [context.getAccessibleChild(i) for i in range(context.getAccessibleChildCount())]
    level = [b.getAccessibleContext() for b in bars if b is not None and b.getAccessibleContext().getAccessibleRole()
             == ROLE("MENU_BAR")]
    held = False
    for _ in range(2):  # the menus, then their entries
        below = []
        for parent in level:
            for i in range(parent.getAccessibleChildCount()):
                child = parent.getAccessibleChild(i)
                inner = child.getAccessibleContext() if child is not None else None
                if inner is None:
                    continue
                if inner.getAccessibleRole() == role and inner.getAccessibleName() == name:
                    if showing(inner):
                        return inner
                    held = True
                below.append(inner)
        level = below
    return None if held else find(window, role, name)


def texts(context) -> list:
    """The words of an accessible and everything under it (a message box: its label and its button)."""
    found = [context.getAccessibleName()] if context.getAccessibleName() else []
    if context.getAccessibleRole() == ROLE("TEXT") and hasattr(context, "getText") and context.getText():
        found.append(context.getText())  # a text field's value (the file picker's File name)
    for i in range(min(context.getAccessibleChildCount(), 200)):
        child = context.getAccessibleChild(i)
        inner = child.getAccessibleContext() if hasattr(child, "getAccessibleContext") else None  # a query box
        if inner is not None:  # holds children that are no accessibles (its icon): no words there
            found += texts(inner)
    return found


def dialogs(ctx) -> list:
    """The message boxes and dialogs on the screen, as a screen reader reads them."""
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    boxes = []
    for i in range(toolkit.getTopWindowCount()):
        window = toolkit.getTopWindow(i)
        context = window.getAccessibleContext() if hasattr(window, "getAccessibleContext") else None
        if context is None or context.getAccessibleRole() not in (ROLE("DIALOG"), ROLE("ALERT")):
            continue
        boxes.append({"title": context.getAccessibleName(), "text": " | ".join(texts(context)[1:])})
    return boxes


def sheet_button(controller, name: str):
    """The accessible of the button captioned ``name`` on the sheet shown."""
    forms = controller.getActiveSheet().getDrawPage().getForms()
    for f in range(forms.getCount()):
        form = forms.getByIndex(f)
        for i in range(form.getCount()):
            model = form.getByIndex(i)
            if getattr(model, "Label", None) == name:
                return controller.getControl(model).getAccessibleContext()
    return None


def main(pipe: str, errand: str, *args: str) -> None:
    if errand == "serve":
        serve(pipe)
    else:
        run(connect(pipe), errand, *args)


def serve(pipe: str) -> None:
    """Errands read one a line from stdin (a JSON list: the errand and its words), each answered on stdout with one
    JSON line ``{"code", "out", "err"}``: the exit code, output and error the errand would have had run alone.
    The connection is made once, not per errand (each costs a Python start and a bridge); after an errand that
    failed on the way (not one that refused), or ended soffice, the next one connects afresh, as a new process
    would."""
    answers, ctx = sys.stdout, None
    for line in sys.stdin:
        errand, *args = json.loads(line)
        out, code, err = io.StringIO(), 0, ""
        try:
            with redirect_stdout(out):
                if ctx is None:
                    ctx = connect(pipe)
                run(ctx, errand, *args)
        except SystemExit as stop:  # the errand's own refusal, as its exit
            code, err = (stop.code, "") if isinstance(stop.code, int) else (1, str(stop.code))
        except Exception:  # noqa: BLE001 - what a lone errand's traceback would have said, with its exit 1
            code, err, ctx = 1, traceback.format_exc(), None
        if errand == "terminate":
            ctx = None
        answers.write(json.dumps({"code": code, "out": out.getvalue(), "err": err}) + "\n")
        answers.flush()


def run(ctx, errand: str, *args: str) -> None:
    if errand == "install":
        manager = ctx.getValueByName("/singletons/com.sun.star.deployment.ExtensionManager")
        url = uno.systemPathToFileUrl(args[0])
        try:
            manager.addExtension(url, (), "user", manager.createAbortChannel(), Quiet())
        except Exception as exc:  # noqa: BLE001 - said on stderr, the test shows it
            raise SystemExit(f"not installed: {exc.Message}") from None
    elif errand == "state":
        doc = workbook(ctx)
        if doc is None:
            print(json.dumps(None))
            return
        sheets = doc.getSheets()
        print(json.dumps({"url": doc.getURL(), "document": doc.RuntimeUID, "modified": doc.isModified(), "watched": watched(doc),
                          "sheet": doc.getCurrentController().getActiveSheet().getName(),
                          "sheets": [sheets.getByIndex(i).getName() for i in range(sheets.getCount())]}))
    elif errand == "type":
        sheet, cell, text = args
        target = workbook(ctx).getSheets().getByName(sheet).getCellRangeByName(cell)
        if text.lstrip("-").isdigit():
            target.setValue(int(text))
        else:
            target.setString(text)
    elif errand == "locate":
        role, name = args
        controller = workbook(ctx).getCurrentController()
        if role == "button":  # the shown sheet's own button (other sheets' keep accessibles of their own)
            found = sheet_button(controller, name)
        elif role in ("tool", "choice"):  # a toolbar's button, or a box's: each may be in a window of its own
            toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
            tops = (toolkit.getTopWindow(i) for i in range(toolkit.getTopWindowCount()))
            found = next((f for f in (find(t, ROLE("PUSH_BUTTON"), name) for t in tops
                                      if t.getAccessibleContext() is not None) if f is not None), None)
        else:  # a menu of the menu bar, or an entry of the menu open
            found = in_menus(controller.getFrame().getContainerWindow(),
                             ROLE({"menu": "MENU", "entry": "MENU_ITEM"}[role]), name)
        if found is None:
            raise SystemExit(f"no {role} named {name!r} on the screen")
        where, size = found.getLocationOnScreen(), found.getSize()
        print(where.X + size.Width // 2, where.Y + size.Height // 2)
    elif errand == "show":
        doc = workbook(ctx)
        doc.getCurrentController().setActiveSheet(doc.getSheets().getByName(args[0]))
    elif errand == "select":
        doc = workbook(ctx)
        sheet = doc.getSheets().getByName(args[0])
        doc.getCurrentController().setActiveSheet(sheet)
        doc.getCurrentController().select(sheet.getCellRangeByName(args[1]))
    elif errand == "editing":
        window = workbook(ctx).getCurrentController().getFrame().getContainerWindow()
        editor = asking().cell_editor(window.getAccessibleContext())  # as the extension finds it
        if editor is not None:  # its paragraphs' text
            print("\n".join(editor.getAccessibleChild(i).getAccessibleContext().getText()
                            for i in range(editor.getAccessibleChildCount())))
    elif errand == "cell":
        print(workbook(ctx).getSheets().getByName(args[0]).getCellRangeByName(args[1]).getString())
    elif errand == "chart":
        charts = workbook(ctx).getSheets().getByName(args[0]).getCharts()
        found = []
        for i in range(charts.getCount()):
            for system in charts.getByIndex(i).getEmbeddedObject().getFirstDiagram().getCoordinateSystems():
                for kind in system.getChartTypes():
                    found += [{"type": kind.getChartType().rsplit(".", 1)[-1], "fill": series.FillStyle.value,
                               "colour": f"{series.Color:06X}"} for series in kind.getDataSeries()]
        print(json.dumps(found))
    elif errand == "toolbar":
        layout = workbook(ctx).getCurrentController().getFrame().LayoutManager
        shown = layout.getElement(args[0]).getRealInterface().getAccessibleContext()  # on the screen, in pixels
        where, size = shown.getLocationOnScreen(), shown.getSize()
        print(json.dumps({"docked": layout.isElementDocked(args[0]), "visible": layout.isElementVisible(args[0]),
                          "x": where.X, "y": where.Y, "width": size.Width, "height": size.Height}))
    elif errand == "macro":
        factory = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.script.provider.MasterScriptProviderFactory", ctx)
        try:
            factory.createScriptProvider("").getScript(args[0]).invoke((), (), ())
        except Exception as exc:  # noqa: BLE001 - said on stderr, the test shows it
            raise SystemExit(f"the macro failed: {getattr(exc, 'Message', exc)}") from None
    elif errand == "dialogs":
        print(json.dumps(dialogs(ctx)))
    elif errand == "close":
        doc = workbook(ctx)
        if doc is not None:
            doc.setModified(False)
            doc.close(True)
    elif errand == "terminate":
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        try:
            desktop.terminate()
        except Exception:  # noqa: BLE001 - the bridge goes down with soffice
            pass


if __name__ == "__main__":
    main(*sys.argv[1:])
