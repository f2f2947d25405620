"""The Starlette app of ``tourneybook live``: the pages, /api/state, the reports and the director's actions.

Why Starlette and uvicorn: a small, maintained ASGI toolkit with a test client
(every refusal is tested without a network), plain routes and responses, and
Jinja2 templates natively (:mod:`.pages`) with nothing else imposed (no ORM, no
static-file folder: the scripts and style sheet are a table of known files,
:mod:`.static_files`, so no request path can reach the file system); uvicorn
serves it from pure-Python wheels on Windows, macOS and Linux.

Routes: ``/`` (phone), ``/projector``, ``/api/state`` and ``/api/player`` (read-only, public), ``/static/{name}``,
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
from collections.abc import Mapping, Sequence

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from .checkin_page import checkin_routes
from .director import director_routes
from .draw import DrawnTable, seated_of
from .guard import Attempts, BodyLimit, TooLarge, client_of, csrf_token, device_of, dropped, same_site_form, too_large, with_cookies
from .hall import Hall
from .journal import DISPUTED, TO_IMPORT, JournalError, Report
from .params import REPORT_NUMBERS, SHOWN, BadParameter, TableCode, Text, WholeNumber, parameter
from .pages import CSRF, message_page, phone_page, projector_page, render
from .report_form import posted_values, report_parts
from .reporting import Checked, check_report, result_in_workbook
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
        state = self.hall.state  # not hall.api(): that reads the journal, and pages render on the event loop
        return str(state.data.get("title", "TourneyBook")) if state else self.hall.workbook.stem

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
        body, gzipped = await run_in_threadpool(self.hall.api_json, since, accepts)  # a new version reads the journal
        headers = {**HEADERS, "X-Now": f"{time.time():.3f}", "Vary": "Accept-Encoding"}
        if gzipped:
            headers["Content-Encoding"] = "gzip"
        return Response(body, media_type="application/json", headers=headers)

    async def api_player(self, request: Request) -> Response:
        """/api/player?player=NAME: one player's tables with their report states, for the phone showing that
        player's card; /api/state carries no player's rounds (a thousand players' are 750 KB every page would poll)."""
        name = parameter(request.query_params, "player", Text("The player's name"))
        if not name:
            raise BadParameter("The player's name: give the name of a player of this event.")
        body = await run_in_threadpool(self.hall.player_json, name)  # a new version reads the journal
        if body is None:
            return JSONResponse({"problem": f"No player of this event is called {name[:SHOWN]!r}."}, status_code=404,
                                headers=HEADERS)
        return Response(body, media_type="application/json", headers=HEADERS)

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
                  status: int = 200, seat_code: str = "") -> Response:
        """The table's report form; a report waiting for its confirmation shows the confirm page instead, except
        to the phone that sent it (it may correct it)."""
        state = self.hall.state
        draw = state.draw_of(table)
        code = self.hall.code_of(table)
        note = ""
        try:
            waiting = self.hall.journal.waiting(table.round, table.table)
            disputed = self.hall.journal.latest(table.round, table.table)
        except JournalError:
            waiting = disputed = None
            note = "The reports journal cannot be read just now: if sending fails, hand in the paper form."
        if waiting is not None and waiting.device != device_of(request) and checked is None:
            return self.confirm_page(request, table, waiting)
        if waiting is None and disputed is not None and disputed.status in TO_IMPORT and checked is None:
            return self.summary_page(request, table, disputed.values, "This table's result is confirmed: the director "
                                     "imports it into the workbook. If it is wrong, tell the director.")
        if waiting is not None:
            values = values or dict(waiting.values)
            note = "Your report is stored and waits for a player of another seat to confirm it on their phone."
        elif disputed is not None and disputed.status == DISPUTED:
            note = ("The last report of this table was disputed: the director settles it. If you send a new one, the "
                    "director sees it too.")
        parts = report_parts(draw, table, values, checked.at if checked else {})
        body = render("report.html", title=self.title(), heading=self.heading(table), seats=table.seats, parts=parts,
                      action=f"/t/{code}", problems=list(checked.problems if checked else ()), note=note,
                      points=(), why=(), seat_code=seat_code, seat_problem=seat_problem_of(checked))
        return self.html(request, body, status)

    def confirm_page(self, request: Request, table: DrawnTable, waiting: Report, problems: Sequence[str] = (),
                     status: int = 200, version: Checked | None = None, form: Mapping[str, str] | None = None) -> Response:
        """A report waiting for a second player: the result as the paper form shows it with every seat's points,
        and two answers, each with the player's seat code: confirm, or dispute (a reason, and their own version
        if they like)."""
        state = self.hall.state
        draw = state.draw_of(table)
        scored = check_report(state.snapshot, draw, table, waiting.values)
        reporter = next((f"{s.seat} ({s.player})" for s in table.seats if s.seat == waiting.seat), "a player of the table")
        own = dict(form or waiting.values)
        body = render("confirm.html", title=self.title(), heading=self.heading(table), seats=table.seats,
                      action=f"/t/{self.hall.code_of(table)}", report=waiting.id, reporter=reporter,
                      parts=report_parts(draw, table, waiting.values), points=scored.points, why=scored.parts,
                      problems=list(problems), mine=report_parts(draw, table, own, version.at if version else {}),
                      reason=str((form or {}).get("reason", "")), open_version=bool(version and version.problems),
                      disputing=request.url.path.endswith("/dispute"))
        return self.html(request, body, status)

    async def open_code(self, request: Request) -> Response:
        return RedirectResponse(f"/t/{parameter(request.query_params, 'code', TableCode())}", status_code=303)

    def heading(self, table: DrawnTable) -> str:
        draw = self.hall.state.draw_of(table)
        return (stage_name(draw, table) if table.round == STAGES_ROUND
                else f"Round {table.round}, {draw.table_word.lower()} {table.table}")

    def result_in(self, request: Request, table: DrawnTable, status: int = 200) -> Response | None:
        """The page of a table whose result the workbook has already (typed, or imported): the result with
        its points, and "tell the director if it is wrong"; None while the table is still to be reported."""
        state = self.hall.state
        draw = state.draw_of(table)
        values = result_in_workbook(state.snapshot, draw, table)
        if not values:
            return None
        return self.summary_page(request, table, values, "This table's result is in the workbook already. If it is "
                                 "wrong, tell the director.", status)

    def summary_page(self, request: Request, table: DrawnTable, values: Mapping[str, str], sentence: str,
                     status: int = 200) -> Response:
        """A table's result as the paper form shows it, with its points, and what the player can do about it."""
        state = self.hall.state
        draw = state.draw_of(table)
        checked = check_report(state.snapshot, draw, table, values)
        body = render("result_in.html", title=self.title(), heading=self.heading(table), seats=table.seats,
                      parts=report_parts(draw, table, values), points=checked.points, why=checked.parts, sentence=sentence)
        return self.html(request, body, status)

    async def report(self, request: Request) -> Response:
        table, refusal = self.refused(request, request.path_params["code"])
        if refusal is not None or table is None:
            return refusal
        # reading and scoring a report is CPU work of some milliseconds to a second (a large event): in a worker
        # thread, so the event loop goes on answering every other phone meanwhile
        typed = await run_in_threadpool(self.result_in, request, table, 200 if request.method == "GET" else 409)
        if typed is not None:
            return typed
        if request.method == "GET":
            return await run_in_threadpool(self.form_page, request, table, {})  # it reads the journal
        form, refusal = await same_site_form(request, self.html)
        if refusal is not None:
            return refusal
        draw = self.hall.state.draw_of(table)
        values = posted_values(draw, table, form)
        checked = await run_in_threadpool(check_report, self.hall.state.snapshot, draw, table, values)  # recalc's reading
        seat, wrong = self.seat_from(request, table, form)
        if wrong:
            checked = Checked((f"{SEAT_LABEL}: {wrong}", *checked.problems), (), {**checked.at, SEAT_FIELD: (wrong,)})
        if not checked.ok:
            return await run_in_threadpool(self.form_page, request, table, values, checked, 422,
                                           str(form.get(SEAT_FIELD, ""))[:12])
        # a journal that cannot store it (damaged, locked): journal_failed answers, as for every page
        await run_in_threadpool(self.hall.journal.add, table.round, table.table, values, device_of(request),
                                seated_of(table), seat, client_of(request))
        body = render("stored.html", heading="Stored", status_class="ok", points=checked.points, why=checked.parts,
                      message="Your result is stored. A player of another seat confirms it on their phone (the same "
                              "table code, and the code beside their own name), or the director does.")
        return self.html(request, body)

    def seat_from(self, request: Request, table: DrawnTable, form: Mapping[str, str]) -> tuple[str, str]:
        """(the seat whose code the form carries, '') or ('', why not): a wrong code counts as a wrong try."""
        typed = str(form.get(SEAT_FIELD, "")).strip()
        if not typed:
            return "", "type the code printed beside your name on the form"
        seat = self.hall.seat_of(table, typed)
        if seat is None:
            self.attempts.wrong(client_of(request))
            return "", f'"{typed[:12]}" is not the code of a seat of this table: type the code beside your own name'
        return seat, ""

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
        checked = await run_in_threadpool(check_report, self.hall.state.snapshot, draw, table, posted_values(draw, table, form))
        return JSONResponse(preview_json(checked), headers=HEADERS)

    async def answer(self, request: Request) -> tuple[DrawnTable | None, Report | None, Mapping[str, str], str, Response | None]:
        """What confirm and dispute share: the table, its waiting report (the one the page showed), the form, and
        the seat whose code the form carries, which must be another seat than the report's; or the refusal."""
        table, refusal = self.refused(request, request.path_params["code"])
        if refusal is not None or table is None:
            return None, None, {}, "", refusal
        form, refusal = await same_site_form(request, self.html)
        if refusal is not None:
            return None, None, {}, "", refusal
        waiting = await run_in_threadpool(self.hall.journal.waiting, table.round, table.table)
        if waiting is None or waiting.id != parameter(form, "report", WholeNumber("The report's number", REPORT_NUMBERS)):
            return None, None, {}, "", self.html(request, message_page(
                "Nothing to confirm", "This report was corrected, confirmed or disputed meanwhile: open the table's "
                "page again.", "bad"), 409)
        if waiting.device == device_of(request):
            return None, None, {}, "", self.html(request, message_page(
                "Not confirmed", "A player of another seat answers the report, on their own phone (or the director "
                "does).", "bad"), 409)
        seat, wrong = self.seat_from(request, table, form)
        if not wrong and seat == waiting.seat:
            wrong = "this is the code of the seat that sent the report: a player of another seat answers it"
        if wrong:
            return table, waiting, form, "", await run_in_threadpool(
                self.confirm_page, request, table, waiting, (f"{SEAT_LABEL}: {wrong}",), 422,
                form=form if form.get("own") else None)
        return table, waiting, form, seat, None

    async def confirm(self, request: Request) -> Response:
        table, waiting, form, seat, refusal = await self.answer(request)
        if refusal is not None or waiting is None:
            return refusal
        done = await run_in_threadpool(self.hall.journal.confirm, waiting.id, device_of(request), seat, client_of(request))
        if done is None:
            return self.html(request, message_page("Nothing to confirm", "This report was answered meanwhile: open the "
                                                   "table's page again.", "bad"), 409)
        return self.html(request, message_page("Confirmed", "Thank you: the result is confirmed; the director imports it "
                                                       "into the workbook.", "ok"))

    async def dispute(self, request: Request) -> Response:
        """POST /t/{code}/dispute: a player of another seat finds the report wrong: a short reason, and their own
        version if they give one (checked as a report is); both go to the director."""
        table, waiting, form, seat, refusal = await self.answer(request)
        if refusal is not None or waiting is None or table is None:
            return refusal
        reason = " ".join(str(form.get("reason", "")).split())[:MAX_REASON]
        values = None
        if form.get("own"):
            draw = self.hall.state.draw_of(table)
            values = posted_values(draw, table, form)
            version = await run_in_threadpool(check_report, self.hall.state.snapshot, draw, table, values)
            if not version.ok:
                return await run_in_threadpool(self.confirm_page, request, table, waiting,
                                               tuple("Your version: " + p for p in version.problems), 422, version, form)
        if not reason:
            return await run_in_threadpool(self.confirm_page, request, table, waiting,
                                           ("Why: say in a few words what is wrong",), 422,
                                           form=form if values is not None else None)
        done = await run_in_threadpool(self.hall.journal.dispute, waiting.id, seat, reason, values, device_of(request))
        if done is None:
            return self.html(request, message_page("Nothing to dispute", "This report was answered meanwhile: open the "
                                                   "table's page again.", "bad"), 409)
        return self.html(request, message_page("Disputed", "The director has the report and your answer"
                                               + (" with your version" if values else "") + ", and settles it. Tell "
                                               "the director if it is urgent.", "ok"))

    async def bad_parameter(self, request: Request, exc: Exception) -> Response:
        """A parameter no page of ours sends (:mod:`.params`): 400 and the sentence, as JSON for /api/state."""
        if request.url.path.startswith("/api/"):
            return JSONResponse({"problem": str(exc)}, status_code=400, headers=HEADERS)
        return self.html(request, message_page("Not understood", str(exc), "bad"), 400)

    async def journal_failed(self, request: Request, exc: Exception) -> Response:
        """Any page whose journal read or write failed (a report, a confirmation, a dispute, the director's
        answers): a sentence, never a trace; the paper form is the way that always works."""
        return self.html(request, message_page("Not stored", f"This could not be stored just now ({exc}): please "
                                               "hand in the paper form and tell the director.", "bad"), 503)


SEAT_FIELD, SEAT_LABEL = "seat_code", "Your seat code"
"""The form field of the code printed beside a player's name, and how the page names it."""
MAX_REASON = 200
"""Characters kept of a dispute's reason: a sentence for the director."""


def seat_problem_of(checked: Checked | None) -> str:
    return "; ".join(checked.at.get(SEAT_FIELD, ())) if checked else ""


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
        Route("/api/player", pages.api_player),
        Route("/static/{name}", static_file),
        Route("/t", pages.open_code),
        Route("/t/{code}", pages.report, methods=["GET", "POST"]),
        Route("/t/{code}/confirm", pages.confirm, methods=["POST"]),
        Route("/t/{code}/preview", pages.preview, methods=["POST"]),
        Route("/t/{code}/dispute", pages.dispute, methods=["POST"]),
        *director_routes(hall, pages.attempts, pages.html, pages.title),
        *checkin_routes(hall, pages.html, pages.title),
    ]
    app = Starlette(routes=routes, exception_handlers={TooLarge: too_large, JournalError: pages.journal_failed,
                                                           BadParameter: pages.bad_parameter, ClientDisconnect: dropped})
    return BodyLimit(app)


__all__ = ["HallPages", "create_app"]
