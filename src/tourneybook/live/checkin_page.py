"""The phone's check-in page: ``/checkin?player=NAME`` asks "I play round N" or "I skip round N" while the
director has check-in open; the answer (a POST with the CSRF token) waits in the journal for the import
(:mod:`.checkin`).

Anyone may answer for any name, as anyone may tell the desk at a roll call: the
director's page lists every answer with the time, and the import types only the
Players cells ``absent``/``present`` would.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .guard import device_of, same_site_form
from .hall import Hall
from .journal import PLAY
from .pages import message_page, render


def checkin_routes(hall: Hall, html, title) -> list[Route]:
    """GET and POST /checkin."""

    async def checkin(request: Request) -> Response:
        if request.method == "POST":
            form, refusal = await same_site_form(request, html)
            if refusal is not None:
                return refusal
            player, answer = str(form.get("player", "")), str(form.get("answer", ""))
            why = hall.checkin.answer(player, answer, device_of(request), list(hall.api().get("names", [])))
            if why:
                return html(request, message_page("Not stored", why, "bad"), 409)
            number = hall.checkin.open_round()
            said = f"You play round {number}." if answer == PLAY else f"You skip round {number}: you are not drawn for it."
            return html(request, message_page("Checked in", f"{player}: {said} Tell the director if this changes.", "ok"))
        state = hall.checkin.state()
        player = request.query_params.get("player", "")[:200]
        return html(request, render("checkin.html", title=title(), player=player, round=state.round, open=state.open,
                                    answer=state.answers.get(player, ""), names=hall.api().get("names", [])))

    return [Route("/checkin", checkin, methods=["GET", "POST"])]


__all__ = ["checkin_routes"]
