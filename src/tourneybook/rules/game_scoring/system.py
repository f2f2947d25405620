"""What every Diplomacy game-scoring system is: its numbers, what it needs of a board, and its rule texts.

A system is one frozen :class:`ScoringSystem` value built in its family's module
from a pure function ``score(board, numbers) -> GameScore``; the registry in
:mod:`.` lists them. ``scores(board, numbers)`` is the one way in: it fills the
director's numbers from the defaults, checks them (each problem named by its
Settings label), checks the board and that it holds what the system needs, and
scores a solo or a concession the system's way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from fractions import Fraction

from ...errors import Collector, Problem, ValidationError
from ...frozen import frozen
from ...i18n import N_, Phrase
from ..base import GameScore, PlayerScore, Value
from ..diplomacy import FIRST_YEAR, SOLO_CENTRES, Board, CentreCountText, Power, PowerResult, validate_board

Numbers = Mapping[str, Fraction]
"""A system's numbers by :attr:`Parameter.key`, every one filled."""

FINAL_COUNT = N_("Final count: the last Fall played. ")
"""How every system's count note on the centre-count sheet begins."""
DRAW_VOTES = N_("Draw votes: as the TD announced them for this event (a draw does not change the scores)")
GAME_ENDS = N_("solo  /  concession  /  draw accepted  /  last year played")


class Need(Enum):
    """What a system reads of a board beyond the final centre counts (a column on the Boards sheet and the form)."""

    ELIMINATION_ORDER = "elimination order"
    """The order the powers were eliminated in, from their elimination years (one year: a tie)."""
    ELIMINATION_YEAR = "elimination year"
    """The year each eliminated power lost its last centre."""
    YEAR_COUNTS = "year-by-year centre counts"
    """Every power's centres after each Fall from 1901 (the board's centre-count sheet); the system refuses a board
    without them where they decide a score (Maxonian: a tie on centres)."""
    DRAW_MEMBERS = "powers in the draw"
    """Who shared an accepted draw; left blank, every survivor did."""
    CONCESSION = "concession"
    """The power the game was conceded to, scored as its solo."""


@frozen
class Parameter:
    """One number of a system that the tournament director may change in a Settings row."""

    key: str
    """The name the score function and the rule text's {placeholder} use ('solo')."""
    label: str
    """The Settings row's label ('C-Diplo: solo points'); problems name it."""
    default: Fraction
    """The system's published value."""
    help: str
    """One sentence for the Settings row's help column."""
    minimum: Fraction | None = Fraction(0)
    """The least allowed value; None: any."""
    whole: bool = False
    """Only whole numbers (a count of points the published rules never split)."""

    def problem(self, value: Fraction) -> str | None:
        """What is wrong with ``value`` for this number, in the director's words; None when it is allowed."""
        if self.whole and value.denominator != 1:
            return f"{self.label} must be a whole number, not {number_text(value)}"
        if self.minimum is not None and value < self.minimum:
            return f"{self.label} must be at least {number_text(self.minimum)}, not {number_text(value)}"
        return None


def number_text(value: Fraction | int) -> str:
    """A number as the rule texts print it: 38, 0.5, 1/3."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    d = value.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:  # a finite decimal
        return f"{float(value):g}" if abs(value) < 10 ** 12 else str(value)
    return f"{value.numerator}/{value.denominator}"


@frozen
class ScoringSystem:
    """One Diplomacy game-scoring system: identity, rule texts, numbers, needs and its pure score function."""

    id: str
    """Stable id on the command line and in Settings ('carnage')."""
    name: str
    """As the issue's list and the published rules spell it ('Carnage')."""
    rule: str
    """The rule in one sentence ({placeholders} as :attr:`text`), for ``tourneybook systems`` and drop-downs."""
    text: str
    """The whole game rule for the docs and the centre-count sheet, with a {placeholder} for each parameter."""
    parameters: tuple[Parameter, ...]
    """The numbers the director may change, in the order Settings lists them."""
    needs: frozenset[Need]
    """What it reads of a board beyond the final centre counts."""
    score: Callable[[Board, Numbers], GameScore]
    """(checked board, every number filled) -> the board's scores, with the parts that explain each."""
    vote_rule: str = DRAW_VOTES
    """The heading of the draw votes on the centre-count sheet."""
    game_ends: str = GAME_ENDS
    """The ways a game may end, to circle on the centre-count sheet."""
    dipvis_name: str = ""
    """How dipvis (UEWBot/dipvis, its registry of game-scoring systems) spells it, where that differs from
    :attr:`name` ('Haight v1.0' for Haight); empty where the two are the same."""

    def numbers(self, given: Mapping[str, Fraction | int] | None = None) -> dict[str, Fraction]:
        """Every number, the director's where given and the default otherwise; ValidationError naming each bad one
        by its Settings label (a Settings cell checks its own with :meth:`Parameter.problem`)."""
        given = dict(given or {})
        c = Collector()
        known = {p.key: p for p in self.parameters}
        for key in sorted(set(given) - set(known)):
            names = ", ".join(known) or "none"
            c.add(f"{self.name} has no number {key!r}; its numbers: {names}", "settings")
        filled = {}
        for p in self.parameters:
            value = Fraction(given.get(p.key, p.default))
            problem = p.problem(value)
            if problem:
                c.add(problem, "settings")
            filled[p.key] = value
        c.raise_if_any()
        return filled

    def scores(self, board: Board, numbers: Mapping[str, Fraction | int] | None = None) -> GameScore:
        """The board's scores under this system with the given numbers (the defaults where not given)."""
        filled = self.numbers(numbers)
        validate_board(board, need_history=False)  # a history entered is checked; a system refuses one it lacks
        problems = self.board_problems(board)
        if problems:
            raise ValidationError(problems)
        return self.score(board, filled)

    def board_problems(self, board: Board) -> list[Problem]:
        """What the board lacks, or holds that this system cannot score (beyond the checks of every board).

        A recorded draw is read only by the systems that need it: the others score the centres as they are.
        """
        c = Collector()
        game = f"game {board.label}"
        if board.conceded_to is not None and Need.CONCESSION not in self.needs:
            c.add(f"{self.name} does not score a concession: enter the final centre counts", game)
        return c.problems

    def placeholders(self, numbers: Mapping[str, Fraction | int] | None = None) -> dict[str, str]:
        """Each parameter's value as the rule texts print it."""
        return {key: number_text(value) for key, value in self.numbers(numbers).items()}

    def rule_text(self, numbers: Mapping[str, Fraction | int] | None = None) -> Phrase:
        """The whole rule with the numbers used: a phrase, which a language says with the same numbers in place."""
        return Phrase(self.text, **self.placeholders(numbers))

    def rule_sentence(self, numbers: Mapping[str, Fraction | int] | None = None) -> str:
        """The one-sentence rule with the numbers used."""
        return self.rule.format(**self.placeholders(numbers))

    def form_text(self, numbers: Mapping[str, Fraction | int] | None = None) -> CentreCountText:
        """What the centre-count sheet prints for this system, stating the numbers used."""
        return CentreCountText(count_note=Phrase("{opening}{rule}", opening=Phrase(FINAL_COUNT), rule=self.rule_text(numbers)),
                               vote_rule=self.vote_rule, game_ends=self.game_ends)


# --- what the families share ------------------------------------------------------------------------


def soloist(board: Board) -> PowerResult | None:
    """The power that won alone: 18 centres or more, or the power the game was conceded to."""
    for p in board.powers:
        if p.centres >= SOLO_CENTRES or p.power is board.conceded_to:
            return p
    return None


def solo_score(board: Board, winner: Fraction | int, loser: Fraction | int = 0,
               losers: Mapping[Power, Fraction] | None = None) -> GameScore:
    """A won game: ``winner`` to the soloist, ``loser`` (or its own in ``losers``, by power) to everyone else."""
    won = soloist(board)
    if won is None:
        raise AssertionError("bug: solo_score of a board without a soloist")
    conceded = won.power is board.conceded_to
    rows = {p.power: (winner if p is won else (losers or {}).get(p.power, loser),
                      (("solo", ("conceded" if conceded else "yes") if p is won else "no"),))
            for p in board.powers}
    what = (f"conceded to: {won.power.value} ({won.player})" if conceded else
            f"solo: {won.power.value} ({won.player}) with {won.centres} centres")
    return game_score(board, rows, (what,))


def shared_ranks(counts: Sequence[Fraction | int], points: Sequence[Fraction | int]) -> list[Fraction]:
    """Each count's rank points, in the order given: ``points`` go to first, second... (none beyond the list),
    and powers tied on a count split the points of the ranks they cover.

    >>> [str(x) for x in shared_ranks([9, 5, 9, 4], [38, 14, 7])]
    ['26', '7', '26', '0']
    """
    ordered = sorted(counts, reverse=True)
    share = {}
    for n in set(counts):
        first, covered = ordered.index(n), ordered.count(n)
        share[n] = Fraction(sum(points[first:first + covered]), covered)
    return [share[n] for n in counts]


def lower_ranks(counts: Sequence[Fraction | int], points: Sequence[Fraction | int]) -> list[Fraction]:
    """Each count's rank points, in the order given, tied powers all taking the points of the lowest rank
    they cover (a two-way tie for first scores second's points each).

    >>> [str(x) for x in lower_ranks([9, 5, 9, 4], [66, 55, 44, 33])]
    ['55', '44', '55', '33']
    """
    ordered = sorted(counts, reverse=True)
    share = {}
    for n in set(counts):
        last = ordered.index(n) + ordered.count(n) - 1
        share[n] = Fraction(points[last]) if last < len(points) else Fraction(0)
    return [share[n] for n in counts]


def years_played(year: int) -> int:
    """Game years a power played up to ``year``, that year included: 1901 is 1, eliminated in 1905 is 5."""
    return year - FIRST_YEAR + 1


def years_survived(year: int) -> int:
    """Game years a power ended with centres before ``year``: eliminated in 1905 survived 1901 to 1904, 4."""
    return year - FIRST_YEAR


def last_year(board: Board, system: str) -> int:
    """The year the game ended (a solo's year): entered, or the end of the centre history; ValidationError naming
    why the system needs it when it is missing."""
    if board.final_year is None:
        raise ValidationError([Problem(f"{system} scores the powers that lost to a solo by their years in the game: "
                                       "enter the game's last year", f"game {board.label}")])
    return board.final_year


def losers_last_year(board: Board, won: PowerResult, system: str) -> int:
    """The year a loser to ``won``'s solo that still held a centre stops counting: the game's last year
    (:func:`last_year`); 0 when every other power was eliminated, each counting to its own elimination year, so the
    board scores without its last year."""
    return last_year(board, system) if any(p.survived and p is not won for p in board.powers) else 0


def year_out(board: Board, p: PowerResult, system: str) -> int:
    """The year a power's game ended: its elimination, else the game's last year."""
    return p.eliminated if p.eliminated is not None else last_year(board, system)


def drawn_powers(board: Board) -> list[PowerResult]:
    """The powers that shared the game's end: the recorded draw, else every survivor."""
    if board.draw is not None:
        return [p for p in board.in_power_order() if p.power in board.draw]
    return [p for p in board.in_power_order() if p.survived]


def number(system: str, key: str, what: str, default: Fraction | int | str, help: str,
           minimum: Fraction | int | None = 0, whole: bool = False) -> Parameter:
    """A system's tunable number, its Settings label 'System: what'."""
    return Parameter(key, f"{system}: {what}", Fraction(default), help,
                     None if minimum is None else Fraction(minimum), whole=whole)


Parts = tuple[tuple[str, Value], ...]
"""What explains a score on the Games sheet, after its centres: (('rank points', 6500), ...)."""


def game_score(board: Board, rows: Mapping[Power, tuple[Fraction | int, Parts]], notes: Sequence[str] = ()) -> GameScore:
    """The board's GameScore from each power's (points, parts), in power order."""
    return GameScore(board.label, tuple(PlayerScore(p.player, p.power.value, Fraction(rows[p.power][0]),
                                                    (("centres", p.centres), *rows[p.power][1]))
                                        for p in board.in_power_order()), tuple(notes))
