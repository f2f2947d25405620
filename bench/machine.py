"""What every bench prints about where it ran, and whole-process measurements.

The machine is often shared, so wall times are noisy: benches compare commands
run side by side, interleaved, and judge by the CPU time of the child process
(user + system, from ``os.wait4``), printing min/median/max of the repeats.

Children run as an installed TourneyBook does: with its modules' bytecode
compiled once beforehand (pip compiles it on install; a shell with
PYTHONDONTWRITEBYTECODE set would otherwise have every run compile a hundred
modules again, while openpyxl, installed by pip, never does).
"""

from __future__ import annotations

import compileall
import os
import platform
import statistics
import subprocess
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path


def describe() -> str:
    """One line: cores, load average and CPU model, for the top of a bench's output."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next((line.split(":", 1)[1].strip() for line in info if line.startswith("model name")), model)
    except OSError:
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    return f"machine: {os.cpu_count()} cores (nproc {len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else '?'}), load average {load}, {model}"


@dataclass(frozen=True)
class Run:
    """One child process: wall and CPU seconds, peak resident memory in MB, exit status."""

    wall: float
    cpu: float
    peak_mb: float
    status: int


@cache
def installed_environment() -> dict[str, str]:
    """The children's environment: TourneyBook's bytecode compiled (once), and kept."""
    import tourneybook

    compileall.compile_dir(Path(tourneybook.__file__).parent, quiet=1)
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def measure(argv: list[str], *, check: bool = True) -> Run:
    """Run ``argv`` as a child process, as installed, and measure it (its output is discarded)."""
    environment = installed_environment()
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    errors = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if check and code:
        raise SystemExit(f"{' '.join(argv)} failed ({code}): {errors[-2000:]}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code)


def instructions(argv: list[str]) -> float | None:
    """Millions of instructions ``argv`` runs, counted by valgrind's callgrind (None without valgrind): unlike a
    time, the same on an idle machine and a busy one, so a change's cost is seen whatever else is running."""
    import shutil

    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    process = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=installed_environment(), text=True)
    counted = [line.split()[-1] for line in process.stderr.splitlines() if "Collected :" in line]
    if process.returncode or not counted:
        raise SystemExit(f"{' '.join(argv)} failed under valgrind ({process.returncode}): {process.stderr[-2000:]}")
    return int(counted[-1].replace(",", "")) / 1e6


def spread(values: list[float], digits: int = 2) -> str:
    """'min/median/max' of the repeats."""
    return "/".join(f"{v:.{digits}f}" for v in (min(values), statistics.median(values), max(values)))
