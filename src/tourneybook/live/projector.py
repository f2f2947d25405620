"""The projector's page and the state every page follows: ``/projector`` and ``/api/state`` (the phones, the
projector and the director's page long-poll it for the next version of the hall)."""

from __future__ import annotations

import time

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .pages import HEADERS, asked_words, event_words, game_page
from .params import Text, WholeNumber, parameter
from .static_files import static_file

LONGEST_WAIT = 25
"""Seconds a long poll of /api/state may wait for a new version: below the idle timeouts of phones' networks."""


async def projector(request: Request) -> Response:
    """The projector: in the event's language (Settings, 'Language'), as the published page and the paper."""
    return game_page(request, "projector.html", event_words(request))


async def api_state(request: Request) -> Response:
    """/api/state: the hall's state as JSON (gzipped when the browser takes it); with ``since`` and ``wait``, answered
    when a version newer than ``since`` is there, or after ``wait`` seconds; its words in the language ``lang`` asks
    for (the page's: English by default)."""
    hall = request.app.state.hall
    accepts = "gzip" in request.headers.get("accept-encoding", "")
    since = parameter(request.query_params, "since", Text("since (the version a page has)", 20), "")
    wait = parameter(request.query_params, "wait", WholeNumber("wait (seconds)", LONGEST_WAIT), 0)
    if since and wait:  # a long poll: answer when a new version is there (or after the wait)
        await hall.next_version(since, wait)
    body, gzipped = await run_in_threadpool(hall.api_json, since, accepts, asked_words(request))  # a new version reads the journal
    headers = {**HEADERS, "X-Now": f"{time.time():.3f}", "Vary": "Accept-Encoding"}
    if gzipped:
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)


routes = [Route("/projector", projector), Route("/api/state", api_state), Route("/static/{name}", static_file)]

__all__ = ["LONGEST_WAIT", "routes"]
