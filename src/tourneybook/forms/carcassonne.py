"""Carcassonne table slips and the knock-out bracket (seed 002).

A slip is one table of one preliminary game: the players, their victory
points and places, and their signatures. The bracket is the knock-out of the
best 16, best of three, pre-filled with the names known so far.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field

from ..errors import Collector
from ..frozen import frozen
from ..i18n import ENGLISH_WORDS, N_, Words
from ..rules.carcassonne_knockout import bracket_slots
from .common import ReportSection, check_marks, check_names, check_place, shown_name
from .layout import Cell, Look, Page, box, header, label, line, note, section, title

SLIP_WIDTHS = (8.0, 30.0, 14.0, 10.0, 30.0)
"""Seat, player, victory points, place, signature."""


@frozen
class CarcassonneSlip:
    """The result slip of one preliminary table (seed 002: tables of 4, at most three of 3)."""

    per_page = 3
    """Three slips share an A4 page, cut apart (issue 13)."""

    tournament: str
    """Tournament name printed at the top ('' for none)."""
    round: int | None = None
    """Preliminary game number (1 to 4); None leaves it blank."""
    table: int | None = None
    """Table number; None leaves it blank (walk-in table)."""
    players: tuple[str, ...] = ("", "", "", "")
    """The 3 or 4 players in seat order; '' is a blank box."""
    marks: tuple[str, ...] = ()
    """Printed after each name in seat order, e.g. 'stand-in' ('' for none); () for no marks at all."""
    words: Words = ENGLISH_WORDS
    """The players' language the slip is printed in (the event's Settings, 'Language')."""

    def __post_init__(self) -> None:
        problems = Collector()
        where = f"table slip R{self.round} T{self.table}"
        check_place(problems, where, self.tournament, self.round, self.table)
        size = len(self.players)
        if problems.check(size in (3, 4), f"a table seats 3 or 4 players, not {size}", where):
            check_names(problems, where, self.players, size, "players")
            check_marks(problems, where, self.marks, self.players)
        problems.raise_if_any()

    @property
    def sheet_name(self) -> str:
        return f"R{self.round or '_'} T{self.table or '_'}"

    def page(self) -> Page:
        return slip_page(self, self.words)


RESULT_TITLE = N_("Result: the players fill it in together")
POINTS_WORDS = N_("Victory points")


def slip_sections(headers: tuple[str, ...]) -> tuple[ReportSection, ...]:
    """What the players fill in on the slip (their victory points, seat by seat): the phone's report follows it.
    ``headers``: the entry sheet's result columns (one per seat on the Preliminary sheet; a knock-out match's
    games on its own sheet)."""
    if all(h.startswith("VP ") for h in headers):
        return (ReportSection(RESULT_TITLE, headers, by_seat=True),)
    games = sorted({h.split(" VP ")[0].split(" lost")[0] for h in headers if h.startswith("Game ")})
    # a match is best of three (seed 002): the third game only after one game each
    return tuple(ReportSection(game, tuple(h for h in headers if h.startswith(game + " ")), optional=i == 2)
                 for i, game in enumerate(games)) or (ReportSection(RESULT_TITLE, headers),)


def slip_page(slip: CarcassonneSlip, words: Words = ENGLISH_WORDS) -> Page:
    """A third of an A4 page (about 240 pt): three slips print on one sheet of paper; in ``words``' language."""
    _ = words._
    points = "5-3-2-1" if len(slip.players) == 4 else "5-3-1"
    cols = len(SLIP_WIDTHS)
    size = len(slip.players)
    rows = [
        line(Cell(" · ".join(t for t in (_("Carcassonne table slip"), slip.tournament) if t), Look.TITLE, cols),
             height=22),
        line(label(_("Round")), box(slip.round), label(_("Table")), box(slip.table),
             Cell(words.ngettext("{count} player: ranking points {points}", "{count} players: ranking points {points}",
                                 size).format(count=size, points=points), Look.LABEL), height=22),
        section(_(RESULT_TITLE), cols),
        line(header(_("Seat")), header(_("Player")), header(_(POINTS_WORDS)), header(_("Place")),
             header(_("Signature")), height=18),
    ]
    rows += [line(box(str(seat + 1)), box(shown_name(slip.players, slip.marks, seat, words)), box(), box(), box(), height=26)
             for seat in range(len(slip.players))]
    rows += [
        note(words.number(_(SLIP_NOTE)), cols, height=24),
        line(label(_("TD")), box("", 2), label(_("Time")), box(), height=24),
    ]
    return Page(slip.sheet_name, SLIP_WIDTHS, tuple(rows))


SLIP_NOTE = N_(
    "Signing ends the right to protest. Equal VP share the ranking points of the places they cover "
    "(three tied behind the winner: 2 each). At 3 players VP count 3/4 in the tie-break sum (seed 002)."
)

MATCH_WIDTHS = (24.0, 5.0, 5.0, 5.0, 5.0)
"""Per match column: player, game 1, game 2, game 3, games won."""
SPACER = 2.5


def bracket_height(cells: list[Cell]) -> float:
    """A row with a name is 24 pt (14 pt type), with only headings 15, an empty gap 10."""
    looks = {c.look for c in cells}
    return 24 if Look.NAME in looks else 20 if Look.BOX in looks else 15 if Look.HEADER in looks else 10
STAGES = (N_("Round of 16"), N_("Quarter-finals"), N_("Semi-finals"), N_("Final"))


@frozen
class KnockoutBracketForm:
    """The printed knock-out of the best 16 (seed 002, K.O. rounds; RULES.md, Carcassonne)."""

    per_page = 1
    """A whole A4 page."""

    tournament: str
    """Tournament name printed at the top ('' for none)."""
    seeds: tuple[str, ...] = ("",) * 16
    """Names by preliminary rank 1 to 16; '' where not known yet."""
    winners: tuple[tuple[str, str], ...] = field(default=())
    """(match, winner) pairs already decided, e.g. (('S1', 'Anna'),): they fill the later rounds."""
    words: Words = ENGLISH_WORDS
    """The players' language the bracket is printed in (the event's Settings, 'Language')."""

    def __post_init__(self) -> None:
        problems = Collector()
        where = "knock-out bracket"
        problems.check(isinstance(self.tournament, str), f"tournament name must be text, not {self.tournament!r}",
                       where)
        check_names(problems, where, self.seeds, 16, "seeded players (ranks 1 to 16)")
        stages = {s.stage for s in bracket_slots(16)}
        decided: set[str] = set()
        for pair in self.winners:
            if not problems.check(isinstance(pair, tuple) and len(pair) == 2, f"not a (match, winner) pair: {pair!r}",
                                  where):
                continue
            stage, _ = pair
            if problems.check(stage in stages, f"unknown match {stage!r}; matches: {', '.join(sorted(stages))}",
                              where):
                problems.check(stage not in decided, f"{stage}: winner given twice", where)
                decided.add(stage)
        if not problems:
            for stage, name in self.winners:
                players = self.players_of(stage)
                problems.check(name in players and name != "",
                               f"{stage}: the winner {name!r} is not one of its players "
                               f"({' v '.join(p or '?' for p in players)})", where)
        problems.raise_if_any()

    @classmethod
    def of(cls, tournament: str, seeds: list[str] | tuple[str, ...] = (),
           winners: Mapping[str, str] | None = None, words: Words = ENGLISH_WORDS) -> "KnockoutBracketForm":
        """A bracket from the ranked names known so far (fewer than 16 leaves the rest blank)."""
        padded = tuple(seeds) + ("",) * max(0, 16 - len(seeds))
        return cls(tournament, padded, tuple((winners or {}).items()), words)

    def players_of(self, stage: str) -> tuple[str, str]:
        """The two players of a match as far as known, higher seed first ('' where unknown)."""
        slot = next(s for s in bracket_slots(16) if s.stage == stage)
        if slot.seeds is not None:
            return self.seeds[slot.seeds[0] - 1], self.seeds[slot.seeds[1] - 1]
        won = dict(self.winners)
        pair = [won.get(f, "") for f in slot.feeders]
        # The higher seed starts games 1 and 3, so it is written first (seed 002).
        if all(pair):
            pair.sort(key=self.rank)
        return pair[0], pair[1]

    def rank(self, name: str) -> int:
        return self.seeds.index(name) + 1 if name in self.seeds else 99

    @property
    def sheet_name(self) -> str:
        return "Knock-out"

    def page(self) -> Page:
        """The top half of the bracket (see :meth:`pages` for both)."""
        return bracket_page(self, 0, self.words)

    def pages(self) -> tuple[Page, Page]:
        """The bracket on two pages: the top half, then the bottom half with the final."""
        return bracket_page(self, 0, self.words), bracket_page(self, 1, self.words)


def bracket_order(stage: str = "F") -> list[str]:
    """Matches of the first round top to bottom so that every later match sits between its two feeders."""
    slot = next(s for s in bracket_slots(16) if s.stage == stage)
    if slot.feeders is None:
        return [stage]
    return bracket_order(slot.feeders[0]) + bracket_order(slot.feeders[1])


def bracket_page(form: KnockoutBracketForm, half: int = 0, words: Words = ENGLISH_WORDS) -> Page:
    """Half ``half`` (0: the top, 1: the bottom) of the bracket on a landscape page: its round-of-16 matches,
    their quarter-finals and semi-final, 4 rows per match; the bottom half also has the final and the champion.

    Half a bracket a page, so the names print at 14 pt and stay at least 12 pt on paper, readable on the wall
    (the whole bracket on one page printed them at about 7).
    """
    slots = {s.stage: s for s in bracket_slots(16)}
    first = bracket_order()
    columns: list[list[str]] = [first[half * len(first) // 2 : (half + 1) * len(first) // 2]]
    while len(columns[-1]) > 1:
        columns.append([next(s.stage for s in slots.values() if s.feeders == (a, b) or s.feeders == (b, a))
                        for a, b in zip(columns[-1][::2], columns[-1][1::2])])
    block = 4  # rows per match: heading, higher seed, lower seed, gap
    height = block * len(columns[0])
    grid: list[list[Cell]] = [[] for _ in range(height)]
    for depth, matches in enumerate(columns):
        window = block * 2 ** depth
        cells: dict[int, tuple[Cell, ...]] = {}
        for i, stage in enumerate(matches):
            cells.update(match_cells(form, slots[stage], i * window + (window - block) // 2, words))
        for r in range(height):
            grid[r].extend(cells.get(r, (Cell("", Look.BLANK, len(MATCH_WIDTHS)),)))
            if depth < len(columns) - 1:
                grid[r].append(Cell("", Look.BLANK))
    widths: list[float] = []
    for depth in range(len(columns)):
        widths += MATCH_WIDTHS
        if depth < len(columns) - 1:
            widths.append(SPACER)
    span = len(widths)
    heads: list[Cell] = []
    for depth, name in enumerate(STAGES[: len(columns)]):
        heads.append(Cell(words._(name), Look.SECTION, len(MATCH_WIDTHS)))
        if depth < len(columns) - 1:
            heads.append(Cell("", Look.BLANK))
    which = (words._("Carcassonne knock-out, top half"), words._("Carcassonne knock-out, bottom half and final"))[half]
    rows = [
        title(f"{which} · {form.tournament}".rstrip(" ·"), span),
        note(words._(BRACKET_NOTE), span, height=26),
        line(*heads, height=18),
        *(line(*cells, height=bracket_height(cells)) for cells in grid),
    ]
    if half == 1:  # the final and the champion under the semi-finals' column
        before = Cell("", Look.BLANK, span - len(MATCH_WIDTHS))
        final = {**match_cells(form, slots["F"], 0, words), **champion_cells(block + 1, words)}
        rows += [line(before, *final.get(r, (Cell("", Look.BLANK, len(MATCH_WIDTHS)),)),
                      height=bracket_height(list(final.get(r, ())))) for r in range(block + 3)]
    return Page(f"{form.sheet_name} {half + 1}", tuple(widths), tuple(rows), landscape=True)


def match_cells(form: KnockoutBracketForm, slot, top: int, words: Words = ENGLISH_WORDS) -> dict[int, tuple[Cell, ...]]:
    _ = words._
    if slot.seeds is not None:
        meets = _("rank {higher} v rank {lower}").format(higher=slot.seeds[0], lower=slot.seeds[1])
    else:
        meets = _("winners {first} v {second}").format(first=slot.feeders[0], second=slot.feeders[1])
    stage = _("Final") if slot.stage == "F" else slot.stage
    cells = {top: (header(f"{stage}: {meets}"), *(header(_("G{number}").format(number=n)) for n in (1, 2, 3)),
                   header(_("Won")))}
    for offset, name in enumerate(form.players_of(slot.stage), start=1):
        shown = f"({form.rank(name)}) {name}" if name else ""
        cells[top + offset] = (Cell(shown, Look.NAME), box(), box(), box(), box())
    return cells


def champion_cells(top: int, words: Words = ENGLISH_WORDS) -> dict[int, tuple[Cell, ...]]:
    return {top: (header(words._("Champion"), len(MATCH_WIDTHS)),),
            top + 1: (Cell("", Look.NAME, len(MATCH_WIDTHS)),)}


BRACKET_NOTE = N_(
    "Best of three: write each game's victory points, circle the game's winner. The higher seed starts games 1 "
    "and 3. Running out of clock time loses the game. Equal wins after three games: the higher VP total wins, "
    "then the higher preliminary rank."
)
