"""Checking the organiser's input to a draw: players, history, keep-apart groups.

Every problem is collected and reported at once (:class:`~tourneybook.errors.InputError`),
located as 'players', 'history round 2, table 3' or 'keep-apart group 1'.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from ..errors import Collector, InputError, Problem
from ..frozen import frozen
from .model import Round


@frozen
class UnfilledBoards(Problem):
    """A round whose seats do not fill boards of seven: the TD asks players to sit out or play two boards (seed 003
    II.5). The numbers are kept for the layer that says how to ask them (a command's options, a sheet of sit-outs)."""

    players: int = 0
    """The field of the round."""
    sitting_out: int = 0
    """Those the TD has asked to sit out so far."""
    doubles: int = 0
    """Those the TD has asked to play two boards so far."""

    @classmethod
    def of(cls, number: int, players: int, sitting_out: int, doubles: int, board: int) -> UnfilledBoards:
        """The problem of round ``number``, in words: 22 players - 0 sitting out + 0 on two boards = 22 seats..."""
        seats = players - sitting_out + doubles
        short = seats % board
        return cls(f"{players} players - {sitting_out} sitting out + {doubles} on two boards = {seats} seats, "
                   f"not a multiple of {board}: ask {short} more to sit out or {board - short} more to play two boards",
                   f"round {number}", players=players, sitting_out=sitting_out, doubles=doubles)


def checked_inputs(
    players: Sequence[str], history: Sequence[Round], keep_apart: Sequence[Collection[str]], rng: random.Random
) -> tuple[Collector, tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """What every draw checks first: the rng, the field, the history and the keep-apart groups.

    Returns the collector holding their problems (the draw adds its own, then
    raises them all at once), the field and the keep-apart groups.
    """
    check_rng(rng)
    collector = input_collector()
    field = checked_players(players, collector)
    check_history(history, collector)
    return collector, field, checked_groups(keep_apart, field, collector)


def checked_players(players: Sequence[str], collector: Collector) -> tuple[str, ...]:
    """The field as a tuple; empty or repeated names are problems."""
    seen: set[str] = set()
    for position, name in enumerate(players, start=1):
        if not isinstance(name, str) or not name.strip():
            collector.add(f"player {position} has no name", "players")
        elif name in seen:
            collector.add(f"{name} is entered twice", "players")
        seen.add(name)
    return tuple(players)


def check_history(history: Sequence[Round], collector: Collector) -> None:
    """Played rounds must seat nobody twice at one table."""
    for rnd in history:
        for table in rnd.tables:
            names = table.players
            for name in sorted({n for n in names if names.count(n) > 1}):
                collector.add(f"{name} sits twice at this table", f"history round {rnd.number}, table {table.number}")


def checked_groups(
    keep_apart: Sequence[Collection[str]], players: Collection[str], collector: Collector
) -> tuple[tuple[str, ...], ...]:
    """Keep-apart groups (clubs, families) naming only players of the field."""
    known = set(players)
    groups = []
    for number, group in enumerate(keep_apart, start=1):
        members = tuple(dict.fromkeys(group))
        for name in members:
            if name not in known:
                collector.add(f"{name} is not in the field", f"keep-apart group {number}")
        groups.append(tuple(m for m in members if m in known))
    return tuple(g for g in groups if len(g) > 1)


def check_rng(rng: random.Random) -> None:
    """A seeded ``random.Random`` must be passed: a draw is reproducible from its seed."""
    if not isinstance(rng, random.Random):
        raise TypeError("rng must be a seeded random.Random")


def input_collector() -> Collector:
    return Collector(InputError)
