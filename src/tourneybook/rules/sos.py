"""Sum of Squares: a Diplomacy scoring system many tournaments use.

Game score: a soloist (18 or more centres) scores 100 and everyone else 0.
Otherwise each power scores 100 x (its centres squared) / (the sum of all seven
powers' centres squared), so a board's scores add up to 100 and a bigger share
of the map is worth disproportionately more.

Tournament: the sum of each player's best N games (Settings; 0, the default,
counts every game), then the best single game, then a lot. The boards, their
checks, the draws and the centre-count sheets are those of every Diplomacy
ruleset (:mod:`.diplomacy`).

>>> from tourneybook.rules.diplomacy import Board, Power, PowerResult
>>> centres = dict(zip(Power, (6, 5, 5, 5, 4, 5, 4)))
>>> board = Board(1, 1, tuple(PowerResult(p, p.value[:2], n) for p, n in centres.items()))
>>> str(score_game(board).of("Au").points)  # 100 x 36 / (36 + 4 x 25 + 2 x 16)
'150/7'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..errors import Collector, Problem, ValidationError
from .base import Family, FormProfile, GameScore, PlayerScore, Ruleset, Table, TournamentResult
from .diplomacy import (
    POWER_NAMES,
    ROUNDS,
    SOLO_CENTRES,
    Board,
    absent_players,
    board_from_json,
    board_problems,
    boards_problems,
    players_problems,
    repeated_powers,
    tournament_fields,
    validate_board,
)
from .attendance import Attendance, marked, seating_problems
from .ranking import Adjustment, Criterion, field_values, rank

ID = "sos"
GAME_POINTS = 100
"""What a board's scores add up to; all of it to a soloist."""


@dataclass(frozen=True)
class Settings:
    """The tournament's choices on the Settings sheet."""

    games_counted: int = field(
        default=0,
        metadata={"label": "Games counted", "help": "Best games summed for the tournament score; 0 counts every game."},
    )
    """How many of a player's best games make the tournament score; 0 for every game."""


@dataclass(frozen=True)
class Tournament:
    """A Sum of Squares tournament record."""

    name: str
    """Seeds the suggested lots."""
    games: tuple[Board, ...]
    """Every board of every round; a player may sit on two boards in one round."""
    settings: Settings = Settings()
    adjustments: tuple[Adjustment, ...] = ()
    lot_decisions: tuple[tuple[str, int], ...] = ()
    """(player, lot number): the organiser's lot, lower ranks first."""
    players: tuple[str, ...] = ()
    """The registered players (the Players sheet), when listed: everyone on a board is one; a registered player
    with no game yet is named in the notes, not ranked."""
    attendance: tuple[Attendance, ...] = ()
    """Late arrivals and withdrawals (docs/attendance.md): a withdrawn player keeps their games, marked."""


def score_game(board: Board) -> GameScore:
    """The points of every power on one board: 100 to a soloist, otherwise 100 x centres² / Σ centres²."""
    validate_board(board, need_history=False)
    powers = board.in_power_order()
    soloist = next((p for p in powers if p.centres >= SOLO_CENTRES), None)
    if soloist is not None:
        scores = tuple(
            PlayerScore(p.player, p.power.value, Fraction(GAME_POINTS if p is soloist else 0),
                        (("centres", p.centres), ("solo", "yes" if p is soloist else "no")))
            for p in powers
        )
        return GameScore(board.label, scores, (f"solo: {soloist.power.value} ({soloist.player}) with {soloist.centres} centres",))
    squares = sum(p.centres ** 2 for p in powers)  # a board has a survivor, so this is at least 1
    scores = tuple(
        PlayerScore(p.player, p.power.value, Fraction(GAME_POINTS * p.centres ** 2, squares),
                    (("centres", p.centres), ("centres squared", p.centres ** 2), ("sum of squares", squares)))
        for p in powers
    )
    return GameScore(board.label, scores)


def tournament_problems(t: Tournament) -> list[Problem]:
    """Everything wrong with a tournament record, all at once."""
    c = Collector()
    for board in t.games:
        c.extend(board_problems(board, need_history=False))
    c.extend(boards_problems(t.games))
    c.check(t.settings.games_counted >= 0, f"games counted {t.settings.games_counted} must be 0 (every game) or more",
            "settings, games_counted")
    on_boards = {p.player for b in t.games for p in b.powers}
    c.extend(players_problems(on_boards, t.adjustments, t.lot_decisions, t.players))
    c.extend(seating_problems(t.attendance, ((b.round, p.player, f"game {b.label}, {p.power.value}") for b in t.games for p in b.powers)))
    return c.problems


def standings(t: Tournament, *, checked: bool = False) -> TournamentResult:
    """Rank by the sum of the best N games, then the best single game, then a lot.

    ``checked``: the caller has already found no :func:`tournament_problems` in ``t``
    (a workbook layout has), so they are not looked for again.
    """
    problems = [] if checked else tournament_problems(t)
    if problems:
        raise ValidationError(problems)
    boards = sorted(t.games, key=lambda b: (b.round, b.board))
    games = tuple(score_game(b) for b in boards)
    played: dict[str, list[tuple[Board, str, int, Fraction]]] = {}
    for board, game in zip(boards, games):
        for p in board.powers:
            played.setdefault(p.player, []).append((board, p.power.value, p.centres, game.of(p.player).points))
    ranked = sorted(played)
    n = t.settings.games_counted
    counted = {p: sorted((g[3] for g in played[p]), reverse=True)[: n or None] for p in ranked}
    totals = {p: sum(counted[p], Fraction(0)) for p in ranked}
    best = {p: max(g[3] for g in played[p]) for p in ranked}
    table = rank(ranked, totals, [Criterion("best game", True, field_values(best))], tournament=t.name,
                 total_name=f"best {n} games" if n else "all games", lot_decisions=dict(t.lot_decisions),
                 adjustments=t.adjustments)
    table = marked(table, t.attendance)
    notes = [f"lot needed: {', '.join(g)} are still tied; the suggested order is shown until the organiser's lot is entered"
             for g in table.unresolved_lots]
    notes += absent_players(t.players, played)
    notes += repeated_powers(t.games)
    return TournamentResult(ID, table, games, (_games_counted(played, ranked, n),), tuple(notes))


def _games_counted(played: Mapping[str, Sequence[tuple[Board, str, int, Fraction]]], ranked: Sequence[str],
                   n: int) -> Table:
    rows = []
    for p in ranked:
        for i, (board, power, centres, points) in enumerate(sorted(played[p], key=lambda g: -g[3])):
            rows.append((p, board.label, power, centres, points, "yes" if not n or i < n else "no"))
    note = f"The best {n} games of each player make the tournament score." if n else "Every game counts."
    return Table("Games counted", ("Player", "Game", "Power", "Centres", "Score", "Counted"), tuple(rows), (note,))


# --- JSON (docs/formats/diplomacy.md) ----------------------------------------------


def game_from_dict(data: Mapping[str, Any]) -> Board:
    """One board from JSON; ValidationError with every problem otherwise."""
    return board_from_json(data, need_history=False)


def tournament_from_dict(data: Mapping[str, Any]) -> Tournament:
    """A tournament record from JSON; ValidationError with every problem otherwise."""
    c = Collector()
    t = tournament_fields(data, ID, "Sum of Squares", Settings(), (), c)
    c.raise_if_any()
    record = Tournament(t.name, t.games, t.settings, t.adjustments, t.lot_decisions, tuple(p["name"] for p in t.players),
                        attendance=t.attendance)
    problems = tournament_problems(record)
    if problems:
        raise ValidationError(problems)
    return record


SUMMARY = (
    "Sum of Squares (Diplomacy). Solo (18+ centres): 100, everyone else 0. Otherwise each power scores "
    "100 x its centres squared / the sum of all seven powers' centres squared (a board's scores add up to 100). "
    "Tournament: the sum of the best N games (Settings; 0 = every game); ties: best single game, then lot."
)

RULESET = Ruleset(
    id=ID,
    name="Sum of Squares",
    seed="",
    summary=SUMMARY,
    settings=Settings(),
    score_game=score_game,
    standings=standings,
    game_from_dict=game_from_dict,
    tournament_from_dict=tournament_from_dict,
    family=Family.DIPLOMACY,
    seats=POWER_NAMES,
    fewest_seats=len(POWER_NAMES),
    form=FormProfile(title="Sum of Squares", variant="SUM_OF_SQUARES"),
    draw_rounds=lambda _settings: ROUNDS,
    tournament_of=lambda name, boards, settings: Tournament(name, boards, settings),
)
