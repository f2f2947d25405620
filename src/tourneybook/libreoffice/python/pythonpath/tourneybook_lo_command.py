"""The tourneybook command as TourneyBook's LibreOffice extension finds and runs it (plain Python, tested without
LibreOffice; Python 3.8, as :mod:`tourneybook_lo`, which imports it from the extension's ``python/pythonpath``).

Nothing depends on LibreOffice's own Python having TourneyBook's libraries: the installed
``tourneybook`` runs as a child process, ``tourneybook libreoffice --click -``, is told the
workbook and the sheet on its standard input (one line of JSON) and answers with one line
of JSON.

Only the organiser chooses what runs. A workbook may come from anyone, so nothing in it (its
``xlwings.conf`` sheet, its name, its sheets' names) ever names or reaches a program: the
program is the one the organiser named (the ``TOURNEYBOOK`` variable, the program picked or
confirmed once, the README's install folder, ``tourneybook`` on ``PATH``), and a ``.venv``
found beside a workbook runs only once the organiser has confirmed its path. The child's
arguments are fixed words: a sheet called ``x;calc`` or ``x" & calc`` is data in a JSON line
on its standard input, never part of a command line a shell or ``cmd.exe`` could read.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

ENVIRONMENT = "TOURNEYBOOK"
"""An environment variable naming the tourneybook program (or the Python it is installed in)."""
FOLDERS_UP = 3
"""A ``.venv`` is looked for beside the workbook and this many folders above it."""
HOME_INSTALLS = ("TourneyBook", "tourneybook", os.path.join("Documents", "TourneyBook"))
"""Where the README installs TourneyBook, in the organiser's home folder."""
TIMEOUT = 1800
"""Seconds a run may take (a draw of thousands of players takes some); then the organiser is told."""
CLICK_ARGUMENTS = ("libreoffice", "--click", "-")
"""The child's arguments after the program: the same words whatever the workbook; its name and sheet go to stdin."""
BUTTON = "button"
JOBS = (BUTTON, "recalculate", "instructions")
"""What a click asks for: the shown sheet's button (Instructions: the action in its B2; any other sheet:
recalculate), or a menu entry's job from any sheet: recalculate, or the action chosen on Instructions."""


def command_for(program: str) -> list:
    """The command line that runs TourneyBook through ``program``: the command itself, or a Python that has it."""
    name = os.path.basename(program).lower()
    if name.startswith("python"):  # -P: not the current folder's ``tourneybook``, should one be there (Python 3.11+)
        return [program, "-P", "-m", "tourneybook"]
    return [program]


def venv_programs(folder: str) -> list:
    """The tourneybook program of a ``.venv`` in ``folder`` (Windows and macOS/Linux layouts)."""
    venv = os.path.join(folder, ".venv")
    return [os.path.join(venv, "Scripts", "tourneybook.exe"), os.path.join(venv, "bin", "tourneybook")]


def chosen_programs(environ: dict, remembered: str, home: str) -> list:
    """The programs the organiser chose, best first: the environment variable, the program picked or confirmed
    once, the README's install folder in the home folder. None comes from a workbook or its folder."""
    found = []
    if environ.get(ENVIRONMENT):
        found.append(environ[ENVIRONMENT])
    if remembered:
        found.append(remembered)
    if home:
        for name in HOME_INSTALLS:
            found += venv_programs(os.path.join(home, name))
    return found


def nearby_program(workbook: str) -> str:
    """A tourneybook of a ``.venv`` beside the workbook or a few folders above it, or ''.

    Whoever handed the workbook over may have handed this folder over too: the caller runs it only once
    the organiser has confirmed its path."""
    folder = os.path.dirname(os.path.abspath(workbook))
    for _ in range(FOLDERS_UP + 1):
        for program in venv_programs(folder):
            if runnable(program):
                return program
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return ""


def on_path(environ: dict, windows: bool) -> str:
    """``tourneybook`` on ``PATH``, or ''. Only absolute folders are searched: never the current folder (which
    Windows' own search and Python 3.8's ``shutil.which`` try first, and which may be the workbook's)."""
    name = "tourneybook.exe" if windows else "tourneybook"
    for folder in environ.get("PATH", "").split(os.pathsep):
        folder = folder.strip().strip('"')
        if folder and os.path.isabs(folder):
            program = os.path.join(folder, name)
            if runnable(program):
                return program
    return ""


def runnable(program: str) -> bool:
    return os.path.isfile(program) and os.access(program, os.X_OK)


def find_tourneybook(environ: dict, remembered: str = "", home: str = "", windows: bool = False) -> list:
    """The command line of the first TourneyBook the organiser chose (or has on ``PATH``), or [] when there is none."""
    for program in chosen_programs(environ, remembered, home):
        if runnable(program):
            return command_for(program)
    program = on_path(environ, windows)
    return [program] if program else []


def choose_tourneybook(chosen: list, workbook: str, confirm, pick, remember) -> list:
    """The command line that runs the organiser's TourneyBook, or []: the whole of who chooses what runs.

    ``chosen``: what :func:`find_tourneybook` found of the organiser's own choices, taken as it is. Else a
    ``.venv`` beside the workbook (:func:`nearby_program`) only when ``confirm(path)`` is the organiser's yes,
    else the program the organiser picks (``pick()``: a path or None); either is ``remember``-ed, so it is asked
    once. Nothing the workbook holds is consulted."""
    if chosen:
        return chosen
    nearby = nearby_program(workbook)
    if nearby and confirm(nearby):
        remember(nearby)
        return command_for(nearby)
    picked = pick()
    if picked and runnable(picked):
        remember(picked)
        return command_for(picked)
    return []


def child_environment(environ: dict) -> dict:
    """The environment of the tourneybook child: without the settings of LibreOffice's own Python.

    LibreOffice's bundled Python sets PYTHONHOME and PYTHONPATH for itself; inherited, they
    would make the virtual environment's Python load LibreOffice's standard library.
    """
    return {k: v for k, v in environ.items() if k not in ("PYTHONHOME", "PYTHONPATH", "PYTHONSTARTUP")}


def click_command(command: list) -> list:
    return [*command, *CLICK_ARGUMENTS]


def click_request(workbook: str, sheet: str, job: str = BUTTON) -> str:
    """What the child reads on its standard input: the workbook, the sheet shown and the job (:data:`JOBS`)."""
    return json.dumps({"workbook": workbook, "sheet": sheet, "job": job}, ensure_ascii=True) + "\n"


def answer(status: int, stdout: str, stderr: str, command: list) -> dict:
    """The child's answer for the dialog: its JSON line, or a sentence saying why there is none."""
    for line in reversed(stdout.strip().splitlines()):
        try:
            said = json.loads(line)
        except ValueError:
            continue
        if isinstance(said, dict) and "message" in said:
            return said
    words = stderr.strip().splitlines()
    if any("invalid choice: 'libreoffice'" in w or "--click" in w for w in words):
        text = ("The TourneyBook installed at {} is older than this extension: update it (pip install . in the "
                "TourneyBook folder), then click again.".format(command[0]))
    else:
        last = "\n".join(words[-6:]) or "(it said nothing)"
        text = "TourneyBook ({}) stopped without an answer (exit status {}):\n{}".format(command[0], status, last)
    return {"ok": False, "message": text, "sheet": ""}


def run_tourneybook(command: list, workbook: str, sheet: str, job: str = BUTTON) -> dict:
    """Run the click's action on the closed workbook; TourneyBook's answer, or a sentence saying why there is none."""
    flags = 0x08000000 if sys.platform.startswith("win") else 0  # CREATE_NO_WINDOW: no console flashes up
    try:
        done = subprocess.run(click_command(command), input=click_request(workbook, sheet, job), capture_output=True,
                              text=True, encoding="utf-8", errors="replace", timeout=TIMEOUT,
                              env=child_environment(dict(os.environ)), creationflags=flags,
                              cwd=tempfile.gettempdir())  # not the workbook's folder
    except subprocess.TimeoutExpired:
        return {"ok": False, "sheet": "", "message": "TourneyBook took more than {} minutes and was stopped; the "
                "workbook was left as it was.".format(TIMEOUT // 60)}
    except OSError as exc:
        return {"ok": False, "sheet": "", "message": "TourneyBook ({}) could not be started: {}".format(command[0], exc)}
    return answer(done.returncode, done.stdout, done.stderr, command)
