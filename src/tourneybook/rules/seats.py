"""The seats each game deals, and nothing else: Friedrich's roles, Diplomacy's powers and their theatres.

Drawing seats needs these names but none of the scoring: a Friedrich draw reads them from here without loading the
Diplomacy rules, and a Diplomacy draw without loading Friedrich's (issue 40). The rulesets re-export them.
"""

from __future__ import annotations

from enum import Enum

from ..errors import Collector
from . import records_json as read


class Role(Enum):
    """A player's role at a Friedrich table (GFTR B)."""

    FREDERICK = "Frederick"
    """Plays Prussia (with Hanover)."""
    ELISABETH = "Elisabeth"
    """Plays Russia and Sweden."""
    MARIA_THERESA = "Maria Theresa"
    """Plays Austria and the Imperial Army."""
    POMPADOUR = "Pompadour"
    """Plays France."""

    # a member is the only one of its kind: hashed by identity, in C, not by its name in Python
    # (every game's scoring and seating looks roles and nations up in dicts: 100,000 times at 1,000 players)
    __hash__ = object.__hash__


class Power(Enum):
    """The seven great powers, in the order orders are read (003 IV.6)."""

    AUSTRIA = "Austria"
    """Austria-Hungary."""
    ENGLAND = "England"
    """England."""
    FRANCE = "France"
    """France."""
    GERMANY = "Germany"
    """Germany."""
    ITALY = "Italy"
    """Italy."""
    RUSSIA = "Russia"
    """Russia, the only power starting with four centres."""
    TURKEY = "Turkey"
    """Turkey."""

    __hash__ = object.__hash__  # as Role's: every board's checks, scoring and seating look powers up in dicts

    @property
    def starting_centres(self) -> int:
        """Home centres at the start: Russia 4, the others 3."""
        return 4 if self is Power.RUSSIA else 3


class Theatre(Enum):
    """The theatres that seating spreads a player's powers over (003 II.4)."""

    WEST = "West"
    """Western theatre."""
    CENTRAL = "Central"
    """Central theatre."""
    EAST = "East"
    """Eastern theatre."""


DEFAULT_THEATRES = "West: England, France; Central: Germany, Italy, Austria; East: Russia, Turkey"
"""RULES.md, CODCon 2008: the default split, as written on the Settings sheet."""


def parse_theatres(text: str) -> dict[Power, Theatre]:
    """The theatre of each power from 'West: England, France; Central: ...; East: ...'.

    Every power must be in exactly one theatre; otherwise ValidationError.
    """
    problems = Collector()
    mapping: dict[Power, Theatre] = {}
    for part in str(text).split(";"):
        if not part.strip():
            continue
        name, sep, members = part.partition(":")
        theatre = read.member(Theatre, name.strip(), "theatre", "settings, theatres", problems)
        if not sep:
            problems.add(f"'{part.strip()}' needs the form 'Theatre: Power, Power'", "settings, theatres")
            continue
        for member in members.split(","):
            power = read.member(Power, member.strip(), "power", "settings, theatres", problems)
            if power is None or theatre is None:
                continue
            if power in mapping:
                problems.add(f"{power.value} is in two theatres", "settings, theatres")
            mapping[power] = theatre
    for power in Power:
        if power not in mapping:
            problems.add(f"{power.value} is in no theatre", "settings, theatres")
    problems.raise_if_any()
    return mapping
