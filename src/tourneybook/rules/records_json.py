"""Reading tournament records from JSON data: the readers every ruleset shares.

One behaviour for every format in docs/formats/: an object's unknown keys are
reported (a misspelt key would otherwise be lost without a word), a free-text
``"note"`` is accepted in any object, whole numbers are JSON integers (``88.0``
is accepted, ``88.5`` and ``"88"`` are not), exact numbers are integers, JSON
decimals read as written, or decimal/fraction strings (``"-0.5"``, ``"22/3"``).

Every reader notes its problems in a :class:`Collector` with where they are and
returns None (or an empty value) for what it could not read, so that a record's
problems are all reported at once.
"""

from __future__ import annotations

import math
import re
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import fields, replace
from enum import Enum
from fractions import Fraction
from typing import Any, TypeVar

from ..errors import Collector
from ..numbers import whole_number
from .attendance import Attendance, order_problem
from .ranking import Adjustment

NOTE = "note"
"""The free-text key every object may carry; it is never scored."""
EXACT_TEXT = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?(/[0-9]+)?")
"""'7', '-0.5', '22/3': written out in full, so that no exponent can blow up."""

E = TypeVar("E", bound=Enum)
S = TypeVar("S")


def record(data: Any, what: str, where: str, c: Collector, known: Iterable[str], kind: str = "field") -> Mapping[str, Any]:
    """``data`` as an object whose keys are all ``known`` (or the note); {} when it is no object."""
    known = list(known)
    if not isinstance(data, Mapping):
        c.add(f"{what} must be an object with {', '.join(known)}, not {data!r}", where)
        return {}
    for key in data:
        if key == NOTE:
            c.check(isinstance(data[key], str), f"note must be text, not {data[key]!r}", where)
        elif key not in known:
            c.add(f"unknown {kind} {key!r}; expected one of: {', '.join(known)}", where)
    return data


def note(data: Mapping[str, Any]) -> str:
    """The object's free-text note ('' when absent or not text; :func:`record` reports the latter)."""
    value = data.get(NOTE, "")
    return value if isinstance(value, str) else ""


def items(data: Mapping[str, Any], key: str, where: str, c: Collector, *, required: bool = False) -> list[Any]:
    """The list under ``key``; [] when absent (a problem if ``required``) or not a list."""
    if key not in data and not required:
        return []
    value = data.get(key)
    if not isinstance(value, list):
        c.add(f"{key} must be a list, not {value!r}", where)
        return []
    return value


def whole(value: Any, what: str, where: str, c: Collector, minimum: int | None = None) -> int | None:
    """A whole number: a JSON integer, or a decimal such as 88.0 that is one (:func:`~tourneybook.numbers.whole_number`)."""
    number = whole_number(value)
    if number is None:
        c.add(f"{what} must be a whole number, not {value!r}", where)
        return None
    if minimum is not None and number < minimum:
        c.add(f"{what} {number} must be at least {minimum}", where)
        return None
    return number


def exact(value: Any, what: str, where: str, c: Collector) -> Fraction | None:
    """An exact number: an integer, a JSON decimal as written (repr, not the binary float), or '-1/2'."""
    if isinstance(value, float) and math.isfinite(value):
        return Fraction(repr(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str) and EXACT_TEXT.fullmatch(value.strip()):
        try:
            return Fraction(value.strip())
        except ZeroDivisionError:
            pass
    c.add(f"{what} must be an exact number such as 3, -0.5 or \"22/3\", not {value!r}", where)
    return None


def name(value: Any, what: str, where: str, c: Collector) -> str | None:
    """Non-empty text, without surrounding spaces."""
    if not isinstance(value, str) or not value.strip():
        c.add(f"{what} must be a non-empty text, not {value!r}", where)
        return None
    return value.strip()


def flag(value: Any, what: str, where: str, c: Collector) -> bool | None:
    """true or false."""
    if not isinstance(value, bool):
        c.add(f"{what} must be true or false, not {value!r}", where)
        return None
    return value


def member(kind: type[E], value: Any, what: str, where: str, c: Collector, hint: str = "") -> E | None:
    """The member of ``kind`` whose value is ``value``, ignoring case and surrounding spaces."""
    if isinstance(value, str):
        for m in kind:
            if value.strip().casefold() == str(m.value).casefold():
                return m
    c.add(f"unknown {what} {value!r}{hint}; expected one of: {', '.join(str(m.value) for m in kind)}", where)
    return None


def adjustments(data: Mapping[str, Any], key: str, c: Collector) -> tuple[Adjustment, ...]:
    """Manual changes: [{"player": name, "points": exact number, "reason": text}], the reason required."""
    result = []
    for i, entry in enumerate(items(data, key, "tournament", c), start=1):
        raw = entry.get("player") if isinstance(entry, Mapping) else None
        where = f"{key}, {raw.strip()}" if isinstance(raw, str) and raw.strip() else f"{key}, entry {i}"
        a = record(entry, "an adjustment", where, c, ("player", "points", "reason"))
        if not isinstance(entry, Mapping):
            continue
        player = name(a.get("player"), "player", where, c)
        points = exact(a.get("points"), "points", where, c)
        reason = name(a.get("reason"), "reason", where, c)
        if player is not None and points is not None and reason is not None:
            result.append(Adjustment(player, points, reason))
    return tuple(result)


def lot_decisions(data: Mapping[str, Any], key: str, c: Collector) -> tuple[tuple[str, int], ...]:
    """The organiser's lots: {"player": whole lot number}, lower numbers rank first."""
    raw = data.get(key, {})
    if not isinstance(raw, Mapping):
        c.add(f"{key} must map players to lot numbers, not {raw!r}", "tournament")
        return ()
    decisions = [(str(p).strip(), whole(n, "lot number", f"{key}, {p}", c)) for p, n in raw.items()]
    return tuple((p, n) for p, n in decisions if n is not None)


class OldKey(FutureWarning):
    """A tournament file uses a key of an earlier format: still read, with this note (docs/formats.md)."""


OLD_KEYS = {"lot_decisions": "lots", "tables": "games"}
"""Keys of earlier formats and the one name every ruleset uses now."""
OLD_NAME = "tournament"
"""The earlier place of the tournament's name: inside "settings" (Friedrich, Carcassonne)."""


def vocabulary(data: Any, c: Collector) -> Any:
    """A tournament object in the one vocabulary of docs/formats.md, read from earlier keys too.

    Every ruleset's tournament names the same things the same way: ``name``, ``players``,
    ``games``, ``adjustments``, ``lots``. An earlier key (``lot_decisions``, Carcassonne's
    ``tables``, ``settings.tournament``) is read as its new name and noted with an
    :class:`OldKey` warning, so that the file can be updated; the same thing under both
    names is a problem. Anything but an object is returned as it is, for :func:`record`
    to report.
    """
    if not isinstance(data, Mapping):
        return data
    upgraded = dict(data)
    for old, new in OLD_KEYS.items():
        if old not in upgraded:
            continue
        if new in upgraded:
            c.add(f"both {old!r} and {new!r} are given; {old!r} is the earlier name of {new!r}: keep one", "tournament")
            continue
        warnings.warn(OldKey(f"{old!r} is the earlier name of {new!r}: read as {new!r}; write {new!r}"), stacklevel=2)
        upgraded[new] = upgraded.pop(old)
    given = upgraded.get("settings")
    if isinstance(given, Mapping) and OLD_NAME in given:
        if "name" in upgraded:
            c.add(f"the name is given twice: as \"name\" and as settings {OLD_NAME!r}; keep \"name\"", "tournament")
        else:
            warnings.warn(OldKey(f"settings {OLD_NAME!r} is the earlier place of the tournament's name: "
                                 "read as \"name\"; write \"name\" at the top of the file"), stacklevel=2)
            upgraded["name"] = given[OLD_NAME]
        upgraded["settings"] = {k: v for k, v in given.items() if k != OLD_NAME}
    return upgraded


def ruleset(data: Mapping[str, Any], expected: str, c: Collector) -> None:
    """The optional ``"ruleset"`` key names the ruleset the file is read with."""
    if "ruleset" in data:
        c.check(data["ruleset"] == expected, f"ruleset {data['ruleset']!r} is not {expected}", "tournament")


ATTENDANCE_KEYS = ("from_round", "withdrew_after", "attendance_note", "absent_rounds")
"""A player's attendance in every ruleset's players list, as on the Players sheet (docs/attendance.md)."""


def players(data: Mapping[str, Any], c: Collector, known: Iterable[str] = (), *, required: bool = False) -> list[Mapping[str, Any]]:
    """The registered players: each a name or an object with "name", the ruleset's ``known`` fields and
    the :data:`ATTENDANCE_KEYS` (read by :func:`attendance`).

    Every entry comes back as an object with a read "name" (entries without one are reported and left out).
    """
    result = []
    for i, raw in enumerate(items(data, "players", "tournament", c, required=required), start=1):
        entry = {"name": raw} if isinstance(raw, str) else raw
        where = f"players, {entry['name'].strip()}" if isinstance(entry, Mapping) and isinstance(entry.get("name"), str) \
            and entry["name"].strip() else f"players, entry {i}"
        d = record(entry, "a player", where, c, ("name", *known, *ATTENDANCE_KEYS))
        player = name(d.get("name"), "a player's name", where, c) if isinstance(entry, Mapping) else None
        if player is not None:
            result.append({**d, "name": player})
    return result


def attendance(players: Iterable[Mapping[str, Any]], c: Collector) -> tuple[Attendance, ...]:
    """The late arrivals and withdrawals among ``players`` (from :func:`players`): ``"from_round": 2``,
    ``"withdrew_after": 3``, ``"attendance_note": "ill"``; everyone else plays every round."""
    found = []
    for p in players:
        if not any(key in p for key in ATTENDANCE_KEYS):
            continue
        where = f"players, {p['name']}"
        first = whole(p.get("from_round", 1), "from_round", where, c, minimum=1)
        given = p.get("withdrew_after")
        last = None if given is None else whole(given, "withdrew_after", where, c, minimum=1)
        reason = p.get("attendance_note", "")
        if not isinstance(reason, str):
            c.add(f"attendance_note must be a text, not {reason!r}", where)
        absent = _absent_rounds(p.get("absent_rounds", []), where, c)
        if first is None or (given is not None and last is None) or not isinstance(reason, str) or absent is None:
            continue  # reported above
        wrong = order_problem(first, last)
        if wrong:
            c.add(f"{wrong} (leave out withdrew_after if they never came)", where)
        elif first > 1 or last is not None or absent:
            found.append(Attendance(p["name"], first, last, " ".join(reason.split()), absent))
    return tuple(found)


def _absent_rounds(given: Any, where: str, c: Collector) -> frozenset[int] | None:
    """``"absent_rounds": [2]``: the rounds of the roll call the player does not play; None when reported."""
    if not isinstance(given, list):
        c.add(f"absent_rounds must be a list of rounds such as [2] or [2, 4], not {given!r}", where)
        return None
    rounds = [whole(n, "absent_rounds", where, c, minimum=1) for n in given]
    return None if any(n is None for n in rounds) else frozenset(rounds)  # type: ignore[arg-type]


def settings(defaults: S, data: Any, c: Collector) -> S:
    """``defaults`` with the given settings by field name, each read as its default's type.

    Text, whole number, exact number or true/false; unknown settings are reported.
    """
    if data is None:
        return defaults
    by_name = {f.name: f for f in fields(defaults)}  # type: ignore[arg-type]
    given = record(data, "settings", "settings", c, by_name, kind="setting")
    values: dict[str, Any] = {}
    for key, value in given.items():
        if key not in by_name:
            continue
        default = getattr(defaults, key)
        if isinstance(default, bool):
            parsed: Any = flag(value, key, "settings", c)
        elif isinstance(default, int):
            parsed = whole(value, key, "settings", c)
        elif isinstance(default, Fraction):
            parsed = exact(value, key, "settings", c)
        else:
            parsed = name(value, key, "settings", c)
        if parsed is not None:
            values[key] = parsed
    return replace(defaults, **values)  # type: ignore[type-var]


__all__ = [
    "NOTE", "OLD_KEYS", "OldKey", "adjustments", "exact", "flag", "items", "lot_decisions", "member", "name", "note",
    "ATTENDANCE_KEYS", "attendance", "players", "record", "ruleset", "settings", "vocabulary", "whole",
]
