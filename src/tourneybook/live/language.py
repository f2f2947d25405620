"""A phone's language and the event's: which catalogue a page, a refusal or a middleware's plain answer speaks.

Below the pages and the guard (:mod:`.guard` says its plain answers, a 413 or a busy hall's 503, in the phone's
language before any page sees the request).
"""

from __future__ import annotations

from starlette.requests import Request

from ..i18n import ENGLISH_WORDS, LANGUAGES, Words, find_words, words_in

LANGUAGE_COOKIE, LANGUAGE_PARAMETER = "tb_lang", "lang"
"""The phone's own language, chosen on the pages' switch (``?lang=es``) and remembered in a cookie."""
SPOKEN = {lang.code for lang in LANGUAGES}


def event_words(request: Request) -> Words:
    """The event's language (Settings, 'Language'): the projector's, as the published page's."""
    state = request.app.state.hall.state
    return find_words(state.data.get("language") if state else None)


def accepted(header: str) -> list[str]:
    """The languages of an Accept-Language header, the preferred first ('es-ES,es;q=0.9,en;q=0.8' -> es, es, en)."""
    weighed = []
    for at, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            weighed.append((-quality, at, tag.split("-")[0].strip().lower()))
    return [code for _, _, code in sorted(weighed)]


def phone_words(request: Request) -> Words:
    """A phone's language: the one chosen on the switch (``?lang=``, then its cookie), else the first of its
    Accept-Language that TourneyBook speaks, else the event's."""
    for chosen in (request.query_params.get(LANGUAGE_PARAMETER), request.cookies.get(LANGUAGE_COOKIE)):
        if chosen in SPOKEN:
            return words_in(chosen)
    for code in accepted(request.headers.get("accept-language", "")):
        if code in SPOKEN:
            return words_in(code)
    return event_words(request)


def asked_words(request: Request) -> Words:
    """The language a page's script asks /api/state or /api/player for (``?lang=``, its page's): English when none
    or another."""
    code = request.query_params.get(LANGUAGE_PARAMETER)
    return words_in(code) if code in SPOKEN else ENGLISH_WORDS


__all__ = ["LANGUAGE_COOKIE", "LANGUAGE_PARAMETER", "SPOKEN", "accepted", "asked_words", "event_words", "phone_words"]
