"""The Friedrich game report that Pompadour keeps at each table (seed 000, GFTR F).

"Pompadour will be provided with a game report sheet on which to note down the
players' names, the start time of the game and later, the first Card of Fate.
Once the game ends, Pompadour has to call the jury, who will note down the
scores." (seed 000, GFTR F; the same in seed 001, F.)

The report also holds everything the scoring needs (RULES.md, Friedrich):
nations leaving the game, the Imperial Army's switch, the Offensive Option,
the end, and the sTCC inputs. :data:`REPORT_FIELDS` is its field order, which
the workbook's Friedrich entry row follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from ..errors import Collector
from ..frozen import frozen
from ..i18n import ENGLISH_WORDS, N_, Words
from ..rules.friedrich import ATTACKERS, STARTING_CONTROLLER, Nation, Role
from ..rules.friedrich.records import OffensiveOutcome
from ..rules.friedrich.report import OO_ENDINGS, REPORT_FIELDS
from .common import FormGrid, ReportSection, check_marks, check_names, check_place, marks_in_seat_order, names_in_seat_order, shown_name
from .layout import Cell, Look, Page, box, gap, header, label, line, note, section, text, title

ROLES: tuple[Role, ...] = tuple(Role)
"""The four roles in the order of the report."""

ROLE_NATIONS: dict[Role, tuple[str, ...]] = {
    Role.FREDERICK: ("Prussia", "Hanover"),
    Role.ELISABETH: ("Russia", "Sweden"),
    Role.MARIA_THERESA: ("Austria", "Imperial Army"),
    Role.POMPADOUR: ("France",),
}
"""RULES.md, Friedrich: roles and nations (the Imperial Army may switch controller); Hanover is played beside
Prussia and scored as it. Said in the players' language through the game's words (i18n/game_words.py)."""

LEAVING_NATIONS: tuple[Nation, ...] = (Nation.RUSSIA, Nation.SWEDEN, Nation.FRANCE)
"""The nations a Card of Fate takes out of the game (RULES.md, sTCC: N)."""

STOPWATCH_SECONDS: tuple[tuple[str, int], ...] = (
    ("Prussia", 150),
    ("Hanover", 30),
    ("Russia", 60),
    ("Sweden", 20),
    ("Austria", 60),
    ("Imperial Army", 20),
    ("France", 60),
)
"""Seconds per action stage once a side's chess clock has run out (GFTR G)."""

CLOCK_MINUTES = 130
"""Minutes on each side of the chess clock (GFTR G)."""


def _entries(first: str, last: str) -> tuple[str, ...]:
    """The report's entries from ``first`` to ``last`` in :data:`REPORT_FIELDS` order (the paper's order)."""
    return REPORT_FIELDS[REPORT_FIELDS.index(first): REPORT_FIELDS.index(last) + 1]


LEAVING_TITLE = N_("Nations leaving the game (Card of Fate): call the jury")
SWITCH_TITLE = N_("Imperial Army changes controller")
OFFENSIVE_TITLE = N_("Prussian Offensive Option: call the jury when it fails")
END_TITLE = N_("End of the game: the jury notes it; nothing is touched until the jury arrives")
STCC_TITLE = N_("sTCC, tie-breaker of Frederick's game (GFTR D.2)")

LEAVING_GRID = FormGrid(("Left in turn",), tuple((n.value, "", (f"{n.value} left in turn",)) for n in LEAVING_NATIONS),
                        "Nation")
"""The leaving nations as the report's rows, on paper (:func:`report_page`) and on the phone (their objectives are
logged with the end's there)."""
NATION_SHORT = {Nation.IMPERIAL_ARMY: "IA"}
"""How the entry row's columns name a nation ('IA held')."""
WINNERS = "Winners"
END_GRID = FormGrid(
    ("Objectives held", "of total", "Won ✓"),
    ((Nation.PRUSSIA.value, STARTING_CONTROLLER[Nation.PRUSSIA].value, ("", "", WINNERS)),
     *((n.value, STARTING_CONTROLLER[n].value, (f"{NATION_SHORT.get(n, n.value)} held", f"{NATION_SHORT.get(n, n.value)} total",
                                                 WINNERS)) for n in ATTACKERS)),
    "Nation still in the game",
)
"""The end of the game as the report's rows, on paper (:func:`report_page`) and on the phone: a nation still in the
game, who plays it, its objectives held of its total, and whether it won (Prussia: won or not, which the paper
circles above the grid)."""
STCC_GRID = FormGrid(("N", "TCs Frederick until N", "TCs attackers until N"),
                     (("", "", ("sTCC N", "TCs Frederick until N", "TCs attackers until N")),))
"""The sTCC's three figures side by side, as the report prints them."""

REPORT_SECTIONS: tuple[ReportSection, ...] = (
    ReportSection(N_("Game report"), _entries("Start time", "First Card of Fate")),
    ReportSection(LEAVING_TITLE, _entries("Russia left in turn", "France left in turn"), grid=LEAVING_GRID, folded=True),
    ReportSection(SWITCH_TITLE, _entries("IA switch turn", "IA held at switch"), optional=True),
    ReportSection(OFFENSIVE_TITLE, _entries("OO launched in turn", "Bohemian objectives Austria"), optional=True,
                  only_when={"OO called off in turn": ("OO outcome", OO_ENDINGS[OffensiveOutcome.CALLED_OFF])}),
    ReportSection(END_TITLE, _entries("Game ended in turn", "France total"),
                  several={WINNERS: tuple(n.value for n in Nation)}, grid=END_GRID),
    ReportSection(STCC_TITLE, _entries("sTCC N", "TCs attackers until N"), grid=STCC_GRID, folded=True),
)
"""What the players fill in, by the report's sections and in their words: the phone's report follows them."""


class Variant(Enum):
    """Which paper report a ruleset prints (its form profile's ``variant``): they differ in the score table
    and the table checklist."""

    FWC = "FWC"
    """The FWC 2022 + GFTR report (seed 000): a victory bonus column and Pompadour's tasks."""
    CAFE = "CAFE"
    """The CAFE'23 report (seed 001): no victory bonus; the Clock of Fate set-up and the turn protocol."""


@frozen
class PompadourReport:
    """One game report: one table of one round (seed 000, GFTR F)."""

    per_page = 1
    """A whole A4 page."""

    tournament: str
    """Tournament name printed at the top ('' for none)."""
    variant: Variant
    round: int | None = None
    """Round number; None leaves the box blank."""
    table: int | None = None
    """Table number; None leaves the box blank (walk-in table)."""
    players: tuple[str, ...] = ("", "", "", "")
    """Names in role order Frederick, Elisabeth, Maria Theresa, Pompadour; '' is a blank box."""
    marks: tuple[str, ...] = ()
    """Printed after each name in role order, e.g. 'stand-in' ('' for none); () for no marks at all."""
    final: bool = False
    """The final's report (seed 000, GFTR B): 'Final' stands where the round is."""
    rules: str = ""
    """The scoring system's name printed beside 'Rules' (the ruleset's form title, e.g. 'FWC 2022 + GFTR')."""
    choosing: tuple[str, ...] = ()
    """The final's four finalists in choosing order, printed while their roles are still to be chosen."""
    words: Words = ENGLISH_WORDS
    """The players' language the report is printed in (the event's Settings, 'Language')."""

    def __post_init__(self) -> None:
        problems = Collector()
        where = "final game report" if self.final else f"game report R{self.round} T{self.table}"
        check_place(problems, where, self.tournament, self.round, self.table)
        problems.check(isinstance(self.variant, Variant), f"unknown report variant {self.variant!r}", where)
        check_names(problems, where, self.players, len(ROLES), "players (one per role)")
        check_marks(problems, where, self.marks, self.players)
        problems.check(not (self.final and self.round is not None), "the final has no round number", where)
        problems.check(not self.choosing or (self.final and len(self.choosing) == len(ROLES) and not any(self.players)),
                       "a choosing order is printed only on a final whose roles are not chosen yet", where)
        problems.raise_if_any()

    @classmethod
    def of(
        cls,
        tournament: str,
        variant: Variant,
        round: int | None = None,
        table: int | None = None,
        by_role: Mapping[str, str] | None = None,
        marks: Mapping[str, str] | None = None,
        final: bool = False,
        rules: str = "",
        choosing: tuple[str, ...] = (),
        words: Words = ENGLISH_WORDS,
    ) -> "PompadourReport":
        """A report from names by role ('Frederick': 'Anna', ...); missing roles stay blank.

        ``marks`` by role are printed after the name ('Frederick': 'stand-in').
        """
        roles = [r.value for r in ROLES]
        players = names_in_seat_order(by_role, roles, "role", "game report")
        return cls(tournament, variant, round, table, players, marks_in_seat_order(marks, roles), final, rules,
                   tuple(choosing), words)

    @property
    def sheet_name(self) -> str:
        if self.final:
            return f"Final T{self.table}" if self.table not in (None, 1) else "Final"
        return f"R{self.round or '_'} T{self.table or '_'}"

    def page(self) -> Page:
        return report_page(self, self.words)


WIDTH = 12
"""Grid columns of the report."""


def report_page(report: PompadourReport, words: Words = ENGLISH_WORDS) -> Page:
    """The report laid out on one A4 portrait page, in ``words``' language."""
    _ = words._
    heading = _("Friedrich final game report") if report.final else _("Friedrich game report")
    rows = [
        title(f"{heading} · {report.tournament}".rstrip(" ·"), WIDTH),
        line(
            label(_("Rules")), Cell(report.rules, Look.LABEL, 3),
            *((label(_("Game")), box(words.pgettext("game", "Final"))) if report.final
              else (label(_("Round")), box(report.round))),
            label(_("Table")), box(report.table),
            label(_("Start time"), 2), box("", 2),
        ),
        line(label(_("First Card of Fate"), 3), box("", 9), height=24),
        section(players_heading(report, words), WIDTH),
        *choosing_rows(report.choosing, words),
        line(header(_("Role"), 3), header(_("Nations"), 3), header(_("Player"), 6), height=16),
    ]
    for seat, role in enumerate(ROLES):
        name = shown_name(report.players, report.marks, seat, words)
        nations = ", ".join(_(n) for n in ROLE_NATIONS[role])
        rows.append(line(box(_(role.value), 3), box(nations, 3), box(name, 6), height=24))
    rows += [
        section(_(LEAVING_TITLE), WIDTH),
        line(header(_("Nation"), 3), header(_("Left in turn"), 2), header(_("Objectives held"), 2),
             header(_("of total"), 2), header(_("Jury"), 3), height=16),
    ]
    rows += [line(box(_(nation), 3), box("", 2), box("", 2), box("", 2), box("", 3))
             for nation, _played_by, _cells in LEAVING_GRID.rows]
    either = "  /  ".join(_(r.value) for r in (Role.ELISABETH, Role.POMPADOUR))
    yes_no = "  /  ".join((_("yes"), _("no")))
    rows += [
        section(_(SWITCH_TITLE), WIDTH),
        line(header(_("In turn"), 3), header(_("New controller (circle)"), 4),
             header(_("IA objectives held at the switch"), 3), header(_("Jury"), 2), height=16),
        line(box("", 3), box(either, 4), box("", 3), box("", 2)),
        section(_(OFFENSIVE_TITLE), WIDTH),
        line(header(_("Launched in turn"), 2), header(_("Austria picked up the set-aside TC"), 2),
             header(_("Outcome (circle)"), 4), header(_("Called off in turn"), 2),
             header(_("Bohemian obj. Prussia"), 1), header(_("Bohemian obj. Austria"), 1), height=28),
        line(box("", 2), box(yes_no, 2), box("  /  ".join(_(e) for e in OO_ENDINGS.values()), 4), box("", 2), box(),
             box()),
        section(_(END_TITLE), WIDTH),
        line(label(_("Game ended in turn"), 3), box("", 2), label(_("Prussia won (circle)"), 3),
             box(yes_no, 2), Cell("", Look.BLANK, 2), height=24),
        line(header(_("Nation still in the game"), 3), header(_("Played by"), 4), header(_("Objectives held"), 2),
             header(_("of total"), 2), header(_("Won ✓"), 1), height=16),
    ]
    rows += [line(box(_(nation), 3), box(played_by(Nation(nation), words), 4), box("", 2), box("", 2), box())
             for nation, _played_by, cells in END_GRID.rows if cells[0]]  # Prussia's win is circled above the grid
    rows += [
        note(_("A nation that left the game keeps the figures logged above: leave its line here empty."), WIDTH),
        section(_(STCC_TITLE), WIDTH),
        line(header(_("N: turn by which France, Sweden and Russia are out (or would be)"), 4),
             header(_("TCs Frederick received until turn N"), 4),
             header(_("TCs the attackers received until turn N"), 4), height=28),
        line(box("", 4), box("", 4), box("", 4)),
        *score_rows(report.variant, words),
        section(_("Signatures"), WIDTH),
        line(*(header(_(r.value), 3) for r in ROLES), height=16),
        line(*(box("", 3) for _r in ROLES), height=30),
        line(label(_("Jury"), 3), box("", 9), height=30),
        gap(WIDTH),
        *reminder_rows(report.variant, words),
    ]
    return Page(report.sheet_name, (7.5,) * WIDTH, tuple(rows))


def players_heading(report: PompadourReport, words: Words = ENGLISH_WORDS) -> str:
    """The Players section's heading: who writes the names, or how the finalists choose their roles (GFTR B)."""
    if report.choosing:  # said in the heading rather than a note below: the CAFE final's page keeps its 8 pt
        return words._("Players: in choosing order, each finalist picks a role left and writes their name beside it "
                       "(GFTR B)")
    if any(n.strip() for n in report.players):
        return words._("Players (pre-filled from the draw: check them at the table)")
    return words._("Players (Pompadour writes the names)")


def choosing_rows(choosing: tuple[str, ...], words: Words = ENGLISH_WORDS) -> list:
    """The finalists in choosing order, while their roles are still to be chosen (GFTR B)."""
    if not choosing:
        return []
    order = "   ".join(f"{place}. {name}" for place, name in enumerate(choosing, start=1))
    return [line(label(words._("Choosing order"), 3), Cell(order, Look.LABEL, 9), height=20)]


def played_by(nation: Nation, words: Words = ENGLISH_WORDS) -> str:
    starter = words._(STARTING_CONTROLLER[nation].value)
    return words._("{role}, or new controller").format(role=starter) if nation is Nation.IMPERIAL_ARMY else starter


def score_rows(variant: Variant, words: Words = ENGLISH_WORDS) -> list:
    """The jury's score table; CAFE has no victory bonus (seed 001, C)."""
    _ = words._
    if variant is Variant.FWC:
        heads = (header(_("Role"), 3), header(_("Best nation score"), 2), header(_("Victory bonus"), 2),
                 header(_("Game points"), 2), header(_("Second-best score"), 3))
        blanks = (2, 2, 2, 3)
    else:
        heads = (header(_("Role"), 3), header(_("Best nation score"), 3), header(_("Game points"), 3),
                 header(_("Second-best score"), 3))
        blanks = (3, 3, 3)
    rows = [section(_("Scores, noted by the jury"), WIDTH), line(*heads, height=16)]
    rows += [line(box(_(r.value), 3), *(box("", s) for s in blanks)) for r in ROLES]
    return rows


def reminder_rows(variant: Variant, words: Words = ENGLISH_WORDS) -> list:
    """The table's checklist: clock times (GFTR G, H) and, for CAFE, the Clock of Fate (seed 001, I)."""
    _ = words._
    rows = [
        section(_("At the table: chess clock {minutes} minutes for Frederick, {minutes} for the three attackers "
                  "together (GFTR G)").format(minutes=CLOCK_MINUTES), WIDTH),
        line(Cell(_("Stopwatch, seconds per action stage"), Look.HEADER, 5),
             *(header(_(n)) for n, _s in STOPWATCH_SECONDS), height=26),
        line(Cell(_("once a side's clock has run out"), Look.TEXT, 5),
             *(box(str(s)) for _n, s in STOPWATCH_SECONDS), height=20),
    ]
    if variant is Variant.CAFE:
        rows.append(line(text(_(CLOCK_OF_FATE), 6), text(_(TURN_PROTOCOL), 6), height=118))
    else:
        rows.append(note(_(POMPADOUR_TASKS), WIDTH, height=28))
    return rows


POMPADOUR_TASKS = N_(
    "Pompadour calls the jury when a nation drops out, when a Prussian Offensive Option fails and when the "
    "game ends; the game situation and the Cards of Fate stay untouched until the jury arrives (GFTR F)."
)

CLOCK_OF_FATE = N_(
    "Clock of Fate set-up (CAFE'23 I)\n"
    "[ ] 1. Set aside Elisabeth; Poems or Lord Bute; America or India.\n"
    "[ ] 2. Shuffle the other 15 Cards of Fate, set aside the top 4.\n"
    "[ ] 3. Shuffle the remaining 11 with the 3 cards of step 1.\n"
    "[ ] 4. Put the 4 cards of step 2 on top. The game can start.\n"
    "Call the jury when a nation drops out, when the OO is called off and at the end (F)."
)

TURN_PROTOCOL = N_(
    "Each turn (CAFE'23 H)\n"
    "1. Pompadour deals Prussia, Hanover, starts Frederick's clock.\n"
    "2. Prussia's action stage, then Hanover's.\n"
    "3. Frederick starts the attackers' clock.\n"
    "4. Pompadour deals all attacking nations.\n"
    "5. Each attacker hands over clearly.\n"
    "6. Pompadour stops the clock after the last attacker.\n"
    "7. Pause: Fate; a dropped nation's TCs to the discards.\n"
    "Clock stopped for combat, the jury, discussions; retreats on the winner's time."
)
