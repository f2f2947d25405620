"""JSON rendering of results shared by the ``score`` and ``standings`` commands."""

from __future__ import annotations

import json
import sys
import warnings
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from ..errors import InputError
from ..numbers import SquareRoot, as_json, display
from ..rules.records_json import OldKey
from ..rules.base import GameScore, Table, TournamentResult
from ..rules.ranking import Standings


def load_json(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: a folder, not a JSON file") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not a JSON text file (UTF-8)") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


R = TypeVar("R")


def read_record(parse: Callable[[Any], R], data: Any) -> R:
    """``parse(data)``, printing a note on stderr for each earlier key the file still uses (docs/formats.md)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", OldKey)
        record = parse(data)
    for w in caught:
        if issubclass(w.category, OldKey):
            print(f"note: {w.message}", file=sys.stderr)
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    return record


def value(v: Any) -> Any:
    """Numbers both shown (2 decimals, half up) and exact; everything else as is.

    A square root (the sTCC, GFTR D 2) is irrational in general: it comes with its exact
    square instead, ``{"display": "0.58", "square": "529/1600"}``.
    """
    if isinstance(v, SquareRoot):
        return {"display": display(v), "square": as_json(v.square)["exact"]}
    if isinstance(v, Fraction):
        return as_json(v)
    if isinstance(v, Standings):
        return standings_json(v)
    if isinstance(v, Mapping):
        return {k: value(x) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        return [value(x) for x in v]
    if hasattr(v, "value") and hasattr(v, "name"):  # enums
        return v.value
    return v


def game_json(game: GameScore) -> dict[str, Any]:
    return {
        "game": game.game,
        "players": [
            {
                "player": p.player,
                "seat": p.seat,
                "points": value(p.points),
                "parts": {k: value(v) for k, v in p.parts},
            }
            for p in game.players
        ],
        "notes": list(game.notes),
    }


def standings_json(standings: Standings) -> dict[str, Any]:
    return {
        "total": standings.total_name,
        "tiebreaks": list(standings.tiebreak_names),
        "rows": [
            {
                "rank": r.rank,
                "player": r.player,
                "total": value(r.total),
                "tiebreaks": {k: value(v) for k, v in r.tiebreaks},
                "decided_by": r.decided_by,
                "lot": r.lot.value if r.lot else None,
                "adjustment": value(r.adjustment) if r.adjustment else None,
                "adjustment_reasons": list(r.adjustment_reasons),
                "attendance": r.mark or None,
            }
            for r in standings.rows
        ],
        "unresolved_lots": [list(g) for g in standings.unresolved_lots],
    }


def table_json(table: Table) -> dict[str, Any]:
    return {
        "title": table.title,
        "headers": list(table.headers),
        "rows": [[value(v) for v in row] for row in table.rows],
        "notes": list(table.notes),
    }


def result_json(result: TournamentResult) -> dict[str, Any]:
    return {
        "ruleset": result.ruleset,
        "standings": standings_json(result.standings),
        "games": [game_json(g) for g in result.games],
        "extras": [table_json(t) for t in result.extras],
        "notes": list(result.notes),
        **{name: value(detail) for name, detail in result.details.items()},
    }


def dump(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)
