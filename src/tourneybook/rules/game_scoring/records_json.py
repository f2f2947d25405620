"""A board and the director's numbers from JSON (docs/formats/diplomacy.md): what ``tourneybook score ID`` reads.

The board is the Diplomacy game object every Diplomacy ruleset reads; beside its
keys an optional ``"numbers"`` object tunes the system, e.g. ``{"solo": 80}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...errors import Collector
from .. import records_json as read
from ..base import GameScore
from ..diplomacy import board_from_json
from .system import ScoringSystem


def numbers_from_json(data: Any, c: Collector) -> dict[str, Fraction]:
    """The numbers object: each key's exact number (problems to ``c``)."""
    if not isinstance(data, Mapping):
        c.add('numbers must be an object such as {"solo": 80}', "numbers")
        return {}
    numbers = {}
    for key, raw in data.items():
        value = read.exact(raw, str(key), "numbers", c)
        if value is not None:
            numbers[str(key)] = value
    return numbers


def score_from_json(system: ScoringSystem, data: Any) -> GameScore:
    """Score one board given as JSON with ``system``, tuned by its optional "numbers"; ValidationError with every
    problem otherwise."""
    c = Collector()
    numbers: dict[str, Fraction] = {}
    if isinstance(data, Mapping) and "numbers" in data:
        numbers = numbers_from_json(data["numbers"], c)
        data = {k: v for k, v in data.items() if k != "numbers"}
    c.raise_if_any()
    return system.scores(board_from_json(data, need_history=False), numbers)
