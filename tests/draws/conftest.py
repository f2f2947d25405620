"""Shared helpers for the draw tests."""

from __future__ import annotations

from collections import Counter

from tourneybook.draws import DrawnRounds


def field(n: int) -> list[str]:
    return [f"P{i:03}" for i in range(1, n + 1)]


def seat_counts(draw: DrawnRounds) -> list[Counter[str]]:
    """Per round, how many seats each player has."""
    return [Counter(p for t in rnd.tables for p in t.players) for rnd in draw.rounds]
