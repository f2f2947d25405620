"""The hall's pages: Jinja2 templates of this package (``templates/``), answered as Starlette's ``TemplateResponse``.

Why Jinja2: the templates are files a designer can read and change, composed as
Tabbycat composes its ballots (a base page, partials per part of the paper form),
and Starlette renders them natively (:class:`starlette.templating.Jinja2Templates`).
Autoescaping is on for every template: a player's name is text, never markup.

Every page gets the event's title and the browser's CSRF token in its context
(:func:`page`), and the cookies that carry the token and the phone's id. The
projector and phone pages are shells whose scripts (``static/``) long-poll
``/api/state`` and build every element with ``textContent``.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from .guard import Refused, csrf_token, device_of, with_cookies
from .static_files import static_url

HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
                                      "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"}
"""Nothing may be loaded from elsewhere, no other site may frame the pages, and nothing inline runs: the only
scripts and styles are this package's files (:mod:`.static_files`), so a name that slipped through as markup
still could not run a script."""

templates = Jinja2Templates(env=Environment(loader=PackageLoader(__package__, "templates"), autoescape=True,
                                            undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True))
templates.env.globals.update(static_url=static_url)


def title_of(request: Request) -> str:
    """The event's title (Settings), or the workbook's name before the first good reading."""
    hall = request.app.state.hall
    state = hall.state  # not hall.api(): that reads the journal, and pages render on the event loop
    return str(state.data.get("title", "TourneyBook")) if state else hall.workbook.stem


def page(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    """The template ``name`` filled with ``context``, the event's title and the browser's CSRF token (the same as
    its cookie: :mod:`.guard`), with the hall's headers."""
    token, device = csrf_token(request), device_of(request)
    context = {"title": title_of(request), "csrf": token, **context}
    response = templates.TemplateResponse(request, name, context, status_code=status, headers=HEADERS)
    return with_cookies(response, token, device)


def message(request: Request, heading: str, sentence: str, status_class: str = "", status: int = 200) -> Response:
    """A page of one sentence ('Stored', 'Unknown code'), ``status_class`` 'ok' or 'bad', with a way back."""
    return page(request, "message.html", status, heading=heading, message=sentence, status_class=status_class)


async def refusal(request: Request, exc: Exception) -> Response:
    """The app's handler of :class:`.guard.Refused`: the page saying why, with its status."""
    if not isinstance(exc, Refused):
        raise AssertionError(f"bug: refusal() handles Refused, not {type(exc).__name__}")
    return message(request, exc.title, exc.why, "bad", exc.status)


__all__ = ["HEADERS", "message", "page", "refusal", "templates", "title_of"]
