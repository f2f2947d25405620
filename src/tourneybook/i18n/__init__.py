"""The players' language: the words of the forms, the Seating sheet and the published results, and how numbers
are written in them.

The words are gettext catalogues (``locale/<code>/LC_MESSAGES/tourneybook.po``, compiled to ``.mo`` beside
them), extracted by Babel from the Python code, the Jinja2 templates and the page scripts (pyproject.toml,
``[tool.babel]``; README, "Translating TourneyBook"). Code marks a message where it is written (:func:`N_` for a
constant, ``words._(...)`` where it is said) and says it through the :class:`Words` of the event's language,
passed down to what prints: nothing here is a global "current language", so two events in one process (the
hall serving one while the Excel button prints another's forms) never mix their words.

English is the source language: its words are the messages themselves (no catalogue). A language the
Settings sheet sorts names in but TourneyBook does not speak (Swedish, Polish...) gets the English words
(:func:`find_words`; the Issues sheet says so: :func:`unspoken_note`).
"""

from __future__ import annotations

import gettext
import re
from functools import lru_cache
from pathlib import Path

from ..frozen import frozen

DOMAIN = "tourneybook"
"""The catalogues' gettext domain (``<code>/LC_MESSAGES/tourneybook.mo``)."""
LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the catalogues are, inside the package (shipped as package data)."""


@frozen
class Language:
    """A language the players' words are written in."""

    code: str
    """ISO 639-1, the catalogue's folder name ('es')."""
    name: str
    """As the Settings sheet's Language row says it ('Spanish'), which is also its collation's name."""
    own_name: str
    """As its speakers write it, for the hall's switch ('Español')."""
    decimal_mark: str
    """'.' or ',': how its people write 43.83 (CLDR's decimal symbol, checked by a test against Babel's data)."""
    lcid: int
    """Its Windows locale id, which a number format names to print the language's decimal mark in any
    LibreOffice or Excel, whatever the computer's own settings ('[$-407]0.00' prints 43,83)."""

    @property
    def csv_separator(self) -> str:
        """The published CSV's separator: ';' where the decimal mark is a comma, as that language's Excel and
        LibreOffice read a double-clicked CSV (their list separator follows the locale); ',' otherwise."""
        return ";" if self.decimal_mark == "," else ","


ENGLISH = Language("en", "English", "English", ".", 0x809)
LANGUAGES: tuple[Language, ...] = (
    ENGLISH,
    Language("es", "Spanish", "Español", ",", 0xC0A),
    Language("de", "German", "Deutsch", ",", 0x407),
    Language("it", "Italian", "Italiano", ",", 0x410),
    Language("fr", "French", "Français", ",", 0x40C),
)
"""The languages TourneyBook speaks to players; English, the source, first."""
_BY_SPELLING = {s.casefold(): lang for lang in LANGUAGES for s in (lang.code, lang.name, lang.own_name)}
_BY_SPELLING["german (phone book)"] = _BY_SPELLING["de"]  # a collation of the Language row: German words


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues where it is defined (a constant); it is translated where it is said."""
    return message


class Phrase(str):
    """An English sentence that knows the message and the values it was made of, so that a language says it again
    from those, not by finding its words around the values (the Diplomacy event's game-scoring note: the system's
    name, its numbers by their names, its whole rule).

    It is the English text wherever a text goes (a sheet, the command's output, JSON). A value is kept as it is (a
    name, a number), or said if it is a Phrase itself, or, a tuple of them, each said and joined by commas.
    """

    message: str
    values: dict[str, str | Phrase | tuple[str | Phrase, ...]]

    def __new__(cls, message: str, **values: str | Phrase | tuple[str | Phrase, ...]) -> Phrase:
        made = super().__new__(cls, message.format(**{k: _joined(v, str) for k, v in values.items()}))
        made.message, made.values = message, values
        return made

    def __reduce__(self):  # a copy or a pickle is a Phrase again, not only its English text
        return _phrase, (self.message, self.values)


def _phrase(message: str, values: dict) -> Phrase:
    return Phrase(message, **values)


def _joined(value: str | Phrase | tuple[str | Phrase, ...], say) -> str:
    if isinstance(value, tuple):
        return ", ".join(_joined(v, say) for v in value)
    return say(value) if isinstance(value, Phrase) else value


NUMBER = re.compile(r"[+-]?\d+\.\d+")
"""A decimal number as TourneyBook writes it ('43.83', '-3.00'), inside any text."""


@frozen
class Words:
    """The players' words and numbers in one language: what every printed or published surface takes."""

    language: Language
    translations: gettext.NullTranslations

    @property
    def code(self) -> str:
        return self.language.code

    def _(self, message: str) -> str:
        """``message`` in this language (the English message itself where the catalogue lacks it)."""
        return self.translations.gettext(message) if message else message

    def say(self, phrase: Phrase) -> str:
        """``phrase`` in this language: its message translated, with its values (those that are phrases said too)."""
        return self._(phrase.message).format(**{k: _joined(v, self.say) for k, v in phrase.values.items()})

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or the plural message as this language chooses for ``n`` (its catalogue's plural rule)."""
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the sense ``context`` says (a 'Final' as a stage, not as a game)."""
        return self.translations.pgettext(context, message)

    def number_format(self, fmt: str) -> str:
        """A cell's number format that prints this language's decimal mark ('0.00' -> '[$-407]0.00'); English's
        as it is (what TourneyBook always wrote)."""
        if self.language is ENGLISH or fmt.startswith("[$"):
            return fmt
        return f"[$-{self.language.lcid:X}]{fmt}"

    def number(self, text: object) -> str:
        """A number shown with this language's decimal mark: '43.83' -> '43,83' (Spanish, German, Italian,
        French); the decimals inside a text too ('8.50 winning nations' -> '8,50 ...'); anything else unchanged."""
        shown = "" if text is None else str(text)
        if self.language.decimal_mark == ".":
            return shown
        return NUMBER.sub(lambda m: m.group(0).replace(".", self.language.decimal_mark), shown)


def find_language(language: str) -> Language | None:
    """The language a Settings value or option names (code, English or own name, any case); None for another."""
    return _BY_SPELLING.get(" ".join(str(language).split()).casefold())


@lru_cache(maxsize=None)
def words_in(code: str) -> Words:
    """The :class:`Words` of the language with ISO code ``code`` (one of :data:`LANGUAGES`); immutable, so one
    per language serves every event."""
    language = next(lang for lang in LANGUAGES if lang.code == code)
    if language is ENGLISH:
        return Words(language, gettext.NullTranslations())
    return Words(language, gettext.translation(DOMAIN, LOCALE_DIR, languages=[code]))


def find_words(language: str | None) -> Words:
    """The words for the Settings' Language row or a ``--language`` value: English for English, for nothing
    and for a language TourneyBook sorts names in but does not speak (see :func:`unspoken_note`)."""
    found = find_language(language) if language else None
    return words_in((found or ENGLISH).code)


ENGLISH_WORDS = words_in("en")


def unspoken_note(language: str) -> str:
    """The Issues sheet's note for a Language row TourneyBook sorts names in but does not write ('' otherwise)."""
    if not language or find_language(language) is not None:
        return ""
    spoken = ", ".join(lang.name for lang in LANGUAGES[:-1]) + " and " + LANGUAGES[-1].name
    return (f"Language {language}: names are sorted as {language} sorts them, but the forms, the Seating sheet and "
            f"the published results are in English (TourneyBook writes them in {spoken}).")


__all__ = ["DOMAIN", "ENGLISH", "ENGLISH_WORDS", "LANGUAGES", "LOCALE_DIR", "Language", "N_", "Phrase", "Words", "find_language",
           "find_words", "unspoken_note", "words_in"]
