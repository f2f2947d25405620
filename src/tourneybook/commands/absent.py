"""``tourneybook absent EVENT.xlsx NAME --round N``: the roll call says a player does not play round N.

Adds N to the player's 'Absent in rounds' cell on the Players sheet (and the
reason, with ``--note``), checks the event as ``recalc`` would, and saves
atomically. The draw of round N leaves the player out, the standings count the
round as not played by the ruleset's own rule (docs/attendance.md). When round N
is already drawn with the player at a table, the command says how to draw it again
when that works, and refuses when it does not (a round with results is never drawn
again).
"""

from __future__ import annotations

from ..actions.attendance import absence_said, absent, drawn_seat
from ..files.filestore import FileWorkbook
from .roll_call import player_parser, saved_change


def register(sub) -> None:
    player_parser(sub, "absent", "record that a player does not play a round (roll call, Players sheet)",
                  "the player, as on the Players sheet", "--round", "the round the player does not play",
                  ).set_defaults(func=run)


def run(args) -> int:
    saved_change(args.workbook, lambda staged: absent(staged, args.name, args.round, args.note),
                 lambda change: f"{change.render()}: {absence_said(seated(args, change.player), args.round)}; "
                                f"written to {args.workbook}")
    return 0


def seated(args, player: str) -> str:
    """Where ``player`` sits in the round's draw, if it is drawn (the note below then says how to draw it again)."""
    return drawn_seat(FileWorkbook(args.workbook, read_only=True), player, args.round)
