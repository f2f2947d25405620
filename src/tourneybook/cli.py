"""The ``tourneybook`` command: a thin dispatcher over ``tourneybook.commands``.

Each subcommand is a module with ``register(subparsers)`` that sets ``func`` on
its parser; ``func(args) -> int`` is the exit status. Exit statuses: 0 done,
1 problems in the organiser's data or files (a readable message, never a trace),
2 a usage error (argparse's own status).

Start-up stays light: ``--help``, ``--version`` and a refused command import no
command module at all (the table below names and describes every command), and a
command imports only its own module; that module imports its heavy libraries
(pandas, xlsxwriter, xlwings) inside ``func``.
"""

from __future__ import annotations

import _signal  # the C module, as __main__ uses it: ``import signal`` builds its enums first (0.4 ms of every command)
import argparse
import gc
import os
import sys
from importlib import import_module

# Each command and its line in ``--help``, in the order shown. The command's module is
# imported only when that command runs (tests/test_cli.py checks each module
# registers the same line).
COMMANDS = {
    "score": "score one game given as JSON (docs/formats.md)",
    "systems": "list every Diplomacy game-scoring system: id, name as dipvis spells it, rule in one sentence",
    "standings": "rank a tournament given as JSON (docs/formats.md)",
    "recalc": "recalculate a tournament workbook (writes Standings, Games, Issues...)",
    "new": "create a tournament workbook with its players",
    "simulate": "fill a workbook with a random but valid tournament (for demos and benchmarks)",
    "templates": "regenerate the blank workbook of every ruleset",
    "draw": "draw a round (tables, roles, powers) into the event workbook",
    "withdraw": "record that a player withdrew after a round (Players sheet)",
    "join": "record a late arrival or a new stand-in from a round on (Players sheet)",
    "absent": "record that a player does not play a round (roll call, Players sheet)",
    "present": "undo 'absent': a player plays the round after all (Players sheet)",
    "forms": "printable forms (game reports, centre counts, table slips, bracket) as a workbook and PDF",
    "lite": "write main.py and requirements.txt for xlwings Lite (Excel add-in, no Python install)",
    "button": "write the button's Python file beside a renamed or copied .xlsm workbook",
    "publish": "standings.csv, games.csv, standings.pdf and standings.html of an event, into a folder",
    "live": "serve seating, standings and result reporting to the hall (projector and phones)",
    "import-reports": "write the results confirmed on phones (tourneybook live) into the workbook",
    "libreoffice": "write the LibreOffice extension (the workbook's button in Calc)",
}

EXIT_STATUSES = "exit status: 0 done, 1 problems in the data (each with its sheet and cell), 2 a usage error"


def version() -> str:
    """The installed distribution's version (the package's own when run from a source tree)."""
    from importlib import metadata  # about 20 ms of imports, paid by --version only

    try:
        return metadata.version("tourneybook")
    except metadata.PackageNotFoundError:
        from . import __version__

        return __version__


def safe_console() -> None:
    """Never fail on a character the console cannot show (a Windows console, cp1252, and "Łukasz").

    The work is done (a workbook may already be saved) when names are printed: a
    character the console lacks is shown as '?' instead of ending the run with
    UnicodeEncodeError.
    """
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


class _Version(argparse.Action):
    """``--version``: looks the version up only when asked (argparse's own wants it before parsing)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest, nargs=0, default=default, help=help or "show the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{parser.prog} {version()}")  # on stdout, as argparse's own
        parser.exit()


class _HelpLayout(argparse.HelpFormatter):
    """argparse's own help layout, the terminal's width read here: argparse reads it through shutil, which loads
    bz2 and lzma with it, and makes a layout at every option added (about 1.5 ms of every command)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` says it: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _command_parser(**options) -> argparse.ArgumentParser:
    """A command's parser, with the same help layout as the program's."""
    return argparse.ArgumentParser(formatter_class=_HelpLayout, **options)


def chosen_command(argv: list[str]) -> str | None:
    """The command named on the line (the first word that is not an option), if it is one."""
    word = next((arg for arg in argv if not arg.startswith("-")), None)
    return word if word in COMMANDS else None


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser for this command line: only the command named in ``argv`` is imported.

    Every other command is listed with its line from ``COMMANDS`` where the list is shown
    (``--help``, no command, an unknown one: enough to refuse it); ``argv=None`` reads ``sys.argv``.
    """
    words = sys.argv[1:] if argv is None else argv
    chosen = chosen_command(words)
    # The other commands are listed only where the list is shown (--help before the command, no command or an
    # unknown one): each listed command is a parser of its own, and making one looks its texts up in gettext's
    # catalogues on disk, about half a millisecond each.
    listed = chosen is None or any(w in ("-h", "--help") for w in words[: words.index(chosen)])
    parser = argparse.ArgumentParser(
        prog="tourneybook",
        description="Scores, tie-breaks, draws and forms for Friedrich, Carcassonne and Diplomacy tournaments.",
        epilog=EXIT_STATUSES,
        formatter_class=_HelpLayout,
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_command_parser)  # none: main() prints the list of commands
    for name, line in COMMANDS.items():
        if name == chosen:
            import_module(f"{__package__}.commands.{name.replace('-', '_')}").register(sub)
        elif listed:
            sub.add_parser(name, help=line)
    return parser


def main(argv: list[str] | None = None) -> int:
    # A command is one short run whose objects are freed by reference counting as it
    # goes; the cycle collector would only walk the long-lived ones over and over: the
    # classes and functions its modules make as they load (a few milliseconds of a
    # 0.1 s click), then the millions of cells and scores of a large event (about a
    # third of a 10,000-player recalc). It is back on when the command returns, for a
    # caller that goes on (the tests, a Python session).
    gc.disable()
    try:
        return _run(argv)
    finally:
        gc.enable()


def _run(argv: list[str] | None) -> int:
    safe_console()
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.command is None:  # 'tourneybook' alone: what it can do, as the README's step 4 promises
        parser.print_help()
        return 0
    from .errors import EXIT_PROBLEMS, InputError

    # Started from __main__, Ctrl-C so far ended the start-up with one sentence; from
    # here it is a KeyboardInterrupt again, caught below once files may be open.
    if getattr(_signal.getsignal(_signal.SIGINT), "__module__", None) in ("tourneybook.__main__", "__main__"):
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    try:
        return args.func(args)
    except InputError as exc:
        print("error: " + str(exc).replace("\n", "\n  "), file=sys.stderr)
        return EXIT_PROBLEMS
    except BrokenPipeError:  # the reader went away ('| head'): nothing left to say, and no one to say it to
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's own flush at exit would fail again
        return EXIT_PROBLEMS
    except OSError as exc:  # a path the organiser gave that cannot be used (a folder, no permission, ...)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_PROBLEMS
    except KeyboardInterrupt:  # Ctrl-C: files are saved all or nothing, so no trace is needed
        print("error: interrupted (Ctrl-C): any workbook being saved was left as it was", file=sys.stderr)
        return EXIT_PROBLEMS


if __name__ == "__main__":
    sys.exit(main())
