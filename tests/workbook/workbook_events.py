"""Carcassonne 2004 events for the workbook tests (records; conftest.py types them into workbooks).

Eight players, two preliminary rounds of two tables. Cell map (rows from 4):
Players A4:A11; Preliminary rows 4-7 = R1 T1, R1 T2, R2 T1, R2 T2 with columns
A Round, B Table, C/D Player 1/VP 1, E/F, G/H, I/J; Settings B4 ruleset, B5
tournament, then Preliminary rounds (row 6), Knock-out size (7), Most 3-player
tables (8); Adjustments A Player, B Points, C Reason.
"""

from __future__ import annotations

import random

from tourneybook.rules.carcassonne2004 import PreliminaryTable, Settings, Tournament, VpResult

NAMES = ("Anna Berg", "Bruno Costa", "Chiara Dini", "David Eck", "Eva Fink", "Femke Gold", "Gus Hart", "Hana Ito")


def seats(*pairs: tuple[str, int]) -> tuple[VpResult, ...]:
    return tuple(VpResult(p, vp) for p, vp in pairs)


def small_event() -> Tournament:
    a, b, c, d, e, f, g, h = NAMES
    tables = (
        PreliminaryTable(1, 1, seats((a, 92), (b, 88), (c, 70), (d, 50))),
        PreliminaryTable(1, 2, seats((e, 101), (f, 77), (g, 77), (h, 60))),
        PreliminaryTable(2, 1, seats((a, 64), (e, 90), (c, 81), (g, 55))),
        PreliminaryTable(2, 2, seats((b, 70), (f, 99), (d, 70), (h, 83))),
    )
    return Tournament(NAMES, tables, settings=Settings(tournament="Workbook Test Open"))


def random_event(players: int, rounds: int = 4, seed: int = 1, name: str = "Random Open") -> Tournament:
    """A preliminary of ``players`` (tables of 4, the rest at up to three tables of 3), random VP."""
    rng = random.Random(seed)
    names = tuple(f"Player {i:04d}" for i in range(1, players + 1))
    threes = next(b for b in range(4) if (players - 3 * b) % 4 == 0)
    tables = []
    for rnd in range(1, rounds + 1):
        order = list(names)
        rng.shuffle(order)
        sizes = [4] * ((players - 3 * threes) // 4) + [3] * threes
        start = 0
        for no, size in enumerate(sizes, start=1):
            tables.append(PreliminaryTable(rnd, no, tuple(VpResult(p, rng.randint(30, 160)) for p in order[start : start + size])))
            start += size
    return Tournament(names, tuple(tables), settings=Settings(tournament=name, knockout_size=16 if players >= 16 else 0))
