"""``tourneybook present EVENT.xlsx NAME --round N``: a player marked absent plays round N after all.

Takes N out of the player's 'Absent in rounds' cell on the Players sheet, checks
the event as ``recalc`` would, and saves atomically. Draw the round (again, with
``--redraw`` if it was drawn without them) to seat them (docs/attendance.md).
"""

from __future__ import annotations

from ..actions.attendance import present
from ..actions.entrycheck import checked_write
from ..files.filestore import FileWorkbook


def register(sub) -> None:
    p = sub.add_parser("present", help="undo 'absent': a player plays the round after all (Players sheet)")
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook")
    p.add_argument("name", metavar="NAME", help="the player, as on the Players sheet")
    p.add_argument("--round", type=int, required=True, metavar="N", help="the round the player plays")
    p.set_defaults(func=run)


def run(args) -> int:
    book = FileWorkbook(args.workbook)
    change = checked_write(book, lambda staged: present(staged, args.name, args.round))
    book.save()
    print(f"{change.render()}: plays round {args.round}; written to {args.workbook}")
    return 0
