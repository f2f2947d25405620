"""``tourneybook forms``: printable forms for a round, pre-filled from the draw, or blank.

    tourneybook forms EVENT.xlsx --round N [--pdf] [--out FORMS.xlsx]
    tourneybook forms --blank RULESET --tables K [--round N] --out FORMS.xlsx [--pdf]

``--bracket`` adds the Carcassonne knock-out bracket (seeded from the event's
standings sheet when there is one; without --round it is the only form);
``--years`` sets the Diplomacy years.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Collector, InputError
from ..forms import DEFAULT_YEARS, blank_forms, knockout_bracket, round_tables, write
from ..forms.carcassonne import KnockoutBracketForm
from ..forms.event import read_sheets
from ..rules import RULESET_IDS, find_ruleset
from ..workbook.generic import SETTINGS, read_settings_head
from ..workbook.store import SheetGrid


def register(sub) -> None:
    p = sub.add_parser(
        "forms",
        help="printable forms (game reports, centre counts, table slips, bracket) as a workbook and PDF",
        description="One A4 page per table: pre-filled from a round's draw in the event workbook, or blank.",
    )
    p.add_argument("event", metavar="EVENT.xlsx", nargs="?", help="the event workbook whose draw fills the forms")
    p.add_argument("--blank", metavar="RULESET", help="blank forms for walk-in tables: " + ", ".join(RULESET_IDS))
    p.add_argument("--tables", type=int, default=None, metavar="K", help="number of blank forms (with --blank)")
    p.add_argument("--round", type=int, default=None, metavar="N", help="the round (required with EVENT.xlsx)")
    p.add_argument("--years", type=int, default=DEFAULT_YEARS, metavar="Y",
                   help=f"Diplomacy: Fall columns from 1901 (default {DEFAULT_YEARS}: 1901-1907)")
    p.add_argument("--tournament", default="", help="tournament name printed on blank forms")
    p.add_argument("--bracket", action="store_true", help="Carcassonne: add the knock-out bracket")
    p.add_argument("--out", metavar="FORMS.xlsx", help="where to write the forms workbook")
    p.add_argument("--pdf", action="store_true", help="also print it to PDF through LibreOffice")
    p.add_argument("--force", action="store_true", help="overwrite FORMS.xlsx if it exists")
    p.set_defaults(func=run)


def run(args) -> int:
    if (args.event is None) == (args.blank is None):
        raise InputError("give either an event workbook (EVENT.xlsx --round N) or --blank RULESET --tables K")
    if args.event is not None:
        forms, out = event_forms(args)
    else:
        forms, out = blank(args)
    if args.event is not None and out.resolve() == Path(args.event).resolve():
        raise InputError(f"{out} is the event workbook: give the forms another name with --out")
    for path in write(forms, out, pdf=args.pdf, overwrite=args.force):
        print(path)
    return 0


def event_forms(args) -> tuple[list, Path]:
    event = Path(args.event)
    if args.round is None and not args.bracket:
        raise InputError("--round N is required with an event workbook")
    ruleset = event_ruleset(event)
    forms: list = [] if args.round is None else round_tables(event, ruleset, args.round, args.years)
    if args.bracket:
        require_carcassonne(ruleset)
        forms.append(knockout_bracket(event))
    part = f"R{args.round}" if args.round is not None else "knock-out"
    out = Path(args.out) if args.out else event.with_name(f"{event.stem}-forms-{part}.xlsx")
    return forms, out


def blank(args) -> tuple[list, Path]:
    if args.tables is None and not args.bracket:
        raise InputError("--tables K is required with --blank")
    forms: list = blank_forms(args.blank, args.tables or 0, args.round, args.tournament, args.years)
    if args.bracket:
        require_carcassonne(args.blank)
        forms.append(KnockoutBracketForm.of(args.tournament))
    out = Path(args.out) if args.out else Path(f"forms-{args.blank}.xlsx")
    return forms, out


def event_ruleset(event: Path) -> str:
    """The ruleset id on the event's Settings sheet, read as every command reads it.

    Read-only (forms may be printed while the workbook is open in Excel).
    """
    sheets = read_sheets(event)
    out = Collector(InputError)
    settings = sheets.get(SETTINGS.name)
    grid = SheetGrid(SETTINGS.name, tuple(settings)) if settings is not None else None
    head = read_settings_head(grid, out, tuple(sheets))
    if head is None:
        raise InputError(out.problems)
    return head.ruleset


def require_carcassonne(ruleset: str) -> None:
    if "knockout" not in find_ruleset(ruleset).extra:
        raise InputError(f"--bracket is for the Carcassonne knock-out: {find_ruleset(ruleset).name} has none")
