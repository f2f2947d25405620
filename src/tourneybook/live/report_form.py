"""A table's report as the phone shows it: the ruleset's paper form, part by part, in its words.

The parts and their words come from the printed form's own definition
(:func:`tourneybook.forms.tables.report_sections`: the Pompadour report's sections,
the Carcassonne slip's result, the centre count), and each entry's kind from the
entry sheet's column (a whole number from 1 to 23, a choice, yes or no): a number
gets the phone's numeric keypad, a choice a list, yes/no two buttons, the winning
nations a tick-box each. A part that happens in some games only (the Offensive
Option) is asked first ("did it happen?"), and an entry needed only after one
answer ('called off' -> its turn) shows only then: the page's script hides the
rest, and the server checks every value whatever the page showed.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..forms.tables import report_sections
from ..frozen import frozen
from ..i18n import ENGLISH_WORDS, Words
from ..workbook.schema import Column, Kind
from ..reports.sheet import KEY_JOIN, ReportSheet, DrawnTable
from .report_words import column_words, field_label, value_words

SEVERAL_JOIN = "+"
"""Between an entry's key and a ticked word in a tick-box's name ('Winners+France')."""


def chosen_once() -> tuple[str, ...]:
    """A board's yes/no columns where one power at most says yes (the game conceded to it): asked once, as a choice of
    the board's powers, not yes or no seven times; the cells are typed per power as the sheet has them."""
    # Asked of a Diplomacy board only, and imported then: another family's report pages load no Diplomacy layout.
    from ..workbook.layouts.best_n import CONCEDED

    return (CONCEDED,)


KINDS = {Kind.WHOLE: "number", Kind.EXACT: "decimal", Kind.TIME: "time", Kind.CHOICE: "choice", Kind.YES_NO: "yesno",
         Kind.PLAYER: "player", Kind.TEXT: "text"}
"""How the phone asks for each kind of entry (the templates' report/entry.html)."""


@frozen
class Entry:
    """One thing the report asks, as the phone shows it."""

    key: str
    """The form field's name: the draw's field key ('VP 2', 'England|Centres')."""
    id: str
    """The element's id on the page: f0, f1... in the form's order."""
    label: str
    """As the page says it (the phone's language)."""
    kind: str
    """number, decimal, time, choice, yesno, player, several or text (:data:`KINDS`); in a grid's row also tick (the
    row's own word of a ``several`` entry, 'Won ✓') or blank (a cell the paper leaves empty)."""
    value: str
    choices: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    """What is wrong with the value sent, in a player's words, shown at the entry."""
    only_when: tuple[str, str] = ("", "")
    """(key of another entry, its value): asked only after that answer; ('', '') always."""
    low: int | None = None
    high: int | None = None
    help: str = ""
    choice_words: tuple[str, ...] = ()
    """Each of ``choices`` as the page says it (the phone's language); the value sent is the choice itself, the
    workbook's word."""
    said: str = ""
    """The value as a summary says it, when a chosen word ('called off' -> 'cancelada'); '' for the value itself."""

    def ticked(self, word: str) -> bool:
        return word.casefold() in {w.strip().casefold() for w in self.value.split(",")}

    @property
    def shown(self) -> str:
        """The entry's value as a summary of the report shows it: a row's tick as ✓, a blank cell as nothing."""
        if self.kind == "tick":
            return "✓" if self.ticked(self.choices[0]) else ""
        return "" if self.kind == "blank" else self.said or self.value


@frozen
class Line:
    """One row of a part that is filled seat by seat (a board's power, a slip's seat): the seat, its player."""

    seat: str
    """As the page says it: the seat's role, power or nation in the phone's language."""
    player: str
    entries: tuple[Entry, ...]


@frozen
class Part:
    """A section of the paper form."""

    title: str
    entries: tuple[Entry, ...]
    optional: bool = False
    open: bool = True
    """An optional part already answered (a value in it): shown open."""
    lines: tuple[Line, ...] = ()
    """By seat: the entries row by row (then ``entries`` is empty)."""
    columns: tuple[str, ...] = ()
    """By seat: what each line's entries are (the form's column headings)."""
    folded: bool = False
    """Rare at a table: folded under its title (open when answered); its entries are sent all the same."""
    row_heading: str = ""
    """Above the rows' labels: a grid's as the paper prints it ('Nation', or nothing above the sTCC's one row), a
    board's 'Power'; in the page's language."""


def report_parts(draw: ReportSheet, table: DrawnTable, values: Mapping[str, str],
                 problems: Mapping[str, Sequence[str]] = {}, words: Words = ENGLISH_WORDS) -> tuple[Part, ...]:
    """The report of ``table`` as the phone shows it, with ``values`` filled in and ``problems`` at their entries,
    in ``words``' language (the paper form's words; the fields' names and values stay the workbook's)."""
    parts = []
    said = words._
    ids = itertools.count()
    for section in report_sections(draw.ruleset, draw.headers):
        def entry(key: str, header: str, label: str) -> Entry:
            column = draw.entry_columns.get(header) or Column(header, Kind.TEXT)
            kind = "several" if header in section.several else KINDS[column.kind]
            choices = (section.several.get(header) or column.choices
                       or (tuple(s.player for s in table.seats) if column.kind is Kind.PLAYER else ()))
            other = section.only_when.get(header)
            value = values.get(key, "")
            chosen = kind in ("choice", "yesno", "several") and column.kind is not Kind.PLAYER
            return Entry(key, f"f{next(ids)}", label, kind, value, tuple(choices), tuple(problems.get(key, ())),
                         ((other[0], other[1]) if other else ("", "")), column.minimum, column.maximum, column.help,
                         tuple(said(c) if chosen else c for c in choices), value_words(value, words) if chosen else "")

        lines: tuple[Line, ...] = ()
        entries: tuple[Entry, ...] = ()
        columns: tuple[str, ...] = ()
        if section.grid is not None:  # the paper's grid: a row per nation, its figures side by side
            gridded = {h for _, _, cells in section.grid.rows for h in cells}
            entries = tuple(entry(h, h, short_label(h, section.title, table, words)) for h in section.headers
                            if h not in gridded)
            lines = tuple(grid_line(section, label, role, cells, table, entry, next(ids), words) for label, role, cells in
                          section.grid.rows)
            columns = section.grid.columns
        elif section.by_seat and draw.blocks:  # a board: a line per power, the section's columns across
            once = chosen_once()
            columns = tuple(h for h in section.headers if h not in once)
            lines = tuple(Line(said(s.seat), s.player,
                               tuple(entry(f"{s.seat}{KEY_JOIN}{h}", h, field_label(draw, f"{s.seat}{KEY_JOIN}{h}", words))
                                     for h in columns)) for s in table.seats)
            entries = tuple(one_power(draw, table, h, f"f{next(ids)}", values, problems, words)
                            for h in section.headers if h in once)
        elif section.by_seat:  # a slip: the seat's own column ('VP 2' is Player 2's)
            seats = table.seats[:len(section.headers)]
            lines = tuple(Line(said(s.seat), s.player, (entry(h, h, column_words(h, words)),))
                          for s, h in zip(seats, section.headers))
        else:
            entries = tuple(entry(h, h, short_label(h, section.title, table, words)) for h in section.headers)
        shown = entries + tuple(e for line in lines for e in line.entries)
        answered = any(e.shown.strip() or e.problems for e in shown)
        parts.append(Part(column_words(section.title, words), entries, optional=section.optional,
                          open=answered or not (section.optional or section.folded), lines=lines,
                          columns=tuple(column_words(c, words) for c in columns), folded=section.folded,
                          row_heading=said(section.grid.heading) if section.grid else said("Power") if lines else ""))
    return tuple(parts)


def grid_line(section, label: str, role: str, cells: tuple[str, ...], table: DrawnTable, entry, row: int,
              words: Words = ENGLISH_WORDS) -> Line:
    """A row of the paper's grid: the nation, the player of the role that plays it, an entry per cell (a tick-box
    for the row's own word of a tick-box entry, which shows the entry's problems on its first row only)."""
    player = next((s.player for s in table.seats if s.seat == role), "")
    found = []
    for header in cells:
        if header not in section.headers:
            found.append(Entry("", f"g{row}-{len(found)}", "", "blank", ""))
            continue
        made = entry(header, header, column_words(header, words))
        if made.kind == "several":
            made = replace(made, kind="tick", label=words._("{nation} won").format(nation=words._(label)), choices=(label,),
                           problems=made.problems if label == section.grid.rows[0][0] else (), choice_words=(), said="")
        found.append(made)
    return Line(words._(label), player, tuple(found))


def one_power(draw: ReportSheet, table: DrawnTable, header: str, id: str, values: Mapping[str, str],
              problems: Mapping[str, Sequence[str]], words: Words = ENGLISH_WORDS) -> Entry:
    """A board's column of :func:`chosen_once` asked once: which power (or none), its problems at any power's cell."""
    keys = {s.seat: f"{s.seat}{KEY_JOIN}{header}" for s in table.seats}
    chosen = values.get(header) or next((seat for seat, key in keys.items()
                                         if values.get(key, "").strip().casefold() == "yes"), "")
    column = draw.entry_columns.get(header) or Column(header, Kind.TEXT)
    found = tuple(p for key in keys.values() for p in problems.get(key, ()))
    return Entry(header, id, column_words(header, words), "choice", chosen, tuple(keys), found, help=column.help,
                 choice_words=tuple(words._(seat) for seat in keys), said=words._(chosen) if chosen else "")


def short_label(header: str, title: str, table: DrawnTable, words: Words = ENGLISH_WORDS) -> str:
    """An entry's words under its part's title, with the player a seat letter stands for: 'Game 1 VP A' in the
    part 'Game 1' reads 'VP A (Anna Eriksen)'; in ``words``' language."""
    label = header[len(title):].strip() if title and header.startswith(title + " ") else header
    letter = label.rsplit(" ", 1)[-1]
    player = next((s.player for s in table.seats if s.seat.endswith(" " + letter)), "") if len(letter) == 1 else ""
    label = column_words(label, words)
    return f"{label} ({player})" if player else label


def posted_values(draw: ReportSheet, table: DrawnTable, form: Mapping[str, str]) -> dict[str, str]:
    """The report's values from a posted form: each field's text; a tick-box entry's ticked words joined by
    commas, in the form's order, as the cell takes them ('Russia, France')."""
    several: dict[str, tuple[str, ...]] = {}
    for part in report_parts(draw, table, {}):
        for e in (*part.entries, *(x for line in part.lines for x in line.entries)):
            if e.kind in ("several", "tick"):  # a grid's row ticks one word of its entry
                several[e.key] = several.get(e.key, ()) + e.choices
    values = {}
    for f in draw.fields(table):
        if draw.blocks and f.header in chosen_once() and f.header in form:  # asked once: yes on the power chosen
            values[f.key] = "yes" if str(form.get(f.header, "")) == f.key.split(KEY_JOIN)[0] else ""
        elif f.key in several:
            ticked = [word for word in several[f.key] if form.get(f"{f.key}{SEVERAL_JOIN}{word}")]
            values[f.key] = ", ".join(ticked) if ticked else str(form.get(f.key, ""))
        else:
            values[f.key] = str(form.get(f.key, ""))
    return values


__all__ = ["Entry", "Line", "Part", "SEVERAL_JOIN", "posted_values", "report_parts"]
