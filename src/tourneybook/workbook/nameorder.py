"""Names in the order people look them up, in the language of the event: Álvaro among the A's, Zoë before Zora.

Python's own order puts every accented capital after Z (it compares code points), so a
list pinned on the wall would send Álvaro to the bottom. This is the Unicode collation
of names at its first level, as each language reads a list of people: letters compared
without their accents and case, except the letters a language counts as letters of
their own (Spanish ñ after n; Swedish å, ä, ö after z; Czech ch after h; Polish ł after
l), then the accented spelling after the plain one, so the order is total and
reproducible. The tailorings are CLDR's for each language, written out here in pure
Python (no ICU to install).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import field, replace
from functools import cached_property

from ..errors import InputError
from ..frozen import frozen
from ..rules.ranking import NO_RESULT, SHARED, Standings

FOLDED = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ı": "i"}
"""Letters no Unicode decomposition takes back to their base letters."""

DUTCH_PARTICLES = ("van der", "van den", "van de", "van 't", "in 't", "in de", "op de", "uit den", "van", "von", "de",
                   "den", "der", "het", "'t", "te", "ten", "ter")
"""Particles ('tussenvoegsels') a Dutch list skips at the start of a surname: 'van Dijk' is found under D. Longest first."""


@frozen
class Collation:
    """How one language orders names: its own letters and where they stand, and its spellings read as others."""

    name: str
    """As the Settings sheet's Language row says it, e.g. 'Swedish'."""
    codes: tuple[str, ...] = ()
    """Other spellings the Language row accepts (ISO 639-1 and the language's own name, e.g. 'sv', 'svenska')."""
    letters: dict[str, tuple[str, int]] = field(default_factory=dict)
    """A letter of the language's own (lower case, may be two characters as Czech 'ch') and where it sorts:
    after the base letter given, in the order of the number ('ñ': ('n', 1) puts ñ between n and o)."""
    read_as: dict[str, str] = field(default_factory=dict)
    """Spellings sorted as another (German phone book 'ä': 'ae'; Danish 'aa': 'å'), applied longest first."""
    particles: tuple[str, ...] = ()
    """Lower-case particles skipped at the start of a name (Dutch), so 'van Dijk' sorts under D."""

    def key(self, name: str) -> tuple[tuple[tuple[int, int], ...], str, str]:
        """Sort key of a player's name: by its letters first, then accents and case, then as typed (ties never
        depend on the input's order)."""
        folded = unicodedata.normalize("NFC", name.strip().casefold())
        looked_up = self._without_particle(name.strip(), folded)
        return (self._letters(looked_up), unicodedata.normalize("NFKD", name.casefold()), name)

    def _without_particle(self, typed: str, folded: str) -> str:
        """``folded`` with a leading particle moved to its end when typed in lower case ('van Dijk' -> 'dijk van');
        a capital ('Van Dijk', as Belgians write it) keeps the name under V."""
        for particle in self.particles:
            if typed.startswith(particle + " ") and len(typed) > len(particle) + 1:
                return f"{folded[len(particle) + 1:]} {particle}"
        return folded

    def _letters(self, folded: str) -> tuple[tuple[int, int], ...]:
        for spelling, sorted_as in self._read_as_longest_first:
            folded = folded.replace(spelling, sorted_as)
        if not self.letters:
            return tuple((ord(c), 0) for c in base_letters(folded))
        weights: list[tuple[int, int]] = []
        for part in self._own_letter.split(folded):  # own letters at the odd places, the text between them plain
            if part in self.letters:
                base, place = self.letters[part]
                weights.append((ord(base), place))
            else:
                weights.extend((ord(c), 0) for c in base_letters(part))
        return tuple(weights)

    @cached_property
    def _own_letter(self) -> re.Pattern[str]:
        """Finds the language's own letters, two-character ones first (Czech 'ch' before a plain 'c')."""
        return re.compile("(" + "|".join(re.escape(s) for s in sorted(self.letters, key=len, reverse=True)) + ")")

    @cached_property
    def _read_as_longest_first(self) -> tuple[tuple[str, str], ...]:
        return tuple(sorted(self.read_as.items(), key=lambda item: len(item[0]), reverse=True))


def base_letters(name: str) -> str:
    """``name`` without accents or case: 'Álvaro Núñez' -> 'alvaro nunez'."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(FOLDED.get(c, c) for c in plain)


def _after(base: str, *letters: str) -> dict[str, tuple[str, int]]:
    """``letters`` sorted after ``base`` in the order given."""
    return {letter: (base, place) for place, letter in enumerate(letters, start=1)}


NORDIC_Z = "z"
"""The Nordic letters sort after z (CLDR da, nb, sv, fi)."""

COLLATIONS: tuple[Collation, ...] = (
    Collation("English", ("en", "eng")),
    Collation("Spanish", ("es", "español", "espanol", "castellano"), _after("n", "ñ")),
    Collation("German", ("de", "deutsch", "DIN 5007-1")),
    Collation("German (phone book)", ("de-phonebk", "DIN 5007-2"), read_as={"ä": "ae", "ö": "oe", "ü": "ue"}),
    Collation("French", ("fr", "français", "francais")),
    Collation("Italian", ("it", "italiano")),
    Collation("Portuguese", ("pt", "português", "portugues")),
    Collation("Dutch", ("nl", "nederlands"), particles=DUTCH_PARTICLES),
    Collation("Swedish", ("sv", "svenska"), _after(NORDIC_Z, "å", "ä", "ö"),
              read_as={"æ": "ä", "ø": "ö", "ü": "y"}),
    Collation("Finnish", ("fi", "suomi"), _after(NORDIC_Z, "å", "ä", "ö"), read_as={"æ": "ä", "ø": "ö", "ü": "y"}),
    Collation("Danish", ("da", "dansk"), _after(NORDIC_Z, "æ", "ø", "å"), read_as={"ä": "æ", "ö": "ø", "aa": "å", "ü": "y"}),
    Collation("Norwegian", ("no", "nb", "nn", "norsk"), _after(NORDIC_Z, "æ", "ø", "å"),
              read_as={"ä": "æ", "ö": "ø", "aa": "å", "ü": "y"}),
    Collation("Polish", ("pl", "polski"), {**_after("a", "ą"), **_after("c", "ć"), **_after("e", "ę"), **_after("l", "ł"),
                                          **_after("n", "ń"), **_after("o", "ó"), **_after("s", "ś"),
                                          **_after("z", "ź", "ż")}),
    Collation("Czech", ("cs", "cz", "čeština", "cestina"), {**_after("c", "č"), **_after("h", "ch"), **_after("r", "ř"),
                                                          **_after("s", "š"), **_after("z", "ž")}),
    Collation("Slovak", ("sk", "slovenčina", "slovencina"), {**_after("a", "ä"), **_after("c", "č"), **_after("h", "ch"),
                                                           **_after("o", "ô"), **_after("s", "š"), **_after("z", "ž")}),
)
"""The languages organisers set (Settings, 'Language'), each as its people sort names (CLDR's standard collation;
German also as the phone book sorts, DIN 5007-2)."""

DEFAULT_LANGUAGE = "English"
"""The Settings row's value when it is missing or empty: accents and case aside, the letters a to z."""

_BY_NAME = {spelling.casefold(): c for c in COLLATIONS for spelling in (c.name, *c.codes)}


def find_collation(language: str) -> Collation:
    """The collation the Language row names (its name or code, any case); InputError listing them for another."""
    found = _BY_NAME.get(" ".join(str(language).split()).casefold())
    if found is None:
        known = ", ".join(c.name for c in COLLATIONS)
        raise InputError(f"'{language}' is not a language TourneyBook sorts names in: choose one of {known}")
    return found


def name_order(name: str, language: str = DEFAULT_LANGUAGE) -> tuple[tuple[tuple[int, int], ...], str, str]:
    """Sort key of a player's name as the language of the event sorts it (English by default)."""
    return find_collation(language).key(name)


def in_name_order(names: list[str] | tuple[str, ...], language: str = DEFAULT_LANGUAGE) -> list[str]:
    """``names`` sorted as the language of the event sorts them."""
    collation = find_collation(language)
    return sorted(names, key=collation.key)



def shared_places_in_language(standings: Standings, language: str) -> Standings:
    """``standings`` with each group that shares a place by name (tied on every criterion before a lot is due, or
    no result yet) listed in the event's language; every other row stays where the rules put it.

    The rules list such a group by code point (Álvaro after Zora); a place and what decided it belong to the
    position, the rest of a row to its player."""
    if language == DEFAULT_LANGUAGE and not any(not n.isascii() for n in standings.order):
        return standings  # code points and English agree on plain names: nothing to move
    key = find_collation(language).key
    rows = list(standings.rows)
    start = 0
    while start < len(rows):
        end = start + 1
        while end < len(rows) and rows[end].decided_by in BY_NAME and rows[end].rank == rows[start].rank:
            end += 1
        if end - start > 1:
            group = sorted(rows[start:end], key=lambda r: key(r.player))
            rows[start:end] = [replace(r, rank=at.rank, decided_by=at.decided_by)
                               for r, at in zip(group, rows[start:end])]
        start = end
    shared = tuple(tuple(sorted(g, key=key)) for g in standings.shared)
    return replace(standings, rows=tuple(rows), shared=shared)


BY_NAME = (SHARED, NO_RESULT)
"""What a row says ('decided by') when nothing but its name put it below the one above."""


__all__ = ["COLLATIONS", "Collation", "DEFAULT_LANGUAGE", "base_letters", "find_collation", "in_name_order", "name_order", "shared_places_in_language"]
