"""How long a recalculation takes, against a bare openpyxl load and save of the same file.

    python bench/recalc_bench.py [--players 1000] [--repeat 3]

Builds a simulated Carcassonne 2004 event (4 preliminary rounds, every table
typed in through the layout's to_rows as an organiser would), then times
``recalc_file`` (read, check, rank, write the result sheets, save atomically)
and a bare ``openpyxl.load_workbook`` + ``save`` of the same workbook, and
prints the ratio (goal: at most 1.5x). Each run works on a fresh copy.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import openpyxl

from tourneybook.rules.carcassonne2004 import PreliminaryTable, Seat, Settings, Tournament
from tourneybook.workbook import template
from tourneybook.workbook.layout import find_layout
from tourneybook.workbook.recalc import recalc_file


def simulated_event(players: int, rounds: int = 4, seed: int = 2004) -> Tournament:
    """Random seating at tables of 4 (the remainder at up to three tables of 3), random VP."""
    rng = random.Random(seed)
    names = tuple(f"Player {i:04d}" for i in range(1, players + 1))
    threes = next(b for b in range(4) if (players - 3 * b) % 4 == 0)
    tables = []
    for rnd in range(1, rounds + 1):
        order = list(names)
        rng.shuffle(order)
        start = 0
        for no, size in enumerate([4] * ((players - 3 * threes) // 4) + [3] * threes, start=1):
            tables.append(PreliminaryTable(rnd, no, tuple(Seat(p, rng.randint(30, 160)) for p in order[start : start + size])))
            start += size
    return Tournament(names, tuple(tables), settings=Settings(tournament=f"Bench {players}"))


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
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    layout = find_layout("carcassonne2004")
    event = simulated_event(args.players)
    with tempfile.TemporaryDirectory() as tmp:
        source = template.write(Path(tmp) / "event.xlsx", layout, settings=event.settings, rows=layout.to_rows(event))
        # The fair comparison is with the workbook as it is after a recalculation (result sheets included).
        recalc(source)
        work = Path(tmp) / "work.xlsx"
        size = source.stat().st_size
        base = timed(bare, source, work, args.repeat)
        ours = timed(recalc, source, work, args.repeat)
    print(f"{args.players} players, {len(event.tables)} tables, {size / 1024:.0f} KB")
    print(f"bare openpyxl load+save: {base * 1000:.0f} ms")
    print(f"recalc_file:             {ours * 1000:.0f} ms")
    print(f"ratio:                   {ours / base:.2f}x (goal <= 1.5x)")


if __name__ == "__main__":
    main()
