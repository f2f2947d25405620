"""``tourneybook withdraw EVENT.xlsx NAME --after-round N``: a player leaves the event after round N.

Types N into the player's 'Withdrew after round' cell on the Players sheet (and
the reason, with ``--note``), nothing else, and saves atomically. Every command
then follows it: the draw never seats them again, the standings keep their
games and mark them (docs/attendance.md).
"""

from __future__ import annotations

from ..actions.attendance import withdraw
from .roll_call import player_parser, saved_change


def register(sub) -> None:
    player_parser(sub, "withdraw", "record that a player withdrew after a round (Players sheet)",
                  "the player, as on the Players sheet", "--after-round", "the last round the player played",
                  ).set_defaults(func=run)


def run(args) -> int:
    saved_change(args.workbook, lambda staged: withdraw(staged, args.name, args.after_round, args.note),
                 lambda change: f"{change.render()}: withdrew after round {args.after_round}; "
                                f"written to {args.workbook}")
    return 0
