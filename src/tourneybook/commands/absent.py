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

from ..actions.attendance import absent, drawn_seat
from ..files.filestore import FileWorkbook
from .roll_call import player_parser, saved_change


def register(sub) -> None:
    player_parser(sub, "absent", "record that a player does not play a round (roll call, Players sheet)",
                  "the player, as on the Players sheet", "--round", "the round the player does not play",
                  ).set_defaults(func=run)


def run(args) -> int:
    saved_change(args.workbook, lambda staged: absent(staged, args.name, args.round, args.note),
                 lambda change: f"{change.render()}: absent in round {args.round} ({consequence(args, change.player)}); "
                                f"written to {args.workbook}")
    return 0


def consequence(args, player: str) -> str:
    """What marking ``player`` absent means for the round: left out of its draw, or, when the round is drawn with them
    at a table already, that they are still there (the note below says how to draw it again)."""
    seat = drawn_seat(FileWorkbook(args.workbook, read_only=True), player, args.round)
    if seat:
        return f"but round {args.round} is drawn already with them at {seat}: they stay there until it is drawn again"
    return "not drawn, no result expected"
