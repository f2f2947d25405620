"""The ``tourneybook`` command: a thin dispatcher over ``tourneybook.commands``.

Each subcommand is a module with ``register(subparsers)`` that sets ``func`` on
its parser; ``func(args) -> int`` is the exit status. Exit statuses: 0 done,
1 problems in the organiser's data or files (a readable message, never a trace),
2 a usage error (argparse's own status).
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from .errors import EXIT_PROBLEMS, InputError

COMMANDS = ("score", "standings", "recalc", "new", "simulate", "templates", "draw", "withdraw", "join", "forms", "lite")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tourneybook",
        description="Scores, tie-breaks, draws and forms for Friedrich, Carcassonne and Diplomacy tournaments.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = import_module(f"{__package__}.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.commands.{name}":
                raise
            continue
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except InputError as exc:
        print("error: " + str(exc).replace("\n", "\n  "), file=sys.stderr)
        return EXIT_PROBLEMS
    except OSError as exc:  # a path the organiser gave that cannot be used (a folder, no permission, ...)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_PROBLEMS


if __name__ == "__main__":
    sys.exit(main())
