"""Pure scoring rules: one module per ruleset, found by id.

>>> find_ruleset("fwc2022").name
'Friedrich World Championship 2022'
"""

from __future__ import annotations

from importlib import import_module

from ..errors import UnknownRuleset
from .base import Ruleset

RULESET_IDS: tuple[str, ...] = ("fwc2022", "cafe2023", "carcassonne2004", "codcon2008", "italia2010")


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; :class:`UnknownRuleset` names the known ids otherwise."""
    if ruleset_id not in RULESET_IDS:
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}; known: {', '.join(RULESET_IDS)}")
    return import_module(f"{__name__}.{ruleset_id}").RULESET


def all_rulesets() -> list[Ruleset]:
    return [find_ruleset(r) for r in RULESET_IDS]
