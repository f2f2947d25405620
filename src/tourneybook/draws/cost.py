"""The draw's cost function: what a compromise costs, named by :class:`~.model.Weights`.

Counts are kept over the whole tournament (history plus the new rounds), so a
pair that met in round 1 costs the same whether round 2 is drawn now or was
drawn with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .model import Round


def rematch_cost(meetings: int) -> int:
    """(meetings - 1) squared once a pair met more than once: 2 -> 1, 3 -> 4 (the Diplomacy measure)."""
    return (meetings - 1) ** 2 if meetings > 1 else 0


def meeting_counts(index: Mapping[str, int], rounds: Sequence[Round]) -> list[list[int]]:
    """How often each pair of indexed players shared a table; unknown names are ignored."""
    n = len(index)
    counts = [[0] * n for _ in range(n)]
    for rnd in rounds:
        for table in rnd.tables:
            seated = [index[p] for p in table.players if p in index]
            for a in seated:
                for b in seated:
                    if a != b:
                        counts[a][b] += 1
    return counts


def keep_apart_partners(index: Mapping[str, int], groups: Sequence[Sequence[str]]) -> list[frozenset[int]]:
    """For each player, the players they must not share a table with."""
    partners: list[set[int]] = [set() for _ in index]
    for group in groups:
        members = [index[p] for p in group]
        for a in members:
            partners[a].update(b for b in members if b != a)
    return [frozenset(p) for p in partners]
