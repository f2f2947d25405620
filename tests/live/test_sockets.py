"""The hall's sockets, with real uvicorn on 127.0.0.1: a restart on the same port after a kill, idle and slow
connections closed, and a journal locked by another program holding up one request, not the hall."""

from __future__ import annotations

import os
import re
import select
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import httpx2
import pytest
import uvicorn

from tourneybook.cli import main
from tourneybook.live.app import create_app
from tourneybook.live.serving import hall_config, more_open_files

from test_command import free_port


def started(event, port: int, *, ctrl_c_ignored: bool = False) -> subprocess.Popen:
    """``tourneybook live`` on ``port``, once it answers (or its output when it stops instead); ``ctrl_c_ignored``:
    started as a shell's background job is, with SIGINT ignored."""
    server = subprocess.Popen([sys.executable, "-m", "tourneybook.cli", "live", str(event), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"},
                              preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ctrl_c_ignored else None)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"live stopped: {server.stdout.read()}")
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/state", timeout=2)
            return server
        except httpx2.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("live did not answer within a minute")


@pytest.mark.parametrize("ctrl_c_ignored", [False, True])
def test_ctrl_c_stops_live_with_its_sentence_however_it_was_started(event, ctrl_c_ignored):
    """Started as a shell's background job (SIGINT ignored), uvicorn still stops on Ctrl-C, and the Ctrl-C it passes
    on once stopped was ignored: the organiser's window ended without saying the journal keeps every report."""
    port = free_port()
    server = started(event, port, ctrl_c_ignored=ctrl_c_ignored)
    server.send_signal(signal.SIGINT)
    output = server.communicate(timeout=30)[0]
    assert server.returncode == 0 and "Traceback" not in output, output
    assert "stopped (Ctrl-C); the reports journal keeps every report for the next start" in output, output


def test_live_starts_again_at_once_on_the_same_port_after_a_kill_with_phones_connected(event):
    port = free_port()
    server = started(event, port)
    phones = []
    try:
        for _ in range(3):  # phones with a page open: a kept-alive connection each, one of them in a long poll
            phone = socket.create_connection(("127.0.0.1", port), timeout=5)
            phone.sendall(b"GET /api/state HTTP/1.1\r\nHost: localhost\r\n\r\n")
            phone.recv(65536)
            phones.append(phone)
        phones[0].sendall(b"GET /api/state?since=1&wait=25 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        os.kill(server.pid, signal.SIGKILL)  # the laptop's lid, a crash: the server's side of each connection waits
        server.wait(10)
    finally:
        for phone in phones:
            phone.close()
    begun = time.monotonic()
    again = started(event, port)  # refused for ~60 s before: "another program may use the port"
    try:
        assert time.monotonic() - begun < 30
        assert httpx2.get(f"http://127.0.0.1:{port}/api/state", timeout=5).json()["title"] == "Hall Open"
        assert main(["live", str(event), "--port", str(port)]) == 1  # a port really in use is still refused in words
    finally:
        again.send_signal(signal.SIGINT)
        again.wait(20)


@contextmanager
def serving(app, **limits):
    """The hall's uvicorn configuration (live.serving) on a free loopback port, in a thread, for the test's length."""
    port = free_port()
    server = uvicorn.Server(hall_config(app, "127.0.0.1", port, **limits))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (it never sends anything to an incomplete request)."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except OSError:  # reset by the server
        return True


def test_idle_and_slow_connections_are_closed_and_never_crowd_out_a_phone(hall):
    with serving(create_app(hall), open_requests=20, request_timeout=1.0, per_address=40) as port:
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(30)]  # more than 20 requests
        slow = socket.create_connection(("127.0.0.1", port), timeout=5)
        slow.sendall(b"GET /api/state HTTP/1.1\r\n")
        try:
            answer = httpx2.get(f"http://127.0.0.1:{port}/api/state", timeout=5)
            assert answer.status_code == 200  # 503 before: uvicorn's limit_concurrency counted the idle connections
            begun = time.monotonic()
            while time.monotonic() - begun < 4:  # a header a byte at a time (slowloris): closed all the same
                try:
                    slow.sendall(b"X")
                except OSError:
                    break
                if closed_within(slow, 0.2):
                    break
            assert time.monotonic() - begun < 2.5
            assert all(closed_within(s, 2) for s in idle)
            version = answer.json()["version"]
            polled = time.monotonic()  # a page's long poll is being answered, not sending: it is not cut
            assert httpx2.get(f"http://127.0.0.1:{port}/api/state?since={version}&wait=2", timeout=5).json() == {"version": version}
            assert time.monotonic() - polled >= 1.9
        finally:
            for s in (*idle, slow):
                s.close()
        flood = socket.create_connection(("127.0.0.1", port), timeout=5)
        try:  # headers without end, as fast as the network takes them: closed after 256 KB
            flood.sendall(b"GET /api/state HTTP/1.1\r\nX-Flood: ")
            begun = time.monotonic()
            with pytest.raises(OSError):
                for _ in range(20_000):
                    flood.sendall(b"a" * 1024)
            assert time.monotonic() - begun < 0.5  # by its size, long before the request timeout (1 s here)
        finally:
            flood.close()
        crowd = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(45)]
        try:  # one address holds at most 40 at once (PER_ADDRESS in the hall): the five over it are closed at once
            time.sleep(0.3)  # well within the request timeout (1 s): only the ones over the limit are closed yet
            closed, _, _ = select.select(crowd, [], [], 0)
            assert len(closed) == 5 and all(s.recv(1024) == b"" for s in closed)
        finally:
            for s in crowd:
                s.close()


def test_a_journal_locked_by_another_program_holds_up_one_report_not_the_hall(hall):
    code = hall.code_of(hall.state.draw.tables[0])
    with serving(create_app(hall)) as port, httpx2.Client(base_url=f"http://127.0.0.1:{port}") as phone:
        csrf = re.search(r'name="csrf" value="([^"]+)"', phone.get(f"/t/{code}").text)[1]
        other = sqlite3.connect(hall.journal.path, isolation_level=None)  # a database browser holding the journal
        other.execute("PRAGMA locking_mode=EXCLUSIVE")
        other.execute("BEGIN EXCLUSIVE")
        other.execute("INSERT INTO meta (key, value) VALUES ('held', 'by another program')")
        answers = []
        table = hall.state.draw.tables[0]
        seat = hall.seat_code_of(table, table.seats[0].seat)
        httpx2.get(f"http://127.0.0.1:{port}/api/state", timeout=30)  # this version's journal view read before the lock
        sending = threading.Thread(target=lambda: answers.append(phone.post(
            f"/t/{code}", data={"csrf": csrf, "seat_code": seat, "VP 1": "90", "VP 2": "80", "VP 3": "70", "VP 4": "60"},
            timeout=30)))
        begun = time.monotonic()
        try:
            sending.start()
            time.sleep(0.2)
            for path in ("/api/state", "/", "/projector", "/api/state", "/"):  # they answer while the report waits
                asked = time.monotonic()
                assert httpx2.get(f"http://127.0.0.1:{port}{path}", timeout=30).status_code == 200
                assert time.monotonic() - asked < 1
            sending.join(30)
        finally:
            other.execute("ROLLBACK")
            other.close()
        (answer,) = answers
        assert answer.status_code == 503 and "hall.reports.sqlite is locked by another program" in answer.text
        assert time.monotonic() - begun < 6  # the busy timeout (2 s), not 10


def test_the_server_asks_for_open_files_enough_for_a_hall():
    resource = pytest.importorskip("resource", reason="Windows has no limit of open files to raise")

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))  # macOS's first limit
        assert more_open_files(4096) == min(4096, hard) == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_request_body_that_stops_half_way_prints_nothing_in_the_organisers_window(hall, event):
    """Issue 38 item 2: a POST whose body stops half-way (the phone left the hall's Wi-Fi, or someone means harm)
    printed a traceback per request (ClientDisconnect through guard.read_form), without any code or key."""
    port = free_port()
    server = started(event, port)
    code = hall.code_of(hall.state.draw.tables[0])
    try:
        for path in ("/checkin", "/director", f"/t/{code}", f"/t/{code}/confirm", "/director/clock"):
            for _ in range(3):
                phone = socket.create_connection(("127.0.0.1", port), timeout=5)
                phone.sendall(f"POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded"
                              f"\r\nContent-Length: 400\r\n\r\ncsrf=abc&player=".encode())
                phone.close()
        for garbage in (b"GARBAGE\r\n\r\n", b"POST /checkin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n",
                        b"POST /checkin HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nabcde"):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as phone:  # answered 400 by uvicorn itself
                phone.sendall(garbage)
                assert phone.recv(1024).startswith(b"HTTP/1.1 400")
        assert httpx2.get(f"http://127.0.0.1:{port}/api/state", timeout=10).status_code == 200  # it answers on
    finally:
        server.send_signal(signal.SIGINT)
        output = server.communicate(timeout=30)[0]
    assert "Traceback" not in output and "ClientDisconnect" not in output and "Exception" not in output, output
    assert "WARNING" not in output and "Invalid HTTP request" not in output, output
    assert "stopped (Ctrl-C)" in output


def test_a_journal_locked_by_another_program_never_makes_a_page_wait_at_a_new_version(hall):
    """Issue 38 item 5: the journal's part of the state is read once per version, and each page waiting for that read
    waited out the busy timeout: 20 phones after a save under a database browser's lock, the slowest 2.9 s."""
    from concurrent.futures import ThreadPoolExecutor

    from tourneybook.reports.journal import BUSY_TIMEOUT

    with serving(create_app(hall)) as port:
        url = f"http://127.0.0.1:{port}/api/state"
        httpx2.get(url, timeout=30)
        other = sqlite3.connect(hall.journal.path, isolation_level=None)  # a database browser holding the journal
        other.execute("PRAGMA locking_mode=EXCLUSIVE")
        other.execute("BEGIN EXCLUSIVE")
        other.execute("INSERT INTO meta (key, value) VALUES ('held', 'by another program')")
        try:
            assert hall.reload()  # the organiser saves: a new version, whose journal view cannot be read

            phones = [httpx2.Client(timeout=30) for _ in range(20)]  # made before: a client's making is not the page's wait

            def ask(phone) -> tuple[float, int]:
                asked = time.monotonic()
                answer = phone.get(url)
                return time.monotonic() - asked, answer.json()["version"]

            with ThreadPoolExecutor(20) as asking:
                answers = list(asking.map(ask, phones))
            for phone in phones:
                phone.close()
            slowest = max(seconds for seconds, _ in answers)
            assert slowest < BUSY_TIMEOUT / 2, f"the slowest page waited {slowest:.1f} s"
            version = answers[0][1]
        finally:
            other.execute("ROLLBACK")
            other.close()
        # the journal free again: a new version comes by itself, so the pages read the journal's states again
        assert httpx2.get(f"{url}?since={version}&wait=20", timeout=30).json()["version"] > version
