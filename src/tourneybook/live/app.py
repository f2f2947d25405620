"""The Starlette app of ``tourneybook live``: the pages, /api/state, the reports and the director's actions.

Why Starlette and uvicorn: a small, maintained ASGI toolkit with a test client
(every refusal is tested without a network), plain routes and responses, and
Jinja2 templates natively (:mod:`.pages`) with nothing else imposed (no ORM, no
static-file folder: the scripts and style sheet are a table of known files,
:mod:`.static_files`, so no request path can reach the file system); uvicorn
serves it from pure-Python wheels on Windows, macOS and Linux.

Routes: ``/`` (phone), ``/projector``, ``/api/state`` (read-only, public), ``/static/{name}``,
``/t/{code}`` (a table's report: needs its code), ``/director`` (needs the key
printed at start). Every state-changing form is a POST with a CSRF token
(:mod:`.guard`); wrong codes and keys are rate-limited per address.
"""

from __future__ import annotations

import time

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from .codes import normalised
from .checkin_page import checkin_routes
from .director import director_routes
from .draw import DrawnTable, seated_of
from .guard import Attempts, BodyLimit, TooLarge, client_of, csrf_token, device_of, same_site_form, too_large, with_cookies
from .hall import Hall
from .journal import JournalError
from .pages import CSRF, message_page, phone_page, projector_page, render
from .report_form import posted_values, report_parts
from .reporting import Checked, check_report
from .stages import STAGES_ROUND, stage_name
from .static_files import static_file

HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
                                      "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"}
"""Nothing may be loaded from elsewhere, no other site may frame the pages, and nothing inline runs: the only
scripts and styles are this package's files (:mod:`.static_files`), so a name that slipped through as markup
still could not run a script."""
LONGEST_WAIT = 25
"""Seconds a long poll of /api/state may wait for a new version: below the idle timeouts of phones' networks."""


class HallPages:
    """The request handlers of one hall: its pages, its state and its reports."""

    def __init__(self, hall: Hall):
        self.hall = hall
        self.attempts = Attempts()

    def html(self, request: Request, body: str, status: int = 200) -> Response:
        token, device = csrf_token(request), device_of(request)
        response = HTMLResponse(body.replace(CSRF, token), status_code=status, headers=HEADERS)
        return with_cookies(response, token, device)

    def title(self) -> str:
        return str(self.hall.api().get("title", "TourneyBook"))

    async def phone(self, request: Request) -> Response:
        return self.html(request, phone_page(self.title()))

    async def projector(self, request: Request) -> Response:
        return self.html(request, projector_page(self.title()))

    async def api_state(self, request: Request) -> Response:
        accepts = "gzip" in request.headers.get("accept-encoding", "")
        since = request.query_params.get("since", "")
        wait = request.query_params.get("wait", "")
        if since and wait.isdigit():  # a long poll: answer when a new version is there (or after the wait)
            await self.hall.next_version(since, min(int(wait), LONGEST_WAIT))
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

    def form_page(self, request: Request, table: DrawnTable, values: dict[str, str], checked: Checked | None = None,
                  status: int = 200) -> Response:
        state = self.hall.state
        draw = state.draw_of(table)
        code = self.hall.code_of(table)
        note, confirm = "", 0
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
                confirm = waiting.id
        parts = report_parts(draw, table, values, checked.at if checked else {})
        heading = (stage_name(draw, table) if table.round == STAGES_ROUND
                   else f"Round {table.round}, {draw.table_word.lower()} {table.table}")
        body = render("report.html", title=self.title(), heading=heading, seats=table.seats, parts=parts,
                      action=f"/t/{code}", problems=list(checked.problems if checked else ()), note=note, confirm=confirm,
                      points=(), why=())
        return self.html(request, body, status)

    async def open_code(self, request: Request) -> Response:
        return RedirectResponse(f"/t/{normalised(request.query_params.get('code', ''))[:12]}", status_code=303)

    async def report(self, request: Request) -> Response:
        table, refusal = self.refused(request, request.path_params["code"])
        if refusal is not None or table is None:
            return refusal
        if request.method == "GET":
            return self.form_page(request, table, {})
        form, refusal = await same_site_form(request, self.html)
        if refusal is not None:
            return refusal
        draw = self.hall.state.draw_of(table)
        values = posted_values(draw, table, form)
        checked = check_report(self.hall.state.snapshot, draw, table, values)
        if not checked.ok:
            return self.form_page(request, table, values, checked, 422)
        try:
            self.hall.journal.add(table.round, table.table, values, device_of(request), seated_of(table))
        except JournalError as exc:
            return self.html(request, message_page("Not stored", f"The result could not be stored ({exc}): please hand in "
                                              "the paper form and tell the director.", "bad"), 503)
        body = render("stored.html", heading="Stored", status_class="ok", points=checked.points, why=checked.parts,
                      message="Your result is stored. A second player of the table confirms it on their phone "
                              "(the same code), or the director does.")
        return self.html(request, body)

    async def preview(self, request: Request) -> Response:
        """POST /t/{code}/preview: the report as typed so far, checked and scored as if sent, stored nowhere: the
        page shows each seat's points (and what makes them) before the player sends, or what is still wrong."""
        table, refusal = self.refused(request, request.path_params["code"])
        if refusal is not None or table is None:
            return refusal
        form, refusal = await same_site_form(request, self.html)
        if refusal is not None:
            return refusal
        draw = self.hall.state.draw_of(table)
        checked = check_report(self.hall.state.snapshot, draw, table, posted_values(draw, table, form))
        return JSONResponse(preview_json(checked), headers=HEADERS)

    async def confirm(self, request: Request) -> Response:
        table, refusal = self.refused(request, request.path_params["code"])
        if refusal is not None or table is None:
            return refusal
        form, refusal = await same_site_form(request, self.html)
        if refusal is not None:
            return refusal
        waiting = self.hall.journal.waiting(table.round, table.table)
        if waiting is None or str(waiting.id) != str(form.get("report", "")):
            return self.html(request, message_page("Nothing to confirm", "This report was corrected or confirmed meanwhile: "
                                              "open the table's page again.", "bad"), 409)
        if waiting.device == device_of(request):
            return self.html(request, message_page("Not confirmed", "A second player of the table confirms the result, on "
                                              "their own phone (or the director does).", "bad"), 409)
        try:
            self.hall.journal.confirm(waiting.id, device_of(request))
        except JournalError as exc:
            return self.html(request, message_page("Not stored", f"The confirmation could not be stored ({exc}): tell the "
                                              "director.", "bad"), 503)
        return self.html(request, message_page("Confirmed", "Thank you: the result is confirmed; the director imports it "
                                                       "into the workbook.", "ok"))


    async def journal_failed(self, request: Request, exc: Exception) -> Response:
        """Any page whose journal read or write failed: a sentence, never a trace."""
        return self.html(request, message_page("Not stored", f"{exc}: please hand in the paper form and tell the "
                                               "director.", "bad"), 503)


def preview_json(checked: Checked) -> dict:
    """What the report page's script shows: each seat's points and their parts, or the problems by field."""
    parts = checked.parts or ("",) * len(checked.points)
    return {"points": [{"seat": seat, "player": player, "points": points, "parts": [p for p in why.split("; ") if p]}
                       for (seat, player, points), why in zip(checked.points, parts)],
            "problems": list(checked.problems), "at": {k: list(v) for k, v in checked.at.items()}}


def create_app(hall: Hall) -> BodyLimit:
    """The app serving ``hall``; wrapped in the body size limit."""
    pages = HallPages(hall)
    routes = [
        Route("/", pages.phone),
        Route("/projector", pages.projector),
        Route("/api/state", pages.api_state),
        Route("/static/{name}", static_file),
        Route("/t", pages.open_code),
        Route("/t/{code}", pages.report, methods=["GET", "POST"]),
        Route("/t/{code}/confirm", pages.confirm, methods=["POST"]),
        Route("/t/{code}/preview", pages.preview, methods=["POST"]),
        *director_routes(hall, pages.attempts, pages.html, pages.title),
        *checkin_routes(hall, pages.html, pages.title),
    ]
    app = Starlette(routes=routes, exception_handlers={TooLarge: too_large, JournalError: pages.journal_failed})
    return BodyLimit(app)


__all__ = ["HallPages", "create_app"]
