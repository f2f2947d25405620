"""The phone's check-in page: ``/checkin?player=NAME`` asks "I play round N" or "I skip round N" while the
director has check-in open; the answer (a POST with the CSRF token) waits in the journal for the import
(:mod:`tourneybook.reports.checkin`).

Anyone may answer for any name, as anyone may tell the desk at a roll call: the
director's page lists every answer with its time and the phone it came from (one
phone answering for many shows there), one phone answers for at most
:data:`tourneybook.reports.checkin.PER_PHONE` players a round, a round already drawn takes no answer,
and the import types only the Players cells ``absent``/``present`` would. A phone
sees only the answer it gave itself.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..i18n import Words
from ..reports.journal import PLAY
from .guard import client_of, device_of, same_site_form
from .hall import Hall
from .pages import message, page, phone_words
from .params import Text, parameter


def drawn(hall: Hall) -> frozenset[int]:
    state = hall.state
    return frozenset(t.round for t in state.draw.tables) if state is not None else frozenset()


def answered(hall: Hall, player: str, answer: str, device: str, address: str, words: Words) -> tuple[str, int]:
    """Why the answer is refused ('' when stored, else in ``words``' language), and the round open: the journal, in a
    worker thread."""
    names = list(hall.api().get("names", []))
    return hall.checkin.answer(player, answer, device, names, address, drawn(hall), words), hall.checkin.open_round()


def asked(hall: Hall, player: str, device: str) -> tuple:
    return hall.checkin.state(), hall.api().get("names", []), hall.checkin.answered_by(player, device)


async def checkin(request: Request) -> Response:
    """GET /checkin?player=NAME: the question of the open round; POST: the player's answer."""
    hall, words = request.app.state.hall, phone_words(request)
    _ = words._
    if request.method == "POST":
        form = await same_site_form(request)
        player = parameter(form, "player", Text("The player's name"), "")
        answer = parameter(form, "answer", Text("The answer", 20), "")
        why, number = await run_in_threadpool(answered, hall, player, answer, device_of(request),
                                              client_of(request), words)  # off the loop
        if why:
            return message(request, _("Not stored"), why, "bad", 409)
        said = (_("{player}: you play round {round}. Tell the director if this changes.") if answer == PLAY else
                _("{player}: you skip round {round}: you are not drawn for it. Tell the director if this changes."))
        return message(request, _("Checked in"), said.format(player=player, round=number), "ok")
    player = parameter(request.query_params, "player", Text("The player's name"), "")
    state, names, given = await run_in_threadpool(asked, hall, player, device_of(request))  # the journal, off the loop
    return page(request, "checkin.html", player=player, round=state.round, open=state.open and state.round not in drawn(hall),
                answer=given, names=names)


routes = [Route("/checkin", checkin, methods=["GET", "POST"])]

__all__ = ["routes"]
