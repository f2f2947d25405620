"""Carcassonne 2004 in a workbook: a row per preliminary table, a row per knock-out match.

Seed 002: four preliminary games at tables of four ("a maximum of three tables
with only three players in every round"), then the best 16 play best-of-three
matches "S1: Rank1 - Rank16 ... Finals". The organiser types what the score
sheets say: each player's victory points per table, and each knock-out game's
VP (and a chess-clock loss, which "loses the game").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import Collector, InputError, Problem
from ...rules.carcassonne2004 import PreliminaryTable, Settings, Tournament, VpResult, knockout, tournament_problems
from ...rules.carcassonne_knockout import GAMES_PER_MATCH, KnockoutGame, Match, stage_names
from ...rules.ranking import Adjustment
from ..generic import ADJUSTMENTS, LOT, NAME, PLAYER, PLAYERS, POINTS, REASON, STAND_IN, Player, attendance
from ..layout import Entries, Layout, SheetRows, locate
from ..reader import Row
from ..schema import Column, EntrySheet, Kind

SEATS = 4
ROUND, TABLE = "Round", "Table"
STAGE, PLAYER_A, PLAYER_B = "Stage", "Player A", "Player B"


def player_header(seat: int) -> str:
    return f"Player {seat}"


def vp_header(seat: int) -> str:
    return f"VP {seat}"


def game_headers(game: int) -> tuple[str, str, str]:
    """VP of player A, VP of player B, and who lost on the clock, for one knock-out game."""
    return (f"Game {game} VP A", f"Game {game} VP B", f"Game {game} lost on clock")


def _seat_columns(seat: int) -> tuple[Column, Column]:
    optional = " Leave empty at a 3-player table." if seat == SEATS else ""
    return (
        Column(player_header(seat), Kind.PLAYER, width=22, help=f"A player at this table.{optional}"),
        Column(vp_header(seat), Kind.WHOLE, minimum=0, width=8, help="Their victory points in this game."),
    )


PRELIMINARY = EntrySheet(
    name="Preliminary",
    title="Preliminary games",
    help="One row per table and round: the players and their victory points (VP). Three players at a 3-player table.",
    rows=400,
    columns=(
        Column(ROUND, Kind.WHOLE, required=True, minimum=1, width=8, help="Preliminary round, 1 to 4."),
        Column(TABLE, Kind.WHOLE, required=True, minimum=1, width=8, help="Table number within the round."),
        *(c for seat in range(1, SEATS + 1) for c in _seat_columns(seat)),
    ),
)

KNOCKOUT = EntrySheet(
    name="Knock-out matches",
    title="Knock-out matches (best of three)",
    help="One row per match as played: stage (S1-S8, Q1-Q4, SF1, SF2, F), its two players and each game's VP. "
    "Name a player under 'lost on clock' when their time ran out (a lost game whatever the VP).",
    rows=20,
    columns=(
        Column(STAGE, Kind.CHOICE, required=True, choices=stage_names(16), width=8, help="S1-S8, Q1-Q4, SF1, SF2 or F."),
        Column(PLAYER_A, Kind.PLAYER, required=True, width=22, help="One player of the match."),
        Column(PLAYER_B, Kind.PLAYER, required=True, width=22, help="The other player."),
        *(
            c
            for game in range(1, GAMES_PER_MATCH + 1)
            for c in (
                Column(game_headers(game)[0], Kind.WHOLE, minimum=0, width=9, help=f"Player A's VP in game {game}."),
                Column(game_headers(game)[1], Kind.WHOLE, minimum=0, width=9, help=f"Player B's VP in game {game}."),
                Column(game_headers(game)[2], Kind.PLAYER, width=18, help="The player whose clock ran out, if any."),
            )
        ),
    ),
)


SEAT_HEADERS = tuple((player_header(seat), vp_header(seat)) for seat in range(1, SEATS + 1))
"""Each seat's player and VP columns, named once: 10,000 players sit at 2,500 table rows a round."""


def drawn_only(row: Row) -> bool:
    """Players but no victory points at all: a table drawn (``tourneybook draw``) and not played yet."""
    values = row.values
    return all(values[vp] is None for _, vp in SEAT_HEADERS)


def _table(row: Row, out: Collector) -> PreliminaryTable | None:
    if drawn_only(row):
        return None  # checked as a draw by _rounds, left out of the scores
    seats: list[VpResult] = []
    ok = True
    values = row.values
    for player_column, vp_column in SEAT_HEADERS:
        player, vp = values[player_column], values[vp_column]
        if player is None and vp is None:
            continue
        if player is None:
            out.extend([row.problem(f"VP {vp} without a player: enter {player_column}", player_column)])
            ok = False
        elif vp is None:
            out.extend([row.problem(f"{player}'s victory points are missing", vp_column)])
            ok = False
        elif any(s.player == player for s in seats):
            out.extend([row.problem(f"{player} is seated twice at this table", player_column)])
            ok = False
        else:
            seats.append(VpResult(player, vp))
    if ok and len(seats) not in (3, 4):
        out.extend([row.problem(f"{len(seats)} player(s) at this table; tables hold 4 (or 3)", player_header(1))])
        ok = False
    return PreliminaryTable(row[ROUND], row[TABLE], tuple(seats)) if ok else None


def _rounds(rows: Sequence[Row], out: Collector) -> None:
    """A table entered twice, and a player at two tables of one round, at the later cell."""
    tables: dict[tuple[int, int], Row] = {}
    seated: dict[tuple[int, str], Row] = {}
    for row in rows:
        values = row.values
        key = (values[ROUND], values[TABLE])
        if key in tables:
            out.extend([row.problem(f"round {key[0]} table {key[1]} is already entered on row {tables[key].line}", TABLE)])
        tables.setdefault(key, row)
        for player_column, _ in SEAT_HEADERS:
            player = values[player_column]
            if player is None:
                continue
            first = seated.setdefault((key[0], player), row)
            if first is not row:
                out.extend(
                    [
                        row.problem(
                            f"{player} already plays in round {key[0]} at table {first[TABLE]} (row {first.line})",
                            player_column,
                        )
                    ]
                )


def _match(row: Row, out: Collector) -> Match | None:
    pair = (row[PLAYER_A], row[PLAYER_B])
    if pair[0] == pair[1]:
        out.extend([row.problem(f"{pair[0]} cannot play against themselves", PLAYER_B)])
        return None
    games: list[KnockoutGame] = []
    gap = False
    ok = True
    for game in range(1, GAMES_PER_MATCH + 1):
        vp_a, vp_b, clock = (row[h] for h in game_headers(game))
        if vp_a is None and vp_b is None and clock is None:
            gap = True
            continue
        if gap:
            out.extend([row.problem(f"game {game} is entered but game {game - 1} is not", game_headers(game)[0])])
            ok = False
        for header, vp in zip(game_headers(game)[:2], (vp_a, vp_b)):
            if vp is None:
                out.extend([row.problem(f"game {game}: victory points missing", header)])
                ok = False
        if clock is not None and clock not in pair:
            out.extend([row.problem(f"{clock} does not play this match", game_headers(game)[2])])
            ok = False
        if ok:
            games.append(KnockoutGame((vp_a, vp_b), clock))
    return Match(row[STAGE], pair, tuple(games)) if ok else None


def _stand_ins(players: Sequence[Player], out: Collector) -> None:
    for p in players:
        if p.stand_in:
            out.add(
                f"{p.name} is marked as a stand-in, but Carcassonne 2004 needs none (tables of 3 take the odd players)",
                sheet=PLAYERS.name,
                cell=f"{PLAYERS.letter(STAND_IN)}{p.line}",
            )


_SHEET_OF_WHERE = {
    "players": PLAYERS.name,
    "adjustments": ADJUSTMENTS.name,
    "lot decisions": PLAYERS.name,
    "knock-out": KNOCKOUT.name,
}


def to_tournament(entries: Entries, players: Sequence[Player], settings: Settings, adjustments: Sequence[Adjustment], name: str) -> Tournament:
    """The tournament record from the Preliminary and Knock-out sheets (see the module docstring)."""
    out = Collector(InputError)
    _stand_ins(players, out)
    table_rows = entries[PRELIMINARY.name]
    match_rows = entries[KNOCKOUT.name]
    _rounds(table_rows, out)
    tables = [_table(row, out) for row in table_rows]
    matches = [_match(row, out) for row in match_rows]
    out.raise_if_any()
    t = Tournament(
        players=tuple(p.name for p in players),
        tables=tuple(x for x in tables if x is not None),
        knockout=tuple(m for m in matches if m is not None),
        settings=settings,
        adjustments=tuple(adjustments),
        lot_decisions={p.name: p.lot for p in players if p.lot is not None},
        attendance=attendance(players),
    )
    places: dict[str, Row] = {f"R{row[ROUND]} T{row[TABLE]}": row for row in table_rows}
    places.update({f"knock-out {row[STAGE]}": row for row in match_rows})
    problems = tournament_problems(t)
    if not problems:
        try:
            knockout(t, checked=True)  # just checked: only the bracket is left to check
        except InputError as exc:
            problems = exc.problems
    placed = [
        p.located(_SHEET_OF_WHERE[p.where]) if p.where in _SHEET_OF_WHERE and not p.sheet else p
        for p in locate(problems, places)
    ]
    out.extend([_round_problem(p, table_rows) for p in placed])
    out.raise_if_any()
    return t


def _round_problem(p: Problem, rows: Sequence[Row]) -> Problem:
    """A problem about a whole round ('round 2: 4 tables of 3') goes to that round's first row."""
    if p.sheet or not p.where.startswith("round "):
        return p
    number = p.where.split()[1]
    first = next((r for r in rows if str(r[ROUND]) == number), None)
    return Problem(f"{p.where}: {p.message}", p.where, PRELIMINARY.name, first.cell(ROUND)) if first else p


def to_rows(t: Tournament) -> SheetRows:
    """The rows an organiser would type for ``t`` (Players, Preliminary, Knock-out, Adjustments)."""
    players = [{NAME: p, LOT: t.lot_decisions.get(p)} for p in t.players]
    tables: list[Mapping[str, Any]] = []
    for x in sorted(t.tables, key=lambda x: (x.round, x.table)):
        row: dict[str, Any] = {ROUND: x.round, TABLE: x.table}
        for seat, s in enumerate(x.seats, start=1):
            row[player_header(seat)] = s.player
            row[vp_header(seat)] = s.vp
        tables.append(row)
    matches: list[Mapping[str, Any]] = []
    for m in t.knockout:
        row = {STAGE: m.stage, PLAYER_A: m.players[0], PLAYER_B: m.players[1]}
        for game, g in enumerate(m.games, start=1):
            vp_a, vp_b, clock = game_headers(game)
            row.update({vp_a: g.vp[0], vp_b: g.vp[1], clock: g.lost_on_clock})
        matches.append(row)
    adjustments = [{PLAYER: a.player, POINTS: a.points, REASON: a.reason} for a in t.adjustments]
    return {PLAYERS.name: players, PRELIMINARY.name: tables, KNOCKOUT.name: matches, ADJUSTMENTS.name: adjustments}


LAYOUT = Layout(
    ruleset="carcassonne2004",
    sheets=(PRELIMINARY, KNOCKOUT),
    to_tournament=to_tournament,
    to_rows=to_rows,
    instructions=(
        "After each preliminary round, type one row per table on 'Preliminary' (3 players at a 3-player table) and recalculate.",
        "After the fourth round the Knock-out sheet shows the pairings S1 = 1st v 16th ... S8 = 8th v 9th; type each match "
        "on 'Knock-out matches' as it is played (the higher seed starts games 1 and 3).",
    ),
)
