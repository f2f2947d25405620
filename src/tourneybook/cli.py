"""The ``tourneybook`` command: a thin dispatcher over ``tourneybook.commands``.

Each subcommand is a module with ``register(subparsers)`` that sets ``func`` on
its parser; ``func(args) -> int`` is the exit status. Exit statuses: 0 done,
1 problems in the organiser's data or files (a readable message, never a trace),
2 a usage error (argparse's own status).

Start-up stays light: a command module imports its heavy libraries (pandas,
xlsxwriter, xlwings) inside ``func``, so ``--help`` and the quick commands do
not pay for them.
"""

from __future__ import annotations

import argparse
import gc
import sys
from importlib import import_module, metadata

from .errors import EXIT_PROBLEMS, InputError

COMMANDS = ("score", "standings", "recalc", "new", "simulate", "templates", "draw", "withdraw", "join", "forms", "lite", "button", "publish", "live", "import-reports")

EXIT_STATUSES = "exit status: 0 done, 1 problems in the data (each with its sheet and cell), 2 a usage error"


def version() -> str:
    """The installed distribution's version (the package's own when run from a source tree)."""
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tourneybook",
        description="Scores, tie-breaks, draws and forms for Friedrich, Carcassonne and Diplomacy tournaments.",
        epilog=EXIT_STATUSES,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = import_module(f"{__package__}.commands.{name.replace('-', '_')}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.commands.{name.replace('-', '_')}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    safe_console()
    args = build_parser().parse_args(argv)
    # A command is one short run whose objects are freed by reference counting as it
    # goes; the cycle collector would only walk the millions of long-lived cells and
    # scores over and over (about a third of a 10,000-player recalc). It is back on
    # when the command returns, for a caller that goes on (the tests, a Python session).
    gc.disable()
    try:
        return args.func(args)
    except InputError as exc:
        print("error: " + str(exc).replace("\n", "\n  "), file=sys.stderr)
        return EXIT_PROBLEMS
    except OSError as exc:  # a path the organiser gave that cannot be used (a folder, no permission, ...)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_PROBLEMS
    except KeyboardInterrupt:  # Ctrl-C: files are saved all or nothing, so no trace is needed
        print("error: interrupted (Ctrl-C): any workbook being saved was left as it was", file=sys.stderr)
        return EXIT_PROBLEMS
    finally:
        gc.enable()


if __name__ == "__main__":
    sys.exit(main())
