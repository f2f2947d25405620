"""What the director's page shows: a line per table (its state, who reported and confirmed it, each seat's points),
the tables that need the director first (a dispute, a clash with the workbook, a refusal, a report waiting too
long), each table's details folded with only the fields that were filled, the round clock, and check-in with who
has not answered.

Data only (the template ``director.html`` words and draws it); the decisions themselves are the journal's
(:meth:`tourneybook.reports.journal.Journal.reject`, :meth:`~tourneybook.reports.journal.Journal.accept`,
:meth:`~tourneybook.reports.journal.Journal.decide`).
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from ..errors import Collector, InputError
from ..workbook.generic import PLAYERS, read_players
from ..reports.checkin import unanswered
from ..reports.sheet import KEY_JOIN, DrawnTable
from .hall import Hall
from .state import HallState
from ..reports.report_points import Points
from ..reports.importing import ONE_PHONE, named
from ..reports.journal import (ACCEPTED, CLASH, DECIDED_FROM, DISPUTED, IMPORTED, REFUSED, REJECTED, REPLACED,
                               SETTLED_FROM, WAITING, CheckIn, JournalError, Report)
from ..reports.stages import STAGES_ROUND

NO_REPORT = "none"
"""The state of a drawn table with no report yet."""
LATE = 10 * 60
"""Seconds a report may wait for its confirmation before the director is asked to look (a second player of the
table confirms within a minute or two when the table is still together)."""
NEEDS = (DISPUTED, CLASH, REFUSED)
"""States only the director settles: listed first, details open."""
ORDER = {DISPUTED: 0, CLASH: 1, REFUSED: 2, WAITING: 3}
"""Which of the tables that need the director comes first."""


def dashboard(hall: Hall) -> dict[str, Any]:
    """The director page's data."""
    api = hall.api()
    problems = api.get("problems")
    clock = api["clock"]
    ends = dt.datetime.fromtimestamp(clock["ends_at"]).strftime("%H:%M") if clock.get("ends_at") else ""
    try:
        lines, checkin, journal = table_lines(hall, time.time()), checkin_desk(hall, api), ""
    except JournalError as exc:  # damaged or locked: the clock still works, and the director reads why
        lines, journal = [], f"Reports cannot be read: {exc}."
        checkin = {"round": 0, "open": False, "answers": [], "shared": [], "missing": [], "imported": []}
    needs = sorted((t for t in lines if t["needs"]), key=lambda t: (ORDER.get(t["state"], 9), t["order"]))
    counts: dict[str, int] = {}
    for t in lines:
        counts[t["state"]] = counts.get(t["state"], 0) + 1
    state = hall.state
    rest = [t for t in lines if not t["needs"]]
    earlier: dict[int, list[dict[str, Any]]] = {}
    for t in rest:
        if not t["now"]:
            earlier.setdefault(t["round"], []).append(t)
    return {"problems": problems["count"] if problems else 0, "clock": clock, "ends": ends,
            "needs": needs, "tables": [t for t in rest if t["now"]], "counts": counts,
            "earlier": [{"round": number, "lines": found} for number, found in sorted(earlier.items(), reverse=True)],
            "stage": hall.stage()[1], "winner": api.get("winner"),
            "checkin": checkin, "next_round": int(api.get("round") or 0) + 1,
            "counted": api.get("counted", {}).get("note", ""), "journal": journal,
            "word": (state.draw.table_word.lower() if state is not None else "table"), "workbook": hall.workbook.name}


def table_lines(hall: Hall, now: float) -> list[dict[str, Any]]:
    """A line per table: every table with a report (its latest one not replaced), and each table of the current
    round and of the final or knock-out with none yet; by round and table, the final and the knock-out last."""
    latest: dict[tuple[int, int], Report] = {}
    older: dict[tuple[int, int], list[Report]] = {}
    for r in hall.journal.reports():
        if r.status == REPLACED:
            continue
        key = (r.round, r.table)
        if key in latest:
            older.setdefault(key, []).append(latest[key])
        latest[key] = r
    state = hall.state
    playing = {state.draw.current_round, STAGES_ROUND} if state is not None else {k[0] for k in latest}
    drawn = {(t.round, t.table) for t in state.tables if t.round in playing} if state is not None else set()
    keys = sorted({*latest, *drawn}, key=lambda k: (k[0] == STAGES_ROUND, k))
    tables = [_table(state, key) for key in keys]
    lines = [line(hall, key, order, table, latest.get(key), older.get(key, []), now, key[0] in playing)
             for order, (key, table) in enumerate(zip(keys, tables))]
    live = [(latest.get(key), table, found["now"] or found["needs"]) for key, table, found in zip(keys, tables, lines)]
    for found, points in zip(lines, _points(hall, live)):
        found["points"] = points
    return lines


def _table(state: HallState | None, key: tuple[int, int]) -> DrawnTable | None:
    """The drawn table of ``key`` (round, table), the final's or the knock-out's in their round; None for a table
    no longer drawn."""
    if state is None:
        return None
    sheet = state.stages if key[0] == STAGES_ROUND else state.draw
    return sheet.table(*key) if sheet is not None else None


def line(hall: Hall, key: tuple[int, int], order: int, table: DrawnTable | None, report: Report | None,
         older: list[Report], now: float, current: bool) -> dict[str, Any]:
    """A table's line, but for each seat's points (:func:`_points`, the line's "points")."""
    status = report.status if report is not None else NO_REPORT
    late = status == WAITING and now - report.created > LATE
    needs = status in NEEDS or late
    seats = {s.seat: s.player for s in table.seats} if table is not None else {}
    return {
        "order": order,
        "anchor": f"r{key[0]}-t{key[1]}" if key[0] != STAGES_ROUND else f"stage-{key[1]}",
        "name": _name(hall, key, report),
        "state": status,
        "needs": needs,
        "round": key[0],
        "now": current,
        "late": late,
        "minutes": int((now - report.created) // 60) if report is not None else 0,
        "seats": table.seats if table is not None else (),
        "reported_by": _who(report.seat, seats) if report is not None and report.device != "director" else "",
        "confirmed_by": _confirmer(report, seats) if report is not None else "",
        "report": _report(hall, report, table) if report is not None else None,
        "older": [{"id": r.id, "state": r.status, "when": _clock(r.created)} for r in reversed(older)],
    }


def _points(hall: Hall, lines: list[tuple[Report | None, DrawnTable | None, bool]]) -> list[Points]:
    """Each seat's points on each table's line (report, table, whether the line is live), all scored together.

    A live line (a table of the current round, the final or the knock-out, or one that needs the director) shows
    its report's, scored as the phone's preview scores it (:meth:`.hall.Hall.points_of`: the event read once for
    every report not scored before). An earlier round's settled line (its result in the workbook, folded under its
    round) shows the workbook's game instead: the same result, read once a save, so the page of a fourth round of
    100 tables scores 100 reports, not 400, and a day of settled rounds costs no scoring at each save."""
    found: list[Points] = [() for _ in lines]
    scored: list[int] = []
    for i, (report, table, live) in enumerate(lines):
        if report is None or table is None:
            continue
        if not live and report.status == IMPORTED and table.round != STAGES_ROUND:
            found[i] = hall.workbook_points(table)
        if not found[i]:
            scored.append(i)
    for i, points in zip(scored, hall.points_of([(lines[i][0], lines[i][1]) for i in scored])):
        found[i] = points
    return found


def _who(seat: str, seats: dict[str, str]) -> str:
    return f"{seat} ({seats[seat]})" if seat in seats else seat


def _confirmer(report: Report, seats: dict[str, str]) -> str:
    if report.confirmed_seat:
        return _who(report.confirmed_seat, seats)
    return "director" if report.confirmed_by == "director" else ""


def _clock(moment: float) -> str:
    return dt.datetime.fromtimestamp(moment).strftime("%H:%M")


def _name(hall: Hall, key: tuple[int, int], report: Report | None) -> str:
    state = hall.state
    stages = state.stages if state is not None else None
    if report is None:
        report = Report(0, key[0], key[1], {}, "", 0.0, NO_REPORT)
    word = state.draw.table_word.lower() if state is not None else "table"  # a Diplomacy board is a board
    name = named(report, stages, stages is None or stages.table_word != "Match", word)
    return name[0].upper() + name[1:]  # a heading: 'Round 2 table 5'


def _labels(hall: Hall, table: DrawnTable | None) -> dict[str, str]:
    state = hall.state
    if state is None or table is None:
        return {}
    return {f.key: f.label for f in state.draw_of(table).fields(table)}


def _label(labels: dict[str, str], key: str) -> str:
    return labels.get(key, key.replace(KEY_JOIN, ": "))


def _report(hall: Hall, r: Report, table: DrawnTable | None) -> dict[str, Any]:
    """A report's details: only the fields that were filled (in any version), a clash or a dispute as the versions
    side by side, and the director's settling choices (each field correctable in place)."""
    labels = _labels(hall, table)
    workbook: dict[str, str] = {}
    clashing: set[str] = set()  # a blank cell of the workbook does not clash: the import fills it
    if r.status == CLASH and isinstance(r.detail, list):  # [label, in the workbook, reported, differs] per field
        workbook = {_key_of(labels, row[0]) or row[0]: str(row[1]) for row in r.detail}
        clashing = {_key_of(labels, row[0]) or row[0] for row in r.detail if row[3]}
    disputes = [d for d in hall.journal.disputes(r.id)] if r.status == DISPUTED else []
    versions = [d for d in disputes if d.values is not None]
    keys = [k for k in dict.fromkeys([*r.values, *workbook, *(k for d in versions for k in d.values)])
            if r.values.get(k, "").strip() or workbook.get(k, "").strip() or any(d.values.get(k, "").strip() for d in versions)]
    rows = []
    for k in keys:
        mine = r.values.get(k, "")
        others = ([workbook.get(k, "")] if workbook else []) + [d.values.get(k, "") for d in versions]
        rows.append({"key": k, "field": _label(labels, k), "reported": mine, "others": others,
                     "differs": k in clashing if workbook else any(o.strip() != mine.strip() for o in others)})
    return {
        "id": r.id,
        "when": _clock(r.created),
        "state": r.status,
        "kind": "clash" if workbook else "dispute" if versions else "plain",
        "rows": rows,
        "disputes": [{"id": d.id, "seat": d.seat, "reason": d.reason, "when": _clock(d.created),
                      "version": d.values is not None} for d in disputes],
        "note": r.detail if isinstance(r.detail, str) else "",
        "sent": " · ".join(part for part in (
            f"sent by {r.seat or 'a player'}" + (f" from {r.address}" if r.address else ""),
            f"confirmed by {r.confirmed_seat}" + (f" from {r.confirmed_address}" if r.confirmed_address else "")
            if r.confirmed_seat else "") if part),
        "one_phone": ONE_PHONE[0].upper() + ONE_PHONE[1:] + "." if r.confirmed_by_its_phone else "",
        "decided": r.detail if isinstance(r.detail, dict) else None,
        "over": r.over,
        "confirm": r.status == WAITING,
        "reject": r.status in SETTLED_FROM[REJECTED],
        "accept": r.status in SETTLED_FROM[ACCEPTED] and r.status != CLASH,
        "correct": r.status in DECIDED_FROM and table is not None,
    }


def _key_of(labels: dict[str, str], label: str) -> str:
    return next((k for k, v in labels.items() if v == label), "")


def checkin_desk(hall: Hall, api: dict[str, Any]) -> dict[str, Any]:
    """The open check-in's round, its answers (each with its time and phone) and who has not answered, one phone
    answering for several players said in a sentence, and the answers already imported."""
    state = hall.checkin.state()
    answers, shared = answered_from(hall.journal.check_ins(state.round) if state.open else [])
    missing: list[str] = []
    if state.open and hall.state is not None and PLAYERS.name in hall.state.snapshot.sheet_names():
        snapshot = hall.state.snapshot
        players = read_players(snapshot.read(PLAYERS.name), Collector(InputError), snapshot.sheet_names())
        missing = unanswered([p.name for p in players], state, players)
    imported = [{"player": a.player, "round": a.round, "said": a.imported}
                for a in hall.journal.check_ins() if a.imported is not None]
    return {"round": state.round, "open": state.open, "answers": answers, "shared": shared, "missing": missing,
            "imported": imported[-40:]}


def answered_from(answers: list[CheckIn]) -> tuple[list[dict[str, Any]], list[str]]:
    """Each answer with the time it came and the phone it came from ('phone 2, 192.168.1.23': phones numbered as they
    first answered), in the order they came; and a sentence for every phone (its cookie or its network address)
    that answered for more than one player: the director sees one phone answering for many."""
    phones: dict[str, int] = {}
    rows = []
    for a in answers:
        number = phones.setdefault(a.device, len(phones) + 1)
        rows.append({"player": a.player, "answer": a.answer, "when": dt.datetime.fromtimestamp(a.at).strftime("%H:%M:%S"),
                     "phone": f"phone {number}" + (f", {a.address}" if a.address else "")})
    groups: dict[tuple[str, ...], list[str]] = {}  # the players one phone answered for -> how that phone is named
    for named, key in ((lambda a: f"phone {phones[a.device]}", lambda a: a.device), (lambda a: a.address, lambda a: a.address)):
        by: dict[str, list[CheckIn]] = {}
        for a in answers:
            if key(a):
                by.setdefault(key(a), []).append(a)
        for group in by.values():
            if len(group) > 1:
                groups.setdefault(tuple(a.player for a in group), []).append(named(group[0]))
    shared = [f"One phone ({', '.join(names)}) answered for {len(players)} players: {', '.join(players)}."
              for players, names in groups.items()]
    return rows, shared


__all__ = ["LATE", "NO_REPORT", "dashboard"]
