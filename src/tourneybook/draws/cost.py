"""The draw's cost function: what a compromise costs, named by :class:`~.model.Weights`.

Counts are kept over the whole tournament (history plus the new rounds), so a
pair that met in round 1 costs the same whether round 2 is drawn now or was
drawn with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .model import Round


def rematch_cost(meetings: int) -> int:
    """(meetings - 1) squared once a pair met more than once: 2 -> 1, 3 -> 4 (the Diplomacy measure)."""
    return (meetings - 1) ** 2 if meetings > 1 else 0


Meetings = list[Counter[int]]
"""Per player (by index), how often they met each other player: only the pairs that met are stored.

A 10,000-player field has a few dozen meetings per player, not 10,000 (a full
n x n table would take gigabytes); a pair that never met reads as 0.
"""


def meeting_counts(index: Mapping[str, int], rounds: Sequence[Round]) -> Meetings:
    """How often each pair of indexed players shared a table; unknown names are ignored."""
    counts: Meetings = [Counter() for _ in range(len(index))]
    for rnd in rounds:
        for table in rnd.tables:
            seated = [index[p] for p in table.players if p in index]
            for a in seated:
                for b in seated:
                    if a != b:
                        counts[a][b] += 1
    return counts


def small_table_visits(index: Mapping[str, int], rounds: Sequence[Round]) -> list[int]:
    """How often each indexed player has sat at a table of three (Carcassonne, seed 002); unknown names are ignored."""
    visits = [0] * len(index)
    for rnd in rounds:
        for table in rnd.tables:
            if len(table.seats) == 3:
                for name in table.players:
                    if name in index:
                        visits[index[name]] += 1
    return visits


def copy_meetings(meetings: Meetings) -> Meetings:
    """An independent copy to count new rounds into."""
    return [Counter(row) for row in meetings]


def most_meetings(meetings: Meetings) -> int:
    """The most times any pair met (0 when nobody met)."""
    return max((max(row.values(), default=0) for row in meetings), default=0)


def keep_apart_partners(index: Mapping[str, int], groups: Sequence[Sequence[str]]) -> list[frozenset[int]]:
    """For each player, the players they must not share a table with."""
    partners: list[set[int]] = [set() for _ in index]
    for group in groups:
        members = [index[p] for p in group]
        for a in members:
            partners[a].update(b for b in members if b != a)
    return [frozenset(p) for p in partners]
