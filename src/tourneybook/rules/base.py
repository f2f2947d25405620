"""What every ruleset provides, and the result types the upper layers render.

A ruleset is one frozen :class:`Ruleset` value built in its own module
(``rules/<id>.py``) from plain functions; :mod:`tourneybook.rules` holds the one
list of them and finds one by id. The value carries everything the upper layers
ask of a ruleset (its family, seats, forms, draw, cell functions, settings, and
what its tournament has beyond the rounds: a preliminary, a knock-out, a final, a
top board), so that no code outside a ruleset's own modules tests its id.
Records and settings are each ruleset's own frozen dataclasses; the results
below are shared so that the JSON, workbook and Excel layers render any ruleset
the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..frozen import frozen
from .ranking import Standings
from .tables import Table, Value

if TYPE_CHECKING:
    from .carcassonne_knockout import Bracket
    from .diplomacy import CentreCountText



@frozen
class PlayerScore:
    """One player's points in one game, with the parts that explain them."""

    player: str
    seat: str
    """Role or power played ('Frederick', 'France', 'table seat 2')."""
    points: Fraction
    parts: tuple[tuple[str, Value], ...] = ()
    """Named explanation in reading order, e.g. (('Russia', 7), ('bonus', 4/3))."""

    def part(self, name: str) -> Value:
        for key, value in self.parts:
            if key == name:
                return value
        raise KeyError(name)


@frozen
class GameScore:
    """The scores of one game (a Friedrich table, a Carcassonne table, a Diplomacy board)."""

    game: str
    """Label such as 'R2 T3' or 'Round 1 Board 2'."""
    players: tuple[PlayerScore, ...]
    notes: tuple[str, ...] = ()

    def of(self, player: str) -> PlayerScore:
        for p in self.players:
            if p.player == player:
                return p
        raise KeyError(player)


class Details(Mapping[str, Any]):
    """Named results made when first read, each once: ``Details(before_top_board=partial(rank, ...))``.

    Italia's ranking before the top board is a whole ranking of the event, which only the JSON
    output shows; the workbook's recalc and the hall never ask for it. A maker is a picklable
    callable of no arguments (a :func:`functools.partial` of a module's function), so the
    result is copied and pickled as a dict would be.
    """

    def __init__(self, **makers: Callable[[], Any]) -> None:
        self._makers = makers
        self._made: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._made:
            self._made[name] = self._makers[name]()
        return self._made[name]

    def __iter__(self):
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def __repr__(self) -> str:
        return f"Details({', '.join(self._makers)})"


@frozen
class TournamentResult:
    """Everything a recalculation produces for one tournament."""

    ruleset: str
    standings: Standings
    games: tuple[GameScore, ...]
    extras: tuple[Table, ...] = ()
    """Friedrich final, Carcassonne knock-out bracket, Diplomacy best-power awards..."""
    notes: tuple[str, ...] = ()
    """Things the organiser must see: unresolved lots, stand-ins left out, rounds missing."""
    details: Mapping[str, Any] = field(default_factory=dict)
    """Results the JSON output carries as fields of their own, by name, beside the tables: Italia's
    'before_top_board' (a Standings, 004 3.3), Carcassonne's 'knockout' (each match and game as a record).
    A :class:`Details` computes each when first read: a recalc never reads them."""

    @property
    def winner(self) -> tuple[str, str] | None:
        """The event's winner and the table that says so, once decided: place 1 of a table of places (Friedrich's
        'Final', Carcassonne's 'Final placings'), which outranks the standings; None before, and where there is none."""
        for table in self.extras:
            if table.headers[:2] == ("place", "player"):
                first = next((row for row in table.rows if str(row[0]).strip() == "1" and row[1]), None)
                if first is not None:
                    return str(first[1]), table.title
        return None


class Family(Enum):
    """The game a ruleset scores: it decides the draw, the table's seats and the kind of form."""

    FRIEDRICH = "Friedrich"
    """Four players per table, one in each role (seeds 000 and 001)."""
    CARCASSONNE = "Carcassonne"
    """Tables of four, at most three tables of three per round (seed 002)."""
    DIPLOMACY = "Diplomacy"
    """Boards of seven, one power each (seeds 003, 004 and Sum of Squares)."""

    @property
    def table_word(self) -> str:
        """What the game's players sit at: a Diplomacy "board", a "table" for the others (as the seeds say)."""
        return "Board" if self is Family.DIPLOMACY else "Table"

    @property
    def fixed_rounds(self) -> bool:
        """Friedrich and Carcassonne play the rounds their ruleset sets; a Diplomacy event may add rounds."""
        return self is not Family.DIPLOMACY

    @property
    def row_per_seat(self) -> bool:
        """A Diplomacy board is entered as a row per power (Power, Player), as its centre-count sheet lists them;
        a Friedrich or Carcassonne table as one row, a column per seat."""
        return self is Family.DIPLOMACY


@frozen
class FormProfile:
    """What the printable forms of a ruleset's tables need beyond its family and seats."""

    title: str
    """The scoring system's name printed on each form ('FWC 2022 + GFTR', 'CODCon 2008')."""
    variant: str
    """Which of the family's paper forms it prints, by name: Friedrich 'FWC' (victory bonus, Pompadour's
    tasks) or 'CAFE' (Clock of Fate); Diplomacy 'CODCON' (elimination year, secret votes), 'ITALIA'
    (the minute's asterisk, open votes) or 'FINAL_COUNT' (the final count); Carcassonne 'SLIP'."""
    centre_count: CentreCountText | None = None
    """Diplomacy: the rule texts its centre-count sheet prints (count note, vote rule, how a game ends), so a
    sheet never prints another system's rules; None for the other families."""
    columns: tuple[str, ...] = ()
    """Diplomacy final-count sheets: the columns a power's row adds for what the game scoring needs beyond the
    final count ('Eliminated in', 'In draw', 'Conceded to'), as the Boards sheet has them; () for none."""


@frozen
class Qualification:
    """A later stage the ranking qualifies for (a final, a knock-out): who goes on, and the stage's word."""

    stage: str
    """The stage as the cut line under the ranking names it: 'final', 'knock-out'."""
    going_on: Callable[[Sequence[str], Any], list[str]]
    """(ranking order, tournament record) -> the players who go on, as the ruleset picks them (a withdrawn
    player passed over, the next moving up); [] where the Settings have no such stage."""


@frozen
class SettingsChoice:
    """A Settings row whose value chooses the other rows (Diplomacy's game scoring: each system has its numbers).

    It is the metadata "choice" of that Settings field: the sheet reads the row first, takes the
    chosen option's Settings as the defaults of every other row, and offers the options as a drop-down.
    """

    options: tuple[tuple[str, str, str], ...]
    """(id, name, the rule in one sentence) of each option, in the drop-down's order; the sheet shows the name."""
    settings_of: Callable[[str], Any]
    """An option's id or name as typed -> its default Settings; InputError naming the options when none matches."""
    owner_of: Callable[[str], str | None]
    """A Settings row's label -> the name of the option it belongs to, when it is one option's own row; else None."""
    rows_of: Callable[[str], tuple[tuple[str, Any], ...]] = lambda option_id: ()
    """An option's id -> (label, default) of each row it adds (a system's numbers), listed with the options."""
    sheet: str = "Choices"
    """The sheet after Settings that lists the options, their rules and rows (the drop-down's list)."""

    def name_of(self, option_id: str) -> str:
        """The option's name, as its row shows it."""
        return next((name for i, name, _ in self.options if i == option_id), option_id)


SettingsT = TypeVar("SettingsT")
"""A ruleset's own Settings dataclass."""
GameT = TypeVar("GameT")
"""A ruleset's own game record (a Friedrich game, a Carcassonne table, a Diplomacy board)."""
TournamentT = TypeVar("TournamentT")
"""A ruleset's own tournament record."""


@frozen
class Ruleset(Generic[SettingsT, GameT, TournamentT]):
    """One ruleset: its identity, its pure functions and what the upper layers need of it.

    Its workbook layout and its simulator live in the layers that own them, joined by
    the ruleset's id (:data:`tourneybook.workbook.layouts.MODULES`,
    :data:`tourneybook.simulate.simulators.SIMULATORS`): nothing here points up.
    """

    id: str
    """Stable id used on the command line and in workbooks ('fwc2022')."""
    name: str
    """Display name ('Friedrich World Championship 2022')."""
    seed: str
    """The rule text it implements (file under shared/seeds); '' for a system without one among the seeds (sos)."""
    summary: str
    """A short scoring summary for the workbook's instructions sheet."""
    settings: SettingsT
    """The default settings: a frozen dataclass whose fields a Settings sheet maps onto."""
    score_game: Callable[[GameT], GameScore]
    """Score one game record."""
    standings: Callable[..., TournamentResult]
    """Rank a tournament record (games, players, settings, adjustments, lot decisions).

    Called as ``standings(record)``, or ``standings(record, checked=True)`` by a caller that has
    already found no problems in the record (a workbook layout has), so it is not checked again.
    """
    game_from_dict: Callable[[Mapping[str, object]], GameT]
    """Parse and validate a game record from JSON data (docs/formats.md)."""
    tournament_from_dict: Callable[[Mapping[str, object]], TournamentT]
    """Parse and validate a tournament record from JSON data (docs/formats.md)."""
    family: Family
    """Friedrich, Carcassonne or Diplomacy: which draw seats it and which kind of form it prints."""
    seats: tuple[str, ...]
    """A table's seats in the entry sheet's and the form's order: the roles, 'Player 1'... or the powers."""
    fewest_seats: int
    """The fewest seats a table may fill (Carcassonne: 3 of 4); the others fill every seat."""
    form: FormProfile
    """What its printable forms need."""
    cell_functions: tuple[str, ...] = ()
    """Names of its Excel cell functions in :mod:`tourneybook.excel.udfs` (xlwings and xlwings Lite)."""
    draw_rounds: Callable[[SettingsT], int] = lambda settings: 1
    """settings -> the rounds ``draw --all`` seats (Friedrich: 4, one per role; Carcassonne: the Settings'
    preliminary rounds; Diplomacy: 3)."""
    tournament_of: Callable[[str, tuple[GameT, ...], SettingsT], TournamentT] | None = None
    """Diplomacy: (name, boards, settings) -> the tournament record of just these boards, nothing else entered
    (the family's simulator builds every Diplomacy ruleset's record this way); None for the other families."""
    example_players: int = 0
    """Players of the shipped example workbook its family's simulator writes (0: the family ships none this way)."""
    # -- what a tournament of this ruleset has beyond its rounds; None where it has none -------------
    preliminary: Callable[[TournamentT], tuple[Standings, tuple[GameScore, ...]]] | None = None
    """The preliminary rounds' standings and games before a knock-out (Carcassonne 2004, seed 002)."""
    knockout: Callable[[TournamentT], Bracket | None] | None = None
    """The knock-out bracket of the best of the preliminary (seed 002); None until it can be seeded."""
    final: Callable[[TournamentT], Table | None] | None = None
    """The final's table (Friedrich, seeds 000 and 001); None until it is played."""
    qualification: Qualification | None = None
    """Who goes on from the ranking to the final or the knock-out, for the cut line under the published ranking."""
    top_board_ranking: Callable[[TournamentT], Standings] | None = None
    """Italia 2010's top board (seed 004, 4.1): the standings that seed it."""
    standings_by_round: Callable[[TournamentT, Sequence[int]], list[Standings]] | None = None
    """The standings after each of the given rounds in one pass over the rounds (every shipped ruleset has one);
    None: each round's prefix of the record is ranked on its own (rules/by_round.py)."""
    chosen: Callable[[SettingsT], Ruleset] | None = None
    """A ruleset whose Settings choose how it scores (the Diplomacy event's game scoring, rules/diplomacy_event.py):
    settings -> the ruleset as they make it (its name, summary, forms, layout columns); None: it is always itself."""
