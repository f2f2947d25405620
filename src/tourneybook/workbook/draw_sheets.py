"""The sheets a draw writes beside the entry sheet: the seating for the wall, the draw's quality, the final's order.

Each is a :class:`~tourneybook.files.store.ResultSheet` replaced whole by the
next draw, like the other result sheets; none has seat columns, so
``tourneybook forms`` never takes one for the draw.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Protocol

from ..files.marks import DRAWN, FINAL_DRAWN, note
from ..files.store import Cell, ResultSheet, picture_size
from ..i18n import N_, Words, find_words
from ..rules.attendance import STAND_IN_MARK, with_mark
from .draw_rows import ROUND
from .nameorder import DEFAULT_LANGUAGE, name_order
from .print_layout import printed_lines, wrapped_row_heights

if TYPE_CHECKING:  # named in annotations only: the forms, which name this module's sheets, load no draw
    from ..draws import DrawnRounds
    from .layouts.friedrich_final import FinalOutcome  # the Friedrich rules with it: the other families' draws do not

QUALITY_SHEET = "Draw quality"
"""The result sheet written by every draw (replaced whole each time)."""
SEATING_SHEET = "Seating"
"""The rounds just drawn, by player name: the list pinned on the wall for players to find their table."""
FINAL_DRAW_SHEET = "Final draw"
"""The result sheet written by ``draw --final``: the finalists in choosing order (replaced whole each time)."""


class DrawSummary(Protocol):
    """What a draw did, as its quality sheet shows it (the draw action's outcome)."""

    @property
    def draw(self) -> DrawnRounds: ...

    @property
    def notes(self) -> Sequence[str]: ...

    def summary(self) -> list[str]: ...


def seating_sheet(title: str, draw: DrawnRounds, pictures: tuple[tuple[str, bytes], ...] = (),
                  language: str = DEFAULT_LANGUAGE, stand_ins: Collection[str] = ()) -> ResultSheet:
    """The 'Seating' sheet: each round just drawn as a list by player name (table or board, and seat), a page
    each, then the same round by table, a page each; on the list by table a stand-in is marked as the printed
    forms mark them ('Anna Berg (stand-in)': their score does not count).

    What a tournament hall pins on the wall: a player looks for their name, not for
    a table, from a step away (16 pt); names sort as people sort them (Álvaro among
    the A's). A narrow empty column keeps the table's number apart from the seat.
    The by-table page is for the director's table and the tables themselves. A
    player on two boards of a round has a line for each; a Diplomacy sit-out has one
    saying so. It has no seat columns either (see :func:`quality_sheet`). ``pictures`` (the live
    address's QR code) go on the first printed row, right of its text, in a row as tall as they are.
    ``language`` (Settings, 'Language') sorts the names, and the players read the sheet in it (its marker note,
    the organiser's, stays English).
    """
    words = find_words(language)
    _ = words._
    table_word = _(draw.game.table_word)
    sits_out = _("sits out")
    rows: list[tuple[Cell, ...]] = [(Cell(_("{event}: seating").format(event=title), "title"),),
                                    (Cell(note(SEATING_SHEET, DRAWN), "note"),)]
    breaks: list[int] = []
    heights: list[tuple[int, float]] = []
    first_page = len(rows)
    if pictures:  # the live address's QR code on the first printed row, in a row as tall as the code
        rows.append((Cell(_("Your table and the standings on your phone: scan the code"), "header"),))
        heights.append((len(rows), max(_png_height_pt(png) for _, png in pictures) + 6))
        pictures = tuple((f"D{len(rows)}", png) for _, png in pictures)
        first_page = len(rows)

    def page(heading: str, lines: list[tuple[Cell, ...]]) -> None:
        if len(rows) > first_page:
            breaks.append(len(rows))
            rows.append(())
        rows.append((Cell(heading, "header"),))
        rows.append(tuple(Cell(h, "header") for h in (_("Player"), table_word, "", _("Seat"))))
        heights.extend((line, 21.0) for line in range(len(rows) + 1, len(rows) + len(lines) + 1))  # 16 pt in every program
        rows.extend(lines)

    for rnd in draw.rounds:
        places = [(s.player, t.number, s.seat) for t in rnd.tables for s in t.seats]
        places = [(player, number, _(seat)) for player, number, seat in places]
        places += [(player, None, sits_out) for player in rnd.sitting_out]
        by_name = sorted(places, key=lambda p: (name_order(p[0], language), p[1] or 0))  # Settings' Language
        page(_("Round {number}: find your name").format(number=rnd.number), [_wall(*p) for p in by_name])
        by_table: list[tuple[Cell, ...]] = []
        for t in rnd.tables:
            by_table.append((Cell(f"{table_word} {t.number}", "header"),))
            by_table.extend(_wall(_marked(s.player, words, standing_in=s.player in stand_ins), t.number, _(s.seat)) for s in t.seats)
        by_table.extend(_wall(player, None, sits_out) for player in sorted(rnd.sitting_out, key=lambda p: name_order(p, language)))
        page(_(BY_TABLE[draw.game.table_word]).format(number=rnd.number), by_table)
    return ResultSheet(SEATING_SHEET, tuple(rows), (40, 10, 3, 24), print_title_rows="1:1", fit_to_width=True,
                       page_breaks=tuple(breaks), row_heights=tuple(heights), pictures=pictures)


BY_TABLE = {"Table": N_("Round {number} by table"), "Board": N_("Round {number} by board")}
"""The heading of a round's list by table, by what the game is played at."""


def _marked(player: str, words: Words, *, standing_in: bool) -> str:
    """A stand-in's name with the mark the printed forms give it, in the players' language ('Anna (suplente)'),
    unless the name says it already ('Stand-in 1')."""
    return with_mark(player, STAND_IN_MARK if standing_in else "", words._(STAND_IN_MARK))


def _png_height_pt(png: bytes) -> float:
    """A PNG's height in points at 96 dpi (its IHDR's height), as the sheet shows it."""
    return picture_size(png)[1] * 0.75


def _wall(player: str, number: int | None, seat: str) -> tuple[Cell, ...]:
    """One line of the Seating sheet at 16 pt: player, table, an empty gap, seat."""
    return (Cell(player, "wall"), Cell(number, "wall"), Cell(None), Cell(seat, "wall"))


def quality_sheet(title: str, outcome: DrawSummary) -> ResultSheet:
    """The 'Draw quality' sheet: each drawn table with its compromises, then the quality figures.

    It has no seat columns, so ``tourneybook forms`` never takes it for the
    draw: the entry sheet stays the one place the draw is read from.
    """
    draw = outcome.draw
    rows: list[tuple[Cell, ...]] = [(Cell(f"{title}: draw quality", "title"),), (Cell(note(QUALITY_SHEET, DRAWN), "note"),)]
    table_word = draw.game.table_word
    rows.append(tuple(Cell(h, "header") for h in (ROUND, table_word, "Seated", "Compromises")))
    for rnd in draw.rounds:
        for t in rnd.tables:
            seated = "; ".join(f"{s.seat}: {s.player}" for s in t.seats)
            rows.append((Cell(rnd.number), Cell(t.number), Cell(seated),
                         Cell("; ".join(t.reasons) or None, "warning" if t.reasons else "")))
        if rnd.sitting_out:
            rows.append((Cell(rnd.number), Cell(None), Cell("sitting out: " + ", ".join(rnd.sitting_out))))
    rows.append(())
    rows.append((Cell("Quality (history included)", "title"),))  # a heading over the page: the header style wraps in A
    rows += [(Cell(text),) for line in "\n".join(outcome.summary()).splitlines() if line.strip() for text in printed_lines(line.strip())]
    rows += [(Cell(text, "note"),) for n in (*draw.notes, *outcome.notes) for text in printed_lines(f"note: {n}")]
    widths = (8, 8, 64, 44)  # printed at least 9 pt across a landscape page; long texts wrap at word boundaries
    heights = wrapped_row_heights(rows, widths, (3, 4), first=4)
    return ResultSheet(QUALITY_SHEET, tuple(rows), widths, freeze="A4", landscape=True, fit_to_width=True,
                       print_title_rows="1:3", wrap_columns=(3, 4), row_heights=heights)


def final_draw_sheet(title: str, outcome: FinalOutcome) -> ResultSheet:
    """The 'Final draw' sheet: the finalists in choosing order, what each may choose, the roles chosen."""
    rows: list[tuple[Cell, ...]] = [
        (Cell(f"{title}: final draw", "title"),),
        (Cell(note(FINAL_DRAW_SHEET, FINAL_DRAWN), "note"),),
        tuple(Cell(h, "header") for h in ("Chooses", "Finalist", "May choose", "Role chosen")),
    ]
    for place, (name, may_choose, role) in enumerate(zip(outcome.finalists, outcome.choosing, outcome.roles), start=1):
        rows.append((Cell(place), Cell(name), Cell(may_choose), Cell(role, "good" if role else "")))
    rows.append(())
    rows += [(Cell(text, "note"),) for text in printed_lines(
        "Seed 000 GFTR B: the highest-ranked player has free choice of roles; the second chooses "
        f"from the remaining three, and so on. Type the choices on the '{outcome.final_sheet}' row.", 85)]
    rows += [(Cell(text, "warning"),) for n in outcome.notes for text in printed_lines(f"note: {n}", 85)]
    return ResultSheet(FINAL_DRAW_SHEET, tuple(rows), (9, 24, 36, 16), freeze="A4", fit_to_width=True)


__all__ = ["FINAL_DRAW_SHEET", "QUALITY_SHEET", "SEATING_SHEET", "final_draw_sheet",
           "quality_sheet", "seating_sheet"]
