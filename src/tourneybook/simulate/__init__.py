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

FIRST = (
    "Anna Ben Carla Dieter Elena Felix Greta Hugo Ines Jonas Klara Luis Marta Nils Olga Pablo "
    "Quentin Rosa Sven Tanja Ugo Vera Willem Xenia Yusuf Zoe Aino Bruno Chiara Dmitri Emma Fabio"
).split()
LAST = (
    "Alvarez Brandt Conti Dorn Eriksen Fischer Garcia Hofmann Ivanova Jansen Keller Lopez Moreau "
    "Novak Olsen Petrov Quist Rossi Schmidt Torres Ullmann Vidal Weber Young Zimmer Berg Costa Duval"
).split()


def player_names(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct, realistic player names (reproducible from ``rng``)."""
    names: list[str] = []
    seen: set[str] = set()
    combos = [f"{f} {l}" for f in FIRST for l in LAST]
    rng.shuffle(combos)
    for i in range(count):
        name = combos[i % len(combos)]
        if i >= len(combos):
            name = f"{name} {i // len(combos) + 1}"
        if name in seen:  # cannot happen with the suffix, kept as a guard for edits of the lists
            raise AssertionError(name)
        seen.add(name)
        names.append(name)
    return names


def simulate(ruleset_id: str, players: int, seed: int = 1) -> Any:
    """A random valid tournament record of ``ruleset_id`` with ``players`` players."""
    from .simulators import SIMULATORS  # the family modules import player_names from here

    ruleset = find_ruleset(ruleset_id)
    return SIMULATORS[ruleset.id](ruleset, players, random.Random(f"{ruleset_id}:{players}:{seed}"))


def write_event(ruleset_id: str, players: int, out: str | Path, seed: int = 1, recalc: bool = True) -> Path:
    """Simulate a tournament, type it into a new workbook and (by default) recalculate it."""
    from ..workbook import template
    from ..workbook.layouts import find_layout
    from ..actions.on_file import recalc_file

    layout = find_layout(ruleset_id)
    record = simulate(ruleset_id, players, seed)
    path = template.write(out, layout, settings=record.settings, rows=layout.to_rows(record))
    if recalc:
        report = recalc_file(path)
        if not report.ok:
            raise InputError(list(report.problems))
    return path
