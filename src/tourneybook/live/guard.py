"""Who may do what: the body size limit, wrong-code rate limits and protection against cross-site forms.

- Every request body is cut at :data:`MAX_BODY` bytes (a report is a few hundred):
  :class:`BodyLimit` answers 413 before the app reads more, whether the length is
  announced or streamed.
- Wrong table codes and director keys count per client address: after
  :data:`ATTEMPTS` wrong ones in :data:`WINDOW` seconds that address gets 429 until
  the window has passed (:class:`Attempts`).
- A request whose body stops half-way (the phone left the Wi-Fi, the server closed a
  connection too slow to send it, or someone means harm) is dropped in silence
  (:func:`dropped`): nobody is left to answer, and the organiser's window shows nothing.
- A form that changes something carries a token that only our own page can know
  (double-submit: the same random value in a SameSite=Strict cookie and a hidden
  field), and a browser's Origin header, when sent, must be our own address.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from urllib.parse import parse_qsl

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from ..i18n import N_
from .language import phone_words

MAX_BODY = 16 * 1024
ATTEMPTS, WINDOW = 5, 60.0
CSRF_COOKIE, CSRF_FIELD = "tb_csrf", "csrf"
DEVICE_COOKIE = "tb_device"
"""A random id per phone: the confirmation of a report must come from another phone."""


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413 and is never read whole."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await too_large_answer(scope, self.app)(scope, receive, send)
            return
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise TooLarge
            return message

        await self.app(scope, limited, send)


class Refused(Exception):
    """A request refused: the app's handler answers ``status`` with a page of ``title`` and the sentence ``why``
    (:func:`.pages.refusal`), whichever route found it (a wrong code, a cross-site form, no director key)."""

    def __init__(self, title: str, why: str, status: int):
        super().__init__(why)
        self.title, self.why, self.status = title, why, status


class TooLarge(Exception):
    """A streamed body passed the limit: answered 413 by :func:`too_large` (the app's exception handler)."""


TOO_LARGE = N_("The report is too large.")


async def too_large(request: Request, exc: Exception) -> PlainTextResponse:
    return plain_answer(request.scope, request.app, TOO_LARGE, 413)


def too_large_answer(scope, app) -> PlainTextResponse:
    return plain_answer(scope, app, TOO_LARGE, 413)


def plain_answer(scope, app, sentence: str, status: int, headers: dict[str, str] | None = None) -> PlainTextResponse:
    """``sentence`` as plain text in the phone's language (:func:`.language.phone_words`: its switch, else its
    Accept-Language, else the event's), for a middleware's answer before the hall's pages see the request. ``app``
    is the hall's application or a middleware around it (its ``app``)."""
    while not hasattr(app, "state") and hasattr(app, "app"):
        app = app.app
    words = phone_words(Request({**scope, "app": app}))
    return PlainTextResponse(words._(sentence), status_code=status, headers=headers)


class Attempts:
    """Wrong codes per client address within a sliding window."""

    def __init__(self, limit: int = ATTEMPTS, window: float = WINDOW):
        self.limit, self.window = limit, window
        self._wrong: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def blocked(self, client: str) -> bool:
        with self._lock:
            times = self._recent(client)
            return len(times) >= self.limit

    def wrong(self, client: str) -> None:
        with self._lock:
            self._recent(client).append(time.monotonic())

    def _recent(self, client: str) -> deque[float]:
        times = self._wrong.setdefault(client, deque())
        while times and times[0] < time.monotonic() - self.window:
            times.popleft()
        return times


async def dropped(request: Request, exc: Exception) -> Response:
    """A client gone before its request was whole (:class:`ClientDisconnect` while the body is read): an empty 400 that
    nobody receives, instead of a traceback in the organiser's window."""
    return Response(status_code=400)


async def read_form(request: Request) -> dict[str, str]:
    """A posted form (application/x-www-form-urlencoded, all our pages send), parsed by the standard library.

    The body is already cut at :data:`MAX_BODY`; a field given twice keeps its first value. A body that stops
    half-way raises :class:`ClientDisconnect`, answered by :func:`dropped`.
    """
    body = await request.body()
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=500)
    except (UnicodeDecodeError, ValueError):
        return {}
    form: dict[str, str] = {}
    for key, value in pairs:
        form.setdefault(key, value)
    return form


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def csrf_token(request: Request) -> str:
    """The page's token: the cookie's when the browser has one, else a new one (set by :func:`with_cookies`)."""
    return request.cookies.get(CSRF_COOKIE) or secrets.token_urlsafe(16)


def device_of(request: Request) -> str:
    return request.cookies.get(DEVICE_COOKIE) or secrets.token_urlsafe(12)


def with_cookies(response, token: str, device: str):
    """Set the CSRF and device cookies: HttpOnly, and SameSite=Strict so no other site's form sends them."""
    response.set_cookie(CSRF_COOKIE, token, httponly=True, samesite="strict")
    response.set_cookie(DEVICE_COOKIE, device, httponly=True, samesite="strict", max_age=7 * 24 * 3600)
    return response


def cross_site(request: Request, form) -> str:
    """Why a state-changing form is refused as a cross-site request; '' when it is our own page's."""
    origin = request.headers.get("origin")
    if origin is not None and origin != "null":
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        if origin != own:
            return N_("This form came from another site and was refused.")
    cookie = request.cookies.get(CSRF_COOKIE, "")
    field = str(form.get(CSRF_FIELD, ""))
    if not cookie or not secrets.compare_digest(cookie.encode(), field.encode()):
        return N_("This form has expired or came from elsewhere: open the page again and send it from there.")
    return ""


async def same_site_form(request: Request) -> dict[str, str]:
    """The posted form; :class:`Refused` (403, the page saying why: :func:`cross_site`) when it is not our own page's."""
    form = await read_form(request)
    why = cross_site(request, form)
    if why:
        raise Refused(N_("Refused"), why, 403)
    return form


__all__ = ["Attempts", "BodyLimit", "Refused", "TooLarge", "too_large", "CSRF_FIELD", "client_of", "cross_site", "csrf_token",
           "device_of", "dropped", "read_form", "same_site_form", "with_cookies"]
