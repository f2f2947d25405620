"""The phone's check-in page: ``/checkin?player=NAME`` asks "I play round N" or "I skip round N" while the
director has check-in open; the answer (a POST with the CSRF token) waits in the journal for the import
(:mod:`.checkin`).

Anyone may answer for any name, as anyone may tell the desk at a roll call: the
director's page lists every answer with its time and the phone it came from (one
phone answering for many shows there), one phone answers for at most
:data:`.checkin.PER_PHONE` players a round, a round already drawn takes no answer,
and the import types only the Players cells ``absent``/``present`` would. A phone
sees only the answer it gave itself.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response
from starlette.routing import Route

from .guard import client_of, device_of, same_site_form
from .hall import Hall
from .journal import PLAY
from .params import Text, parameter
from .pages import message_page, render


def checkin_routes(hall: Hall, html, title) -> list[Route]:
    """GET and POST /checkin."""

    def drawn() -> frozenset[int]:
        state = hall.state
        return frozenset(t.round for t in state.draw.tables) if state is not None else frozenset()

    def answered(player: str, answer: str, device: str, address: str) -> tuple[str, int]:
        """Why the answer is refused ('' when stored), and the round open: the journal, in a worker thread."""
        names = list(hall.api().get("names", []))
        return hall.checkin.answer(player, answer, device, names, address, drawn()), hall.checkin.open_round()

    def asked(player: str, device: str) -> tuple:
        return hall.checkin.state(), hall.api().get("names", []), hall.checkin.answered_by(player, device)

    async def checkin(request: Request) -> Response:
        if request.method == "POST":
            form, refusal = await same_site_form(request, html)
            if refusal is not None:
                return refusal
            player = parameter(form, "player", Text("The player's name"), "")
            answer = parameter(form, "answer", Text("The answer", 20), "")
            why, number = await run_in_threadpool(answered, player, answer, device_of(request), client_of(request))
            if why:
                return html(request, message_page("Not stored", why, "bad"), 409)
            said = f"You play round {number}." if answer == PLAY else f"You skip round {number}: you are not drawn for it."
            return html(request, message_page("Checked in", f"{player}: {said} Tell the director if this changes.", "ok"))
        player = parameter(request.query_params, "player", Text("The player's name"), "")
        state, names, given = await run_in_threadpool(asked, player, device_of(request))  # the journal, off the loop
        return html(request, render("checkin.html", title=title(), player=player, round=state.round,
                                    open=state.open and state.round not in drawn(), answer=given, names=names))

    return [Route("/checkin", checkin, methods=["GET", "POST"])]


__all__ = ["checkin_routes"]
