"""Random event days drawn through the workbook, each round measured against an independent search (issue 35).

A day: a field of one family (clubs or none), round 1 drawn, then before each
later round a random mix of withdrawals, late arrivals and roll-call absences
(Diplomacy: the draw fills the boards with sit-outs or double boards, as the
TD asks). Nothing keeps a Friedrich field seatable here: when the draw refuses,
the advice it gives is followed as written (its 'tourneybook join/absent'
commands, one of its ways at random) and the round drawn again, which must
work. Each round drawn after round 1 is compared with :func:`.round_search.anneal`.
Used by tests/draws/test_round_first.py and bench/draws_bench.py --days.
"""

from __future__ import annotations

import random
import re
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tourneybook.actions.attendance import absent, join, withdraw
from tourneybook.actions.draw import draw_event
from tourneybook.actions.draw_reading import keep_apart_groups, read_draw_event
from tourneybook.cli import main
from tourneybook.errors import InputError
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook import template
from tourneybook.workbook.generic import CLUB, NAME, PLAYERS
from tourneybook.workbook.layouts import find_layout

from .round_search import RoundFigures, anneal, round_figures

RULESETS = ("cafe2023", "fwc2022", "carcassonne2004", "cdiplo100")
"""One ruleset per family (two Friedrich: CAFE has a final, FWC none)."""
DIPLOMACY_RULESETS = ("cdiplo100", "diplomacy", "sos", "dss", "opentribute", "codcon2008")
"""Diplomacy systems an event day can be drawn for (the same draw; each its own workbook and scoring)."""
COMMAND = re.compile(r"'(tourneybook (?:join|absent) [^']*)'")


@dataclass
class DayReport:
    """What one day drew: per round after the first, our figures, the search's, and the CPU the draw took."""

    ruleset: str
    players: int
    clubs: str
    rounds: list[tuple[int, RoundFigures, RoundFigures, float]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    """Each refusal met, followed by its advice."""
    dead_ends: list[str] = field(default_factory=list)
    """Refusals whose advice, followed, did not lead to a draw (or that gave none)."""

    @property
    def dominated(self) -> list[tuple[int, RoundFigures, RoundFigures, float]]:
        return [r for r in self.rounds if r[2].dominates(r[1])]


CLUB_KINDS = ("none", "small", "big", "mixed")
"""The fields' clubs: none, small clubs, big clubs (club-heavy), or a few clubs and loners."""


def _field(rng: random.Random, n: int, kind: str | None) -> tuple[list[dict], str]:
    """Names and clubs of one of :data:`CLUB_KINDS` (at random when not given)."""
    names = [f"P{i:03}" for i in range(n)]
    kind = kind or rng.choice(CLUB_KINDS)
    size = {"none": 0, "small": rng.randint(2, 4), "big": rng.randint(5, 9), "mixed": 0}[kind]
    rows = []
    for i, name in enumerate(names):
        club = (f"club {min(i // 3, 4)}" if rng.random() < 0.7 else None) if kind == "mixed" else \
            (f"club {i // size}" if size else None)
        rows.append({NAME: name, CLUB: club})
    return rows, kind


def _changes(rng: random.Random, book: FileWorkbook, number: int, playing: set[str], k: int) -> int:
    """Withdrawals, late arrivals and roll-call absences before round ``number``."""
    for _ in range(rng.randint(0, 2)):
        if len(playing) > 8:
            gone = rng.choice(sorted(playing))
            playing.discard(gone)
            withdraw(book, gone, number - 1)
    for _ in range(rng.randint(0, 2)):
        k += 1
        join(book, f"Late {k}", number, stand_in=rng.random() < 0.3)
        playing.add(f"Late {k}")
    for name in rng.sample(sorted(playing), rng.randint(0, 2)):
        absent(book, name, number)
    return k


def follow_advice(message: str, path: Path, rng: random.Random) -> bool:
    """Run the commands of one way the refusal offers, as written; False when it offers none."""
    ways = [w for w in message.split("; or, ") if COMMAND.search(w)]
    if not ways:
        return False
    for command in COMMAND.findall(rng.choice(ways)):
        args = shlex.split(command)[1:]
        args[1] = str(path)  # the refusal names the workbook by its file name
        if main(args) != 0:
            return False
    return True


def event_day(ruleset: str, n: int, seed: int, folder: Path, *, steps: Callable[[int], int] | None = None,
              clubs: str | None = None, fill: str | None = None) -> DayReport:
    """One event day, every round drawn and measured (see the module docstring); ``clubs`` (one of
    :data:`CLUB_KINDS`) and Diplomacy's ``fill`` ('sit-out' or 'double') are drawn at random when not given."""
    rng = random.Random(seed)
    rows, kind = _field(rng, n, clubs)
    friedrich = ruleset in ("cafe2023", "fwc2022")
    diplomacy = ruleset in DIPLOMACY_RULESETS
    path = folder / f"{ruleset}-{n}-{seed}.xlsx"
    template.write(path, find_layout(ruleset), tournament=f"Day {seed}", rows={PLAYERS.name: rows})
    book = FileWorkbook(path)
    report = DayReport(ruleset, n, kind)
    playing, k = {r[NAME] for r in rows}, 0
    fill = (fill or rng.choice(["sit-out", "double"])) if diplomacy else None
    if friedrich and n % 4:
        for i in range(4 - n % 4):
            join(book, f"Stand-in 0{i}", 1, stand_in=True)
        book.save()
    for number in range(1, 4 if diplomacy else 5):
        if number > 1:
            book = FileWorkbook(path)
            k = _changes(rng, book, number, playing, k)
            book.save()
        outcome, seconds = None, 0.0
        for attempt in range(3):
            book = FileWorkbook(path)
            start = time.process_time()
            try:
                outcome = draw_event(book, number, fill=fill)
                seconds = time.process_time() - start
                book.save()
                break
            except InputError as exc:
                message = str(exc)
                if attempt == 0:
                    report.refusals.append(f"round {number}: {message}")
                else:
                    report.dead_ends.append(f"round {number}, advice followed: {message}")
                    return report
                if not follow_advice(message, path, rng):
                    report.dead_ends.append(f"round {number}, no advice to follow: {message}")
                    return report
        if outcome is None:
            return report
        if number == 1:
            continue
        event = read_draw_event(book)
        drawn = outcome.draw.rounds[0]
        seated = {s.player for t in drawn.tables for s in t.seats}
        groups = [[p for p in g if p in seated] for g in keep_apart_groups(event.players)]
        ours = round_figures(outcome.draw.game, drawn, outcome.history, groups)
        seats = sum(len(t.seats) for t in drawn.tables)
        theirs = anneal(outcome.draw.game, drawn, outcome.history, groups, rng=random.Random(seed),
                        steps=steps(seats) if steps else None)
        report.rounds.append((number, ours, theirs, seconds))
    return report
