"""Table codes, seat codes and the director key: short, unguessable, and the same after a restart.

A table's code is an HMAC of its round and number under a secret kept in the
journal and in the secret file beside the workbook (:mod:`.keys`), so the forms
printed before the server starts and the server agree without a list, and a
code of round 2 opens nothing in round 3. Six characters of a 31-sign alphabet
of letters and digits (no 0/O, 1/I/L: read off paper and typed on a phone) give
about 887 million codes per table; with wrong codes rate-limited
(:mod:`.guard`) guessing one is hopeless.

A seat's code (:func:`seat_code`) is four characters of the same alphabet, an HMAC
of the round, table and seat under the same secret: printed beside each name on
the form, it says which seat a report or a confirmation comes from, so the
confirmation must come from another seat than the report's (see the README's
"Who can report" for what that protects and what it does not).
"""

from __future__ import annotations

import hashlib
import hmac

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6
TABLE_SECRET, DIRECTOR_SECRET = "table-codes", "director-key"


SEAT_LENGTH = 4
"""31^4, some 920,000 codes per seat: with wrong codes rate-limited, not guessed in a game's time."""


def table_code(secret: str, round: int, table: int) -> str:
    """The code printed on the form of ``table`` in ``round``."""
    return _letters(secret, f"{round}/{table}", LENGTH)


def seat_code(secret: str, round: int, table: int, seat: str) -> str:
    """The code printed beside the name in ``seat`` (role, power, 'Player 2') on the form of ``table``."""
    return _letters(secret, f"seat/{round}/{table}/{seat}", SEAT_LENGTH)


def _letters(secret: str, message: str, length: int) -> str:
    digest = hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(length):
        number, index = divmod(number, len(ALPHABET))
        letters.append(ALPHABET[index])
    return "".join(letters)


def normalised(code: str) -> str:
    """What a player typed, as a code: case, spaces and dashes do not matter."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def same(a: str, b: str) -> bool:
    """Compared in constant time: the time taken says nothing about how much was right."""
    return hmac.compare_digest(a.encode(), b.encode())


__all__ = ["DIRECTOR_SECRET", "SEAT_LENGTH", "TABLE_SECRET", "normalised", "same", "seat_code", "table_code"]
