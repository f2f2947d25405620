"""Reproducible suggested lots (RULES.md: never guess a lot silently).

A suggestion is seeded from the tournament and the tied players' names, so the
same tie in the same tournament always gets the same suggestion, on any machine.
"""

from __future__ import annotations

from collections.abc import Iterable


def lot_key(tournament: str, player: str, group: Iterable[str]) -> str:
    """A stable pseudo-random key; lower keys draw the better places."""
    members = "\x1f".join(sorted(group))
    text = f"{tournament}\x1e{members}\x1e{player}"
    return sha256(text.encode("utf-8")).hexdigest()


def sha256(data: bytes):
    """SHA-256 from the standard library's own module: ``hashlib`` loads OpenSSL first (some 2 ms of a click)."""
    try:
        from _sha256 import sha256 as digest  # Python 3.11
    except ImportError:
        try:
            from _sha2 import sha256 as digest  # Python 3.12 on
        except ImportError:  # a Python built without them
            from hashlib import sha256 as digest
    return digest(data)


def suggested_lot(tournament: str, group: Iterable[str]) -> list[str]:
    """The tied players in the order a reproducible lot suggests."""
    members = list(group)
    return sorted(members, key=lambda p: lot_key(tournament, p, members))
