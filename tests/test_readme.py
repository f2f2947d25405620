"""The README's commands against the real command line, so that the README cannot drift from it.

Every ``tourneybook ...`` the README shows (in its code blocks and in its inline code) must name
a real command and only options that command has; a line with no placeholder (``essen.xlsx``,
not ``EVENT.xlsx``) must parse as typed. The other way round, the README's command list names
every command and every option of the real parser, and its ruleset table every registered ruleset.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tourneybook.cli import COMMANDS, build_parser, main
from tourneybook.rules import RULESET_IDS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", re.S | re.M)
# 'tourneybook', '.venv/bin/tourneybook' or '.venv\Scripts\tourneybook', then its words
INVOCATION = re.compile(r"^(?:\S*[/\\])?tourneybook(?=\s|$)(.*)$", re.S)
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*")
# EVENT.xlsx, N, RULESET, COPY.xlsx ...: the README's placeholders, which only name what to type
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_]*(\.[a-z]+)?/?$")


@dataclass(frozen=True)
class Line:
    """One command the README shows: its words after 'tourneybook', and where it stands."""

    words: str
    where: str

    def tokens(self) -> list[str]:
        return [t.strip('"') for t in shlex.split(self.words, posix=False)]

    def command(self) -> str | None:
        return next((t for t in self.tokens() if not t.startswith(("-", "["))), None)

    def options(self) -> list[str]:
        return OPTION.findall(self.words)

    def typed_as_is(self) -> bool:
        """A concrete line a user would type: no [optional] parts, alternatives or placeholders, and a word
        after the command (`tourneybook live` or `tourneybook draw --final` in a sentence only names it)."""
        tokens = self.tokens()
        named_only = self.command() is not None and all(t.startswith("-") for t in tokens[tokens.index(self.command()) + 1:])
        return (not named_only and not any(c in self.words for c in "[]|") and "--version" not in tokens
                and not any(PLACEHOLDER.match(t) for t in tokens))


def command_lines(text: str) -> list[Line]:
    """Every 'tourneybook ...' of a README text: fenced lines (with their '[...]' continuation lines) and inline code."""
    found: list[Line] = []
    for block in FENCE.finditer(text):
        first_line = text.count("\n", 0, block.start(1)) + 1
        for number, raw in enumerate(block.group(1).splitlines(), first_line):
            synopsis = re.split(r"\s{3,}", raw.strip())[0]  # the command list's description column is cut off
            for part in re.split(r"\s*&&\s*", synopsis):  # the set-up's 'python3 -m venv .venv && ... && tourneybook'
                match = INVOCATION.match(part)
                if match:
                    found.append(Line(match.group(1).strip(), f"README.md:{number}"))
            if raw[:1].isspace() and synopsis.startswith("[") and found:  # an option line under its command
                last = found[-1]
                found[-1] = Line(f"{last.words} {synopsis}", last.where)
    prose = FENCE.sub(lambda block: "\n" * block.group(0).count("\n"), text)
    for span in re.finditer(r"`([^`]+)`", prose):
        match = INVOCATION.match(" ".join(span.group(1).split()))
        if match:
            found.append(Line(match.group(1).strip(), f"README.md:{prose.count(chr(10), 0, span.start()) + 1}"))
    return found


def real_parser(command: str | None) -> argparse.ArgumentParser:
    """The real parser of one command (its module registered as when it runs), or the top-level one.

    argparse has no public way to list a parser's subparsers or options, so its ``_actions`` are read.
    """
    parser = build_parser([command] if command else [])
    if command is None:
        return parser
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return subparsers.choices[command]


def options_of(command: str | None) -> set[str]:
    parser = real_parser(command)
    return {o for action in parser._actions for o in action.option_strings if o.startswith("--") and o != "--help"}


def problems_of(line: Line) -> list[str]:
    """What is wrong with one README line, in words naming the line (empty: it is right)."""
    command = line.command()
    if command is not None and command not in COMMANDS:
        return [f"{line.where}: 'tourneybook {line.words}': no command '{command}'"]
    problems = [f"{line.where}: 'tourneybook {line.words}': {command or 'tourneybook'} has no option {option}"
                for option in line.options() if option not in options_of(command)]
    if not problems and line.typed_as_is():
        said = io.StringIO()
        with contextlib.redirect_stderr(said):
            try:
                build_parser(line.tokens()).parse_args(line.tokens())
            except SystemExit:
                problems.append(f"{line.where}: 'tourneybook {line.words}' is refused: {said.getvalue().strip()}")
    return problems


def command_list(text: str) -> list[Line]:
    """The lines of the README's section 'The command line' (its first block)."""
    section = text.split("## The command line", 1)[1]
    return command_lines(FENCE.search(section).group(0))


def test_the_readme_shows_many_commands_and_each_names_a_real_command_and_real_options():
    lines = command_lines(README.read_text(encoding="utf-8"))
    commands = {line.command() for line in lines}
    assert len(lines) > 60 and set(COMMANDS) <= commands  # the extraction finds the README's commands at all
    assert [p for line in lines for p in problems_of(line)] == []


def test_a_readme_line_with_an_unknown_option_or_command_is_caught():
    text = ("Run `tourneybook recalc essen.xlsx --nope`, then\n\n```sh\n.venv/bin/tourneybook publish EVENT.xlsx "
            "--out DIR\n.venv\\Scripts\\tourneybook scoer fwc2022 game.json\n```\n\n```text\n"
            "tourneybook draw EVENT.xlsx --round N      seat a round\n         [--sit-outs NAME]   Diplomacy\n```\n")
    problems = [p for line in command_lines(text) for p in problems_of(line)]
    assert problems == [
        "README.md:5: 'tourneybook scoer fwc2022 game.json': no command 'scoer'",
        "README.md:9: 'tourneybook draw EVENT.xlsx --round N [--sit-outs NAME]': draw has no option --sit-outs",
        "README.md:1: 'tourneybook recalc essen.xlsx --nope': recalc has no option --nope",
    ]


def test_a_concrete_readme_line_must_parse_as_typed():
    text = "`tourneybook withdraw essen.xlsx \"Greta Maier\" --after-round two`\n"
    [problem] = [p for line in command_lines(text) for p in problems_of(line)]
    assert problem.startswith("README.md:1: 'tourneybook withdraw essen.xlsx \"Greta Maier\" --after-round two' is "
                              "refused: usage: tourneybook withdraw")
    assert "invalid int value: 'two'" in problem


def test_the_command_list_names_every_command_and_every_option_of_the_real_command_line():
    listed = command_list(README.read_text(encoding="utf-8"))
    missing = []
    for command in [None, *COMMANDS]:
        shown = {o for line in listed if line.command() == command for o in line.options()}
        missing += [f"{command or 'tourneybook'} {o}" for o in sorted(options_of(command) - shown)]
    assert missing == []


def test_the_ruleset_table_lists_every_registered_ruleset():
    text = README.read_text(encoding="utf-8")
    table = text.split("| ruleset id |", 1)[1].split("\n\n", 1)[0]
    assert re.findall(r"^\| `([a-z0-9]+)` \|", table, re.M) == list(RULESET_IDS)


def test_the_lite_requirements_are_the_packages_the_readme_names_and_none_is_compiled_for_desktops_only():
    from tourneybook.excel.lite import requirements_txt

    text = " ".join(README.read_text(encoding="utf-8").split())
    named = re.search(r"requirements\.txt names only packages xlwings Lite can install \(([^)]*)\)", text)[1]
    written = [re.split(r"[<>=!~]", line)[0] for line in requirements_txt().splitlines()]
    assert written == named.split(", ")
    # no wheel for Pyodide, so one such line fails Lite's whole requirements tab
    assert not {"httptools", "uvloop", "watchfiles", "python-calamine"} & set(written)


def test_new_with_an_xlsm_name_but_no_xlsm_option_says_to_add_it(tmp_path, capsys):
    players = tmp_path / "players.csv"
    players.write_text("name\nAnn Rest\nBob Stone\nCarla Diaz\nDirk Jansen\n", encoding="utf-8")
    out = tmp_path / "essen.xlsm"
    assert main(["new", "fwc2022", "--players", str(players), "--out", str(out)]) == 1
    assert capsys.readouterr().err == (f"error: {out}: a workbook with the button needs --xlsm as well (tourneybook new "
                                       f"fwc2022 --players {players} --out {out} --xlsm); a workbook without it ends "
                                       "in .xlsx\n")
    assert not out.exists()


def test_forms_years_out_of_range_is_said_of_the_option_not_of_the_sheets_cells(tmp_path, capsys):
    event = tmp_path / "codcon.xlsx"
    event.write_bytes((ROOT / "workbooks" / "codcon2008-example.xlsx").read_bytes())
    assert main(["forms", str(event), "--round", "1", "--years", "1908"]) == 1
    assert capsys.readouterr().err == ("error: --years 1908: the number of years of Fall columns from 1901, a whole "
                                       "number from 2 to 20 (--years 8 prints 1901-1908)\n")
    assert main(["forms", str(event), "--round", "1", "--years", "8"]) == 0
    assert (tmp_path / "codcon-forms-R1.xlsx").is_file()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
def test_live_stops_on_ctrl_c_as_the_readme_says_with_status_0(tmp_path):
    event = tmp_path / "essen.xlsx"
    event.write_bytes((ROOT / "workbooks" / "fwc2022-example.xlsx").read_bytes())
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "tourneybook", "live", str(event), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        said: list[str] = []
        while not any(line.startswith("reporting from phones") for line in said):
            line = server.stdout.readline()
            assert line, server.stderr.read()
            said.append(line)
        for _ in range(100):  # serving: the port accepts connections
            with socket.socket() as client:
                if client.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    assert "Ctrl-C stops." in said[-1]
    assert out.strip().endswith("stopped (Ctrl-C); the reports journal keeps every report for the next start")
    assert "error" not in err
