"""Attendance: late arrivals and withdrawals, the same for every ruleset (docs/attendance.md).

The organiser enters attendance once, on the Players sheet: the first round a
late arrival plays, and the last round a withdrawn player played. The rules use
it three ways, each here as a pure function:

- seating: nobody plays a round they are not there for (a result after the
  withdrawal, or before the first round, is a problem at that game);
- marks: a withdrawn or late player stays in the standings with the games
  played, and the standings say so beside their name;
- who may go on: the players eligible for a final or knock-out, in ranking
  order (the next in the ranking moves up).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from ..errors import Problem
from ..frozen import frozen
from .ranking import Standings


@frozen
class Attendance:
    """When one player is at the event; a player without a record plays every round."""

    player: str
    from_round: int = 1
    """The first round played (more than 1: a late arrival)."""
    withdrew_after: int | None = None
    """The last round played before withdrawing; None: plays on."""
    note: str = ""
    """The organiser's reason (illness, train late), shown with the mark."""
    absent: frozenset[int] = frozenset()
    """Rounds between the first and the last that the player does not play (the roll call, seed 003 II.1-2)."""

    def plays(self, round_number: int) -> bool:
        return (self.from_round <= round_number and (self.withdrew_after is None or round_number <= self.withdrew_after)
                and round_number not in self.absent)

    @property
    def missed(self) -> bool:
        """Fewer rounds than the others: a late arrival, or absent from a round at the roll call."""
        return self.late or bool(self.absent)

    @property
    def withdrawn(self) -> bool:
        return self.withdrew_after is not None

    @property
    def late(self) -> bool:
        return self.from_round > 1

    def mark(self) -> str:
        """The standings' mark: 'withdrew after round 2 (ill)', 'from round 2', or both."""
        parts = []
        if self.late:
            parts.append(f"from round {self.from_round}")
        if self.absent:
            parts.append(f"absent in {rounds_text(self.absent)}")
        if self.withdrawn:
            parts.append(f"withdrew after round {self.withdrew_after}")
        text = ", ".join(parts)
        return f"{text} ({self.note})" if text and self.note else text


def order_problem(from_round: int, withdrew_after: int | None) -> str | None:
    """Why a withdrawal before the player's first round cannot be, or None: the Players sheet and a JSON
    record say the same (each adds where the player is and what to clear)."""
    if withdrew_after is None or withdrew_after >= from_round:
        return None
    return (f"withdrew after round {withdrew_after}, before their first round {from_round}: "
            "a withdrawal is the last round played")


def rounds_text(numbers: Iterable[int]) -> str:
    """'round 2' or 'rounds 2, 4': the rounds a mark or a message names."""
    ordered = sorted(numbers)
    return f"round{'s' if len(ordered) > 1 else ''} {', '.join(map(str, ordered))}"


def range_problem(from_round: int, withdrew_after: int | None, absent: Iterable[int], rounds: int) -> str | None:
    """Why a player's attendance names a round the event does not have (``rounds`` in all), or None."""
    if from_round > rounds:
        return f"arrives for round {from_round}, but the event has {rounds} rounds: type a round from 1 to {rounds}"
    if withdrew_after is not None and withdrew_after > rounds:
        return (f"withdrew after round {withdrew_after}, but the event has {rounds} rounds: type the last round "
                f"they played (1 to {rounds}), or clear the cell if they play on")
    beyond = sorted(n for n in absent if n > rounds)
    if beyond:
        return f"absent in {rounds_text(beyond)}, but the event has {rounds} rounds: type rounds from 1 to {rounds}"
    return None


def by_player(attendance: Iterable[Attendance]) -> dict[str, Attendance]:
    return {a.player: a for a in attendance}


def plays(attendance: Mapping[str, Attendance], player: str, round_number: int) -> bool:
    """Whether ``player`` is there for ``round_number`` (no record: every round)."""
    record = attendance.get(player)
    return record is None or record.plays(round_number)


def seating_problems(attendance: Iterable[Attendance], seats: Iterable[tuple[int, str, str]]) -> list[Problem]:
    """A player seated in a round they are not there for; ``seats`` are (round, player, where)."""
    records = by_player(attendance)
    problems = []
    for number, player, where in seats:
        a = records.get(player) if isinstance(player, str) else None  # a malformed record is reported elsewhere
        if a is None or not isinstance(number, int) or a.plays(number):
            continue
        if number in a.absent:
            problems.append(Problem(f"{player} plays in round {number}, but is absent in round {number} "
                                    "(Players, Absent in rounds): correct one of them", where))
        elif number < a.from_round:
            problems.append(Problem(f"{player} plays in round {number}, but arrives for round {a.from_round} "
                                    "(Players, From round): correct the From round or the seat", where))
        else:
            problems.append(Problem(f"{player} plays in round {number}, after withdrawing after round "
                                    f"{a.withdrew_after} (Players, Withdrew after round): correct one of them", where))
    return problems


def marked(standings: Standings, attendance: Iterable[Attendance]) -> Standings:
    """The standings with each withdrawn or late player's mark on their row."""
    records = by_player(attendance)
    if not any(r.player in records for r in standings.rows):
        return standings
    rows = tuple(replace(r, mark=records[r.player].mark()) if r.player in records else r for r in standings.rows)
    return replace(standings, rows=rows)


STAND_IN_MARK = "stand-in"
"""Printed after a stand-in's name (forms, seating list): their score does not count (RULES.md)."""


def with_mark(name: str, mark: str, said: str | None = None) -> str:
    """A name as printed with its mark, 'Anna Berg (stand-in)', or with ``said``, the mark in the players' language
    ('Anna Berg (suplente)'); a mark the name already says is not said again ('Stand-in 1', not 'Stand-in 1
    (stand-in)'). The one rule for the paper forms and the seating list."""
    name = name.strip()
    return f"{name} ({mark if said is None else said})" if mark and mark.casefold() not in name.casefold() else name


def eligible(order: Sequence[str], attendance: Iterable[Attendance], *, withdrawn: bool = False, late: bool = True) -> list[str]:
    """The ranking without the players who may not go on (a final, a knock-out): the next move up.

    ``withdrawn``: a withdrawn player may go on; ``late``: a late arrival may, and so may a player
    absent from a round at the roll call (both have fewer games than the others).
    """
    records = by_player(attendance)

    def may(player: str) -> bool:
        a = records.get(player)
        return a is None or ((withdrawn or not a.withdrawn) and (late or not a.missed))

    return [p for p in order if may(p)]


def passed_over(order: Sequence[str], chosen: Sequence[str], places: int) -> list[str]:
    """Who is ranked above the last of ``chosen`` (or among the first ``places``) but not chosen: every player
    passed over, for the note naming them (a late 5th and a withdrawn 7th when the 8th moved up)."""
    chosen_set = set(chosen)
    last = max((i for i, p in enumerate(order) if p in chosen_set), default=-1)
    return [p for p in order[:max(places, last + 1)] if p not in chosen_set]


__all__ = ["STAND_IN_MARK", "Attendance", "by_player", "eligible", "marked", "order_problem", "passed_over", "plays", "range_problem",
           "rounds_text", "seating_problems", "with_mark"]
