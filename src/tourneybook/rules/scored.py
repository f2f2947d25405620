"""Each game scored once, however often the standings rank it.

The standings after each round rank the same frozen games again, prefix by
prefix (a 10,000-player Carcassonne event: each table's ranking points four
times over; the Italia boards twice over; a Friedrich record's games are
scored together, once per record: rules/friedrich/tally.py). A game's scores
depend on nothing but the game, so a scoring function may remember them, for
as long as the game itself lives: the memory goes with the games, never kept
for a game no one holds any more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar
from weakref import WeakKeyDictionary, finalize

Game = TypeVar("Game")
Score = TypeVar("Score")


def scored_once(score: Callable[[Game], Score]) -> Callable[[Game], Score]:
    """``score``, a pure function of one frozen (hashable, weakly referable) game, remembered per game."""
    known: WeakKeyDictionary = WeakKeyDictionary()

    def once(game: Game) -> Score:
        try:
            return known[game]
        except KeyError:
            result = known[game] = score(game)
            return result

    once.__doc__ = score.__doc__
    return once


def once_per_record(compute: Callable[[Game], Score]) -> Callable[[Game], Score]:
    """``compute``, a pure function of one frozen record that need not be hashable (a Carcassonne
    record holds its lots in a dict), remembered for that very object while it lives: the layout's
    bracket check and the standings rank the same record, and a 1,000-player preliminary is ranked once."""
    known: dict[int, Score] = {}

    def once(record: Game) -> Score:
        key = id(record)
        if key not in known:
            known[key] = compute(record)
            finalize(record, known.pop, key, None)  # gone with the record, before its id can be reused
        return known[key]

    once.__doc__ = compute.__doc__
    return once


__all__ = ["once_per_record", "scored_once"]
