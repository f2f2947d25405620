"""The tourneybook command as TourneyBook's LibreOffice extension finds and runs it (plain Python, tested without
LibreOffice; Python 3.8, as :mod:`tourneybook_lo`, which imports it from the extension's ``python/pythonpath``).

Nothing depends on LibreOffice's own Python having TourneyBook's libraries: the installed
``tourneybook`` runs as a child process, ``tourneybook libreoffice --click WORKBOOK --sheet
SHEET``, and answers with one line of JSON.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

ENVIRONMENT = "TOURNEYBOOK"
"""An environment variable naming the tourneybook program (or the Python it is installed in)."""
FOLDERS_UP = 3
"""A ``.venv`` is looked for beside the workbook and this many folders above it."""
TIMEOUT = 1800
"""Seconds a run may take (a draw of thousands of players takes some); then the organiser is told."""


def command_for(program: str) -> list:
    """The command line that runs TourneyBook through ``program``: the command itself, or a Python that has it."""
    name = os.path.basename(program).lower()
    if name.startswith("python"):
        return [program, "-m", "tourneybook"]
    return [program]


def venv_programs(folder: str) -> list:
    """The tourneybook program of a ``.venv`` in ``folder`` (Windows and macOS/Linux layouts)."""
    venv = os.path.join(folder, ".venv")
    return [os.path.join(venv, "Scripts", "tourneybook.exe"), os.path.join(venv, "bin", "tourneybook")]


def candidates(workbook: str, environ: dict, interpreters: list, remembered: str, home: str) -> list:
    """Where TourneyBook may be, best first: the environment variable, the program picked once, a ``.venv``
    beside the workbook or a few folders above it, the README's install folder, the workbook's xlwings.conf
    interpreter, then ``PATH`` (looked up by :func:`find_tourneybook`)."""
    found = []
    if environ.get(ENVIRONMENT):
        found.append(environ[ENVIRONMENT])
    if remembered:
        found.append(remembered)
    folder = os.path.dirname(os.path.abspath(workbook))
    for _ in range(FOLDERS_UP + 1):
        found += venv_programs(folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    if home:
        for name in ("TourneyBook", "tourneybook", os.path.join("Documents", "TourneyBook")):
            found += venv_programs(os.path.join(home, name))
    found += [i for i in interpreters if i]
    return found


def runnable(program: str) -> bool:
    return os.path.isfile(program) and os.access(program, os.X_OK)


def find_tourneybook(workbook: str, environ: dict, interpreters: list, remembered: str = "",
                     home: str = "", which=shutil.which) -> list:
    """The command line of the first TourneyBook found, or [] when there is none."""
    for program in candidates(workbook, environ, interpreters, remembered, home):
        if runnable(program):
            return command_for(program)
    on_path = which("tourneybook")
    return [on_path] if on_path else []


def interpreter_keys(platform: str) -> tuple:
    """The xlwings.conf keys naming the Python Excel's button runs (Interpreter_Win / Interpreter_Mac)."""
    if platform.startswith("win"):
        return ("Interpreter_Win",)
    if platform == "darwin":
        return ("Interpreter_Mac",)
    return ("Interpreter_Mac", "Interpreter_Win")  # Linux has no key of its own: a path that exists here will do


def conf_interpreters(rows: list, platform: str) -> list:
    """The interpreters named on the xlwings.conf sheet (``rows``: its cells' texts, key in the first column)."""
    keys = interpreter_keys(platform)
    by_key = {str(r[0]).strip(): str(r[1]).strip() for r in rows if len(r) > 1 and r[0]}
    return [by_key[k] for k in keys if by_key.get(k)]


def child_environment(environ: dict) -> dict:
    """The environment of the tourneybook child: without the settings of LibreOffice's own Python.

    LibreOffice's bundled Python sets PYTHONHOME and PYTHONPATH for itself; inherited, they
    would make the virtual environment's Python load LibreOffice's standard library.
    """
    return {k: v for k, v in environ.items() if k not in ("PYTHONHOME", "PYTHONPATH", "PYTHONSTARTUP")}


def click_command(command: list, workbook: str, sheet: str) -> list:
    return [*command, "libreoffice", "--click", workbook, "--sheet", sheet]


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
    if any("invalid choice: 'libreoffice'" in w for w in words):
        text = ("The TourneyBook installed at {} is older than this extension: update it (pip install . in the "
                "TourneyBook folder), then click again.".format(command[0]))
    else:
        last = "\n".join(words[-6:]) or "(it said nothing)"
        text = "TourneyBook ({}) stopped without an answer (exit status {}):\n{}".format(command[0], status, last)
    return {"ok": False, "message": text, "sheet": ""}


def run_tourneybook(command: list, workbook: str, sheet: str) -> dict:
    """Run the click's action on the closed workbook; TourneyBook's answer, or a sentence saying why there is none."""
    flags = 0x08000000 if sys.platform.startswith("win") else 0  # CREATE_NO_WINDOW: no console flashes up
    argv = click_command(command, workbook, sheet)
    try:
        done = subprocess.run(argv, capture_output=True, text=True, encoding="utf-8", errors="replace",
                              timeout=TIMEOUT, env=child_environment(dict(os.environ)), creationflags=flags)
    except subprocess.TimeoutExpired:
        return {"ok": False, "sheet": "", "message": "TourneyBook took more than {} minutes and was stopped; the "
                "workbook was left as it was.".format(TIMEOUT // 60)}
    except OSError as exc:
        return {"ok": False, "sheet": "", "message": "TourneyBook ({}) could not be started: {}".format(command[0], exc)}
    return answer(done.returncode, done.stdout, done.stderr, command)
