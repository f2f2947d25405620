"""What the hall reads first: the final classification, then the qualifying ranking with its cut.

An event with a final (Friedrich), a knock-out (Carcassonne) or awards (CODCon) is
decided there, so the published page and PDF lead with those places; the
qualifying ranking follows, with a line under the last player who goes on to the
final or the knock-out. Tables that only explain the ranking (the results each
Diplomacy total counts) come after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import ENGLISH_WORDS, Words
from ..rules.base import Table
from ..rules.ranking import NO_RESULT
from .published import Published

LEADING_WORDS = ("final", "knock-out", "award")
"""A table whose title holds one of these gives places of the final classification ('Final placings', 'Best power awards')."""


def leads(table: Table) -> bool:
    """True for a final, knock-out or awards table: it comes before the qualifying ranking."""
    title = table.title.casefold()
    return any(word in title for word in LEADING_WORDS)


def split_extras(extras: Sequence[Table]) -> tuple[list[Table], list[Table]]:
    """The extras tables that lead (final, knock-out, awards) and those that follow the ranking.

    Among the leading ones, a table of places comes first (Carcassonne's final placings before the
    knock-out's matches that explain them); otherwise each keeps its order.
    """
    leading = sorted((t for t in extras if leads(t)), key=lambda t: t.headers[:1] != ("place",))
    return leading, [t for t in extras if not leads(t)]


def qualified(published: Published) -> list[str]:
    """The players who go on to the final or the knock-out from the current ranking (none without either).

    The same choice the ruleset makes: a withdrawn player (and, where the Settings say so, a late
    arrival) is passed over and the next in the ranking moves up.
    """
    qualification = published.event.ruleset.qualification
    if qualification is None:
        return []
    return qualification.going_on(published.result.standings.order, published.event.record)


def cut_after(published: Published) -> int | None:
    """Index of the standings row under which the qualification is cut; None where nothing is cut.

    No cut is drawn under the last row (everyone goes on), nor before any result (nothing is decided).
    """
    going_on = set(qualified(published))
    rows = published.result.standings.rows
    if not going_on or all(r.decided_by in (None, NO_RESULT) for r in rows):
        return None
    last = max(i for i, r in enumerate(rows) if r.player in going_on)
    return last if last < len(rows) - 1 else None


def cut_note(published: Published, words: Words = ENGLISH_WORDS) -> str:
    """The words under the qualification line, e.g. 'above the line: the 4 who play the final'; '' without a stage."""
    qualification = published.event.ruleset.qualification
    if qualification is None:
        return ""
    count = len(qualified(published))
    if qualification.stage == "final":
        said = words.ngettext("above the line: the {count} who plays the final",
                              "above the line: the {count} who play the final", count)
    elif qualification.stage == "knock-out":
        said = words.ngettext("above the line: the {count} who plays the knock-out",
                              "above the line: the {count} who play the knock-out", count)
    else:  # a stage no catalogue names yet: its own word, in English
        said = f"above the line: the {{count}} who play the {qualification.stage}"
    return said.format(count=count)


__all__ = ["cut_after", "cut_note", "leads", "qualified", "split_extras"]
