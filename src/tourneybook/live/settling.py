"""What the director's page shows: every report by round and table with its state and the decisions open to it,
a clash field by field with both versions, the round clock, and check-in with who has not answered.

Data only (the template ``director.html`` draws it); the decisions themselves are
the journal's (:meth:`tourneybook.reports.journal.Journal.reject`, :meth:`~tourneybook.reports.journal.Journal.accept`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..errors import Collector, InputError
from ..workbook.generic import PLAYERS, read_players
from ..reports.checkin import unanswered
from ..reports.sheet import KEY_JOIN
from .hall import Hall
from ..reports.importing import named
from ..reports.journal import ACCEPTED, CLASH, CONFIRMED, DISPUTED, IMPORTED, REFUSED, REJECTED, REPLACED, SETTLED_FROM, WAITING, Dispute, JournalError, Report
from ..reports.stages import STAGES_ROUND

STATES = {
    WAITING: "waiting for a second player",
    CONFIRMED: "confirmed",
    DISPUTED: "disputed",
    ACCEPTED: "accepted for import",
    IMPORTED: "imported",
    CLASH: "clashes with the workbook",
    REFUSED: "refused at import",
    REJECTED: "rejected",
}
"""Each report state in the director's words."""


def dashboard(hall: Hall) -> dict[str, Any]:
    """The director page's data."""
    api = hall.api()
    problems = api.get("problems")
    clock = api["clock"]
    ends = dt.datetime.fromtimestamp(clock["ends_at"]).strftime("%H:%M") if clock.get("ends_at") else ""
    try:
        tables, checkin, journal = report_tables(hall), checkin_desk(hall, api), ""
    except JournalError as exc:  # damaged or locked: the clock still works, and the director reads why
        tables, journal = [], f"Reports cannot be read: {exc}."
        checkin = {"round": 0, "open": False, "answers": [], "missing": [], "imported": []}
    return {"problems": problems["count"] if problems else 0, "clock": clock, "ends": ends, "tables": tables,
            "stage": hall.stage()[1], "winner": api.get("winner"), "workbook": hall.workbook.name,
            "checkin": checkin, "next_round": int(api.get("round") or 0) + 1,
            "counted": api.get("counted", {}).get("note", ""), "journal": journal}


def report_tables(hall: Hall) -> list[dict[str, Any]]:
    """Every table that has a report (not replaced), by round and table (the final and the knock-out last), each
    with its reports newest first."""
    tables: dict[tuple[int, int], list[Report]] = {}
    for r in hall.journal.reports():
        if r.status != REPLACED:
            tables.setdefault((r.round, r.table), []).append(r)
    order = sorted(tables, key=lambda k: (k[0] == STAGES_ROUND, k))
    return [{"name": _name(hall, reports[0]), "reports": [_report(hall, r) for r in reversed(reports)]}
            for k in order for reports in [tables[k]]]


def _name(hall: Hall, report: Report) -> str:
    state = hall.state
    stages = state.stages if state is not None else None
    word = state.draw.table_word.lower() if state is not None else "table"
    name = named(report, stages, stages is None or stages.table_word != "Match", word)
    return name[0].upper() + name[1:]  # a heading: 'Round 2 table 5' 


def _labels(hall: Hall, report: Report) -> dict[str, str]:
    state = hall.state
    if state is None:
        return {}
    draw = state.stages if report.round == STAGES_ROUND else state.draw
    table = draw.table(report.round, report.table) if draw is not None else None
    return {f.key: f.label for f in draw.fields(table)} if table is not None else {}


def _report(hall: Hall, r: Report) -> dict[str, Any]:
    labels = _labels(hall, r)
    clash = [{"field": row[0], "workbook": row[1], "reported": row[2], "differs": bool(row[3])}
             for row in r.detail] if r.status == CLASH and isinstance(r.detail, list) else []
    return {
        "id": r.id,
        "when": dt.datetime.fromtimestamp(r.created).strftime("%H:%M"),
        "state": r.status,
        "said": STATES.get(r.status, r.status),
        "fields": [{"field": labels.get(k, k.replace(KEY_JOIN, ": ")), "value": v} for k, v in r.values.items()],
        "seated": list(r.seated),
        "clash": clash,
        "note": r.detail if isinstance(r.detail, str) else "",
        "disputes": [_dispute(d, r, labels) for d in hall.journal.disputes(r.id)] if r.status == DISPUTED else [],
        "confirm": r.status == WAITING,
        "reject": r.status in SETTLED_FROM[REJECTED],
        "accept": r.status in SETTLED_FROM[ACCEPTED],
    }


def _dispute(d: Dispute, r: Report, labels: dict[str, str]) -> dict[str, Any]:
    """A dispute with both versions field by field: the report's and the disputing seat's (when they gave one)."""
    theirs = d.values or {}
    rows = [{"field": labels.get(k, k.replace(KEY_JOIN, ": ")), "reported": r.values.get(k, ""), "theirs": theirs.get(k, ""),
             "differs": r.values.get(k, "").strip() != theirs.get(k, "").strip()} for k in dict.fromkeys([*r.values, *theirs])]
    return {"seat": d.seat, "reason": d.reason, "when": dt.datetime.fromtimestamp(d.created).strftime("%H:%M"),
            "versions": rows if d.values is not None else []}


def checkin_desk(hall: Hall, api: dict[str, Any]) -> dict[str, Any]:
    """The open check-in's round, its answers and who has not answered, and the answers already imported."""
    state = hall.checkin.state()
    answers = sorted(state.answers.items())
    missing: list[str] = []
    if state.open and hall.state is not None and PLAYERS.name in hall.state.snapshot.sheet_names():
        snapshot = hall.state.snapshot
        players = read_players(snapshot.read(PLAYERS.name), Collector(InputError), snapshot.sheet_names())
        missing = unanswered([p.name for p in players], state, players)
    imported = [{"player": a.player, "round": a.round, "said": a.imported}
                for a in hall.journal.check_ins() if a.imported is not None]
    return {"round": state.round, "open": state.open, "answers": [{"player": p, "answer": a} for p, a in answers],
            "missing": missing, "imported": imported[-40:]}


__all__ = ["STATES", "dashboard"]
