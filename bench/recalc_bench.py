"""Whole-process ``tourneybook recalc`` against a bare openpyxl load and save of the same file.

    python bench/recalc_bench.py [--ruleset ID ...] [--players 1000] [--repeat 3]

For each ruleset (default: all) builds a simulated event with
``tourneybook.simulate`` (seated by the draws, every game typed in through the
layout as an organiser would, recalculated once), then runs, each in a fresh
Python process on a fresh copy of that workbook:

- ``tourneybook recalc work.xlsx`` (start-up, read, check, rank, write the result
  parts, save atomically), and
- a bare ``openpyxl.load_workbook(work.xlsx).save(work.xlsx)``,

and prints the median wall times, their ratio (goal: at most 1.0x, aim 0.5x) and
the peak memory (resident set) of each process. Issue 11's goals for 10,000
players: at most 10 s wall, peak memory at most bare openpyxl's
(``--players 10000 --repeat 1``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tourneybook.rules import RULESET_IDS
from tourneybook.simulate import write_event

BARE = "import sys, openpyxl; openpyxl.load_workbook(sys.argv[1]).save(sys.argv[1])"


def run(argv: list[str]) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KB on Linux) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(argv)} failed: {process.stderr.read().decode()[-2000:]}")
    process.stderr.close()
    return wall, usage.ru_maxrss


def timed(argv: list[str], source: Path, work: Path, repeat: int) -> tuple[float, int]:
    walls, peaks = [], []
    for _ in range(repeat):
        shutil.copy(source, work)
        wall, peak = run(argv)
        walls.append(wall)
        peaks.append(peak)
    return statistics.median(walls), max(peaks)


def verdict(players: int, base: float, ours: float, base_peak: int, our_peak: int) -> str:
    """Issue 11's goals: at most 1.0x the bare openpyxl round trip; from 10,000 players also
    at most 10 s wall and no more peak memory than openpyxl."""
    missed = []
    if ours > base:
        missed.append("ratio > 1.0")
    if players >= 10_000 and ours > 10:
        missed.append("over 10 s")
    if players >= 10_000 and our_peak > base_peak:
        missed.append("more memory than openpyxl")
    return "MISSED: " + ", ".join(missed) if missed else "met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", choices=RULESET_IDS, help="repeatable; default: all")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'ruleset':<16} {'players':>7} {'KB':>6} {'bare s':>7} {'recalc s':>8} {'ratio':>6} {'bare MB':>8} {'recalc MB':>9}  goal")
    for ruleset in args.ruleset or RULESET_IDS:
        with tempfile.TemporaryDirectory() as tmp:
            source = write_event(ruleset, args.players, Path(tmp) / "event.xlsx")  # recalculated once
            work = Path(tmp) / "work.xlsx"
            base, base_peak = timed([sys.executable, "-c", BARE, str(work)], source, work, args.repeat)
            ours, our_peak = timed([sys.executable, "-m", "tourneybook", "recalc", str(work)], source, work, args.repeat)
            size = source.stat().st_size / 1024
        print(
            f"{ruleset:<16} {args.players:>7} {size:>6.0f} {base:>7.2f} {ours:>8.2f} {ours / base:>6.2f} "
            f"{base_peak / 1024:>8.0f} {our_peak / 1024:>9.0f}  {verdict(args.players, base, ours, base_peak, our_peak)}"
        )


if __name__ == "__main__":
    main()
