"""Finding a string left in English on a page printed or published in another language.

The English words of the catalogue that its translation never uses ('the', 'Round', 'Signature'...): any of
them in a Spanish page is a message left untranslated, or a string that never went through the catalogue.
Names and the event's title are left out of the check by the caller.
"""

from __future__ import annotations

import re
from functools import lru_cache

from babel.messages.pofile import read_po

from tourneybook.i18n import LOCALE_DIR

WORD = re.compile(r"[^\W\d_]{3,}")
"""A word of three letters or more (shorter ones, 'de', 'a', 'of', are shared between languages too often)."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]")
"""'{table}', '%(round)s': a name the code fills in, never a word a reader sees ('Mesa {table}' uses no English)."""


def words_of(text: str) -> set[str]:
    return {w.casefold() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@lru_cache(maxsize=None)
def english_only(code: str) -> frozenset[str]:
    """The catalogue's English words that its ``code`` translation does not use anywhere."""
    with open(LOCALE_DIR / code / "LC_MESSAGES" / "tourneybook.po", "rb") as f:
        catalogue = read_po(f)
    english: set[str] = set()
    translated: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= words_of(text)
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            translated |= words_of(text)
    return frozenset(english - translated)


def english_left(text: str, code: str, names: set[str] = frozenset()) -> list[str]:
    """The English words in ``text`` (a page in language ``code``), other than ``names``' words."""
    return sorted(words_of(text) & english_only(code) - {w.casefold() for n in names for w in WORD.findall(n)})
