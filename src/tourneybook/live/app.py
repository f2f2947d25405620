"""The Starlette app of ``tourneybook live``: the routes of each audience, and the answers every route shares.

Why Starlette and uvicorn: a small, maintained ASGI toolkit with a test client
(every refusal is tested without a network), plain routes and responses, and
Jinja2 templates natively (:mod:`.pages`) with nothing else imposed (no ORM, no
static-file folder: the scripts and style sheet are a table of known files,
:mod:`.static_files`, so no request path can reach the file system); uvicorn
serves it from pure-Python wheels on Windows, macOS and Linux.

The routes, by who uses them: :mod:`.phone` (``/``, ``/api/player``), :mod:`.table`
(``/t/{code}``: a table's report, needs its code), :mod:`.projector` (``/projector``,
``/api/state`` that every page follows, ``/static/{name}``), :mod:`.director`
(``/director``: needs the key printed at start) and :mod:`.checkin_page`
(``/checkin``). The hall and the wrong-code counter are the app's state
(``request.app.state.hall``, ``.attempts``). Every state-changing form is a POST with a
CSRF token (:mod:`.guard`); wrong codes and keys are rate-limited per address. A
refusal (:class:`.guard.Refused`), a bad parameter (:class:`.params.BadParameter`) and a
journal that cannot be used are each answered here, with a page saying why.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from ..i18n import ENGLISH_WORDS, N_
from ..reports.journal import JournalError
from . import checkin_page, director, phone, projector, table
from .guard import Attempts, BodyLimit, Refused, TooLarge, dropped, too_large
from .hall import Hall
from .pages import HEADERS, message, phone_words, refusal
from .params import BadParameter


NOT_STORED = N_("This could not be stored just now: please hand in the paper form and tell the director.")
"""A player's page when the reports journal failed (the journal's own words are the director's)."""


async def bad_parameter(request: Request, exc: Exception) -> Response:
    """A parameter no page of ours sends (:mod:`.params`): 400 and the sentence, as JSON for /api/state."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"problem": str(exc)}, status_code=400, headers=HEADERS)
    words = phone_words(request)
    said = words._(exc.sentence) if isinstance(exc, BadParameter) else str(exc)
    if not isinstance(exc, BadParameter) or said == exc.sentence:  # not a player's sentence: English, whole
        return message(request, "Not understood", str(exc), "bad", 400, words=ENGLISH_WORDS)
    return message(request, words._("Not understood"), said.format(**exc.values), "bad", 400, words=words)


async def journal_failed(request: Request, exc: Exception) -> Response:
    """Any page whose journal read or write failed (a report, a confirmation, a dispute, the director's
    answers): a sentence, never a trace; the paper form is the way that always works. A player's page says it in
    the phone's language, without the journal's own words (the director's terminal and page have them)."""
    words = ENGLISH_WORDS if request.url.path.startswith("/director") else phone_words(request)
    if words is ENGLISH_WORDS:
        return message(request, "Not stored", f"This could not be stored just now ({exc}): please hand in the paper "
                       "form and tell the director.", "bad", 503, words=words)
    return message(request, words._("Not stored"), words._(NOT_STORED), "bad", 503, words=words)



def create_app(hall: Hall) -> BodyLimit:
    """The app serving ``hall``; wrapped in the body size limit."""
    app = Starlette(routes=[*phone.routes, *table.routes, *projector.routes, *director.routes, *checkin_page.routes],
                    exception_handlers={TooLarge: too_large, JournalError: journal_failed, BadParameter: bad_parameter,
                                        Refused: refusal, table.Answered: table.answered, ClientDisconnect: dropped})
    app.state.hall = hall
    app.state.attempts = Attempts()
    return BodyLimit(app)


__all__ = ["create_app"]
