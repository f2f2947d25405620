"""The command line itself: --version, exit statuses, a light start-up, any console encoding, progress."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from importlib import metadata
from pathlib import Path

import pytest

from tourneybook.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, **env: str) -> subprocess.CompletedProcess:
    encoding = env.get("PYTHONIOENCODING", "utf-8")
    return subprocess.run([sys.executable, *args], capture_output=True, encoding=encoding, env=dict(os.environ, **env),
                          timeout=120, cwd=ROOT)


def test_version_is_the_installed_distributions(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"tourneybook {metadata.version('tourneybook')}"


def test_help_names_the_exit_statuses(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "exit status: 0 done, 1 problems in the data (each with its sheet and cell), 2 a usage error" in " ".join(
        capsys.readouterr().out.split())


@pytest.mark.parametrize(
    "code",
    ["import tourneybook.cli", "import sys; from tourneybook.cli import main; sys.argv[1:] = ['--help']; main()"],
    ids=["import", "help"],
)
def test_start_up_imports_neither_pandas_nor_xlsxwriter(code):
    """pandas (about 0.9 s) is for reading player lists; xlsxwriter for the .xlsm button: never at start-up."""
    done = run("-X", "importtime", "-c", code)
    assert done.returncode == 0, done.stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "tourneybook.cli" in imported  # the report is real
    assert "pandas" not in imported and "xlsxwriter" not in imported
    assert not any(m.startswith(("pandas.", "xlsxwriter.")) for m in imported)


def own_modules_imported(*args: str) -> set[str]:
    """TourneyBook's modules that ``tourneybook ARGS`` imports, as the console script runs it.

    (sys.modules at exit: ``-X importtime`` does not see importlib.import_module.)
    """
    code = ("import atexit, sys; atexit.register(lambda: print(*sorted(sys.modules), file=sys.stderr)); "
            f"sys.argv[:] = ['tourneybook', *{list(args)!r}]; from tourneybook.__main__ import main; sys.exit(main())")
    done = run("-c", code)
    imported = set(done.stderr.splitlines()[-1].split())
    assert "tourneybook.cli" in imported, done.stderr  # the report is real
    return {name for name in imported if name.split(".")[0] == "tourneybook"}


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["no-such-command"], []], ids=["help", "version", "refused", "none"])
def test_help_version_and_a_refused_command_import_no_command(args):
    assert own_modules_imported(*args) == {"tourneybook", "tourneybook.__main__", "tourneybook.cli"}


def test_a_command_imports_its_own_module_and_no_other_command():
    imported = own_modules_imported("lite", "--help")
    assert "tourneybook.commands.lite" in imported
    assert not any(name.startswith("tourneybook.commands.") and name != "tourneybook.commands.lite" for name in imported)


def test_the_command_table_says_what_each_command_registers():
    """``--help`` lists the lines from cli.COMMANDS; each command's own parser must say the same."""
    import argparse
    from importlib import import_module

    from tourneybook.cli import COMMANDS

    for name, line in COMMANDS.items():
        sub = argparse.ArgumentParser().add_subparsers()
        import_module(f"tourneybook.commands.{name.replace('-', '_')}").register(sub)
        assert [action.help for action in sub._choices_actions] == [line], name


def test_ctrl_c_while_starting_prints_one_sentence_and_no_trace(tmp_path: Path):
    """Ctrl-C, held down, while the command's libraries are still loading (recalc loads the most).

    The run is watched through ``-X importtime``: once tourneybook.cli is imported the
    handler is in place (before that only Python's own start-up runs, which no code of
    the package can reach). Ctrl-C then comes three times, 2 ms apart.
    """
    import signal
    import time

    from tourneybook.__main__ import INTERRUPTED_WHILE_STARTING

    sentences = 0
    for delay in (0.0, 0.003, 0.01, 0.03, 0.06, 0.1, 0.2):  # the imports after cli take about 30 ms (issue 40)
        starting = subprocess.Popen([sys.executable, "-X", "importtime", "-m", "tourneybook", "recalc", str(tmp_path / "x.xlsx")],
                                    stderr=subprocess.PIPE, text=True, cwd=ROOT)
        seen = []
        for line in starting.stderr:
            seen.append(line)
            if line.rstrip().endswith("| tourneybook.cli"):
                break
        time.sleep(delay)
        for _ in range(3):
            starting.send_signal(signal.SIGINT)
            time.sleep(0.002)
        seen += starting.stderr.readlines()
        assert starting.wait(timeout=60) == 1
        said = [line for line in seen if not line.startswith("import time:")]
        assert not any("Traceback" in line or "KeyboardInterrupt" in line for line in said), "".join(said)
        interrupted = [line.strip() for line in said] == [INTERRUPTED_WHILE_STARTING]
        # or recalc was quicker: it started (its own one-sentence Ctrl-C) or even finished
        assert interrupted or said[-1].strip().endswith("x.xlsx: no such workbook") or said[-1].strip().startswith(
            "error: interrupted (Ctrl-C)"), said
        sentences += interrupted
    assert sentences >= 3  # recalc's imports take longer than the first three delays


def test_a_name_the_console_cannot_show_does_not_crash_after_the_save(tmp_path: Path):
    """A Windows console (cp1252) and "Łukasz": the workbook is written and the command ends with 0."""
    players = tmp_path / "players.csv"
    players.write_text("Name\nŁukasz Nowak\nAnna Berg\nZoë Faure\n", encoding="utf-8")
    out = tmp_path / "Łódź.xlsx"
    done = run("-m", "tourneybook.cli", "new", "carcassonne2004", "--players", str(players), "--out", str(out),
               PYTHONIOENCODING="cp1252")
    assert done.returncode == 0, done.stderr
    assert out.exists()
    assert f"wrote {tmp_path}{os.sep}?\u00f3d?.xlsx (carcassonne2004, 3 players)" in done.stdout  # Ł, ź: not in cp1252
    missing = run("-m", "tourneybook.cli", "recalc", str(tmp_path / "Łukasz.xlsx"), PYTHONIOENCODING="cp1252")
    assert missing.returncode == 1
    assert "?ukasz.xlsx: no such workbook" in missing.stderr


def test_a_usage_error_is_status_2_and_problems_in_the_data_status_1(tmp_path: Path):
    assert run("-m", "tourneybook.cli", "recalc").returncode == 2
    bad = tmp_path / "players.csv"
    bad.write_text("Club\nBerlin\n", encoding="utf-8")
    done = run("-m", "tourneybook.cli", "new", "fwc2022", "--players", str(bad), "--out", str(tmp_path / "e.xlsx"))
    assert done.returncode == 1
    assert "there is no 'name' column" in done.stderr


def _on_a_terminal(code: str) -> str:
    """Run ``code`` with stderr on a pseudo-terminal; what the terminal showed."""
    main_fd, child_fd = pty.openpty()
    fcntl.ioctl(child_fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a new pty is 0 columns wide
    child = subprocess.Popen([sys.executable, "-c", code], stderr=child_fd, stdout=subprocess.DEVNULL, cwd=ROOT)
    os.close(child_fd)
    shown = b""
    while True:
        try:
            chunk = os.read(main_fd, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    child.wait(timeout=60)
    os.close(main_fd)
    return shown.decode("utf-8", "replace")


LONG_STEP = """
import time
from tourneybook import progress
with progress.waiting("printing 250 forms", delay=0.2):
    time.sleep(1.2)
for _ in progress.steps(range(3), "drawing rounds", delay=0.2):
    time.sleep(0.4)
"""


def test_long_work_shows_progress_on_a_terminal():
    shown = _on_a_terminal(LONG_STEP)
    assert "printing 250 forms: 00:0" in shown  # the time it has taken so far
    assert "drawing rounds:" in shown and "/3" in shown  # counted steps


def test_no_progress_when_output_is_not_a_terminal():
    done = run("-c", LONG_STEP)
    assert done.returncode == 0
    assert done.stderr == ""


def test_short_work_shows_nothing():
    shown = _on_a_terminal(LONG_STEP.replace("delay=0.2", "delay=30"))
    assert shown == ""


def test_a_reader_that_goes_away_gets_no_error_message():
    """`tourneybook standings ... | head -1`: the pipe closes before the answer is written; nothing is said."""
    started = subprocess.Popen([sys.executable, "-m", "tourneybook", "standings", "fwc2022",
                                str(ROOT / "examples" / "fwc2022" / "tournament.json")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    started.stdout.close()  # the reader is gone before the first line
    said = started.stderr.read()
    assert started.wait(timeout=120) == 1 and said == ""


@pytest.mark.parametrize("argv, listed", [
    (["recalc", "x.xlsx"], ["recalc"]),
    (["recalc", "--help"], ["recalc"]),  # the command's own help: the others are not shown
    (["--help", "recalc"], "all"),  # the program's help, before the command: the whole list
    (["-h"], "all"),
    ([], "all"),
    (["no-such-command"], "all"),  # refused, naming every command
])
def test_the_other_commands_are_listed_only_where_the_list_is_shown(argv, listed):
    import argparse

    from tourneybook.cli import COMMANDS, build_parser

    sub = next(a for a in build_parser(argv)._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == (list(COMMANDS) if listed == "all" else listed)
