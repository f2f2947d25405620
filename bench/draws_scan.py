"""Scan of many random event days: every round drawn after played rounds against the independent search (issue 35).

    python bench/draws_scan.py                       # every family, the default seeds (about 15 min)
    python bench/draws_scan.py --family diplomacy --seeds 0-99
    python bench/draws_scan.py --family diplomacy-workbook --seeds 0-40

A round is *dominated* when the yardstick of the tests (tests/draws/round_search.py,
an annealing over swaps of two seats of that round, 300 steps per seat, two
starts) finds a seating no worse on every figure and better on one. Families:

* ``diplomacy``: days drawn by the draw alone (tests/draws/diplomacy_days.py):
  16-140 players, every kind of club, sit-outs or double boards, withdrawals,
  late arrivals and absences; rounds 2 and 3 measured.
* ``diplomacy-workbook``: the same days through the workbook (tests/draws/event_days.py,
  C-Diplo 100; 16-60 players, the field of seed ``s`` has ``Random(s).randint(16, 60)``
  players, as the scan that found seed 38's round 3 drew them).
* ``friedrich``, ``carcassonne``: workbook event days of CAFE 2023 / FWC 2022 and
  Carcassonne 2004, 16-60 players.

Printed per family (each dominated round as it is found, then the family's row): the days, the rounds measured, the dominated rounds (each with
its figures against the yardstick's: seat repeats, repeated pairs, rematch cost,
keep-apart pairs, theatre repeats, 3-player repeats) and the worst draw's CPU.
Goal: no dominated round.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import describe  # noqa: E402

from tests.draws.diplomacy_days import diplomacy_day  # noqa: E402
from tests.draws.event_days import event_day  # noqa: E402

STEPS = 300
"""The yardstick's annealing steps per seat (the event days' default)."""
FAMILIES = {
    "diplomacy": range(0, 61),
    "diplomacy-workbook": range(0, 41),
    "friedrich": range(0, 6),
    "carcassonne": range(0, 6),
}
"""Each family's seeds when none are given."""


def _days(family: str, seed: int, folder: Path):
    """(where, rounds) of the days of ``seed``: rounds as (number, ours, theirs, CPU seconds)."""
    if family == "diplomacy":
        day = diplomacy_day(seed, low=16, high=140, steps=STEPS)
        yield f"seed {seed}: {day.players} players, {day.clubs} clubs, {day.fill}", day.rounds
        return
    rulesets = {"diplomacy-workbook": ("cdiplo100",), "friedrich": ("cafe2023", "fwc2022"),
                "carcassonne": ("carcassonne2004",)}[family]
    n = random.Random(seed).randint(16, 60)
    for ruleset in rulesets:
        with contextlib.redirect_stdout(io.StringIO()):  # the advice's commands print what they typed
            report = event_day(ruleset, n, seed, folder, steps=lambda seats: STEPS * seats)
        yield f"{ruleset} seed {seed}: {n} players, {report.clubs} clubs", report.rounds


def scan(family: str, seeds) -> int:
    """Print the family's row and its dominated rounds; how many rounds were dominated."""
    dominated, rounds, days, worst = [], 0, 0, (0.0, "-")
    started = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            for where, measured in _days(family, seed, Path(tmp)):
                days += 1
                for number, ours, theirs, seconds in measured:
                    rounds += 1
                    worst = max(worst, (seconds, f"{where}, round {number}"))
                    if theirs.dominates(ours):
                        dominated.append(f"{where}, round {number}: {ours.values()} vs {theirs.values()}")
                        print(f"{'':>22}dominated: {dominated[-1]}", flush=True)
    print(f"{family:>20} {days:>5} {rounds:>6} {len(dominated):>9} {worst[0]:>11.2f} "
          f"{time.process_time() - started:>9.0f}  {'met' if not dominated else 'MISSED'}; worst: {worst[1]}",
          flush=True)
    return len(dominated)


def _seeds(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", choices=sorted(FAMILIES), action="append",
                        help="a family to scan (repeatable; default all)")
    parser.add_argument("--seeds", type=_seeds, default=None, help="seeds as FIRST-LAST (default: per family)")
    args = parser.parse_args(argv)
    print(describe())
    print(f"Each round after the first against the yardstick ({STEPS} steps per seat, two starts); figures: "
          "(seat repeats, repeated pairs, rematch cost, keep-apart pairs, theatre repeats, 3-player repeats)")
    print(f"{'family':>20} {'days':>5} {'rounds':>6} {'dominated':>9} {'worst CPU s':>11} {'scan CPU s':>9}  goal")
    total = 0
    for family in args.family or list(FAMILIES):
        total += scan(family, args.seeds if args.seeds is not None else FAMILIES[family])
    print(f"\nScan: {total} dominated round(s); goal {'met' if total == 0 else 'NOT met'}")
    return 0 if total == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
