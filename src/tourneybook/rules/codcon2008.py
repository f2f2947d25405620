"""2008 CODCon Diplomacy Open (seed 003_a374cd2d35a5d38e.txt, sections VI and VII).

Game score (VII): a power eliminated in 19n scores n. A solo (18+ centres) scores
450; the survivors then score 5 per centre, "with a minimum score equal to the
highest scoring eliminated player". Any other game: 10 per centre, "a game pot of
60 points is divided equally amongst survivors", and the single power with the
most centres gets "a bonus equal to 2x the number of centers owned" (none on a tie).

Tournament (VI.1, VII): the sum of each player's best two games, then the five
tie-breakers of VI.1.b, then a lot. Best-power awards (VI.2): the highest single
game score per power, ties left to the TD. The TD is ineligible for awards (VII).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..errors import Collector, Problem, ValidationError
from . import records_json as read
from .attendance import Attendance, marked, seating_problems
from .base import Family, FormProfile, GameScore, PlayerScore, Ruleset, Table, TournamentResult
from .diplomacy import (
    DEFAULT_THEATRES,
    POWER_NAMES,
    ROUNDS,
    SOLO_CENTRES,
    Board,
    Power,
    PowerResult,
    absent_players,
    board_from_json,
    board_problems,
    boards_problems,
    parse_theatres,
    players_problems,
    repeated_powers,
    tournament_fields,
    validate_board,
)
from .ranking import Adjustment, Criterion, field_values, rank

SOLO_POINTS = 450
"""VII: "the soloist will score 450 points"."""
SOLO_SURVIVOR_PER_CENTRE = 5
"""VII: survivors of a solo "get 5 points per center"."""
PER_CENTRE = 10
"""VII.1: "10 points per center"."""
GAME_POT = 60
"""VII.2: "a game pot of 60 points is divided equally amongst survivors"."""
LEAD_BONUS_PER_CENTRE = 2
"""VII.3: "a bonus equal to 2x the number of centers owned"."""


@dataclass(frozen=True)
class Settings:
    """The tournament's choices on the Settings sheet."""

    games_counted: int = field(
        default=2,
        metadata={"label": "Games counted", "help": "Best games summed for the tournament score (003 VII: best 2)."},
    )
    """How many of a player's best games make the tournament score."""
    theatres: str = field(
        default=DEFAULT_THEATRES,
        metadata={"label": "Theatres", "help": "Seating spreads a player's powers over these (003 II.4)."},
    )
    """The theatre split used by seating, 'West: England, France; Central: ...; East: ...'."""


@dataclass(frozen=True)
class Entrant:
    """A registered player and what only the players list says about them."""

    name: str
    """As written on the boards."""
    distance: Fraction | None = None
    """Distance from home, any one unit for everyone; the fifth tie-breaker (VI.1.b.v)."""
    td: bool = False
    """The Tournament Director, who may fill a board but is ineligible for awards (VII)."""


@dataclass(frozen=True)
class Tournament:
    """A CODCon tournament record."""

    name: str
    """Seeds the suggested lots."""
    games: tuple[Board, ...]
    """Every board of every round; a player may sit on two boards in one round (II.2)."""
    players: tuple[Entrant, ...] = ()
    """Registered players; when given, every board player must be listed."""
    settings: Settings = Settings()
    adjustments: tuple[Adjustment, ...] = ()
    lot_decisions: tuple[tuple[str, int], ...] = ()
    """(player, lot number): the organiser's lot, lower ranks first."""
    attendance: tuple[Attendance, ...] = ()
    """Late arrivals and withdrawals (docs/attendance.md): a withdrawn player is never seated again."""


def elimination_points(year: int) -> int:
    """VII: "Powers eliminated in the year 19n will get points equal to n"."""
    return year - 1900


def score_game(board: Board) -> GameScore:
    """The points of every power on one board (003 VII)."""
    validate_board(board, need_history=False)
    powers = board.in_power_order()
    soloist = next((p for p in powers if p.centres >= SOLO_CENTRES), None)
    if soloist is not None:
        scores = _solo_scores(powers, soloist)
        notes = (f"solo: {soloist.power.value} ({soloist.player}) with {soloist.centres} centres",)
    else:
        scores, notes = _non_solo_scores(powers)
    return GameScore(board.label, tuple(scores), notes)


def _eliminated(p: PowerResult) -> PlayerScore:
    if p.eliminated is None:  # validated: every eliminated power has its year
        raise AssertionError("bug: validated: every eliminated power has its year")
    return PlayerScore(p.player, p.power.value, Fraction(elimination_points(p.eliminated)),
                       (("centres", 0), ("elimination points", elimination_points(p.eliminated))))


def _solo_scores(powers: Sequence[PowerResult], soloist: PowerResult) -> list[PlayerScore]:
    floor = max((elimination_points(p.eliminated) for p in powers if p.eliminated is not None), default=0)
    scores = []
    for p in powers:
        if p is soloist:
            scores.append(PlayerScore(p.player, p.power.value, Fraction(SOLO_POINTS),
                                      (("centres", p.centres), ("solo", SOLO_POINTS))))
        elif p.survived:
            centre_points = SOLO_SURVIVOR_PER_CENTRE * p.centres
            top_up = max(0, floor - centre_points)
            scores.append(PlayerScore(p.player, p.power.value, Fraction(centre_points + top_up),
                                      (("centres", p.centres), ("centre points", centre_points),
                                       ("raised to best eliminated", top_up))))
        else:
            scores.append(_eliminated(p))
    return scores


def _non_solo_scores(powers: Sequence[PowerResult]) -> tuple[list[PlayerScore], tuple[str, ...]]:
    survivors = [p for p in powers if p.survived]
    pot_share = Fraction(GAME_POT, len(survivors))
    most = max(p.centres for p in survivors)
    leaders = [p for p in survivors if p.centres == most]
    notes: tuple[str, ...] = ()
    if len(leaders) > 1:
        notes = (f"no lead bonus: {', '.join(p.power.value for p in leaders)} tie on {most} centres",)
    scores = []
    for p in powers:
        if not p.survived:
            scores.append(_eliminated(p))
            continue
        centre_points = PER_CENTRE * p.centres
        lead = LEAD_BONUS_PER_CENTRE * p.centres if leaders == [p] else 0
        scores.append(PlayerScore(p.player, p.power.value, centre_points + pot_share + lead,
                                  (("centres", p.centres), ("centre points", centre_points),
                                   ("pot share", pot_share), ("lead bonus", lead))))
    return scores, notes


@dataclass(frozen=True)
class _Played:
    """One game of one player, as the standings use it."""

    board: Board
    seat: PowerResult
    points: Fraction


def _in_order(boards: Sequence[Board]) -> list[Board]:
    """Boards in (round, board) order: the order of the Games sheet and of the scores standings hands on."""
    return sorted(boards, key=lambda b: (b.round, b.board))


def _played(t: Tournament, games: Sequence[GameScore]) -> dict[str, list[_Played]]:
    """Each player's games; ``games`` are the boards' scores in :func:`_in_order` order."""
    by_player: dict[str, list[_Played]] = {}
    for board, game in zip(_in_order(t.games), games):
        for seat in board.powers:
            by_player.setdefault(seat.player, []).append(_Played(board, seat, game.of(seat.player).points))
    return by_player


def tournament_problems(t: Tournament) -> list[Problem]:
    """Everything wrong with a tournament record, all at once."""
    c = Collector()
    for board in t.games:
        c.extend(board_problems(board, need_history=False))
    c.extend(boards_problems(t.games))
    c.check(t.settings.games_counted >= 1, f"games counted {t.settings.games_counted} must be at least 1", "settings, games_counted")
    try:
        parse_theatres(t.settings.theatres)
    except ValidationError as exc:
        c.extend(exc.problems)
    on_boards = {p.player for b in t.games for p in b.powers}
    c.extend(players_problems(on_boards, t.adjustments, t.lot_decisions, [e.name for e in t.players]))
    c.extend(seating_problems(t.attendance, ((b.round, p.player, f"game {b.label}, {p.power.value}") for b in t.games for p in b.powers)))
    return c.problems


def standings(t: Tournament, *, checked: bool = False) -> TournamentResult:
    """Rank by the best games' sum, then VI.1.b i-v, then a lot (RULES.md, CODCon 2008).

    ``checked``: the caller has already found no :func:`tournament_problems` in ``t``
    (a workbook layout has), so they are not looked for again.
    """
    problems = [] if checked else tournament_problems(t)
    if problems:
        raise ValidationError(problems)
    games = tuple(score_game(b) for b in _in_order(t.games))  # each board scored once, used below
    played = _played(t, games)
    entrants = {e.name: e for e in t.players}
    ineligible = sorted(p for p in played if entrants.get(p, Entrant(p)).td)
    ranked = sorted(p for p in played if p not in ineligible)
    n = t.settings.games_counted

    counted = {p: sorted((g.points for g in played[p]), reverse=True)[:n] for p in ranked}
    totals = {p: sum(counted[p], Fraction(0)) for p in ranked}
    best = {p: max(g.points for g in played[p]) for p in ranked}
    average = {p: Fraction(sum(g.seat.centres for g in played[p]), len(played[p])) for p in ranked}
    differential = {p: sum(g.seat.centres - g.seat.power.starting_centres for g in played[p]) for p in ranked}
    distance = {p: entrants[p].distance if p in entrants else None for p in ranked}

    def head_to_head(group: Sequence[str]) -> Mapping[str, Fraction | None]:
        """VI.1.b.ii: the best score of each in a game where another of the tied group sat too."""
        members = set(group)
        return {
            p: max((g.points for g in played[p] if members & ({s.player for s in g.board.powers} - {p})), default=None)
            for p in group
        }

    criteria = [
        Criterion("highest single game", True, field_values(best)),
        Criterion("best game against tied players", True, head_to_head, per_group=True),
        Criterion("average centres", True, field_values(average)),
        Criterion("centre differential", True, field_values(differential)),
        Criterion("distance from home", True, field_values(distance)),
    ]
    table = rank(ranked, totals, criteria, tournament=t.name, total_name=f"best {n} games",
                 lot_decisions=dict(t.lot_decisions), adjustments=t.adjustments)
    table = marked(table, t.attendance)  # a withdrawn player keeps their games and may win awards (003 VII)
    notes = [f"{p} is the TD: games scored for the board, not ranked (003 VII)" for p in ineligible]
    notes += absent_players(sorted(set(entrants)), set(played))
    notes += [f"lot needed: {', '.join(g)} are still tied; the suggested order is shown until the organiser's lot is entered"
              for g in table.unresolved_lots]
    notes += repeated_powers(t.games)
    extras = (best_power_awards(t, games), _games_counted(played, ranked, n))
    return TournamentResult("codcon2008", table, games, extras, tuple(notes))


def best_power_awards(t: Tournament, games: Sequence[GameScore] | None = None) -> Table:
    """VI.2: the best single-game score of each power; ties shown for the TD to break.

    ``games``: the boards' scores in (round, board) order, from a caller that has
    checked ``t`` (:func:`standings`); without them ``t`` is checked and scored here.
    """
    if games is None:
        problems = tournament_problems(t)
        if problems:
            raise ValidationError(problems)
        games = tuple(score_game(b) for b in _in_order(t.games))
    td = {e.name for e in t.players if e.td}
    rows = []
    for power in Power:
        results = []
        for board, game in zip(_in_order(t.games), games):
            seat = board.result(power)
            if seat.player not in td:
                results.append((game.of(seat.player).points, seat.player, board.label))
        top = max((r[0] for r in results), default=None)
        winners = [r for r in results if r[0] == top]
        for points, player, label in winners:
            rows.append((power.value, player, points, label, "tie: TD decides" if len(winners) > 1 else ""))
    return Table("Best power awards", ("Power", "Player", "Score", "Game", "Tie"), tuple(rows),
                 ("Outstanding play of each power: highest single-game score; ties broken by the TD (003 VI.2).",))


def _games_counted(played: Mapping[str, list[_Played]], ranked: Sequence[str], n: int) -> Table:
    rows = []
    for p in ranked:
        ordered = sorted(played[p], key=lambda g: -g.points)
        for i, g in enumerate(ordered):
            rows.append((p, g.board.label, g.seat.power.value, g.seat.centres, g.points, "yes" if i < n else "no"))
    return Table("Games counted", ("Player", "Game", "Power", "Centres", "Score", "Counted"), tuple(rows),
                 (f"The best {n} games of each player make the tournament score (003 VII).",))


# --- JSON (docs/formats/diplomacy.md) ----------------------------------------------


def game_from_dict(data: Mapping[str, Any]) -> Board:
    """One board from JSON; ValidationError with every problem otherwise."""
    return board_from_json(data, need_history=False)


def tournament_from_dict(data: Mapping[str, Any]) -> Tournament:
    """A tournament record from JSON; ValidationError with every problem otherwise."""
    c = Collector()
    t = tournament_fields(data, "codcon2008", "CODCon 2008", Settings(), (), c, player_fields=("distance", "td"))
    players = tuple(e for raw in t.players if (e := _entrant(raw, f"players, {raw['name']}", c)) is not None)
    c.raise_if_any()
    record = Tournament(t.name, t.games, players, t.settings, t.adjustments, t.lot_decisions, attendance=t.attendance)
    problems = tournament_problems(record)
    if problems:
        raise ValidationError(problems)
    return record


def _entrant(d: Mapping[str, Any], where: str, c: Collector) -> Entrant | None:
    """A registered player with its optional "distance" and "td": true."""
    distance = None if d.get("distance") is None else read.exact(d["distance"], "distance", where, c)
    td = read.flag(d.get("td", False), "td", where, c)
    return None if td is None else Entrant(d["name"], distance, td)


SUMMARY = (
    "CODCon 2008 Diplomacy Open (seed 003). Eliminated in 19n: n points. Solo (18+ centres): 450; "
    "survivors 5 per centre, at least the best eliminated power's score. Otherwise 10 per centre, "
    "a 60-point pot shared equally by the survivors, and 2 x centres to the single leader (none on a tie). "
    "Tournament: sum of the best 2 games; ties: highest single game, best game against the tied players, "
    "average centres, centre differential (final - starting centres, Russia starts with 4), "
    "distance from home, then lot. Best-power awards: highest single game per power, ties to the TD."
)

RULESET = Ruleset(
    id="codcon2008",
    name="CODCon 2008 Diplomacy Open",
    seed="003_a374cd2d35a5d38e.txt",
    summary=SUMMARY,
    settings=Settings(),
    score_game=score_game,
    standings=standings,
    game_from_dict=game_from_dict,
    tournament_from_dict=tournament_from_dict,
    family=Family.DIPLOMACY,
    seats=POWER_NAMES,
    fewest_seats=len(POWER_NAMES),
    form=FormProfile(title="CODCon 2008", variant="CODCON"),
    cell_functions=("tb_codcon",),
    draw_rounds=lambda _settings: ROUNDS,
    tournament_of=lambda name, boards, settings: Tournament(name, boards, settings=settings),
)
