"""Every Diplomacy game-scoring system a director may choose: one registry line each.

Each family of systems is a module here (pure; exact Fractions; no I/O); a
system is a :class:`ScoringSystem` value: its id, name, rule texts, the numbers
a director may tune, what it needs of a board, and its score function.

>>> find_system("cdiplo100").name
'C-Diplo 100'
>>> find_system("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tourneybook.errors.UnknownSystem: unknown game-scoring system 'chess'; known: ...
"""

from __future__ import annotations

from ...errors import UnknownSystem
from .cdiplo import CDIPLO_80, CDIPLO_100
from .draw_size import DRAW_SIZE
from .sum_of_squares import SUM_OF_SQUARES
from .system import Need, Numbers, Parameter, ScoringSystem
from .tribute import OPEN_TRIBUTE

SYSTEMS: tuple[ScoringSystem, ...] = (
    CDIPLO_100,
    CDIPLO_80,
    DRAW_SIZE,
    OPEN_TRIBUTE,
    SUM_OF_SQUARES,
)
"""Every system, in the order the issue's list, `tourneybook systems` and the Settings drop-down name them."""

SYSTEM_IDS: tuple[str, ...] = tuple(s.id for s in SYSTEMS)
"""Their ids, for help texts and messages."""


def find_system(system_id: str) -> ScoringSystem:
    """The system with this id; :class:`UnknownSystem` names the known ids otherwise."""
    for system in SYSTEMS:
        if system.id == system_id:
            return system
    raise UnknownSystem(f"unknown game-scoring system {system_id!r}; known: {', '.join(SYSTEM_IDS)}")


__all__ = ["SYSTEMS", "SYSTEM_IDS", "Need", "Numbers", "Parameter", "ScoringSystem", "UnknownSystem", "find_system"]
