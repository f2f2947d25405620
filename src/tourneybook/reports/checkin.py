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


from ..actions.attendance import absent, drawn_seat, present
from ..actions.entrycheck import checked_write
from ..errors import Collector, InputError
from ..frozen import frozen
from ..i18n import ENGLISH_WORDS, N_, Words
from ..files.store import WorkbookStore
from ..workbook.generic import PLAYERS, Player, read_players
from .sheet import read_draw
from .journal import PLAY, SKIP, CheckIn, Journal

OPEN_KEY = "checkin-round"
"""Journal meta: the round check-in is open for ('' or absent: closed)."""
PER_PHONE = 3
"""Players one phone (its cookie, or its network address) may answer for in a round: a player and, say, the friends
without a phone beside them; one phone checking the whole field out is refused after them (the desk takes the rest)."""
CLOSED = N_("Check-in is closed: tell the director at the desk.")
"""What a phone is told while the director has no round's check-in open."""


@frozen
class CheckInState:
    """What /api/state says of check-in: the round asked about, whether it is open, and the answers so far."""

    round: int
    open: bool
    answers: dict[str, str]
    """Player -> 'play' or 'skip'."""

    def data(self) -> dict:
        """Whether check-in is open, and for which round: what a player's card needs to offer it. Nobody's answer:
        who skips a round is for the director's page, not for every page of the hall."""
        return {"round": self.round, "open": self.open}


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
        return CheckInState(number, open=bool(number), answers=answers)

    def answer(self, player: str, answer: str, device: str, names: list[str], address: str = "",
               drawn: frozenset[int] = frozenset(), words: Words = ENGLISH_WORDS) -> str:
        """Store ``player``'s answer for the open round from the phone ``device`` at ``address``; '' when stored, else
        why not (for the phone, in ``words``' language). A round already drawn (in ``drawn``) takes no answer: the
        draw has seated who plays it, and only the director changes that."""
        number = self.open_round()
        if not number:
            return words._(CLOSED)
        if number in drawn:
            return words._(N_("Round {round} is drawn already: if you cannot play it, tell the director at the desk."
                              )).format(round=number)
        if player not in names:
            return words._(N_("Choose your name from the list."))
        if answer not in (PLAY, SKIP):
            return words._(N_("Choose whether you play or skip the round."))
        if self.journal.check_in(number, player, answer, device, address, most=PER_PHONE) is None:
            return words._(N_("This phone has answered for {count} players already: every other player answers on their "
                              "own phone, or at the director's desk.")).format(count=PER_PHONE)
        return ""

    def answered_by(self, player: str, device: str) -> str:
        """``player``'s answer for the open round when this phone gave it ('' otherwise): a phone sees only what it
        said itself."""
        number = self.open_round()
        return next((a.answer for a in self.journal.check_ins(number) if a.player == player and a.device == device),
                    "") if number else ""


def unanswered(names: list[str], state: CheckInState, players: tuple[Player, ...]) -> list[str]:
    """The players called for the open round who have not answered yet (in ``names``' order)."""
    called = {p.name for p in players if p.plays(state.round) and not p.stand_in}
    return [n for n in names if n in called and n not in state.answers]


@frozen
class CheckInImport:
    answer: CheckIn
    said: str
    """What was done: 'absent in round 3', 'plays round 3', or the action's refusal."""
    written: bool


def import_check_ins(store: WorkbookStore, journal: Journal) -> list[CheckInImport]:
    """Every answer not imported yet, through the attendance actions (checked as recalc would); the caller saves,
    then marks them with :func:`remember_check_ins`."""
    done = []
    drawn = _drawn_rounds(store)
    for answer in journal.check_ins():
        if answer.imported is not None:
            continue
        player = _player(store, answer.player)
        seat = drawn_seat(store, answer.player, answer.round) if answer.round in drawn else ""
        try:
            if answer.answer == SKIP and seat:  # marked absent there, recalc would refuse once the table has a result
                said, written = (f"{answer.player}, round {answer.round}: refused, round {answer.round} is drawn already "
                                 f"with them at {seat}: ask them; to take them out, type them absent ('tourneybook "
                                 f"absent') and draw the round again"), False
            elif answer.answer == SKIP:
                change = checked_write(store, lambda staged: absent(staged, answer.player, answer.round,
                                                                    "skipped at check-in"))
                said, written = f"{change.render()}: absent in round {answer.round}", True
            elif player is not None and player.plays(answer.round):
                said, written = f"{answer.player}: plays round {answer.round} (already called, nothing to type)", False
            elif answer.round in drawn:  # called now, they would have no table in a round drawn without them
                said, written = (f"{answer.player}, round {answer.round}: refused, round {answer.round} is drawn already "
                                 f"without them: to seat them, type them present ('tourneybook present') and draw the "
                                 f"round again"), False
            else:
                change = checked_write(store, lambda staged: present(staged, answer.player, answer.round))
                said, written = f"{change.render()}: plays round {answer.round}", True
        except InputError as exc:
            said, written = f"{answer.player}, round {answer.round}: refused, {exc.problems[0]}", False
        done.append(CheckInImport(answer, said, written=written))
    return done


def remember_check_ins(journal: Journal, done: list[CheckInImport]) -> None:
    for item in done:
        journal.checked_in(item.answer, item.said)


def _drawn_rounds(store: WorkbookStore) -> frozenset[int]:
    """The rounds the draw sheet has tables of (none when it cannot be read: the import says why elsewhere)."""
    try:
        return frozenset(t.round for t in read_draw(store).tables)
    except InputError:
        return frozenset()


def _player(store: WorkbookStore, name: str) -> Player | None:
    if PLAYERS.name not in store.sheet_names():
        return None
    out = Collector(InputError)
    return next((p for p in read_players(store.read(PLAYERS.name), out, store.sheet_names()) if p.name == name), None)


__all__ = ["PER_PHONE", "CheckInDesk", "CheckInImport", "CheckInState", "import_check_ins", "remember_check_ins", "unanswered"]
