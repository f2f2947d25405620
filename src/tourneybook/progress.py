"""Progress on the terminal for work that takes more than about two seconds.

Only on a terminal: piped or redirected output (scripts, CI, the tests) stays
exactly as it was. The bar goes to stderr and disappears when the work is done,
so what the command prints on stdout is unchanged. tqdm draws it, imported only
when a bar is actually due.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

DELAY = 2.0
"""Seconds of work before a bar appears: shorter work is not worth a flicker."""

T = TypeVar("T")


def _terminal() -> bool:
    return bool(getattr(sys.stderr, "isatty", lambda: False)())


def steps(items: Iterable[T], what: str, total: int | None = None, delay: float = DELAY) -> Iterator[T]:
    """``items``, with a bar counting them once the loop has taken ``delay`` seconds."""
    if not _terminal():
        yield from items
        return
    from tqdm import tqdm

    yield from tqdm(items, desc=what, total=total, delay=delay, leave=False, file=sys.stderr, dynamic_ncols=True)


@contextmanager
def waiting(what: str, delay: float = DELAY) -> Iterator[None]:
    """One long step with no parts to count (e.g. LibreOffice printing a PDF): the time it has taken so far."""
    if not _terminal():
        yield
        return
    import threading  # only a terminal shows the time: a script's or a button's click does not start a thread

    done = threading.Event()

    def show() -> None:
        if done.wait(delay):
            return
        from tqdm import tqdm

        with tqdm(desc=what, bar_format="{desc}: {elapsed}", file=sys.stderr, leave=False) as bar:
            while not done.wait(0.5):
                bar.refresh()

    shower = threading.Thread(target=show, daemon=True)
    shower.start()
    try:
        yield
    finally:
        done.set()
        shower.join()


__all__ = ["DELAY", "steps", "waiting"]
