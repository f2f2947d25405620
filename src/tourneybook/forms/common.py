"""What every form shares: where it is played and who sits there, checked once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field

import re

from ..errors import Collector
from ..frozen import frozen
from ..i18n import ENGLISH_WORDS, N_, Words
from ..rules.attendance import with_mark

DEFAULT_YEARS = 7
"""A Diplomacy centre-count sheet's years of Fall columns: games last 7 years unless the TD announces otherwise
(seed 004, 3.1; RULES.md). Here, not with the sheet, because every family's forms take the option."""

MAX_YEARS = 20
"""More columns than this would not print legibly on one page."""


def check_place(problems: Collector, where: str, tournament: object, round: object, table: object) -> None:
    """Tournament name is text; round and table are whole numbers from 1, or None (blank form)."""
    problems.check(isinstance(tournament, str), f"tournament name must be text, not {tournament!r}", where)
    for name, value in (("round", round), ("table", table)):
        if value is None:
            continue
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 1
        problems.check(ok, f"{name} must be a whole number from 1, not {value!r}", where)


def check_names(problems: Collector, where: str, names: Sequence[object], count: int, seats: str) -> None:
    """Exactly ``count`` names, each text ('' for an empty seat), none seated twice."""
    if not problems.check(len(names) == count, f"{count} {seats} expected, {len(names)} given", where):
        return
    seen: set[str] = set()
    for name in names:
        if not problems.check(isinstance(name, str), f"player name must be text, not {name!r}", where):
            continue
        key = " ".join(name.split()).casefold()
        problems.check(not key or key not in seen, f"{name.strip()} is seated twice", where)
        seen.add(key)


def names_in_seat_order(by_seat: Mapping[str, str] | None, seats: Sequence[str], kind: str, where: str) -> tuple[str, ...]:
    """Names in ``seats`` order from names by seat ('France': 'Anna', ...); a missing seat stays blank ('').

    A seat not in ``seats`` is refused, every one named ('unknown power 'Prussia'; powers: ...').
    """
    by_seat = dict(by_seat or {})
    problems = Collector()
    for seat in by_seat:
        problems.check(seat in seats, f"unknown {kind} {seat!r}; {kind}s: {', '.join(seats)}", where)
    problems.raise_if_any()
    return tuple(by_seat.get(seat, "") for seat in seats)


def check_marks(problems: Collector, where: str, marks: Sequence[object], players: Sequence[str]) -> None:
    """Marks are text, one per seat ('' for none), and only beside a seated name."""
    if not marks:
        return
    if not problems.check(len(marks) == len(players), f"{len(players)} marks expected, {len(marks)} given", where):
        return
    for mark, name in zip(marks, players):
        if problems.check(isinstance(mark, str), f"a mark must be text, not {mark!r}", where):
            problems.check(not mark or bool(name), f"the mark {mark!r} is beside an empty seat", where)


def marks_in_seat_order(by_seat: Mapping[str, str] | None, seats: Sequence[str]) -> tuple[str, ...]:
    """Marks in ``seats`` order from marks by seat; () when there are none."""
    by_seat = dict(by_seat or {})
    return tuple(by_seat.get(seat, "") for seat in seats) if any(by_seat.values()) else ()


def shown_name(players: Sequence[str], marks: Sequence[str], seat: int, words: Words = ENGLISH_WORDS) -> str:
    """The name in seat ``seat`` (0-based) as printed: 'Anna Berg (stand-in)', its mark in ``words``' language; a
    mark the name already says is not said again ('Stand-in 1', not 'Stand-in 1 (stand-in)')."""
    mark = marks[seat] if marks else ""
    return with_mark(players[seat], mark, said_mark(mark, words))


MARK_WORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"stand-in"), N_("stand-in")),
    (re.compile(r"also table (?P<number>\d+)"), N_("also table {number}")),
    (re.compile(r"also board (?P<number>\d+)"), N_("also board {number}")),
    (re.compile(r"seat code (?P<code>\S+)"), N_("seat code {code}")),
)
"""The marks printed after a name (the Players sheet's stand-ins, a player on two boards, the live seat code),
as the forms make them in English, and their messages."""


def said_mark(mark: str, words: Words = ENGLISH_WORDS) -> str:
    """A mark ('stand-in, seat code K7QM') in ``words``' language, part by part; a part it does not know as it is."""
    parts = []
    for part in mark.split(", "):
        found = next(((m, message) for pattern, message in MARK_WORDS if (m := pattern.fullmatch(part))), None)
        parts.append(words._(found[1]).format(**found[0].groupdict()) if found else part)
    return ", ".join(parts)


@frozen
class ReportSection:
    """A part of a paper form that the players fill in, as the phone's report groups it (:mod:`tourneybook.live`).

    The paper form prints the ``title`` as its section heading, and the phone shows the same words above the
    same entries: one definition for both, so the phone's report is grouped and worded as the form is.
    """

    title: str
    """The section's heading, as printed."""
    headers: tuple[str, ...]
    """The entry sheet's columns the section holds (the ruleset's entry row follows the paper form), in order."""
    optional: bool = False
    """Something that happens in some games only (an Offensive Option): the phone asks first whether it did."""
    only_when: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """header -> (another header, its value): an entry asked only after that answer ('called off' -> its turn)."""
    several: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """header -> the words ticked on the form ('Won ✓' per nation): the phone offers a tick-box per word and
    sends the ticked ones joined by commas, as the cell takes them."""
    by_seat: bool = False
    """One line per seat (a Carcassonne slip's victory points, a board's powers), the seat's player beside it."""
    grid: "FormGrid | None" = None
    """The section as the paper prints it, a row per nation with its figures side by side: the phone lays it out
    the same way (None: its entries one after the other)."""
    folded: bool = False
    """Rare at a table, or the jury's to fill (a Card of Fate, the sTCC): the phone folds it under its heading,
    open once something is in it; unlike ``optional`` its entries are sent whether shown or not."""


@frozen
class FormGrid:
    """A section printed as a grid: the columns' headings, and each row's label, who plays it (a role: the phone
    names its player) and the entry sheet's column in each cell ('' for a cell left blank; a ``several`` header
    for the row's own tick-box, 'Won ✓')."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, str, tuple[str, ...]], ...]
    heading: str = ""
    """Above the rows' labels, as printed ('Nation')."""
