"""The journal of reported results: SQLite beside the workbook (``EVENT.reports.sqlite``).

Reports never go straight into the workbook: Excel on Windows locks an open
workbook, and the director decides what enters it (:mod:`.importing`). The
journal is the one place a report lives until then, so it is written to last:
every change is one transaction committed before the phone hears "stored"
(SQLite's write-ahead log with ``synchronous=FULL``: a killed server or a
laptop losing power keeps every committed report), and two phones writing at
once are serialised by SQLite's own lock (``BEGIN IMMEDIATE``, waiting up to
:data:`BUSY_TIMEOUT`) instead of one overwriting the other. The server calls the
journal from worker threads, never on its event loop: a journal locked by
another program (a database browser) costs the one request that waits for it,
answered with a sentence after :data:`BUSY_TIMEOUT`, while every other page answers.
A locked, damaged or unreadable journal is a :class:`JournalError` in words.

A report is ``waiting`` until a second device of the table (or the director)
confirms it; a newer report for the same table (a correction) ``replaced`` the
waiting one, and once confirmed it replaces the confirmed one too.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

WAITING, CONFIRMED, REPLACED = "waiting", "confirmed", "replaced"
SUFFIX = ".reports.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    round INTEGER NOT NULL,
    tbl INTEGER NOT NULL,
    vals TEXT NOT NULL,
    seated TEXT NOT NULL DEFAULT '[]',
    device TEXT NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL,
    confirmed_by TEXT,
    confirmed_at REAL
);
CREATE INDEX IF NOT EXISTS reports_table ON reports (round, tbl, status);
"""


BUSY_TIMEOUT = 2.0
"""Seconds a change waits for a lock another connection holds: a report takes milliseconds, so two phones never wait
this long for each other; only another program holding the journal does."""


class JournalError(Exception):
    """The journal cannot be written (disk full, file locked too long): the phone is told in a sentence."""


@dataclass(frozen=True)
class Report:
    """One reported result of a table, as the phone sent it."""

    id: int
    round: int
    table: int
    values: Mapping[str, str]
    """Field key ('VP 1', or 'England|Centres' on a Diplomacy board) -> the text typed."""
    device: str
    """The reporting phone's cookie id: the confirmation must come from another one."""
    created: float
    status: str
    seated: tuple[str, ...] = ()
    """The table's players by seat when it was reported: a round drawn again since is not imported into."""
    confirmed_by: str | None = None
    confirmed_at: float | None = None


def journal_path(workbook: str | Path) -> Path:
    """``EVENT.reports.sqlite`` beside ``EVENT.xlsx``."""
    path = Path(workbook)
    return path.with_name(path.stem + SUFFIX)


class Journal:
    """The reports of one event; every method is one committed transaction."""

    def __init__(self, path: str | Path, *, check: bool = True):
        """The journal at ``path``, made when missing; JournalError (a sentence) when it cannot be used. With
        ``check=False`` nothing is opened yet: the server keeps serving pages with a journal that fails, and each
        report is answered with the sentence (the organiser may move the damaged file away meanwhile)."""
        self.path = Path(path)
        self._ready = False
        if check:
            with self._connection():
                pass

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        except sqlite3.Error as exc:
            raise JournalError(self._why(exc)) from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            if not self._ready:  # once per journal object: a journal made again since is made whole again
                db.executescript(SCHEMA)
                self._ready = True
            yield db
        except sqlite3.Error as exc:
            raise JournalError(self._why(exc)) from None
        finally:
            db.close()

    def _why(self, exc: sqlite3.Error) -> str:
        """The sentence for an SQLite error: the journal's file name only (never its folder), and what to do."""
        text = str(exc)
        name = self.path.name
        if "locked" in text or "busy" in text:
            return (f"the reports journal {name} is locked by another program (a database browser?) and stayed locked "
                    f"for {BUSY_TIMEOUT:g} seconds: close that program, then try again")
        if (isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError)) or "malformed" in text:
            return (f"the reports journal {name} is damaged ({text}): move it away (keep it for the reports it may hold) "
                    "and start tourneybook live again, which makes a new one")
        return f"the reports journal {name} cannot be used: {text}"

    def secret(self, key: str) -> str:
        """A random secret kept in the journal (made on first use): table codes and the director key survive restarts."""
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            if row is None:
                value = secrets.token_urlsafe(24)
                db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
            db.execute("COMMIT")
        return row[0] if row is not None else value

    def remember(self, key: str, value: str) -> None:
        """Keep ``value`` under ``key`` (the address served on, for the printed forms)."""
        with self._connection() as db:
            db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                       (key, value))

    def recall(self, key: str) -> str | None:
        with self._connection() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def add(self, round: int, table: int, values: Mapping[str, str], device: str, seated: tuple[str, ...] = ()) -> Report:
        """Store a new report (waiting); a waiting report of the same table is replaced by it."""
        now = time.time()
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE reports SET status = ? WHERE round = ? AND tbl = ? AND status = ?", (REPLACED, round, table, WAITING))
            cursor = db.execute(
                "INSERT INTO reports (round, tbl, vals, seated, device, created, status) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (round, table, json.dumps(dict(values), ensure_ascii=False), json.dumps(list(seated), ensure_ascii=False),
                 device, now, WAITING),
            )
            db.execute("COMMIT")
        return Report(int(cursor.lastrowid or 0), round, table, dict(values), device, now, WAITING, tuple(seated))

    def confirm(self, report_id: int, by: str) -> Report | None:
        """Confirm a waiting report (``by``: a device id, or 'director'); None when it is not waiting any more."""
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute("SELECT round, tbl FROM reports WHERE id = ? AND status = ?", (report_id, WAITING)).fetchone()
            if row is None:
                db.execute("ROLLBACK")
                return None
            db.execute("UPDATE reports SET status = ? WHERE round = ? AND tbl = ? AND status = ?", (REPLACED, row[0], row[1], CONFIRMED))
            db.execute("UPDATE reports SET status = ?, confirmed_by = ?, confirmed_at = ? WHERE id = ?",
                       (CONFIRMED, by, time.time(), report_id))
            db.execute("COMMIT")
        return self.get(report_id)

    def get(self, report_id: int) -> Report | None:
        with self._connection() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM reports WHERE id = ?", (report_id,)).fetchone()
        return _report(row) if row else None

    def waiting(self, round: int, table: int) -> Report | None:
        """The table's report waiting for its confirmation, if any."""
        with self._connection() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM reports WHERE round = ? AND tbl = ? AND status = ? ORDER BY id DESC",
                             (round, table, WAITING)).fetchone()
        return _report(row) if row else None

    def reports(self, status: str | None = None) -> list[Report]:
        """Every report (or those of ``status``) in the order they came."""
        query = f"SELECT {_COLUMNS} FROM reports" + (" WHERE status = ?" if status else "") + " ORDER BY id"
        with self._connection() as db:
            rows = db.execute(query, (status,) if status else ()).fetchall()
        return [_report(r) for r in rows]

    def confirmed(self) -> list[Report]:
        """The confirmed report of each table (the latest), by round and table."""
        return sorted(self.reports(CONFIRMED), key=lambda r: (r.round, r.table))


_COLUMNS = "id, round, tbl, vals, device, created, status, confirmed_by, confirmed_at, seated"


def _report(row: tuple) -> Report:
    return Report(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6], tuple(json.loads(row[9])), row[7], row[8])


__all__ = ["BUSY_TIMEOUT", "CONFIRMED", "Journal", "JournalError", "REPLACED", "Report", "WAITING", "journal_path"]
