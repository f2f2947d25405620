"""The event's secrets (of the table codes and the director key), kept in a small file beside the workbook.

Every printed table code and the director key are made from these secrets
(:mod:`.codes`), so losing them silently would change every code on forms
already on the tables. They live in ``EVENT.live-secret`` beside ``EVENT.xlsx``
(readable by the organiser's account only, where the system allows) and a copy
in the reports journal: an organiser who deletes or moves the journal (the usual
thing to do with a file one does not know) keeps the codes, and a lost secret
file is found again in the journal. Only when both are gone are new secrets
made, and :attr:`EventKeys.made` says so, for ``tourneybook live`` to announce it
with what to print again. A secret file that cannot be read is never replaced
without a word: InputError says what to do.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from pathlib import Path

from ..errors import InputError
from ..frozen import frozen
from .codes import DIRECTOR_SECRET, TABLE_SECRET
from .journal import Journal, JournalError

SUFFIX = ".live-secret"
DIRECTOR_KEY_LENGTH = 12


@frozen
class EventKeys:
    """The two secrets of an event, and whether they were made just now."""

    table_secret: str
    director_secret: str
    made: bool = False
    """A new secret of the table codes, made because neither the file nor the journal held one: codes printed before
    are not these."""

    @property
    def director_key(self) -> str:
        return self.director_secret[:DIRECTOR_KEY_LENGTH]


def secret_path(workbook: str | Path) -> Path:
    """``EVENT.live-secret`` beside ``EVENT.xlsx``."""
    path = Path(workbook)
    return path.with_name(path.stem + SUFFIX)


def event_keys(workbook: str | Path, journal: Journal | None = None) -> EventKeys:
    """The secrets of the event of ``workbook``: from its secret file, else from the journal's copy (the file made
    again from it), else new ones (``made``). Each is kept in both places when it can be."""
    path = secret_path(workbook)
    keys = _read(path)
    if keys is None:
        table, director = _from_journal(journal)
        keys = EventKeys(table or secrets.token_urlsafe(24), director or secrets.token_urlsafe(24), made=table is None)
    if not path.is_file():
        _write(path, keys)
    if journal is not None:
        try:
            if journal.recall(TABLE_SECRET) != keys.table_secret or journal.recall(DIRECTOR_SECRET) != keys.director_secret:
                journal.remember(TABLE_SECRET, keys.table_secret)
                journal.remember(DIRECTOR_SECRET, keys.director_secret)
        except JournalError:  # a damaged journal: the file keeps them; the server says the journal's trouble itself
            pass
    return keys


def _read(path: Path) -> EventKeys | None:
    if path.exists() and not path.is_file():
        raise InputError(f"{path.name} beside the workbook (the secrets of the table codes and the director key) is a "
                         "folder, not the secrets file: move it away or rename it, then start again (the reports journal "
                         "keeps a copy of the secrets, so the printed codes stay the same)")
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return EventKeys(str(data[TABLE_SECRET]), str(data[DIRECTOR_SECRET]))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise InputError(f"{path.name} (the secrets of the table codes and the director key) cannot be read "
                         f"({getattr(exc, 'strerror', None) or exc}): put back the copy you have, or delete it to make "
                         "new ones; then every table code and the director key change, so print the forms of the round "
                         "again") from None


def _from_journal(journal: Journal | None) -> tuple[str | None, str | None]:
    """The journal's copies of the table codes' secret and the director's (each None when missing): journals of
    earlier versions kept them only there, made on first use, the table codes' often before the director's."""
    if journal is None or not journal.path.is_file():
        return None, None
    try:
        return journal.recall(TABLE_SECRET) or None, journal.recall(DIRECTOR_SECRET) or None
    except JournalError:
        return None, None


def _write(path: Path, keys: EventKeys) -> None:
    """Written whole or not at all (a temporary file renamed over), readable by this account only where it can be."""
    temporary = path.with_name(path.name + ".tmp")
    text = json.dumps({TABLE_SECRET: keys.table_secret, DIRECTOR_SECRET: keys.director_secret}, indent=1)
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(text + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as exc:  # the file named is the secrets file, never the temporary one beside it
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise InputError(f"{path.name} (the secrets of the table codes and the director key) cannot be written beside "
                         f"the workbook ({exc.strerror or exc}): make room or allow writing in that folder, then start "
                         "again") from None


__all__ = ["DIRECTOR_KEY_LENGTH", "EventKeys", "event_keys", "secret_path"]
