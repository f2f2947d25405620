"""Random Diplomacy event days drawn by :func:`draw_diplomacy` alone, each round measured against the yardstick.

The workbook's days (tests/draws/event_days.py) cost seconds each in files;
these cost a fraction of one, so a test can run dozens. A day: 16-60 players
with clubs of one of :data:`.event_days.CLUB_KINDS` (the keep-apart groups),
three rounds; before rounds 2 and 3 up to two withdraw, up to two arrive late
and up to two are absent; the boards are filled as the TD asks, by sit-outs
or by double boards (chosen at random, as the workbook's draw would take
them). Each round after the first is compared with
:func:`.round_search.anneal` of the same boards.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from tourneybook.draws import Family, draw_diplomacy

from .event_days import CLUB_KINDS
from .round_search import RoundFigures, anneal, round_figures

BOARD = 7


@dataclass
class DiplomacyDay:
    """What one day drew: per round after the first, its number, our figures, the search's, and the draw's CPU."""

    seed: int
    players: int
    clubs: str
    fill: str
    rounds: list[tuple[int, RoundFigures, RoundFigures, float]] = field(default_factory=list)

    @property
    def dominated(self) -> list[tuple[int, RoundFigures, RoundFigures, float]]:
        return [r for r in self.rounds if r[2].dominates(r[1])]


def _clubs(rng: random.Random, names: list[str], kind: str) -> list[list[str]]:
    if kind == "none":
        return []
    if kind == "mixed":
        clubs: dict[int, list[str]] = {}
        for i, name in enumerate(names):
            if rng.random() < 0.7:
                clubs.setdefault(min(i // 3, 4), []).append(name)
        return [c for c in clubs.values() if len(c) > 1]
    size = rng.randint(2, 4) if kind == "small" else rng.randint(5, 9)
    return [names[i:i + size] for i in range(0, len(names), size) if len(names[i:i + size]) > 1]


def _shape(rng: random.Random, low: int, high: int) -> tuple[int, str, str]:
    return rng.randint(low, high), rng.choice(CLUB_KINDS), rng.choice(["sit-out", "double"])


def day_shape(seed: int, low: int = 16, high: int = 60) -> tuple[int, str, str]:
    """The players, the kind of clubs and how boards are filled on the day of ``seed``, without drawing it."""
    return _shape(random.Random(seed), low, high)


def diplomacy_day(seed: int, *, low: int = 16, high: int = 60, steps: int = 100) -> DiplomacyDay:
    """One day of ``seed`` (see the module docstring); the yardstick anneals ``steps`` per seat."""
    rng = random.Random(seed)
    n, kind, fill = _shape(rng, low, high)
    names = [f"P{i:03}" for i in range(n)]
    groups = _clubs(rng, names, kind)
    day = DiplomacyDay(seed, n, kind, fill)
    entered, history, late = list(names), (), 0
    for number in (1, 2, 3):
        if number > 1:
            for _ in range(rng.randint(0, 2)):
                entered.remove(rng.choice(entered))
            for _ in range(rng.randint(0, 2)):
                late += 1
                entered.append(f"Late {late}")
        playing = [p for p in entered if p not in rng.sample(entered, rng.randint(0, 2))]
        short = -len(playing) % BOARD
        sitting, doubling = [], []
        if fill == "double" and short and len(playing) + short >= 2 * BOARD:
            doubling = rng.sample(playing, short)
        elif short:
            sitting = rng.sample(playing, len(playing) % BOARD)
        start = time.process_time()
        present = [kept for kept in ([p for p in g if p in playing] for g in groups) if len(kept) > 1]
        drawn = draw_diplomacy(playing, 1, history, present, rng=random.Random(seed * 10 + number),
                               sit_outs={number: sitting}, doubles={number: doubling}).rounds[0]
        seconds = time.process_time() - start
        if history:
            seated = {s.player for t in drawn.tables for s in t.seats}
            present = [[p for p in g if p in seated] for g in present]
            ours = round_figures(Family.DIPLOMACY, drawn, history, present)
            seats = sum(len(t.seats) for t in drawn.tables)
            theirs = anneal(Family.DIPLOMACY, drawn, history, present, rng=random.Random(seed), steps=steps * seats)
            day.rounds.append((number, ours, theirs, seconds))
        history = (*history, drawn)
    return day


__all__ = ["DiplomacyDay", "day_shape", "diplomacy_day"]
