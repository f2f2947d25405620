"""Names in the order people look them up: Álvaro among the A's, Øster among the O's, Zoë before Zora.

Python's own order puts every accented capital after Z (it compares code points), so a
list pinned on the wall would send Álvaro to the bottom. This is the Unicode collation
of names at its first level, as the languages of Western and Central Europe read a
list of people: letters compared without their accents and case, the accented
spelling then after the plain one, so the order is total and reproducible.
"""

from __future__ import annotations

import unicodedata

FOLDED = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ı": "i"}
"""Letters no Unicode decomposition takes back to their base letters."""


def base_letters(name: str) -> str:
    """``name`` without accents or case: 'Álvaro Núñez' -> 'alvaro nunez'."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(FOLDED.get(c, c) for c in plain)


def name_order(name: str) -> tuple[str, str, str]:
    """Sort key of a player's name: by its letters first, then accents and case, then as typed (ties never
    depend on the input's order)."""
    return (base_letters(name), unicodedata.normalize("NFKD", name.casefold()), name)


__all__ = ["base_letters", "name_order"]
