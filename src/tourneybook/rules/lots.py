"""Reproducible suggested lots (RULES.md: never guess a lot silently).

A suggestion is seeded from the tournament and the tied players' names, so the
same tie in the same tournament always gets the same suggestion, on any machine.
"""

from __future__ import annotations

from collections.abc import Iterable


def lot_key(tournament: str, player: str, group: Iterable[str]) -> str:
    """A stable pseudo-random key; lower keys draw the better places."""
    from hashlib import sha256  # OpenSSL's, loaded only when a tie is left to a lot

    members = "\x1f".join(sorted(group))
    text = f"{tournament}\x1e{members}\x1e{player}"
    return sha256(text.encode("utf-8")).hexdigest()


def suggested_lot(tournament: str, group: Iterable[str]) -> list[str]:
    """The tied players in the order a reproducible lot suggests."""
    members = list(group)
    return sorted(members, key=lambda p: lot_key(tournament, p, members))
