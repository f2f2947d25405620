"""``tourneybook live`` as the organiser starts it, and a Diplomacy board reported power by power."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx  # the HTTP client Starlette's TestClient uses too (pyproject's test extra)

from tourneybook.cli import main
from tourneybook.reports.sheet import Snapshot
from tourneybook.reports.reporting import check_report
from tourneybook.live.state import read_state
from tourneybook.files.filestore import FileWorkbook

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_live_prints_the_address_its_qr_code_and_the_director_key_then_serves(event):
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tourneybook.cli", "live", str(event), "--port", str(port)],
                              stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        lines = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(line.startswith("reporting from phones") for line in lines):
            lines.append(server.stdout.readline())
        out = "".join(lines)
        assert f"TourneyBook live: http://localhost:{port}/" in out
        assert "\u2588" in out or "\u2580" in out  # the QR code, drawn with block characters
        key = re.search(r"director key: (\S+)", out)[1]
        assert len(key) == 12 and "reporting from phones: on" in out
        for _ in range(100):
            try:
                state = httpx.get(f"http://127.0.0.1:{port}/api/state", timeout=5).json()
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert state["title"] == "Hall Open" and state["round"] == 1
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(20)
    assert main(["live", str(event), "--port", "70000"]) == 1  # a port that cannot be: a sentence, status 1


def test_a_diplomacy_board_is_reported_power_by_power_with_recalcs_sentences(tmp_path):
    event = tmp_path / "codcon.xlsx"
    event.write_bytes((WORKBOOKS / "codcon2008-example.xlsx").read_bytes())
    state = read_state(Snapshot(FileWorkbook(event, read_only=True)))
    board = state.draw.tables[-1]
    keys = [f.key for f in state.draw.fields(board)]
    assert keys[:2] == [f"{board.seats[0].seat}|Centres", f"{board.seats[0].seat}|Eliminated in"]
    typed = {f"{s.seat}|Centres": "x" if i == 0 else "5" for i, s in enumerate(board.seats)}
    checked = check_report(state.snapshot, state.draw, board, typed)
    assert checked.problems[0] == f'{board.seats[0].seat}: Centres: "x" is not a whole number'


def test_the_address_to_type_and_the_one_the_forms_remember(event, monkeypatch):
    from tourneybook.commands import live
    from tourneybook.reports.journal import Journal, journal_path
    from tourneybook.reports.stamp import ADDRESS_KEY

    assert live.address("127.0.0.1", 8765) == "http://localhost:8765/"
    assert live.address("192.168.1.20", 8000) == "http://192.168.1.20:8000/"
    monkeypatch.setattr(live, "network_address", lambda: "10.0.0.7")
    assert live.address("0.0.0.0", 8765) == "http://10.0.0.7:8765/"

    served = []

    class NoServer:  # the command up to serving: what it prints and remembers
        def __init__(self, config):
            served.append(config)

        def run(self):
            return None

    import uvicorn

    monkeypatch.setattr(uvicorn, "Server", NoServer)
    assert main(["live", str(event), "--port", str(free_port())]) == 0
    assert Journal(journal_path(event)).recall(ADDRESS_KEY) is None  # localhost would be useless on a phone's QR code
    assert main(["live", str(event), "--host", "0.0.0.0", "--port", str(free_port())]) == 0
    assert Journal(journal_path(event)).recall(ADDRESS_KEY) == "http://10.0.0.7:8765/".replace("8765", str(served[-1].port))


def test_the_projector_draws_the_line_where_the_published_page_does(tmp_path):
    """FWC 2022 (seed 000 GFTR B): the best four play the final, so the line is under the 4th of the standings;
    a finalist who withdrew is passed over on the page and on the projector alike."""
    from tourneybook.publish import read_published
    from tourneybook.publish.classification import cut_after

    event = tmp_path / "fwc.xlsx"
    event.write_bytes((WORKBOOKS / "fwc2022-example.xlsx").read_bytes())
    assert read_state(Snapshot(FileWorkbook(event, read_only=True))).data["standings"]["cut"] == 4
    fourth = read_published(event).result.standings.rows[3].player
    import openpyxl

    book = openpyxl.load_workbook(event)  # the final not played yet: a finalist who withdrew never plays it (issue 28)
    for row in book["Final game"].iter_rows(min_row=4):
        for cell in row:
            cell.value = None
    book.save(event)
    assert main(["withdraw", str(event), fourth, "--after-round", "4"]) == 0  # played all four, gone before the final
    published = read_published(event)
    state = read_state(Snapshot(FileWorkbook(event, read_only=True)))
    assert state.data["standings"]["cut"] == cut_after(published) + 1 == 5  # the 5th moves up; the line goes under
