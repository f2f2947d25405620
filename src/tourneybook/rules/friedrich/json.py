"""Friedrich games and tournaments from JSON (docs/formats/friedrich.md).

Shape problems are noted while parsing; values are then checked by :mod:`.validation`,
so one :class:`ValidationError` lists everything wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from ...errors import Collector
from ..ranking import Adjustment
from .records import (
    ATTACKERS,
    Game,
    ImperialSwitch,
    Nation,
    Objectives,
    Offensive,
    OffensiveOutcome,
    Player,
    Role,
    Settings,
    TcCount,
    Tournament,
)
from .validation import game_problems, tournament_problems


def _object(data: Any, where: str, c: Collector, known: Iterable[str], kind: str = "field") -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        c.add(f"expected an object, got {type(data).__name__}", where)
        return {}
    known = list(known)
    for key in data:
        if key not in known:
            c.add(f"unknown {kind} {key!r}; expected one of: {', '.join(known)}", where)
    return data


def _enum(kind: type[Enum], value: Any, what: str, where: str, c: Collector) -> Any:
    for member in kind:
        if member.value == value:
            return member
    hint = "; Hanover is scored as Prussia" if value == "Hanover" else ""
    c.add(f"unknown {what} {value!r}{hint}; expected one of: {', '.join(m.value for m in kind)}", where)
    return None


GAME_KEYS = (
    "round", "table", "players", "duration", "winners", "objectives", "imperial_army_switch", "offensive", "tc", "note"
)
OFFENSIVE_KEYS = ("outcome", "called_off_turn", "prussia_bohemian", "austria_bohemian", "austria_took_card")


def parse_game(data: Any, c: Collector, *, final: bool = False) -> Game:
    """A game from JSON data, noting shape problems in ``c``; values are checked by :func:`game_problems`."""
    raw = data if isinstance(data, Mapping) else {}
    where = "final" if final else f"R{raw.get('round')} T{raw.get('table')}"
    d = _object(data, where, c, GAME_KEYS[1:] if final else GAME_KEYS)
    seats = _object(d.get("players", {}), f"{where}, players", c, [r.value for r in Role], "role")
    winners = d.get("winners", [])
    if not isinstance(winners, list):
        c.add("winners must be a list of nations", where)
        winners = []
    won = frozenset(w for w in (_enum(Nation, x, "winning nation", where, c) for x in winners) if w is not None)
    held = _object(d.get("objectives", {}), f"{where}, objectives", c, [n.value for n in ATTACKERS], "attacking nation")
    objectives = []
    for nation in ATTACKERS:
        if nation.value in held:
            o = _object(held[nation.value], f"{where}, {nation.value}", c, ("held", "total", "left"))
            objectives.append(Objectives(nation, o.get("held"), o.get("total"), o.get("left")))
    switch = None
    if d.get("imperial_army_switch") is not None:
        s = _object(d["imperial_army_switch"], f"{where}, Imperial Army switch", c, ("turn", "to", "held"))
        to = _enum(Role, s.get("to"), "role", f"{where}, Imperial Army switch", c)
        switch = ImperialSwitch(s.get("turn"), to, s.get("held"))
    offensive = None
    if d.get("offensive") is not None:
        ow = f"{where}, Offensive Option"
        o = _object(d["offensive"], ow, c, OFFENSIVE_KEYS)
        offensive = Offensive(
            _enum(OffensiveOutcome, o.get("outcome"), "outcome", ow, c),
            o.get("prussia_bohemian"),
            o.get("austria_bohemian"),
            o.get("austria_took_card", False),
            o.get("called_off_turn"),
        )
    tc = None
    if d.get("tc") is not None:
        t = _object(d["tc"], f"{where}, sTCC", c, ("turns", "frederick", "attackers"))
        tc = TcCount(t.get("turns"), t.get("frederick"), t.get("attackers"))
    note = d.get("note", "")
    if not isinstance(note, str):
        c.add("note must be text", where)
        note = ""
    return Game(
        None if final else d.get("round"),
        d.get("table", 1) if final else d.get("table"),
        *(seats.get(r.value) for r in Role),
        duration=d.get("duration"),
        winners=won,
        objectives=tuple(objectives),
        imperial_switch=switch,
        offensive=offensive,
        tc=tc,
        note=note,
    )


def game_from_dict(data: Any) -> Game:
    """Parse and validate one qualifying game; :class:`ValidationError` lists every problem."""
    c = Collector()
    game = parse_game(data, c)
    c.extend(game_problems(game))
    c.raise_if_any()
    return game


TOURNAMENT_KEYS = ("settings", "players", "games", "final", "adjustments", "lots", "final_lots")


def tournament_from_dict(data: Any, defaults: Settings) -> Tournament:
    """Parse and validate a tournament; :class:`ValidationError` lists every problem."""
    c = Collector()
    d = _object(data, "tournament", c, TOURNAMENT_KEYS)
    settings = _settings(d.get("settings", {}), defaults, c)
    players = tuple(p for p in (_player(x, c) for x in _list(d, "players", c)) if p is not None)
    games = tuple(parse_game(g, c) for g in _list(d, "games", c))
    final = parse_game(d["final"], c, final=True) if d.get("final") is not None else None
    adjustments = []
    for a in _list(d, "adjustments", c):
        a = _object(a, "adjustments", c, ("player", "points", "reason"))
        points = _exact(a.get("points"), f"adjustments, {a.get('player')}", c)
        if points is not None:
            adjustments.append(Adjustment(a.get("player"), points, a.get("reason")))
    t = Tournament(settings, players, games, final, tuple(adjustments), _lots(d, "lots", c), _lots(d, "final_lots", c))
    c.extend(tournament_problems(t))
    c.raise_if_any()
    return t


def _list(d: Mapping[str, Any], key: str, c: Collector) -> list[Any]:
    value = d.get(key, [])
    if not isinstance(value, list):
        c.add(f"{key} must be a list", "tournament")
        return []
    return value


def _lots(d: Mapping[str, Any], key: str, c: Collector) -> tuple[tuple[str, int], ...]:
    value = d.get(key, {})
    if not isinstance(value, Mapping):
        c.add(f"{key} must map players to lot numbers", "tournament")
        return ()
    return tuple(value.items())


def _player(x: Any, c: Collector) -> Player | None:
    if isinstance(x, str):
        return Player(x)
    p = _object(x, "players", c, ("name", "stand_in"))
    if not isinstance(x, Mapping):
        return None
    if not isinstance(p.get("name"), str) or not isinstance(p.get("stand_in", False), bool):
        c.add(f"{p!r}: needs a name (text) and stand_in (true or false)", "players")
        return None
    return Player(p["name"], p.get("stand_in", False))


def _exact(value: Any, where: str, c: Collector) -> Fraction | None:
    """An exact number from a JSON int, decimal or a string such as '-1/2'."""
    try:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError
        return Fraction(repr(value) if isinstance(value, float) else value)  # repr: the decimal as written
    except (ValueError, ZeroDivisionError):
        c.add(f"points {value!r} are not a number", where)
        return None


def _settings(data: Any, defaults: Settings, c: Collector) -> Settings:
    names = [f.name for f in fields(Settings)]
    given = _object(data, "settings", c, names, "setting")
    return replace(defaults, **{k: v for k, v in given.items() if k in names})
