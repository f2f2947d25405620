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
def catalogue_words(code: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the English words of the ``code`` catalogue's messages, the words of their translations)."""
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
    return frozenset(english), frozenset(translated)


def english_only(code: str) -> frozenset[str]:
    """The catalogue's English words that its ``code`` translation does not use anywhere."""
    english, translated = catalogue_words(code)
    return english - translated


def english_left(text: str, code: str, names: set[str] = frozenset(), english: str = "") -> list[str]:
    """The English words in ``text`` (a page in language ``code``), other than ``names``' words. With ``english``
    (the same page written in English) also a word of it that ``text`` kept and no translation writes: a string
    that never went through the catalogue ('Seed', 'Best of three' printed as the code wrote it)."""
    kept = words_of(english) - catalogue_words(code)[1] if english else set()
    return sorted(words_of(text) & (english_only(code) | kept) - {w.casefold() for n in names for w in WORD.findall(n)})
