"""Turning seat numbers back into a readable :class:`~.model.DrawnRounds`, with the reasons.

Every compromise at a table is written on that table: a pair meeting again
(with how often), a keep-apart pair sharing it, a second 3-player table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cost import Meetings, copy_meetings
from .model import Round, Seat, DrawnTable

_ORDINALS = {2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return _ORDINALS.get(n, f"{n}th")


class Ledger:
    """Meetings counted round by round, so each table's reasons speak of that moment."""

    def __init__(self, meetings: Meetings, partners: Sequence[frozenset[int]], small_counts: Sequence[int],
                 table_word: str = "table", history: Sequence[Round] = ()):
        self.meet = copy_meetings(meetings)
        self.table_word = table_word  # a Diplomacy reason speaks of its board, as the seating sheet does
        self.partners = partners
        self.small_counts = list(small_counts)
        self.met_at: dict[frozenset[str], tuple[int, int]] = {}
        """Where each pair last shared a table: (round, table), so a rematch says where they met before."""
        for rnd in history:
            for t in rnd.tables:
                self._met(t.players, rnd.number, t.number)

    def _met(self, players: Sequence[str], number: int, table: int) -> None:
        unique = list(dict.fromkeys(players))
        for i, a in enumerate(unique):
            for b in unique[i + 1:]:
                self.met_at[frozenset((a, b))] = (number, table)

    def seat(self, table: Sequence[int], names: Sequence[str], number: int = 0, table_number: int = 0, *,
             small: bool) -> tuple[str, ...]:
        """Count one table (``table_number`` of round ``number``) and return its reasons."""
        reasons = []
        unique = list(dict.fromkeys(table))
        for i, a in enumerate(unique):
            for b in unique[i + 1 :]:
                self.meet[a][b] += 1
                self.meet[b][a] += 1
                count = self.meet[a][b]
                if count > 1:
                    before = self.met_at.get(frozenset((names[a], names[b])))
                    where = f" (last at {self.table_word} {before[1]} of round {before[0]})" if before else ""
                    reasons.append(f"rematch: {names[a]} and {names[b]} meet for the {ordinal(count)} time{where}")
                if b in self.partners[a]:
                    reasons.append(f"keep-apart broken: {names[a]} and {names[b]} share this {self.table_word}")
        self._met([names[p] for p in unique], number, table_number)
        if small:
            for a in unique:
                self.small_counts[a] += 1
                if self.small_counts[a] > 1:
                    reasons.append(
                        f"{names[a]} sits at a 3-player table for the {ordinal(self.small_counts[a])} time"
                    )
        return tuple(reasons)


def make_round(
    number: int,
    tables: Sequence[Sequence[int]],
    seat_labels: Callable[[int, Sequence[int]], Sequence[str]],
    names: Sequence[str],
    ledger: Ledger,
    small: Sequence[bool],
    extra_reasons: Callable[[int], Sequence[str]] = lambda t: (),
    sitting_out: Sequence[str] = (),
) -> Round:
    """A :class:`Round` from index tables; ``seat_labels(t, table)`` names each seat in order."""
    built = []
    for t, table in enumerate(tables):
        labels = seat_labels(t, table)
        reasons = ledger.seat(table, names, number, t + 1, small=small[t]) + tuple(extra_reasons(t))
        seats = tuple(Seat(label, names[p]) for label, p in zip(labels, table))
        built.append(DrawnTable(t + 1, seats, reasons))
    return Round(number, tuple(built), tuple(sitting_out))
