"""What cannot happen in a Friedrich game or tournament, all problems at once (GFTR B; RULES.md)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from ...errors import Collector, Problem, ValidationError
from ..attendance import Attendance, by_player, rounds_text, seating_problems
from .records import (
    ATTACKERS, BOHEMIAN_OBJECTIVES, MAX_TURNS, NATION_NAME, ROLE_NAME, ROLES,
    Game, Nation, OffensiveOutcome, Role, Tournament,
)


def _is_int(value: Any) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))  # a plain int first: quick


def _is_turn(value: Any) -> bool:
    return _is_int(value) and 1 <= value <= MAX_TURNS


def _count(value: Any, what: str, where: str, c: Collector, minimum: int = 0) -> bool:
    if _is_int(value) and value >= minimum:
        return True
    c.add(f"{what} {value!r} is not a whole number from {minimum}", where)
    return False


def game_problems(game: Game) -> list[Problem]:
    """Everything that cannot happen in ``game``, all at once.

    Each problem is worded only once found: an f-string for every check passed was most of the time of
    checking a 10,000-player event.
    """
    c = Collector()
    g = game.label
    if game.round is not None:
        _count(game.round, "round", g, c, 1)
    _count(game.table, "table", g, c, 1)
    names = game.players
    for role, name in zip(ROLES, names):
        if not (isinstance(name, str) and name.strip() != ""):
            c.add(f"no player given for {role.value}", g)
    given = [n for n in names if isinstance(n, str) and n]
    if len(set(given)) < len(given):
        for name in sorted({n for n in given if names.count(n) > 1}):
            c.add(f"{name} is seated in more than one role", g)
    duration_ok = _is_turn(game.duration)
    if not duration_ok:
        c.add(f"duration {game.duration!r} is not a turn from 1 to {MAX_TURNS}", g)
    winners = game.winners if isinstance(game.winners, (set, frozenset)) else frozenset()
    if not winners:
        c.add("no winning nation entered", g)
    for w in winners:
        if not isinstance(w, Nation):
            c.add(f"unknown winning nation {w!r}", g)
    if Nation.PRUSSIA in winners and len(winners) > 1:
        beside = sorted(w.value for w in winners if isinstance(w, Nation) and w is not Nation.PRUSSIA)
        if beside:
            c.add(f"Prussia cannot win together with {', '.join(beside)}", g)
    _objectives_problems(game, winners, c, duration_ok=duration_ok)
    _switch_problems(game, c, duration_ok=duration_ok)
    _offensive_problems(game, winners, c, duration_ok=duration_ok)
    if game.tc is not None:
        where = f"{g}, sTCC"
        if not _is_turn(game.tc.turns):
            c.add(f"N {game.tc.turns!r} is not a turn from 1 to {MAX_TURNS}", where)
        _count(game.tc.frederick, "Frederick's TCs", where, c)
        _count(game.tc.attackers, "the attackers' TCs", where, c, 1)  # sTCC divides by it
    return c.problems


def _objectives_problems(game: Game, winners: frozenset, c: Collector, *, duration_ok: bool) -> None:
    g = game.label
    entered = [o.nation for o in game.objectives]
    for nation in ATTACKERS:
        if entered.count(nation) != 1:
            problem = "objectives not entered" if nation not in entered else "objectives entered twice"
            c.add(problem, f"{g}, {nation.value}")
    for o in game.objectives:
        if o.nation not in ATTACKERS:
            c.add(f"{o.nation!r} is not an attacking nation", g)
            continue
        where = f"{g}, {NATION_NAME[o.nation]}"
        if _count(o.total, "total of objectives", where, c, 1) and _count(o.held, "objectives held", where, c):
            if o.held > o.total:
                c.add(f"objectives held {o.held} exceed the total {o.total}", where)
        if o.left_turn is None:
            continue
        if not _is_turn(o.left_turn):
            c.add(f"turn left {o.left_turn!r} is not a turn from 1 to {MAX_TURNS}", where)
            continue
        if duration_ok and o.left_turn > game.duration:
            c.add(f"left the game in turn {o.left_turn}, after the game ended in turn {game.duration}", where)
        if o.nation in winners:
            c.add(f"left the game in turn {o.left_turn} and cannot be a winner", where)


def _switch_problems(game: Game, c: Collector, *, duration_ok: bool) -> None:
    s = game.imperial_switch
    if s is None:
        return
    where = f"{game.label}, Imperial Army switch"
    if s.to not in (Role.ELISABETH, Role.POMPADOUR):
        c.add(f"the Imperial Army can pass only to Elisabeth or Pompadour, not {getattr(s.to, 'value', s.to)!r}", where)
    ia = [o for o in game.objectives if o.nation is Nation.IMPERIAL_ARMY]
    if not _is_turn(s.turn):
        c.add(f"turn {s.turn!r} is not a turn from 1 to {MAX_TURNS}", where)
    else:
        if duration_ok and s.turn > game.duration:
            c.add(f"switched in turn {s.turn}, after the game ended in turn {game.duration}", where)
        left = ia[0].left_turn if ia else None
        if _is_int(left) and s.turn > left:
            c.add(f"switched in turn {s.turn}, after the Imperial Army left in turn {left}", where)
    if _count(s.held, "objectives held at the switch", where, c) and ia and _is_int(ia[0].total):
        if s.held > ia[0].total:
            c.add(f"objectives held {s.held} exceed the total {ia[0].total}", where)


def _offensive_problems(game: Game, winners: frozenset, c: Collector, *, duration_ok: bool) -> None:
    o = game.offensive
    if o is None:
        return
    where = f"{game.label}, Offensive Option"
    if not isinstance(o.outcome, OffensiveOutcome):
        c.add(f"unknown outcome {o.outcome!r}", where)
        return
    if o.outcome is OffensiveOutcome.SUCCEEDED:
        if Nation.PRUSSIA not in winners:
            c.add("succeeded, but Prussia is not the winner", where)
    if o.outcome is OffensiveOutcome.CALLED_OFF:
        turn = o.called_off_turn
        if not _is_turn(turn):
            c.add(f"turn called off {turn!r} is not a turn from 1 to {MAX_TURNS}", where)
        elif duration_ok and turn > game.duration:
            c.add(f"called off in turn {o.called_off_turn}, after the game ended in turn {game.duration}", where)
    elif o.called_off_turn is not None:
        c.add(f"a turn it was called off is given, but it {o.outcome.value!r}", where)
    counts_ok = _count(o.prussia_bohemian, "Prussia's Bohemian objectives", where, c)
    counts_ok = _count(o.austria_bohemian, "Austria's Bohemian objectives", where, c) and counts_ok
    if counts_ok and o.prussia_bohemian + o.austria_bohemian > BOHEMIAN_OBJECTIVES:
        c.add(f"Prussia's {o.prussia_bohemian} and Austria's {o.austria_bohemian} Bohemian objectives"
              f" exceed the {BOHEMIAN_OBJECTIVES}", where)
    took = o.austria_took_card
    if not isinstance(took, bool):
        c.add(f"Austria took the card: {took!r} is not true/false", where)


def check_game(game: Game) -> None:
    """Raise :class:`ValidationError` with every problem of ``game``."""
    problems = game_problems(game)
    if problems:
        raise ValidationError(problems)


def tournament_problems(t: Tournament, *, games_checked: bool = False) -> list[Problem]:
    """Everything wrong with a tournament record: settings, players, games, final, adjustments, lots.

    ``games_checked``: the caller has already taken each game's own problems
    (:func:`game_problems`, e.g. to place them at their rows); only what lies
    between games and around them is checked then, so no game is checked twice.
    """
    c = Collector()
    s = t.settings
    if not (isinstance(s.tournament, str) and s.tournament.strip() != ""):
        c.add("the tournament needs a name", "settings, tournament")
    if not (_is_int(s.games_counted) and 1 <= s.games_counted <= 4):
        c.add(f"qualifying games {s.games_counted!r} is not 1 to 4", "settings, games_counted")
    if not (_is_int(s.finalists) and s.finalists in (0, 4)):
        c.add(f"finalists {s.finalists!r} is neither 4 nor 0", "settings, finalists")
    names = [p.name for p in t.players]
    for p in t.players:
        if not (isinstance(p.name, str) and p.name.strip() != ""):
            c.add(f"player name {p.name!r} is empty", "players")
    for name in sorted(n for n, times in Counter(names).items() if isinstance(n, str) and times > 1):
        c.add(f"{name} is registered twice", "players")
    real = {p.name for p in t.players if not p.stand_in}
    _seating_problems(t, set(names), real, c, games_checked=games_checked)
    if t.final is not None:
        if not games_checked:
            c.extend(game_problems(t.final))
        if t.final.round is not None:
            c.add("the final has a round number", "final")
        if s.finalists != 4:
            c.add("a final is entered, but the settings have no finalists", "final")
        records = by_player(t.attendance)
        for role in Role:
            name = t.final.player(role)
            if not (isinstance(name, str) and name in real):
                c.add(f"{name!r} ({role.value}) is not a ranked player", "final")
            elif name in records:
                why = _not_a_finalist(records[name], late_allowed=s.late_arrivals_in_final)
                if why:
                    c.add(f"{name} ({role.value}) is not a finalist: {why}, so the next in the qualifying ranking "
                          "moves up (GFTR B); type that player in this cell ('draw --final' lists the four while this row "
                          "is empty)", "final")
    for a in t.adjustments:
        where = "adjustments"
        if not (isinstance(a.player, str) and a.player in real):
            c.add(f"{a.player!r} is not a ranked player", where)
        if not isinstance(a.points, Fraction):
            c.add(f"{a.player}: points {a.points!r} are not an exact number", where)
        if not (isinstance(a.reason, str) and a.reason.strip() != ""):
            c.add(f"{a.player}: an adjustment needs a reason", where)
    for where, lots in (("lots", t.lots), ("final lots", t.final_lots)):
        for name, number in lots:
            if name not in real:
                c.add(f"{name!r} is not a ranked player", where)
            if not _is_int(number):
                c.add(f"{name}: lot number {number!r} is not a whole number", where)
    return c.problems


def _seating_problems(t: Tournament, known: set[str], real: set[str], c: Collector, *, games_checked: bool) -> None:
    """GFTR B: one game per round for every ranked player, each role once, only registered players."""
    # each seat's first game, and every game of a seat taken more than once (only those few are worded)
    first_in_role: dict[tuple[str, Role], str] = {}
    twice_in_role: dict[tuple[str, Role], list[str]] = {}
    first_in_round: dict[int, dict[str, str]] = {}
    twice_in_round: dict[tuple[int, str], list[str]] = {}
    here = by_player(t.attendance)
    seats: list[tuple[int, Any, str]] = []  # (round, player, game) to compare with the attendance records, if any
    counted = t.settings.games_counted if _is_int(t.settings.games_counted) else None
    for game in t.games:
        if not games_checked:
            c.extend(game_problems(game))
        label = game.label
        if game.round is None:
            c.add("the final is entered among the qualifying games", label)
        if not _is_int(game.round):
            continue  # reported above
        if counted is not None and game.round > counted:
            c.add(f"round {game.round} is beyond the {counted} qualifying rounds", label)
        seated = game.players
        for role, name in zip(ROLES, seated):
            if here:
                seats.append((game.round, name, label))
            if isinstance(name, str) and name:
                if name not in known:
                    c.add(f"{name!r} ({ROLE_NAME[role]}) is not a registered player", label)
                _note_seat(first_in_role, twice_in_role, (name, role), label)
        players = {n for n in seated if isinstance(n, str)}
        if players:
            in_round = first_in_round.setdefault(game.round, {})
            for name in players:
                if name in in_round:
                    twice_in_round.setdefault((game.round, name), [in_round[name]]).append(label)
                else:
                    in_round[name] = label
    for (name, role), labels in sorted(twice_in_role.items(), key=lambda seat: (seat[0][0], seat[0][1].value)):
        c.add(f"{name} plays {role.value} more than once ({', '.join(labels)})", "games")
    for (r, name), labels in sorted(twice_in_round.items()):
        c.add(f"{name} plays more than once in round {r} ({', '.join(labels)})", "games")
    for r in sorted(first_in_round):
        in_round = first_in_round[r]
        for name in sorted(n for n in real if n not in in_round and (n not in here or here[n].plays(r))):
            c.add(f"{name} has no game in round {r}", "games")
    if here:  # without attendance records every seat is for a round its player is there for
        c.extend(seating_problems(t.attendance, seats))


def _not_a_finalist(record: Attendance, *, late_allowed: bool) -> str:
    """Why a player may not play the final (docs/attendance.md), or '' when they may."""
    if record.withdrawn:
        return (f"they withdrew after round {record.withdrew_after} (Players, Withdrew after round), and a withdrawn "
                "player never plays the final")
    if record.missed and not late_allowed:
        what = f"arrived for round {record.from_round}" if record.late else f"were absent in {rounds_text(record.absent)}"
        return (f"they {what} (Players), and the Settings' 'Late arrivals may reach the final' is no: a player "
                "with fewer qualifying games does not play it")
    return ""


def _note_seat(first: dict[tuple[str, Role], str], twice: dict[tuple[str, Role], list[str]],
               seat: tuple[str, Role], label: str) -> None:
    """``label`` for a player's ``seat``: its first game in ``first``, every game of a seat taken again in ``twice``."""
    if seat in first:
        twice.setdefault(seat, [first[seat]]).append(label)
    else:
        first[seat] = label


def check_tournament(t: Tournament) -> None:
    """Raise :class:`ValidationError` with every problem of ``t``."""
    problems = tournament_problems(t)
    if problems:
        raise ValidationError(problems)
