"""``tourneybook join EVENT.xlsx NAME --from-round N``: a late arrival (or a new stand-in) plays from round N.

Types N into the player's 'From round' cell on the Players sheet; a name not
on the sheet yet gets the first empty row (with ``--stand-in``, ``--club``,
``--group`` when given). Nothing else is written; the file is saved
atomically. The next draw seats them from round N (docs/attendance.md).
"""

from __future__ import annotations

from ..actions.attendance import join
from .roll_call import player_parser, saved_change


def register(sub) -> None:
    p = player_parser(sub, "join", "record a late arrival or a new stand-in from a round on (Players sheet)",
                      "the player; a new name is added to the Players sheet", "--from-round",
                      "the first round the player plays")
    p.add_argument("--stand-in", action="store_true", help="a new player who only fills a seat (never ranked)")
    p.add_argument("--club", default="", help="a new player's club or country")
    p.add_argument("--group", default="", help="a new player's keep-apart group")
    p.set_defaults(func=run)


def run(args) -> int:
    saved_change(args.workbook, lambda staged: join(
        staged, args.name, args.from_round, note=args.note, stand_in=args.stand_in, club=args.club, group=args.group),
                 lambda change: f"{change.render()}: plays from round {args.from_round}; written to {args.workbook}")
    return 0
