"""``tourneybook present EVENT.xlsx NAME --round N``: a player marked absent plays round N after all.

Takes N out of the player's 'Absent in rounds' cell on the Players sheet, checks
the event as ``recalc`` would, and saves atomically. Draw the round (again, with
``--redraw`` if it was drawn without them) to seat them (docs/attendance.md).
"""

from __future__ import annotations

from ..actions.attendance import present
from .roll_call import player_parser, saved_change


def register(sub) -> None:
    player_parser(sub, "present", "undo 'absent': a player plays the round after all (Players sheet)",
                  "the player, as on the Players sheet", "--round", "the round the player plays", note=False,
                  ).set_defaults(func=run)


def run(args) -> int:
    saved_change(args.workbook, lambda staged: present(staged, args.name, args.round),
                 lambda change: f"{change.render()}: plays round {args.round}; written to {args.workbook}")
    return 0
