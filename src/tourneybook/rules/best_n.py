"""The Diplomacy "best N games" tournament: what every system that sums a player's best games shares.

A system is its game scoring (one board -> each power's points) and its rule
texts; this module ranks the tournament around it: each board scored once, a
player's best N games summed (N on the Settings sheet; a system may let 0 mean
every game), the system's tie-breaks in order, then a lot. It also checks the
record, reads it from JSON (docs/formats/diplomacy.md), lists the games counted
and, for a system that has them, the best-power awards. CODCon 2008, Sum of
Squares, Draw Size Scoring, C-Diplo 100, OpenTribute and the Diplomacy event
(:mod:`.diplomacy_event`, any game scoring chosen on Settings) are all made with
:func:`best_n_ruleset`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from fractions import Fraction
from operator import itemgetter
from typing import Any

from ..errors import Collector, Problem, ValidationError
from ..frozen import frozen
from ..i18n import N_, Phrase
from ..numbers import common_denominator
from . import records_json as read
from .attendance import Attendance, marked, seating_problems
from .base import Family, FormProfile, GameScore, Ruleset, Table, TournamentResult
from .diplomacy import (
    POWER_NAMES,
    ROUNDS,
    Board,
    Power,
    PowerResult,
    absent_players,
    board_from_json,
    board_problems,
    boards_problems,
    players_problems,
    repeated_powers,
    tournament_fields,
)
from .game_scoring.system import number_text
from .ranking import Adjustment, Criterion, Standings, Wins, field_values, lot_needed, rank
from .sit_outs import TD_REQUEST, SitOut, sit_out_problems, sit_outs_from_dict, where


@frozen
class Settings:
    """The Settings of a system that asks only for N: best 2 games, as CODCon 2008 counts them."""

    games_counted: int = field(
        default=2,
        metadata={"label": "Games counted", "help": "Best games summed for the tournament score (best 2 of 3 rounds)."},
    )
    """How many of a player's best games make the tournament score."""
    rounds: int = field(
        default=ROUNDS,
        metadata={"label": "Rounds in the event", "help": "Rounds the event plays (003: 3); a tie on every criterion is left to a "
                                             "lot once the last of them has boards."},
    )
    """The event's rounds: the draw's, and the round from which a full tie is left to a lot."""


@frozen
class Entrant:
    """A registered player and what only the players list says about them."""

    name: str
    """As written on the boards."""
    distance: Fraction | None = None
    """Distance from home, any one unit for everyone (CODCon's fifth tie-breaker)."""
    td: bool = False
    """Fills a board but is not ranked: CODCon's Tournament Director (003 VII), a stand-in in the newer systems."""


@frozen
class Tournament:
    """A best-N Diplomacy tournament record; each system's module narrows ``settings`` to its own Settings."""

    name: str
    """Seeds the suggested lots."""
    games: tuple[Board, ...]
    """Every board of every round; a player may sit on two boards in one round."""
    settings: Any = Settings()
    """The system's Settings (Games counted, and CODCon's theatres)."""
    adjustments: tuple[Adjustment, ...] = ()
    """Manual changes to a player's total, each with its reason (the Adjustments sheet)."""
    lot_decisions: tuple[tuple[str, int], ...] = ()
    """(player, lot number): the organiser's lot, lower ranks first."""
    players: tuple[Entrant, ...] = ()
    """The registered players, when listed (a bare name is an entrant with nothing more said): everyone on a
    board is one; a registered player with no game yet is named in the notes, not ranked."""
    attendance: tuple[Attendance, ...] = ()
    """Late arrivals and withdrawals (docs/attendance.md): a withdrawn player keeps their games, marked."""
    sit_outs: tuple[SitOut, ...] = ()
    """Rounds sat out at the TD's request (the Diplomacy event; a system without sit-out points refuses any): each
    one of the player's results for best N, scoring the Settings' sit-out points."""

    def __post_init__(self) -> None:
        if any(isinstance(p, str) for p in self.players):
            object.__setattr__(self, "players", tuple(Entrant(p) if isinstance(p, str) else p for p in self.players))


@frozen
class Played:
    """One game of one player, as the standings use it."""

    board: Board
    """The board it was played on."""
    seat: PowerResult
    """The player's power and centres there."""
    points: Fraction
    """The game score the system gave it."""


@frozen
class Field:
    """What the tie-breaks look at: each ranked player's games and the registered players."""

    played: Mapping[str, Sequence[Played]]
    """Each player's games."""
    entrants: Mapping[str, Entrant]
    """The registered players by name (distance from home, the TD mark)."""


@frozen
class TieBreak:
    """One tie-break of a system: its name (a column of the standings) and each player's value."""

    name: str
    """Its column in the standings and its words in 'decided by'."""
    values: Callable[[Field, Sequence[str]], Mapping[str, Any]]
    """(the field, the tied group) -> value per player; higher wins."""
    per_group: bool = False
    """The value depends on who is tied (head to head)."""

    def criterion(self, f: Field, ranked: Sequence[str]) -> Criterion:
        if self.per_group:
            return Criterion(self.name, Wins.HIGHER, lambda group: self.values(f, group), per_group=True)
        return Criterion(self.name, Wins.HIGHER, field_values(self.values(f, ranked)))


def best_game(name: str) -> TieBreak:
    """The highest single-game score, under the name the system's rules give it: of a board played, never a
    sit-out (a player who only sat out has none, and ranks after every player tied with them who played)."""
    return TieBreak(name, lambda f, group: {p: max((g.points for g in f.played.get(p, ())), default=None)
                                            for p in group})


def _against_tied(f: Field, group: Sequence[str]) -> Mapping[str, Fraction | None]:
    """The best score of each in a game where another of the tied group sat too (003 VI.1.b.ii)."""
    members = set(group)
    return {p: max((g.points for g in f.played[p] if members & ({s.player for s in g.board.powers} - {p})), default=None)
            for p in group}


AGAINST_TIED = TieBreak("best game against tied players", _against_tied, per_group=True)
AVERAGE_CENTRES = TieBreak("average centres", lambda f, group: {
    p: Fraction(sum(g.seat.centres for g in f.played[p]), len(f.played[p])) for p in group})
CENTRE_DIFFERENTIAL = TieBreak("centre differential", lambda f, group: {
    p: sum(g.seat.centres - g.seat.power.starting_centres for g in f.played[p]) for p in group})
DISTANCE = TieBreak("distance from home", lambda f, group: {
    p: f.entrants[p].distance if p in f.entrants else None for p in group})


@frozen
class Scheme:
    """How one system ranks its best-N tournament around its game scoring."""

    ruleset: str
    """The system's ruleset id (the JSON records' "ruleset")."""
    title: str
    """The tournament's name when a record gives none."""
    score_game: Callable[[Board], GameScore]
    """The system's game scoring: one board -> each power's points."""
    tie_breaks: tuple[TieBreak, ...]
    """In the rules' order; a lot follows the last."""
    every_game_when_zero: bool = False
    """N = 0 counts every game (Sum of Squares); otherwise N must be at least 1."""
    source: str = ""
    """The rule's reference after the 'games counted' note, e.g. ' (003 VII)'."""
    unranked_note: str = N_("{player} is a stand-in: games scored for the board, not ranked")
    """The note (a message) for an entrant marked ``td``."""
    awards: str = ""
    """The best-power awards' note, when the system gives them (CODCon 003 VI.2); '' for none."""
    player_fields: tuple[str, ...] = ()
    """Further fields of a JSON record's players ("distance", "td")."""
    settings_problems: Callable[[Any], list[Problem]] = lambda _settings: []
    """Checks of the system's own settings (CODCon's theatres)."""
    board_checks: Callable[[Board], list[Problem]] = lambda board: board_problems(board, need_history=False)
    """Everything wrong with one board for this system: by default the checks of every board (a system that
    needs the year-by-year counts, or refuses a concession, adds its own)."""
    scoring_note: str = ""
    """The game scoring and the numbers used, under the Games counted table (the Diplomacy event's chosen
    system); '' for a system whose ruleset is its name."""
    takes_sit_outs: bool = False
    """The TD's sit-outs score the Settings' ``sit_out_points`` (the Diplomacy event); a system without them
    refuses a record that has any."""
    score_checked: Callable[[Board], GameScore] | None = None
    """The game scoring of a board :attr:`board_checks` found nothing wrong with, which it does not check again: the
    standings' boards are all checked first (a check of every board costs as much as scoring it). None: each board
    is scored by :attr:`score_game`."""

    def tournament_problems(self, t: Tournament) -> list[Problem]:
        """Everything wrong with a tournament record, all at once."""
        c = Collector()
        for board in t.games:
            c.extend(self.board_checks(board))
        c.extend(boards_problems(t.games))
        n = t.settings.games_counted
        if self.every_game_when_zero:
            c.check(n >= 0, f"games counted {n} must be 0 (every game) or more", "settings, games_counted")
        else:
            c.check(n >= 1, f"games counted {n} must be at least 1", "settings, games_counted")
        rounds = t.settings.rounds
        c.check(type(rounds) is int and rounds >= 1, f"rounds {rounds!r} must be 1 or more", "settings, rounds")
        c.extend(self.settings_problems(t.settings))
        on_boards = {p.player for b in t.games for p in b.powers}
        c.extend(players_problems(on_boards | {s.player for s in t.sit_outs}, t.adjustments, t.lot_decisions,
                                  [e.name for e in t.players], "plays or sits out" if t.sit_outs else "plays"))
        c.extend(seating_problems(t.attendance, ((b.round, p.player, f"game {b.label}, {p.power.value}")
                                                 for b in t.games for p in b.powers)))
        c.extend(self._sit_out_problems(t))
        return c.problems

    def _sit_out_problems(self, t: Tournament) -> list[Problem]:
        """Italia's checks of each sit-out (:func:`.sit_outs.sit_out_problems`); a stand-in, who is not ranked,
        has none; a system without sit-out points takes none."""
        if t.sit_outs and not self.takes_sit_outs:
            return [Problem(f"{self.title} gives no sit-out points: a round sat out scores nothing, so it is not "
                            "entered", where(t.sit_outs[0]))]
        stand_ins = {e.name for e in t.players if e.td}
        c = Collector()
        c.extend(sit_out_problems(t.sit_outs, {(b.round, p.player) for b in t.games for p in b.powers}, t.attendance))
        for sit in t.sit_outs:
            c.check(sit.player not in stand_ins, f"{sit.player} is a stand-in: not ranked, so scores no sit-out",
                    where(sit))
        return c.problems

    def scored(self, boards: Sequence[Board]) -> tuple[GameScore, ...]:
        """Each of ``boards`` scored once; given in (round, board) order (:func:`in_order`, sorted once by the
        caller), the order of the Games sheet."""
        score = self.score_checked or self.score_game
        return tuple(score(b) for b in boards)

    def standings(self, t: Tournament, *, checked: bool = False) -> TournamentResult:
        """Rank by the sum of the best N games, then the tie-breaks, then a lot.

        ``checked``: the caller has already found no :meth:`tournament_problems` in ``t``
        (a workbook layout has), so they are not looked for again.
        """
        problems = [] if checked else self.tournament_problems(t)
        if problems:
            raise ValidationError(problems)
        boards = in_order(t.games)
        games = self.scored(boards)
        played: dict[str, list[Played]] = {}
        for board, game in zip(boards, games):
            _add_board(played, board, game)
        entrants = {e.name: e for e in t.players}
        sat = _sat_out(t.sit_outs)
        unranked = sorted(p for p in played if _stand_in(entrants, p))
        ranked = sorted(p for p in {*played, *sat} if p not in unranked)
        table = self._ranked(t, played, entrants, sat, due=lots_due(t.games, t.settings.rounds))
        notes = [Phrase(self.unranked_note, player=p) for p in unranked]
        notes += absent_players(list(dict.fromkeys(e.name for e in t.players)), {*played, *sat})
        notes += [lot_needed(g) for g in table.unresolved_lots]
        notes += repeated_powers(t.games)
        counted = self._games_counted(t, played, sat, ranked)
        extras = ((self._awards(t, boards, games),) if self.awards else ()) + (counted,)
        return TournamentResult(self.ruleset, table, games, extras, tuple(notes))

    def _ranked(self, t: Tournament, played: Mapping[str, Sequence[Played]], entrants: Mapping[str, Entrant],
                sat: Mapping[str, Sequence[SitOut]], *, due: bool) -> Standings:
        """The table of the players with games in ``played`` or sit-outs in ``sat`` (stand-ins left out), with
        their marks.

        ``due``: a lot may decide, the last of the event's rounds having boards (:func:`lots_due`).
        """
        ranked = sorted(p for p in {*played, *sat} if not _stand_in(entrants, p))
        n = t.settings.games_counted
        totals = _best_n_totals(ranked, played, sat, sit_out_points(t), n)
        f = Field(played, entrants)
        table = rank(ranked, totals, [tb.criterion(f, ranked) for tb in self.tie_breaks], tournament=t.name,
                     total_name=f"best {n} games" if n else "all games", lot_decisions=dict(t.lot_decisions),
                     adjustments=t.adjustments, lots_due=due)
        return marked(table, t.attendance)  # a withdrawn player keeps their games (and may win awards, 003 VII)

    def standings_by_round(self, t: Tournament, rounds: Sequence[int]) -> list[Standings]:
        """The table after each of ``rounds``, in one pass: each board scored once, each round's boards
        joining the games before, ranked as :meth:`standings` ranks the boards up to that round
        (rules/by_round.py; tests/rules/test_by_round.py checks they agree). ``t`` must be checked."""
        boards = in_order(t.games)
        games = self.scored(boards)
        entrants = {e.name: e for e in t.players}
        played: dict[str, list[Played]] = {}
        after: dict[int, Standings] = {}
        taken = 0
        for number in sorted(set(rounds)):
            while taken < len(boards) and boards[taken].round <= number:
                _add_board(played, boards[taken], games[taken])
                taken += 1
            due = lots_due(boards[:taken], t.settings.rounds)
            sat = _sat_out(s for s in t.sit_outs if s.round <= number)
            after[number] = self._ranked(t, {p: tuple(g) for p, g in played.items()}, entrants, sat, due=due)
        return [after[n] for n in rounds]

    def best_power_awards(self, t: Tournament, games: Sequence[GameScore] | None = None) -> Table:
        """The best single-game score of each power; ties shown for the TD to break.

        ``games``: the boards' scores in (round, board) order, from a caller that has
        checked and scored ``t``; without them ``t`` is checked and scored here.
        """
        boards = in_order(t.games)
        if games is None:
            problems = self.tournament_problems(t)
            if problems:
                raise ValidationError(problems)
            games = self.scored(boards)
        return self._awards(t, boards, games)

    def _awards(self, t: Tournament, boards: Sequence[Board], games: Sequence[GameScore]) -> Table:
        """:meth:`best_power_awards` of ``boards`` in (round, board) order and their ``games``."""
        unranked = {e.name for e in t.players if e.td}
        rows = []
        for power in Power:
            results = [(game.of(seat.player).points, seat.player, board.label)
                       for board, game in zip(boards, games)
                       if (seat := board.result(power)).player not in unranked]
            top = max((r[0] for r in results), default=None)
            winners = [r for r in results if r[0] == top]
            rows += [(power.value, player, points, label, "tie: TD decides" if len(winners) > 1 else "")
                     for points, player, label in winners]
        return Table("Best power awards", ("Power", "Player", "Score", "Game", "Tie"), tuple(rows), (self.awards,))

    def _games_counted(self, t: Tournament, played: Mapping[str, Sequence[Played]],
                       sat: Mapping[str, Sequence[SitOut]], ranked: Sequence[str]) -> Table:
        """Each ranked player's games and sit-outs, best first (a game before a sit-out of the same score), and
        whether each is among the best N."""
        n = t.settings.games_counted
        points = sit_out_points(t)
        rows = []
        for p in ranked:
            results = [(g.points, (g.board.label, g.seat.power.value, g.seat.centres)) for g in played.get(p, ())]
            results += [(points, (f"R{s.round}: {TD_REQUEST}", "", None)) for s in sat.get(p, ())]
            # best first; reverse keeps the sort stable, so a game stays before a sit-out of its score
            for i, (score, (game, power, centres)) in enumerate(sorted(results, key=itemgetter(0), reverse=True)):
                rows.append((p, game, power, centres, score, "yes" if not n or i < n else "no"))
        notes = self.counted_notes(n, points if t.sit_outs else None)
        return Table("Games counted", ("Player", "Game", "Power", "Centres", "Score", "Counted"), tuple(rows), notes)

    def counted_notes(self, counted: int, sit_out_points: Fraction | None) -> tuple[str, ...]:
        """The Games counted table's notes: how many games count, the game scoring when the scheme states it, and
        what a sit-out scores when any was sat out (``sit_out_points`` None when none was)."""
        note = (Phrase(N_("The best {count} games of each player make the tournament score{source}."),
                       count=str(counted), source=self.source) if counted else N_("Every game counts."))
        notes = (note, self.scoring_note) if self.scoring_note else (note,)
        if sit_out_points is not None:
            notes += (Phrase(N_("A round sat out at the TD's request scores the Settings' sit-out points ({points}) and "
                                "counts as one of the player's games; the best game tie-break looks only at boards "
                                "played."), points=number_text(sit_out_points)),)
        return notes

    def tournament_from_dict(self, data: Mapping[str, Any], record: type[Tournament], defaults: Any) -> Tournament:
        """A tournament record from JSON; ValidationError with every problem otherwise."""
        c = Collector()
        own = ("sit_outs",) if self.takes_sit_outs else ()
        t = tournament_fields(data, self.ruleset, self.title, defaults, own, c, player_fields=self.player_fields)
        players = tuple(e for raw in t.players if (e := _entrant(raw, f"players, {raw['name']}", c)) is not None)
        c.raise_if_any()
        sit_outs = sit_outs_from_dict(t.data, c) if self.takes_sit_outs else ()
        c.raise_if_any()
        found = record(t.name, t.games, t.settings, t.adjustments, t.lot_decisions, players, t.attendance,
                       sit_outs=sit_outs)
        problems = self.tournament_problems(found)
        if problems:
            raise ValidationError(problems)
        return found


def lots_due(boards: Sequence[Board], rounds: int = ROUNDS) -> bool:
    """Whether a lot can decide anything yet: once the last of the event's ``rounds`` (Settings 'Rounds in the event', 003:
    three) has boards.

    Before it, players tied on every criterion share their place (the next round may still split them): a
    two-round event is asked for its lots once round 2 has boards, an event that adds a round from the
    event's last round on.
    """
    return max((b.round for b in boards), default=0) >= rounds


def sit_out_points(t: Tournament) -> Fraction:
    """What each of ``t``'s sit-outs scores: its Settings' sit-out points (a record without sit-outs needs none)."""
    return t.settings.sit_out_points if t.sit_outs else Fraction(0)


def _stand_in(entrants: Mapping[str, Entrant], player: str) -> bool:
    """The player fills a board but is not ranked (a player on no list is ranked)."""
    entrant = entrants.get(player)
    return entrant is not None and entrant.td


def _best_n_totals(ranked: Sequence[str], played: Mapping[str, Sequence[Played]], sat: Mapping[str, Sequence[SitOut]],
                   sit_out: Fraction, n: int) -> dict[str, Fraction]:
    """Each ranked player's best ``n`` results added up (0: every result): their games, and their sit-outs scoring
    ``sit_out`` each.

    Worked as whole numbers over the scores' common denominator, one Fraction made per total: sorting and
    adding Fractions cost a gcd per sum and two products per comparison, for every player at every round.
    """
    scale, factor = common_denominator([sit_out, *(g.points for p in ranked for g in played.get(p, ()))])
    sit_out_scaled = sit_out.numerator * factor[sit_out.denominator]
    totals: dict[str, Fraction] = {}
    for p in ranked:
        results = [g.points.numerator * factor[g.points.denominator] for g in played.get(p, ())]
        results += [sit_out_scaled] * len(sat.get(p, ()))
        results.sort(reverse=True)
        totals[p] = Fraction(sum(results[: n or None]), scale)
    return totals


def _sat_out(sit_outs: Iterable[SitOut]) -> dict[str, list[SitOut]]:
    """Each player's sit-outs, by round."""
    sat: dict[str, list[SitOut]] = {}
    for s in sorted(sit_outs, key=lambda s: (s.round, s.player)):
        sat.setdefault(s.player, []).append(s)
    return sat


def _add_board(played: dict[str, list[Played]], board: Board, game: GameScore) -> None:
    """Each player's game on ``board`` after their games so far."""
    for seat in board.powers:
        played.setdefault(seat.player, []).append(Played(board, seat, game.of(seat.player).points))


def in_order(boards: Sequence[Board]) -> list[Board]:
    """Boards in (round, board) order: the order of the Games sheet and of the scores standings hand on."""
    return sorted(boards, key=lambda b: (b.round, b.board))


def _entrant(d: Mapping[str, Any], where: str, c: Collector) -> Entrant | None:
    """A registered player with its optional "distance" and "td": true."""
    distance = None if d.get("distance") is None else read.exact(d["distance"], "distance", where, c)
    td = read.flag(d.get("td", False), "td", where, c)
    return None if td is None else Entrant(d["name"], distance, td=td)


def game_from_dict(data: Mapping[str, Any]) -> Board:
    """One board from JSON; ValidationError with every problem otherwise."""
    return board_from_json(data, need_history=False)


def best_n_ruleset(*, scheme: Scheme, name: str, seed: str, summary: str, settings: Any, record: type[Tournament],
                   form: FormProfile, cell_functions: tuple[str, ...] = ()) -> Ruleset:
    """The registry's value of a best-N Diplomacy system: the one place that knows :class:`Ruleset`'s fields.

    ``record`` is the system's Tournament (its Settings as the default); ``form`` carries its
    centre-count sheet's texts. Its layout and simulator are joined to it by id in the layers
    that own them (workbook.layouts.MODULES, simulate.simulators.SIMULATORS).
    """
    return Ruleset(
        id=scheme.ruleset,
        name=name,
        seed=seed,
        summary=summary,
        settings=settings,
        score_game=scheme.score_game,
        standings=scheme.standings,
        game_from_dict=game_from_dict,
        tournament_from_dict=lambda data: scheme.tournament_from_dict(data, record, settings),
        family=Family.DIPLOMACY,
        seats=POWER_NAMES,
        fewest_seats=len(POWER_NAMES),
        form=form,
        cell_functions=cell_functions,
        draw_rounds=lambda settings: settings.rounds,
        tournament_of=lambda title, boards, chosen: record(title, boards, chosen),
        standings_by_round=scheme.standings_by_round,
    )
