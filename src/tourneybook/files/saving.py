"""Saving a file all or nothing: a hidden temporary file beside it, flushed, then one rename.

Used for every file TourneyBook writes over an organiser's (the event workbook, a
template, forms). A failed or interrupted write leaves the old file byte-identical
and no temporary file; one left by a killed run is removed by the next run. A
workbook open in Excel or LibreOffice (their lock files are checked) is refused
with a clear message, never overwritten behind the program's back.
"""

from __future__ import annotations

import datetime as dt
import errno
import io
import os
import re
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree

from ..errors import InputError

TEMP_PREFIX = ".~tourneybook-"
STALE_TEMP_SECONDS = 60
"""A temporary file of ours older than this is a leftover from a killed run."""


def lock_files(path: Path) -> list[Path]:
    """Lock files of Excel ('~$NAME', long names lose 2 letters) and LibreOffice ('.~lock.NAME#') that exist."""
    name = path.name
    candidates = [path.with_name("~$" + name), path.with_name("~$" + name[2:]), path.with_name(f".~lock.{name}#")]
    return [c for c in dict.fromkeys(candidates) if c.exists()]


def check_not_open(path: Path) -> None:
    """InputError when another program holds the workbook open."""
    for lock in lock_files(path):
        program = "LibreOffice" if lock.name.startswith(".~lock.") else "Excel"
        raise InputError(
            f"{path.name} is open in {program} (its lock file {lock.name} is in the same folder): "
            f"close it there and run again. If no program has it open any more, delete {lock.name}."
        )


def remove_leftovers(target: Path) -> None:
    """Delete temporary files a killed run left beside ``target`` (hidden, named after it)."""
    now = time.time()
    for leftover in target.parent.glob(f"{TEMP_PREFIX}{target.name}-*.tmp"):
        try:
            if now - leftover.stat().st_mtime > STALE_TEMP_SECONDS:
                leftover.unlink()
        except OSError:
            pass  # gone already, or not ours to remove: harmless


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def replace_file(path: Path, write: Callable[[int], None], before_replace: Callable[[], None] = lambda: None) -> None:
    """Write a new ``path`` through a hidden temporary file beside it and one rename (all or nothing).

    A symbolic link stays a link: its target is replaced. ``before_replace`` may refuse
    (raise) after the new file is complete and before it replaces the old one.
    """
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: a folder, not a workbook file: give a file name ending in {path.suffix or '.xlsx'}")
    target = Path(os.path.realpath(path))
    if target.exists():
        check_not_open(path)
        if not stat.S_IMODE(target.stat().st_mode) & 0o222:
            # Replacing by rename would succeed in a writable folder: the organiser's protection must win.
            raise InputError(f"{path.name} is read-only: it was left as it was. Make it writable and run again.")
    if not target.parent.is_dir():
        raise InputError(f"{path}: the folder {target.parent} does not exist")
    remove_leftovers(target)
    tmp = target.with_name(f"{TEMP_PREFIX}{target.name}-{os.urandom(4).hex()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    except OSError as exc:
        raise InputError(f"{path.name} could not be written in {target.parent}: {exc.strerror or exc}") from None
    try:
        try:
            write(fd)
            os.fsync(fd)
        finally:
            os.close(fd)
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
        os.chmod(tmp, mode)
        before_replace()
        os.replace(tmp, target)
    except PermissionError:
        tmp.unlink(missing_ok=True)
        raise InputError(
            f"{path.name} could not be written: it is open in another program or read-only. Close it there and run again."
        ) from None
    except OSError as exc:  # disk full, folder gone...: the original stays as it was
        tmp.unlink(missing_ok=True)
        if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            raise InputError(f"{path.name} could not be written: the disk is full. It was left as it was; make room and run again.") from None
        raise InputError(f"{path.name} could not be written ({exc.strerror or exc}): it was left as it was.") from None
    except BaseException:  # a refusal, Ctrl-C: no temporary file stays
        tmp.unlink(missing_ok=True)
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        dir_fd = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def save_atomically(book: Any, path: Path, *, dated: dt.datetime | None = None) -> None:
    """Save a new openpyxl workbook (a template, forms) to ``path`` atomically.

    ``dated``: the one time the file carries (its properties' created and modified, every
    part's zip time) instead of now, so that the same book saves to the same bytes.
    """

    def write(fd: int) -> None:
        with os.fdopen(os.dup(fd), "wb") as fh:
            if dated is None:
                book.save(fh)
                return
            buffer = io.BytesIO()
            book.save(buffer)
            fh.write(dated_package(buffer.getvalue(), dated))

    replace_file(Path(path), write)


_CORE_PART = "docProps/core.xml"
_TYPES_PART = "[Content_Types].xml"
_CORE_TIMES = re.compile(rb"(<dcterms:(created|modified)\b[^>]*>)[^<]*(</dcterms:\2>)")


def _sorted_types(part: bytes) -> bytes:
    """[Content_Types].xml with its Default entries by extension, then its Override entries by part name."""
    root = etree.fromstring(part, etree.XMLParser(resolve_entities=False, no_network=True))
    root[:] = sorted(root, key=lambda e: (etree.QName(e).localname, e.get("Extension") or e.get("PartName") or ""))
    return etree.tostring(root)


def dated_package(data: bytes, when: dt.datetime) -> bytes:
    """The zip package ``data`` with every time in it set to ``when`` (the parts' zip times and the
    document properties' created and modified): what openpyxl writes as "now" on every save.

    The parts are written in one order, the content types first, and the content types list
    its entries in one order (openpyxl writes the parts it copies from a VBA archive, and
    their types, in the order of a Python set, which changes from run to run).
    """
    import zipfile  # writing a template or forms: a recalc or a draw never loads it

    stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in sorted(source.infolist(), key=lambda i: (i.filename != _TYPES_PART, i.filename)):
            part = source.read(info.filename)
            if info.filename == _CORE_PART:
                part = _CORE_TIMES.sub(lambda m: m.group(1) + stamp + m.group(3), part)
            elif info.filename == _TYPES_PART:
                part = _sorted_types(part)
            fixed = zipfile.ZipInfo(info.filename, date_time=when.timetuple()[:6])
            fixed.compress_type, fixed.external_attr, fixed.create_system = info.compress_type, info.external_attr, info.create_system
            target.writestr(fixed, part)
    return out.getvalue()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


__all__ = ["TEMP_PREFIX", "check_not_open", "dated_package", "lock_files", "remove_leftovers", "replace_file", "save_atomically", "write_all"]
