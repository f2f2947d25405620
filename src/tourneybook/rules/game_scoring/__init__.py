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
from .bangkok import BANGKOK, BANGKOK_PIKE, OLYMPIC
from .carnage import (CARNAGE, CARNAGE_2023, CARNAGE_CENTRE_COUNT, CARNAGE_DEAD_EQUAL, DUCT_TAPE_V2,
                      DUCT_TAPE_V2_ELIMINATION, SYDNEY_LEAGUE)
from .cdiplo import CDIPLO_80, CDIPLO_100, CDIPLO_NAMUR
from .classic import (HAIGHT, RANKED_CLASSIC, RANKED_CLASSIC_V2, SOUTHERN_SUN, SUMMER_CLASSIC, WHIPPING,
                      WORLD_CLASSIC)
from .draw_size import DRAW_SIZE, SOLOS, YOUR_DRAW_SIZE_SHORT, YOUR_DRAW_SIZE_UNLIMITED
from .maxonian import MAXONIAN, SEVEN_ELEVEN
from .sum_of_squares import MANORCON, MANORCON_ORIGINAL, MANORCON_V2, SUM_OF_SQUARES
from .system import Need, Numbers, Parameter, ScoringSystem
from .topping import BASE3, DETOUR09, MISCHIEF, VULCAN
from .tribute import OPEN_MIND_THE_GAP, OPEN_TRIBUTE, TRIBUTE

SYSTEMS: tuple[ScoringSystem, ...] = (
    BANGKOK,
    OLYMPIC,
    BANGKOK_PIKE,
    BASE3,
    CARNAGE,
    CARNAGE_DEAD_EQUAL,
    CARNAGE_CENTRE_COUNT,
    CARNAGE_2023,
    CDIPLO_100,
    CDIPLO_80,
    CDIPLO_NAMUR,
    DETOUR09,
    DRAW_SIZE,
    DUCT_TAPE_V2,
    DUCT_TAPE_V2_ELIMINATION,
    HAIGHT,
    MANORCON,
    MANORCON_ORIGINAL,
    MANORCON_V2,
    MAXONIAN,
    SEVEN_ELEVEN,
    MISCHIEF,
    OPEN_MIND_THE_GAP,
    RANKED_CLASSIC,
    RANKED_CLASSIC_V2,
    SOLOS,
    SUM_OF_SQUARES,
    SOUTHERN_SUN,
    SYDNEY_LEAGUE,
    TRIBUTE,
    OPEN_TRIBUTE,
    VULCAN,
    WHIPPING,
    WORLD_CLASSIC,
    SUMMER_CLASSIC,
    YOUR_DRAW_SIZE_SHORT,
    YOUR_DRAW_SIZE_UNLIMITED,
)
"""Every system, in the order of the issue's list (dipvis's): `tourneybook systems` and the Settings drop-down."""

SYSTEM_IDS: tuple[str, ...] = tuple(s.id for s in SYSTEMS)
"""Their ids, for help texts and messages."""


def find_system(system_id: str) -> ScoringSystem:
    """The system with this id; :class:`UnknownSystem` names the known ids otherwise."""
    for system in SYSTEMS:
        if system.id == system_id:
            return system
    raise UnknownSystem(f"unknown game-scoring system {system_id!r}; known: {', '.join(SYSTEM_IDS)}")


__all__ = ["SYSTEMS", "SYSTEM_IDS", "Need", "Numbers", "Parameter", "ScoringSystem", "UnknownSystem", "find_system"]
