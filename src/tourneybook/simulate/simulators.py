"""Each ruleset's simulator, joined to it by the ruleset's id (the rules name no simulator)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from types import MappingProxyType

from ..rules.base import Ruleset
from . import carcassonne, diplomacy, friedrich

Simulator = Callable[[Ruleset, int, Random], object]
"""(ruleset, players, rng) -> a valid tournament record of that ruleset."""

SIMULATORS: Mapping[str, Simulator] = MappingProxyType({
    "fwc2022": friedrich.simulate,
    "cafe2023": friedrich.simulate,
    "carcassonne2004": carcassonne.simulate,
    "codcon2008": diplomacy.codcon,
    "italia2010": diplomacy.italia,
    "diplomacy": diplomacy.simulate,
    "sos": diplomacy.simulate,
    "dss": diplomacy.simulate,
    "cdiplo100": diplomacy.simulate,
    "opentribute": diplomacy.simulate,
})
"""By ruleset id (tests/test_every_ruleset.py checks that every ruleset has one)."""

__all__ = ["SIMULATORS", "Simulator"]
