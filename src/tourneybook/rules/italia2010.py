"""Scoring System Italia 2010, version of 28 Mar 2024 used at WDC 2024 (seed 004_21ff48e050ca1434.txt).

Game (sections 1, 2, 3.2): eliminated powers score the 1 point of participation.
A survivor scores 4 per centre (2.0, "Unmodified Score"), a position bonus of
70 / 34 / 16 (2.1), and either the break (2.2: the first leads the second by 3+
centres, "he gains other 30 points") or, without it, 10 more to "every survived
player except the first" (2.2.1); that is the Modified Score. TSS is "all the
players who finished with at least 3 SCs ... (minus 1), multiplied by 10%"; total =
Modified x (1 + TSS) + 1 (2.3, 2.4). A solo scores (70 + 30 + 170 + 4 x 18 + 1) x
(1 + TSS), the others 1 (2.4.1). Positions are never shared: the previous years
decide, then the order Austria, Germany, Italy, Turkey, England, Russia, France (3.2).
The game's scoring is :mod:`.italia2010_game`; this module is the tournament scheme.

Tournament (3.3, 4, 6, 8): the sum of all games; the top board's scores x 1.2; two
boards in one round give 15 % more on both results if the player survived on both;
a sit-out asked by the TD scores 50; conduct penalties up to 200. The top three
are the top board's first three. The seed gives no tie-breaker: this house uses
the best single game, then the second-best, then a lot (docs/formats/diplomacy.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field, replace
from fractions import Fraction
from functools import partial
from typing import Any

from ..errors import Collector, Problem, ValidationError
from ..frozen import frozen
from ..i18n import N_, Phrase
from ..numbers import common_denominator, exact_sum
from . import records_json as read
from .attendance import Attendance, marked, seating_problems
from .base import Details, Family, FormProfile, GameScore, Ruleset, Table, TournamentResult
from .diplomacy import (
    FIRST_YEAR,
    POWER_NAMES,
    ROUNDS,
    Board,
    CentreCountText,
    PowerResult,
    absent_players,
    board_from_json,
    board_problems,
    boards_problems,
    players_problems,
    tournament_fields,
)
from .italia2010_game import NO_CONCESSION, board_order, score_checked, score_game
from .ranking import Adjustment, Criterion, StandingRow, Standings, Wins, field_values, lot_needed, rank
from .sit_outs import TD_REQUEST, SitOut, sit_out_problems, sit_outs_from_dict


@frozen
class Settings:
    """The tournament's choices on the Settings sheet."""

    game_years: int = field(
        default=7,
        metadata={"label": "Years per game", "help": "Game length unless a round says otherwise (004 3.1: 7 years)."},
    )
    """Years a game lasts by default; a round may announce another length."""
    top_board_factor: Fraction = field(
        default=Fraction(6, 5),
        metadata={"label": "Top board factor", "help": "Top board scores are multiplied by this (004 section 4: +20 %)."},
    )
    """Multiplier of every top-board score."""
    two_board_factor: Fraction = field(
        default=Fraction(23, 20),
        metadata={"label": "Two-board factor",
                  "help": "Both results of a player on two boards in a round, if they survived on both (004 section 6: +15 %)."},
    )
    """Multiplier of both results of a player who survived on two boards of one round."""
    sit_out_points: Fraction = field(
        default=Fraction(50),
        metadata={"label": "Sit-out points", "help": "Points for sitting out a round at the TD's request (004 section 6: 50 at WDC 2024)."},
    )
    """Points for each round sat out at the TD's request."""
    max_conduct_penalty: Fraction = field(
        default=Fraction(200),
        metadata={"label": "Largest conduct penalty", "help": "A conduct penalty may take up to this many points (004 section 8)."},
    )
    """The largest deduction one adjustment may make."""


@frozen
class Tournament:
    """An Italia 2010 tournament record."""

    name: str
    """Seeds the suggested lots."""
    games: tuple[Board, ...]
    """Every board of every round, each with its centre-count sheet; one may be the top board."""
    settings: Settings = Settings()
    sit_outs: tuple[SitOut, ...] = ()
    round_years: tuple[tuple[int, int], ...] = ()
    """(round, years) where a round's games last other than ``settings.game_years`` (3.1)."""
    adjustments: tuple[Adjustment, ...] = ()
    lot_decisions: tuple[tuple[str, int], ...] = ()
    """(player, lot number): the organiser's lot, lower ranks first."""
    players: tuple[str, ...] = ()
    """The registered players (the Players sheet), when listed: everyone who plays or sits out is one; a registered
    player with no result yet is named in the notes, not ranked (as in CODCon 2008)."""
    attendance: tuple[Attendance, ...] = ()
    """Late arrivals and withdrawals (docs/attendance.md): a withdrawn player is never seated again."""


@frozen
class Counted:
    """One result as it enters the tournament total."""

    player: str
    round: int
    game: str
    """Board label, or 'sit-out'."""
    seat: str
    """Power played, or '' for a sit-out."""
    points: Fraction
    """The game score (or the sit-out points)."""
    factor: Fraction
    """Top-board and two-board multipliers, 1 when none applies."""
    why: str
    """The factors in words."""
    counted: Fraction = field(init=False)
    """Points times factor: what enters the total (made once; every ranking reads it)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "counted", self.points if self.factor == 1 else self.points * self.factor)


def counted_results(t: Tournament, games: Sequence[GameScore] | None = None) -> list[Counted]:
    """Every game and sit-out of every player with its multipliers (004 sections 4 and 6).

    ``games``: the boards' scores in (round, board) order when the caller has them
    (:func:`standings` scores every board once); without them each board is scored here.
    """
    s = t.settings
    boards = sorted(t.games, key=lambda b: (b.round, b.board))
    if games is None:
        games = tuple(score_checked(b) for b in boards)  # the caller checked the tournament
    in_round: dict[tuple[int, str], list[PowerResult]] = {}
    for b in boards:
        for seat in b.powers:
            in_round.setdefault((b.round, seat.player), []).append(seat)
    rows = []
    for b, game in zip(boards, games):
        label = b.label
        points: dict[str, Fraction] = {}  # each player's game score, found once (GameScore.of searches the seats)
        for scored in game.players:
            points.setdefault(scored.player, scored.points)
        for seat in b.in_power_order():
            factor, why = ONE, []
            if b.top:
                factor *= s.top_board_factor
                why.append(f"top board x{_show(s.top_board_factor)}")
            seats = in_round[(b.round, seat.player)]
            if len(seats) == 2 and all(x.survived for x in seats):
                factor *= s.two_board_factor
                why.append(f"survived two boards x{_show(s.two_board_factor)}")
            rows.append(Counted(seat.player, b.round, label, seat.power.value, points[seat.player], factor,
                                ", ".join(why)))
    for sit in sorted(t.sit_outs, key=lambda x: (x.round, x.player)):
        rows.append(Counted(sit.player, sit.round, "sit-out", "", s.sit_out_points, ONE, TD_REQUEST))
    return rows


ONE = Fraction(1)
"""The factor of a result no multiplier applies to: one Fraction for all of them (each result made its own)."""


def _show(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _years(t: Tournament, rnd: int) -> int:
    return dict(t.round_years).get(rnd, t.settings.game_years)


def tournament_problems(t: Tournament) -> list[Problem]:
    """Everything wrong with a tournament record, all at once."""
    c = Collector()
    s = t.settings
    for name in ("top_board_factor", "two_board_factor"):
        c.check(getattr(s, name) > 0, f"{name} must be more than 0", f"settings, {name}")
    c.check(s.game_years >= 1, f"years per game {s.game_years} must be at least 1", "settings, game_years")
    for rnd, years in t.round_years:
        c.check(years >= 1, f"years {years} must be at least 1", f"round {rnd}")
    for b in t.games:
        c.extend(board_problems(b, need_history=True, no_concession=NO_CONCESSION))
        last = FIRST_YEAR - 1 + _years(t, b.round)
        year = b.final_year
        if year is not None and year > last:
            c.add(f"the centre count runs to {year}, but round {b.round} games end in {last}", f"game {b.label}")
    c.extend(boards_problems(t.games))
    tops = [b.label for b in t.games if b.top]
    c.check(len(tops) <= 1, f"{len(tops)} top boards ({', '.join(tops)}); there is only one", "tournament")
    playing = {(b.round, p.player) for b in t.games for p in b.powers}
    c.extend(seating_problems(t.attendance, ((b.round, p.player, f"game {b.label}, {p.power.value}") for b in t.games for p in b.powers)))
    # A withdrawal is not the TD's sit-out: no sit-out points after it (docs/attendance.md).
    c.extend(sit_out_problems(t.sit_outs, playing, t.attendance))
    for a in t.adjustments:
        c.check(a.points >= -s.max_conduct_penalty,
                f"penalty {-a.points} exceeds the {s.max_conduct_penalty} a conduct penalty may take (004 section 8)",
                f"adjustment for {a.player}")
    everyone = {p for _, p in playing} | {x.player for x in t.sit_outs}
    c.extend(players_problems(everyone, t.adjustments, t.lot_decisions, t.players, "plays or sits out"))
    return c.problems


def _rank(t: Tournament, rows: Sequence[Counted], players: Sequence[str] | None = None, *,
          lots_due: bool = True) -> Standings:
    """``players`` (default: everyone with a result) by points, best game, second-best game, lot.

    ``lots_due``: False while a lot decides nothing yet (:func:`lots_matter`): a tie on every criterion shares the place.
    """
    if players is None:
        players = sorted({r.player for r in rows})
    of: dict[str, list[Counted]] = {p: [] for p in players}
    for r in rows:  # each player's rows, gathered once (not a pass over every row per player)
        if r.player in of:
            of[r.player].append(r)
    totals = {p: exact_sum(r.counted for r in of[p]) for p in players}
    # best first, sorted as whole numbers over the results' common denominator (comparing Fractions costs two
    # products each); reverse keeps the sort stable, and equal scores are the same number either way
    _, factor = common_denominator([r.counted for r in rows])
    games = {p: sorted((r.counted for r in of[p] if r.seat), key=lambda x: x.numerator * factor[x.denominator],
                       reverse=True) for p in players}
    criteria = [
        Criterion(BEST_GAME, Wins.HIGHER, field_values({p: g[0] if g else None for p, g in games.items()})),
        Criterion(SECOND_BEST_GAME, Wins.HIGHER, field_values({p: g[1] if len(g) > 1 else None for p, g in games.items()})),
    ]
    adjustments = tuple(a for a in t.adjustments if a.player in totals)
    lots = {p: n for p, n in t.lot_decisions if p in totals}
    return rank(players, totals, criteria, tournament=t.name, total_name="points",
                lot_decisions=lots, adjustments=adjustments, lots_due=lots_due)


def lots_matter(t: Tournament, top: Board | None, up_to: int | None = None) -> bool:
    """Whether a lot can decide anything: once the top board is played, or the rounds that seed it are (004 3.3:
    the top board, in the last of the event's three rounds, is seeded from all the rounds before it).

    ``up_to``: as the standings after that round see it (the games of later rounds left out).
    """
    last = max((b.round for b in t.games if up_to is None or b.round <= up_to), default=0)
    return top is not None or last >= ROUNDS - 1


BEST_GAME = "best game"
SECOND_BEST_GAME = "second-best game"
TOP_BOARD_POSITION = "top board position"
"""What puts places 2 and 3 below the one above, and the 4th below the 3rd when no criterion does (004 section 4)."""


def _top_three_first(t: Tournament, rows: Sequence[Counted], top: Board, everyone: Standings) -> Standings:
    """Section 4: the first three of the top board take places 1-3, the rest follow by points.

    A place the rules fix is never part of a lot: the others are ranked among
    themselves, so a top-three player tied with players below is in no lot group,
    and the organiser's lot numbers cannot move them. ``everyone``: all of ``rows`` ranked by points.
    """
    podium = [p.player for p in board_order(top)[:3]]
    rest = _rank(t, rows, [p for p in everyone.order if p not in podium])
    fixed = [replace(everyone.row(p), rank=i + 1, decided_by=TOP_BOARD_POSITION if i else None, lot=None)
             for i, p in enumerate(podium)]
    below = [replace(r, rank=r.rank + len(fixed)) for r in rest.rows]
    if fixed and below:
        below[0] = replace(below[0], decided_by=_why_below(fixed[-1], below[0], everyone.tiebreak_names))
    return replace(everyone, rows=tuple(fixed + below), unresolved_lots=rest.unresolved_lots)


def _why_below(upper: StandingRow, lower: StandingRow, tiebreaks: Sequence[str]) -> str:
    """The first criterion on which the top board's third is ahead of the next player; else its place on the top board."""
    above, under = dict(upper.tiebreaks), dict(lower.tiebreaks)
    pairs = [("points", upper.total, lower.total), *((n, above.get(n), under.get(n)) for n in tiebreaks)]
    for name, a, b in pairs:
        if a != b:
            return name if b is None or (a is not None and a > b) else TOP_BOARD_POSITION
    return TOP_BOARD_POSITION


def standings(t: Tournament, *, checked: bool = False) -> TournamentResult:
    """The sum of all games and sit-outs, the top board's first three on top (004 sections 4 and 6).

    ``checked``: the caller has already found no :func:`tournament_problems` in ``t``
    (a workbook layout has), so they are not looked for again.
    """
    problems = [] if checked else tournament_problems(t)
    if problems:
        raise ValidationError(problems)
    games = tuple(score_checked(b) for b in sorted(t.games, key=lambda b: (b.round, b.board)))
    rows = counted_results(t, games)
    top = next((b for b in t.games if b.top), None)
    everyone = _rank(t, rows, lots_due=lots_matter(t, top))
    table = everyone if top is None else _top_three_first(t, rows, top, everyone)
    table = marked(table, t.attendance)
    notes = []
    if top is not None:
        notes.append(Phrase(N_("places 1-3 are the first three of the top board {board} by position (004 section 4)"),
                            board=top.label))
        fixed = table.order[:3]
        notes += [Phrase(N_("{player}'s lot number is not used: the top board fixes places 1-3 (004 section 4)"),
                         player=p) for p, _ in t.lot_decisions if p in fixed]
    else:
        notes.append("no top board entered: every place is by points")
    played = {r.player for r in rows}
    notes += absent_players(t.players, played)
    notes += [lot_needed(g) for g in table.unresolved_lots]
    extras = (Table("Results counted", ("Player", "Round", "Game", "Power", "Score", "Factor", "Counted", "Why"),
                    tuple((r.player, r.round, r.game, r.seat, r.points, r.factor, r.counted, r.why)
                          for r in sorted(rows, key=lambda r: (r.player, r.round, r.game)))),)
    # the ranking that seeded the top board is one more of the whole event, read by the JSON output alone
    details = ({BEFORE_TOP_BOARD: everyone} if top is None
               else Details(**{BEFORE_TOP_BOARD: partial(_before_top_board, t, rows, top)}))
    return TournamentResult("italia2010", table, games, extras, tuple(notes), details)


def standings_by_round(t: Tournament, rounds: Sequence[int]) -> list[Standings]:
    """The table after each of ``rounds``, in one pass: each round's counted results join those before.

    Ranked as :func:`standings` ranks the results up to that round, the top board's
    first three on top once it is played (rules/by_round.py; tests/rules/test_by_round.py
    checks they agree). ``t`` must be checked.
    """
    games = tuple(score_checked(b) for b in sorted(t.games, key=lambda b: (b.round, b.board)))
    of_round: dict[int, list[Counted]] = {}
    for row in counted_results(t, games):
        of_round.setdefault(row.round, []).append(row)
    so_far: list[Counted] = []
    after: dict[int, Standings] = {}
    added = 0
    for number in sorted(set(rounds)):
        for r in sorted(k for k in of_round if added < k <= number):
            so_far += of_round[r]
        added = number
        top = next((b for b in t.games if b.top and b.round <= number), None)
        everyone = _rank(t, so_far, lots_due=lots_matter(t, top, number))
        after[number] = marked(everyone if top is None else _top_three_first(t, so_far, top, everyone), t.attendance)
    return [after[n] for n in rounds]


BEFORE_TOP_BOARD = "before_top_board"
"""The name of the ranking that seeds the top board among a result's details (004 3.3)."""


def ranking_before_top_board(t: Tournament) -> Standings:
    """3.3: the ranking that seeds the top board: all results of the rounds before it
    (of every round so far while no top board is entered)."""
    problems = tournament_problems(t)
    if problems:
        raise ValidationError(problems)
    return _before_top_board(t, counted_results(t), next((b for b in t.games if b.top), None))


def _before_top_board(t: Tournament, rows: Sequence[Counted], top: Board | None) -> Standings:
    """"The summed result of all the games points gained before the top board" (3.3), by the same criteria."""
    return _rank(t, rows if top is None else [r for r in rows if r.round < top.round])


# --- JSON (docs/formats/diplomacy.md) ----------------------------------------------


def game_from_dict(data: Mapping[str, Any]) -> Board:
    """One board with its centre-count sheet from JSON; ValidationError with every problem otherwise."""
    return board_from_json(data, need_history=True)


def tournament_from_dict(data: Mapping[str, Any]) -> Tournament:
    """A tournament record from JSON; ValidationError with every problem otherwise."""
    c = Collector()
    t = tournament_fields(data, "italia2010", "Italia 2010", Settings(), ("rounds", "sit_outs"), c)
    players = tuple(p["name"] for p in t.players)
    rounds = []
    for i, raw in enumerate(read.items(t.data, "rounds", "tournament", c)):
        where = f"rounds, entry {i + 1}"
        r = read.record(raw, "a round", where, c, ("round", "years"))
        rnd, years = read.whole(r.get("round"), "round", where, c, 1), read.whole(r.get("years"), "years", where, c, 1)
        if rnd is not None and years is not None:
            rounds.append((rnd, years))
    sit_outs = sit_outs_from_dict(t.data, c)
    c.raise_if_any()
    record = Tournament(t.name, t.games, t.settings, sit_outs, tuple(rounds), t.adjustments, t.lot_decisions,
                        players, attendance=t.attendance)
    problems = tournament_problems(record)
    if problems:
        raise ValidationError(problems)
    return record


SUMMARY = (
    "Scoring System Italia 2010, WDC 2024 version (seed 004). Eliminated: 1 point. Survivor: 4 per centre, "
    "position bonus 70/34/16 (positions never shared: earlier years decide, then Austria, Germany, Italy, "
    "Turkey, England, Russia, France); break: the first leading by 3+ centres gets 30 more, otherwise every "
    "other survivor gets 10 more; total = modified x (1 + TSS) + 1 with TSS = 10 % per power on 3+ centres "
    "beyond the first. Solo (18): (70 + 30 + 170 + 4 x 18 + 1) x (1 + TSS), others 1. Tournament: sum of all "
    "games; top board x 1.2; 15 % more on both results for surviving two boards in one round; 50 per sit-out "
    "asked by the TD; conduct penalties up to 200. Places 1-3 are the top board's first three. Ties (house "
    "choice, the seed gives none): best single game, then second-best game, then lot."
)

FORM_TEXT = CentreCountText(
    count_note=N_("Write every year's count: equal centres are split by the previous years, back to 1901 (3.2). "
               "* = the player took 'the minute' (once per game, 6.2). 18 centres is a solo (2.4.1)."),
    vote_rule=N_("Draw votes: from the Fall of 1904, open, by raised hands, one minute (seed 004, 5)"),
    game_ends=N_("solo  /  draw accepted  /  last year played"),
)
"""What its centre-count sheet prints."""

RULESET = Ruleset(
    id="italia2010",
    name="Scoring System Italia 2010 (WDC 2024)",
    seed="004_21ff48e050ca1434.txt",
    summary=SUMMARY,
    settings=Settings(),
    score_game=score_game,
    standings=standings,
    game_from_dict=game_from_dict,
    tournament_from_dict=tournament_from_dict,
    family=Family.DIPLOMACY,
    seats=POWER_NAMES,
    fewest_seats=len(POWER_NAMES),
    form=FormProfile(title="Italia 2010 (WDC 2024)", variant="ITALIA", centre_count=FORM_TEXT),
    cell_functions=("tb_italia",),
    draw_rounds=lambda _settings: ROUNDS,
    tournament_of=lambda name, boards, settings: Tournament(name, boards, settings),
    top_board_ranking=ranking_before_top_board,
    standings_by_round=standings_by_round,
)
