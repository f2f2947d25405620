"""The director's page, behind the key printed at start: the round clock, every report to settle, check-in.

Every change is a POST with the CSRF token (:mod:`.guard`): ``/director/clock``
(start, pause, resume, extend, reset), ``/director/report`` (confirm, reject,
accept for import), ``/director/checkin`` (open for a round, close). What the page
shows is :func:`.settling.dashboard`.
"""

from __future__ import annotations

import time

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from .guard import client_of, same_site_form
from .hall import Hall
from .clock import LONGEST
from .journal import JournalError
from .pages import message_page, render
from .settling import dashboard
from .params import BadParameter, Text, WholeNumber, parameter

COOKIE = "tb_director"


def director_routes(hall: Hall, attempts, html, title) -> list[Route]:
    """/director (the key, then the page) and its actions (clock, report, checkin): every change a POST with CSRF."""

    def allowed(request: Request) -> bool:
        """The cookie holds the director key. A wrong one counts as a wrong try of the address, as on the login
        form: guessing keys through the cookie is rate-limited too (:func:`too_many`)."""
        key = request.cookies.get(COOKIE, "")
        if not key:
            return False
        if hall.is_director(key):
            return True
        attempts.wrong(client_of(request))
        return False

    def too_many(request: Request) -> Response | None:
        """The refusal (429) of an address that sent too many wrong keys or codes within a minute, on every path."""
        if attempts.blocked(client_of(request)):
            return html(request, message_page("Too many tries", "Too many wrong keys: wait a minute.", "bad"), 429)
        return None

    def login(request: Request, status: int = 200, why: str = "") -> Response:
        return html(request, render("director_login.html", title=title(), why=why), status)

    async def director(request: Request) -> Response:
        blocked = too_many(request)
        if blocked is not None:
            return blocked
        if request.method == "POST":
            client = client_of(request)
            form, refusal = await same_site_form(request, html)
            if refusal is not None:
                return refusal
            key = parameter(form, "key", Text("The director key"), "")
            if not hall.is_director(key):
                attempts.wrong(client)
                return login(request, 403, "This is not the director key.")
            response = RedirectResponse("/director", status_code=303)
            response.set_cookie(COOKIE, key.strip(), httponly=True, samesite="strict")
            return response
        if not allowed(request):
            return login(request)
        return html(request, render("director.html", title=title(), **await run_in_threadpool(dashboard, hall)))  # journal

    async def guarded(request: Request):
        """The form of a director action, or the refusal (too many wrong keys: 429; no key: 403; a cross-site form: 403)."""
        blocked = too_many(request)
        if blocked is not None:
            return None, blocked
        if not allowed(request):
            return None, html(request, message_page("Director only", "This needs the director key.", "bad"), 403)
        return await same_site_form(request, html)

    def acting(do):
        """The route of one director action: ``do(hall, form, path)`` answers None when done (back to the page),
        or (title, why, status) when refused."""

        async def handler(request: Request) -> Response:
            form, refusal = await guarded(request)
            if refusal is not None:
                return refusal
            try:
                why = await run_in_threadpool(do, hall, form, request.url.path)  # the journal, off the loop
            except JournalError as exc:
                why = ("Not stored", str(exc), 503)
            if why is not None:
                return html(request, message_page(why[0], why[1], "bad"), why[2])
            return RedirectResponse("/director", status_code=303)

        return handler

    return [Route("/director", director, methods=["GET", "POST"]),
            Route("/director/clock", acting(clock_action), methods=["POST"]),
            Route("/director/confirm", acting(report_action), methods=["POST"]),
            Route("/director/report", acting(report_action), methods=["POST"]),
            Route("/director/checkin", acting(checkin_action), methods=["POST"])]


Refusal = tuple[str, str, int] | None
"""What a director action answers: None when done, else (the page's title, why, the HTTP status)."""


def whole(form, key: str, low: int, high: int) -> int | None:
    """The form's whole number ``key`` from ``low`` to ``high`` (read by :func:`.params.parameter`, as every request
    parameter is); None for anything else: the action answers 400 with its sentence."""
    try:
        return parameter(form, key, WholeNumber(key, high, low))
    except BadParameter:
        return None


CLOCK_ACTIONS = {
    "pause": lambda clock, now: clock.paused(now),
    "resume": lambda clock, now: clock.resumed(now),
    "reset": lambda clock, now: clock.reset(),
}


def clock_action(hall: Hall, form, path: str) -> Refusal:
    """Start (minutes; 0 stops it), pause, resume, extend (minutes more) or reset the round clock."""
    action = str(form.get("action", "start"))
    now, current = time.time(), hall.clock
    if action in ("start", "extend"):
        least = 0 if action == "start" else 1
        minutes = whole(form, "minutes", least, LONGEST)
        if minutes is None:
            return ("Clock", f'"{str(form.get("minutes", ""))[:20]}" is not a number of minutes from {least} to {LONGEST}'
                    + (" (0 stops the clock)." if action == "start" else "."), 400)
        if action == "start":
            hall.set_clock(minutes)
        elif minutes > current.room(now):
            return "Clock", too_long(current, now), 400
        else:
            hall.clock_to(current.extended(minutes, now))
    elif action in CLOCK_ACTIONS:
        hall.clock_to(CLOCK_ACTIONS[action](current, now))
    else:
        return "Clock", "Choose start, pause, resume, extend or reset.", 422
    return None


def too_long(clock, now: float) -> str:
    """Why an extension is refused: the clock never shows more than a day (:data:`.clock.LONGEST`)."""
    room = clock.room(now)
    return (f"The round clock shows at most {LONGEST} minutes (a day); it has {int(clock.left(now) // 60)} left, so it "
            + (f"can be extended by at most {room} minute{'s' if room != 1 else ''}." if room else "cannot be extended."))


def report_action(hall: Hall, form, path: str) -> Refusal:
    """Confirm, reject (with a reason) or accept for import one report; /director/confirm is the older address
    of confirm."""
    action = "confirm" if path.endswith("/confirm") else str(form.get("action", ""))
    number = whole(form, "report", 1, 10**9)
    if action not in ("confirm", "reject", "accept") or number is None:
        return "Report", "Choose a report and confirm, reject or accept it.", 400 if number is None else 422
    if action == "confirm":
        done = hall.journal.confirm(number, "director")
    elif action == "reject":
        done = hall.journal.reject(number, str(form.get("reason", "")).strip()[:200])
    else:
        done = hall.journal.accept(number)
    if done is None:
        return ("Nothing changed", f"Report {number} cannot be {action}ed in the state it is in now: open the director's "
                "page again.", 409)
    return None


def checkin_action(hall: Hall, form, path: str) -> Refusal:
    """Open check-in for a round (players answer on their phones), or close it."""
    if str(form.get("action", "")) == "close":
        hall.checkin.close()
        return None
    number = whole(form, "round", 1, 999)
    if number is None:
        return "Check-in", f'"{str(form.get("round", ""))[:20]}" is not a round number.', 400
    state = hall.state
    if state is not None and any(t.round == number for t in state.draw.tables):
        return "Check-in", (f"Round {number} is drawn already: check-in asks who plays a round before its draw (open it "
                            f"for round {state.draw.current_round + 1}; a change to round {number} is typed with "
                            "'tourneybook absent' and a new draw)."), 409
    hall.checkin.open(number)
    return None


__all__ = ["director_routes"]
