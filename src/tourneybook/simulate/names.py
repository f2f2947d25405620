"""Realistic, reproducible player names for simulated events."""

from __future__ import annotations

import random

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


__all__ = ["FIRST", "LAST", "player_names"]
