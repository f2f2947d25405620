"""The interface a ruleset's workbook implements: its entry sheets and two conversions.

A layout is one frozen :class:`Layout` value named ``LAYOUT`` in
``workbook/layouts/<ruleset id>.py``, joined to its ruleset by id in
:data:`tourneybook.workbook.layouts.MODULES`; :func:`~tourneybook.workbook.layouts.find_layout` finds it. It adds its
own entry sheets to the generic ones (Instructions, Settings, Players,
Adjustments) and converts between their rows and the ruleset's tournament
record, in both directions:

``to_tournament(entries, players, settings, adjustments, name) -> record``
    ``entries`` maps each of the layout's sheet names to its rows
    (:class:`~tourneybook.workbook.reader.Row`: values typed by the column's kind,
    keyed by header, already checked cell by cell: player names are the Players
    sheet's spelling, numbers are exact). ``players`` are the Players sheet's
    rows (:class:`~tourneybook.workbook.generic.Player`, with stand-in flags,
    distances and lot decisions), ``settings`` the ruleset's Settings dataclass
    as read from the Settings sheet, ``adjustments`` the Adjustments sheet's
    rows, ``name`` the tournament's name (lots are seeded from it). Return the
    ruleset's tournament record, ready for ``RULESET.standings``. Raise
    :class:`~tourneybook.errors.InputError` with EVERY problem found, each placed
    at its sheet and cell (``row.problem(message, header)``): a player twice in a
    round, a table with the wrong number of players... When the ruleset's own
    record constructors raise a ValidationError about a game, place its
    problems at the row the game came from with :func:`locate`.

``to_rows(record) -> {sheet name: [row, ...]}``
    The reverse: the rows an organiser would have typed for ``record``, each a
    mapping header -> value (str, int, Fraction, bool or None), for the
    layout's sheets and also "Players" and "Adjustments" when the record holds
    them. :func:`tourneybook.workbook.template.fill` writes them into a
    template; examples, the simulator and tests build workbooks this way, and
    ``to_tournament`` of what ``to_rows`` wrote must give back an equal record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import Problem
from ..files.store import WorkbookStore
from ..frozen import frozen
from .reader import Row
from .schema import EntrySheet

Entries = Mapping[str, Sequence[Row]]
"""Rows read from the layout's entry sheets, by sheet name."""
SheetRows = Mapping[str, Sequence[Mapping[str, Any]]]
"""Rows to type into sheets, by sheet name: each row maps a header to a value."""


@frozen
class TopBoard:
    """A top board the draw seats from the standings (Italia 2010, seed 004 section 4)."""

    draw: Callable[..., Any]
    """(event, store, field, history, groups, round, sitting out, doubles, rng, drawn unplayed) -> the round's Draw."""
    mark: Callable[[WorkbookStore, int], None]
    """(store, round) -> the round's board 1 marked as the top board on its sheet."""
    sheet: str
    """The sheet it is marked on."""


@frozen
class Layout:
    """How one ruleset's tournament is entered in a workbook."""

    ruleset: str
    """The ruleset id this layout serves ('carcassonne2004')."""
    sheets: tuple[EntrySheet, ...]
    """The layout's own entry sheets, in workbook order (after Players)."""
    to_tournament: Callable[..., Any]
    """(entries, players, settings, adjustments, name) -> the ruleset's tournament record."""
    to_rows: Callable[[Any], SheetRows]
    """record -> the rows an organiser would type, by sheet name."""
    instructions: tuple[str, ...] = ()
    """Ruleset-specific lines for the Instructions sheet (how to enter a game, what to do after a round)."""
    # -- what the draw finds here beyond the rounds of its first sheet; None where the ruleset has none ----
    final_draw: Callable[..., Any] | None = None
    """The Friedrich final (seed 000 GFTR B): (event, store) -> the finalists in choosing order, the roles typed
    checked (:mod:`tourneybook.workbook.layouts.friedrich_final`)."""
    top_board: TopBoard | None = None
    """Italia 2010's top board (seed 004 section 4): its draw and the sheet it is marked on."""
    sit_outs: EntrySheet | None = None
    """Italia 2010 and the Diplomacy event: the sheet of the TD's sit-outs, a row (Round, Player) for each (seed 004
    section 6); the draw reads and types its rows."""
    whole_rounds_only: bool = False
    """A round enters the standings only once every table of it is entered (Friedrich); else each table as entered."""
    game_alone: Callable[[Row], Any] | None = None
    """With ``whole_rounds_only``: a played row of the draw sheet -> its game, though its round is not complete and
    the record leaves it out until it is; a phone's report is scored on its own through it (the points a table
    confirms are known the moment its result is). None: the record holds every game entered."""
    chosen: Callable[[Any], Layout] | None = None
    """The Diplomacy event's: settings -> the layout of the game scoring they choose (its Boards sheet has the
    columns that system needs); None: one layout whatever the settings."""

    @property
    def draw_sheet(self) -> EntrySheet:
        """The entry sheet the draw writes each round on: the layout's first (qualifying games, preliminary, boards)."""
        return self.sheets[0]

    def sheet(self, name: str) -> EntrySheet:
        for s in self.sheets:
            if s.name == name:
                return s
        raise KeyError(name)


def locate(problems: Sequence[Problem], places: Mapping[str, Row], header: str | None = None) -> list[Problem]:
    """The rules' problems placed at the rows they came from.

    ``places`` maps the label the rules use in ``Problem.where`` (e.g. 'R2 T3')
    to the row that label was built from; the longest label that starts the
    problem's ``where`` wins ('R2 T3, Anna' goes to the row of 'R2 T3'). The
    where-text is kept in the message so the organiser sees which part is meant.
    Problems that match no row keep their place.
    """
    labels = sorted(places, key=len, reverse=True)
    placed: list[Problem] = []
    for p in problems:
        if p.sheet:
            placed.append(p)
            continue
        label = next((lb for lb in labels if p.where == lb or p.where.startswith((lb + ",", lb + " ", lb + ":"))), None)
        if label is None:
            placed.append(p)
            continue
        row = places[label]
        message = f"{p.where}: {p.message}" if p.where else p.message
        placed.append(Problem(message, p.where, row.sheet, row.cell(header)))
    return placed


__all__ = ["Entries", "Layout", "SheetRows", "TopBoard", "locate"]
