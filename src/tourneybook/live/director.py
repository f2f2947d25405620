"""The director's page: the round clock, the reports and their confirmation, behind the key printed at start."""

from __future__ import annotations

import datetime as dt

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from .guard import client_of, same_site_form
from .hall import Hall
from .importing import named
from .journal import CONFIRMED, WAITING, JournalError
from .pages import message_page, render

COOKIE = "tb_director"


def director_routes(hall: Hall, attempts, html, title) -> list[Route]:
    """/director (the key, then the page), /director/clock and /director/confirm: every change a POST with CSRF."""

    def allowed(request: Request) -> bool:
        return hall.is_director(request.cookies.get(COOKIE, ""))

    def login(request: Request, status: int = 200, why: str = "") -> Response:
        return html(request, render("director_login.html", title=title(), why=why), status)

    async def director(request: Request) -> Response:
        if request.method == "POST":
            client = client_of(request)
            if attempts.blocked(client):
                return html(request, message_page("Too many tries", "Too many wrong keys: wait a minute.", "bad"), 429)
            form, refusal = await same_site_form(request, html)
            if refusal is not None:
                return refusal
            key = str(form.get("key", ""))
            if not hall.is_director(key):
                attempts.wrong(client)
                return login(request, 403, "This is not the director key.")
            response = RedirectResponse("/director", status_code=303)
            response.set_cookie(COOKIE, key.strip(), httponly=True, samesite="strict")
            return response
        if not allowed(request):
            return login(request)
        return html(request, render("director.html", title=title(), **dashboard(hall)))

    async def guarded(request: Request):
        """The form of a director action, or the refusal (no key: 403; a cross-site form: 403)."""
        if not allowed(request):
            return None, html(request, message_page("Director only", "This needs the director key.", "bad"), 403)
        return await same_site_form(request, html)

    async def clock(request: Request) -> Response:
        form, refusal = await guarded(request)
        if refusal is not None:
            return refusal
        text = str(form.get("minutes", "")).strip()
        if not text.isdigit() or int(text) > 24 * 60:
            return html(request, message_page("Clock", f'"{text}" is not a number of minutes (0 stops the clock).', "bad"), 422)
        hall.set_clock(int(text))
        return RedirectResponse("/director", status_code=303)

    async def confirm(request: Request) -> Response:
        form, refusal = await guarded(request)
        if refusal is not None:
            return refusal
        number = str(form.get("report", ""))
        try:
            done = hall.journal.confirm(int(number), "director") if number.isdigit() else None
        except JournalError as exc:
            return html(request, message_page("Not stored", str(exc), "bad"), 503)
        if done is None:
            return html(request, message_page("Nothing to confirm", f"Report {number} is not waiting any more.", "bad"), 409)
        return RedirectResponse("/director", status_code=303)

    return [Route("/director", director, methods=["GET", "POST"]), Route("/director/clock", clock, methods=["POST"]),
            Route("/director/confirm", confirm, methods=["POST"])]


def dashboard(hall: Hall) -> dict:
    """The director page's data: every report not replaced, newest first (a waiting one gets its confirm button),
    and how many problems the saved workbook has."""
    reports = [
        {"id": r.id, "when": dt.datetime.fromtimestamp(r.created).strftime("%H:%M"), "name": named(r), "status": r.status,
         "typed": "; ".join(f"{k.replace('|', ' ')} {v}" for k, v in r.values.items() if v.strip()),
         "waiting": r.status == WAITING}
        for r in reversed(hall.journal.reports()) if r.status in (WAITING, CONFIRMED)
    ]
    problems = hall.api().get("problems")
    return {"reports": reports, "problems": problems["count"] if problems else 0}


__all__ = ["director_routes"]
