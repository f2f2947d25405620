"""What the Players-sheet commands share (``absent``, ``present``, ``withdraw``, ``join``).

Each names the workbook, a player and a round, writes that player's attendance
cells through :func:`~tourneybook.actions.entrycheck.checked_write` (refused when
recalc would then find a problem) and saves atomically: the file is changed
only when the whole change is accepted.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions.attendance import AttendanceChange
from ..actions.entrycheck import checked_write, drawn_seat_clashes
from ..files.filestore import FileWorkbook
from ..files.store import WorkbookStore


def player_parser(sub, command: str, about: str, player: str, round_flag: str, round_about: str, *, note: bool = True):
    """The command's parser with its workbook, player, round (``round_flag N``) and, with ``note``, ``--note``."""
    p = sub.add_parser(command, help=about)
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook")
    p.add_argument("name", metavar="NAME", help=player)
    p.add_argument(round_flag, type=int, required=True, metavar="N", help=round_about)
    if note:
        p.add_argument("--note", default="", metavar="REASON", help="why (shown with the standings' mark)")
    return p


def saved_change(
    workbook: str, change: Callable[[WorkbookStore], AttendanceChange], said: Callable[[AttendanceChange], str]
) -> tuple[AttendanceChange, FileWorkbook]:
    """``change`` written to ``workbook`` if recalc accepts it, and saved; what it did (``said``) is printed, then
    the redraw it needs, if any; the change and the saved workbook."""
    book = FileWorkbook(workbook)
    done = checked_write(book, change)
    book.save()
    print(said(done))
    for clash in drawn_seat_clashes(book):  # refused unless a redraw seats them out: say which redraw
        if clash.player == done.player:
            print(f"note: {clash.problem}")
    return done, book
