"""What both Diplomacy rulesets share: powers, theatres, the board record and its checks.

A board is one game of seven powers. Its record holds each power's player,
its supply centres at the last completed Fall, the year it was eliminated and,
for Italia 2010, its centre count at the end of every year from 1901 (the
board's centre-count sheet). Seeds: 003 (CODCon 2008), 004 (Italia 2010).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any

from ..frozen import frozen
from ..i18n import N_, Phrase
from ..errors import Collector, Problem, ValidationError
from . import records_json as read
from .attendance import Attendance
from .ranking import Adjustment
from .seats import DEFAULT_THEATRES, Power, Theatre, parse_theatres  # the seats' names: shared with the draw

FIRST_YEAR = 1901
"""The first game year; a year's count is taken after its Fall."""
MAP_CENTRES = 34
"""Supply centres on the standard map."""
SOLO_CENTRES = 18
"""A power holding this many centres after a Fall wins alone (003 V.1, 004 2.4.1)."""


ALL_POWERS: tuple[Power, ...] = tuple(Power)
"""The seven powers, each once, AEFGIRT: a board's powers as the sheets and the centre-count sheet give them."""
POWER_PLACE: dict[Power, int] = {power: i for i, power in enumerate(ALL_POWERS)}
"""Each power's place in :data:`ALL_POWERS`: a board's powers sorted AEFGIRT by a look-up, not a search."""
POWER_NAMES: tuple[str, ...] = tuple(power.value for power in Power)
"""The powers in the order of a board's rows, the draw's seats and the centre-count sheet: AEFGIRT (003 IV.6)."""
ROUNDS = 3
"""Rounds ``draw --all`` seats: seed 003 has three; no Diplomacy Settings name a count."""


@frozen
class PowerResult:
    """One power's result on a board."""

    power: Power
    """The power played."""
    player: str
    """Who played it."""
    centres: int
    """Supply centres at the last completed Fall (a called game keeps the prior Fall, 003 I)."""
    eliminated: int | None = None
    """Year (19n) the power lost its last centre; None for a survivor."""
    history: tuple[int, ...] = ()
    """Centres after each Fall from 1901 to the board's last year (Italia's centre-count sheet)."""

    @property
    def survived(self) -> bool:
        """At least one centre at the end."""
        return self.centres > 0


@frozen
class Board:
    """One Diplomacy game: seven powers on one board in one round."""

    round: int
    """Round number, from 1."""
    board: int
    """Board number within the round, from 1."""
    powers: tuple[PowerResult, ...]
    """The seven powers' results, in any order."""
    last_year: int | None = None
    """Last completed game year; None when not entered (then the end of the longest centre history)."""
    top: bool = False
    """The top board (Italia 2010, seed 004 section 4)."""
    draw: tuple[Power, ...] | None = None
    """The powers the accepted draw included, when the board records them (Draw Size Scoring); None: every
    survivor, or no draw recorded."""
    conceded_to: Power | None = None
    """The power the others conceded the game to; every game-scoring system scores it as that power's solo
    (rules/game_scoring). None: no concession."""

    @property
    def label(self) -> str:
        """How problems and tables name the board: 'R2 B3'."""
        return f"R{self.round} B{self.board}"

    @property
    def final_year(self) -> int | None:
        """The last completed year: entered, or the end of the longest centre history."""
        if self.last_year is not None:
            return self.last_year
        longest = max((len(p.history) for p in self.powers), default=0)
        return FIRST_YEAR + longest - 1 if longest else None

    def result(self, power: Power) -> PowerResult:
        for p in self.powers:
            if p.power is power:
                return p
        raise KeyError(power)

    def in_power_order(self) -> list[PowerResult]:
        """The results sorted Austria to Turkey, whatever order they were entered in."""
        return sorted(self.powers, key=lambda p: POWER_PLACE[p.power])


def board_problems(board: Board, *, need_history: bool, no_concession: str = "") -> list[Problem]:
    """Everything impossible about one board (003 V, VII; 004 2, 3.2), all at once.

    ``no_concession``: a ruleset whose rules know no concession (CODCon 2008, Italia 2010) says why, and a
    board recording one is refused with that sentence instead of being scored as if it had none."""
    # Every board of an event is checked, and nearly every one is right: each check is a comparison, and a
    # message (with the power's name) is only made for a board that is wrong.
    c = Collector()
    game = f"game {board.label}"
    seats = board.powers
    if tuple(p.power for p in seats) != ALL_POWERS:  # the seven powers once each, in order, as the sheets give them
        seen: dict[Power, int] = {}
        for p in seats:
            seen[p.power] = seen.get(p.power, 0) + 1
        for power in Power:
            if power not in seen:
                c.add(f"{power.value} is missing: a board has all seven powers", game)
            elif seen[power] > 1:
                c.add(f"{power.value} is entered {seen[power]} times", game)
    players: dict[str, list[str]] = {}
    for p in seats:
        if not p.player.strip():
            c.add("no player entered", f"{game}, {p.power.value}")
        else:
            players.setdefault(p.player, []).append(p.power.value)
        if not 0 <= p.centres <= MAP_CENTRES:
            c.add(f"centres {p.centres} must be between 0 and {MAP_CENTRES}", f"{game}, {p.power.value}")
    if len(players) < len(seats):  # someone plays two powers (or a name is empty)
        for player, powers in players.items():
            if len(powers) > 1:
                c.add(f"{player} plays {' and '.join(powers)} on the same board", game)
    total = sum([p.centres for p in seats])
    if total > MAP_CENTRES:
        c.add(f"centres add up to {total}, more than the {MAP_CENTRES} on the map", game)
    if not any([p.centres > 0 for p in seats]):  # PowerResult.survived, asked of each power at once
        c.add("no power survives", game)
    soloists = [p.power.value for p in seats if p.centres >= SOLO_CENTRES]
    if len(soloists) > 1:
        c.add(f"{' and '.join(soloists)} both hold {SOLO_CENTRES}+ centres: only one power can solo", game)
    year = board.final_year
    if board.last_year is not None and board.last_year < FIRST_YEAR:
        c.add(f"last year {board.last_year} is before {FIRST_YEAR}", game)
    for p in seats:
        eliminated = p.eliminated
        if (eliminated is None) == (p.centres > 0) and (eliminated is None or (
                eliminated >= FIRST_YEAR and (year is None or eliminated <= year))):
            continue  # a survivor with no elimination year, or a power eliminated in a year of the game
        where = f"{game}, {p.power.value}"
        if p.survived and eliminated is not None:
            c.add(f"survives with {p.centres} centres but has elimination year {eliminated}", where)
        if not p.survived and eliminated is None:
            c.add("has no centres but no elimination year", where)
        if eliminated is not None:
            c.check(eliminated >= FIRST_YEAR, f"elimination year {eliminated} is before {FIRST_YEAR}", where)
            if year is not None:
                c.check(eliminated <= year, f"elimination year {eliminated} is after the game's last year {year}", where)
    c.extend(_history_problems(board, need_history=need_history))
    c.extend(_draw_problems(board))
    c.extend(_concession_problems(board))
    if no_concession and board.conceded_to is not None:
        c.add(f"a concession to {board.conceded_to.value} is recorded: {no_concession}", game)
    return c.problems


def _concession_problems(board: Board) -> list[Problem]:
    """A concession goes to a survivor, on a board without a solo or a recorded draw."""
    c = Collector()
    if board.conceded_to is None:
        return c.problems
    game = f"game {board.label}"
    seat = next((p for p in board.powers if p.power is board.conceded_to), None)
    if seat is not None and not seat.survived:
        c.add(f"the game is conceded to {board.conceded_to.value}, which has no centres", game)
    if any(p.centres >= SOLO_CENTRES for p in board.powers):
        c.add("a concession is recorded, but a power holds 18 or more centres: a solo needs no concession", game)
    if board.draw is not None:
        c.add("both a draw and a concession are recorded: a game ends one way", game)
    return c.problems


def _draw_problems(board: Board) -> list[Problem]:
    """A recorded draw names two surviving powers or more, each once, and no board with a solo has one."""
    c = Collector()
    if board.draw is None:
        return c.problems
    game = f"game {board.label}"
    c.check(bool(board.draw), "the draw names no power: leave it out when every survivor shares it", game)
    if len(set(board.draw)) == 1:  # dipvis reads a draw of one as a concession; one way to enter it here
        c.add(f"the draw names {board.draw[0].value} alone: a game given to one power is a concession, enter it as "
              "conceded to that power", game)
    if any(p.centres >= SOLO_CENTRES for p in board.powers) and board.draw:
        c.add("a draw is recorded, but a power holds 18 or more centres: a solo ends the game without a draw", game)
    for power in sorted(set(board.draw), key=list(Power).index):
        where = f"{game}, {power.value}"
        c.check(board.draw.count(power) == 1, f"is in the draw {board.draw.count(power)} times", where)
        seat = next((p for p in board.powers if p.power is power), None)
        if seat is not None and not seat.survived:
            c.add("is in the draw but has no centres: only survivors share a draw", where)
    return c.problems


def _history_problems(board: Board, *, need_history: bool) -> list[Problem]:
    c = Collector()
    game = f"game {board.label}"
    if not any(p.history for p in board.powers):
        if need_history:
            c.add(f"the centre count of every year from {FIRST_YEAR} is missing", game)
        return c.problems
    year = board.final_year
    if year is None:  # some power has a history
        raise AssertionError("bug: some power has a history")
    years = year - FIRST_YEAR + 1
    counted = True  # every power's history has the game's years, each count on the map: the years' sums are checked
    for p in board.powers:
        history = p.history
        where = f"{game}, {p.power.value}"
        if len(history) != years:
            c.add(f"centre history has {len(history)} years; {FIRST_YEAR} to {year} needs {years}", where)
            counted = False
            continue
        if history and (min(history) < 0 or max(history) > MAP_CENTRES):  # whole counts: none outside 0 to 34
            c.add(f"centre history {list(history)} has a count outside 0 to {MAP_CENTRES}", where)
            counted = False
            continue
        if history[-1] != p.centres:
            c.add(f"centre history ends with {history[-1]} in {year} but final centres are {p.centres}", where)
        if 0 in history:
            first_zero = history.index(0)
            if any(history[first_zero:]):
                c.add(f"has centres again after losing all in {FIRST_YEAR + first_zero}", where)
            elif p.eliminated is not None and p.eliminated != FIRST_YEAR + first_zero:
                c.add(f"elimination year {p.eliminated} but the history has no centres from {FIRST_YEAR + first_zero}", where)
        if years > 1 and max(history[:-1]) >= SOLO_CENTRES:  # the first such year is named
            i, n = next((i, n) for i, n in enumerate(history) if n >= SOLO_CENTRES)
            c.add(f"{n} centres in {FIRST_YEAR + i} is a solo, yet the game goes on to {year}", where)
    if counted:
        for i, total in enumerate(map(sum, zip(*(p.history for p in board.powers)))):  # each year's counts
            if total > MAP_CENTRES:
                c.add(f"{FIRST_YEAR + i}: centres add up to {total}, more than {MAP_CENTRES}", game)
    return c.problems


def validate_board(board: Board, *, need_history: bool, no_concession: str = "") -> None:
    """Raise ValidationError with every problem of the board, if any (``no_concession``: :func:`board_problems`)."""
    problems = board_problems(board, need_history=need_history, no_concession=no_concession)
    if problems:
        raise ValidationError(problems)


def boards_problems(boards: Sequence[Board]) -> list[Problem]:
    """Problems across boards: a board entered twice, a player on more than two boards in a round.

    Two boards in one round is allowed (003 II.2 and II.5, 004 section 6).
    """
    c = Collector()
    seen: set[tuple[int, int]] = set()
    boards_in_round: dict[tuple[int, str], list[str]] = {}
    for b in boards:
        if (b.round, b.board) in seen:
            c.add("board entered twice", f"game {b.label}")
        seen.add((b.round, b.board))
        for player in {p.player for p in b.powers}:
            boards_in_round.setdefault((b.round, player), []).append(b.label)
    for (rnd, player), labels in sorted(boards_in_round.items()):
        if len(labels) > 2:
            c.add(f"{player} is on {len(labels)} boards ({', '.join(labels)}); at most two", f"round {rnd}")
    return c.problems


def repeated_powers(boards: Sequence[Board]) -> list[str]:
    """Notes for the TD where a player had the same power twice (003 II.4: not a scoring error)."""
    played: dict[tuple[str, Power], list[str]] = {}
    for b in sorted(boards, key=lambda b: (b.round, b.board)):
        for p in b.powers:
            played.setdefault((p.player, p.power), []).append(b.label)
    return [
        Phrase(N_("{player} played {power} more than once ({boards})"), player=player, power=Phrase(power.value),
               boards=", ".join(labels))
        for (player, power), labels in sorted(played.items(), key=lambda kv: (kv[0][0], kv[0][1].value))
        if len(labels) > 1
    ]


def absent_players(players: Iterable[str], played: Container[str]) -> list[str]:
    """The TD's note on registered players without a game: one note however many there are.

    Before the first results (a round drawn, nothing typed yet) that is everyone,
    and a line per player would bury the other notes.
    """
    registered = list(players)
    absent = [p for p in registered if p not in played]
    if not absent:
        return []
    if len(absent) == 1:
        return [Phrase(N_("{player} is registered but played no game"), player=absent[0])]
    if len(absent) == len(registered):
        return [Phrase(N_("no results entered yet: none of the {count} registered players has played a game"),
                       count=str(len(absent)))]
    return [Phrase(N_("{count} registered players played no game: {players}"), count=str(len(absent)),
                   players=", ".join(absent))]


@frozen
class CentreCountText:
    """The rule texts a system's centre-count sheet prints: each system's own, from its registry value."""

    count_note: str
    """Under the count: what to write and how it scores; a game scoring's is a phrase, its opening and its whole rule
    with the numbers the event chose (:meth:`ScoringSystem.rule_text`), which the forms say in the players'
    language."""
    vote_rule: str
    """The heading of the draw votes: when and how a draw is voted."""
    game_ends: str
    """The ways the game may end, to circle."""


# --- reading JSON records (docs/formats/diplomacy.md) --------------------------------


def board_from_dict(data: Any, where: str, c: Collector) -> Board | None:
    """A board from its JSON object; problems go to ``c`` (None when unreadable)."""
    d = read.record(data, "a game", where, c, ("round", "board", "last_year", "top", "draw", "conceded_to", "powers"))
    if not isinstance(data, Mapping):
        return None
    rnd = read.whole(d.get("round"), "round", where, c, minimum=1)
    number = read.whole(d.get("board"), "board", where, c, minimum=1)
    where = f"game R{rnd} B{number}" if rnd is not None and number is not None else where
    last_year = None if d.get("last_year") is None else read.whole(d["last_year"], "last_year", where, c)
    top = read.flag(d.get("top", False), "top", where, c)
    entries = d.get("powers")
    if not isinstance(entries, list):
        c.add("powers must be a list of seven power objects", where)
        return None
    powers = [_power_from_dict(e, f"{where}, power {i + 1}", c) for i, e in enumerate(entries)]
    draw = _draw_from_dict(d.get("draw"), where, c)
    conceded = None if d.get("conceded_to") is None else read.member(Power, d["conceded_to"], "power conceded to",
                                                                       where, c)
    if rnd is None or number is None or any(p is None for p in powers) or draw is False:
        return None
    if d.get("conceded_to") is not None and conceded is None:
        return None
    return Board(rnd, number, tuple(p for p in powers if p is not None), last_year=last_year, top=top is True,
                 draw=draw, conceded_to=conceded)


def _draw_from_dict(data: Any, where: str, c: Collector) -> tuple[Power, ...] | None | bool:
    """The powers a board's "draw" names (None when it names none); False when unreadable (problems to ``c``)."""
    if data is None:
        return None
    if not isinstance(data, list):
        c.add("draw must be a list of the powers in the draw, e.g. [\"France\", \"Turkey\"]", where)
        return False
    powers = [read.member(Power, name, "power in the draw", where, c) for name in data]
    return False if None in powers else tuple(p for p in powers if p is not None)


def board_from_json(data: Any, *, need_history: bool) -> Board:
    """One board read and checked (003 V, VII; 004 2, 3.2); ValidationError with every problem otherwise."""
    c = Collector()
    board = board_from_dict(data, "game", c)
    c.raise_if_any()
    if board is None:  # None only with a problem noted
        raise AssertionError("bug: None only with a problem noted")
    validate_board(board, need_history=need_history)
    return board


def _power_from_dict(data: Any, where: str, c: Collector) -> PowerResult | None:
    d = read.record(data, "a power", where, c, ("power", "player", "centres", "eliminated", "history"))
    if not isinstance(data, Mapping):
        return None
    power = read.member(Power, d.get("power"), "power", where, c)
    where = where.rsplit(", ", 1)[0] + f", {power.value}" if power else where
    player = read.name(d.get("player"), "player", where, c)
    centres = read.whole(d.get("centres"), "centres", where, c, minimum=0)
    eliminated = None if d.get("eliminated") is None else read.whole(d["eliminated"], "eliminated", where, c)
    raw = d.get("history", [])
    history: list[int | None] = []
    if not isinstance(raw, list):
        c.add("history must be a list of centre counts, one per year from 1901", where)
    else:
        history = [read.whole(n, f"history {FIRST_YEAR + i}", where, c, minimum=0) for i, n in enumerate(raw)]
    if power is None or player is None or centres is None or None in history:
        return None
    if eliminated is None and centres == 0 and 0 in history:
        eliminated = FIRST_YEAR + history.index(0)  # the centre-count sheet already says when
    return PowerResult(power, player, centres, eliminated, tuple(h for h in history if h is not None))


@frozen
class TournamentFields:
    """What both Diplomacy tournament records hold; each ruleset reads its own further fields from ``data``."""

    data: Mapping[str, Any]
    """The record's object, its keys checked."""
    name: str
    """The tournament's name; seeds the suggested lots."""
    settings: Any
    """The ruleset's Settings dataclass."""
    games: tuple[Board, ...]
    """The boards that could be read."""
    players: tuple[Mapping[str, Any], ...]
    """The registered players, each an object with its "name" read and the ruleset's own fields."""
    adjustments: tuple[Adjustment, ...]
    lot_decisions: tuple[tuple[str, int], ...]
    attendance: tuple[Attendance, ...]
    """Late arrivals and withdrawals from the players' objects (docs/attendance.md)."""


def tournament_fields(data: Any, ruleset_id: str, default_name: str, defaults: Any, own_keys: Iterable[str],
                      c: Collector, player_fields: Iterable[str] = ()) -> TournamentFields:
    """The shared part of a tournament record (docs/formats.md, docs/formats/diplomacy.md); problems go to ``c``.

    The keys are every ruleset's (``lots``, ``players``...); earlier keys still read, with a note.
    """
    keys = ("ruleset", "name", "settings", "players", "games", "adjustments", "lots", *own_keys)
    d = read.record(read.vocabulary(data, c), "a tournament", "tournament", c, keys)
    read.ruleset(d, ruleset_id, c)
    name = read.name(d.get("name", default_name), "name", "tournament", c)
    settings = read.settings(defaults, d.get("settings"), c)
    games = [board_from_dict(g, f"game {i + 1}", c) for i, g in enumerate(read.items(d, "games", "tournament", c))]
    c.check(bool(games), "no games entered", "tournament")
    players = tuple(read.players(d, c, player_fields))
    return TournamentFields(data=d, name=name or "", settings=settings, games=tuple(g for g in games if g is not None),
                            players=players,
                            adjustments=read.adjustments(d, "adjustments", c),
                            lot_decisions=read.lot_decisions(d, "lots", c),
                            attendance=read.attendance(players, c))


def players_problems(players: Iterable[str], adjustments: Sequence[Adjustment], lots: Sequence[tuple[str, int]],
                     listed: Sequence[str] = (), took_part: str = "plays") -> list[Problem]:
    """Adjustments and lot decisions must name a player who played; a players list, when given, names each
    player once and everyone who ``took_part`` (is on a board, or sits out)."""
    known = set(players)
    c = Collector()
    for name in sorted(n for n, times in Counter(listed).items() if times > 1):
        c.add(f"{name} is listed twice", "players")
    if listed:
        for name in sorted(known - set(listed)):
            c.add(f"{name} {took_part} but is not in the players list", "players")
    for a in adjustments:
        c.check(a.player in known, f"{a.player} has an adjustment but played no game", "adjustments")
    for player, _ in lots:
        c.check(player in known, f"{player} has a lot decision but played no game", "lots")
    return c.problems
