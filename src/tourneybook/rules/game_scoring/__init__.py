"""Every Diplomacy game-scoring system a director may choose: one registry line each, loaded when chosen.

Each family of systems is a module here (pure; exact Fractions; no I/O); a
system is a :class:`ScoringSystem` value: its id, name, rule texts, the numbers
a director may tune, what it needs of a board, and its score function. The
registry (:data:`LISTED`, written by tests/rules/test_system_listing.py from the
systems themselves into :mod:`.listing`) holds each system's id, name and rule in
one sentence and where it is defined: listing the systems (``tourneybook
systems``, the Settings drop-down) imports no scorer, and finding one by id or
name imports its family's module then.

>>> find_system("cdiplo100").name
'C-Diplo 100'
>>> find_system("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tourneybook.errors.UnknownSystem: unknown game-scoring system 'chess'; known: ...
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ...errors import UnknownSystem
from ...frozen import frozen
from .listing import LINES

if TYPE_CHECKING:
    from .system import ScoringSystem


@frozen
class Listed:
    """One line of the registry: a system as a list shows it, and the value that scores it."""

    id: str
    """Stable id on the command line and in Settings ('carnage')."""
    name: str
    """Its name (:attr:`ScoringSystem.name`): the Settings cell shows it."""
    rule: str
    """Its rule in one sentence, with the published numbers (:meth:`ScoringSystem.rule_sentence`)."""
    module: str
    """Its family's module in this package ('carnage')."""
    value: str
    """The name of its :class:`ScoringSystem` in that module ('CARNAGE')."""
    dipvis_name: str = ""
    """How dipvis spells it where that differs from :attr:`name` (:attr:`ScoringSystem.dipvis_name`)."""

    @property
    def as_dipvis_names_it(self) -> str:
        """The name as dipvis spells it: what a director who scored the system there knows it by."""
        return self.dipvis_name or self.name

    def system(self) -> ScoringSystem:
        """The system itself, its family's module imported now."""
        return getattr(import_module(f"{__name__}.{self.module}"), self.value)


LISTED: tuple[Listed, ...] = tuple(Listed(*line) for line in LINES)
"""Every system, in the order of the issue's list (dipvis's): `tourneybook systems` and the Settings drop-down."""

SYSTEM_IDS: tuple[str, ...] = tuple(s.id for s in LISTED)
"""Every system's id, in the order of the issue's list (dipvis's): help texts and messages."""


def listed(system_id: str) -> Listed:
    """The registry line of the system with this id; :class:`UnknownSystem` names the known ids otherwise."""
    for line in LISTED:
        if line.id == system_id:
            return line
    raise UnknownSystem(f"unknown game-scoring system {system_id!r}; known: {', '.join(SYSTEM_IDS)}")


def find_system(system_id: str) -> ScoringSystem:
    """The system with this id, its module imported now; :class:`UnknownSystem` names the known ids otherwise."""
    return listed(system_id).system()


def __getattr__(name: str) -> Any:
    """``SYSTEMS`` (every system, each module imported) and the types of :mod:`.system`, loaded when asked for."""
    if name == "SYSTEMS":
        return tuple(line.system() for line in LISTED)
    if name in ("Need", "Numbers", "Parameter", "ScoringSystem"):
        return getattr(import_module(f"{__name__}.system"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LISTED", "SYSTEMS", "SYSTEM_IDS", "Listed", "Need", "Numbers", "Parameter", "ScoringSystem",
           "UnknownSystem", "find_system", "listed"]
