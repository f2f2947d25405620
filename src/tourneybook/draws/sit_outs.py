"""Who sits out (or plays two boards) when the TD lets the draw choose: spread over the players (pure).

Seed 004, section 6: "We will try to avoid that the same person sit out two
times". Seed 003, II.5: the TD asks players to sit out or to play two boards
when the boards are not full. So the draw takes those who have done it least
often first, by lot among equals, and says so when the TD names one who has
done it before.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from .model import Round


def fewest_first(candidates: Sequence[str], count: int, before: Mapping[str, int], rng: random.Random) -> list[str]:
    """``count`` of ``candidates``: those who did it least often ``before`` first, by lot among equals.

    >>> fewest_first(["Ann", "Bo", "Cy"], 1, {"Ann": 1, "Bo": 1}, random.Random(1))
    ['Cy']
    """
    lots = {name: rng.random() for name in candidates}
    return sorted(candidates, key=lambda name: (before.get(name, 0), lots[name]))[:count]


def sat_out(rounds: Sequence[Round], attending: Mapping[int, Collection[str]]) -> Counter[str]:
    """How often each player sat out: called for a round (``attending[n]``) but not seated in it."""
    times: Counter[str] = Counter()
    for rnd in rounds:
        seated = {p for t in rnd.tables for p in t.players}
        times.update(p for p in attending.get(rnd.number, ()) if p not in seated)
    return times


def doubled(rounds: Sequence[Round]) -> Counter[str]:
    """How often each player played two boards in one round."""
    times: Counter[str] = Counter()
    for rnd in rounds:
        boards = Counter(p for t in rnd.tables for p in set(t.players))
        times.update(p for p, n in boards.items() if n > 1)
    return times


__all__ = ["doubled", "fewest_first", "sat_out"]
