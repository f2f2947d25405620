"""How fast the printable forms are made, before LibreOffice turns them into a PDF.

    python bench/forms_bench.py            # 250 game reports (a 1,000-player Friedrich round) and the rest
    python bench/forms_bench.py --quick    # 50 of each

Goal (issue 11): Friedrich forms render at least 50 pages a second before PDF,
i.e. laid out and written as the forms workbook (.xlsx bytes). Each figure is
pages per second of CPU (``time.process_time``), best of three runs; the last
column is the ratio to the goal. The reading of a round's draw from an event
workbook (``round_forms`` through the file store) is shown separately.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import describe, spread  # noqa: E402

from tourneybook.forms import (
    CarcassonneSlip,
    CentreCountSheet,
    PompadourReport,
    System,
    Variant,
    pages,
    round_forms,
    workbook_bytes,
)
from tourneybook.simulate import simulate
from tourneybook.workbook import template
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.layouts import find_layout

GOAL = 50.0
"""Pages a second (issue 11)."""
ROLES = ("Frederick", "Elisabeth", "Maria Theresa", "Pompadour")
POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def three_runs(work: Callable[[], object]) -> list[float]:
    """Seconds of CPU of each of three runs (the rate is of the fastest)."""
    times = []
    for _ in range(3):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return times


def reports(n: int, variant: Variant) -> list:
    return [PompadourReport.of("Bench Open", variant, 1, t, {r: f"{r[:3]} Player {t:04}" for r in ROLES})
            for t in range(1, n + 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="50 forms of each kind instead of 250")
    n = 50 if parser.parse_args().quick else 250
    kinds = {
        "Friedrich game report (FWC)": reports(n, Variant.FWC),
        "Friedrich game report (CAFE)": reports(n, Variant.CAFE),
        "Diplomacy centre count (Italia)": [
            CentreCountSheet.of("Bench Open", System.ITALIA, 1, b, {p: f"{p} {b:04}" for p in POWERS})
            for b in range(1, n + 1)],
        "Carcassonne slips (3 a page)": [
            CarcassonneSlip("Bench Open", 1, t, tuple(f"P{t:04}{s}" for s in "abcd")) for t in range(1, n + 1)],
    }
    print(describe())
    print(f"{'forms':34} {'pages':>6} {'CPU s min/med/max':>20} {'pages/s':>8} {'x goal':>7}")
    for name, forms in kinds.items():
        printed = len(pages(forms))
        times = three_runs(lambda: workbook_bytes(forms))
        rate = printed / min(times)
        print(f"{name:34} {printed:6} {spread(times, 3):>20} {rate:8.1f} {rate / GOAL:7.2f}")

    players = 4 * n
    layout = find_layout("fwc2022")
    record = simulate("fwc2022", players, seed=1)
    with tempfile.TemporaryDirectory() as folder:
        path = template.write(Path(folder) / "event.xlsx", layout, settings=record.settings,
                              rows=layout.to_rows(record))
        forms: list = []

        def read_and_write() -> None:
            forms[:] = round_forms(FileWorkbook(path), 1)
            workbook_bytes(forms)

        times = three_runs(read_and_write)
    rate = len(forms) / min(times)
    print(f"{f'R1 of {players} players, from file':34} {len(forms):6} {spread(times, 3):>20} {rate:8.1f} "
          f"{rate / GOAL:7.2f}")


if __name__ == "__main__":
    main()
