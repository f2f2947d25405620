"""Check the xlwings versions pyproject.toml allows: the oldest and the newest, each in a throwaway venv.

    python bench/xlwings_range.py [--versions 0.37.4 0.37.8]

For each version: a fresh virtual environment with that xlwings and TourneyBook's
other dependencies (pip as configured), then the Excel layer's tests from this
source tree (tests/excel: the button and its actions through the remote engine,
the cell functions, the .xlsm whose VBA must declare that very version). Prints
one line per version; exit status 1 if any fails. Takes a few minutes; the
newest allowed is the newest the package index offers below the upper bound.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ["tests/excel/test_button.py", "tests/excel/test_udfs.py", "tests/excel/test_xlsm.py", "tests/excel/test_actions.py"]


def requirements() -> tuple[str, list[str]]:
    """pyproject's xlwings requirement, and every other runtime and test requirement."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    deps = project["dependencies"] + project["optional-dependencies"]["test"]
    xlwings = next(d for d in deps if re.match(r"xlwings\b", d))
    return xlwings, [d for d in deps if d != xlwings]


def allowed_versions(spec: str) -> list[str]:
    """The oldest and newest xlwings versions the index offers within ``spec``."""
    done = subprocess.run([sys.executable, "-m", "pip", "index", "versions", "xlwings"], capture_output=True, text=True)
    listed = re.search(r"Available versions: (.+)", done.stdout)
    if not listed:
        sys.exit(f"pip could not list xlwings versions: {done.stderr.strip()}")
    lower = re.search(r">=\s*([\d.]+)", spec).group(1)
    upper = re.search(r"<\s*([\d.]+)", spec).group(1)

    def key(v: str) -> tuple[int, ...]:
        return tuple(int(p) for p in v.split("."))

    inside = [v for v in (s.strip() for s in listed.group(1).split(",")) if re.fullmatch(r"[\d.]+", v)
              and key(lower) <= key(v) < key(upper)]
    return [min(inside, key=key), max(inside, key=key)]


def check(version: str, others: list[str]) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory(prefix=f"xlwings-{version}-") as folder:
        venv.create(folder, with_pip=True)
        python = Path(folder) / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        install = subprocess.run([python, "-m", "pip", "install", "-q", f"xlwings=={version}", *others],
                                 capture_output=True, text=True)
        if install.returncode:
            return False, install.stderr.strip().splitlines()[-1]
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        run = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not libreoffice", *TESTS],
                             capture_output=True, text=True, cwd=ROOT, env=env)
        lines = run.stdout.strip().splitlines()
        return run.returncode == 0, lines[-1] if lines else run.stderr.strip()[-300:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--versions", nargs="+", help="check these instead of the oldest and newest allowed")
    args = parser.parse_args()
    spec, others = requirements()
    versions = args.versions or allowed_versions(spec)
    print(f"{spec}: checking {', '.join(versions)}")
    failed = 0
    for version in versions:
        ok, summary = check(version, others)
        failed += not ok
        print(f"xlwings {version}: {'ok' if ok else 'FAILED'} ({summary})", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
