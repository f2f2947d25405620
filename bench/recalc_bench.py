"""How long a recalculation takes, against a bare openpyxl load and save of the same file.

    python bench/recalc_bench.py [--ruleset ID ...] [--players 1000] [--repeat 3]

For each ruleset (default: all five) builds a simulated event with
``tourneybook.simulate`` (seated by the draws, every game typed in through the
layout as an organiser would), then times ``recalc_file`` (read, check, rank,
write the result sheets, save atomically) and a bare ``openpyxl.load_workbook``
+ ``save`` of the same workbook, and prints the ratio (goal: at most 1.5x).
Each run works on a fresh copy of the recalculated workbook, so both sides
handle the same sheets.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import openpyxl

from tourneybook.rules import RULESET_IDS
from tourneybook.simulate import write_event
from tourneybook.workbook.recalc import recalc_file


def timed(action, source: Path, work: Path, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        shutil.copy(source, work)
        start = time.perf_counter()
        action(work)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bare(path: Path) -> None:
    openpyxl.load_workbook(path).save(path)


def recalc(path: Path) -> None:
    report = recalc_file(path)
    assert report.ok, report.problems[:5]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", choices=RULESET_IDS, help="repeatable; default: all")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'ruleset':<16} {'players':>7} {'KB':>6} {'bare ms':>8} {'recalc ms':>9} {'ratio':>6}  (goal <= 1.5x)")
    for ruleset in args.ruleset or RULESET_IDS:
        with tempfile.TemporaryDirectory() as tmp:
            source = write_event(ruleset, args.players, Path(tmp) / "event.xlsx")  # recalculated once
            work = Path(tmp) / "work.xlsx"
            base = timed(bare, source, work, args.repeat)
            ours = timed(recalc, source, work, args.repeat)
            size = source.stat().st_size / 1024
        print(f"{ruleset:<16} {args.players:>7} {size:>6.0f} {base * 1000:>8.0f} {ours * 1000:>9.0f} {ours / base:>6.2f}")


if __name__ == "__main__":
    main()
