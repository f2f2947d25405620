"""What goes wrong with the reports journal, in words an organiser can act on: another program holding its lock
(:class:`JournalLocked`, waited for at most :data:`BUSY_TIMEOUT` or :func:`waiting_at_most`), a damaged file, a folder
where the journal belongs (:func:`folder_sentence`). :mod:`.journal` raises them; every page and command says them."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

BUSY_TIMEOUT = 2.0
"""Seconds a change waits for a lock another connection holds: a report takes milliseconds, so two phones never wait
this long for each other; only another program holding the journal does."""


class JournalError(Exception):
    """The journal cannot be written (disk full, file locked too long): the phone is told in a sentence."""


class JournalLocked(JournalError):
    """Another program held the journal's lock longer than the wait allowed (:data:`BUSY_TIMEOUT`, or
    :func:`waiting_at_most`): it may well be free again a moment later."""


_BUSY: ContextVar[float] = ContextVar("journal_busy_timeout", default=BUSY_TIMEOUT)


@contextmanager
def waiting_at_most(seconds: float) -> Iterator[None]:
    """Journal calls within wait at most ``seconds`` for a lock another program holds (in this thread or task only):
    for a read that has something to show meanwhile, such as the pages' last report states."""
    token = _BUSY.set(seconds)
    try:
        yield
    finally:
        _BUSY.reset(token)


def busy_timeout() -> float:
    """Seconds a journal call in this thread or task waits for another program's lock (:func:`waiting_at_most`)."""
    return _BUSY.get()


def folder_sentence(path: Path) -> str:
    """What to do when a folder stands where the journal belongs (its name only, never the folder it is in)."""
    return (f"{path.name} beside the workbook is a folder, not a reports journal: move it away or rename it, and start "
            "tourneybook live again, which makes the journal")


def journal_error(path: Path, exc: sqlite3.Error) -> JournalError:
    """The error of the journal at ``path`` for an SQLite error: :class:`JournalLocked` when another program held it."""
    return (JournalLocked if _locked(exc) else JournalError)(_why(path, exc))


def _locked(exc: sqlite3.Error) -> bool:
    """Another connection held the lock: SQLite says 'database is locked' (or busy)."""
    return "locked" in str(exc) or "busy" in str(exc)


def _why(path: Path, exc: sqlite3.Error) -> str:
    """The sentence for an SQLite error: the journal's file name only (never its folder), and what to do."""
    text = str(exc)
    name = path.name
    if _locked(exc):
        return (f"the reports journal {name} is locked by another program (a database browser?) and stayed locked "
                f"for {busy_timeout():g} seconds: close that program, then try again")
    if (isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError)) or "malformed" in text:
        return (f"the reports journal {name} is damaged ({text}): move it away (keep it for the reports it may hold) "
                "and start tourneybook live again, which makes a new one")
    return f"the reports journal {name} cannot be used: {text}"


__all__ = ["BUSY_TIMEOUT", "JournalError", "JournalLocked", "busy_timeout", "folder_sentence", "journal_error",
           "waiting_at_most"]
