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

from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from ..i18n import ENGLISH_WORDS, LANGUAGES, Words, words_in
from ..i18n.game_words import (CARCASSONNE_MATCH_SEATS, CARCASSONNE_PLACES, CARCASSONNE_SEATS, DIPLOMACY_POWERS,
                               FRIEDRICH_ROLES)
from .guard import Refused, csrf_token, device_of, with_cookies
from .language import LANGUAGE_COOKIE, LANGUAGE_PARAMETER, SPOKEN, accepted, asked_words, event_words, phone_words
from .static_files import static_url

HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; "
                                      "img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"}
"""Nothing may be loaded from elsewhere, no other site may frame the pages, and nothing inline runs: the only
scripts and styles are this package's files (:mod:`.static_files`), so a name that slipped through as markup
still could not run a script."""

@lru_cache(maxsize=None)
def templates_in(code: str) -> Jinja2Templates:
    """The templates speaking language ``code``: an environment per language with its catalogue installed (Jinja2's
    i18n extension), so a Spanish phone and a German one served at once never mix their words."""
    found = Jinja2Templates(env=Environment(loader=PackageLoader(__package__, "templates"), autoescape=True,
                                            undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                                            extensions=["jinja2.ext.i18n"]))
    found.env.install_gettext_translations(words_in(code).translations, newstyle=True)  # type: ignore[attr-defined]
    found.env.globals.update(static_url=static_url)
    return found


templates = templates_in("en")
"""The English templates: the director's pages (the organiser's, in English)."""


def switch(request: Request, words: Words) -> list[dict[str, Any]]:
    """The switch's links: each language in its own name, to this very page (its query kept) in that language; after
    a form was sent, to the players' page."""
    kept = [(k, v) for k, v in request.query_params.multi_items() if k != LANGUAGE_PARAMETER]
    path = request.url.path if request.method == "GET" else "/"  # after a form: the players' page, not the form again
    return [{"code": lang.code, "name": lang.own_name, "current": lang.code == words.code,
             "href": path + "?" + urlencode(kept + [(LANGUAGE_PARAMETER, lang.code)])}
            for lang in LANGUAGES]


def title_of(request: Request) -> str:
    """The event's title (Settings), or the workbook's name before the first good reading."""
    hall = request.app.state.hall
    state = hall.state  # not hall.api(): that reads the journal, and pages render on the event loop
    return str(state.data.get("title", "TourneyBook")) if state else hall.workbook.stem


def page(request: Request, name: str, status: int = 200, words: Words | None = None, **context: Any) -> Response:
    """The template ``name`` filled with ``context``, the event's title and the browser's CSRF token (the same as
    its cookie: :mod:`.guard`), with the hall's headers; in ``words``' language (None: the phone's,
    :func:`phone_words`), with the language switch's links."""
    token, device = csrf_token(request), device_of(request)
    words = words or (ENGLISH_WORDS if name.startswith("director") else phone_words(request))  # the organiser's: English
    context = {"title": title_of(request), "csrf": token, "language": words.code, "switch": switch(request, words),
               "mark": words.language.decimal_mark, **context}
    response = templates_in(words.code).TemplateResponse(request, name, context, status_code=status, headers=HEADERS)
    chosen = request.query_params.get(LANGUAGE_PARAMETER)
    if chosen in SPOKEN:
        response.set_cookie(LANGUAGE_COOKIE, chosen, max_age=365 * 24 * 3600, samesite="lax")
    return with_cookies(response, token, device)


def message(request: Request, heading: str, sentence: str, status_class: str = "", status: int = 200,
            words: Words | None = None) -> Response:
    """A page of one sentence ('Stored', 'Unknown code'), ``status_class`` 'ok' or 'bad', with a way back; its
    heading and sentence as given, said in ``words``' language (None: the phone's)."""
    return page(request, "message.html", status, words, heading=heading, message=sentence, status_class=status_class)


async def refusal(request: Request, exc: Exception) -> Response:
    """The app's handler of :class:`.guard.Refused`: the page saying why, with its status, in the phone's language
    when the catalogue has its sentence (a wrong table code, reporting off)."""
    if not isinstance(exc, Refused):
        raise AssertionError(f"bug: refusal() handles Refused, not {type(exc).__name__}")
    words = phone_words(request)
    why = words._(exc.why)
    if why == exc.why:  # a refusal the catalogue lacks (the director's, in English): its heading stays English too
        return message(request, exc.title, exc.why, "bad", exc.status, words=ENGLISH_WORDS)
    return message(request, words._(exc.title), why, "bad", exc.status, words=words)


GAME_WORDS = (*FRIEDRICH_ROLES, *DIPLOMACY_POWERS, *CARCASSONNE_SEATS, *CARCASSONNE_PLACES, *CARCASSONNE_MATCH_SEATS)
"""The seats a player's card names (a role, a power, a Carcassonne seat), said in the page's language."""


def game_page(request: Request, name: str, words: Words) -> Response:
    """A page whose script names seats and the total (the phone, the projector): those words said in ``words``'
    language and handed to the script by the page, so that no script carries English."""
    state = request.app.state.hall.state
    total_name = state.data["standings"]["total_name"] if state else ""
    return page(request, name, words=words, seats={seat: words._(seat) for seat in GAME_WORDS},
                total_name=words._(total_name))


__all__ = ["GAME_WORDS", "HEADERS", "LANGUAGE_COOKIE", "accepted", "asked_words", "event_words", "game_page", "message", "page",
           "phone_words", "refusal", "templates", "templates_in", "title_of"]
