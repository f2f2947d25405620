"""The Diplomacy centre-count sheet: one per board (seeds 003 and 004).

CODCon scores the last completed Fall and the year a power was eliminated
("Powers eliminated in the year 19n get points equal to n", seed 003, VII);
Italia splits equal centres by the previous years back to 1901 (seed 004,
3.2), so every year's count is written down, and marks with an asterisk the
players who took "the minute" (seed 004, 6.2). Sum of Squares scores only the
final count: its last column is that count (a game may end before the
sheet's last year) instead of the elimination year, as do the other systems that
score the final count. The rule texts printed (count note, vote rule, how a game
ends) are each ruleset's own, from its registry value (``FormProfile.centre_count``):
a sheet made without them prints none rather than another system's.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from ..errors import Collector
from ..frozen import frozen
from ..i18n import ENGLISH_WORDS, N_, Phrase, Words
from ..rules.diplomacy import FIRST_YEAR, CentreCountText, Power
from .common import DEFAULT_YEARS, MAX_YEARS, ReportSection, check_marks, check_names, check_place, marks_in_seat_order, names_in_seat_order, shown_name
from .layout import Cell, Look, Page, box, header, label, line, note, section, title

SHEET_POWERS: tuple[str, ...] = tuple(power.value for power in Power)
"""Powers in the order of the sheet: the rules' AEFGIRT (seed 003, IV.6)."""


class System(Enum):
    """Which paper sheet a ruleset prints (its form profile's ``variant``): it decides the extra columns."""

    CODCON = "CODCON"
    """The CODCon sheet (seed 003): the elimination year, secret draw votes from 1906."""
    ITALIA = "ITALIA"
    """The Italia sheet (seed 004): the minute's asterisk, open votes from Fall 1904."""
    FINAL_COUNT = "FINAL_COUNT"
    """The final-count sheet (Sum of Squares, Draw Size Scoring, C-Diplo, OpenTribute): a final-count column
    instead of the elimination year."""


NO_TEXT = CentreCountText(count_note="", vote_rule=N_("Draw votes"), game_ends="")
"""A sheet made without a ruleset's texts: headings only, never another system's rules."""


@frozen
class CentreCountSheet:
    """The centre count of one board, Fall by Fall, with votes and signatures."""

    per_page = 1
    """A whole A4 page."""

    tournament: str
    """Tournament name printed at the top ('' for none)."""
    system: System
    round: int | None = None
    """Round number; None leaves it blank."""
    board: int | None = None
    """Board number; None leaves it blank (walk-in board)."""
    players: tuple[str, ...] = ("",) * 7
    """Names in :data:`SHEET_POWERS` order; '' is a blank box."""
    years: int = DEFAULT_YEARS
    """Fall columns from 1901: 7 gives 1901..1907 (configurable per round, seed 004, 3.1)."""
    top_board: bool = False
    """Italia's top board, whose scores count 1.2 times (seed 004, 4)."""
    marks: tuple[str, ...] = ()
    """Printed after each name in power order ('stand-in', 'also board 3'); () for no marks at all."""
    rules: str = ""
    """The scoring system's name printed beside the board (the ruleset's form title, e.g. 'CODCon 2008')."""
    text: CentreCountText = NO_TEXT
    """The ruleset's count note, vote rule and ways a game ends (its ``FormProfile.centre_count``)."""
    columns: tuple[str, ...] = ()
    """A final-count sheet's columns after the final count for what its game scoring needs ('Eliminated in',
    'In draw', 'Conceded to': its ``FormProfile.columns``), each a box per power."""
    words: Words = ENGLISH_WORDS
    """The players' language the sheet is printed in (the event's Settings, 'Language')."""

    def __post_init__(self) -> None:
        problems = Collector()
        where = f"centre-count sheet R{self.round} B{self.board}"
        check_place(problems, where, self.tournament, self.round, self.board)
        problems.check(isinstance(self.system, System), f"unknown scoring system {self.system!r}", where)
        check_names(problems, where, self.players, len(SHEET_POWERS), "players (one per power)")
        ok = isinstance(self.years, int) and not isinstance(self.years, bool) and 2 <= self.years <= MAX_YEARS
        problems.check(ok, f"years must be a whole number from 2 to {MAX_YEARS}, not {self.years!r}", where)
        problems.check(self.top_board in (True, False), f"top board must be yes or no, not {self.top_board!r}", where)
        check_marks(problems, where, self.marks, self.players)
        problems.raise_if_any()

    @classmethod
    def of(
        cls,
        tournament: str,
        system: System,
        round: int | None = None,
        board: int | None = None,
        by_power: Mapping[str, str] | None = None,
        years: int = DEFAULT_YEARS,
        top_board: bool = False,
        marks: Mapping[str, str] | None = None,
        rules: str = "",
        text: CentreCountText | None = None,
        columns: tuple[str, ...] = (),
        words: Words = ENGLISH_WORDS,
    ) -> "CentreCountSheet":
        """A sheet from names by power ('France': 'Anna', ...); missing powers stay blank.

        ``marks`` by power are printed after the name ('France': 'also board 3').
        """
        players = names_in_seat_order(by_power, SHEET_POWERS, "power", "centre-count sheet")
        marks_ = marks_in_seat_order(marks, SHEET_POWERS)
        return cls(tournament, system, round, board, players, years, top_board, marks_, rules, text or NO_TEXT,
                   columns, words)

    @property
    def year_labels(self) -> tuple[str, ...]:
        return tuple(str(FIRST_YEAR + i) for i in range(self.years))

    @property
    def sheet_name(self) -> str:
        return f"R{self.round or '_'} B{self.board or '_'}"

    def page(self) -> Page:
        return centre_page(self, self.words)


CENTRES_TITLE = N_("Supply centres after each Fall (the game's last Fall is its final count)")
YEARS_TITLE = N_("Centres year by year")


def centre_sections(headers: tuple[str, ...]) -> tuple[ReportSection, ...]:
    """What a board's players fill in, power by power: the phone's report follows the sheet. ``headers``: the
    Boards sheet's result columns. Where the final count has a column of its own, the year-by-year counts are
    optional (asked only when the players say they kept them); where the years are the count (Italia), they
    are the section."""
    years = tuple(h for h in headers if h.isdigit())
    main = tuple(h for h in headers if h not in years)
    if "Centres" not in main:
        return (ReportSection(CENTRES_TITLE, years + main, by_seat=True),)
    return (ReportSection(CENTRES_TITLE, main, by_seat=True), ReportSection(YEARS_TITLE, years, optional=True, by_seat=True))


def count_note(text: CentreCountText, words: Words = ENGLISH_WORDS) -> str:
    """The count note in ``words``' language: a ruleset's own note whole; a game scoring's, its opening sentence
    and the system's whole rule with the numbers used (rules/game_scoring), written with the language's decimal
    mark."""
    if isinstance(text.count_note, Phrase):
        return words.number(words.say(text.count_note))
    return words._(text.count_note)


def centre_page(sheet: CentreCountSheet, words: Words = ENGLISH_WORDS) -> Page:
    """The sheet on one A4 page, in ``words``' language: power table, votes, end of game, signatures."""
    _ = words._
    italia = sheet.system is System.ITALIA
    final_count = sheet.system is System.FINAL_COUNT  # the count that scores, whatever Fall the game ended
    extra = sheet.columns if final_count else ()
    widths = (13.0, 26.0) + ((5.0,) if italia else ()) + (6.5,) * sheet.years + (10.0,) + (10.0,) * len(extra)
    cols = len(widths)
    rest = cols - 2  # columns right of Power and Player
    place = [label(_("Round")), box(sheet.round), label(_("Board"), 2), box(sheet.board)]
    if rest > 3:
        top = words.number(_("top board: scores × {factor}").format(factor="1.2")) if sheet.top_board else ""
        board_note = " · ".join(n for n in (sheet.rules, top) if n)
        place.append(Cell(board_note, Look.LABEL, rest - 3))
    rows = [
        title(" · ".join(t for t in (_("Centre count"), sheet.tournament) if t), cols),
        line(*place, height=24),
        section(_(CENTRES_TITLE), cols),
        line(header(_("Power")), header(_("Player")), *((header("*"),) if italia else ()),
             *(header(y) for y in sheet.year_labels), header(_("Final count") if final_count else _("Eliminated in")),
             *(header(_(c)) for c in extra), height=18),
    ]
    for seat, power in enumerate(SHEET_POWERS):
        rows.append(line(box(_(power)), box(shown_name(sheet.players, sheet.marks, seat, words)), *((box(),) if italia else ()),
                         *(box() for _ in sheet.year_labels), box(), *(box() for _ in extra), height=30))
    rows.append(line(Cell(_("Total (at most 34)"), Look.LABEL, 3 if italia else 2),
                     *(box() for _ in sheet.year_labels), box() if final_count else Cell("", Look.BLANK),
                     *(Cell("", Look.BLANK) for _ in extra), height=22))
    rows.append(note(count_note(sheet.text, words), cols, height=24))
    rows += [
        section(_(sheet.text.vote_rule), cols),
        line(header(_("Year, season")), header(_("Proposal (survivors named)"), rest - 2),
             header(_("Result: passed, vetoed, failed"), 2), header(_("TD")), height=24),
    ]
    rows += [line(box(), box("", rest - 2), box("", 2), box(), height=30)
             for _ in range(3)]
    rows += [
        section(_("End of the game (circle how it ended)"), cols),
        line(label(_("Ended by")), box(_(sheet.text.game_ends), rest - 2), label(_("Last Fall"), 2),
             box(), height=24),
        section(_("Signatures: I agree with the centre counts above"), cols),
    ]
    rows += [line(box(_(power)), box(name.strip()), box("", rest), height=30)
             for power, name in zip(SHEET_POWERS, sheet.players)]
    rows.append(line(label(_("TD")), box("", rest + 1), height=26))
    # Portrait even with many years: the page is tall, so shrinking to the width loses least.
    return Page(sheet.sheet_name, widths, tuple(rows))


