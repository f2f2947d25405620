"""Friedrich games and tournaments from JSON (docs/formats/friedrich.md).

Shape problems are noted while parsing; values are then checked by :mod:`.validation`,
so one :class:`ValidationError` lists everything wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...errors import Collector
from .. import records_json as read
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


def _nation(value: Any, where: str, c: Collector) -> Nation | None:
    hint = "; Hanover is scored as Prussia" if value == "Hanover" else ""
    return read.member(Nation, value, "winning nation", where, c, hint)


GAME_KEYS = ("round", "table", "players", "duration", "winners", "objectives", "imperial_army_switch", "offensive", "tc")
OFFENSIVE_KEYS = ("outcome", "called_off_turn", "prussia_bohemian", "austria_bohemian", "austria_took_card")


def parse_game(data: Any, c: Collector, *, final: bool = False) -> Game:
    """A game from JSON data, noting shape problems in ``c``; values are checked by :func:`game_problems`."""
    raw = data if isinstance(data, Mapping) else {}
    where = "final" if final else f"R{raw.get('round')} T{raw.get('table')}"
    d = read.record(data, "a game", where, c, GAME_KEYS[1:] if final else GAME_KEYS)
    seats = read.record(d.get("players", {}), "players", f"{where}, players", c, [r.value for r in Role], "role")
    winners = d.get("winners", [])
    if not isinstance(winners, list):
        c.add("winners must be a list of nations", where)
        winners = []
    won = frozenset(w for w in (_nation(x, where, c) for x in winners) if w is not None)
    attackers = [n.value for n in ATTACKERS]
    held = read.record(d.get("objectives", {}), "objectives", f"{where}, objectives", c, attackers, "attacking nation")
    objectives = []
    for nation in ATTACKERS:
        if nation.value in held:
            o = read.record(held[nation.value], "objectives", f"{where}, {nation.value}", c, ("held", "total", "left"))
            objectives.append(Objectives(nation, o.get("held"), o.get("total"), o.get("left")))
    switch = None
    if d.get("imperial_army_switch") is not None:
        sw = f"{where}, Imperial Army switch"
        s = read.record(d["imperial_army_switch"], "the Imperial Army switch", sw, c, ("turn", "to", "held"))
        switch = ImperialSwitch(s.get("turn"), read.member(Role, s.get("to"), "role", sw, c), s.get("held"))
    offensive = None
    if d.get("offensive") is not None:
        ow = f"{where}, Offensive Option"
        o = read.record(d["offensive"], "the Offensive Option", ow, c, OFFENSIVE_KEYS)
        offensive = Offensive(
            read.member(OffensiveOutcome, o.get("outcome"), "outcome", ow, c),
            o.get("prussia_bohemian"),
            o.get("austria_bohemian"),
            austria_took_card=o.get("austria_took_card", False),
            called_off_turn=o.get("called_off_turn"),
        )
    tc = None
    if d.get("tc") is not None:
        t = read.record(d["tc"], "the sTCC counts", f"{where}, sTCC", c, ("turns", "frederick", "attackers"))
        tc = TcCount(t.get("turns"), t.get("frederick"), t.get("attackers"))
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
        note=read.note(d),
    )


def game_from_dict(data: Any) -> Game:
    """Parse and validate one qualifying game; :class:`ValidationError` lists every problem."""
    c = Collector()
    game = parse_game(data, c)
    c.extend(game_problems(game))
    c.raise_if_any()
    return game


TOURNAMENT_KEYS = ("ruleset", "name", "settings", "players", "games", "final", "adjustments", "lots", "final_lots")


def tournament_from_dict(data: Any, defaults: Settings, ruleset: str | None = None) -> Tournament:
    """Parse and validate a tournament; :class:`ValidationError` lists every problem.

    The keys are those of every ruleset (docs/formats.md); the name, under ``"name"``, is the
    settings' ``tournament``. Earlier keys still read, with a note (:func:`read.vocabulary`).
    """
    c = Collector()
    d = read.record(read.vocabulary(data, c), "a tournament", "tournament", c, TOURNAMENT_KEYS)
    if ruleset is not None:
        read.ruleset(d, ruleset, c)
    settings = read.settings(defaults, d.get("settings"), c)
    if "name" in d:
        name = read.name(d["name"], "name", "tournament", c)
        settings = settings if name is None else replace(settings, tournament=name)
    listed = read.players(d, c, ("stand_in",))
    players = tuple(p for p in (_player(x, c) for x in listed) if p is not None)
    games = tuple(parse_game(g, c) for g in read.items(d, "games", "tournament", c))
    final = parse_game(d["final"], c, final=True) if d.get("final") is not None else None
    t = Tournament(
        settings,
        players,
        games,
        final,
        read.adjustments(d, "adjustments", c),
        read.lot_decisions(d, "lots", c),
        read.lot_decisions(d, "final_lots", c),
        attendance=read.attendance(listed, c),
    )
    c.extend(tournament_problems(t))
    c.raise_if_any()
    return t


def _player(p: Mapping[str, Any], c: Collector) -> Player | None:
    """A registered player; ``"stand_in": true`` for a stand-in."""
    stand_in = read.flag(p.get("stand_in", False), "stand_in", f"players, {p['name']}", c)
    return None if stand_in is None else Player(p["name"], stand_in=stand_in)
