"""Standings after each round: the ruleset's own ranking of a prefix of the rounds.

Pure: a tournament record is cut down to the games of rounds 1..N (a new
frozen record, nothing changed in place) and ranked by the ruleset exactly as
the whole event is. A ruleset that can rank round after round in one pass
(``Ruleset.standings_by_round``: every shipped ruleset, adding each round's games
to the totals so far) does so instead, with the same tables. What is cut, for every
ruleset's record:

- the games or tables of later rounds (``games``/``tables`` items with a
  ``round`` after N), and the rounds' own entries (Italia's ``sit_outs``);
- what comes after the rounds: a Friedrich ``final``, a Carcassonne ``knockout``.

Adjustments and lot decisions are kept in every prefix: a penalty has no round
on the Adjustments sheet, so it counts from the first round on, as the
organiser sees it on the final standings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from .base import Ruleset
from .ranking import Standings

ROUND_ITEMS = ("games", "tables", "sit_outs")
"""Record fields holding per-round items (each with a ``round``)."""
AFTER_THE_ROUNDS = {"final": None, "knockout": ()}
"""Record fields of the stages after the rounds, and their empty value."""


def rounds_played(record: Any) -> tuple[int, ...]:
    """The round numbers with at least one game or table in ``record``, in order."""
    found: set[int] = set()
    for name in ROUND_ITEMS[:2]:
        for item in getattr(record, name, ()) or ():
            number = getattr(item, "round", None)
            if isinstance(number, int):
                found.add(number)
    return tuple(sorted(found))


def after_round(record: Any, last: int) -> Any:
    """``record`` with only rounds 1..``last`` (and nothing of the stages after them)."""
    changes: dict[str, Any] = {}
    names = {f.name for f in dataclasses.fields(record)}
    for name in ROUND_ITEMS:
        if name in names:
            items = getattr(record, name)
            changes[name] = tuple(x for x in items if isinstance(getattr(x, "round", None), int) and x.round <= last)
    for name, empty in AFTER_THE_ROUNDS.items():
        if name in names:
            changes[name] = empty
    return dataclasses.replace(record, **changes)


def standings_by_round(
    ruleset: Ruleset, record: Any, rounds: Sequence[int] | None = None, whole: Standings | None = None
) -> list[tuple[int, Standings]]:
    """(round, standings after it) for every round played, or for ``rounds``.

    ``record`` must already be checked (it is the whole event's); each prefix is
    ranked with ``checked=True``. ``whole``, the event's own standings, stands for
    the last round played: the stages after the rounds (final, knock-out) have
    their own tables and leave the standings as the rounds made them.
    """
    played = rounds_played(record)
    wanted = played if rounds is None else tuple(rounds)
    last = played[-1] if played else None
    needed = [n for n in wanted if whole is None or n != last]
    one_pass = ruleset.standings_by_round
    if one_pass is not None:  # the ruleset ranks round after round, adding each round's games to the last
        ranked = dict(zip(needed, one_pass(record, needed)))
    else:
        ranked = {n: ruleset.standings(after_round(record, n), checked=True).standings for n in needed}
    return [(n, whole if whole is not None and n == last else ranked[n]) for n in wanted]


__all__ = ["after_round", "rounds_played", "standings_by_round"]
