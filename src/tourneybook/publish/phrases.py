"""The rules' notes and a table's words in the published tables, said in the event's language.

A note or a cell the rules make around a name or a number ('lot needed: Anna, Ben are still tied; ...',
'118-93 (Anna lost on the clock)', 'waiting for S1, S8', 'game 3 next') is an :class:`~tourneybook.i18n.Phrase`:
its message is said through the catalogue with its values in place, a value that is a phrase itself (a criterion,
a power) said too, a name as typed. A whole text the catalogue has (a heading, 'to play') is said as it translates;
anything else stays as written (a player's name).
"""

from __future__ import annotations

from ..i18n import ENGLISH_WORDS, Phrase, Words


def said(text: str, words: Words = ENGLISH_WORDS) -> str:
    """``text`` of a published table in ``words``' language, with its numbers' decimal mark."""
    if isinstance(text, Phrase):
        return words.number(words.say(text))
    return words.number(words._(text))


__all__ = ["said"]
