"""Random but valid tournaments, for demos, example workbooks and benchmarks.

Each ruleset family has a module here; :data:`.simulators.SIMULATORS` joins each
ruleset to its simulator by id, called as ``simulator(ruleset, players, rng) -> tournament
record``: seats drawn with :mod:`tourneybook.draws`, results drawn
so that every record passes the ruleset's own validation. A workbook is then
typed from the record through the ruleset's workbook layout, exactly as an
organiser would have typed it, and recalculated.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..rules import find_ruleset


def simulate(ruleset_id: str, players: int, seed: int = 1, scoring: str | None = None) -> Any:
    """A random valid tournament record of ``ruleset_id`` with ``players`` players; ``scoring``: the Diplomacy
    event's game-scoring system (an id or a name; InputError for another ruleset). One seed seats and plays the
    same games whatever the system; each system's boards end the ways it reads (simulate/diplomacy.py)."""
    from ..rules.diplomacy_event import starting_settings
    from .simulators import SIMULATORS  # each family's simulator is loaded when asked for

    ruleset = find_ruleset(ruleset_id)
    if scoring is not None:
        settings = starting_settings(ruleset, scoring)  # InputError for a ruleset that scores by its own rules
        ruleset = ruleset.chosen(settings)
    return SIMULATORS[ruleset.id](ruleset, players, random.Random(f"{ruleset_id}:{players}:{seed}"))


def write_event(ruleset_id: str, players: int, out: str | Path, seed: int = 1, recalc: bool = True,
                scoring: str | None = None) -> Path:
    """Simulate a tournament (``scoring``: as :func:`simulate`), type it into a new workbook and (by default)
    recalculate it."""
    from ..workbook import template
    from ..workbook.layouts import find_layout
    from ..actions.on_file import recalc_file

    record = simulate(ruleset_id, players, seed, scoring)
    layout = find_layout(ruleset_id)
    if layout.chosen is not None:  # the columns of the Settings' choice (the Diplomacy event's system: In draw...)
        layout = layout.chosen(record.settings)
    path = template.write(out, layout, settings=record.settings, rows=layout.to_rows(record))
    if recalc:
        report = recalc_file(path)
        if not report.ok:
            raise InputError(list(report.problems))
    return path


def write_examples(folder: str | Path) -> list[Path]:
    """The shipped Friedrich example workbooks, ``<ruleset>-example.xlsx`` in ``folder``, recalculated (seed 1)."""
    from .friedrich import EXAMPLES

    return [
        write_event(ruleset_id, players, Path(folder) / f"{ruleset_id}-example.xlsx", seed=1)
        for ruleset_id, players in EXAMPLES.items()
    ]
