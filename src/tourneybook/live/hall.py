"""The event as the server holds it: the last good state of the workbook, the round clock, the secrets.

The workbook is read through the store, read-only (Excel may have it open), each
time it is saved (:func:`follow`, watchfiles). While a saved workbook has problems
(what recalc would refuse) the last good state stays on every page, and the pages
say since when and why.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..files.filestore import FileWorkbook
from ..reports.codes import normalised, same, seat_code, table_code
from ..reports.sheet import DrawnTable, Snapshot
from ..reports.checkin import CheckInDesk
from .clock import CLOCK_KEY, RoundClock, stage_of
from ..reports.journal import Journal, JournalError, JournalLocked, Report, report_states, waiting_at_most
from ..reports.importing import mark_clashes
from ..reports.keys import event_keys
from ..reports.report_points import Points, reports_points
from ..reports.reporting import game_points, own_game
from ..workbook.settings_sheet import SETTINGS
from ..reports.stamp import reporting_on
from ..i18n import ENGLISH_WORDS, Words
from .spoken import rounds_in, state_in
from .state import HallState, read_state


GLANCE = 0.2
"""Seconds the pages' read of the journal waits for a lock another program holds: a report's write takes
milliseconds, so only a database browser's lock lasts longer, and then the pages show the last view instead."""
CLOSED = {"round": 0, "open": False}
"""Check-in as the pages see it while the journal cannot be read."""


class Hall:
    """One event served live."""

    def __init__(self, workbook: str | Path, journal: Journal):
        self.workbook = Path(workbook)
        self.journal = journal
        self.keys = event_keys(self.workbook, journal)  # beside the workbook: a lost journal changes no code
        self.table_secret = self.keys.table_secret
        self.director_key = self.keys.director_key
        self.state: HallState | None = None
        self.reporting = False
        self.problems: tuple[str, ...] = ()
        self.problems_since: float | None = None
        self.updated = 0.0
        self.version = 0
        try:
            self.clock = RoundClock.recalled(journal.recall(CLOCK_KEY)).held(time.time())
        except JournalError:  # a damaged journal: the hall is served all the same (the command says why)
            self.clock = RoundClock.recalled(None)
        self.checkin = CheckInDesk(journal)
        self._journal_cache: tuple[int, dict[str, Any]] | None = None
        self._points: dict[tuple, tuple[tuple[str, str, str], ...]] = {}
        self._view_lock = threading.Lock()  # one read of the journal's view at a time: the others wait for it
        self._retrying: threading.Thread | None = None
        journal.on_change = self.changed  # a report, a decision, a check-in: a new version of the pages' state
        self._lock = threading.Lock()
        self._json: tuple[int, dict[str, tuple[bytes, bytes]]] = (-1, {})
        self._waiting: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self._stopping = False

    def reload(self) -> bool:
        """Read the workbook again; False (the last good state kept) while it has problems. A confirmed report
        that the saved workbook contradicts is marked as a clash at once (:func:`tourneybook.reports.importing.mark_clashes`)."""
        try:
            snapshot = Snapshot(FileWorkbook(self.workbook, read_only=True))
            state = read_state(snapshot)
            reporting = reporting_on(snapshot)
        except InputError as exc:
            lines = tuple(str(p) for p in exc.problems)
        except OSError as exc:  # saved half-way by another program this instant: the next save event reads it whole
            lines = (f"{self.workbook.name} cannot be read just now: {exc.strerror or exc}",)
        else:
            clock = self.clock.ended_by(*stage_of(state.data["stage"]), decided_by(state))  # the stage moved on?
            with self._lock:
                self.state, self.reporting, self.problems, self.problems_since = state, reporting, (), None
                moved, self.clock = clock != self.clock, clock  # one version: the new stage and its clock together
                self.updated = time.time()
                self._new_version()
            if moved:
                self.keep_clock(clock)
            try:  # a paper form typed over a confirmed report: both pages show the clash from this save on
                mark_clashes(snapshot, self.journal, state.draw, state.stages)
            except JournalError:  # the director's page says the journal cannot be read
                pass
            return True
        lines = tuple(named_only(line, self.workbook) for line in lines)
        with self._lock:
            if self.problems_since is None:
                self.problems_since = time.time()
            self.problems = lines
            self._new_version()
        return False

    def stage(self) -> tuple[str, str]:
        """(key, words) of the stage being played now: what a clock started now belongs to (:func:`.clock.stage_of`)."""
        state = self.state
        return stage_of(state.data["stage"]) if state is not None else ("", "")

    def set_clock(self, minutes: int) -> None:
        """The current stage's clock starts now and lasts ``minutes`` (0 stops the clock)."""
        self.clock_to(self.clock.started(minutes, time.time(), *self.stage()) if minutes else self.clock.reset())

    def clock_to(self, clock: "RoundClock") -> None:
        """The director's clock action done: kept in the journal (a restarted server keeps counting), a new version."""
        self.keep_clock(clock)
        with self._lock:
            self.clock = clock
            self._new_version()

    def keep_clock(self, clock: "RoundClock") -> None:
        """``clock`` kept in the journal: a restarted server goes on counting (or knows it stopped)."""
        try:
            self.journal.remember(CLOCK_KEY, clock.kept())
        except JournalError:  # damaged or locked: the clock runs all the same; only a restart would not recall it
            pass

    def changed(self) -> None:
        """The journal changed (a report, a decision, a check-in): the pages' report states and answers are new."""
        with self._lock:
            self._new_version()

    def _new_version(self) -> None:
        """Count a new state (the lock held) and wake every page waiting for one, in its server's event loop."""
        self.version += 1
        for loop, changed in self._waiting:
            loop.call_soon_threadsafe(changed.set)

    def stopping(self) -> None:
        """Answer every waiting page now, and every later one at once: the server is stopping (Ctrl-C), and it
        waits for the requests under way."""
        with self._lock:
            self._stopping = True
            for loop, changed in self._waiting:
                loop.call_soon_threadsafe(changed.set)

    async def next_version(self, since: str, seconds: float) -> None:
        """Return once the state is no longer version ``since``, or after ``seconds``.

        A page asks again as soon as this answers (a long poll): it learns of a save the
        moment the watcher has read it, instead of up to a polling interval later, and
        a thousand idle phones cost a sleeping task each, not a request a second.
        """
        changed = asyncio.Event()
        waiter = (asyncio.get_running_loop(), changed)
        with self._lock:
            if since != str(self.version) or self._stopping:
                return
            self._waiting.add(waiter)
        try:
            await asyncio.wait_for(changed.wait(), seconds)
        except asyncio.TimeoutError:
            pass
        finally:
            with self._lock:
                self._waiting.discard(waiter)

    def api(self, words: Words = ENGLISH_WORDS) -> dict[str, Any]:
        """What /api/state answers: the pages' data (its words in ``words``' language), the clock, and the problems
        of the saved workbook if any."""
        with self._lock:
            state = self.state
            data = dict(state.data) if state else {"title": self.workbook.stem, "round": 0, "seating": [],
                                                   "by_name": [], "names": [],
                                                   "standings": {"rows": [], "cut": 0}, "extras": []}
            data.update(
                version=self.version,
                updated=self.updated,
                now=time.time(),
                clock=self.clock.data(time.time()),
                reporting=self.reporting,
                problems={"since": self.problems_since, "lines": list(self.problems[:20]), "count": len(self.problems)}
                if self.problems_since else None,
            )
        if state is not None:  # the words in the page's language, worked out outside the lock: the same state's
            data.update(state_in(state, words))
        data["checkin"] = self._journal_view(data["version"])["checkin"]
        return data

    def _journal_view(self, version: int) -> dict[str, Any]:
        """The journal's part of version ``version``: each table's report state and check-in, read once per version
        (every journal write is a new version), not on every page; and the players' answers made from it so far.

        One page reads it, waiting at most :data:`GLANCE` for a lock another program holds; the pages asking
        meanwhile wait for that one read, not each for its own. A journal locked longer keeps the last view on the
        pages (:meth:`_read_when_free` makes a new version once it can be read again)."""
        with self._view_lock:
            cached = self._journal_cache
            if cached is not None and cached[0] == version:
                return cached[1]
            try:
                with waiting_at_most(GLANCE):
                    states, checkin = report_states(self.journal), self.checkin.state().data()
            except JournalLocked:  # a database browser holds it: what the pages showed, until it is free again
                states, checkin = (cached[1]["states"], cached[1]["checkin"]) if cached else ({}, CLOSED)
                self._read_when_free()
            except JournalError:  # damaged or gone: the rounds as drawn, check-in closed
                states, checkin = {}, CLOSED
            view = {"states": states, "checkin": checkin, "players": {}}
            self._journal_cache = (version, view)
            return view

    def _read_when_free(self) -> None:
        """Try the locked journal again every second, off every page's way, and make a new version (the pages ask
        again) once it can be read."""
        if self._retrying is not None and self._retrying.is_alive():
            return

        def retry() -> None:
            while not self._stopping:
                time.sleep(1.0)
                try:
                    report_states(self.journal)
                except JournalLocked:
                    continue
                except JournalError:
                    pass
                self.changed()
                return

        self._retrying = threading.Thread(target=retry, daemon=True, name="tourneybook-journal-retry")
        self._retrying.start()

    def player(self, name: str, words: Words = ENGLISH_WORDS) -> dict[str, Any] | None:
        """What /api/player answers: ``{version, player, rounds}``, the player's tables with each table's report
        state (the final's and the knock-out's said in ``words``' language); None when no player of the event is
        called ``name``. It reads the journal (once per version)."""
        with self._lock:
            version, state = self.version, self.state
        if state is None or state.rounds is None or name not in state.data["names"]:
            return None
        states = self._journal_view(version)["states"]
        return {"version": version, "player": name,
                "rounds": [{**r, "report": states.get((r["round"], r["table"]), r["report"])}
                           for r in rounds_in(state, state.rounds.of(name), words)]}

    def player_json(self, name: str, words: Words = ENGLISH_WORDS) -> bytes | None:
        """/api/player as JSON bytes, made once per version, player and language (a phone asks again at each new
        version)."""
        with self._lock:
            version = self.version
        answers, key = self._journal_view(version)["players"], (name, words.code)
        if key not in answers:
            found = self.player(name, words)
            answers[key] = None if found is None else json.dumps(found, ensure_ascii=False).encode()
        return answers[key]

    def api_json(self, since: str = "", gzipped: bool = False, words: Words = ENGLISH_WORDS) -> tuple[bytes, bool]:
        """/api/state as JSON bytes in ``words``' language, and whether they are gzip-compressed.

        Serialised (and compressed) once per version and language: a thousand players' standings
        are some 450 KB and every phone polls. A page that already has this version
        (``since``) gets only the version. The server's time goes in a header
        (``X-Now``), so the body stays the same for every request of a version.
        """
        with self._lock:
            if self.clock.due(time.time()):  # the clock reached zero: "time" is a new state of the pages
                self.clock = self.clock.at_zero()
                self._new_version()
            version, cached = self.version, self._json
        if since == str(version):
            return json.dumps({"version": version}).encode(), False
        made = cached[1] if cached[0] == version else {}
        if words.code not in made:
            plain = json.dumps({k: v for k, v in self.api(words).items() if k != "now"}, ensure_ascii=False).encode()
            made = {**made, words.code: (plain, gzip.compress(plain, compresslevel=6, mtime=0))}
            with self._lock:
                if self.version == version:
                    self._json = (version, made)
        plain, packed = made[words.code]
        return (packed, True) if gzipped else (plain, False)

    def points_of(self, reports: Sequence[tuple[Report, DrawnTable]]) -> list[Points]:
        """Each seat's (seat, player, points) as each report gives them, scored as the phone's preview scores it.

        Kept from one save of the workbook to the next while what they depend on stays: the report, the table's
        players and the Settings sheet (the ruleset and its numbers). Those not kept are scored together, the event
        read once for them all (:func:`tourneybook.reports.report_points.reports_points`): the director's page of a
        hall of 100 tables, opened first thing, reads a Friedrich event of 400 players once, not once per table.
        """
        state = self.state
        if state is None:
            return [() for _ in reports]
        settings = state.snapshot.read(SETTINGS.name).rows if SETTINGS.name in state.snapshot.sheet_names() else ()
        keys = [(report.id, table.seats, settings) for report, table in reports]
        new = {key: (state.draw_of(table), table, report.values)
               for key, (report, table) in zip(keys, reports) if key not in self._points}
        if new:
            if len(self._points) + len(new) > 20_000:  # a long day's settings changes: start again rather than grow
                self._points.clear()
            self._points.update(zip(new, reports_points(state.snapshot, list(new.values()))))
        return [self._points[key] for key in keys]

    def workbook_points(self, table: DrawnTable) -> Points:
        """Each seat's (seat, player, points) of ``table``'s game as the workbook holds it, () when it has none: an
        earlier round's imported report, shown without scoring it again (the event is read once a save, and a game
        is scored on its own in microseconds where checking a report reads the whole event)."""
        state = self.state
        if state is None or state.event is None:
            return ()
        game = own_game(state.event, table, state.snapshot)
        return game_points(game) if game is not None else ()

    def table_of(self, code: str) -> DrawnTable | None:
        """The drawn table whose code this is (any round drawn), or None."""
        state = self.state
        if state is None:
            return None
        code = normalised(code)
        found = None
        for table in state.tables:  # every code is compared: the time taken says nothing about which matched
            if same(self.code_of(table), code):
                found = table
        return found

    def code_of(self, table: DrawnTable) -> str:
        return table_code(self.table_secret, table.round, table.table)

    def seat_code_of(self, table: DrawnTable, seat: str) -> str:
        """The code printed beside the name in ``seat`` on the form of ``table``."""
        return seat_code(self.table_secret, table.round, table.table, seat)

    def seat_of(self, table: DrawnTable, code: str) -> str | None:
        """The seat of ``table`` whose code this is, or None (every seat compared: the time says nothing)."""
        code = normalised(code)
        found = None
        for s in table.seats:
            if same(self.seat_code_of(table, s.seat), code):
                found = s.seat
        return found

    def is_director(self, key: str) -> bool:
        return bool(key) and same(key.strip(), self.director_key)


def decided_by(state: HallState) -> str:
    """Why no round clock runs any more ('the final's result is in'), or '' while the event is being played."""
    won = state.data.get("winner")
    return f"the {state.data['stage']['title'].lower()} is decided, {won['player']} won" if won else ""


def named_only(text: str, workbook: Path) -> str:
    """``text`` with the workbook's folder taken out: every phone and the projector show the problems, and a
    laptop's folder path names its user ('/home/anna/...', 'C:\\Users\\anna\\...'); the file's name says enough."""
    for path in sorted({str(workbook), str(workbook.absolute()), str(workbook.resolve())}, key=len, reverse=True):
        text = text.replace(path, workbook.name)
    for folder in sorted({str(workbook.parent.absolute()), str(workbook.parent.resolve())}, key=len, reverse=True):
        text = text.replace(folder + os.sep, "").replace(folder, "the workbook's folder")
    return text


def follow(hall: Hall, stop: threading.Event, changed: Callable[[], None] | None = None) -> None:
    """Reload ``hall`` after every save of its workbook, until ``stop`` is set (run in a thread).

    Excel, LibreOffice and TourneyBook all save by writing another file and
    renaming it over the workbook: the folder is watched, and any change to the
    workbook's name counts.
    """
    import watchfiles

    name = hall.workbook.name

    def ours(change, path: str) -> bool:
        return Path(path).name == name

    for _changes in watchfiles.watch(hall.workbook.parent, watch_filter=ours, stop_event=stop, debounce=200, step=50,
                                     raise_interrupt=False):
        hall.reload()
        if changed is not None:
            changed()


__all__ = ["Hall", "follow", "named_only"]
