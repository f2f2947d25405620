"""``tourneybook forms``: printable forms pre-filled from the event workbook, or blank.

    tourneybook forms EVENT.xlsx --round N [--pdf] [--out FORMS.xlsx]
    tourneybook forms EVENT.xlsx --final          (Friedrich: the final's game report)
    tourneybook forms EVENT.xlsx --bracket        (Carcassonne: the knock-out bracket)
    tourneybook forms --blank RULESET --tables K [--round N] --out FORMS.xlsx [--pdf]
    tourneybook forms --blank diplomacy --scoring ID --tables K ...  (the centre-count sheet of that game scoring)
    tourneybook forms --blank RULESET --tables K --language es ...   (blank forms in the players' language)

The event is read through the store (:class:`~tourneybook.files.filestore.FileWorkbook`)
exactly as the Excel button reads the live workbook; it is never written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import InputError
from ..i18n import ENGLISH_WORDS, LANGUAGES, Words, find_language, words_in
from ..forms import blank_forms, bracket_forms, final_forms, round_forms, write
from ..forms.common import DEFAULT_YEARS, MAX_YEARS
from ..rules import RULESET_IDS, find_ruleset
from ..files.filestore import FileWorkbook


def register(sub) -> None:
    p = sub.add_parser(
        "forms",
        help="printable forms (game reports, centre counts, table slips, bracket) as a workbook and PDF",
        description="One A4 page per table: pre-filled from a round's draw in the event workbook, or blank.",
    )
    p.add_argument("event", metavar="EVENT.xlsx", nargs="?", help="the event workbook whose draw fills the forms")
    p.add_argument("--blank", metavar="RULESET", help="blank forms for walk-in tables: " + ", ".join(RULESET_IDS))
    p.add_argument("--tables", type=int, default=None, metavar="K", help="number of blank forms (with --blank)")
    p.add_argument("--round", type=int, default=None, metavar="N", help="the round whose draw fills the forms")
    p.add_argument("--final", action="store_true",
                   help="Friedrich: the final's game report, the finalists in the roles typed on 'Final game'")
    p.add_argument("--bracket", action="store_true",
                   help="Carcassonne: the knock-out bracket, seeded from the preliminary standings")
    p.add_argument("--years", type=int, default=None, metavar="Y",
                   help="Diplomacy: Fall columns from 1901 (default: the Settings' years per game, "
                        f"else {DEFAULT_YEARS}: 1901-{1900 + DEFAULT_YEARS})")
    p.add_argument("--tournament", default="", metavar="NAME", help="tournament name printed on blank forms")
    p.add_argument("--scoring", metavar="ID", default=None,
                   help="with --blank diplomacy: the game-scoring system whose rules the centre-count sheets print")
    p.add_argument("--language", metavar="LANGUAGE", default=None,
                   help="with --blank: the players' language of the forms (en, es, de, it, fr; default English); an "
                        "event's forms follow its Settings' Language row")
    p.add_argument("--out", metavar="FORMS.xlsx", help="where to write the forms workbook")
    p.add_argument("--pdf", action="store_true", help="also print it to PDF through LibreOffice")
    p.add_argument("--force", action="store_true", help="overwrite FORMS.xlsx if it exists")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.years is not None and not 2 <= args.years <= MAX_YEARS:  # said of the option typed, not of the sheet's cells
        raise InputError(f"--years {args.years}: the number of years of Fall columns from 1901, a whole number from 2 "
                         f"to {MAX_YEARS} (--years 8 prints 1901-1908)")
    if (args.event is None) == (args.blank is None):
        raise InputError("give either an event workbook's file name and --round N (tourneybook forms essen.xlsx --round 1) "
                         "or --blank RULESET --tables K")
    if args.event is not None:
        forms, out = event_forms(args)
        if out.resolve() == Path(args.event).resolve():
            raise InputError(f"{out} is the event workbook: give the forms another name with --out")
    else:
        forms, out = blank(args)
    for path in write(forms, out, pdf=args.pdf, overwrite=args.force):
        print(path)
    return 0


def blank_words(language: str | None) -> Words:
    """The words of ``--language`` for blank forms; InputError naming the five for another."""
    if language is None:
        return ENGLISH_WORDS
    found = find_language(language)
    if found is None:
        raise InputError(f"--language {language}: the forms are printed in "
                         + ", ".join(f"{lang.name} ({lang.code})" for lang in LANGUAGES))
    return words_in(found.code)


def event_forms(args) -> tuple[list, Path]:
    """The forms asked for, from the event workbook; the default file name says which."""
    if args.language is not None:
        raise InputError("--language is for --blank forms: an event's forms are printed in its Settings' Language "
                         "(change that row to print them in another)")
    event = Path(args.event)
    if args.round is None and not args.final and not args.bracket:
        raise InputError("say which forms: --round N (a round's tables), --final (Friedrich) or --bracket (Carcassonne)")
    store = FileWorkbook(event, read_only=True)  # forms may be printed while Excel has the event open
    forms: list = []
    parts: list[str] = []
    if args.round is not None:
        from ..reports.stamp import stamp_round_forms  # the live address and table codes, when Settings switch them on

        stamped, note = stamp_round_forms(store, event, round_forms(store, args.round, years=args.years), args.round)
        forms += stamped
        parts.append(f"R{args.round}")
        if note:
            print(f"note: {note}")
    if args.final or args.bracket:
        from ..reports.stamp import stamp_stage_forms  # the final's and the matches' table codes, when live reporting is on

        later = (final_forms(store) if args.final else []) + (bracket_forms(store) if args.bracket else [])
        stamped, note = stamp_stage_forms(store, event, later)
        forms += stamped
        parts += ["final"] * bool(args.final) + ["knock-out"] * bool(args.bracket)
        if note:
            print(f"note: {note}")
    out = Path(args.out) if args.out else event.with_name(f"{event.stem}-forms-{'-'.join(parts)}.xlsx")
    return forms, out


def blank(args) -> tuple[list, Path]:
    words = blank_words(args.language)
    if args.final:
        raise InputError("--final prints the finalists from an event workbook: give its file name instead of --blank")
    if args.tables is None and not args.bracket:
        raise InputError("--tables K is required with --blank")
    years = args.years if args.years is not None else DEFAULT_YEARS
    ruleset = find_ruleset(args.blank)
    form_of: Any = args.blank
    if ruleset.chosen is not None or args.scoring is not None:  # the Diplomacy event's game scoring (or a refusal)
        from ..rules.diplomacy_event import chosen, starting_settings  # on use: another ruleset's forms load none of it

        settings = starting_settings(ruleset, args.scoring)
        form_of = args.blank if settings is None else chosen(settings)
    forms: list = blank_forms(form_of, args.tables or 0, args.round, args.tournament, years, words)
    if args.bracket:
        if ruleset.knockout is None:
            raise InputError(f"--bracket is for a ruleset with a knock-out (the Carcassonne one), not {args.blank}")
        from ..forms.carcassonne import KnockoutBracketForm

        forms.append(KnockoutBracketForm.of(args.tournament, words=words))
    out = Path(args.out) if args.out else Path(f"forms-{args.blank}.xlsx")
    return forms, out
