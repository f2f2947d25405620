"""A real LibreOffice Calc on a virtual screen (Xvfb), driven as a person drives it: xdotool's mouse and keys.

One soffice per test module, with a fresh profile into which ``tourneybook libreoffice``'s
extension is installed (through the extension manager, as Tools > Extension Manager
does; ``unopkg add`` refuses a user installation to root). Workbooks are opened with
the ``soffice`` command, as a double click does; what the window shows is read over UNO
by ``uno_client.py`` in the system's Python, which has ``uno``.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import time
import zipfile
from pathlib import Path

from lxml import etree

from tourneybook.commands.libreoffice import write_extension

SYSTEM_PYTHON = "/usr/bin/python3"
CLIENT = Path(__file__).with_name("uno_client.py")
DIALOG = "TourneyBook"
"""The extension's message box: its title."""
REPEATABLE = {"state", "dialogs", "show", "type", "locate", "close", "select", "cell", "chart", "editing",
              "toolbar"}
"""The errands asked again after their Python died of a signal: asking twice does what asking once does (a
second close finds the workbook closed)."""
POLL = 0.2
"""Seconds between two looks at a state waited for: a look (an errand of the serving client, an xdotool search)
costs milliseconds."""
SETTLE = 1.0
"""Seconds a box is given to go after a key or click, before the key or click is taken as lost and sent again."""


class Calc:
    """A running soffice with a window on its own X display."""

    def __init__(self, soffice: str, folder: Path, name: str):
        self.soffice, self.folder, self.pipe = soffice, folder, f"tb-{name}-{os.getpid()}"
        self.profile = (folder / "profile").as_uri()
        self.display = _free_display()
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.env = {**os.environ, "DISPLAY": self.display, "HOME": str(folder / "home"),
                    "PATH": "/usr/local/bin:/usr/bin:/bin", "SAL_USE_VCLPLUGIN": "gen"}
        self.env.pop("TOURNEYBOOK", None)  # the extension must find TourneyBook as on an organiser's computer
        (folder / "home").mkdir()
        self.office: subprocess.Popen | None = None
        self.handing: list[subprocess.Popen] = []
        self.client: subprocess.Popen | None = None
        self.client_errors = (folder / "uno_client.err").open("w")
        """What the serving uno_client says on stderr besides its answers (a crash's last words)."""

    def start(self) -> None:
        """Install the extension into the fresh profile (soffice without a window), then start soffice with one."""
        oxt = write_extension(self.folder / "oxt")
        accept = f"--accept=pipe,name={self.pipe};urp;"
        first = subprocess.Popen([self.soffice, "--headless", "--norestore", f"-env:UserInstallation={self.profile}",
                                  accept], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 start_new_session=True)
        try:
            self.uno("install", str(oxt))
            self.uno("terminate")
            first.wait(60)
        finally:
            _end(first)
        self.office = subprocess.Popen([self.soffice, "--norestore", "--nologo", f"-env:UserInstallation={self.profile}",
                                        accept], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       start_new_session=True)

    def stop(self) -> None:
        if self.office is not None and self.office.poll() is None:
            try:
                self.uno("terminate", timeout=30)
                self.office.wait(15)
            except (subprocess.SubprocessError, OSError, AssertionError):
                pass
            _end(self.office)
        self._end_client()
        self.client_errors.close()
        for handing in self.handing:
            if handing.poll() is None:
                handing.kill()
            handing.wait(10)
        self.xvfb.terminate()
        self.xvfb.wait(10)

    def uno(self, *args: str, timeout: float = 120) -> str:
        """One errand of ``uno_client.py``, asked of its serving process (started on the first errand: one Python
        and one bridge for the session's hundreds of errands). Its Python may die of a signal when soffice swaps a
        document under the question (a bridge disposed mid-call): a new one is started, and the errands that only
        look, show or type are asked again."""
        for attempt in range(3):
            code, out, err = self._ask(args, timeout)
            if code == 0:
                return out
            if code > 0 or args[0] not in REPEATABLE:
                break
            time.sleep(0.5 * (attempt + 1))
        raise AssertionError(f"uno_client {' '.join(args)}: exit {code}: {err.strip()}")

    def _ask(self, args: tuple[str, ...], timeout: float) -> tuple[int, str, str]:
        """(exit code, output, error) of one errand; a negative code: the serving Python died of that signal."""
        if self.client is None or self.client.poll() is not None:
            self.client = subprocess.Popen([SYSTEM_PYTHON, str(CLIENT), self.pipe, "serve"], stdin=subprocess.PIPE,
                                           stdout=subprocess.PIPE, stderr=self.client_errors, text=True, env=self.env)
        client = self.client
        try:
            client.stdin.write(json.dumps(args) + "\n")
            client.stdin.flush()
        except BrokenPipeError:  # it died after its last answer
            self._end_client()
            return client.wait(10) or -1, "", self.client_errors_text()
        if not select.select([client.stdout], [], [], timeout)[0]:
            self._end_client()
            raise subprocess.TimeoutExpired([str(CLIENT), *args], timeout)
        line = client.stdout.readline()
        if not line:  # died on the way
            self._end_client()
            return client.returncode, "", self.client_errors_text()
        answer = json.loads(line)
        if args[0] == "terminate":  # that soffice is gone: the next errand (another soffice, same pipe) connects anew
            self._end_client()
        return answer["code"], answer["out"], answer["err"]

    def _end_client(self) -> None:
        if self.client is not None:
            try:
                self.client.stdin.close()  # its end of input: it exits
            except BrokenPipeError:
                pass
            try:
                self.client.wait(10)
            except subprocess.TimeoutExpired:  # still in an errand that hangs
                self.client.kill()
                self.client.wait(10)
            self.client.stdout.close()
            self.client = None

    def client_errors_text(self) -> str:
        self.client_errors.flush()
        return Path(self.client_errors.name).read_text(errors="replace")[-4000:]

    def state(self) -> dict | None:
        """The workbook shown (None while none is); asked again while LibreOffice swaps documents."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                return json.loads(self.uno("state"))
            except AssertionError:  # the document went away under the question (closing, reopening)
                time.sleep(POLL)
        return json.loads(self.uno("state"))

    def xdotool(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], capture_output=True, text=True, env=self.env, timeout=30).stdout

    def window(self, name: str) -> str:
        """The id of a window whose title matches ``name``, or ''."""
        return (self.xdotool("search", "--name", name).split() or [""])[0]

    def shown(self, name: str) -> bool:
        """A window whose title matches ``name`` is mapped on the screen (drawn), not only made."""
        return bool(self.xdotool("search", "--onlyvisible", "--name", name).split())

    def press(self, window: str, key: str) -> None:
        self.xdotool("windowfocus", window, "key", key)  # no window manager: focus, not activate

    def open(self, workbook: Path, timeout: float = 90) -> dict:
        """Open ``workbook`` as a double click does; answer the questions LibreOffice asks on the way.

        At LibreOffice's default macro security an .xlsm first says "This document contains macros"
        (OK); a fresh profile shows the Tip of the Day once (Escape).
        """
        # The command hands the file to the running soffice and returns once it is open: after the questions.
        handing = subprocess.Popen([self.soffice, f"-env:UserInstallation={self.profile}", str(workbook)],
                                   env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for title, key in (("^Warning$", "Return"), ("^Tip of the Day", "Escape")):
                found = self.window(title)
                if found:
                    self.press(found, key)
            state = self.state()
            if state and state["url"] == workbook.as_uri() and not self.window("^Warning$|^Tip of the Day"):
                self.handing.append(handing)  # it may wait for the document to close: ended with soffice
                return self._loaded(workbook, state, deadline)
            time.sleep(POLL)
        handing.kill()
        raise AssertionError(f"{workbook.name} did not open in Calc within {timeout} s")

    def _loaded(self, workbook: Path, state: dict, deadline: float) -> dict:
        """``state`` once the extension's OnLoad job has run on the document: a workbook with buttons has them taken
        over (``watched``); on one without, the job has nothing to do."""
        if not has_buttons(workbook):
            return state
        while not state.get("watched"):
            assert time.monotonic() < deadline, f"the extension did not take {workbook.name}'s buttons over: {state}"
            time.sleep(POLL)
            state = self.state() or state
        return state

    def type_without_enter(self, sheet: str, cell: str, text: str) -> None:
        """Click ``cell`` of ``sheet`` and type ``text`` on the keyboard, without Enter: Calc's cell editor stays up
        and the document still holds the cell's old text (checked), as when an organiser reaches for the button."""
        self.uno("select", sheet, cell)
        old = self.uno("cell", sheet, cell).strip()
        window = self.window(f"^{Path(self.state()['url']).name} - LibreOffice Calc")
        self.xdotool("windowfocus", window, "type", "--delay", "30", text)
        deadline = time.monotonic() + 30
        while self.uno("editing").strip() != text:  # the keys are taken when they show in the cell's editor
            assert time.monotonic() < deadline, f"Calc's cell editor does not show {text!r}: {self.uno('editing')!r}"
            time.sleep(POLL)
        assert self.uno("cell", sheet, cell).strip() == old, "the typing was entered: the test would prove nothing"

    def click(self, role: str, name: str, tries: int = 3) -> None:
        """A mouse click on the button (a sheet's, or a toolbar's: "tool") of that name, where the window shows it;
        a sheet's button once the
        extension's OnLoad job has taken the workbook's buttons over (it runs as the document opens, not before).

        On a loaded machine Calc may still be laying the sheet's controls out when the click lands, and the click
        is lost: as a person would, it clicks again when nothing happened, that is when the workbook is still open
        as it was and no dialog came up (a click taken closes the workbook for TourneyBook at once)."""
        self.no_dialog()
        if role == "button":
            deadline = time.monotonic() + 60
            while not (self.state() or {}).get("watched") and time.monotonic() < deadline:
                time.sleep(POLL)
        before = self.state()
        for _ in range(tries):
            x, y = self.uno("locate", role, name).split()
            self.xdotool("mousemove", x, y, "click", "1")
            if role not in ("button", "tool") or self._taken(before):
                return
            print(f"the click on {name!r} at {x},{y} was lost; clicking again; {before}")  # shown with a failure's output
            self.xdotool("mousemove", "5", "5")  # off the button, so that the next click enters it again
        raise AssertionError(f"{tries} clicks on the {name!r} button did nothing")

    def choose(self, menu: str, entry: str, tries: int = 3) -> None:
        """Click ``menu`` on the menu bar, then its ``entry`` once the menu has opened (clicked again if it did
        not: a click may land while the window is still being laid out)."""
        self.no_dialog()
        for _ in range(tries):
            x, y = self.uno("locate", "menu", menu).split()
            self.xdotool("mousemove", x, y, "click", "1")
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    x, y = self.uno("locate", "entry", entry).split()
                except AssertionError:  # not open yet
                    time.sleep(POLL)
                    continue
                self.xdotool("mousemove", x, y, "click", "1")
                return
            self.xdotool("key", "Escape")
        raise AssertionError(f"the {menu!r} menu did not open with its entry {entry!r} in {tries} clicks")

    def _taken(self, before: dict | None, wait: float = 20) -> bool:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            now = self.state()
            if self.dialogs() or now is None or before is None or now["document"] != before["document"]:
                return True  # a box, or the workbook closed (or opened again: another document)
            time.sleep(POLL)
        return False

    def dialogs(self) -> list[dict]:
        """The message boxes up (title and words), as a screen reader reads them."""
        return json.loads(self.uno("dialogs"))

    def answer(self, timeout: float = 120) -> str:
        """Wait for the extension's dialog (the action has run and the workbook is open again); its words."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            said = [d["text"] for d in self.dialogs() if d["title"] == DIALOG]
            if said and self.shown(f"^{DIALOG}$"):
                return said[0]
            time.sleep(POLL)
        shot = self.screenshot(self.folder / "no-dialog.png")
        names = [self.xdotool("getwindowname", w).strip() for w in self.xdotool("search", "--name", ".").split()]
        raise AssertionError(f"no TourneyBook dialog within {timeout} s; windows {names}; the screen: {shot}")

    def wait_for_dialog(self, title: str, timeout: float = 120) -> str:
        """Wait for a box whose title matches the pattern ``title``, drawn; its words."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            said = [d["text"] for d in self.dialogs() if re.search(title, d["title"])]
            if said and self.shown(title):
                return said[0]
            time.sleep(POLL)
        raise AssertionError(f"no box titled {title!r} within {timeout} s: {self.dialogs()}")

    def choose_in_dialog(self, title: str, button: str, timeout: float = 60) -> None:
        """Click the box's ``button`` with the mouse until the box is gone (a click while it is drawn is lost)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.window(title) and not any(re.search(title, d["title"]) for d in self.dialogs()):
                return
            try:
                x, y = self.uno("locate", "choice", button).split()
            except AssertionError:  # gone meanwhile
                continue
            self.xdotool("mousemove", x, y, "click", "1")
            self._until_gone(lambda: self.window(title) or any(re.search(title, d["title"]) for d in self.dialogs()))
        raise AssertionError(f"the box {title!r} did not close on {button!r} within {timeout} s")

    def dismiss(self, timeout: float = 60) -> None:
        """Press Return on the dialog (its OK) until it is gone: a key sent while it is still being drawn is lost."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.window(f"^{DIALOG}$")
            if not found and not any(d["title"] == DIALOG for d in self.dialogs()):
                return
            if found:
                self.press(found, "Return")
            self._until_gone(lambda: self.window(f"^{DIALOG}$") or any(d["title"] == DIALOG for d in self.dialogs()))
        raise AssertionError(f"the TourneyBook dialog did not close within {timeout} s: {self.dialogs()}")

    @staticmethod
    def _until_gone(up, settle: float = SETTLE) -> None:
        """Look again and again, for ``settle`` seconds at most, until ``up()`` says the box is gone."""
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline and up():
            time.sleep(POLL)

    def no_dialog(self) -> None:
        """Nothing is up before a click: a box left over from the last one would be read as this one's answer."""
        up = self.dialogs()
        assert not up, f"a dialog is still up before the click: {up}"

    def screenshot(self, path: Path) -> Path:
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True, timeout=60)
        return path

    def close(self) -> None:
        """Close the workbook without saving (the next test opens its own)."""
        self.uno("close")


def _end(process: subprocess.Popen) -> None:
    """End a soffice started here and what it started (soffice.bin under the soffice script): its own session."""
    try:
        os.killpg(process.pid, signal.SIGKILL)  # the group outlives the script when soffice.bin still runs
    except ProcessLookupError:
        pass
    process.wait(10)


def _free_display() -> str:
    for n in range(90, 400):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return f":{n}"
    raise AssertionError("no free X display number")


def sheet_parts(workbook: Path) -> dict[str, str]:
    """Sheet name -> its worksheet part, from the workbook's relationships (as Excel, openpyxl or LibreOffice write them)."""
    with zipfile.ZipFile(workbook) as z:
        book = etree.fromstring(z.read("xl/workbook.xml"))
        rels = etree.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target") for r in rels}
    ns_r = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    found = {}
    for sheet in book.iter("{*}sheet"):
        target = targets[sheet.get(ns_r)]
        found[sheet.get("name")] = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
    return found


def sheet_xml(workbook: Path, names) -> dict[str, bytes]:
    """The XML of the named sheets (those the workbook has): an entry sheet left alone keeps its bytes."""
    parts = sheet_parts(workbook)
    with zipfile.ZipFile(workbook) as z:
        return {n: z.read(parts[n]) for n in names if n in parts}


def cell_texts(workbook: Path, sheet: str) -> str:
    """Every text of a sheet (shared strings resolved), joined: what a person reads on it."""
    import openpyxl

    book = openpyxl.load_workbook(workbook, read_only=True)
    texts = [str(v) for row in book[sheet].iter_rows(values_only=True) for v in row if v is not None]
    book.close()
    return re.sub(r"\s+", " ", " | ".join(texts))


def has_buttons(workbook: Path) -> bool:
    """The file has buttons the extension's OnLoad job takes over: Excel's (a drawing's macro) or the ``<controls>``
    LibreOffice wrote for an .xlsm's (put back by the job)."""
    with zipfile.ZipFile(workbook) as package:
        return any(b"<x:FmlaMacro>" in package.read(n) for n in package.namelist() if n.endswith(".vml")) or any(
            b"<controls>" in package.read(n) for n in package.namelist() if n.startswith("xl/worksheets/sheet"))
