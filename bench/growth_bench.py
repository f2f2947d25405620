"""How ``draw --round 1`` and ``simulate`` grow with the field: CPU at 1k, 3k and 10k players, and the exponent.

    python bench/growth_bench.py [--sizes 1000 3000 10000] [--family friedrich ...]

For each family (Friedrich: fwc2022, Carcassonne: carcassonne2004, Diplomacy:
codcon2008) and each size (rounded down to whole tables: 4 for Friedrich, 7 for
Diplomacy), a whole process each, on a fresh copy:

- ``tourneybook draw EVENT.xlsx --round 1`` on a new event of that many players;
- ``tourneybook simulate RULESET --players N --no-recalc``.

Prints CPU seconds (user + system of the child) and fits the growth exponent k
of time ~ players^k by least squares over the sizes (1 is linear). Goals (issue
23): every command linear; Diplomacy's draw at 10,000 at most 10x its time at
1,000, and under 10 s CPU.
"""

from __future__ import annotations

import argparse
import math
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import describe, measure  # noqa: E402

FAMILIES = {"friedrich": ("fwc2022", 4), "carcassonne": ("carcassonne2004", 1), "diplomacy": ("codcon2008", 7)}


def exponent(sizes: list[int], seconds: list[float]) -> float:
    """The least-squares slope of log(seconds) against log(size)."""
    xs, ys = [math.log(s) for s in sizes], [math.log(max(t, 1e-3)) for t in seconds]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def new_event(ruleset: str, n: int, folder: Path) -> Path:
    players = folder / f"players-{n}.csv"
    players.write_text("name\n" + "".join(f"Player {i}\n" for i in range(1, n + 1)), encoding="utf-8")
    out = folder / f"{ruleset}-{n}.xlsx"
    subprocess.run([sys.executable, "-m", "tourneybook", "new", ruleset, "--players", str(players), "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 3000, 10000])
    parser.add_argument("--family", action="append", choices=list(FAMILIES), help="repeatable; default: all")
    args = parser.parse_args()
    print(describe())
    print(f"{'command':<40} " + " ".join(f"{n:>8}" for n in args.sizes) + f" {'exponent':>9}  goal")
    for family in args.family or list(FAMILIES):
        ruleset, table = FAMILIES[family]
        sizes = [n - n % table for n in args.sizes]
        draw_cpu, simulate_cpu = [], []
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for n in sizes:
                event, work = new_event(ruleset, n, folder), folder / "work.xlsx"
                shutil.copy(event, work)
                draw_cpu.append(measure([sys.executable, "-m", "tourneybook", "draw", str(work), "--round", "1"]).cpu)
                simulate_cpu.append(measure([sys.executable, "-m", "tourneybook", "simulate", ruleset, "--players", str(n),
                                             "--no-recalc", "--force", "--out", str(folder / "simulated.xlsx")]).cpu)
        for what, cpu in ((f"draw --round 1 ({ruleset})", draw_cpu), (f"simulate --no-recalc ({ruleset})", simulate_cpu)):
            k = exponent(sizes, cpu)
            verdict = "met" if k <= 1.15 else "MISSED"
            if family == "diplomacy" and what.startswith("draw") and len(sizes) > 1:
                growth = cpu[-1] / cpu[0]
                verdict += f"; {sizes[-1]} / {sizes[0]}: {growth:.1f}x (goal <= 10x), {cpu[-1]:.1f} s (goal < 10 s)"
                if growth > 10 or cpu[-1] >= 10:
                    verdict = verdict.replace("met", "MISSED", 1)
            print(f"{what:<40} " + " ".join(f"{t:>8.2f}" for t in cpu) + f" {k:>9.2f}  {verdict}", flush=True)


if __name__ == "__main__":
    main()
