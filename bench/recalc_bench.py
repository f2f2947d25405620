"""Whole-process ``tourneybook recalc`` against a bare openpyxl load and save, and against the floor.

    python bench/recalc_bench.py [--ruleset ID ...] [--players 1000] [--repeat 3]

For each ruleset (default: all) builds a simulated event with
``tourneybook.simulate`` (seated by the draws, every game typed in through the
layout as an organiser would, recalculated once), then runs three commands, each
in a fresh Python process on a fresh copy of that workbook, interleaved (bare,
recalc, floor; the next repeat starts one further along) so that a change in the
machine's load falls on all three alike:

- ``bare``: ``openpyxl.load_workbook(work.xlsx).save(work.xlsx)``;
- ``recalc``: ``tourneybook recalc work.xlsx`` (start-up, read, check, rank,
  write the result parts, save atomically);
- ``floor``: python-calamine reads the entry sheets and openpyxl's write-only
  mode writes the result sheets' values (prepared beforehand) to a new file:
  about the least any Python program doing this job could spend.

Times are CPU seconds of the child process (user + system), shown min/median/max;
ratios are of the medians. Goals (issue 23): at 1,000 players recalc <= 0.4x bare
and <= 1.3x the floor; at 10,000 players <= 0.25x bare, with less peak memory.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import describe, measure, spread  # noqa: E402

from tourneybook.rules import RULESET_IDS  # noqa: E402
from tourneybook.simulate import write_event  # noqa: E402

BARE = "import sys, openpyxl; openpyxl.load_workbook(sys.argv[1]).save(sys.argv[1])"
FLOOR = """
import json, sys
from python_calamine import CalamineWorkbook
from openpyxl import Workbook
plan = json.load(open(sys.argv[2], encoding="utf-8"))
book = CalamineWorkbook.from_path(sys.argv[1])
for name in plan["entry"]:
    book.get_sheet_by_name(name).to_python()
out = Workbook(write_only=True)
for name, rows in plan["results"].items():
    sheet = out.create_sheet(name)
    for row in rows:
        sheet.append(row)
out.save(sys.argv[3])
"""


def floor_plan(source: Path, out: Path) -> Path:
    """The entry sheets' names and the result sheets' values of ``source``, for the floor to read and write."""
    from python_calamine import CalamineWorkbook

    from tourneybook.files.filestore import FileWorkbook

    owned = set(FileWorkbook(source).owned)
    book = CalamineWorkbook.from_path(str(source))
    plan = {
        "entry": [n for n in book.sheet_names if n not in owned],
        "results": {n: book.get_sheet_by_name(n).to_python() for n in book.sheet_names if n in owned},
    }
    out.write_text(json.dumps(plan, default=str), encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", choices=RULESET_IDS, help="repeatable; default: all")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--make", nargs=3, metavar=("RULESET", "FOLDER", "PLAYERS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.make:
        ruleset, folder, players = args.make
        floor_plan(write_event(ruleset, int(players), Path(folder) / "event.xlsx"), Path(folder) / "plan.json")
        return
    big = args.players >= 10_000
    goal = "recalc <= 0.25x bare, less peak memory" if big else "recalc <= 0.4x bare and <= 1.3x floor"
    print(describe())
    print(f"{args.players} players, {args.repeat} interleaved runs each; CPU seconds min/median/max; goal: {goal}")
    print(f"{'ruleset':<16} {'bare s':>17} {'recalc s':>17} {'floor s':>17} {'/bare':>6} {'/floor':>6} "
          f"{'bare MB':>8} {'recalc MB':>9}  goal")
    for ruleset in args.ruleset or RULESET_IDS:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            # made by a child process (recalculated once): the children measured are forked from this
            # one, and their peak memory would otherwise include the 10,000-player event built here
            subprocess.run([sys.executable, __file__, "--make", ruleset, tmp, str(args.players)], check=True)
            source, plan = folder / "event.xlsx", folder / "plan.json"
            work = folder / "work.xlsx"
            commands = {
                "bare": [sys.executable, "-c", BARE, str(work)],
                "recalc": [sys.executable, "-m", "tourneybook", "recalc", str(work)],
                "floor": [sys.executable, "-c", FLOOR, str(work), str(plan), str(folder / "floor.xlsx")],
            }
            runs: dict[str, list] = {name: [] for name in commands}
            names = list(commands)
            for i in range(args.repeat):
                for name in names[i % 3 :] + names[: i % 3]:
                    shutil.copy(source, work)
                    runs[name].append(measure(commands[name]))
        cpu = {name: [r.cpu for r in done] for name, done in runs.items()}
        med = {name: statistics.median(values) for name, values in cpu.items()}
        peak = {name: max(r.peak_mb for r in done) for name, done in runs.items()}
        to_bare, to_floor = med["recalc"] / med["bare"], med["recalc"] / med["floor"]
        if big:
            met = to_bare <= 0.25 and peak["recalc"] < peak["bare"]
        else:
            met = to_bare <= 0.4 and to_floor <= 1.3
        print(f"{ruleset:<16} {spread(cpu['bare']):>17} {spread(cpu['recalc']):>17} {spread(cpu['floor']):>17} "
              f"{to_bare:>6.2f} {to_floor:>6.2f} {peak['bare']:>8.0f} {peak['recalc']:>9.0f}  {'met' if met else 'MISSED'}",
              flush=True)


if __name__ == "__main__":
    main()
