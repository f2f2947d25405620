"""Friedrich in a workbook (fwc2022, cafe2023): a row per game, copied from Pompadour's report.

Seed 000, GFTR F (seed 001, F): "Pompadour will be provided with a game report
sheet on which to note down the players' names, the start time of the game and
later, the first Card of Fate. Once the game ends, Pompadour has to call the
jury, who will note down the scores." The 'Qualifying games' row holds the
report's entries in its own order (:data:`tourneybook.rules.friedrich.report.REPORT_FIELDS`), so
typing a paper report in is a straight copy; 'Final game' holds the final
(GFTR B: "The highest-ranked player has free choice of roles ...") the same way.

A row with only its round, table and players is a drawn game not yet played:
it is checked as a draw (nobody twice in a round or twice in one role) and
otherwise left out. A game counts as played once its end is entered (turn the
game ended, winners, or a nation's objectives at the end). The rules take only
complete rounds (every player has their game), so a round enters the standings
when every table of it has its result; the Instructions sheet says so.
Start time, first Card of Fate and the turn the OO was launched are the
report's record for the jury: checked, shown, not scored.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...errors import Collector, InputError, Problem
from ...rules.friedrich import (
    ATTACKERS,
    BOHEMIAN_OBJECTIVES,
    MAX_TURNS,
    Game,
    ImperialSwitch,
    Nation,
    Objectives,
    Offensive,
    Player,
    Role,
    Settings,
    TcCount,
    Tournament,
    game_problems,
    tournament_problems,
)
from ...rules.friedrich.report import OO_ENDINGS, REPORT_FIELDS
from ...rules.ranking import Adjustment
from .. import generic
from ..generic import ADJUSTMENTS, LOT, NAME, PLAYER, PLAYERS, POINTS, REASON, STAND_IN
from ..layout import Entries, Layout, SheetRows
from ..reader import Row
from ..schema import Column, EntrySheet, Kind

ROUND, TABLE, START, FIRST_FATE = "Round", "Table", "Start time", "First Card of Fate"
SWITCH_TURN, SWITCH_TO, SWITCH_HELD = "IA switch turn", "IA new controller", "IA held at switch"
OO_LAUNCHED, OO_CARD, OO_OUTCOME, OO_CALLED_OFF = (
    "OO launched in turn",
    "Austria picked up set-aside TC",
    "OO outcome",
    "OO called off in turn",
)
OO_PRUSSIA, OO_AUSTRIA = "Bohemian objectives Prussia", "Bohemian objectives Austria"
ENDED, WINNERS = "Game ended in turn", "Winners"
TC_N, TC_FREDERICK, TC_ATTACKERS = "sTCC N", "TCs Frederick until N", "TCs attackers until N"
NOTE = "Note"

SHORT = {Nation.IMPERIAL_ARMY: "IA"}
"""How the report's headers name a nation ('IA held'); the others by their own name."""
LEAVING = (Nation.RUSSIA, Nation.SWEDEN, Nation.FRANCE)
"""Nations a Card of Fate takes out of the game: the report logs when they left."""
OUTCOMES = {ending: outcome for outcome, ending in OO_ENDINGS.items()}
"""The report's words for how the Offensive Option ended ('called off', ...)."""


def held_header(nation: Nation) -> str:
    return f"{SHORT.get(nation, nation.value)} held"


def total_header(nation: Nation) -> str:
    return f"{SHORT.get(nation, nation.value)} total"


def left_header(nation: Nation) -> str:
    return f"{nation.value} left in turn"


def _turn(header: str, help_text: str, required: bool = False) -> Column:
    return Column(header, Kind.WHOLE, required=required, minimum=1, maximum=MAX_TURNS, width=9, help=help_text)


def _count(header: str, help_text: str, minimum: int = 0, maximum: int | None = None) -> Column:
    return Column(header, Kind.WHOLE, minimum=minimum, maximum=maximum, width=9, help=help_text)


def _columns() -> dict[str, Column]:
    """Every report field as a column; the sheets take them in REPORT_FIELDS order."""
    cols = [
        Column(ROUND, Kind.WHOLE, required=True, minimum=1, maximum=4, width=7, help="Qualifying round, 1 to 4."),
        Column(TABLE, Kind.WHOLE, required=True, minimum=1, width=7, help="Table number within the round."),
        *(Column(r.value, Kind.PLAYER, width=20, help=f"The player in the role of {r.value}.") for r in Role),
        Column(START, Kind.TIME, width=8, help="When the game started (for the record; not scored)."),
        Column(FIRST_FATE, Kind.TEXT, width=16, help="The first Card of Fate drawn (for the record; not scored)."),
        *(_turn(left_header(n), f"The turn {n.value} left the game (Card of Fate); empty if it stayed.") for n in LEAVING),
        _turn(SWITCH_TURN, "The turn the Imperial Army changed controller; empty if it did not."),
        Column(SWITCH_TO, Kind.CHOICE, choices=(Role.ELISABETH.value, Role.POMPADOUR.value), width=12,
               help="Who took the Imperial Army over: Elisabeth or Pompadour."),
        _count(SWITCH_HELD, "IA objectives Maria Theresa held at the switch (her second-best score only)."),
        _turn(OO_LAUNCHED, "The turn Prussia launched the Offensive Option (for the record); empty without an OO."),
        Column(OO_CARD, Kind.YES_NO, width=9, help="yes if Austria picked up the TC Prussia set aside for the OO."),
        Column(OO_OUTCOME, Kind.CHOICE, choices=tuple(OO_ENDINGS.values()), width=14,
               help="How the OO ended: Prussian victory, called off, or active at the end."),
        _turn(OO_CALLED_OFF, "The turn the OO was called off (only with 'called off')."),
        _count(OO_PRUSSIA, "Bohemian objectives Prussia held when the OO ended (of 14).", maximum=BOHEMIAN_OBJECTIVES),
        _count(OO_AUSTRIA, "Bohemian objectives Austria held when the OO ended.", maximum=BOHEMIAN_OBJECTIVES),
        _turn(ENDED, "The turn the game ended (1 to 23)."),
        Column(WINNERS, Kind.TEXT, width=18, help="The winning nations: Prussia, or one or more of Russia, Sweden, "
               "Austria, Imperial Army (IA), France, separated by commas."),
        *(
            c
            for n in ATTACKERS
            for c in (
                _count(held_header(n), f"Objectives {n.value} held at the end, or when it left."),
                _count(total_header(n), f"{n.value}'s objectives in this game (5, 8, 10, 12, 14, 16...).", minimum=1),
            )
        ),
        _turn(TC_N, "sTCC: the turn by which France, Sweden and Russia dropped out (or would have)."),
        _count(TC_FREDERICK, "sTCC: TCs Frederick received until turn N."),
        _count(TC_ATTACKERS, "sTCC: TCs the attacking nations received until turn N.", minimum=1),
    ]
    by_header = {c.header: c for c in cols}
    if not (tuple(by_header) == REPORT_FIELDS):
        raise AssertionError("bug: the game row must follow the paper report")
    return by_header


COLUMNS = _columns()
NOTE_COLUMN = Column(NOTE, Kind.TEXT, width=40, help="Free text, shown with the game's scores.")


def final_lot_header(role: Role) -> str:
    return f"Lot {role.value}"


QUALIFYING = EntrySheet(
    name="Qualifying games",
    title="Qualifying games (one row per table and round, as on Pompadour's game report)",
    help="Copy each game report left to right. A row with only round, table and players is a drawn game still to be "
    "played. A nation that stayed to the end: leave its 'left in turn' empty.",
    rows=200,
    columns=(*COLUMNS.values(), NOTE_COLUMN),
)

FINAL = EntrySheet(
    name="Final game",
    title="Final (the best four choose roles in qualifying order)",
    help="One row: the finalists in the roles they chose, then the game report as for a qualifying game. "
    "'Lot' columns only for a tie the rules leave to a lot (1 ranks first).",
    rows=3,
    columns=(
        Column(TABLE, Kind.WHOLE, minimum=1, width=7, help="Table number (1 if left empty)."),
        *(COLUMNS[h] for h in REPORT_FIELDS[2:]),
        NOTE_COLUMN,
        *(Column(final_lot_header(r), Kind.WHOLE, minimum=1, width=9,
                 help=f"Only for a tie in the final decided by lot: {r.value}'s drawn order.") for r in Role),
    ),
)

RESULT_HEADERS = (ENDED, WINNERS, TC_N, TC_FREDERICK, TC_ATTACKERS) + tuple(
    h for n in ATTACKERS if n not in LEAVING for h in (held_header(n), total_header(n))
)
"""Entries made only once a game is over (a leaving nation's objectives are logged during play)."""

_WINNER_WORDS = {n.value.casefold(): n for n in Nation} | {"ia": Nation.IMPERIAL_ARMY, "hanover": Nation.PRUSSIA}
"""Hanover is scored as Prussia (RULES.md); the report says 'Prussia/Hanover'."""
_SEPARATORS = re.compile(r"\s*(?:,|;|\+|/|&|\band\b)\s*", re.IGNORECASE)


# --- reading ----------------------------------------------------------------------------
# Cells are looked up in row.values and headers taken from constants: at 10,000 game rows, a method
# call per cell and an Enum's .value per role were a third of reading the games.

ROLE_HEADERS = tuple(r.value for r in Role)
"""The players' columns, in role order."""
_OBJECTIVE_HEADERS = tuple((n, held_header(n), total_header(n), left_header(n) if n in LEAVING else None) for n in ATTACKERS)
"""Per attacking nation: its held and total columns, and its 'left in turn' column if a Card of Fate can take it out."""
_RESULT_NEEDS = (*ROLE_HEADERS, ENDED, WINNERS)


def played(row: Row) -> bool:
    """The game's end is entered: the turn it ended, the winners, or a nation's end-of-game result."""
    values = row.values
    if any(values.get(h) is not None for h in RESULT_HEADERS):
        return True
    stayed = [(held, total) for _, held, total, left in _OBJECTIVE_HEADERS if left and values.get(left) is None]
    return any(values.get(h) is not None for headers in stayed for h in headers)


def winners(row: Row, out: Collector) -> frozenset[Nation]:
    """The Winners cell: nation names separated by commas (IA and Hanover understood)."""
    found: set[Nation] = set()
    for word in _SEPARATORS.split(row[WINNERS] or ""):
        if not word:
            continue
        nation = _WINNER_WORDS.get(" ".join(word.split()).casefold())
        if nation is None:
            names = ", ".join(n.value for n in Nation)
            out.extend([row.problem(f'"{word}" is not a nation; winners are among: {names}', WINNERS)])
        else:
            found.add(nation)
    return frozenset(found)


def _need(row: Row, headers: Sequence[str], why: str, out: Collector) -> bool:
    """Problems at each empty cell of ``headers``; True when all are filled."""
    values = row.values
    missing = [h for h in headers if values[h] is None]
    if missing:
        out.extend([row.problem(f"{h} is missing ({why})", h) for h in missing])
    return not missing


def game_of(row: Row, round_: int | None, out: Collector) -> Game | None:
    """The game of a played row; missing cells are problems (None then)."""
    v = row.values
    why = "the game's result is entered"
    ok = _need(row, _RESULT_NEEDS, why, out)
    objectives = tuple(Objectives(n, v[held], v[total], v[left] if left else None) for n, held, total, left in _OBJECTIVE_HEADERS)
    if any(o.held is None or o.total is None for o in objectives):  # only then look at each nation's cells
        for o, (n, held, total, _) in zip(objectives, _OBJECTIVE_HEADERS):
            ok = _need(row, (held, total), why if o.left_turn is None else f"{n.value} left the game", out) and ok
    won = winners(row, out) if v[WINNERS] is not None else frozenset()
    switch = None
    if any(v[h] is not None for h in (SWITCH_TURN, SWITCH_TO, SWITCH_HELD)):
        if _need(row, [SWITCH_TURN, SWITCH_TO, SWITCH_HELD], "the Imperial Army switch is entered", out):
            switch = ImperialSwitch(v[SWITCH_TURN], Role(v[SWITCH_TO]), v[SWITCH_HELD])
        else:
            ok = False
    offensive = None
    if any(v[h] is not None for h in (OO_LAUNCHED, OO_CARD, OO_OUTCOME, OO_CALLED_OFF, OO_PRUSSIA, OO_AUSTRIA)):
        ok = _need(row, [OO_OUTCOME, OO_PRUSSIA, OO_AUSTRIA], "the Offensive Option is entered", out) and ok
        outcome = OUTCOMES.get(v[OO_OUTCOME])
        offensive = Offensive(outcome, v[OO_PRUSSIA], v[OO_AUSTRIA], austria_took_card=bool(v[OO_CARD]),
                              called_off_turn=v[OO_CALLED_OFF])
        launched = v[OO_LAUNCHED]
        for header, what in ((OO_CALLED_OFF, "the OO was called off"), (ENDED, "the game ended")):
            if launched is not None and v[header] is not None and launched > v[header]:
                out.extend([row.problem(f"launched in turn {launched}, after {what} in turn {v[header]}", OO_LAUNCHED)])
                ok = False
                break
    tc = None
    if any(v[h] is not None for h in (TC_N, TC_FREDERICK, TC_ATTACKERS)):
        ok = _need(row, [TC_N, TC_FREDERICK, TC_ATTACKERS], "the sTCC inputs are entered", out) and ok
        tc = TcCount(v[TC_N], v[TC_FREDERICK], v[TC_ATTACKERS])
    if not ok or (v[WINNERS] is not None and not won):
        return None
    return Game(
        round_,
        row.get(TABLE, 1),
        *(v[h] for h in ROLE_HEADERS),
        duration=v[ENDED],
        winners=won,
        objectives=objectives,
        imperial_switch=switch,
        offensive=offensive,
        tc=tc,
        note=row.get(NOTE, ""),
    )


def game_alone(row: Row) -> Game | None:
    """A played row's game though its round is not complete (the record leaves it out until it is): the row was
    checked with the event, so nothing is left to collect."""
    return game_of(row, row[ROUND], Collector(InputError)) if played(row) else None


def _draw_problems(rows: Sequence[Row], out: Collector) -> None:
    """A table twice, a player twice in a round, a role played twice: at the later cell (GFTR B)."""
    tables: dict[tuple[int, int], Row] = {}
    seated: dict[tuple[int, str], Row] = {}
    roles: dict[tuple[str, str], Row] = {}
    for row in rows:
        v = row.values
        round_ = v[ROUND]
        key = (round_, v[TABLE])
        first = tables.setdefault(key, row)
        if first is not row:
            out.extend([row.problem(f"round {key[0]} table {key[1]} is already entered on row {first.line}", TABLE)])
        names = [v[h] for h in ROLE_HEADERS]  # once per row, not once per role
        for position, role in enumerate(ROLE_HEADERS):
            name = names[position]
            if name is None or names.index(name) != position:
                continue  # a player in two roles at one table is the rules' problem
            first = seated.setdefault((round_, name), row)
            if first is not row:
                where = f"R{round_} T{first[TABLE]} (row {first.line})"
                out.extend([row.problem(f"{name} already plays in round {round_}: {where}", role)])
            first = roles.setdefault((name, role), row)
            if first is not row:
                where = f"R{first[ROUND]} T{first[TABLE]} (row {first.line})"
                out.extend([row.problem(f"{name} already plays {role} in {where}", role)])


# --- placing the rules' problems -------------------------------------------------------------


def _offensive_header(message: str) -> str:
    if message.startswith(("succeeded", "unknown outcome")):
        return OO_OUTCOME
    if "Bohemian" in message:
        return OO_PRUSSIA
    return OO_CARD if "card" in message else OO_CALLED_OFF


def _game_header(row: Row, message: str) -> str | None:
    if message.endswith(" is seated in more than one role"):
        name = message.removesuffix(" is seated in more than one role")
        return [r.value for r in Role if row[r.value] == name][-1]
    for role in Role:
        if message.endswith(f"for {role.value}") or f"({role.value}) is not" in message:
            return role.value
    if message.startswith(("no winning", "unknown winning", "Prussia cannot win")):
        return WINNERS
    if message.startswith("duration"):
        return ENDED
    return {"table": TABLE, "round": ROUND}.get(message.split(" ", 1)[0])


PART_HEADERS: Mapping[str, Callable[[str], str]] = {
    "Imperial Army switch": lambda m: SWITCH_TO if "pass only" in m else SWITCH_HELD if "held" in m else SWITCH_TURN,
    "Offensive Option": _offensive_header,
    "sTCC": lambda m: TC_N if m.startswith("N ") else TC_FREDERICK if "Frederick" in m else TC_ATTACKERS,
    **{n.value: (lambda m, n=n: left_header(n) if "left" in m and n in LEAVING
                 else total_header(n) if m.startswith("total") else held_header(n)) for n in ATTACKERS},
}
"""Which cell a rules problem about one part of a game belongs to ('R1 T2, Russia' + its message)."""


def place(p: Problem, label: str, row: Row) -> Problem:
    """A rules problem about the game ``label`` at its cell of ``row``; the rules' words are kept."""
    part = p.where[len(label):].lstrip(", ")
    header = PART_HEADERS[part](p.message) if part in PART_HEADERS else _game_header(row, p.message)
    if header is not None and header not in row.columns:
        header = None
    message = f"{p.where}: {p.message}" if p.where else p.message
    return Problem(message, p.where, row.sheet, row.cell(header))


_SHEET_OF_WHERE = {
    "players": PLAYERS.name,
    "adjustments": ADJUSTMENTS.name,
    "lots": PLAYERS.name,
    "final lots": FINAL.name,
}


def _placed(problems: Sequence[Problem], places: Mapping[str, Row], rows: Sequence[Row]) -> list[Problem]:
    placed = []
    labels = sorted(places, key=len, reverse=True)
    for p in problems:
        label = next((lb for lb in labels if p.where == lb or p.where.startswith(lb + ",")), None)
        if label is not None:
            placed.append(place(p, label, places[label]))
        elif p.where == "final" and "Final" in places:
            placed.append(place(p, "final", places["Final"]))
        elif p.where in _SHEET_OF_WHERE:
            placed.append(p.located(_SHEET_OF_WHERE[p.where]))
        elif p.where == "games" and " in round " in p.message and "no game" in p.message:
            number = int(p.message.rsplit(" ", 1)[1])
            first = next(r for r in rows if r[ROUND] == number)
            placed.append(Problem(p.message, p.where, first.sheet, first.cell(ROUND)))
        elif p.where == "games" and "more than once" in p.message:
            continue  # reported at its cell by _draw_problems
        else:
            placed.append(p)
    return placed


# --- the layout's two conversions ----------------------------------------------------------


def to_tournament(
    entries: Entries, players: Sequence[generic.Player], settings: Settings, adjustments: Sequence[Adjustment], name: str
) -> Tournament:
    """The tournament record from the Qualifying games and Final game sheets (see the module docstring)."""
    out = Collector(InputError)
    rows = entries[QUALIFYING.name]
    _draw_problems(rows, out)
    games: dict[int, Game | None] = {}
    complete: dict[int, bool] = {}
    places: dict[str, Row] = {}
    for row in rows:
        is_played = played(row)
        complete[row[ROUND]] = complete.get(row[ROUND], True) and is_played
        if is_played:
            places[f"R{row[ROUND]} T{row[TABLE]}"] = row
            games[row.line] = game_of(row, row[ROUND], out)
    finals = entries[FINAL.name]
    for extra in finals[1:]:
        out.extend([extra.problem(f"the final is already entered on row {finals[0].line}: one row only", TABLE)])
    final = None
    if finals and played(finals[0]):
        places["Final"] = finals[0]
        final = game_of(finals[0], None, out)
    checked = [g for g in games.values() if g is not None] + ([final] if final else [])
    by_game = [p for g in checked for p in game_problems(g)]
    out.extend(_placed(by_game, places, rows))
    out.raise_if_any()
    final_lots = [(finals[0][r.value], finals[0][final_lot_header(r)]) for r in Role] if finals else []
    t = Tournament(
        settings=settings,
        players=tuple(Player(p.name, stand_in=p.stand_in) for p in players),
        games=tuple(g for row in rows if (g := games.get(row.line)) is not None and complete[row[ROUND]]),
        final=final,
        adjustments=tuple(adjustments),
        lots=tuple((p.name, p.lot) for p in players if p.lot is not None),
        final_lots=tuple((who, lot) for who, lot in final_lots if who is not None and lot is not None),
        attendance=generic.attendance(players),
    )
    # every game was checked above (and had no problem), so only what lies between games is left
    out.extend(_placed(tournament_problems(t, games_checked=True), places, rows))
    out.raise_if_any()
    return t


def game_row(game: Game) -> dict[str, Any]:
    """The report entries of ``game``, header -> value (the cells an organiser types)."""
    row: dict[str, Any] = {ROUND: game.round, TABLE: game.table, **{r.value: game.player(r) for r in Role}}
    for o in game.objectives:
        if o.left_turn is not None and o.nation not in LEAVING:
            raise InputError(f"{game.label}: {o.nation.value} cannot leave the game on the report (only Russia, Sweden, France)")
        if o.nation in LEAVING:
            row[left_header(o.nation)] = o.left_turn
        row[held_header(o.nation)] = o.held
        row[total_header(o.nation)] = o.total
    if game.imperial_switch is not None:
        s = game.imperial_switch
        row.update({SWITCH_TURN: s.turn, SWITCH_TO: s.to.value, SWITCH_HELD: s.held})
    if game.offensive is not None:
        o = game.offensive
        row.update(
            {
                OO_CARD: True if o.austria_took_card else None,
                OO_OUTCOME: OO_ENDINGS[o.outcome],
                OO_CALLED_OFF: o.called_off_turn,
                OO_PRUSSIA: o.prussia_bohemian,
                OO_AUSTRIA: o.austria_bohemian,
            }
        )
    row[ENDED] = game.duration
    row[WINNERS] = ", ".join(n.value for n in Nation if n in game.winners)
    if game.tc is not None:
        row.update({TC_N: game.tc.turns, TC_FREDERICK: game.tc.frederick, TC_ATTACKERS: game.tc.attackers})
    row[NOTE] = game.note or None
    return row


def to_rows(t: Tournament) -> SheetRows:
    """The rows an organiser would type for ``t`` (Players, Qualifying games, Final game, Adjustments).

    ``to_tournament`` gives ``t`` back when its lots are in Players order and its
    final lots in role order (the order the sheets hold them).
    """
    lots = dict(t.lots)
    players = [{NAME: p.name, STAND_IN: True if p.stand_in else None, LOT: lots.get(p.name)} for p in t.players]
    final: list[Mapping[str, Any]] = []
    if t.final is not None:
        row = game_row(t.final)
        del row[ROUND]
        final_lots = dict(t.final_lots)
        row.update({final_lot_header(r): final_lots.get(t.final.player(r)) for r in Role})
        final.append(row)
    adjustments = [{PLAYER: a.player, POINTS: a.points, REASON: a.reason} for a in t.adjustments]
    return {
        PLAYERS.name: players,
        QUALIFYING.name: [game_row(g) for g in t.games],
        FINAL.name: final,
        ADJUSTMENTS.name: adjustments,
    }


INSTRUCTIONS = (
    "After each game, copy Pompadour's game report into one row of 'Qualifying games', left to right. The draw may "
    "already have written the round, table and players: fill in the rest of that row.",
    "A round enters the standings once every table of it has its result; until then its games are checked but not "
    "counted. Recalculate after each round.",
    "Winners: 'Prussia' for a Prussian victory, otherwise the winning attacking nations separated by commas "
    "('Russia, Sweden'). A nation that left the game (Card of Fate) keeps the objectives it held when it left.",
    "After round 4 the Issues sheet lists the finalists in the order they choose roles; type the final on "
    "'Final game' (the result sheet 'Final' shows its places).",
)


def layout(ruleset_id: str) -> Layout:
    """The Friedrich layout of ``ruleset_id`` (fwc2022 or cafe2023): the same sheets, the ruleset's scoring."""
    return Layout(ruleset_id, (QUALIFYING, FINAL), to_tournament, to_rows, INSTRUCTIONS, whole_rounds_only=True,
                  game_alone=game_alone)


__all__ = ["FINAL", "QUALIFYING", "game_row", "layout", "played", "to_rows", "to_tournament"]
