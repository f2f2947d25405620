"""One workbook layout per ruleset, each module named after its ruleset id and exporting ``LAYOUT``.

See :mod:`tourneybook.workbook.layout` for the interface they implement. :data:`LAYOUTS`
joins each layout to its ruleset by the ruleset's id: the rules name no layout, so
nothing in them points up to the workbook.
"""

from collections.abc import Mapping
from types import MappingProxyType

from ..layout import Layout
from . import cafe2023, carcassonne2004, cdiplo100, codcon2008, diplomacy_event, dss, fwc2022, italia2010, opentribute, sos

LAYOUTS: Mapping[str, Layout] = MappingProxyType(
    {module.LAYOUT.ruleset: module.LAYOUT for module in (fwc2022, cafe2023, carcassonne2004, codcon2008, italia2010,
                                                    diplomacy_event, sos, dss, cdiplo100, opentribute)}
)
"""Each ruleset's layout, by ruleset id (tests/test_every_ruleset.py checks that every ruleset has one)."""

__all__ = ["LAYOUTS"]
