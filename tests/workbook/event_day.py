"""An event driven through its workbook as an organiser does it: the commands, and results typed into cells.

Results are typed with openpyxl into the drawn rows, the way an organiser copies
the game reports: Friedrich reports from :func:`tourneybook.simulate.friedrich.random_game`,
Carcassonne victory points, Diplomacy centre counts from
:func:`tourneybook.simulate.diplomacy.play_board` (valid by construction).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import openpyxl

from tourneybook.cli import main
from tourneybook.rules import RULESETS, Family
from tourneybook.rules.diplomacy import FIRST_YEAR, Power
from tourneybook.rules.friedrich import Role
from tourneybook.simulate.diplomacy import play_board
from tourneybook.simulate.friedrich import random_game
from tourneybook.workbook import template
from tourneybook.workbook.generic import CLUB, GROUP, NAME, PLAYERS, STAND_IN
from tourneybook.workbook.layouts import find_layout
from tourneybook.workbook.layouts.diplomacy import board_rows
from tourneybook.workbook.layouts.friedrich import game_row

FRIEDRICH = tuple(r.id for r in RULESETS if r.family is Family.FRIEDRICH)
DIPLOMACY = tuple(r.id for r in RULESETS if r.family is Family.DIPLOMACY)
SHEET = {r.id: find_layout(r.id).draw_sheet.name for r in RULESETS}
"""Each ruleset's draw sheet, as the draw writes it."""
ROLES = tuple(r.value for r in Role)
CARCASSONNE_SEATS = ("Player 1", "Player 2", "Player 3", "Player 4")


def new_event(tmp_path: Path, ruleset: str, names: list[str], *, groups: dict[str, str] | None = None,
              stand_ins: tuple[str, ...] = ()) -> Path:
    """The ruleset's template with ``names`` on the Players sheet, as ``tourneybook new`` writes it."""
    groups = groups or {}
    rows = [{NAME: n, CLUB: groups.get(n), GROUP: groups.get(n), STAND_IN: True if n in stand_ins else None}
            for n in names]
    path = tmp_path / f"{ruleset}-event.xlsx"
    template.write(path, find_layout(ruleset), tournament="Event Day Open", rows={PLAYERS.name: rows})
    return path


def run(*args: Any) -> int:
    return main([str(a) for a in args])


def _rows(ws) -> tuple[list[str], list[tuple[int, dict]]]:
    headers = list(next(ws.iter_rows(min_row=3, max_row=3, values_only=True)))
    rows = []
    for line, values in enumerate(ws.iter_rows(min_row=4, values_only=True), start=4):
        row = dict(zip(headers, values))
        if any(v is not None for v in row.values()):
            rows.append((line, row))
    return headers, rows


def seated(path: Path, ruleset: str, rnd: int) -> dict[int, dict[str, str]]:
    """Round ``rnd`` as drawn on the entry sheet: {table: {seat: player}}."""
    return seatings(path, ruleset).get(rnd, {})


def seatings(path: Path, ruleset: str) -> dict[int, dict[int, dict[str, str]]]:
    """Every round as drawn on the entry sheet: {round: {table: {seat: player}}}, read once (read-only: only that
    sheet is parsed)."""
    book = openpyxl.load_workbook(path, read_only=True)
    _, rows = _rows(book[SHEET[ruleset]])
    book.close()
    rounds: dict[int, dict[int, dict[str, str]]] = {}
    for _, row in rows:
        found = rounds.setdefault(row["Round"], {})
        if ruleset in DIPLOMACY:
            found.setdefault(row["Board"], {})[row["Power"]] = row["Player"]
        else:
            seats = ROLES if ruleset in FRIEDRICH else CARCASSONNE_SEATS
            found[row["Table"]] = {s: row[s] for s in seats if row[s] is not None}
    return rounds


def players_of(path: Path, ruleset: str, rnd: int) -> list[str]:
    """Everyone seated in round ``rnd``, once per seat."""
    return sorted(p for seats in seated(path, ruleset, rnd).values() for p in seats.values())


def enter_results(path: Path, ruleset: str, rnd: int, rng: random.Random, vp: dict[str, int] | None = None) -> None:
    """Type round ``rnd``'s results into its drawn rows (Carcassonne: ``vp`` overrides a player's points)."""
    book = openpyxl.load_workbook(path)
    type_results(book[SHEET[ruleset]], ruleset, rnd, rng, vp)
    book.save(path)


def type_results(ws, ruleset: str, rnd: int, rng: random.Random, vp: dict[str, int] | None = None) -> None:
    """:func:`enter_results` on the draw sheet ``ws`` of a workbook already open (the caller saves it once)."""
    headers, rows = _rows(ws)
    col = {h: i + 1 for i, h in enumerate(headers)}
    mine = [(line, row) for line, row in rows if row["Round"] == rnd]
    if ruleset in FRIEDRICH:
        for line, row in mine:
            game = random_game(rng, rnd, row["Table"], {r: row[r.value] for r in Role})
            for header, value in game_row(game).items():
                ws.cell(line, col[header]).value = value
    elif ruleset == "carcassonne2004":
        for line, row in mine:
            for i, seat in enumerate(CARCASSONNE_SEATS, start=1):
                if row[seat] is not None:
                    ws.cell(line, col[f"VP {i}"]).value = (vp or {}).get(row[seat], rng.randint(40, 140))
    else:
        boards: dict[int, list[tuple[int, dict]]] = {}
        for line, row in mine:
            boards.setdefault(row["Board"], []).append((line, row))
        skill = {row["Player"]: 0.0 for _, row in mine}
        italia = ruleset == "italia2010"
        for number, lines in boards.items():
            seats = [(Power(row["Power"]), row["Player"]) for _, row in lines]
            board = play_board(rnd, number, seats, skill, FIRST_YEAR + (6 if italia else rng.randint(5, 7)),
                               1904 if italia else None, rng, history=italia)
            typed = {r["Power"]: r for r in board_rows(board, final_column=not italia)}
            for line, row in lines:
                for header, value in typed[row["Power"]].items():
                    ws.cell(line, col[header]).value = value


def type_players(path: Path, name: str, values: dict[str, Any]) -> None:
    """Type into ``name``'s Players row, as the organiser would by hand."""
    book = openpyxl.load_workbook(path)
    ws = book[PLAYERS.name]
    headers = [c.value for c in ws[3]]
    for line in range(4, ws.max_row + 1):
        if ws.cell(line, 1).value == name:
            for header, value in values.items():
                ws.cell(line, headers.index(header) + 1).value = value
            book.save(path)
            return
    raise KeyError(name)


def type_sheet(path: Path, sheet: str, rows: list[dict[str, Any]]) -> None:
    """Type ``rows`` after the last filled row of ``sheet`` (Adjustments, Sit-outs)."""
    book = openpyxl.load_workbook(path)
    ws = book[sheet]
    headers, filled = _rows(ws)
    line = max([3] + [n for n, _ in filled]) + 1
    for row in rows:
        for header, value in row.items():
            ws.cell(line, headers.index(header) + 1).value = value
        line += 1
    book.save(path)


def set_setting(path: Path, label: str, value: Any) -> None:
    book = openpyxl.load_workbook(path)
    ws = book["Settings"]
    for line in range(1, ws.max_row + 1):
        if ws.cell(line, 1).value == label:
            ws.cell(line, 2).value = value
            book.save(path)
            return
    raise KeyError(label)


def standings(path: Path) -> dict[str, dict[str, Any]]:
    """The Standings sheet's rows by player (header -> value)."""
    ws = openpyxl.load_workbook(path)["Standings"]
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Rank")
    headers = rows[head]
    return {r[1]: dict(zip(headers, r)) for r in rows[head + 1:] if r and r[1] is not None and isinstance(r[0], int)}
