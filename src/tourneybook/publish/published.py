"""What every published file is made from (an event's result) and how each is written: whole or not at all.

Below the writers (:mod:`.tables`, :mod:`.page`, :mod:`.classification`) and the package that calls them, so
that none of them imports the package it is part of.
"""

from __future__ import annotations

from pathlib import Path

from ..files.saving import replace_file, write_all
from ..frozen import frozen
from ..i18n import Words, find_words
from ..rules.base import TournamentResult
from ..workbook.event import Event

STANDINGS_CSV, GAMES_CSV, STANDINGS_PDF, STANDINGS_HTML = "standings.csv", "games.csv", "standings.pdf", "standings.html"


@frozen
class Published:
    """An event's result, ready to publish."""

    event: Event
    result: TournamentResult

    @property
    def title(self) -> str:
        return self.event.tournament or self.event.ruleset.name

    @property
    def clubs(self) -> dict[str, str]:
        return self.event.clubs

    @property
    def words(self) -> Words:
        """The players' language (Settings, 'Language'), which every published file is in."""
        return find_words(self.event.language)


def write_output(target: Path, data: bytes) -> Path:
    """``data`` as the file ``target``, whole or not at all: a temporary file beside it, then one rename
    (a full disk leaves the previous file, or none, never a half-written or empty one)."""
    replace_file(target, lambda fd: write_all(fd, data))
    return target


__all__ = ["GAMES_CSV", "STANDINGS_CSV", "STANDINGS_HTML", "STANDINGS_PDF", "Published", "write_output"]
