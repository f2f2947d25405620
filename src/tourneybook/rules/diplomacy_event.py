"""The Diplomacy event: best N games, the game scoring chosen on the Settings sheet.

One ruleset (id ``diplomacy``) for every game-scoring system of :mod:`.game_scoring`:
the Settings row "Game scoring" names the system, the rows beside it the
tournament scheme (Games counted: the best N games, 0 for every game; Sit-out
points: what a round sat out at the TD's request scores), and one
row per number the system lets the director tune, labelled with the system's
name ("C-Diplo 100: solo points"). A system's Settings are a frozen dataclass
made from its :class:`~.game_scoring.Parameter` s (:func:`settings_type`), so
each number is read, checked and placed at its cell as every other setting is.

The tournament is the best-N scheme of :mod:`.best_n`: each board scored once
by the chosen system with the numbers used, a player's best N games summed,
then the best single game, then a lot; a stand-in fills a board and is scored
for it, but not ranked. A round sat out at the TD's request (recorded as
Italia 2010 records it, :mod:`.sit_outs`) scores the Sit-out points and is one
of the player's games for best N, but never the best game of the tie-break: it
is a score of that round, not a board played.

The older ids ``sos``, ``dss``, ``cdiplo100`` and ``opentribute`` were each one
system's event; each is now an alias of this ruleset with that system (the
registry's lines, :data:`tourneybook.rules.LISTED`; :func:`with_system`): ``new``
starts this event with the system, and a workbook or record that names the id
is read as this event, its Game scoring that system unless it says otherwise.

>>> settings = settings_of("C-Diplo 100")
>>> (settings.scoring, settings.games_counted, str(settings.first))
('cdiplo100', 2, '38')
>>> chosen(settings).name
'Diplomacy: C-Diplo 100'
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..errors import Collector, InputError, Problem, ValidationError
from ..i18n import N_, Phrase
from . import records_json as read
from .base import FormProfile, GameScore, Ruleset, SettingsChoice
from .best_n import Scheme, Tournament, best_game, best_n_ruleset
from .diplomacy import ROUNDS, Board, board_problems
from .game_scoring import LISTED, find_system
from .game_scoring.system import Need, Parameter, ScoringSystem, number_text

ID = "diplomacy"
DEFAULT_SYSTEM = "sos"
"""The system of the blank template and of ``new diplomacy`` without ``--scoring``."""
SCORING_LABEL = "Game scoring"
GAMES_LABEL = "Games counted"
ROUNDS_LABEL = "Rounds in the event"
ROUNDS_HELP = ("Rounds the event plays (003: 3); a tie on every criterion is left to a lot once the last of them has "
               "boards.")
TIE_BREAK = "best game"
"""The one tie-break before a lot: the highest single game score."""
EVERY_GAME = frozenset({"sos"})
"""Systems whose events counted every game unless told otherwise (Sum of Squares); the others count the best 2."""

SCORING_HELP = (
    "The game scoring: pick a system from the list (the sheet Scoring systems names each with its rule and its "
    "numbers). The rows after Games counted and Sit-out points are the chosen system's numbers, each at its "
    "published value until you change it. To choose another system: pick it here and delete the old system's rows (a row of another system "
    "is refused, so its numbers never score the new one); the new system's numbers keep their published values "
    "unless you add a row for one, labelled as the Scoring systems sheet names it. A system that needs other Boards "
    "columns (In draw, Conceded to) asks for each at its header cell. The forms, the Games counted sheet and the "
    "published page state the system and the numbers used."
)
GAMES_HELP = "Best games summed for the tournament score; 0 counts every game."
SIT_OUT_LABEL = "Sit-out points"
SIT_OUT_POINTS = Fraction(0)
"""A best-N event gives nothing for a round not played (CODCon 2008 counts a player's best 2 of 3 games: a sit-out
costs nothing while N games are played); a director who asks players to sit out, as Italia 2010 does for 50 (seed
004 section 6), types the points promised."""
SIT_OUT_HELP = (
    "Points for each round a player sat out at the TD's request (one row per sit-out on the Sit-outs sheet). A "
    "sit-out counts as one of the player's games for Games counted, but is never their best game for the tie-break. "
    "0 (the default): a sit-out scores nothing, as a best-N event gives nothing for a round not played; type the "
    "points you promise the players you ask to sit out (Italia 2010 gives 50)."
)


def row_label(system: ScoringSystem, parameter: Parameter) -> str:
    """The Settings row of one of the system's numbers, named after the system: 'C-Diplo 100: solo points'.

    The system's name (not its family's) makes a row typed for one system a stranger to every other,
    so a number tuned for C-Diplo 100 never silently scores C-Diplo 80.
    """
    own = parameter.label.partition(": ")[2] or parameter.label
    return f"{system.name}: {own}"


def _check_numbers(settings: Any) -> None:
    """Each number within what its system allows, the sit-out points not below 0; ValidationError at the number's
    Settings row."""
    c = Collector()
    c.check(settings.sit_out_points >= 0, f"{number_text(settings.sit_out_points)} is below 0: a sit-out the TD asks "
            "for scores 0 or more", "settings, sit_out_points")
    for p in settings.system.parameters:
        problem = p.problem(getattr(settings, p.key))
        if problem:
            c.add(problem.removeprefix(p.label).strip(), f"settings, {p.key}")
    c.raise_if_any()


@functools.cache
def settings_type(system_id: str) -> type:
    """The Settings dataclass of an event scored by one system: Game scoring, Games counted, then its numbers."""
    system = find_system(system_id)
    fields: list[tuple[str, type, Any]] = [
        ("scoring", str, dataclasses.field(default=system.id, metadata={
            "label": SCORING_LABEL, "help": SCORING_HELP, "choice": CHOICE})),
        ("games_counted", int, dataclasses.field(default=0 if system.id in EVERY_GAME else 2, metadata={
            "label": GAMES_LABEL, "help": GAMES_HELP})),
        ("sit_out_points", Fraction, dataclasses.field(default=SIT_OUT_POINTS, metadata={
            "label": SIT_OUT_LABEL, "help": SIT_OUT_HELP})),
        ("rounds", int, dataclasses.field(default=ROUNDS, metadata={
            "label": ROUNDS_LABEL, "help": ROUNDS_HELP})),
    ]
    for p in system.parameters:
        if p.key in ("scoring", "games_counted", "sit_out_points", "rounds", "tournament"):
            raise AssertionError(f"bug: {system.id}'s number {p.key!r} has the name of an event setting")
        fields.append((p.key, Fraction, dataclasses.field(default=p.default, metadata={
            "label": row_label(system, p), "help": f"{p.help} Published value: {number_text(p.default)}."})))
    return dataclasses.make_dataclass(
        f"Settings_{system.id}", fields, frozen=True,
        namespace={"system": system, "__post_init__": _check_numbers, "__module__": __name__,
                   "__doc__": f"The Settings of a Diplomacy event scored by {system.name}."})


def _option(typed: str) -> ScoringSystem:
    """The system named by its id, its name or its name as dipvis spells it, case and blanks aside; InputError naming
    the choices otherwise. Only the system found is loaded: the registry's lines hold every name."""
    key = " ".join(str(typed).split()).casefold()
    for line in LISTED:
        if key in (line.id.casefold(), line.name.casefold(), line.as_dipvis_names_it.casefold()):
            return line.system()
    return find_system(str(typed))  # raises, naming every id


def settings_of(typed: str) -> Any:
    """The default Settings of an event scored by the system with this id or name."""
    return settings_type(_option(typed).id)()


def _owner_of(label: str) -> str | None:
    """The system whose number a Settings row of this label is."""
    key = " ".join(label.split()).casefold()
    for line in LISTED:  # a row is labelled after its system's name: only that system is loaded to look
        if key.startswith(f"{line.name.casefold()}:"):
            system = line.system()
            if any(row_label(system, p).casefold() == key for p in system.parameters):
                return system.name
    return None


CHOICE = SettingsChoice(
    options=tuple((s.id, s.name, s.rule) for s in LISTED),
    settings_of=settings_of,
    owner_of=_owner_of,
    sheet="Scoring systems",
    rows_of=lambda system_id: tuple((row_label(s, p), p.default) for s in [find_system(system_id)]
                                    for p in s.parameters),
)
"""The Game scoring row's drop-down: every system of the registry."""


def numbers_of(settings: Any) -> dict[str, Fraction]:
    """The chosen system's numbers as the Settings give them."""
    return {p.key: getattr(settings, p.key) for p in settings.system.parameters}


def numbers_used(settings: Any) -> tuple[Phrase, ...]:
    """The numbers used, each by its name: 'solo points 100', 'points for playing 1', ...; () for a system without
    any."""
    system = settings.system
    return tuple(Phrase("{name} {value}", name=Phrase(row_label(system, p).partition(": ")[2]),
                        value=number_text(getattr(settings, p.key))) for p in system.parameters)


def scoring_note(settings: Any) -> Phrase:
    """The system and the numbers used, as the Games counted table and the published page state them: 'Game
    scoring: C-Diplo 100 (solo points 100, ...). <the whole rule>', a phrase each language says from its parts."""
    system = settings.system
    rule = system.rule_text(numbers_of(settings))
    used = numbers_used(settings)
    if not used:
        return Phrase(N_("Game scoring: {system}. {rule}"), system=system.name, rule=rule)
    return Phrase(N_("Game scoring: {system} ({numbers}). {rule}"), system=system.name, numbers=used, rule=rule)


NEED_COLUMNS: tuple[tuple[frozenset[Need], str], ...] = (
    (frozenset({Need.ELIMINATION_ORDER, Need.ELIMINATION_YEAR}), "Eliminated in"),
    (frozenset({Need.DRAW_MEMBERS}), "In draw"),
    (frozenset({Need.CONCESSION}), "Conceded to"),
)
"""What a system may need of a board beyond the final count, and the column each is written in on the
centre-count sheet (the Boards sheet's headers; the year-by-year counts are the Fall columns every sheet has)."""


def form_columns(system: ScoringSystem) -> tuple[str, ...]:
    """The centre-count sheet's columns for what ``system`` needs beyond the final count."""
    return tuple(column for needs, column in NEED_COLUMNS if needs & system.needs)


def board_checks(system: ScoringSystem, score: Callable[[Board], GameScore], board: Board) -> list[Problem]:
    """Every board's checks, the year-by-year counts when the system needs them, what the system refuses, and what
    only its scoring finds missing (ManorCon's losers to a solo score the years played: the game's last year).
    ``score``: the system's scoring of a board so checked (:attr:`.Scheme.score_checked`)."""
    problems = board_problems(board, need_history=Need.YEAR_COUNTS in system.needs) + system.board_problems(board)
    if problems:
        return problems
    try:
        score(board)  # kept: the standings score the board from here
    except ValidationError as exc:
        return [Problem(p.message + LAST_YEAR_HINT if p.message.endswith("last year") else p.message, p.where)
                for p in exc.problems]
    return []


LAST_YEAR_HINT = " (the year-by-year counts from 1901 give it)"
"""Where the game's last year comes from when a record or a Boards sheet has no field of its own for it."""


@functools.cache
def scheme_of(settings: Any) -> Scheme:
    """The best-N scheme around the chosen system with the numbers used; each board scored once, whether its
    check or the standings ask first."""
    system, numbers = settings.system, numbers_of(settings)
    score = functools.lru_cache(maxsize=4096)(lambda board: system.scores(board, numbers))
    # The board's checks passed (board_checks makes them, with the system's own): scored without checking it again
    checked = functools.lru_cache(maxsize=4096)(lambda board: system.score(board, system.numbers(numbers)))
    return Scheme(ID, f"Diplomacy: {system.name}", score, (best_game(TIE_BREAK),),
                  every_game_when_zero=True, board_checks=lambda board: board_checks(system, checked, board),
                  scoring_note=scoring_note(settings), takes_sit_outs=True, score_checked=checked)


def tournament_problems(t: Tournament) -> list[Problem]:
    """Everything wrong with a Diplomacy event's record under its chosen system, all at once."""
    return scheme_of(t.settings).tournament_problems(t)


def standings(t: Tournament, *, checked: bool = False) -> Any:
    """The best-N standings of ``t`` under the system its Settings choose."""
    return scheme_of(t.settings).standings(t, checked=checked)


def standings_by_round(t: Tournament, rounds: Any) -> Any:
    return scheme_of(t.settings).standings_by_round(t, rounds)


def tournament_from_dict(data: Mapping[str, Any], scoring: str = DEFAULT_SYSTEM, known_as: str = ID) -> Tournament:
    """A tournament record from JSON: its "settings" name the system ("scoring", an id or a name; ``scoring`` when
    they do not) and its numbers. ``known_as``: the id its "ruleset" may give (an older id's records read as this
    event's)."""
    if isinstance(data, Mapping) and known_as != ID and "ruleset" in data:  # an older id's record names that id
        c = Collector()
        read.ruleset(data, known_as, c)
        c.raise_if_any()
        data = {**data, "ruleset": ID}
    given = data.get("settings") if isinstance(data, Mapping) else None
    typed = given.get("scoring", scoring) if isinstance(given, Mapping) else scoring
    try:
        defaults = settings_of(str(typed))
    except InputError as exc:
        raise ValidationError([Problem(p.message, "settings, scoring") for p in exc.problems]) from None
    if isinstance(given, Mapping):  # the system by its id, however the record names it
        data = {**data, "settings": {**given, "scoring": defaults.scoring}}
    # the board checks depend on the system only: its default numbers check the record as well as any
    return scheme_of(defaults).tournament_from_dict(data, Tournament, defaults)


def summary(settings: Any) -> str:
    """The Instructions sheet's scoring paragraph: the system, its rule with the numbers used, the scheme."""
    n = settings.games_counted
    counted = f"the sum of the best {n} games" if n else "the sum of every game"
    return (f"Diplomacy, scored by {scoring_note(settings).removeprefix('Game scoring: ')} Tournament: {counted} "
            f"(Settings: Games counted; 0 = every game); a round sat out at the TD's request scores "
            f"{number_text(settings.sit_out_points)} (Settings: Sit-out points) and counts as a game; ties: best "
            "single game played, then lot. Stand-ins are scored for "
            "their boards, not ranked. The game scoring and its numbers are chosen on Settings (Game scoring).")


@functools.cache
def chosen(settings: Any) -> Ruleset:
    """The Diplomacy event as its Settings make it: named after its system, its forms stating the numbers used."""
    system = settings.system
    ruleset = best_n_ruleset(
        scheme=scheme_of(settings), name=f"Diplomacy: {system.name}", seed="", summary=summary(settings),
        settings=settings, record=Tournament,
        form=FormProfile(title=system.name, variant="FINAL_COUNT", centre_count=system.form_text(numbers_of(settings)),
                         columns=form_columns(system)),
    )
    return dataclasses.replace(ruleset, standings=standings, standings_by_round=standings_by_round,
                               tournament_from_dict=tournament_from_dict, chosen=chosen)


def starting_settings(ruleset: Ruleset, scoring: str | None) -> Any:
    """The Settings an event of ``ruleset`` starts with (``new``, blank forms): the Diplomacy event's with the system
    ``scoring`` names (or the one an older id stands for, or the default); None for a ruleset that scores by its own
    rules. InputError for ``scoring`` given with a ruleset whose scoring is not chosen."""
    if ruleset.chosen is None:
        if scoring is not None:
            raise InputError(f"--scoring chooses the game scoring of a Diplomacy event ({ID}); {ruleset.id} scores "
                             "by its own rules")
        return None
    if ruleset.id != ID:  # an older id: the event with its system
        system = ruleset.settings.system
        if scoring is not None and _option(scoring).id != system.id:
            raise InputError(f"{ruleset.id} is the Diplomacy event scored by {system.name}; for another system, "
                             f"give the ruleset {ID}: {ID} --scoring {scoring}")
        return ruleset.settings
    return settings_of(scoring or DEFAULT_SYSTEM)


def with_system(ruleset_id: str, system_id: str) -> Ruleset:
    """An older Diplomacy id (``sos``, ``dss``...): the Diplomacy event under that id, its Game scoring ``system_id``
    unless a workbook's Settings or a record say otherwise. Its cell function, where it has one, is the system's
    board scored in a cell (``tb_dss``: :mod:`tourneybook.excel.udfs`)."""
    return older(ruleset_id, settings_of(system_id))


@functools.cache
def older(ruleset_id: str, settings: Any) -> Ruleset:
    """The Diplomacy event as ``settings`` make it (:func:`chosen`), under an older id: scored the same, its
    workbooks keeping the sheets they were made with (the layout finds them by the id)."""
    return dataclasses.replace(
        chosen(settings), id=ruleset_id, chosen=functools.partial(older, ruleset_id),
        tournament_from_dict=functools.partial(tournament_from_dict, scoring=settings.scoring, known_as=ruleset_id),
        cell_functions=CELL_FUNCTIONS.get(settings.scoring, ()))


CELL_FUNCTIONS: Mapping[str, tuple[str, ...]] = {"dss": ("tb_dss",), "cdiplo100": ("tb_cdiplo100",),
                                                 "opentribute": ("tb_opentribute",)}
"""A system -> its board scored in an Excel cell (:mod:`tourneybook.excel.udfs`), as the older id of that system
offered it."""


RULESET = chosen(settings_of(DEFAULT_SYSTEM))
"""The registry's value: the event with the default system; :func:`chosen` narrows it to the Settings' system."""

__all__ = ["CELL_FUNCTIONS", "CHOICE", "DEFAULT_SYSTEM", "ID", "RULESET", "SCORING_LABEL", "chosen", "numbers_of",
           "numbers_used", "row_label", "scheme_of", "scoring_note", "settings_of", "settings_type", "starting_settings", "standings",
           "tournament_from_dict", "tournament_problems", "older", "with_system"]
