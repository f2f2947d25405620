"""``tourneybook new RULESET --players PLAYERS.csv|.xlsx --out EVENT.xlsx [--xlsm]``: a new tournament workbook.

The ruleset's template with the players already on the Players sheet (the list
is read by :mod:`tourneybook.actions.players_list`). ``new diplomacy --scoring
ID`` starts the Diplomacy event scored by that system (its Settings name it,
with its numbers); ``new sos`` (dss, cdiplo100, opentribute) is the same event
with that system, as those ids always started it. ``--language es`` (de, it, fr) sets the Settings' Language
row: the players' language of the forms, the Seating sheet and the published results. With ``--xlsm`` the
workbook gets the Recalculate button (made by the Excel layer,
:func:`tourneybook.excel.xlsm.write_xlsm`) and its Python module beside it; a
.py of that name that TourneyBook did not write is replaced only with --force.
"""

from __future__ import annotations

import tempfile
from importlib import import_module
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..i18n import LANGUAGES
from ..workbook.nameorder import DEFAULT_LANGUAGE, find_collation
from ..rules import RULESET_IDS, find_ruleset
from ..rules.diplomacy_event import DEFAULT_SYSTEM, ID as DIPLOMACY, starting_settings
from ..rules.game_scoring import SYSTEM_IDS
from ..files.filestore import check_suffix
from ..workbook.generic import CLUB, DISTANCE, GROUP, NAME, PLAYERS, STAND_IN, Player
from ..workbook.layout import Layout
from ..workbook.layouts import find_layout
from ..actions.players_list import read_players_list


def register(sub) -> None:
    p = sub.add_parser("new", help="create a tournament workbook with its players")
    p.add_argument("ruleset", metavar="RULESET", help=", ".join(RULESET_IDS))
    p.add_argument("--players", required=True, metavar="PLAYERS.csv",
                   help="a .csv (, ; or tab) or .xlsx list; columns: name, club, stand-in, distance, group")
    p.add_argument("--out", required=True, metavar="EVENT.xlsx", help="the workbook to create")
    p.add_argument("--scoring", metavar="ID", default=None,
                   help=f"{DIPLOMACY} only: the game-scoring system (default {DEFAULT_SYSTEM}; `tourneybook systems` "
                        f"lists them): {', '.join(SYSTEM_IDS)}")
    p.add_argument("--name", default="", help="the tournament's name (default: the ruleset's)")
    p.add_argument("--language", default=DEFAULT_LANGUAGE, metavar="LANGUAGE",
                   help="the players' language (Settings, 'Language'): the forms, the Seating sheet and the published "
                        "results are written in it (" + ", ".join(f"{lang.code} {lang.name}" for lang in LANGUAGES)
                        + "); another language the Settings sort names in writes English. Default: English")
    p.add_argument("--xlsm", action="store_true", help="make a macro workbook with a Recalculate button")
    p.add_argument("--force", action="store_true", help="overwrite EVENT.xlsx (and with --xlsm its .py) if it exists")
    p.set_defaults(func=run)


def player_rows(players: tuple[Player, ...]) -> list[dict]:
    return [{NAME: p.name, CLUB: p.club or None, STAND_IN: p.stand_in or None, DISTANCE: p.distance, GROUP: p.group or None} for p in players]


def starting_point(ruleset_id: str, scoring: str | None) -> tuple[Layout, Any]:
    """The layout and Settings a new event starts from: the Diplomacy event with its system (``--scoring``, or the
    system an older id stood for), otherwise the ruleset's own (None: its defaults)."""
    settings = starting_settings(find_ruleset(ruleset_id), scoring)
    return find_layout(DIPLOMACY if settings is not None else ruleset_id), settings


def language_row(language: str) -> str:
    """The Language row's value for ``--language`` ('es', 'Español', 'spanish' -> 'Spanish'; 'DIN 5007-2' -> 'German
    (phone book)'); InputError listing the languages for one TourneyBook neither writes nor sorts names in."""
    try:
        return find_collation(language).name
    except InputError:
        raise InputError(f"--language {language}: TourneyBook writes forms and results in "
                         + ", ".join(f"{lang.name} ({lang.code})" for lang in LANGUAGES)
                         + "; give one of them (or a language the Settings sort names in, which writes English)") from None


def run(args) -> int:
    from ..workbook import template  # openpyxl: only the commands that build a workbook load it

    layout, settings = starting_point(args.ruleset, args.scoring)
    language = language_row(args.language)
    listed = read_players_list(args.players)
    players = listed.players
    out = Path(args.out)
    if args.xlsm and out.suffix.lower() != ".xlsm":
        out = out.with_suffix(".xlsm")
    if not args.xlsm and out.suffix.lower() == ".xlsm":  # the README's "use --xlsm and essen.xlsm", half typed
        raise InputError(f"{out}: a workbook with the button needs --xlsm as well (tourneybook new {args.ruleset} "
                         f"--players {args.players} --out {out} --xlsm); a workbook without it ends in .xlsx")
    check_suffix(out, (".xlsm",) if args.xlsm else (".xlsx",))
    if out.exists() and not args.force:
        raise InputError(f"{out} already exists: choose another name, or add --force to overwrite it")
    rows = {PLAYERS.name: player_rows(players)}
    if not args.xlsm:
        template.write(out, layout, tournament=args.name, settings=settings, rows=rows, language=language)
    else:
        try:
            write_xlsm = import_module("tourneybook.excel.xlsm").write_xlsm
        except (ImportError, AttributeError):
            raise InputError(
                "the .xlsm workbook with its Recalculate button needs the Excel layer (tourneybook.excel.xlsm), "
                "which this installation does not have; create the .xlsx and run 'tourneybook recalc' instead"
            ) from None
        with tempfile.TemporaryDirectory(prefix="tourneybook-new-") as tmp:
            plain = template.write(Path(tmp) / f"{out.stem}.xlsx", layout, tournament=args.name, settings=settings,
                                   rows=rows, language=language)
            write_xlsm(plain, out, overwrite=args.force)
    for note in listed.notes:
        print(f"note: {note}")
    scoring = f", scored by {settings.system.name}" if settings is not None else ""
    print(f"wrote {out} ({layout.ruleset}{scoring}, {len(players)} players)")
    return 0
