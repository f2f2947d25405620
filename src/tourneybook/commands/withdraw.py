"""``tourneybook withdraw EVENT.xlsx NAME --after-round N``: a player leaves the event after round N.

Types N into the player's 'Withdrew after round' cell on the Players sheet (and
the reason, with ``--note``), nothing else, and saves atomically. Every command
then follows it: the draw never seats them again, the standings keep their
games and mark them (docs/attendance.md).
"""

from __future__ import annotations

from ..actions.attendance import withdraw
from ..actions.entrycheck import checked_write
from ..files.filestore import FileWorkbook


def register(sub) -> None:
    p = sub.add_parser("withdraw", help="record that a player withdrew after a round (Players sheet)")
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook")
    p.add_argument("name", metavar="NAME", help="the player, as on the Players sheet")
    p.add_argument("--after-round", type=int, required=True, metavar="N", help="the last round the player played")
    p.add_argument("--note", default="", metavar="REASON", help="why (shown with the standings' mark)")
    p.set_defaults(func=run)


def run(args) -> int:
    book = FileWorkbook(args.workbook)
    change = checked_write(book, lambda staged: withdraw(staged, args.name, args.after_round, args.note))
    book.save()
    print(f"{change.render()}: withdrew after round {args.after_round}; written to {args.workbook}")
    return 0
