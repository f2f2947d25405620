"""How fast ``tourneybook live`` follows a save, and how it holds up under a hall full of phones.

    python bench/live_bench.py            # 100 and 1,000 players, 200 phones
    python bench/live_bench.py --quick    # 100 players, 50 phones

Goals (issue 24): every open page shows a save within 2 s at 1,000 players; with
200 phones polling on loopback, the 95th percentile of a request within 200 ms on a
2-core machine. Figures:

- update latency: from the end of a save (a recalculation of the workbook, saved
  atomically as Excel saves) to the new state being served (the server's watcher
  and reading), plus the pages' polling interval (1 s, the worst case a page
  waits before it asks): the goal is checked on that sum;
- phones: 200 simulated phones on loopback, each opening the phone page and then
  polling /api/state as the page does (first whole, then ?since=version), in a
  server of its own process (uvicorn, as ``tourneybook live`` runs it); requests a
  second and the p95 latency;
- the server process's peak memory (Linux: VmHWM).

Bounded in count and time: a fixed number of requests per phone, every request with
a timeout, loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from tourneybook.live.hall import Hall, follow
from tourneybook.live.journal import Journal, journal_path
from tourneybook.simulate import write_event
from tourneybook.actions.on_file import recalc_file

VERSION = re.compile(r'"version": (\d+)')
POLL_INTERVAL = 1.0
"""Seconds between a page's polls (pages.py): the longest a page waits before it asks."""
UPDATE_GOAL, P95_GOAL = 2.0, 0.200
RULESET = "fwc2022"
SERVER = """
import sys, uvicorn
from tourneybook.live.app import create_app
from tourneybook.live.hall import Hall
from tourneybook.live.journal import Journal, journal_path
hall = Hall(sys.argv[1], Journal(journal_path(sys.argv[1])))
hall.reload()
uvicorn.run(create_app(hall), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def update_latency(folder: Path, players: int) -> tuple[float, float]:
    """(seconds from a save to the new state served, seconds one reading of the workbook takes)."""
    event = write_event(RULESET, players, folder / f"e{players}.xlsx")
    hall = Hall(event, Journal(journal_path(event)))
    start = time.perf_counter()
    hall.reload()
    reading = time.perf_counter() - start
    stop = threading.Event()
    watcher = threading.Thread(target=follow, args=(hall, stop), daemon=True)
    watcher.start()
    time.sleep(1.0)
    found = []
    for _ in range(3):
        version = hall.version
        recalc_file(event)  # a save, replacing the file as Excel does
        saved = time.perf_counter()
        deadline = saved + 30
        while hall.version == version and time.perf_counter() < deadline:
            time.sleep(0.01)
        found.append(time.perf_counter() - saved)
        time.sleep(0.5)
    stop.set()
    watcher.join(10)
    return statistics.median(found), reading


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def fetch(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str) -> bytes:
    """One GET on a kept-alive connection, as a browser sends it (a minimal HTTP/1.1 client: the phones'
    side must cost less than the server's, or the figure measures the simulation)."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: hall\r\nAccept-Encoding: gzip\r\nConnection: keep-alive\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = head.split(b" ", 2)[1]
    if status != b"200":
        raise RuntimeError(f"{path}: status {status.decode()}")
    length = int(re.search(rb"(?i)content-length: (\d+)", head)[1])
    return await reader.readexactly(length)


async def phone(port: int, polls: int, latencies: list[float], pause: float) -> None:
    """One phone: the page, then polls as the page's script does, ``pause`` seconds apart (first after a random wait)."""
    await asyncio.sleep(random.uniform(0, pause))
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 30)
    version = ""
    try:
        for i in range(polls + 1):
            start = time.perf_counter()
            body = await asyncio.wait_for(fetch(reader, writer, "/" if i == 0 else f"/api/state?since={version}"), 30)
            latencies.append(time.perf_counter() - start)
            if i:
                text = gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body
                version = VERSION.search(text.decode())[1]
            await asyncio.sleep(pause)
    finally:
        writer.close()


async def hall_of_phones(port: int, phones: int, polls: int, pause: float) -> tuple[float, list[float]]:
    latencies: list[float] = []
    start = time.perf_counter()
    await asyncio.gather(*(phone(port, polls, latencies, pause) for _ in range(phones)))
    return time.perf_counter() - start, latencies


def peak_memory(pid: int) -> str:
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        return "n/a (not Linux)"
    for line in status.read_text().splitlines():
        if line.startswith("VmHWM:"):
            return f"{int(line.split()[1]) / 1024:.0f} MB"
    return "n/a"


def phones_figures(folder: Path, players: int, phones: int, polls: int, pause: float) -> tuple[float, float, str]:
    event = folder / f"e{players}.xlsx"
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(event), str(port)])
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/state", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        elapsed, latencies = asyncio.run(hall_of_phones(port, phones, polls, pause))
        memory = peak_memory(server.pid)
    finally:
        server.terminate()
        server.wait(10)
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    return len(latencies) / elapsed, p95, memory


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="100 players and 50 phones only")
    args = parser.parse_args()
    sizes = (100,) if args.quick else (100, 1000)
    phones = 50 if args.quick else 200
    folder = Path(tempfile.mkdtemp(prefix="live-bench-"))
    try:
        print(f"{RULESET}; update latency = save to served + the pages' polling interval ({POLL_INTERVAL} s); goal <= {UPDATE_GOAL} s")
        print(f"{'players':>8} {'reading':>9} {'served':>8} {'on page':>8}  goal")
        for players in sizes:
            served, reading = update_latency(folder, players)
            worst = served + POLL_INTERVAL
            print(f"{players:>8} {reading:>8.2f}s {served:>7.2f}s {worst:>7.2f}s  {'met' if worst <= UPDATE_GOAL else 'NOT met'}")
        players = sizes[-1]
        rate, p95, memory = phones_figures(folder, players, phones, polls=10, pause=POLL_INTERVAL)
        print(f"\n{phones} phones on loopback polling every {POLL_INTERVAL} s as the page does, {players} players, 11 requests "
              f"each: {rate:.0f} requests/s, p95 {p95 * 1000:.0f} ms (goal <= {P95_GOAL * 1000:.0f} ms: "
              f"{'met' if p95 <= P95_GOAL else 'NOT met'}); server peak memory {memory}")
        rate, p95, memory = phones_figures(folder, players, phones, polls=10, pause=0.0)
        print(f"the same {phones} phones asking without pause (the server's capacity): {rate:.0f} requests/s, "
              f"p95 {p95 * 1000:.0f} ms; server peak memory {memory}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
