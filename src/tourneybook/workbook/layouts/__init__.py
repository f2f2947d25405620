"""One workbook layout per ruleset, each module named after its ruleset id and exporting ``LAYOUT``.

The Diplomacy event's module (:mod:`.diplomacy_event`) makes the layout of each game scoring from what the
system needs; :mod:`.older_diplomacy` holds the layouts of the older Diplomacy ids, one line each.

See :mod:`tourneybook.workbook.layout` for the interface they implement. :data:`LAYOUTS`
joins each layout to its ruleset by the ruleset's id: the rules name no layout, so
nothing in them points up to the workbook.
"""

from collections.abc import Mapping
from types import MappingProxyType

from ..layout import Layout
from . import cafe2023, carcassonne2004, codcon2008, diplomacy_event, fwc2022, italia2010, older_diplomacy

LAYOUTS: Mapping[str, Layout] = MappingProxyType(
    {layout.ruleset: layout for layout in (*(module.LAYOUT for module in (fwc2022, cafe2023, carcassonne2004, codcon2008,
                                                                          italia2010, diplomacy_event)),
                                           *older_diplomacy.LAYOUTS)}
)
"""Each ruleset's layout, by ruleset id (tests/test_every_ruleset.py checks that every ruleset has one)."""

__all__ = ["LAYOUTS"]
