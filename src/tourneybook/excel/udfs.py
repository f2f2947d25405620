"""Cell functions for the organiser's own sheets: =TB_CARC_POINTS(...), =TB_CODCON(...), ...

Each one builds its ruleset's own record and calls the ruleset's scoring, so a
cell shows exactly what the standings use. Docstrings are Excel's help text.
One module serves classic xlwings (Windows: "Import Functions", ``UDF Modules``
in xlwings.conf) and xlwings Lite / xlwings Server (``@func`` registration):
``xw.func``/``xw.arg`` are whichever the running xlwings provides.

A bad argument gives a readable text in the cell ("TB_CODCON: Russia: centres 40
must be between 0 and 34"), never a trace. Numbers are returned as floats: the
cell rounds only for display, as everywhere (RULES.md).

Diplomacy ranges list the seven powers in the order Austria, England, France,
Germany, Italy, Russia, Turkey (one row or one column each).

The cell functions carry no type annotations on purpose: xlwings reads them as
value converters. Ranges arrive as 2-D lists (``ndim=2``), single cells as
str/float/bool/None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import xlwings as xw

from ..errors import InputError, Problem
from ..numbers import whole_number
from ..rules.base import GameScore
from ..rules import cafe2023, carcassonne2004, codcon2008, friedrich, fwc2022, italia2010
from ..rules.game_scoring import find_system, listed
from ..rules.diplomacy import FIRST_YEAR, Board, Power, PowerResult
from ..rules.friedrich import ATTACKERS, Nation

Grid = list[list[Any]]


# --- argument handling ------------------------------------------------------------


BLANK = (None, "")
"""An empty cell: Excel passes None (Office.js may pass '')."""


def _whole(value: Any, what: str) -> int:
    """A whole number from a cell (Excel hands every number over as a float)."""
    if value in BLANK:
        raise InputError(f"{what}: the cell is empty")
    number = whole_number(value)
    if number is None:
        raise InputError(f"{what}: {value!r} is not a whole number")
    return number


def _grid(value: Any) -> Grid:
    """A range as rows of cells; a single cell (or an omitted argument) as a 1 x 1 range."""
    if isinstance(value, (list, tuple)):
        return [list(r) if isinstance(r, (list, tuple)) else [r] for r in value] or [[None]]
    return [[value]]


def _cells(grid: Any) -> tuple[list[Any], bool]:
    """The cells of a one-row or one-column range, and whether it was a column."""
    rows = _grid(grid)
    if len(rows) > 1 and all(len(r) == 1 for r in rows):
        return [r[0] for r in rows], True
    if len(rows) == 1:
        return rows[0], False
    raise InputError(f"expected one row or one column, got {len(rows)} x {max(len(r) for r in rows)} cells")


def _shaped(values: Sequence[Fraction], *, column: bool) -> Grid:
    numbers = [float(v) for v in values]
    return [[n] for n in numbers] if column else [numbers]


def _answer(name: str, compute: Callable[..., Grid | float], *args: Any) -> Grid | float | str:
    """The result, or the problems as one readable text for the cell (what Excel users see instead of #VALUE!)."""
    try:
        return compute(*args)
    except InputError as exc:
        return f"{name}: " + "; ".join(_plain(p) for p in exc.problems)
    except Exception as exc:  # noqa: BLE001 - a defect still reads as text in the cell, never as a trace
        return f"{name}: #VALUE! these arguments cannot be used ({type(exc).__name__}: {exc})"


_ONE_GAME = ("game R1 B1", "R1 T1")
"""Labels of the one game a cell function scores: meaningless in a cell, left out of its messages."""


def _plain(problem: Problem) -> str:
    where = problem.where
    for label in _ONE_GAME:
        if where.startswith(label):
            where = where[len(label):].lstrip(", ")
    return f"{where}: {problem.message}" if where else problem.message


def _seven(values: list[Any], what: str) -> list[Any]:
    if len(values) != len(Power):
        raise InputError(f"{what}: {len(values)} cells, one per power needed ({', '.join(p.value for p in Power)})")
    return values


# --- Friedrich --------------------------------------------------------------------

NATION_DOC = "Prussia (Hanover counts as Prussia), Russia, Sweden, Austria, Imperial Army (or IA), France."
TURNS_DOC = "Prussia and winners: turns the game lasted; a losing attacker: turns it was in the game (the turn it left, else the game's)."
NATION_ARGS = (
    ("nation", NATION_DOC),
    ("held", "Objectives the nation held at the end or when it left (empty for Prussia)."),
    ("total", "The nation's objectives in this game, e.g. 10 (empty for Prussia)."),
    ("turns", TURNS_DOC),
    ("won", "TRUE if the nation is among the winners (Prussia: a defensive victory)."),
)
"""Excel's help for the arguments both nation functions share, in their order."""


def _nation_args(func: Callable[..., Any]) -> Callable[..., Any]:
    """``@xw.arg`` for each of :data:`NATION_ARGS`, as if written one above the other."""
    for name, doc in reversed(NATION_ARGS):
        func = xw.arg(name, doc=doc)(func)
    return func


@xw.func
@_nation_args
@xw.arg("winning_nations", doc="How many nations won the game (1 unless attackers won together); default 1.")
def tb_fwc_nation(nation, held, total, turns, won, winning_nations=1):
    """A nation's FWC 2022 score with its share of the victory bonus (seed 000 II, standard game): Frederick 10 for a defensive victory, else 0.5 per turn; attackers 10 x held / total; bonus 2, +1 per extra winning attacker, shared by the winners."""
    return _answer("TB_FWC_NATION", _nation_score, fwc2022, nation, held, total, turns, won, winning_nations)


@xw.func
@_nation_args
def tb_cafe_nation(nation, held, total, turns, won):
    """A nation's CAFE'23 score (seed 001 C, standard game): Prussia 10 + 0.1 per turn for a defensive victory, else 0.5 per turn; winning attacker 13 - 0.1 per turn; losing attacker %O/10 + 1.6 - 0.1 per turn in the game."""
    return _answer("TB_CAFE_NATION", _nation_score, cafe2023, nation, held, total, turns, won, 1)


def _nation(name: Any) -> Nation:
    text = str(name or "").strip().casefold()
    aliases = {"hanover": Nation.PRUSSIA, "ia": Nation.IMPERIAL_ARMY, "imperial": Nation.IMPERIAL_ARMY}
    found = aliases.get(text) or next((n for n in Nation if n.value.casefold() == text), None)
    if found is None:
        raise InputError(f"unknown nation {name!r}; one of {NATION_DOC}")
    return found


def _yes(value: Any, what: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    raise InputError(f"{what}: {value!r} is not TRUE or FALSE")


def _nation_score(rules: Any, name: Any, held: Any, total: Any, turns: Any, won: Any, winning_nations: Any) -> float:
    """The nation's score in a one-nation view of a standard game, scored by the ruleset's own ``score_nations``.

    The other nations get placeholder results: neither ruleset lets them change
    this nation's score, except the number of winners (FWC's bonus share).
    """
    nation = _nation(name)
    duration = _whole(turns, "turns")
    won = _yes(won, "won")
    count = _whole(winning_nations, "winning nations")
    if nation is Nation.PRUSSIA:
        if count != 1:
            raise InputError("Prussia wins alone: winning nations must be 1")
        held_total = (0, 10)
        winners = {Nation.PRUSSIA} if won else {Nation.RUSSIA}
    else:
        held_total = (_whole(held, "held"), _whole(total, "total"))
        others = [n for n in ATTACKERS if n is not nation]
        if not 1 <= count <= len(ATTACKERS):
            raise InputError(f"winning nations: {count} is not 1 to {len(ATTACKERS)}")
        winners = {nation, *others[: count - 1]} if won else {Nation.PRUSSIA}
    game = friedrich.Game(
        round=1,
        table=1,
        frederick="Frederick",
        elisabeth="Elisabeth",
        maria_theresa="Maria Theresa",
        pompadour="Pompadour",
        duration=duration,
        winners=frozenset(winners),
        objectives=tuple(
            friedrich.Objectives(n, *(held_total if n is nation else (0, 10))) for n in ATTACKERS
        ),
    )
    friedrich.check_game(game)
    result = next(r for r in rules.score_nations(game).nations if r.nation is nation)
    return float(result.points + result.bonus)


# --- Carcassonne ------------------------------------------------------------------


@xw.func
@xw.arg("vp", ndim=2, doc="The victory points of one table's players: one row or one column of 4 cells; leave the 4th empty at a 3-player table.")
def tb_carc_points(vp):
    """Ranking points of a Carcassonne table from its players' victory points (Carcassonne 2004, seed 002): 5-3-2-1 at four players, 5-3-1 at three; tied players share the points of the places they cover."""
    return _answer("TB_CARC_POINTS", _carc_points, vp)


def _carc_points(vp: Grid) -> Grid | str:
    """Points by seat; an empty seat (a 3-player table in a 4-seat range) answers empty."""
    values, column = _cells(vp)
    seats = tuple(
        carcassonne2004.VpResult(f"seat {i}", _whole(v, f"seat {i}"))
        for i, v in enumerate(values, start=1) if v not in BLANK
    )
    game = carcassonne2004.score_game(carcassonne2004.PreliminaryTable(round=1, table=1, seats=seats))
    points = {s.player: float(game.of(s.player).points) for s in seats}
    answer = [points.get(f"seat {i}", "") for i in range(1, len(values) + 1)]
    return [[a] for a in answer] if column else [answer]


# --- Diplomacy --------------------------------------------------------------------


@xw.func
@xw.arg("centres", ndim=2, doc="Final supply centres of Austria, England, France, Germany, Italy, Russia, Turkey.")
@xw.arg("elimination_years", ndim=2, doc="Year each eliminated power lost its last centre (e.g. 1904); empty for survivors. Leave out when all survived.")
def tb_codcon(centres, elimination_years=None):
    """The seven powers' scores on one board (2008 CODCon Diplomacy Open, seed 003 VII): 10 per centre, 60 shared by the survivors, 2 x centres for the single leader; a solo scores 450."""
    return _answer("TB_CODCON", _codcon, centres, elimination_years)


def _codcon(centres: Grid, elimination_years: Grid) -> Grid:
    counts, column = _cells(centres)
    counts = _seven(counts, "centres")
    years, _ = _cells(elimination_years)
    years = [None] * len(Power) if all(y in BLANK for y in years) else _seven(years, "elimination years")
    powers = tuple(
        PowerResult(
            power=power,
            player=power.value,
            centres=_whole(n, power.value),
            eliminated=None if y in BLANK else _whole(y, f"{power.value} elimination year"),
        )
        for power, n, y in zip(Power, counts, years)
    )
    game = codcon2008.score_game(Board(round=1, board=1, powers=powers))
    return _shaped([game.of(p.value).points for p in Power], column=column)


@xw.func
@xw.arg("centre_history", ndim=2, doc="Centres after each Fall: one row per power (Austria ... Turkey), one column per year from 1901; years after the game's end stay empty.")
def tb_italia(centre_history):
    """The seven powers' scores on one board (Scoring System Italia 2010, WDC 2024 version, seed 004): 4 per centre, position bonus 70/34/16, break 30 or 10 to the others, x (1 + TSS), +1; ties by earlier years. Returns one column."""
    return _answer("TB_ITALIA", _italia, centre_history)


def _italia(centre_history: Grid) -> Grid:
    rows = _seven(_grid(centre_history), "centre history rows")
    played = max((i + 1 for row in rows for i, v in enumerate(row) if v not in BLANK), default=0)
    if not played:
        raise InputError("the centre history is empty")
    rows = [row[:played] + [None] * (played - len(row)) for row in rows]  # the years after the game's end
    powers = []
    for power, row in zip(Power, rows):
        history = tuple(_whole(n, f"{power.value}, {FIRST_YEAR + i}") for i, n in enumerate(row))
        gone = next((i for i, n in enumerate(history) if n == 0), None)
        powers.append(PowerResult(
            power=power,
            player=power.value,
            centres=history[-1],
            eliminated=None if gone is None or history[-1] else FIRST_YEAR + gone,
            history=history,
        ))
    game = italia2010.score_game(Board(round=1, board=1, powers=tuple(powers)))
    return _shaped([game.of(p.value).points for p in Power], column=True)


# --- Diplomacy systems scored on the final count alone (the best-N systems) -----------------


NOT_IN_DRAW = ("no", "n", "0", "0.0", "false")
"""In-draw cells that say no (Excel hands FALSE over as False, 0 as 0.0): the power is left out of the draw."""


def _rule_of(system_id: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The cell function's help (its docstring, which Excel shows): the system's name and its rule in one sentence,
    as the registry states them (each rule is written once, by its system)."""
    line = listed(system_id)

    def described(function: Callable[..., Any]) -> Callable[..., Any]:
        function.__doc__ = f"The seven powers' scores on one board ({line.name}): {line.rule}"
        return function

    return described


def _final_count(centres: Grid, score: Callable[[Board], GameScore], draw: Grid | None = None) -> Grid:
    """Scores of a board known by its final centres; an eliminated power's year does not change them."""
    counts, column = _cells(centres)
    counts = [_whole(n, power.value) for power, n in zip(Power, _seven(counts, "centres"))]
    marks, _ = _cells(draw)
    drawn = None
    if not all(m in BLANK for m in marks):
        marks = _seven(marks, "in draw")
        drawn = tuple(p for p, m in zip(Power, marks) if m not in BLANK and str(m).strip().lower() not in NOT_IN_DRAW)
    powers = tuple(PowerResult(power, power.value, n, FIRST_YEAR if n == 0 else None) for power, n in zip(Power, counts))
    game = score(Board(round=1, board=1, powers=powers, draw=drawn))
    return _shaped([game.of(p.value).points for p in Power], column=column)


@xw.func
@xw.arg("centres", ndim=2, doc="Final supply centres of Austria, England, France, Germany, Italy, Russia, Turkey.")
@xw.arg("in_draw", ndim=2, doc="Only when the draw left survivors out: yes (or x) on each power in the draw. Leave out when every survivor shares it.")
@_rule_of("dss")
def tb_dss(centres, in_draw=None):
    return _answer("TB_DSS", _final_count, centres, find_system("dss").scores, in_draw)


@xw.func
@xw.arg("centres", ndim=2, doc="Final supply centres of Austria, England, France, Germany, Italy, Russia, Turkey.")
@_rule_of("cdiplo100")
def tb_cdiplo100(centres):
    return _answer("TB_CDIPLO100", _final_count, centres, find_system("cdiplo100").scores)


@xw.func
@xw.arg("centres", ndim=2, doc="Final supply centres of Austria, England, France, Germany, Italy, Russia, Turkey.")
@_rule_of("opentribute")
def tb_opentribute(centres):
    return _answer("TB_OPENTRIBUTE", _final_count, centres, find_system("opentribute").scores)
