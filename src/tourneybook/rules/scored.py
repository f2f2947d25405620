"""Each game scored once, however often the standings rank it.

The standings after each round rank the same frozen games again, prefix by
prefix (a 10,000-player event: 25,000 Friedrich scorings instead of 10,000; the
Italia boards twice over). A game's scores depend on nothing but the game, so a
scoring function may remember them, for as long as the game itself lives: the
memory goes with the games, never kept for a game no one holds any more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar
from weakref import WeakKeyDictionary

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


__all__ = ["scored_once"]
