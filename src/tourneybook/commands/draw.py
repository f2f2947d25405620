"""``tourneybook draw EVENT.xlsx --round N | --all``: draw rounds into the event workbook.

    tourneybook draw EVENT.xlsx --round 2 [--seed S] [--redraw]
    tourneybook draw EVENT.xlsx --next                (the round after the last one drawn)
    tourneybook draw EVENT.xlsx --all
    tourneybook draw EVENT.xlsx --round 3 --sit-out "Ann Lee" --double "Bo Chen"   (Diplomacy)
    tourneybook draw EVENT.xlsx --round 3 --fill sit-out                           (Diplomacy: the draw chooses)
    tourneybook draw EVENT.xlsx --round 4 --top-board                              (Italia 2010)
    tourneybook draw EVENT.xlsx --final                                            (Friedrich)

The drawn tables go into the round's empty rows of the entry sheet; the
quality report is printed and written on the 'Draw quality' sheet, the rounds
drawn by player name on the 'Seating' sheet (``--pdf`` also prints that list,
for the wall, to EVENT-seating-RN.pdf through LibreOffice). A round
with results is never touched; on any refusal the file is left as it was.
``--final`` lists the Friedrich finalists in the order they choose roles (on
the 'Final draw' sheet), or checks the roles typed on the 'Final game' row; it
never chooses a role for anyone.

The command opens the file (:class:`FileWorkbook`), runs the same draw the
Excel button runs on the live workbook, and saves atomically only when the
draw succeeded.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from ..progress import waiting
from ..actions.draw import FINAL_DRAW_SHEET, QUALITY_SHEET, SEATING_SHEET, draw_event, draw_final
from ..actions.entrycheck import checked_write
from ..files.filestore import FileWorkbook


def register(sub) -> None:
    p = sub.add_parser("draw", help="draw a round (tables, roles, powers) into the event workbook")
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--round", type=int, metavar="N", help="the round to draw")
    which.add_argument("--next", action="store_true",
                       help="the round after the last one drawn (the workbook button's 'Draw next round')")
    which.add_argument("--final", action="store_true",
                       help="Friedrich: the finalists in choosing order, or check the roles typed on 'Final game'")
    which.add_argument("--all", action="store_true", help="every round still to draw (Friedrich 4, Carcassonne per Settings, Diplomacy 3)")
    p.add_argument("--seed", type=int, default=None, help="seed of the draw (default: from the tournament's name and the round)")
    p.add_argument("--redraw", action="store_true", help="replace a draw whose rows hold no results yet")
    p.add_argument("--sit-out", action="append", default=[], metavar="NAME", help="Diplomacy: a player the TD asks to sit out (repeatable)")
    p.add_argument("--double", action="append", default=[], metavar="NAME", help="Diplomacy: a player on two boards (repeatable)")
    p.add_argument("--fill", choices=("sit-out", "double"), default=None,
                   help="Diplomacy: the draw chooses who sits out (or plays two boards) where the boards are not full, "
                        "those who did it least often first")
    p.add_argument("--top-board", action="store_true", help="Italia 2010: board 1 is the top board of the best seven so far")
    p.add_argument("--pdf", action="store_true",
                   help=f"also print the '{SEATING_SHEET}' list (by name, a page per round) to EVENT-seating-RN.pdf (needs LibreOffice)")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.final:
        if args.pdf:
            raise InputError("--pdf prints a round's seating list: use it with --round N, --next or --all, not --final")
        return run_final(args)
    if args.pdf:
        from ..office import INSTALL_HINT, find_soffice

        if find_soffice() is None:  # said before drawing, not after the workbook changed
            raise InputError(f"--pdf needs LibreOffice to print the seating list. {INSTALL_HINT} Or leave out --pdf "
                             f"and print the '{SEATING_SHEET}' sheet from your spreadsheet program.")
    book = FileWorkbook(args.workbook)
    from ..reports.hall_address import seating_pictures  # the live address's QR code, when Settings switch reporting on

    pictures = seating_pictures(book, args.workbook)
    doing = "drawing every round" if args.all else "drawing the next round" if args.next else f"drawing round {args.round}"
    with waiting(doing):  # large events: seconds
        outcome = checked_write(book, lambda staged: draw_event(  # nothing recalc would refuse is written
            staged,
            args.round,  # None with --next: the round after the last one drawn
            every_round=args.all,
            seed=args.seed,
            redraw=args.redraw,
            sit_outs=args.sit_out,
            doubles=args.double,
            top_board=args.top_board,
            seating_pictures=pictures,
            fill=args.fill,
        ))
        book.save()
    print(outcome.render())
    rounds = ", ".join(str(r.number) for r in outcome.draw.rounds)
    print(f"written to {args.workbook}: round(s) {rounds}, the '{SEATING_SHEET}' sheet (by name, to print for the "
          f"wall) and the '{QUALITY_SHEET}' sheet")
    if args.pdf and outcome.seating is not None:
        from ..workbook.printing import print_sheets

        event = Path(args.workbook)
        numbers = [r.number for r in outcome.draw.rounds]
        which = f"R{numbers[0]}" if len(numbers) == 1 else f"R{numbers[0]}-R{numbers[-1]}"
        print(f"seating list: {print_sheets([outcome.seating], event.with_name(f'{event.stem}-seating-{which}.pdf'))}")
    return 0


def run_final(args) -> int:
    others = [o for o, given in (("--seed", args.seed is not None), ("--redraw", args.redraw),
                                 ("--sit-out", args.sit_out), ("--double", args.double), ("--fill", args.fill),
                                 ("--top-board", args.top_board)) if given]
    if others:
        raise InputError(f"--final takes no other option (given: {', '.join(others)})")
    book = FileWorkbook(args.workbook)
    outcome = checked_write(book, draw_final)
    book.save()
    print(outcome.render())
    print(f"written to {args.workbook}: the '{FINAL_DRAW_SHEET}' sheet")
    return 0
