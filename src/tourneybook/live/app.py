"""The Starlette app of ``tourneybook live``: the pages, /api/state, the reports and the director's actions.

Why Starlette and uvicorn: a small, maintained ASGI toolkit with a test client
(every refusal is tested without a network), plain routes and responses and
nothing else imposed (no ORM, no template engine, no static-file folder: no
request path can reach the file system, because there is no route to it);
uvicorn serves it from pure-Python wheels on Windows, macOS and Linux.

Routes: ``/`` (phone), ``/projector``, ``/api/state`` (read-only, public),
``/t/{code}`` (a table's report: needs its code), ``/director`` (needs the key
printed at start). Every state-changing form is a POST with a CSRF token
(:mod:`.guard`); wrong codes and keys are rate-limited per address.

The journal (SQLite) is read and written in worker threads
(``run_in_threadpool``), never on the event loop: a journal another program
locks holds up only the request that needs it, for its busy timeout, and every
other page keeps answering. Every request parameter is read by
:func:`.params.parameter` (a bad one: 400 and a sentence).
"""

from __future__ import annotations

import time

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.routing import Route

from .director import director_routes
from .draw import DrawnTable, seated_of
from .guard import Attempts, BodyLimit, TooLarge, client_of, csrf_token, device_of, same_site_form, too_large, with_cookies
from .hall import Hall
from .journal import JournalError
from .params import REPORT_NUMBERS, BadParameter, TableCode, Text, WholeNumber, parameter
from .pages import hidden, message_page, phone_page, points_list, projector_page, report_page
from .reporting import check_report
from .stages import STAGES_ROUND, stage_name

HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                                      "connect-src 'self'; form-action 'self'; frame-ancestors 'none'"}
"""Nothing may be loaded from elsewhere, and no other site may frame the pages."""
LONGEST_WAIT = 25
"""Seconds a long poll of /api/state may wait for a new version: below the idle timeouts of phones' networks."""


class HallPages:
    """The request handlers of one hall: its pages, its state and its reports."""

    def __init__(self, hall: Hall):
        self.hall = hall
        self.attempts = Attempts()

    def html(self, request: Request, body: str, status: int = 200) -> Response:
        token, device = csrf_token(request), device_of(request)
        response = HTMLResponse(body.replace("__CSRF__", token), status_code=status, headers=HEADERS)
        return with_cookies(response, token, device)

    def title(self) -> str:
        return str(self.hall.api().get("title", "TourneyBook"))

    async def phone(self, request: Request) -> Response:
        return self.html(request, phone_page(self.title()))

    async def projector(self, request: Request) -> Response:
        return self.html(request, projector_page(self.title()))

    async def api_state(self, request: Request) -> Response:
        accepts = "gzip" in request.headers.get("accept-encoding", "")
        since = parameter(request.query_params, "since", Text("since (the version a page has)", 20), "")
        wait = parameter(request.query_params, "wait", WholeNumber("wait (seconds)", LONGEST_WAIT), 0)
        if since and wait:  # a long poll: answer when a new version is there (or after the wait)
            await self.hall.next_version(since, wait)
        body, gzipped = self.hall.api_json(since, gzipped=accepts)
        headers = {**HEADERS, "X-Now": f"{time.time():.3f}", "Vary": "Accept-Encoding"}
        if gzipped:
            headers["Content-Encoding"] = "gzip"
        return Response(body, media_type="application/json", headers=headers)

    def refused(self, request: Request, code: str) -> tuple[DrawnTable | None, Response | None]:
        """The table of ``code``, or the refusal: rate-limited, reporting off, or a wrong code."""
        client = client_of(request)
        if self.attempts.blocked(client):
            return None, self.html(request, message_page("Too many tries", "Too many wrong codes from this phone: wait a minute, "
                                                    "then type the code printed on your table's form.", "bad"), 429)
        if not self.hall.reporting:
            return None, self.html(request, message_page("Reporting is off", "Reporting results from phones is off for this "
                                                    "event: hand in the paper form.", "bad"), 403)
        table = self.hall.table_of(code)
        if table is None:
            self.attempts.wrong(client)
            return None, self.html(request, message_page("Unknown code", "No table of this event has this code: check the "
                                                    "code printed on your table's form.", "bad"), 404)
        return table, None

    def form_page(self, request: Request, table: DrawnTable, values: dict[str, str], problems=(), status: int = 200) -> Response:
        state = self.hall.state
        draw = state.draw_of(table)
        code = self.hall.code_of(table)
        note, confirm = "", ""
        try:
            waiting = self.hall.journal.waiting(table.round, table.table)
        except JournalError:
            waiting, note = None, "The reports journal cannot be read just now: if sending fails, hand in the paper form."
        if waiting is not None:
            values = values or dict(waiting.values)
            if waiting.device == device_of(request):
                note = "Your report is stored and waits for a second player of the table to confirm it on their phone."
            else:
                note = "A result was reported for this table (below). If it is right, confirm it; if not, correct and send it."
                confirm = (f'<form method="post" action="/t/{code}/confirm">{hidden("csrf", "__CSRF__")}'
                           f'{hidden("report", str(waiting.id))}<button id="confirm">Confirm this result</button></form>')
        fields = [(f.key, f.label, values.get(f.key, "")) for f in draw.fields(table)]
        heading = (stage_name(draw, table) if table.round == STAGES_ROUND
                   else f"Round {table.round}, {draw.table_word.lower()} {table.table}")
        body = report_page(self.title(), heading, [(s.seat, s.player) for s in table.seats], fields, draw.choices, "__CSRF__",
                           f"/t/{code}", problems=problems, waiting=note, waiting_form=confirm)
        return self.html(request, body, status)

    async def open_code(self, request: Request) -> Response:
        return RedirectResponse(f"/t/{parameter(request.query_params, 'code', TableCode())}", status_code=303)

    async def report(self, request: Request) -> Response:
        table, refusal = self.refused(request, request.path_params["code"])
        if refusal is not None or table is None:
            return refusal
        if request.method == "GET":
            return await run_in_threadpool(self.form_page, request, table, {})  # it reads the journal
        form, refusal = await same_site_form(request, self.html)
        if refusal is not None:
            return refusal
        draw = self.hall.state.draw_of(table)
        values = {f.key: str(form.get(f.key, "")) for f in draw.fields(table)}
        checked = await run_in_threadpool(check_report, self.hall.state.snapshot, draw, table, values)  # recalc's reading
        if not checked.ok:
            return await run_in_threadpool(self.form_page, request, table, values, checked.problems, 422)
        try:
            await run_in_threadpool(self.hall.journal.add, table.round, table.table, values, device_of(request), seated_of(table))
        except JournalError as exc:
            return self.html(request, message_page("Not stored", f"The result could not be stored ({exc}): please hand in "
                                              "the paper form and tell the director.", "bad"), 503)
        body = message_page("Stored", "Your result is stored. A second player of the table confirms it on their phone "
                                      "(the same code), or the director does.", "ok")
        return self.html(request, body.replace("</body>", points_list(checked.points) + "</body>"))

    async def confirm(self, request: Request) -> Response:
        table, refusal = self.refused(request, request.path_params["code"])
        if refusal is not None or table is None:
            return refusal
        form, refusal = await same_site_form(request, self.html)
        if refusal is not None:
            return refusal
        waiting = await run_in_threadpool(self.hall.journal.waiting, table.round, table.table)
        if waiting is None or waiting.id != parameter(form, "report", WholeNumber("The report's number", REPORT_NUMBERS)):
            return self.html(request, message_page("Nothing to confirm", "This report was corrected or confirmed meanwhile: "
                                              "open the table's page again.", "bad"), 409)
        if waiting.device == device_of(request):
            return self.html(request, message_page("Not confirmed", "A second player of the table confirms the result, on "
                                              "their own phone (or the director does).", "bad"), 409)
        try:
            await run_in_threadpool(self.hall.journal.confirm, waiting.id, device_of(request))
        except JournalError as exc:
            return self.html(request, message_page("Not stored", f"The confirmation could not be stored ({exc}): tell the "
                                              "director.", "bad"), 503)
        return self.html(request, message_page("Confirmed", "Thank you: the result is confirmed; the director imports it "
                                                       "into the workbook.", "ok"))


    async def bad_parameter(self, request: Request, exc: Exception) -> Response:
        """A parameter no page of ours sends (:mod:`.params`): 400 and the sentence, as JSON for /api/state."""
        if request.url.path.startswith("/api/"):
            return JSONResponse({"problem": str(exc)}, status_code=400, headers=HEADERS)
        return self.html(request, message_page("Not understood", str(exc), "bad"), 400)

    async def journal_failed(self, request: Request, exc: Exception) -> Response:
        """Any page whose journal read or write failed: a sentence, never a trace."""
        return self.html(request, message_page("Not stored", f"{exc}: please hand in the paper form and tell the "
                                               "director.", "bad"), 503)


def create_app(hall: Hall) -> BodyLimit:
    """The app serving ``hall``; wrapped in the body size limit."""
    pages = HallPages(hall)
    routes = [
        Route("/", pages.phone),
        Route("/projector", pages.projector),
        Route("/api/state", pages.api_state),
        Route("/t", pages.open_code),
        Route("/t/{code}", pages.report, methods=["GET", "POST"]),
        Route("/t/{code}/confirm", pages.confirm, methods=["POST"]),
        *director_routes(hall, pages.attempts, pages.html, pages.title),
    ]
    app = Starlette(routes=routes, exception_handlers={TooLarge: too_large, JournalError: pages.journal_failed,
                                                           BadParameter: pages.bad_parameter})
    return BodyLimit(app)


__all__ = ["HallPages", "create_app"]
