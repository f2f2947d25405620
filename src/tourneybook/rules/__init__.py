"""Pure scoring rules: one module per ruleset, and the one list of them, which loads a ruleset when it is asked for.

The list (:data:`LISTED`) holds each ruleset's id, family and module, so that
listing them (``--help``, the README) loads no ruleset, and finding one by id
imports its module then: a Friedrich recalc never loads a Diplomacy scorer.

>>> find_ruleset("fwc2022").name
'Friedrich World Championship 2022'
>>> RULESET_IDS[:2]
('fwc2022', 'cafe2023')
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..errors import UnknownRuleset
from ..frozen import frozen
from .base import Family, FormProfile, Ruleset


@frozen
class Listed:
    """One line of the registry: a ruleset as listing it needs, and the module that makes it."""

    id: str
    """The ruleset's id ('fwc2022')."""
    family: Family
    """The game it scores."""
    module: str
    """Its module in this package, whose ``RULESET`` it is; imported the first time the ruleset is asked for."""
    system: str = ""
    """An older Diplomacy id's game-scoring system: the id is an alias of the Diplomacy event (its ``module``) with
    that system, ``new`` starts the event with it, and its workbooks and records read as that event's; '' for a
    ruleset of its own."""

    @property
    def started_as_itself(self) -> bool:
        """Whether ``new`` starts it as itself, with a template and an example workbook of its own."""
        return not self.system


LISTED: tuple[Listed, ...] = (
    Listed("fwc2022", Family.FRIEDRICH, "fwc2022"),
    Listed("cafe2023", Family.FRIEDRICH, "cafe2023"),
    Listed("carcassonne2004", Family.CARCASSONNE, "carcassonne2004"),
    Listed("codcon2008", Family.DIPLOMACY, "codcon2008"),
    Listed("italia2010", Family.DIPLOMACY, "italia2010"),
    Listed("diplomacy", Family.DIPLOMACY, "diplomacy_event"),
    Listed("sos", Family.DIPLOMACY, "diplomacy_event", system="sos"),
    Listed("dss", Family.DIPLOMACY, "diplomacy_event", system="dss"),
    Listed("cdiplo100", Family.DIPLOMACY, "diplomacy_event", system="cdiplo100"),
    Listed("opentribute", Family.DIPLOMACY, "diplomacy_event", system="opentribute"),
)
"""Every ruleset, in the order the help and the documentation list them: the registry. The last four are the older
Diplomacy ids, each an alias of the Diplomacy event with one game-scoring system."""

RULESET_IDS: tuple[str, ...] = tuple(r.id for r in LISTED)
"""Their ids, for help texts and messages."""


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id, its module imported now; :class:`UnknownRuleset` names the known ids otherwise.

    >>> find_ruleset("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tourneybook.errors.UnknownRuleset: unknown ruleset 'chess'; known: fwc2022, cafe2023, ...
    """
    for listed in LISTED:
        if listed.id == ruleset_id:
            module = import_module(f"{__name__}.{listed.module}")
            return module.with_system(listed.id, listed.system) if listed.system else module.RULESET
    raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}; known: {', '.join(RULESET_IDS)}")


def rulesets(family: Family | None = None) -> tuple[Ruleset, ...]:
    """Every ruleset (of ``family``, when given), in registry order: each one's module is imported."""
    return tuple(find_ruleset(r.id) for r in LISTED if family in (None, r.family))


def __getattr__(name: str) -> Any:
    """``RULESETS`` and ``STARTED_AS_THEMSELVES``: every ruleset's value, loaded when first asked for."""
    if name == "RULESETS":
        return rulesets()
    if name == "STARTED_AS_THEMSELVES":
        return tuple(find_ruleset(r.id) for r in LISTED if r.started_as_itself)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LISTED", "RULESETS", "RULESET_IDS", "STARTED_AS_THEMSELVES", "Family", "FormProfile", "Listed", "Ruleset",
           "find_ruleset", "rulesets"]
