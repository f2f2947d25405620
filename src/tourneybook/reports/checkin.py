"""Players check in from their phones: the roll call of a round (seed 003 II.1-2), answered before it is drawn.

The director opens check-in for round N on the director's page (:class:`CheckInDesk`,
kept in the journal's meta so a restarted server keeps it); each player taps
"I play round N" or "I skip round N" on their phone; the answers wait in the
journal. They enter the workbook only through the import
(``tourneybook import-reports`` or the button), which runs the very actions of
``tourneybook absent`` and ``present`` (:mod:`tourneybook.actions.attendance`,
checked as recalc would, refusals and all): "skip" marks the player absent in
round N, "play" takes a round-N absence back. So the next draw seats exactly
who checked in to play (and whoever did not answer, as before: the director
sees who that is and decides).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions.attendance import absent, present
from ..actions.entrycheck import checked_write
from ..errors import Collector, InputError
from ..files.store import WorkbookStore
from ..workbook.generic import PLAYERS, Player, read_players
from .journal import PLAY, SKIP, CheckIn, Journal

OPEN_KEY = "checkin-round"
"""Journal meta: the round check-in is open for ('' or absent: closed)."""


@dataclass(frozen=True)
class CheckInState:
    """What /api/state says of check-in: the round asked about, whether it is open, and the answers so far."""

    round: int
    open: bool
    answers: dict[str, str]
    """Player -> 'play' or 'skip'."""

    def data(self) -> dict:
        return {"round": self.round, "open": self.open, "answers": self.answers if self.open else {}}


class CheckInDesk:
    """The director's check-in of one event: opened for a round, closed, its answers."""

    def __init__(self, journal: Journal):
        self.journal = journal

    def open_round(self) -> int:
        text = self.journal.recall(OPEN_KEY) or ""
        return int(text) if text.isdigit() else 0

    def open(self, round: int) -> None:
        self.journal.remember(OPEN_KEY, str(round))

    def close(self) -> None:
        self.journal.remember(OPEN_KEY, "")

    def state(self) -> CheckInState:
        number = self.open_round()
        answers = {a.player: a.answer for a in self.journal.check_ins(number)} if number else {}
        return CheckInState(number, bool(number), answers)

    def answer(self, player: str, answer: str, device: str, names: list[str]) -> str:
        """Store ``player``'s answer for the open round; '' when stored, else why not (for the phone)."""
        number = self.open_round()
        if not number:
            return "Check-in is closed: tell the director at the desk."
        if player not in names:
            return "Choose your name from the list."
        if answer not in (PLAY, SKIP):
            return "Choose whether you play or skip the round."
        self.journal.check_in(number, player, answer, device)
        return ""


def unanswered(names: list[str], state: CheckInState, players: tuple[Player, ...]) -> list[str]:
    """The players called for the open round who have not answered yet (in ``names``' order)."""
    called = {p.name for p in players if p.plays(state.round) and not p.stand_in}
    return [n for n in names if n in called and n not in state.answers]


@dataclass(frozen=True)
class CheckInImport:
    answer: CheckIn
    said: str
    """What was done: 'absent in round 3', 'plays round 3', or the action's refusal."""
    written: bool


def import_check_ins(store: WorkbookStore, journal: Journal) -> list[CheckInImport]:
    """Every answer not imported yet, through the attendance actions (checked as recalc would); the caller saves,
    then marks them with :func:`remember_check_ins`."""
    done = []
    for answer in journal.check_ins():
        if answer.imported is not None:
            continue
        player = _player(store, answer.player)
        try:
            if answer.answer == SKIP:
                change = checked_write(store, lambda staged: absent(staged, answer.player, answer.round,
                                                                    "skipped at check-in"))
                said, written = f"{change.render()}: absent in round {answer.round}", True
            elif player is not None and player.plays(answer.round):
                said, written = f"{answer.player}: plays round {answer.round} (already called, nothing to type)", False
            else:
                change = checked_write(store, lambda staged: present(staged, answer.player, answer.round))
                said, written = f"{change.render()}: plays round {answer.round}", True
        except InputError as exc:
            said, written = f"{answer.player}, round {answer.round}: refused, {exc.problems[0]}", False
        done.append(CheckInImport(answer, said, written))
    return done


def remember_check_ins(journal: Journal, done: list[CheckInImport]) -> None:
    for item in done:
        journal.checked_in(item.answer, item.said)


def _player(store: WorkbookStore, name: str) -> Player | None:
    if PLAYERS.name not in store.sheet_names():
        return None
    out = Collector(InputError)
    return next((p for p in read_players(store.read(PLAYERS.name), out, store.sheet_names()) if p.name == name), None)


__all__ = ["CheckInDesk", "CheckInImport", "CheckInState", "import_check_ins", "remember_check_ins", "unanswered"]
