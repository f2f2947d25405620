"""The hall's sockets, with real uvicorn on 127.0.0.1: a restart on the same port after a kill, idle and slow
connections closed, and a journal locked by another program holding up one request, not the hall."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time

import httpx2

from tourneybook.cli import main

from test_command import free_port


def started(event, port: int) -> subprocess.Popen:
    """``tourneybook live`` on ``port``, once it answers (or its output when it stops instead)."""
    server = subprocess.Popen([sys.executable, "-m", "tourneybook.cli", "live", str(event), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
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
