"""A table's report on the players' phones: ``/t/{code}`` (the form, or the result it has), its preview and the
answers of another seat (confirm, dispute).

The table's code opens it (wrong codes are rate-limited per address); the code
printed beside a player's name says which seat sends or answers a report. Reading
and scoring a report is CPU work of milliseconds to a second (a large event), and
the journal (SQLite) may wait for a lock: both run in worker threads
(``run_in_threadpool``), so the event loop goes on answering every other phone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..i18n import N_, Words
from ..reports.journal import ACCEPTED, CLASH, DISPUTED, REJECTED, TO_IMPORT, JournalError, Report
from ..reports.reporting import Checked, check_report, result_in_workbook
from ..reports.sheet import KEY_JOIN, DrawnTable, ReportSheet, seated_of
from .guard import Refused, client_of, device_of, same_site_form
from .hall import Hall
from .pages import HEADERS, message, page, phone_words
from .params import REPORT_NUMBERS, TableCode, WholeNumber, parameter
from .report_form import posted_values, report_parts
from .report_words import checked_words, field_label, heading, named, seats_words

SEAT_FIELD, SEAT_LABEL = "seat_code", N_("Your seat code")
"""The form field of the code printed beside a player's name, and how the page names it."""
NO_JOURNAL = N_("The reports journal cannot be read just now: if sending fails, hand in the paper form.")
CONFIRMED = N_("This table's result is confirmed: the director imports it into the workbook. If it is wrong, tell the "
               "director.")
IN_WORKBOOK = N_("This table's result is in the workbook already. If it is wrong, tell the director.")
WAITING = N_("Your report is stored and waits for a player of another seat to confirm it on their phone, or on this "
             "one with their own seat code.")
DISPUTED_NOTE = N_("The last report of this table was disputed: the director settles it. If you send a new one, the "
                   "director sees it too.")
STORED = N_("Your result is stored. A player of another seat confirms it on their phone (the same table code, and the "
            "code beside their own name), or on this one, or the director does.")
NO_SEAT = N_("type the code printed beside your name on the form")
WRONG_SEAT = N_('"{code}" is not the code of a seat of this table: type the code beside your own name')
OWN_SEAT = N_("this is the code of the seat that sent the report: a player of another seat answers it")
ANSWERED = N_("This report was answered meanwhile: open the table's page again.")
"""What the report pages say (each in the phone's language)."""
MAX_REASON = 200
"""Characters kept of a dispute's reason: a sentence for the director."""


def hall_of(request: Request) -> Hall:
    return request.app.state.hall


def table_of(request: Request) -> DrawnTable:
    """The table of the path's code; :class:`Refused` when rate-limited, reporting is off, or the code is wrong."""
    hall, attempts, client = hall_of(request), request.app.state.attempts, client_of(request)
    if attempts.blocked(client):
        raise Refused(N_("Too many tries"), N_("Too many wrong codes from this phone: wait a minute, then type the code "
                                               "printed on your table's form."), 429)
    if not hall.reporting:
        raise Refused(N_("Reporting is off"), N_("Reporting results from phones is off for this event: hand in the paper "
                                                 "form."), 403)
    table = hall.table_of(request.path_params["code"])
    if table is None:
        attempts.wrong(client)
        raise Refused(N_("Unknown code"), N_("No table of this event has this code: check the code printed on your "
                                             "table's form."), 404)
    return table


def heading_of(hall: Hall, table: DrawnTable, words: Words) -> str:
    return heading(hall.state.draw_of(table), table, words)


def form_page(request: Request, table: DrawnTable, values: dict[str, str], checked: Checked | None = None,
              status: int = 200, seat_code: str = "") -> Response:
    """The table's report form; a report waiting for its confirmation shows the confirm page instead, except
    to the phone that sent it (it may correct it, or open the confirm page with ?answer: a phone the table shares)."""
    hall, words = hall_of(request), phone_words(request)
    draw = hall.state.draw_of(table)
    note = ""
    try:
        waiting = hall.journal.waiting(table.round, table.table)
        disputed = hall.journal.latest(table.round, table.table)
    except JournalError:
        waiting = disputed = None
        note = words._(NO_JOURNAL)
    answering = "answer" in request.query_params
    if waiting is not None and (waiting.device != device_of(request) or answering) and checked is None:
        return confirm_page(request, table, waiting)
    if waiting is None and disputed is not None and disputed.status in TO_IMPORT and checked is None:
        return summary_page(request, table, disputed.values, words._(CONFIRMED), outcome=outcome_of(disputed, draw, words))
    rejected, answer_here = None, ""
    if waiting is not None:
        values = values or dict(waiting.values)
        note = words._(WAITING)
        answer_here = f"/t/{hall.code_of(table)}?answer"
    elif disputed is not None and disputed.status == DISPUTED:
        note = words._(DISPUTED_NOTE)
    elif disputed is not None and disputed.status == REJECTED:  # the form again, filled with the last version
        rejected = outcome_of(disputed, draw, words)
        values = values or last_version(hall, disputed)
    parts = report_parts(draw, table, values, checked.at if checked else {}, words)
    return page(request, "report.html", status, words, heading=heading_of(hall, table, words),
                seats=seats_words(table, words), parts=parts, action=f"/t/{hall.code_of(table)}",
                problems=list(checked.problems if checked else ()), note=note, points=(), why=(), seat_code=seat_code,
                seat_problem=seat_problem_of(checked), outcome=rejected, answer_here=answer_here)


def outcome_of(report: Report, draw: ReportSheet, words: Words) -> dict | None:
    """How the director settled the table's report, for the table's players (report/outcome.html words it): a
    version chosen or corrected, the reported one accepted, a rejection and why, a clash with the workbook (its
    fields named, and the disputing seat, in ``words``' language; the director's reason as the director wrote it)."""
    if report.status == REJECTED:
        return {"kind": "rejected", "reason": report.detail if isinstance(report.detail, str) else ""}
    if report.status == CLASH:
        rows = [row[:3] for row in report.detail if row[3]] if isinstance(report.detail, list) else []
        return {"kind": "clash", "rows": [(clash_label(draw, row[0], words), *row[1:]) for row in rows]}
    if report.status == ACCEPTED:
        decided = report.detail if isinstance(report.detail, dict) else {"version": "reported"}
        return {"kind": "settled", "version": decided.get("version", "reported"),
                "seat": words._(decided.get("seat", "")), "over": report.over}
    return None


def clash_label(draw: ReportSheet, label: str, words: Words) -> str:
    """A clashing field as the import names it (its label: 'VP 2', 'Austria: Centres'), in ``words``' language."""
    seat, joined, header = label.partition(": ")
    return field_label(draw, f"{seat}{KEY_JOIN}{header}" if draw.blocks and joined else label, words)


def last_version(hall: Hall, report: Report) -> dict[str, str]:
    """The table's last version of a rejected report: the disputing seat's own, when they gave one, else the report's."""
    versions = [d.values for d in hall.journal.disputes(report.id) if d.values is not None]
    return dict(versions[-1] if versions else report.values)


def confirm_page(request: Request, table: DrawnTable, waiting: Report, problems: Sequence[str] = (),
                 status: int = 200, version: Checked | None = None, form: Mapping[str, str] | None = None) -> Response:
    """A report waiting for a second player: the result as the paper form shows it with every seat's points,
    and two answers, each with the player's seat code: confirm, or dispute (a reason, and their own version
    if they like). ``problems`` and ``version`` are said in the phone's language already."""
    hall, words = hall_of(request), phone_words(request)
    state = hall.state
    draw = state.draw_of(table)
    scored = checked_words(check_report(state.snapshot, draw, table, waiting.values), draw, words)
    reporter = next((f"{words._(s.seat)} ({s.player})" for s in table.seats if s.seat == waiting.seat),
                    words._("a player of the table"))
    own = dict(form or waiting.values)
    return page(request, "confirm.html", status, words, heading=heading_of(hall, table, words),
                seats=seats_words(table, words), action=f"/t/{hall.code_of(table)}", report=waiting.id,
                reporter=reporter, parts=report_parts(draw, table, waiting.values, words=words), points=scored.points,
                why=scored.parts, problems=list(problems),
                mine=report_parts(draw, table, own, version.at if version else {}, words),
                reason=str((form or {}).get("reason", "")), open_version=bool(version and version.problems),
                disputing=request.url.path.endswith("/dispute"))


def result_in(request: Request, table: DrawnTable, status: int = 200) -> Response | None:
    """The page of a table whose result the workbook has already (typed, or imported): the result with
    its points, and "tell the director if it is wrong"; None while the table is still to be reported."""
    hall, words = hall_of(request), phone_words(request)
    state = hall.state
    draw = state.draw_of(table)
    values = result_in_workbook(state.snapshot, draw, table)
    if not values:
        return None
    try:
        latest = hall.journal.latest(table.round, table.table)
    except JournalError:
        latest = None
    outcome = outcome_of(latest, draw, words) if latest is not None and latest.status in (CLASH, ACCEPTED) else None
    if outcome is not None and outcome.get("over"):  # the director's version replaces the typed one at the import
        values = dict(latest.values)
    return summary_page(request, table, values, words._(IN_WORKBOOK), status, outcome=outcome)


def summary_page(request: Request, table: DrawnTable, values: Mapping[str, str], sentence: str,
                 status: int = 200, outcome: dict | None = None) -> Response:
    """A table's result as the paper form shows it, with its points, and what the player can do about it; how the
    director settled it (``outcome``), or a clash with the workbook the director settles; in the phone's language."""
    hall, words = hall_of(request), phone_words(request)
    draw = hall.state.draw_of(table)
    checked = checked_words(check_report(hall.state.snapshot, draw, table, values), draw, words)
    return page(request, "result_in.html", status, words, heading=heading_of(hall, table, words),
                seats=seats_words(table, words), parts=report_parts(draw, table, values, words=words),
                points=checked.points, why=checked.parts, sentence=sentence, outcome=outcome)


async def open_code(request: Request) -> Response:
    """GET /t?code=CODE: the phone page's box opens the table's page."""
    return RedirectResponse(f"/t/{parameter(request.query_params, 'code', TableCode())}", status_code=303)


async def report(request: Request) -> Response:
    """GET /t/{code}: the form (or the result the table has); POST: a report, checked as recalc reads it, stored."""
    table = table_of(request)
    hall = hall_of(request)
    typed = await run_in_threadpool(result_in, request, table, 200 if request.method == "GET" else 409)
    if typed is not None:
        return typed
    if request.method == "GET":
        return await run_in_threadpool(form_page, request, table, {})  # it reads the journal
    form = await same_site_form(request)
    draw, words = hall.state.draw_of(table), phone_words(request)
    values = posted_values(draw, table, form)
    checked = await run_in_threadpool(check_report, hall.state.snapshot, draw, table, values)  # recalc's reading
    checked = checked_words(checked, draw, words)
    seat, wrong = seat_from(request, table, form, words)
    if wrong:
        checked = Checked((named(words._(SEAT_LABEL), wrong, words), *checked.problems), checked.points,
                          {**checked.at, SEAT_FIELD: (wrong,)}, checked.parts)
    if not checked.ok:
        return await run_in_threadpool(form_page, request, table, values, checked, 422,
                                       str(form.get(SEAT_FIELD, ""))[:12])
    # a journal that cannot store it (damaged, locked): journal_failed answers, as for every page
    await run_in_threadpool(hall.journal.add, table.round, table.table, values, device_of(request),
                            seated_of(table), seat, client_of(request))
    return page(request, "stored.html", words=words, heading=words._("Stored"), status_class="ok",
                points=checked.points, why=checked.parts, message=words._(STORED),
                answer_here=f"/t/{hall.code_of(table)}?answer")


def seat_from(request: Request, table: DrawnTable, form: Mapping[str, str], words: Words) -> tuple[str, str]:
    """(the seat whose code the form carries, '') or ('', why not, in ``words``' language): a wrong code counts as
    a wrong try."""
    typed = str(form.get(SEAT_FIELD, "")).strip()
    if not typed:
        return "", words._(NO_SEAT)
    seat = hall_of(request).seat_of(table, typed)
    if seat is None:
        request.app.state.attempts.wrong(client_of(request))
        return "", words._(WRONG_SEAT).format(code=typed[:12])
    return seat, ""


async def preview(request: Request) -> Response:
    """POST /t/{code}/preview: the report as typed so far, checked and scored as if sent, stored nowhere: the
    page shows each seat's points (and what makes them) before the player sends, or what is still wrong."""
    table = table_of(request)
    form = await same_site_form(request)
    state = hall_of(request).state
    draw = state.draw_of(table)
    checked = await run_in_threadpool(check_report, state.snapshot, draw, table, posted_values(draw, table, form))
    return JSONResponse(preview_json(checked_words(checked, draw, phone_words(request)), phone_words(request)),
                        headers=HEADERS)


async def answer(request: Request) -> tuple[DrawnTable, Report, Mapping[str, str], str]:
    """What confirm and dispute share: the table, its waiting report (the one the page showed), the form, and
    the seat whose code the form carries, which must be another seat than the report's; or :class:`Refused`. The
    phone may be the reporting one (a table sharing a phone): the seat code proves the seat, and the director's
    page flags such a confirmation (:attr:`Report.confirmed_by_its_phone`)."""
    table = table_of(request)
    form = await same_site_form(request)
    words = phone_words(request)
    waiting = await run_in_threadpool(hall_of(request).journal.waiting, table.round, table.table)
    if waiting is None or waiting.id != parameter(form, "report", WholeNumber("The report's number", REPORT_NUMBERS)):
        raise Refused(N_("Nothing to confirm"), N_("This report was corrected, confirmed or disputed meanwhile: open the "
                                                   "table's page again."), 409)
    seat, wrong = seat_from(request, table, form, words)
    if not wrong and seat == waiting.seat:
        wrong = words._(OWN_SEAT)
    if wrong:
        raise Answered(await run_in_threadpool(confirm_page, request, table, waiting,
                                               (named(words._(SEAT_LABEL), wrong, words),), 422,
                                               form=form if form.get("own") else None))
    return table, waiting, form, seat


class Answered(Exception):
    """An answer refused with the confirm page again, its problem shown at the seat code: the app's handler
    (:func:`answered`) gives that page."""

    def __init__(self, response: Response):
        super().__init__("answered")
        self.response = response


async def answered(request: Request, exc: Exception) -> Response:
    if not isinstance(exc, Answered):
        raise AssertionError(f"bug: answered() handles Answered, not {type(exc).__name__}")
    return exc.response


async def confirm(request: Request) -> Response:
    """POST /t/{code}/confirm: a player of another seat confirms the waiting report with their seat code."""
    table, waiting, form, seat = await answer(request)
    done = await run_in_threadpool(hall_of(request).journal.confirm, waiting.id, device_of(request), seat,
                                   client_of(request))
    words = phone_words(request)
    if done is None:
        return message(request, words._("Nothing to confirm"), words._(ANSWERED), "bad", 409, words)
    return message(request, words._("Confirmed"),
                   words._("Thank you: the result is confirmed; the director imports it into the workbook."), "ok",
                   words=words)


async def dispute(request: Request) -> Response:
    """POST /t/{code}/dispute: a player of another seat finds the report wrong: a short reason, and their own
    version if they give one (checked as a report is); both go to the director."""
    table, waiting, form, seat = await answer(request)
    hall, words = hall_of(request), phone_words(request)
    reason = " ".join(str(form.get("reason", "")).split())[:MAX_REASON]
    values = None
    if form.get("own"):
        draw = hall.state.draw_of(table)
        values = posted_values(draw, table, form)
        version = await run_in_threadpool(check_report, hall.state.snapshot, draw, table, values)
        version = checked_words(version, draw, words)
        if not version.ok:
            return await run_in_threadpool(confirm_page, request, table, waiting,
                                           tuple(words._("Your version: {problem}").format(problem=p)
                                                 for p in version.problems), 422, version, form)
    if not reason:
        return await run_in_threadpool(confirm_page, request, table, waiting,
                                       (words._("Why: say in a few words what is wrong"),), 422,
                                       form=form if values is not None else None)
    done = await run_in_threadpool(hall.journal.dispute, waiting.id, seat, reason, values, device_of(request))
    if done is None:
        return message(request, words._("Nothing to dispute"), words._(ANSWERED), "bad", 409, words)
    said = (N_("The director has the report and your answer with your version, and settles it. Tell the director if it "
               "is urgent.") if values else
            N_("The director has the report and your answer, and settles it. Tell the director if it is urgent."))
    return message(request, words._("Disputed"), words._(said), "ok", words=words)


def seat_problem_of(checked: Checked | None) -> str:
    return "; ".join(checked.at.get(SEAT_FIELD, ())) if checked else ""


def preview_json(checked: Checked, words: Words) -> dict:
    """What the report page's script shows: each seat's points and their parts, or the problems by field, under a
    sentence saying which (in ``words``' language, as ``checked`` is: the script holds no words of its own)."""
    parts = checked.parts or ("",) * len(checked.points)
    count = len(checked.problems)
    said = (words._("Points if this is the result") if checked.points else
            words.ngettext("No points yet: {count} entry needs a look (it is checked again when you send):",
                           "No points yet: {count} entries need a look (they are checked again when you send):",
                           count).format(count=count) if count else "")
    return {"points": [{"seat": seat, "player": player, "points": points, "parts": [p for p in why.split("; ") if p]}
                       for (seat, player, points), why in zip(checked.points, parts)],
            "problems": list(checked.problems), "at": {k: list(v) for k, v in checked.at.items()}, "said": said}


routes = [
    Route("/t", open_code),
    Route("/t/{code}", report, methods=["GET", "POST"]),
    Route("/t/{code}/confirm", confirm, methods=["POST"]),
    Route("/t/{code}/preview", preview, methods=["POST"]),
    Route("/t/{code}/dispute", dispute, methods=["POST"]),
]
"""A table's report, opened by its code."""

__all__ = ["Answered", "MAX_REASON", "SEAT_FIELD", "answered", "preview_json", "routes"]
