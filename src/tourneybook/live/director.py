"""The director's page, behind the key printed at start: the round clock, every report to settle, check-in.

Every change is a POST with the CSRF token (:mod:`.guard`): ``/director/clock``
(start, pause, resume, extend, reset), ``/director/report`` (confirm, reject,
accept as reported, accept a disputer's version, correct in place, take the phones' version over the workbook's),
``/director/checkin`` (open for a round, close, mark a player who has not answered absent). What the page
shows is :func:`.settling.dashboard`.
"""

from __future__ import annotations

import time

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..reports.journal import CLASH, SKIP, JournalError, Report
from ..reports.reporting import check_report
from ..reports.sheet import DrawnTable
from .clock import LONGEST
from .guard import Refused, client_of, same_site_form
from .hall import Hall
from .pages import message, page
from .params import BadParameter, Text, WholeNumber, parameter
from .settling import checkin_desk, dashboard

COOKIE = "tb_director"


def allowed(request: Request) -> bool:
    """The cookie holds the director key. A wrong one counts as a wrong try of the address, as on the login
    form: guessing keys through the cookie is rate-limited too (:func:`not_too_many`)."""
    key = request.cookies.get(COOKIE, "")
    if not key:
        return False
    if request.app.state.hall.is_director(key):
        return True
    request.app.state.attempts.wrong(client_of(request))
    return False


def not_too_many(request: Request) -> None:
    """The refusal (429) of an address that sent too many wrong keys or codes within a minute, on every path."""
    if request.app.state.attempts.blocked(client_of(request)):
        raise Refused("Too many tries", "Too many wrong keys: wait a minute.", 429)


def login(request: Request, status: int = 200, why: str = "") -> Response:
    return page(request, "director_login.html", status, why=why)


async def director(request: Request) -> Response:
    """GET /director: the page (or the key's form); POST: the key, kept in a cookie."""
    not_too_many(request)
    hall = request.app.state.hall
    if request.method == "POST":
        client = client_of(request)
        form = await same_site_form(request)
        key = parameter(form, "key", Text("The director key"), "")
        if not hall.is_director(key):
            request.app.state.attempts.wrong(client)
            return login(request, 403, "This is not the director key.")
        response = RedirectResponse("/director", status_code=303)
        response.set_cookie(COOKIE, key.strip(), httponly=True, samesite="strict")
        return response
    if not allowed(request):
        return login(request)
    return page(request, "director.html", **await run_in_threadpool(dashboard, hall))  # it reads the journal


async def guarded(request: Request) -> dict[str, str]:
    """The form of a director action, or :class:`Refused` (too many wrong keys: 429; no key: 403; a cross-site
    form: 403)."""
    not_too_many(request)
    if not allowed(request):
        raise Refused("Director only", "This needs the director key.", 403)
    return await same_site_form(request)


async def acted(request: Request, do) -> Response:
    """One director action: ``do(hall, form, path)`` answers None when done (back to the page), or (title, why,
    status) when refused."""
    form = await guarded(request)
    try:
        why = await run_in_threadpool(do, request.app.state.hall, form, request.url.path)  # the journal, off the loop
    except JournalError as exc:
        why = ("Not stored", str(exc), 503)
    if why is not None:
        return message(request, why[0], why[1], "bad", why[2])
    return RedirectResponse("/director", status_code=303)


async def clock(request: Request) -> Response:
    return await acted(request, clock_action)


async def report(request: Request) -> Response:
    return await acted(request, report_action)


async def checkin(request: Request) -> Response:
    return await acted(request, checkin_action)


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
    won = hall.state.data.get("winner") if hall.state is not None else None
    if won and action == "start" and str(form.get("minutes", "")).strip() not in ("", "0"):
        return ("Clock", f"The event is decided ({won['title'].lower()}: {won['player']}): no round clock runs after the "
                "final's result.", 409)
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


SETTLING = ("confirm", "reject", "accept", "theirs", "correct", "over")
"""The director's decisions on a report: confirm it (waiting), reject it (with a reason the table reads), accept it
as reported, accept a disputing seat's version, accept it corrected field by field, or (a clash) take the phones'
version over the workbook's typed result."""


def report_action(hall: Hall, form, path: str) -> Refusal:
    """Settle one report in one step (:data:`SETTLING`); /director/confirm is the older address of confirm."""
    action = "confirm" if path.endswith("/confirm") else str(form.get("action", ""))
    number = whole(form, "report", 1, 10**9)
    if action not in SETTLING or number is None:
        return "Report", "Choose a report and confirm, reject or accept it.", 400 if number is None else 422
    report = hall.journal.get(number)
    if action == "confirm":
        done = hall.journal.confirm(number, "director")
    elif action == "reject":
        done = hall.journal.reject(number, str(form.get("reason", "")).strip()[:200])
    elif action == "accept":
        done = hall.journal.accept(number)
    elif report is None:
        done = None
    elif action == "theirs":
        dispute = next((d for d in hall.journal.disputes(number) if str(d.id) == str(form.get("dispute", ""))), None)
        if dispute is None or dispute.values is None:
            return "Report", "This dispute has no version of its own: accept the report, correct it or reject it.", 422
        done = hall.journal.decide(number, dispute.values, {"version": "disputer", "seat": dispute.seat})
    elif action == "over":
        if report.status != CLASH:
            return "Report", "Only a report that clashes with the workbook is taken over the workbook's result.", 422
        done = hall.journal.decide(number, report.values, {"version": "reported", "seat": report.seat}, over=True)
    else:
        return corrected(hall, report, form)
    if done is None:
        return ("Nothing changed", f"Report {number} cannot be {action}ed in the state it is in now: open the director's "
                "page again.", 409)
    return None


FIELD_PREFIX = "v:"
"""Before a field's key in the director's correcting form ('v:VP 2')."""


def corrected(hall: Hall, report: Report, form) -> Refusal:
    """The report with the fields the director corrected in place, checked as recalc reads it, stored as the table's
    result to import (over the workbook's typed result when it clashed with it)."""
    state = hall.state
    sheet = state.draw_of(DrawnTable(report.round, report.table, ())) if state is not None else None
    table = sheet.table(report.round, report.table) if sheet is not None else None
    if table is None:
        return "Report", "The draw has no such table any more: type the result in the workbook.", 409
    keys = {f.key for f in sheet.fields(table)}
    values = {**report.values, **{k[len(FIELD_PREFIX):]: str(v).strip()[:200] for k, v in form.items()
                                  if k.startswith(FIELD_PREFIX) and k[len(FIELD_PREFIX):] in keys}}
    checked = check_report(state.snapshot, sheet, table, values)
    if not checked.ok:
        return "Not corrected", "; ".join(checked.problems), 422
    done = hall.journal.decide(report.id, values, {"version": "corrected", "seat": report.seat},
                               over=report.status == CLASH or report.over)
    if done is None:
        return ("Nothing changed", f"Report {report.id} cannot be corrected in the state it is in now: open the "
                "director's page again.", 409)
    return None


def checkin_action(hall: Hall, form, path: str) -> Refusal:
    """Open check-in for a round (players answer on their phones), or close it."""
    if str(form.get("action", "")) == "close":
        hall.checkin.close()
        return None
    if str(form.get("action", "")) == "absent":  # a no-show the director saw: as if they answered "I skip"
        desk = hall.checkin.state()
        player = str(form.get("player", ""))
        if not desk.open or player not in unanswered_now(hall):
            return "Check-in", "Only a player who has not answered the open check-in can be marked absent here.", 409
        hall.journal.check_in(desk.round, player, SKIP, "director")
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


def unanswered_now(hall: Hall) -> list[str]:
    return checkin_desk(hall, {})["missing"]


routes = [Route("/director", director, methods=["GET", "POST"]),
          Route("/director/clock", clock, methods=["POST"]),
          Route("/director/confirm", report, methods=["POST"]),
          Route("/director/report", report, methods=["POST"]),
          Route("/director/checkin", checkin, methods=["POST"])]
"""The director's page and actions: every change a POST with the CSRF token, behind the key."""

__all__ = ["COOKIE", "routes"]
