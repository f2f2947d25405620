"""One workbook layout per ruleset, each module named after its ruleset id and exporting ``LAYOUT``; the registry.

The Diplomacy event's module (:mod:`.diplomacy_event`) makes the layout of each game scoring from what the
system needs; an older Diplomacy id (``sos``, ``dss``...) is that event with its system, and its layout that
event's with the sheets its workbooks were made with (:func:`.diplomacy_event.older_layout`).

See :mod:`tourneybook.workbook.layout` for the interface they implement. :data:`MODULES`
joins each layout to its ruleset by the ruleset's id (the rules name no layout, so
nothing in them points up to the workbook), and :func:`find_layout` imports a
layout's module when it is first asked for: reading a Friedrich workbook loads no
Diplomacy layout.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType

from ...rules import LISTED, Ruleset, find_ruleset
from ..layout import Layout

MODULES: Mapping[str, str] = MappingProxyType({
    "fwc2022": "fwc2022",
    "cafe2023": "cafe2023",
    "carcassonne2004": "carcassonne2004",
    "codcon2008": "codcon2008",
    "italia2010": "italia2010",
    "diplomacy": "diplomacy_event",
})
"""Each ruleset id -> the module here that holds its layout (tests/test_every_ruleset.py checks that every
ruleset has one); an older Diplomacy id's is made by the Diplomacy event's module."""


def find_layout(ruleset: str | Ruleset) -> Layout:
    """The workbook layout of a ruleset, its module imported now; :class:`~tourneybook.errors.UnknownRuleset` when
    the id is unknown.

    Given the ruleset as an event's Settings made it (:attr:`Ruleset.chosen`), the layout its settings
    choose (the Diplomacy event's Boards sheet for its game scoring); given an id, the ruleset's default
    (an older Diplomacy id's: the event's with its system, under that id).
    """
    if isinstance(ruleset, str):
        ruleset = find_ruleset(ruleset)
    if ruleset.id not in MODULES:  # an older Diplomacy id: the event's layout, with the sheets its workbooks have
        return import_module(f"{__name__}.diplomacy_event").older_layout(ruleset)
    layout = import_module(f"{__name__}.{MODULES[ruleset.id]}").LAYOUT
    return layout.chosen(ruleset.settings) if layout.chosen is not None else layout


def available_layouts() -> list[Layout]:
    """Every ruleset's layout, in registry order (each module imported)."""
    return [find_layout(r.id) for r in LISTED]


def shipped_layouts() -> list[Layout]:
    """The layouts with a template and an example workbook: those of the rulesets ``new`` starts as themselves
    (the older Diplomacy ids start the Diplomacy event, whose one template serves every game scoring)."""
    return [find_layout(r.id) for r in LISTED if r.started_as_itself]


__all__ = ["MODULES", "available_layouts", "find_layout", "shipped_layouts"]
