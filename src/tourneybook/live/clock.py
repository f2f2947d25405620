"""The round clock: started, paused, extended and reset by the director; it stops at zero and says "time".

One value (:class:`RoundClock`) held by the hall and kept in the journal's meta, so
a restarted server goes on counting. A clock belongs to the stage it was started
in ('Round 2', 'Final'): the pages name that stage beside it, and once the event
moves on (the next round drawn, the final's table known, the final's result in)
the hall stops it and says why (:meth:`RoundClock.ended_by`). The pages count down on their own from
``ends_at`` (corrected by the server's time, the ``X-Now`` header) and show "time"
at zero; /api/state says ``time`` once the server has seen the end pass.
"""

from __future__ import annotations

import json
from dataclasses import replace

from ..frozen import frozen

CLOCK_KEY = "round-clock"
"""Journal meta: the clock as :meth:`RoundClock.kept` writes it."""
STOPPED, RUNNING, PAUSED, TIME = "stopped", "running", "paused", "time"
LONGEST = 24 * 60
"""Minutes a round clock may show at most, however it got there (started, extended, recalled): a day."""


@frozen
class RoundClock:
    state: str = STOPPED
    """stopped (no clock shown), running, paused, or time (ran out: it shows 0:00 and "time")."""
    ends_at: float | None = None
    """When it reaches zero (seconds since the epoch), while running."""
    remaining: float | None = None
    """Seconds left, while paused."""
    minutes: int = 0
    """The round's length as the director last started it."""
    stage: str = ""
    """The stage it was started in, as :func:`stage_of` names it ('round 2', 'final'); '' for a clock kept by an
    older version (it is taken to be the current stage's)."""
    title: str = ""
    """That stage's words on the pages: 'Round 2', 'Final', 'Knock-out'."""
    note: str = ""
    """Why a stopped clock stopped by itself ("Round 2's clock stopped: round 3 is drawn."), for the director."""

    def started(self, minutes: int, now: float, stage: str = "", title: str = "") -> RoundClock:
        return RoundClock(RUNNING, now + min(minutes, LONGEST) * 60, None, min(minutes, LONGEST), stage, title)

    def ended_by(self, stage: str, title: str, decided: str = "") -> RoundClock:
        """This clock once the event is at ``stage`` (``title``: its words): stopped, with a note saying why, when it
        belongs to another stage or the event is ``decided`` (why no clock runs any more: "the final's result is
        in"); itself otherwise. A clock kept without a stage (an older version's) is taken to be ``stage``'s."""
        if self.state == STOPPED:
            return self
        if not decided and self.stage in ("", stage):
            return replace(self, stage=stage, title=title)
        why = decided or (f"{title.lower()} is drawn" if stage.startswith("round") else f"the {title.lower()} is under way")
        return RoundClock(note=f"{self.title or 'The round'}'s clock stopped: {why}.")

    def paused(self, now: float) -> RoundClock:
        if self.state != RUNNING or self.ends_at is None:
            return self
        return replace(self, state=PAUSED, ends_at=None, remaining=max(0.0, self.ends_at - now))

    def resumed(self, now: float) -> RoundClock:
        if self.state != PAUSED or self.remaining is None:
            return self
        return replace(self, state=RUNNING, ends_at=now + self.remaining, remaining=None)

    def extended(self, minutes: int, now: float) -> RoundClock:
        """``minutes`` more: a running or paused clock goes on longer; one that showed "time" runs again. Never past
        :data:`LONGEST` minutes left (:meth:`room`): five extensions of a day are still a day."""
        added = min(minutes, self.room(now))
        if self.state == RUNNING and self.ends_at is not None:
            return replace(self, ends_at=max(self.ends_at, now) + added * 60, minutes=self.minutes + added)
        if self.state == PAUSED and self.remaining is not None:
            return replace(self, remaining=self.remaining + added * 60, minutes=self.minutes + added)
        if self.state == TIME:  # still its stage's clock: the pages go on naming 'Round 2' beside it
            return replace(self, state=RUNNING, ends_at=now + added * 60, remaining=None, minutes=self.minutes + added)
        return self

    def left(self, now: float) -> float:
        """Seconds the clock shows (0 when stopped or at "time")."""
        if self.state == RUNNING and self.ends_at is not None:
            return max(0.0, self.ends_at - now)
        if self.state == PAUSED and self.remaining is not None:
            return self.remaining
        return 0.0

    def room(self, now: float) -> int:
        """Whole minutes it may still be extended by before it would show more than :data:`LONGEST`."""
        return max(0, int((LONGEST * 60 - self.left(now)) // 60))

    def reset(self) -> RoundClock:
        return RoundClock()

    def due(self, now: float) -> bool:
        """Running, and the end has passed: time to say "time"."""
        return self.state == RUNNING and self.ends_at is not None and now >= self.ends_at

    def at_zero(self) -> RoundClock:
        return replace(self, state=TIME, remaining=0.0)

    def data(self, now: float) -> dict:
        """/api/state's ``clock``: ``state``, ``ends_at``, ``remaining`` (seconds), ``minutes``; ``started`` for
        pages that count from the start (``started + minutes * 60`` is the end while running); ``stage``, its stage's
        words, and ``stage_key`` ('round 2'), for a page that says them in its own language."""
        clock = self.at_zero() if self.due(now) else self
        running = clock.state == RUNNING and clock.ends_at is not None
        remaining = (max(0.0, clock.ends_at - now) if running else clock.remaining)
        return {"state": clock.state, "ends_at": clock.ends_at, "remaining": None if remaining is None else round(remaining, 1),
                "minutes": clock.minutes, "started": clock.ends_at - clock.minutes * 60 if running else None,
                "stage": clock.title, "stage_key": clock.stage, "note": clock.note}

    def kept(self) -> str:
        return json.dumps({"state": self.state, "ends_at": self.ends_at, "remaining": self.remaining, "minutes": self.minutes,
                           "stage": self.stage, "title": self.title, "note": self.note})

    @classmethod
    def recalled(cls, text: str | None) -> RoundClock:
        """The clock as the journal kept it; a stopped one when there is none (or it cannot be read)."""
        try:
            kept = json.loads(text or "{}")
            clock = cls(str(kept.get("state", STOPPED)), _seconds(kept.get("ends_at")), _seconds(kept.get("remaining")),
                        int(kept.get("minutes", 0)), str(kept.get("stage", "")), str(kept.get("title", "")),
                        str(kept.get("note", "")))
        except (ValueError, TypeError, AttributeError, OverflowError):
            return cls()
        return clock if clock.state in (STOPPED, RUNNING, PAUSED, TIME) else cls()

    def held(self, now: float) -> RoundClock:
        """This clock within its limits: one kept with more than :data:`LONGEST` minutes left (a journal edited by
        hand, or kept by an older version that let extensions add up) shows a day."""
        most = LONGEST * 60
        if self.state == RUNNING and self.ends_at is not None and self.ends_at - now > most:
            return replace(self, ends_at=now + most, minutes=min(self.minutes, LONGEST))
        if self.state == PAUSED and self.remaining is not None and self.remaining > most:
            return replace(self, remaining=float(most), minutes=min(self.minutes, LONGEST))
        return self


def _seconds(value) -> float | None:
    """A time kept in the journal: a finite number, or None."""
    if value is None:
        return None
    number = float(value)
    if number != number or number in (float("inf"), float("-inf")):
        raise ValueError("not a time")
    return number


def stage_of(stage: dict) -> tuple[str, str]:
    """(key, words) of the stage /api/state names (``{kind, round, ...}``: :func:`.progress.stage`): a round's clock
    is its round's, its top board's too; the final's and the knock-out's are theirs."""
    kind, number = stage.get("kind", "round"), int(stage.get("round") or 0)
    if kind in ("final", "knockout"):
        return kind, str(stage.get("title", kind))
    return f"round {number}", f"Round {number}" if number else ""


__all__ = ["CLOCK_KEY", "LONGEST", "PAUSED", "RUNNING", "RoundClock", "STOPPED", "TIME", "stage_of"]
