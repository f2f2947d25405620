"""A change made for speed writes the same files: this tree's ``recalc`` against another tree's, byte by byte.

    python bench/same_bytes.py --other /path/to/other/.venv/bin/tourneybook [--players 100 1000] [--seed 1]

Every shipped example, and a simulated event of every ruleset at each ``--players`` (made
by this tree's ``simulate``, seeded), is recalculated by both trees, each on a copy of the
same file; then every zip entry of the two results is compared: its name and place, its
bytes and its zip header (time, method, CRC). Only the document properties' modified time
may differ (a tree that stamps it would write the time of its run). Exit status 1 on any
difference, which is printed where it starts.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import installed_environment  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RULESETS = ("fwc2022", "cafe2023", "carcassonne2004", "codcon2008", "italia2010", "diplomacy")
MODIFIED = re.compile(rb"<dcterms:modified[^>]*>[^<]*</dcterms:modified>")


def recalc(command: list[str], source: Path, out: Path) -> None:
    done = subprocess.run([*command, "recalc", str(source), "--out", str(out)], capture_output=True, text=True,
                          env=installed_environment())
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} recalc {source.name} failed:\n{done.stderr[-2000:]}")


def differences(ours: Path, theirs: Path) -> list[str]:
    """Where the two workbooks differ, entry by entry (empty when they are the same)."""
    with zipfile.ZipFile(ours) as a, zipfile.ZipFile(theirs) as b:
        if a.namelist() != b.namelist():
            return [f"the entries differ: {a.namelist()} against {b.namelist()}"]
        found = []
        for info in a.infolist():
            other = b.getinfo(info.filename)
            mine, yours = a.read(info), b.read(other)
            if info.filename == "docProps/core.xml":
                mine, yours = MODIFIED.sub(b"", mine), MODIFIED.sub(b"", yours)
            if mine != yours:
                at = next((i for i, (x, y) in enumerate(zip(mine, yours)) if x != y), min(len(mine), len(yours)))
                found.append(f"{info.filename} from byte {at}: {mine[at - 40:at + 60]!r} against {yours[at - 40:at + 60]!r}")
            elif (info.date_time, info.compress_type, info.CRC) != (other.date_time, other.compress_type, other.CRC):
                found.append(f"{info.filename}: its zip header")
        return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", required=True, help="the other tree's tourneybook command")
    parser.add_argument("--players", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ours, theirs = [sys.executable, "-m", "tourneybook"], [args.other]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        events = [ROOT / "workbooks" / f"{r}-example.xlsx" for r in RULESETS]
        for ruleset in RULESETS:
            for players in args.players:
                made = folder / f"{ruleset}-{players}.xlsx"
                subprocess.run([*ours, "simulate", ruleset, "--players", str(players), "--seed", str(args.seed),
                                "--out", str(made)], check=True, stdout=subprocess.DEVNULL, env=installed_environment())
                events.append(made)
        jobs = [(command, event, folder / side / event.name) for event in events
                for command, side in ((ours, "ours"), (theirs, "theirs"))]
        for side in ("ours", "theirs"):
            (folder / side).mkdir()
        with ThreadPoolExecutor(2) as pool:  # two children at a time
            list(pool.map(lambda job: recalc(*job), jobs))
        different = 0
        for event in events:
            found = differences(folder / "ours" / event.name, folder / "theirs" / event.name)
            print(f"{event.name:32} {'the same' if not found else 'DIFFERENT'}")
            for line in found[:5]:
                print("    " + line)
            different += bool(found)
        print(f"{len(events) - different} of {len(events)} workbooks the same, entry by entry")
        sys.exit(1 if different else 0)


if __name__ == "__main__":
    main()
