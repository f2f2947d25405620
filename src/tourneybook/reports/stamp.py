"""The live reporting stamp on a printed form: the address, the table's code, and both as QR codes.

Printed only when the Settings row "Live reporting" is yes. The address is the one
``tourneybook live`` printed when it last started for this event (kept in the
journal); before it ever ran, the forms carry the table code alone, and the
command says so. The code is the table's (:mod:`.codes`): the same after a restart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..frozen import frozen
from ..i18n import ENGLISH_WORDS, Words
from ..forms.layout import Cell, Look, Page, Picture, gap, line, note
from ..files.store import WorkbookStore
from ..rules import find_ruleset
from .codes import seat_code, table_code
from .hall_address import ADDRESS_KEY, SEATING_QR_CELL, reporting_on, seating_pictures
from .sheet import read_draw
from .journal import Journal, JournalError, journal_path
from .keys import event_keys
from .qr import png_qr

QR_ROW_HEIGHT = 62
"""Points: room for a QR code of an address at two pixels a module (about 2 cm on paper)."""


@frozen
class StampedForm:
    """A form with the live stamp in a box at its top (issue 29 point 9): the table's code in 14 pt type, the
    table's QR code and the event's beside it, and how to use them; prints like the form itself."""

    form: Any
    address: str
    code: str

    @property
    def per_page(self) -> int:
        return getattr(self.form, "per_page", 1)

    @property
    def words(self) -> Words:
        """The form's language, which its stamp speaks too."""
        return getattr(self.form, "words", ENGLISH_WORDS)

    def page(self) -> Page:
        page = self.form.page()
        span = len(page.widths)
        _ = self.words._
        if not self.address:
            box = line(Cell(_("Table code"), Look.LABEL, 1), Cell(self.code, Look.CODE, span - 1), height=40)
            said = note(_("Report this result on a phone: open the hall's page and type the table code {code}.")
                        .format(code=self.code), span)
            return _on_top(page, (box, said, gap(span, 6)), ())
        qr_columns = _columns_for(page.widths, QR_WIDTH)
        both = 2 * qr_columns <= span - 2
        words = span - (2 if both else 1) * qr_columns
        cells = [Cell(_("Table code"), Look.LABEL, 1), Cell(self.code, Look.CODE, words - 1), Cell("", Look.BLANK, qr_columns)]
        if both:
            cells.append(Cell("", Look.BLANK, qr_columns))
        report = f"{self.address}t/{self.code}"
        pictures = [Picture(0, words, png_qr(report, scale=2))]
        if both:
            pictures.append(Picture(0, words + qr_columns, png_qr(self.address, scale=2)))
        said = _("Report this result on a phone: scan the QR code beside the table code, or open {address} and "
                 "type the code.").format(address=self.address)
        if both:
            said += " " + _("The last QR code: the event's seating and standings.")
        rows = (line(*cells, height=QR_ROW_HEIGHT), note(said, span, height=24), gap(span, 6))
        return _on_top(page, rows, tuple(pictures))


QR_WIDTH = 12
"""Grid width (character units) a QR code of :data:`QR_ROW_HEIGHT` points needs beside the code's box."""


def _columns_for(widths: Sequence[float], needed: float) -> int:
    """How many of the page's last grid columns together are at least ``needed`` wide."""
    total, count = 0.0, 0
    for width in reversed(widths):
        total, count = total + width, count + 1
        if total >= needed:
            break
    return count


def _on_top(page: Page, rows: tuple, pictures: tuple[Picture, ...]) -> Page:
    """``page`` with ``rows`` (and their ``pictures``) above its own: the form's own pictures move down with it."""
    moved = tuple(Picture(p.row + len(rows), p.col, p.png) for p in page.pictures)
    return Page(page.name, page.widths, (*rows, *page.rows), landscape=page.landscape, pictures=(*pictures, *moved))


@frozen
class CodedBracket:
    """The knock-out bracket with the code of every match whose players are known, and the address's QR code,
    at the foot of each of its pages (a player reporting a match finds its code on the bracket on the wall)."""

    form: Any
    address: str
    codes: tuple[tuple[str, str], ...]
    """(stage, code) of every match a phone can report."""
    per_page = 1

    @property
    def words(self) -> Words:
        """The bracket's language, which its codes' lines speak too."""
        return getattr(self.form, "words", ENGLISH_WORDS)

    def page(self) -> Page:
        return self.pages()[0]

    def pages(self) -> tuple[Page, ...]:
        return tuple(self._coded(page) for page in self.form.pages())

    def _coded(self, page: Page) -> Page:
        span = len(page.widths)
        _ = self.words._
        where = (_("{address}t/ and the code").format(address=self.address) if self.address
                 else _("the phone page's box"))
        listed = [f"{stage} {code}" for stage, code in self.codes]
        lines = ["; ".join(listed[i:i + CODES_A_LINE]) for i in range(0, len(listed), CODES_A_LINE)]
        rows = (*page.rows, gap(span, 4), note(_("Report a match on a phone ({where}); its code:").format(where=where), span),
                *(note(text, span) for text in lines))
        if not self.address:
            return Page(page.name, page.widths, rows, landscape=page.landscape, pictures=page.pictures)
        rows = (*rows, line(Cell("", Look.BLANK, span), height=QR_ROW_HEIGHT))
        qr = Picture(len(rows) - 1, 0, png_qr(self.address, scale=2))
        return Page(page.name, page.widths, rows, landscape=page.landscape, pictures=(*page.pictures, qr))


CODES_A_LINE = 2
"""Match codes on one printed line of the bracket, each with its two players' seat codes."""
NOT_SERVED_YET = ("Live reporting is on, but tourneybook live has not served this event on the hall's network yet (--host with "
                  "this computer's address): the forms carry the table codes without the address. Start it once with the "
                  "hall's address, then print the forms again.")


def secret_and_address(workbook: str | Path) -> tuple[str, str]:
    """The journal's secret of the table codes, and the address ``tourneybook live`` last served on ('' before it did)."""
    try:
        journal = Journal(journal_path(workbook))
        return event_keys(workbook, journal).table_secret, journal.recall(ADDRESS_KEY) or ""
    except JournalError as exc:  # the address to print is kept there: say so in a sentence, nothing printed
        raise InputError(str(exc)) from None


SEAT_CODE_MARK = "seat code {code}"
"""Printed after each name, with any other mark ('Anna Berg (stand-in, seat code K7QM)')."""


def with_seat_codes(form: Any, secret: str, round: int, table: int, seats: Sequence[str]) -> Any:
    """``form`` with each seated player's seat code printed after their name (:func:`~.codes.seat_code`): a report
    or a confirmation says which seat it comes from by it. ``seats``: the form's seats in its order (the ruleset's
    roles, powers or 'Player 1'...). A form without seated names (a walk-in table) is returned as it is."""
    players = getattr(form, "players", ())
    if not any(name.strip() for name in players):
        return form
    marks = form.marks or ("",) * len(players)
    coded = tuple(", ".join(m for m in (mark, SEAT_CODE_MARK.format(code=seat_code(secret, round, table, seat))
                                        if name.strip() else "") if m)
                  for mark, name, seat in zip(marks, players, seats))
    return dataclasses.replace(form, marks=coded)


def stamp_stage_forms(store: WorkbookStore, workbook: str | Path, forms: Sequence[Any]) -> tuple[list[Any], str]:
    """The Friedrich final's report or the knock-out bracket (``forms --final`` / ``--bracket``) with the table codes
    of the games after the rounds (:mod:`.stages`) when live reporting is on; and a note for the organiser."""
    from .stages import read_stages  # the final's and the knock-out's layouts: a round's forms load neither

    if not reporting_on(store):
        return list(forms), ""
    secret, address = secret_and_address(workbook)
    stages = read_stages(store)
    tables = stages.tables if stages else ()
    stamped: list[Any] = []
    for form in forms:
        if hasattr(form, "pages"):  # the bracket: every match a phone can report, and its two seat codes
            stamped.append(CodedBracket(form, address, tuple(
                (t.stage, table_code(secret, t.round, t.table) + " (" + ", ".join(
                    f"{s.player} {seat_code(secret, t.round, t.table, s.seat)}" for s in t.seats) + ")") for t in tables)))
        elif tables:
            final = tables[0]
            coded = with_seat_codes(form, secret, final.round, final.table, find_ruleset(stages.ruleset).seats)
            stamped.append(StampedForm(coded, address, table_code(secret, final.round, final.table)))
        else:
            stamped.append(form)
    if stages is not None and not tables:
        return stamped, ("Live reporting is on, but no game after the rounds can be reported yet: the final's code is "
                         "printed once the finalists are typed under their roles on the 'Final game' sheet; a match's "
                         "once both its players are known.")
    return stamped, "" if address else NOT_SERVED_YET


def stamp_round_forms(store: WorkbookStore, workbook: str | Path, forms: Sequence[Any], round: int) -> tuple[list[Any], str]:
    """``forms`` of ``round`` (in table order, as :func:`~tourneybook.forms.round_forms` makes them) with the stamp
    when live reporting is on; and a note for the organiser ('' when there is nothing to say)."""
    if not reporting_on(store):
        return list(forms), ""
    secret, address = secret_and_address(workbook)
    draw = read_draw(store)
    seats = find_ruleset(draw.ruleset).seats
    tables = [t.table for t in draw.tables if t.round == round]
    stamped = [StampedForm(with_seat_codes(form, secret, round, number, seats), address, table_code(secret, round, number))
               for form, number in zip(forms, tables)]
    return stamped, "" if address else NOT_SERVED_YET


__all__ = ["ADDRESS_KEY", "SEATING_QR_CELL", "CodedBracket", "StampedForm", "reporting_on", "seating_pictures",
           "stamp_round_forms", "stamp_stage_forms", "with_seat_codes"]
