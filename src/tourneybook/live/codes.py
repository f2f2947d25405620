"""Table codes and the director key: short, unguessable, and the same after a restart.

A table's code is an HMAC of its round and number under a secret kept in the
journal, so the forms printed before the server starts and the server agree
without a list, and a code of round 2 opens nothing in round 3. Six letters of
a 31-letter alphabet (no 0/O, 1/I/L: read off paper and typed on a phone) give
about 887 million codes per table; with wrong codes rate-limited
(:mod:`.guard`) guessing one is hopeless.
"""

from __future__ import annotations

import hashlib
import hmac

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6
TABLE_SECRET, DIRECTOR_SECRET = "table-codes", "director-key"


def table_code(secret: str, round: int, table: int) -> str:
    """The code printed on the form of ``table`` in ``round``."""
    digest = hmac.new(secret.encode(), f"{round}/{table}".encode(), hashlib.sha256).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(LENGTH):
        number, index = divmod(number, len(ALPHABET))
        letters.append(ALPHABET[index])
    return "".join(letters)


def normalised(code: str) -> str:
    """What a player typed, as a code: case, spaces and dashes do not matter."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def same(a: str, b: str) -> bool:
    """Compared in constant time: the time taken says nothing about how much was right."""
    return hmac.compare_digest(a.encode(), b.encode())


__all__ = ["DIRECTOR_SECRET", "TABLE_SECRET", "normalised", "same", "table_code"]
