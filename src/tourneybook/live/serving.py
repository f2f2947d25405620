"""How uvicorn serves the hall: connections that send nothing or trickle are closed, and only requests count.

uvicorn closes a kept-alive connection that stays silent after a response
(``timeout_keep_alive``), but nothing else: a connection that never sends a
request, or sends its headers a byte every few seconds (slowloris), stays open
for ever, and its ``limit_concurrency`` counts open connections, so a few
thousand idle ones make every phone get 503. Here:

- a request must arrive whole (headers and body) within :data:`REQUEST_TIMEOUT`
  of the connection opening or of the previous response, or the connection is
  closed (:class:`HallProtocol`); a request being answered (a page's long poll)
  is not limited by it;
- at most :data:`REQUEST_BYTES` may arrive before the request is whole (uvicorn's
  httptools parser keeps headers of any length; the app refuses a body over 16 KB);
- at most :data:`PER_ADDRESS` connections from one address at once (a browser
  opens six): one machine cannot take every connection of the hall;
- the limit of :data:`OPEN_REQUESTS` counts requests being answered
  (:class:`RequestLimit`, a 503 with a sentence beyond it), never idle connections.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

import uvicorn
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from ..i18n import N_
from .guard import plain_answer

REQUEST_TIMEOUT = 10.0
"""Seconds a request may take to arrive whole: a phone on a weak network sends a report form (at most 16 KB) in far less."""
REQUEST_BYTES = 256 * 1024
"""Bytes a request may send before it is whole: a page's request is a few hundred bytes of headers and a report's form
at most 16 KB (:data:`.guard.MAX_BODY`); only a client that means harm sends more."""
KEEP_ALIVE = 5
"""Seconds a connection may stay silent after a response (uvicorn's ``timeout_keep_alive``); a page asks again at once."""
PER_ADDRESS = 64
"""Connections at once from one address: a browser opens up to six per site; a projector and a few tabs stay well inside."""
OPEN_REQUESTS = 3000
"""Requests answered at once: every open page keeps one waiting for the next state (the long poll of /api/state), so a
hall of 1,000 players with a phone each and a few projectors stays well inside it; beyond it, a 503 with a sentence."""


class HallProtocol(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol (httptools where installed, else h11) with :data:`REQUEST_TIMEOUT` and :data:`PER_ADDRESS`.

    It reads only what both of uvicorn's protocols have: ``cycle`` (the request under way, with ``more_body`` false
    once the request is read whole, and ``response_complete``) and ``on_response_complete``.
    """

    request_timeout = REQUEST_TIMEOUT
    request_bytes = REQUEST_BYTES
    per_address = PER_ADDRESS
    _open: Counter[str] = Counter()
    """Open connections by client address (one event loop serves them all)."""

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._received = 0
        self._address = str((self.client or ("?",))[0])
        HallProtocol._open[self._address] += 1
        if HallProtocol._open[self._address] > self.per_address:
            transport.close()  # connection_lost counts it out again
            return
        self._arm()

    def connection_lost(self, exc) -> None:
        self._disarm()
        HallProtocol._open[self._address] -= 1
        if HallProtocol._open[self._address] <= 0:
            del HallProtocol._open[self._address]
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._deadline is not None:  # the request is not whole yet: count what it sends
            self._received += len(data)
            if self._received > self.request_bytes:
                self._too_slow()
                return
        super().data_received(data)
        cycle = self.cycle
        if cycle is not None and not cycle.more_body and not cycle.response_complete:
            self._disarm()  # the request is in whole: answering it (a long poll: 25 s) is not limited here

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request too must come whole in time; silence is closed sooner (keep-alive)

    def _arm(self) -> None:
        self._disarm()
        self._received = 0
        self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if getattr(self, "_deadline", None) is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        """Too slow or too much before the request is whole: closed (no answer is owed to half a request)."""
        self._disarm()
        if not self.transport.is_closing():
            self.transport.close()


BUSY = N_("The hall's server is busy: try again in a few seconds.")


class RequestLimit:
    """ASGI middleware: at most ``limit`` requests answered at once; beyond it a 503 saying to try again."""

    def __init__(self, app, limit: int = OPEN_REQUESTS):
        self.app, self.limit, self.open = app, limit, 0

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.open >= self.limit:
            busy = plain_answer(scope, self.app, BUSY, 503, headers={"Retry-After": "5", "Cache-Control": "no-store"})
            await busy(scope, receive, send)
            return
        self.open += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open -= 1


OPEN_FILES = 8192
"""Open files (each connection is one) the server asks for: a hall's phones and long polls, with room to spare."""


def more_open_files(wanted: int = OPEN_FILES) -> int:
    """Raise this process's limit of open files towards ``wanted`` (Linux starts programs at 1,024, macOS at 256:
    fewer than a hall of phones holds), within the system's hard limit; the limit now. Windows has no such limit."""
    try:
        import resource
    except ImportError:
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):  # macOS refuses more than its kernel's own maximum: keep what there is
            pass
    return soft


class QuietBadRequests(logging.Filter):
    """uvicorn's "Invalid HTTP request received." is answered 400 already: a request no browser sends (garbage, a
    broken chunked body) is not news for the organiser's window, and a flood of them would bury what is."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Invalid HTTP request received")


def hall_config(app, host: str, port: int, *, open_requests: int = OPEN_REQUESTS, request_timeout: float = REQUEST_TIMEOUT,
                per_address: int = PER_ADDRESS, stop_wait: int = 5, **options) -> uvicorn.Config:
    """uvicorn's configuration for the hall: :class:`HallProtocol`, :class:`RequestLimit`, and no
    ``limit_concurrency`` (it counts idle connections). The limits are arguments for the tests' small numbers."""
    protocol = type("HallProtocol", (HallProtocol,), {"request_timeout": request_timeout, "per_address": per_address})
    config = uvicorn.Config(RequestLimit(app, open_requests), host=host, port=port, http=protocol,
                            limit_concurrency=None, timeout_keep_alive=KEEP_ALIVE, timeout_graceful_shutdown=stop_wait,
                            log_level="warning", **options)
    errors = logging.getLogger("uvicorn.error")  # configured by the Config just made
    if not any(isinstance(f, QuietBadRequests) for f in errors.filters):
        errors.addFilter(QuietBadRequests())
    return config


__all__ = ["HallProtocol", "KEEP_ALIVE", "QuietBadRequests", "OPEN_FILES", "OPEN_REQUESTS", "PER_ADDRESS", "REQUEST_BYTES", "REQUEST_TIMEOUT", "RequestLimit", "hall_config", "more_open_files"]
