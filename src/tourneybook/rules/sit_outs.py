"""Rounds a Diplomacy player sat out because the TD asked: Italia 2010 and the Diplomacy event record them alike.

Seed 004 section 6: "The TD can offer you points to sit out a round"; the
points are each event's setting (Italia 2010: 50; the Diplomacy event: its
Settings row "Sit-out points"). A sit-out is the TD's request, so a withdrawn
or absent player has none (docs/attendance.md), a player who plays that round
does not sit out, and each (round, player) is entered once. The record is the
same in a workbook (the Sit-outs sheet: Round, Player) and in JSON
("sit_outs": [{"round": 2, "player": "Ann"}], docs/formats/diplomacy.md).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from ..errors import Collector, Problem
from ..frozen import frozen
from . import records_json as read
from .attendance import Attendance, seating_problems

TD_REQUEST = "sat out at the TD's request"
"""What a sit-out's row says on the result sheets (Italia's Results counted, the Diplomacy event's Games counted)."""


@frozen
class SitOut:
    """A round a player sat out because the TD asked (004 section 6)."""

    round: int
    player: str


def where(sit: SitOut) -> str:
    """How a problem names a sit-out: 'round 2, Ann' (the workbook finds its Sit-outs row by it)."""
    return f"round {sit.round}, {sit.player}"


def sit_out_problems(sit_outs: Iterable[SitOut], playing: Collection[tuple[int, str]],
                     attendance: Iterable[Attendance]) -> list[Problem]:
    """A sit-out of a player not there that round (a withdrawal is no sit-out), of a player who plays that round
    (``playing``: (round, player) of every seat), or entered twice."""
    sit_outs = tuple(sit_outs)
    c = Collector()
    c.extend(seating_problems(attendance, ((s.round, s.player, where(s)) for s in sit_outs)))
    seen: set[tuple[int, str]] = set()
    for sit in sit_outs:
        c.check((sit.round, sit.player) not in playing, "sits out and plays in the same round", where(sit))
        c.check((sit.round, sit.player) not in seen, "sit-out entered twice", where(sit))
        seen.add((sit.round, sit.player))
    return c.problems


def sit_outs_from_dict(data: Mapping[str, Any], c: Collector) -> tuple[SitOut, ...]:
    """The record's "sit_outs": each {"round": n, "player": name}; problems go to ``c``."""
    found = []
    for i, raw in enumerate(read.items(data, "sit_outs", "tournament", c)):
        at = f"sit-out {i + 1}"
        r = read.record(raw, "a sit-out", at, c, ("round", "player"))
        rnd, player = read.whole(r.get("round"), "round", at, c, 1), read.name(r.get("player"), "player", at, c)
        if rnd is not None and player is not None:
            found.append(SitOut(rnd, player))
    return tuple(found)


__all__ = ["SitOut", "TD_REQUEST", "sit_out_problems", "sit_outs_from_dict", "where"]
