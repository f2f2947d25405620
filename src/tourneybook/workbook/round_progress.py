"""How far the standings have got: the rounds they count, and the rounds only partly entered.

A Friedrich round enters the standings only when every table's result is in
(layouts/friedrich.py); a Carcassonne table or a Diplomacy board counts as soon as
it is entered. Either way a round partly entered is said, on the Issues sheet, in
``recalc``'s output and on the hall's projector ("after round 2"), so that standings
that did not move after one table was typed are not taken for a mistake.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..frozen import frozen
from .draw_rows import DrawSheet, EntryRound, draw_headers


@frozen
class PartRound:
    """A round some of whose drawn tables have a result and some not."""

    number: int
    entered: int
    tables: int


@frozen
class RoundsCounted:
    """The rounds the standings count, and the rounds partly entered (issue 29, point 8)."""

    whole: tuple[int, ...]
    """The rounds every drawn table of which has a result, in order."""
    partly: tuple[PartRound, ...] = ()
    table_word: str = "table"
    """'table' or 'board', as the draw sheet says."""
    whole_rounds_only: bool = True
    """The standings count a round only once it is complete (Friedrich); else each table as it is entered."""

    @property
    def through(self) -> int:
        """The last round counted whole with every round before it (0: none): the 'after round N' of a heading."""
        n = 0
        while n + 1 in self.whole:
            n += 1
        return n

    def heading(self) -> str:
        """What a standings heading adds: 'after round 2' ('' before any round is counted)."""
        if not self.through:
            return ""
        if self.partly and not self.whole_rounds_only:
            part = self.partly[0]
            return (f"after round {self.through} and {part.entered} of {part.tables} {self.table_word}s "
                    f"of round {part.number}")
        return f"after round {self.through}"

    def sentences(self) -> tuple[str, ...]:
        """One per partly entered round: 'round 3: 1 of 5 tables entered; the standings count rounds 1-2'."""
        counted = _rounds_text(self.whole)
        said = []
        for part in self.partly:
            tables = f"{part.entered} of {part.tables} {self.table_word}s entered"
            if self.whole_rounds_only:
                rest = (f"the standings count {counted}" if counted else "the standings count no round yet")
                said.append(f"round {part.number}: {tables}; {rest} (a round counts once every {self.table_word} "
                            "is entered)")
            else:
                whole = f" and {counted} whole" if counted else ""
                said.append(f"round {part.number}: {tables}; the standings count those {part.entered}{whole}")
        return tuple(said)


def rounds_counted(rounds: Mapping[int, EntryRound], family: DrawSheet, *, whole_rounds_only: bool) -> RoundsCounted:
    """The rounds the standings count, from the draw sheet's rounds (:func:`.draw_rows.entry_rounds`).

    A table counts as entered when a cell beyond the draw's (a result, a start time) holds something,
    as the draw itself tells a played round; ``whole_rounds_only``: the layout's (:attr:`.layout.Layout.whole_rounds_only`).
    """
    drawn = set(draw_headers(family))
    columns = [c.header for c in family.schema.columns if c.header not in drawn]
    whole, partly = [], []
    for number, entry in sorted(rounds.items()):
        tables: dict[object, bool] = {}
        for row in entry.rows:
            typed = any(row[h] is not None for h in columns)
            tables[row[family.table]] = tables.get(row[family.table], False) or typed
        entered = sum(tables.values())
        if entered == len(tables):
            whole.append(number)
        elif entered:
            partly.append(PartRound(number, entered, len(tables)))
    return RoundsCounted(tuple(whole), tuple(partly), family.table.lower(), whole_rounds_only=whole_rounds_only)


def _rounds_text(numbers: Sequence[int]) -> str:
    """'round 1', 'rounds 1-2', 'rounds 1, 3'."""
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"rounds {numbers[0]}-{numbers[-1]}"
    return "rounds " + ", ".join(map(str, numbers))


__all__ = ["PartRound", "RoundsCounted", "rounds_counted"]
