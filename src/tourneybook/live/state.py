"""What the hall's pages show, read from the workbook through the store: one JSON-ready snapshot.

The standings come from the very reading and computing ``tourneybook recalc``
does (:func:`~tourneybook.workbook.event.read_event`, ``event_result``), so a
phone shows what the Standings sheet will; nothing is written to the workbook.
Names are data here: the pages escape them (:mod:`.pages`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..publish import Published
from ..publish.page import place_reason
from ..publish.tables import shown
from ..workbook.event import event_result, read_event
from .draw import Draw, Snapshot, read_draw

CUT_SETTINGS = ("finalists", "knockout_size")
"""The Settings fields that say how many qualify for the final or the knock-out: the projector draws a line there."""


@dataclass(frozen=True)
class HallState:
    """A workbook read at one moment: the pages' data, and the draw the reports are checked against."""

    data: dict[str, Any]
    draw: Draw
    snapshot: Snapshot


def read_state(snapshot: Snapshot) -> HallState:
    """The state of ``snapshot``; InputError (every problem, as recalc lists them) while the workbook has any."""
    event = read_event(snapshot)
    result = event_result(event)
    draw = read_draw(snapshot)
    published = Published(event, result)
    data = {
        "title": published.title,
        "ruleset": event.ruleset.name,
        "round": draw.current_round,
        "table_word": draw.table_word,
        "seating": seating(draw, draw.current_round),
        "standings": standings(published),
        "extras": [
            {"title": t.title, "headers": list(t.headers), "rows": [[shown(v) for v in row] for row in t.rows], "notes": list(t.notes)}
            for t in result.extras
        ],
        "notes": list(result.notes),
    }
    return HallState(data, draw, snapshot)


def seating(draw: Draw, round: int) -> list[dict[str, Any]]:
    """The tables of ``round``, each with its players by seat."""
    return [
        {"table": t.table, "seats": [{"seat": s.seat, "player": s.player} for s in t.seats]}
        for t in draw.tables
        if t.round == round
    ]


def standings(published: Published) -> dict[str, Any]:
    """Every place with its reason and the player's games so far; ``cut``: how many qualify (0: no cut)."""
    table = published.result.standings
    games: dict[str, list[dict[str, str]]] = {}
    for game in published.result.games:
        for score in game.players:
            games.setdefault(score.player, []).append({"game": game.game, "seat": score.seat, "points": shown(score.points)})
    settings = published.event.record.settings if hasattr(published.event.record, "settings") else None
    cut = next((getattr(settings, name) for name in CUT_SETTINGS if isinstance(getattr(settings, name, None), int)), 0)
    rows = [
        {
            "rank": r.rank,
            "player": r.player,
            "club": published.clubs.get(r.player, ""),
            "total": shown(r.total),
            "reason": place_reason(table.rows, i, table.total_name),
            "decided_by": r.decided_by or "",
            "games": games.get(r.player, []),
        }
        for i, r in enumerate(table.rows)
    ]
    return {"total_name": table.total_name, "rows": rows, "cut": cut}


__all__ = ["HallState", "read_state", "seating", "standings"]
