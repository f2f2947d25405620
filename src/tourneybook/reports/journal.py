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

A report is ``waiting`` until a player of a second seat (or the director)
confirms it, on their own phone or on the reporting one; a newer report for the same table (a correction) ``replaced`` the
waiting one, and once confirmed it replaces the confirmed one too.

The director settles the rest (the director's page of :mod:`tourneybook.live`) in one step: ``rejected`` (never
imported, the reason told to the table), ``accepted`` for import as reported, or :meth:`Journal.decide`: the
director's own version (the disputer's, or one corrected field by field) stored as a new accepted report that
replaces the disputed one. A clash settled for the phones' version is written over the typed cells (``over``).
The import marks what it did: ``imported`` (written, or the workbook already had
it), ``clash`` (the workbook holds another result: kept with both versions in
``detail``, listed once) or ``refused`` (the draw has no such table any more, or
recalc would refuse it: the sentence in ``detail``). Players' check-in answers
for a round (:meth:`Journal.check_in`) wait here for the import too.

A player of another seat who finds a waiting report wrong ``disputed`` it: the
dispute (their seat, a short reason and, if they gave one, their own version) is
kept beside the report for the director (:meth:`Journal.dispute`,
:meth:`Journal.disputes`). Reports and confirmations carry the seat whose code
they were sent with (:mod:`.codes`) and the network address they came from: one
confirmed from its reporting phone (its cookie or its address) is said to the director
(:attr:`Report.confirmed_by_its_phone`). Check-in answers carry theirs too, so one
phone answers for a few players only (:meth:`Journal.check_in`'s ``most``).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from ..frozen import frozen
from .journal_faults import BUSY_TIMEOUT, JournalError, JournalLocked, busy_timeout, folder_sentence, journal_error, waiting_at_most

WAITING, CONFIRMED, REPLACED = "waiting", "confirmed", "replaced"
DISPUTED = "disputed"
REJECTED, ACCEPTED, IMPORTED, CLASH, REFUSED = "rejected", "accepted", "imported", "clash", "refused"
TO_IMPORT = (CONFIRMED, ACCEPTED)
"""What the import writes: confirmed by a second player, or accepted by the director."""
SETTLED_FROM = {
    REJECTED: (WAITING, CONFIRMED, DISPUTED, ACCEPTED, CLASH, REFUSED, IMPORTED),
    ACCEPTED: (WAITING, DISPUTED, CLASH, REFUSED),
}
"""The director's decisions and the states each is taken from. An imported report is in the workbook (change it
there); rejecting it only stops the import from writing it again into cells found empty (:mod:`.importing`)."""
DECIDED_FROM = (*SETTLED_FROM[ACCEPTED], CONFIRMED)
"""The states of a report whose table's result the director may decide (:meth:`Journal.decide`): the disputer's
version, or the fields corrected in place; a confirmed one too."""
PLAY, SKIP = "play", "skip"
"""A player's check-in answer for a round."""
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
CREATE TABLE IF NOT EXISTS disputes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    report INTEGER NOT NULL REFERENCES reports (id),
    seat TEXT NOT NULL,
    reason TEXT NOT NULL,
    vals TEXT,
    device TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS checkins (
    round INTEGER NOT NULL,
    player TEXT NOT NULL,
    answer TEXT NOT NULL,
    device TEXT NOT NULL,
    at REAL NOT NULL,
    imported TEXT,
    PRIMARY KEY (round, player)
);
"""
ADDED_COLUMNS = {("reports", "detail"): "ALTER TABLE reports ADD COLUMN detail TEXT",
                 ("reports", "seat"): "ALTER TABLE reports ADD COLUMN seat TEXT NOT NULL DEFAULT ''",
                 ("reports", "confirmed_seat"): "ALTER TABLE reports ADD COLUMN confirmed_seat TEXT NOT NULL DEFAULT ''",
                 ("reports", "over"): "ALTER TABLE reports ADD COLUMN over INTEGER NOT NULL DEFAULT 0",
                 ("reports", "address"): "ALTER TABLE reports ADD COLUMN address TEXT NOT NULL DEFAULT ''",
                 ("reports", "confirmed_address"): "ALTER TABLE reports ADD COLUMN confirmed_address TEXT NOT NULL DEFAULT ''",
                 ("checkins", "address"): "ALTER TABLE checkins ADD COLUMN address TEXT NOT NULL DEFAULT ''"}
"""Columns a journal made by an older TourneyBook lacks, by table: added when it is opened."""


@frozen
class Report:
    """One reported result of a table, as the phone sent it."""

    id: int
    round: int
    table: int
    values: Mapping[str, str]
    """Field key ('VP 1', or 'England|Centres' on a Diplomacy board) -> the text typed."""
    device: str
    """The reporting phone's cookie id: a confirmation from it is flagged to the director (:attr:`confirmed_by_its_phone`)."""
    created: float
    status: str
    seated: tuple[str, ...] = ()
    """The table's players by seat when it was reported: a round drawn again since is not imported into."""
    confirmed_by: str | None = None
    confirmed_at: float | None = None
    detail: object = None
    """What the import or the director said of it: a clash's [field, in the workbook, reported] rows, a refusal's
    sentence, a rejection's reason."""
    seat: str = ""
    """The reporter's seat, proven by its seat code ('' for a report made before seat codes)."""
    confirmed_seat: str = ""
    """The seat whose code confirmed it (another seat than ``seat``); '' when the director confirmed."""
    over: bool = False
    """The director chose it over the result typed in the workbook: the import writes it over the typed cells."""
    address: str = ""
    """The reporting phone's network address ('' for a report made before addresses were kept)."""
    confirmed_address: str = ""
    """The confirming phone's network address ('' when the director confirmed)."""

    @property
    def confirmed_by_its_phone(self) -> bool:
        """Confirmed from the phone that sent it: its cookie, or its network address under another cookie (a private
        window, cookies cleared). Allowed, since players of a table often share one phone and the seat code proves the
        seat; but the codes may have been copied off the table's form, so the director's page and the import say so."""
        same_cookie = self.confirmed_by == self.device and self.device not in ("", "director")
        return same_cookie or (bool(self.address) and self.confirmed_address == self.address)


@frozen
class Dispute:
    """A player of another seat finds a report wrong: why, and their own version if they gave one."""

    id: int
    report: int
    """The disputed report's id."""
    seat: str
    """The disputing player's seat, proven by its seat code."""
    reason: str
    values: Mapping[str, str] | None
    """Their version of the result (field key -> text), None when they gave only a reason."""
    device: str
    created: float


@frozen
class CheckIn:
    """A player's answer to the director's check-in for a round: plays it or skips it."""

    round: int
    player: str
    answer: str
    """:data:`PLAY` or :data:`SKIP`."""
    device: str
    """The answering phone's cookie id."""
    at: float
    imported: str | None = None
    """None until imported; then what the import did ('absent in round 3 written', or its refusal)."""
    address: str = ""
    """The answering phone's network address: one phone answering for many shows on the director's page."""


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
        self.on_change: Callable[[], None] | None = None
        """Called after every transaction that changed a row (the hall's new version: report states, answers)."""
        self._ready = False
        if check:
            with self._connection():
                pass

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        if self.path.is_dir():
            raise JournalError(folder_sentence(self.path))
        if not self.path.exists():  # deleted or moved away while the server runs: SQLite makes a new, empty file
            self._ready = False
        try:
            db = sqlite3.connect(self.path, timeout=busy_timeout(), isolation_level=None)
        except sqlite3.Error as exc:
            raise journal_error(self.path, exc) from None
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            if not self._ready:  # once per journal object: a journal made again since is made whole again
                db.executescript(SCHEMA)
                have = {(table, row[1]) for table in ("reports", "checkins")
                        for row in db.execute(f"PRAGMA table_info({table})")}
                for column, alter in ADDED_COLUMNS.items():
                    if column not in have:
                        db.execute(alter)
                self._ready = True
            yield db
            changed = db.total_changes
        except sqlite3.Error as exc:
            if "no such table" in str(exc):  # replaced by an empty file meanwhile: the next use makes it whole again
                self._ready = False
            raise journal_error(self.path, exc) from None
        finally:
            db.close()
        if changed and self.on_change is not None:
            self.on_change()

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

    def add(self, round: int, table: int, values: Mapping[str, str], device: str, seated: tuple[str, ...] = (),
            seat: str = "", address: str = "") -> Report:
        """Store a new report (waiting) from the player of ``seat`` (the phone's cookie ``device`` and network
        ``address``); a waiting report of the same table is replaced by it."""
        now = time.time()
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE reports SET status = ? WHERE round = ? AND tbl = ? AND status = ?", (REPLACED, round, table, WAITING))
            cursor = db.execute(
                "INSERT INTO reports (round, tbl, vals, seated, device, created, status, seat, address) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (round, table, json.dumps(dict(values), ensure_ascii=False), json.dumps(list(seated), ensure_ascii=False),
                 device, now, WAITING, seat, address),
            )
            db.execute("COMMIT")
        return Report(int(cursor.lastrowid or 0), round, table, dict(values), device, now, WAITING, tuple(seated), seat=seat,
                      address=address)

    def confirm(self, report_id: int, by: str, seat: str = "", address: str = "") -> Report | None:
        """Confirm a waiting report (``by``: a device id, or 'director'; ``seat``: the confirming player's seat;
        ``address``: their phone's network address); None when it is not waiting any more."""
        with self._connection() as db:
            row = _begun_at(db, report_id, "round, tbl", (WAITING,))
            if row is None:
                return None
            _replace_imported(db, row[0], row[1])
            db.execute("UPDATE reports SET status = ?, confirmed_by = ?, confirmed_at = ?, confirmed_seat = ?, "
                       "confirmed_address = ? WHERE id = ?", (CONFIRMED, by, time.time(), seat, address, report_id))
            db.execute("COMMIT")
        return self.get(report_id)

    def settle(self, report_id: int, status: str, by: str, detail: object = None, *, replacing: bool = False) -> Report | None:
        """Give report ``report_id`` the state ``status`` (the director's decision, or what the import did); None when
        the director's decision does not apply to its state any more. ``replacing``: the report becomes the table's
        one to import, and its confirmed or accepted predecessor is replaced."""
        allowed = SETTLED_FROM.get(status)
        with self._connection() as db:
            row = _begun_at(db, report_id, "round, tbl", allowed)
            if row is None:
                return None
            if replacing:
                _replace_imported(db, row[0], row[1], but=report_id)
            db.execute("UPDATE reports SET status = ?, confirmed_by = COALESCE(?, confirmed_by), confirmed_at = ?, "
                       "detail = ? WHERE id = ?", (status, by, time.time(), json.dumps(detail, ensure_ascii=False), report_id))
            db.execute("COMMIT")
        return self.get(report_id)

    def reject(self, report_id: int, why: str = "") -> Report | None:
        """The director's no: the report is never imported."""
        return self.settle(report_id, REJECTED, "director", why or None)

    def accept(self, report_id: int) -> Report | None:
        """The director's yes: imported at the next import (a clash is tried again: clear the typed cells first)."""
        return self.settle(report_id, ACCEPTED, "director", None, replacing=True)

    def decide(self, report_id: int, values: Mapping[str, str], why: str, *, over: bool = False) -> Report | None:
        """The director's version of report ``report_id``'s table (the disputer's, or corrected in place): a new report,
        accepted, that replaces it (and the table's confirmed or accepted one); ``why`` says whose version it is (the
        table reads it). ``over``: it is written over the workbook's typed result (a clash settled for it). None when
        the report cannot be settled in the state it is in now."""
        now = time.time()
        with self._connection() as db:
            row = _begun_at(db, report_id, "round, tbl, seated, seat", DECIDED_FROM)
            if row is None:
                return None
            _replace_imported(db, row[0], row[1])
            db.execute("UPDATE reports SET status = ? WHERE id = ?", (REPLACED, report_id))
            cursor = db.execute(
                "INSERT INTO reports (round, tbl, vals, seated, device, created, status, seat, confirmed_by, confirmed_at, "
                "detail, over) VALUES (?, ?, ?, ?, 'director', ?, ?, ?, 'director', ?, ?, ?)",
                (row[0], row[1], json.dumps(dict(values), ensure_ascii=False), row[2], now, ACCEPTED, row[3], now,
                 json.dumps(why, ensure_ascii=False), int(over)))
            db.execute("COMMIT")
        return self.get(int(cursor.lastrowid or 0))

    def to_import(self) -> list[Report]:
        """The reports the import writes (confirmed or accepted), by round and table."""
        return sorted((r for r in self.reports() if r.status in TO_IMPORT), key=lambda r: (r.round, r.table, r.id))

    def check_in(self, round: int, player: str, answer: str, device: str, address: str = "",
                 most: int | None = None) -> CheckIn | None:
        """Store ``player``'s answer for ``round`` (a later answer replaces theirs until it is imported); None, nothing
        stored, when the phone (its cookie ``device`` or its ``address``) has answered for ``most`` other players of
        the round already."""
        now = time.time()
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            if most is not None:
                (others,) = db.execute(
                    "SELECT COUNT(*) FROM checkins WHERE round = ? AND player != ? AND (device = ? OR (address != '' AND "
                    "address = ?))", (round, player, device, address)).fetchone()
                if others >= most:
                    db.execute("ROLLBACK")
                    return None
            db.execute("INSERT INTO checkins (round, player, answer, device, at, address) VALUES (?, ?, ?, ?, ?, ?) ON "
                       "CONFLICT (round, player) DO UPDATE SET answer = excluded.answer, device = excluded.device, "
                       "at = excluded.at, address = excluded.address, imported = NULL",
                       (round, player, answer, device, now, address))
            db.execute("COMMIT")
        return CheckIn(round, player, answer, device, now, None, address)

    def check_ins(self, round: int | None = None) -> list[CheckIn]:
        """Every answer (of ``round``), in the order they came."""
        query = "SELECT round, player, answer, device, at, imported, address FROM checkins" + (
            " WHERE round = ?" if round else "")
        with self._connection() as db:
            rows = db.execute(query + " ORDER BY at", (round,) if round else ()).fetchall()
        return [CheckIn(*row) for row in rows]

    def checked_in(self, answer: CheckIn, said: str) -> None:
        """Mark ``answer`` imported, with what the import did."""
        with self._connection() as db:
            db.execute("UPDATE checkins SET imported = ? WHERE round = ? AND player = ? AND at = ?",
                       (said, answer.round, answer.player, answer.at))

    def dispute(self, report_id: int, seat: str, reason: str, values: Mapping[str, str] | None = None,
                device: str = "") -> Report | None:
        """A player of ``seat`` disputes a waiting report: it becomes ``disputed`` (never imported unless the director
        accepts it) and the dispute is kept with their reason and their own version (``values``, if given) for the
        director. None when the report is not waiting any more (confirmed or corrected meanwhile)."""
        with self._connection() as db:
            if _begun_at(db, report_id, "id", (WAITING,)) is None:
                return None
            db.execute("UPDATE reports SET status = ? WHERE id = ?", (DISPUTED, report_id))
            db.execute("INSERT INTO disputes (report, seat, reason, vals, device, created) VALUES (?, ?, ?, ?, ?, ?)",
                       (report_id, seat, reason, None if values is None else json.dumps(dict(values), ensure_ascii=False),
                        device, time.time()))
            db.execute("COMMIT")
        return self.get(report_id)

    def disputes(self, report_id: int | None = None) -> list[Dispute]:
        """Every dispute (or those of one report), in the order they came: for the director's page."""
        query = "SELECT id, report, seat, reason, vals, device, created FROM disputes" + (
            " WHERE report = ?" if report_id is not None else "") + " ORDER BY id"
        with self._connection() as db:
            rows = db.execute(query, (report_id,) if report_id is not None else ()).fetchall()
        return [Dispute(r[0], r[1], r[2], r[3], None if r[4] is None else json.loads(r[4]), r[5], r[6]) for r in rows]

    def latest(self, round: int, table: int) -> Report | None:
        """The table's latest report, whatever its state (a disputed one waits for the director)."""
        with self._connection() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM reports WHERE round = ? AND tbl = ? ORDER BY id DESC LIMIT 1",
                             (round, table)).fetchone()
        return _report(row) if row else None

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


def report_states(journal: Journal) -> dict[tuple[int, int], str]:
    """The state of each (round, table)'s latest report that is not replaced: what a player's card shows."""
    with journal._connection() as db:
        rows = db.execute("SELECT round, tbl, status FROM reports WHERE status != ? ORDER BY id", (REPLACED,)).fetchall()
    return {(r, t): status for r, t, status in rows}


_COLUMNS = ("id, round, tbl, vals, device, created, status, confirmed_by, confirmed_at, seated, detail, seat, confirmed_seat, "
            "over, address, confirmed_address")


def _begun_at(db: sqlite3.Connection, report_id: int, columns: str, states: tuple[str, ...] | None) -> tuple | None:
    """A write begun on report ``report_id``: its ``columns`` when it is in one of ``states`` (None: any); None, and
    the write given up, when it is not (another phone or the director settled it meanwhile)."""
    db.execute("BEGIN IMMEDIATE")
    row = db.execute(f"SELECT status, {columns} FROM reports WHERE id = ?", (report_id,)).fetchone()
    if row is None or (states is not None and row[0] not in states):
        db.execute("ROLLBACK")
        return None
    return row[1:]


def _replace_imported(db: sqlite3.Connection, round: int, table: int, but: int = 0) -> None:
    """The table's report to import (confirmed or accepted) replaced: another (report ``but``) takes its place."""
    db.execute(f"UPDATE reports SET status = ? WHERE round = ? AND tbl = ? AND id != ? AND status IN "
               f"({', '.join('?' * len(TO_IMPORT))})", (REPLACED, round, table, but, *TO_IMPORT))


def _report(row: tuple) -> Report:
    return Report(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6], tuple(json.loads(row[9])), row[7], row[8],
                  json.loads(row[10]) if row[10] else None, row[11], row[12], over=bool(row[13]), address=row[14],
                  confirmed_address=row[15])


__all__ = ["ACCEPTED", "BUSY_TIMEOUT", "CLASH", "CONFIRMED", "CheckIn", "DECIDED_FROM", "DISPUTED", "Dispute", "IMPORTED", "Journal", "JournalError", "JournalLocked", "PLAY", "REFUSED",
           "REJECTED", "REPLACED", "Report", "SKIP", "TO_IMPORT", "WAITING", "folder_sentence", "journal_path", "report_states", "waiting_at_most"]
