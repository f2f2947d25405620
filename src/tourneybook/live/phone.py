"""The players' page on their phones: ``/`` (find one's name: table, rounds, place) and ``/api/player`` (one
player's tables with their report states, asked by that page's script)."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .pages import HEADERS, asked_words, game_page, phone_words
from .params import SHOWN, BadParameter, Text, parameter


async def phone(request: Request) -> Response:
    return game_page(request, "phone.html", phone_words(request))


async def api_player(request: Request) -> Response:
    """/api/player?player=NAME&lang=es: one player's tables with their report states, for the phone showing that
    player's card (in its language); /api/state carries no player's rounds (a thousand players' are 750 KB every page would poll)."""
    name = parameter(request.query_params, "player", Text("The player's name"))
    if not name:
        raise BadParameter("The player's name: give the name of a player of this event.")
    body = await run_in_threadpool(request.app.state.hall.player_json, name, asked_words(request))  # a new version reads the journal
    if body is None:
        return JSONResponse({"problem": f"No player of this event is called {name[:SHOWN]!r}."}, status_code=404,
                            headers=HEADERS)
    return Response(body, media_type="application/json", headers=HEADERS)


routes = [Route("/", phone), Route("/api/player", api_player)]

__all__ = ["routes"]
