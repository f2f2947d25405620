"""Pure scoring rules: one module per ruleset, and the one list of them.

>>> find_ruleset("fwc2022").name
'Friedrich World Championship 2022'
>>> [r.id for r in RULESETS][:2]
['fwc2022', 'cafe2023']
"""

from __future__ import annotations

from ..errors import UnknownRuleset
from . import cafe2023, carcassonne2004, cdiplo100, codcon2008, diplomacy_event, dss, fwc2022, italia2010, opentribute, sos
from .base import Family, FormProfile, Ruleset

RULESETS: tuple[Ruleset, ...] = (
    fwc2022.RULESET,
    cafe2023.RULESET,
    carcassonne2004.RULESET,
    codcon2008.RULESET,
    italia2010.RULESET,
    diplomacy_event.RULESET,
    sos.RULESET,
    dss.RULESET,
    cdiplo100.RULESET,
    opentribute.RULESET,
)
"""Every ruleset, in the order the help and the documentation list them: the registry."""

RULESET_IDS: tuple[str, ...] = tuple(r.id for r in RULESETS)
"""Their ids, for help texts and messages."""

STARTED_AS_THEMSELVES: tuple[Ruleset, ...] = tuple(r for r in RULESETS if r.id not in diplomacy_event.PRESETS)
"""The rulesets ``new`` starts as themselves, each with its template and example workbook: all but the older
Diplomacy ids, which start the Diplomacy event with their system (their workbooks and records still read)."""


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; :class:`UnknownRuleset` names the known ids otherwise.

    >>> find_ruleset("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tourneybook.errors.UnknownRuleset: unknown ruleset 'chess'; known: fwc2022, cafe2023, ...
    """
    for ruleset in RULESETS:
        if ruleset.id == ruleset_id:
            return ruleset
    raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}; known: {', '.join(RULESET_IDS)}")


__all__ = ["RULESETS", "RULESET_IDS", "STARTED_AS_THEMSELVES", "Family", "FormProfile", "Ruleset", "find_ruleset"]
