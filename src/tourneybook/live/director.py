"""The director's page: the round clock, the reports and their confirmation, behind the key printed at start."""

from __future__ import annotations

import datetime as dt
from html import escape

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from .guard import client_of, same_site_form
from .hall import Hall
from .importing import named
from .journal import CONFIRMED, WAITING, JournalError
from .params import REPORT_NUMBERS, Text, WholeNumber, parameter
from .pages import PHONE_CSS, hidden, message_page, page

COOKIE = "tb_director"


def director_routes(hall: Hall, attempts, html, title) -> list[Route]:
    """/director (the key, then the page), /director/clock and /director/confirm: every change a POST with CSRF."""

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
        note = f'<p class="bad">{escape(why)}</p>' if why else ""
        body = (f"<h1>Director</h1>{note}<form method=\"post\" action=\"/director\">{hidden('csrf', '__CSRF__')}"
                '<label for="key">Director key (printed when tourneybook live started)</label>'
                '<input id="key" name="key" type="password" autocomplete="off"><button id="enter">Enter</button></form>')
        return html(request, page(title(), body, PHONE_CSS), status)

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
        return html(request, page(title(), await run_in_threadpool(dashboard, hall), PHONE_CSS))  # it reads the journal

    async def guarded(request: Request):
        """The form of a director action, or the refusal (too many wrong keys: 429; no key: 403; a cross-site form: 403)."""
        blocked = too_many(request)
        if blocked is not None:
            return None, blocked
        if not allowed(request):
            return None, html(request, message_page("Director only", "This needs the director key.", "bad"), 403)
        return await same_site_form(request, html)

    async def clock(request: Request) -> Response:
        form, refusal = await guarded(request)
        if refusal is not None:
            return refusal
        hall.set_clock(parameter(form, "minutes", WholeNumber("Minutes of the round clock (0 stops it)", 24 * 60)))
        return RedirectResponse("/director", status_code=303)

    async def confirm(request: Request) -> Response:
        form, refusal = await guarded(request)
        if refusal is not None:
            return refusal
        number = parameter(form, "report", WholeNumber("The report's number", REPORT_NUMBERS))
        try:
            done = await run_in_threadpool(hall.journal.confirm, number, "director")
        except JournalError as exc:
            return html(request, message_page("Not stored", str(exc), "bad"), 503)
        if done is None:
            return html(request, message_page("Nothing to confirm", f"Report {number} is not waiting any more.", "bad"), 409)
        return RedirectResponse("/director", status_code=303)

    return [Route("/director", director, methods=["GET", "POST"]), Route("/director/clock", clock, methods=["POST"]),
            Route("/director/confirm", confirm, methods=["POST"])]


def dashboard(hall: Hall) -> str:
    """The clock form and every report not replaced, newest first, each waiting one with its confirm button."""
    rows = []
    try:
        reports = hall.journal.reports()
    except JournalError as exc:  # damaged or locked: the clock still works, and the director reads why
        reports = []
        rows.append(f'<tr><td class="bad">Reports cannot be read: {escape(str(exc))}.</td></tr>')
    for r in reversed(reports):
        if r.status not in (WAITING, CONFIRMED):
            continue
        when = dt.datetime.fromtimestamp(r.created).strftime("%H:%M")
        values = "; ".join(f"{k.replace('|', ' ')} {v}" for k, v in r.values.items() if v.strip())
        button = (f'<form method="post" action="/director/confirm">{hidden("csrf", "__CSRF__")}{hidden("report", str(r.id))}'
                  f'<button>Confirm</button></form>') if r.status == WAITING else ""
        rows.append(f"<tr><td>{when}</td><td>{escape(named(r))}</td><td>{escape(r.status)}</td><td>{escape(values)}</td>"
                    f"<td>{button}</td></tr>")
    problems = hall.api().get("problems")
    warn = f'<p class="warn">{escape(str(problems["count"]))} problem(s) in the saved workbook.</p>' if problems else ""
    return (f"<h1>Director</h1>{warn}<form method=\"post\" action=\"/director/clock\">{hidden('csrf', '__CSRF__')}"
            '<label for="minutes">Start the round clock now, minutes</label><input id="minutes" name="minutes" size="4">'
            '<button id="start">Start</button></form><h2>Reports</h2><table id="reports">' + "".join(rows) + "</table>"
            "<p>Import the confirmed ones: the button's action \"Import reported results\", or "
            "<code>tourneybook import-reports EVENT.xlsx</code>.</p>")


__all__ = ["director_routes"]
