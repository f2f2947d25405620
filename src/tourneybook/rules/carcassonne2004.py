"""International Carcassonne Championship 2004 (seed 002): preliminary scoring and standings.

Seed 002: "The winner of a game gets 5 points, the second gets three points, the
third gets two points and the fourth gets one point. In a case of a tie in victory
[points] these points will be divided." "If there are three player tables the
pointing system gives them 5-3-1 points ... the victory points gained in a three
player game are multiplied by 3/4." "In a case of a tie the sum of the victory points
... If there is still a tie, the Sum of the percentage of the points at their tables."
"At three player tables the total of victory points gained will be raised by the
average points gained at this table for the calculation of the percentages only."
RULES.md "Carcassonne 2004" settles the seed's arithmetic slips (392, not 394).

What is entered is in :mod:`.carcassonne_records`, the sums and their ranking in
:mod:`.carcassonne_sums`, the knock-out in :mod:`.carcassonne_knockout`; the JSON record format
(docs/formats/carcassonne2004.md) is read at the end of this module with :mod:`.records_json`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..errors import Collector, Problem
from ..i18n import N_, Phrase
from ..numbers import display
from . import records_json as read
from .attendance import eligible, marked, passed_over, plays, by_player, seating_problems
from .base import Family, FormProfile, GameScore, PlayerScore, Qualification, Ruleset, Table, TournamentResult
from .carcassonne_knockout import (
    BRACKET_SIZES,
    Bracket,
    bracket,
    knockout_records,
    knockout_table,
    match_from_dict,
    placings_table,
)
from .carcassonne_records import PreliminaryTable, Settings, Tournament, VpResult
from .carcassonne_sums import PreliminarySums
from .ranking import Standings, lot_needed, split_evenly
from .scored import once_per_record, scored_once

RANKING_POINTS: Mapping[int, tuple[int, ...]] = {4: (5, 3, 2, 1), 3: (5, 3, 1)}
"""Seed 002: 5-3-2-1 at four players, 5-3-1 at three."""
THREE_PLAYER_VP_FACTOR = Fraction(3, 4)
"""Seed 002: 3-player VP x 3/4 for the VP tie-break sum."""
MAX_ROUNDS = 20
"""A sanity bound on the preliminary rounds setting (the seed plays 4)."""


def seatable(players: int, max_three_player_tables: int = 3) -> bool:
    """N = 4a + 3b with b at most the limit (RULES.md: N = 5 cannot be seated)."""
    most = min(max_three_player_tables, players // 3)
    return players > 0 and any((players - 3 * b) % 4 == 0 for b in range(most + 1))


# -- one table ------------------------------------------------------------------------


def table_problems(table: PreliminaryTable) -> list[Problem]:
    """Everything impossible about one table on its own."""
    c = Collector()
    label = table.label
    c.check(table.round >= 1 and table.table >= 1, "round and table numbers start at 1", label)
    c.extend(seat_problems(table.seats, label))
    return c.problems


def seat_problems(seats: tuple[VpResult, ...], where: str) -> list[Problem]:
    """Table size, names, VP and a player seated twice."""
    c = Collector()  # each message is made only for a problem found: a large event checks 40,000 seats
    if len(seats) not in RANKING_POINTS:
        c.add(f"{len(seats)} players at a table; tables hold 4 (or 3)", where)
    for seat in seats:
        if not seat.player.strip():
            c.add("a player's name is empty", where)
        if seat.vp < 0:
            c.add(f"negative victory points {seat.vp}", f"{where}, {seat.player}")
    if len({s.player for s in seats}) < len(seats):  # someone seated twice: say who, and how often
        for player, n in Counter(s.player for s in seats).items():
            if n > 1:
                c.add(f"{player} is seated {n} times", where)
    if len(seats) in RANKING_POINTS and all(s.vp >= 0 for s in seats):
        c.check(sum(s.vp for s in seats) > 0, "no victory points entered (the table total is 0)", where)
    return c.problems


def score_game(table: PreliminaryTable) -> GameScore:
    """Ranking points, adjusted VP and percentage of each player at one table (seed 002).

    Tied VP share the ranking points of the places they cover equally; the percentage
    is 100 x VP / table total, the total raised by its average (x 4/3) at 3 players.
    """
    c = Collector()
    c.extend(table_problems(table))
    c.raise_if_any()
    return _scored(table)


@scored_once  # the standings after each round rank the same tables again
def _scored(table: PreliminaryTable) -> GameScore:
    """:func:`score_game` of a table already checked (alone or with its tournament)."""
    size = len(table.seats)
    vps = [s.vp for s in table.seats]
    levels = sorted(set(vps), reverse=True)
    group_sizes = tuple(vps.count(v) for v in levels)
    shares = dict(zip(levels, _shares(size, group_sizes)))
    place, first = {}, 1
    for v, n in zip(levels, group_sizes):
        place[v], first = first, first + n
    three = size == 3
    table_vp = Fraction(sum(vps))
    total = table_vp * Fraction(4, 3) if three else table_vp
    # 100 x VP / total, made from the total's two whole numbers: one Fraction per seat (a 10,000-player
    # event scores 40,000 seats), not the three of multiplying and dividing Fractions
    per_cent, of = 100 * total.denominator, total.numerator
    scores = tuple(
        PlayerScore(seat.player, f"seat {i}", shares[seat.vp], (  # by seat, as entered
            ("place", place[seat.vp]),
            ("ranking points", shares[seat.vp]),
            ("VP", seat.vp),
            ("adjusted VP", seat.vp * THREE_PLAYER_VP_FACTOR if three else Fraction(seat.vp)),
            ("percentage", Fraction(per_cent * seat.vp, of)),
        ))  # PreliminarySums.add reads the last two by place
        for i, seat in enumerate(table.seats, start=1)
    )
    notes = [
        f"{', '.join(sorted(s.player for s in table.seats if s.vp == v))} tied at {v} VP: "
        f"places {place[v]}-{place[v] + n - 1} share {display(shares[v] * n)} points, {display(shares[v])} each"
        for v, n in zip(levels, group_sizes)
        if n > 1
    ]
    if three:
        notes.append(f"3-player table: VP x 3/4 for the tie-break; percentages of {display(total)} (total x 4/3)")
    return GameScore(table.label, scores, tuple(notes))


@lru_cache(maxsize=None)
def _shares(size: int, group_sizes: tuple[int, ...]) -> tuple[Fraction, ...]:
    """The ranking points each player of a tied group gets at a table of ``size``, groups best first: made
    once per way a table can finish (a handful: no tie, two tied for second, ...), not once per table."""
    return tuple(split_evenly(RANKING_POINTS[size], group_sizes))


# -- the whole tournament ---------------------------------------------------------------


def tournament_problems(t: Tournament) -> list[Problem]:
    """Everything impossible about the preliminary record (the bracket is checked in :func:`knockout`)."""
    c = Collector()
    s = t.settings
    c.check(bool(s.tournament.strip()), "the tournament name is empty", "settings, tournament")
    c.check(1 <= s.preliminary_rounds <= MAX_ROUNDS, f"preliminary rounds must be 1 to {MAX_ROUNDS}", "settings, preliminary_rounds")
    c.check(s.knockout_size in (0, *BRACKET_SIZES), "knock-out size must be 16, 8, 4, 2 or 0", "settings, knockout_size")
    c.check(s.max_three_player_tables >= 0, "most 3-player tables per round must be 0 or more", "settings, max_three_player_tables")
    for player, n in Counter(t.players).items():
        c.check(n == 1, f"{player} is listed {n} times", "players")
    c.check(all(p.strip() for p in t.players), "a player's name is empty", "players")
    c.check(
        seatable(len(t.players), max(s.max_three_player_tables, 0)),
        f"{len(t.players)} players cannot be seated at tables of 4 with at most "
        f"{s.max_three_player_tables} tables of 3 (N = 4a + 3b)",
        "players",
    )
    known = set(t.players)
    # each table's label made once, and each message only for a problem found: 10,000 tables at a large event
    labels = [x.label for x in t.tables]
    for label, n in Counter(labels).items():
        if n > 1:
            c.add(f"table entered {n} times", label)
    for table, label in zip(t.tables, labels):
        c.extend(table_problems(table))
        if table.round > s.preliminary_rounds:
            c.add(f"the preliminary has {s.preliminary_rounds} rounds", label)
        for seat in table.seats:
            if seat.player not in known:
                c.add(f"unknown player {seat.player!r}", label)
    for rnd in sorted({x.round for x in t.tables}):
        in_round = [x for x in t.tables if x.round == rnd]
        seated = Counter(p for x in in_round for p in {seat.player for seat in x.seats})
        for player, n in seated.items():
            if n > 1:
                c.add(f"{player} plays at {n} tables in this round", f"round {rnd}")
        threes = sum(len(x.seats) == 3 for x in in_round)
        c.check(
            threes <= s.max_three_player_tables,
            f"{threes} tables of 3; at most {s.max_three_player_tables} are allowed",
            f"round {rnd}",
        )
    c.extend(seating_problems(t.attendance, ((x.round, seat.player, label) for x, label in zip(t.tables, labels) for seat in x.seats)))
    for a in t.adjustments:
        c.check(a.player in known, f"adjustment for unknown player {a.player!r}", "adjustments")
    for player in t.lot_decisions:
        c.check(player in known, f"lot decision for unknown player {player!r}", "lot decisions")
    return c.problems


def preliminary(t: Tournament, *, checked: bool = False) -> tuple[Standings, tuple[GameScore, ...]]:
    """Standings after the preliminary: ranking points, then VP sum (3-player x 3/4),
    then percentage sum, then lot (seed 002); and every table's scores.

    ``checked``: the caller has found no :func:`tournament_problems` in ``t`` (which
    include every table's), so they are not looked for again.
    """
    if not checked:
        c = Collector()
        c.extend(tournament_problems(t))
        c.raise_if_any()
    return _preliminary(t)


@once_per_record
def _preliminary(t: Tournament) -> tuple[Standings, tuple[GameScore, ...]]:
    games = tuple(_scored(x) for x in sorted(t.tables, key=lambda x: (x.round, x.table)))
    sums = PreliminarySums(t.players)
    for game in games:
        sums.add(game)
    return _ranked(sums, t, lots_due=not _missing_rounds(t)), games


def _ranked(sums: PreliminarySums, t: Tournament, *, lots_due: bool) -> Standings:
    """The preliminary table of ``t``'s players from the sums so far."""
    return sums.ranked(t.players, tournament=t.settings.tournament, lot_decisions=t.lot_decisions,
                       adjustments=t.adjustments, lots_due=lots_due)


def standings_by_round(t: Tournament, rounds: Sequence[int]) -> list[Standings]:
    """The preliminary table after each of ``rounds``, in one pass over the tables in round order.

    Each round's tables join the sums of the rounds before; each table is ranked
    as :func:`standings` ranks the tables up to that round, with its marks
    (rules/by_round.py; tests/rules/test_by_round.py checks they agree). ``t`` must be checked.
    """
    tables = sorted(t.tables, key=lambda x: (x.round, x.table))
    sums = PreliminarySums(t.players)
    after: dict[int, Standings] = {}
    taken = 0
    for number in sorted(set(rounds)):
        while taken < len(tables) and tables[taken].round <= number:
            sums.add(_scored(tables[taken]))
            taken += 1
        after[number] = marked(_ranked(sums, t, lots_due=not _missing_rounds(t, tables[:taken])), t.attendance)
    return [after[n] for n in rounds]


def knockout(t: Tournament, *, checked: bool = False) -> Bracket | None:
    """The knock-out bracket seeded from the preliminary standings; None while the
    preliminary is incomplete or when the settings have no knock-out.

    ``checked`` as for :func:`preliminary`: the caller has found no tournament_problems.
    """
    standings, _ = preliminary(t, checked=checked)
    return _bracket(t, standings)


def _bracket(t: Tournament, standings: Standings) -> Bracket | None:
    c = Collector()
    if t.settings.knockout_size == 0:
        c.check(not t.knockout, "knock-out matches entered, but the knock-out size is 0", "knock-out")
    elif _missing_rounds(t):
        c.check(not t.knockout, "knock-out matches entered before the preliminary is complete", "knock-out")
    else:
        return bracket(qualifiers(standings.order, t), t.knockout, t.settings.knockout_size)
    c.raise_if_any()
    return None


def qualifiers(order: list[str], t: Tournament) -> list[str]:
    """The ranking the knock-out is seeded from: without withdrawn players unless the Settings allow them."""
    return eligible(order, t.attendance, withdrawn=t.settings.withdrawn_in_knockout)


def knockout_players(order: list[str], t: Tournament) -> list[str]:
    """The best ``knockout_size`` of :func:`qualifiers`: those who play the knock-out (none when it is 0)."""
    return qualifiers(order, t)[: t.settings.knockout_size]


def _missing_rounds(t: Tournament, tables: Sequence[PreliminaryTable] | None = None) -> list[int]:
    """The preliminary rounds without a table in ``tables`` (all of ``t``'s unless given)."""
    played = {x.round for x in (t.tables if tables is None else tables)}
    return [r for r in range(1, t.settings.preliminary_rounds + 1) if r not in played]


def _missing_note(t: Tournament) -> list[str]:
    """One note on the preliminary rounds still without results (none when all are in)."""
    missing = _missing_rounds(t)
    if not missing:
        return []
    if not t.tables:
        return ["no results yet: the standings start with the first table typed"]
    if len(missing) == 1:
        return [Phrase(N_("round {round} has no results yet"), round=str(missing[0]))]
    return [Phrase(N_("rounds {rounds} have no results yet"), rounds=", ".join(map(str, missing)))]


def standings(t: Tournament, *, checked: bool = False) -> TournamentResult:
    """Preliminary standings, every table's scores, and the knock-out with final placings.

    ``checked`` as for :func:`preliminary` (the bracket is checked as it is built either way).
    """
    table, games = preliminary(t, checked=checked)
    notes = _missing_note(t)
    rounds = {x.round for x in t.tables}
    games_of = Counter(seat.player for x in t.tables for seat in x.seats)
    here = by_player(t.attendance)
    for player in t.players:
        played = games_of[player]
        expected = sum(1 for r in rounds if plays(here, player, r))
        if rounds and played < expected:
            notes.append(Phrase(N_("{player} played {played} of {expected} rounds entered"), player=player,
                                played=str(played), expected=str(expected)))
    table = marked(table, t.attendance)
    notes += [lot_needed(group) for group in table.unresolved_lots]
    extras: list[Table] = []
    details: dict[str, Any] = {}
    b = _bracket(t, table)
    if b is not None and b.matches:
        size = t.settings.knockout_size
        qualified = set(qualifiers(table.order, t)[:size])
        skipped = passed_over(table.order, qualifiers(table.order, t)[:size], size)
        if skipped:
            notes.append(Phrase(N_("withdrawn, so not in the knock-out: {players}; the next in the ranking moves up"),
                                players=", ".join(skipped)))
        if any(qualified & set(g) for g in table.unresolved_lots):
            notes.append(N_("the knock-out seeding rests on a suggested lot: enter the organiser's decision"))
        extras.append(knockout_table(b))
        details["knockout"] = knockout_records(b)
        placings = placings_table(b, table.order)
        if placings is not None:
            extras.append(placings)
    elif t.settings.knockout_size and not _missing_rounds(t):
        notes.append(Phrase(N_("fewer than {count} players: no knock-out"), count=str(t.settings.knockout_size)))
    return TournamentResult("carcassonne2004", table, games, tuple(extras), tuple(notes), details)


# -- JSON records (docs/formats/carcassonne2004.md) ---------------------------------------


def game_from_dict(data: Mapping[str, Any]) -> PreliminaryTable:
    """One preliminary table: {"round": 1, "table": 2, "players": [{"player": "Ada", "vp": 131}, ...]}."""
    c = Collector()
    table = _table_from_dict(data, "game", c)
    if table is not None:
        c.extend(table_problems(table))
    c.raise_if_any()
    return table  # type: ignore[return-value]


TOURNAMENT_KEYS = ("ruleset", "name", "settings", "players", "games", "knockout", "adjustments", "lots")


def tournament_from_dict(data: Mapping[str, Any]) -> Tournament:
    """A whole tournament in the keys of every ruleset (docs/formats.md): name, settings, players, games
    (the preliminary tables), knockout, adjustments, lots; earlier keys still read, with a note."""
    c = Collector()
    d = read.record(read.vocabulary(data, c), "a tournament", "tournament", c, TOURNAMENT_KEYS)
    read.ruleset(d, "carcassonne2004", c)
    settings = read.settings(Settings(), d.get("settings"), c)
    if "name" in d:
        name = read.name(d["name"], "name", "tournament", c)
        settings = settings if name is None else replace(settings, tournament=name)
    listed = read.items(d, "players", "tournament", c, required=True)
    registered = read.players(d, c, required=True)
    players = [p["name"] for p in registered]
    tables = [_table_from_dict(x, f"games[{i}]", c) for i, x in enumerate(read.items(d, "games", "tournament", c, required=True))]
    matches = [match_from_dict(x, f"knockout[{i}]", c) for i, x in enumerate(read.items(d, "knockout", "tournament", c))]
    t = Tournament(
        players=tuple(players),
        tables=tuple(x for x in tables if x is not None),
        knockout=tuple(m for m in matches if m is not None),
        settings=settings,
        adjustments=read.adjustments(d, "adjustments", c),
        lot_decisions=dict(read.lot_decisions(d, "lots", c)),
        attendance=read.attendance(registered, c),
    )
    # What did parse is still checked, so that every problem is reported at once.
    if isinstance(d.get("players"), list) and len(players) == len(listed):
        c.extend(tournament_problems(t))
    c.raise_if_any()
    knockout(t)  # the bracket's own problems, all at once
    return t


def _table_from_dict(data: object, where: str, c: Collector) -> PreliminaryTable | None:
    d = read.record(data, "a table", where, c, ("round", "table", "players"))
    if not isinstance(data, Mapping):
        return None
    rnd = read.whole(d.get("round"), "round", where, c, minimum=1)
    number = read.whole(d.get("table"), "table", where, c, minimum=1)
    if rnd is not None and number is not None:
        where = f"R{rnd} T{number}"
    seats = []
    for i, raw in enumerate(read.items(d, "players", where, c, required=True), start=1):
        s = read.record(raw, "a seat", at := f"{where}, seat {i}", c, ("player", "vp"))
        player, vp = read.name(s.get("player"), "player", at, c), read.whole(s.get("vp"), "vp", at, c)
        seats.append(None if player is None or vp is None else VpResult(player, vp))
    if None in seats or not isinstance(d.get("players"), list):
        return None
    if rnd is None or number is None:
        c.extend(seat_problems(tuple(seats), where))  # type: ignore[arg-type]
        return None
    return PreliminaryTable(rnd, number, tuple(seats))  # type: ignore[arg-type]


RULESET = Ruleset(
    id="carcassonne2004",
    name="International Carcassonne Championship 2004",
    seed="002_013fbe404487106e.txt",
    summary=(
        "Four preliminary games at tables of 4 (at most three tables of 3 per round). "
        "Ranking points 5-3-2-1 (5-3-1 at 3 players), tied places share. Ties: VP sum "
        "(3-player VP x 3/4), then the sum of percentages of the table total (x 4/3 at "
        "3 players), then lot. The best 16 play a best-of-three knock-out: 1v16 ... 8v9."
    ),
    settings=Settings(),
    score_game=score_game,
    standings=standings,
    game_from_dict=game_from_dict,
    tournament_from_dict=tournament_from_dict,
    family=Family.CARCASSONNE,
    seats=("Player 1", "Player 2", "Player 3", "Player 4"), fewest_seats=3,
    form=FormProfile(title="Carcassonne 2004", variant="SLIP"),
    cell_functions=("tb_carc_points",),
    draw_rounds=lambda settings: settings.preliminary_rounds,
    preliminary=preliminary,
    knockout=knockout,
    qualification=Qualification("knock-out", knockout_players),
    standings_by_round=standings_by_round,
)
