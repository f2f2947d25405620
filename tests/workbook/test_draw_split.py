"""The draw action split (issue 20, item 2): one family value, the planner on plain values, what layouts provide.

Each check opens real workbooks (the shipped Italia example, templates filled with
players) or draws real rounds; the numbers are the rules': seed 000 I (four
Friedrich games, one in each role), seed 004 section 4 (one top board: the best
seven so far on board 1).
"""

from __future__ import annotations

import inspect
import random
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from tourneybook.actions.attendance import drawn_seat
from tourneybook.actions.draw import draw_event
from tourneybook.draws.families import DRAW_FAMILIES, draw_family
from tourneybook.draws.planner import Planner, same_field_runs
from tourneybook.files.filestore import FileWorkbook
from tourneybook.rules import RULESETS, Family
from tourneybook.workbook import template
from tourneybook.workbook.draw_rows import ROUND, draw_sheet
from tourneybook.workbook.generic import NAME, PLAYERS
from tourneybook.workbook.layouts import find_layout

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_each_ruleset_finds_its_draw_sheet_and_family_once(ruleset):
    """The layout's first sheet holds Round, the family's table word and the seats of a table row."""
    sheet = draw_sheet(ruleset)
    headers = [c.header for c in sheet.schema.columns]
    assert ROUND in headers and sheet.table in headers
    assert sheet.table == ruleset.family.table_word  # the same word the forms and the rules use
    expected = ("Power", "Player") if sheet.family.row_per_seat else ruleset.seats
    assert set(expected) <= set(headers)


def test_every_family_has_one_draw_value_with_the_same_call():
    assert set(DRAW_FAMILIES) == set(Family)
    calls = {tuple(list(inspect.signature(f.draw).parameters)[:4]) for f in DRAW_FAMILIES.values()}
    assert calls == {("players", "rounds", "history", "keep_apart")}
    assert [f for f in DRAW_FAMILIES.values() if f.takes_sit_outs] == [draw_family(Family.DIPLOMACY)]


@dataclass(frozen=True)
class Entrant:
    """A player as plain values: the planner needs no workbook row."""

    name: str
    first: int = 1

    def plays(self, number: int) -> bool:
        return number >= self.first


def test_the_planner_plans_from_plain_values_every_player_in_each_role_once():
    """Seed 000 I: four games, one in each role; 8 players make two tables a round."""
    players = [Entrant(f"P{i}") for i in range(8)]
    family = draw_family(Family.FRIEDRICH)
    planner = Planner(family, players, [], (), 4, 5,
                      lambda n, count, before, a: family.draw([p.name for p in players], count, before, [],
                                                              rng=random.Random(a)))
    plan = planner.followed(1, 1)
    assert [r.number for r in plan.rounds] == [1, 2, 3, 4]
    roles = Counter((s.player, s.seat) for r in plan.rounds for t in r.tables for s in t.seats)
    assert len(roles) == 32 and set(roles.values()) == {1}
    assert same_field_runs([1, 2, 3], players + [Entrant("Late", 3)]) == [[1, 2], [3]]


class CountingStore(FileWorkbook):
    """A file store that counts each sheet's reads."""

    def __init__(self, path: Path):
        super().__init__(path)
        self.reads: Counter[str] = Counter()

    def read(self, name: str):
        self.reads[name] += 1
        return super().read(name)


def test_the_italia_top_board_reads_the_event_once(tmp_path):
    """Seed 004 section 4: board 1 of round 5 is the best seven; the Settings, Players and Boards are read once."""
    path = tmp_path / "italia.xlsx"
    shutil.copy(ROOT / "workbooks" / "italia2010-example.xlsx", path)
    book = CountingStore(path)
    book.write_cells("Rounds", {(4, 3): None})  # the example's top board cleared, so round 5 may have it
    names = [book.read(PLAYERS.name).value(line, 1) for line in (4, 5)]
    book.reads.clear()
    outcome = draw_event(book, 5, top_board=True, sit_outs=names)
    top = outcome.draw.rounds[0].tables[0]
    assert top.number == 1 and len(top.seats) == 7 and not set(names) & set(top.players)
    assert {n: c for n, c in book.reads.items() if c > 1} == {"Rounds": 2}  # read for the draw, then to mark it
    assert "board 1 of round 5 is the top board: marked on the 'Rounds' sheet" in outcome.notes
    book.save()
    again = FileWorkbook(path)
    assert again.read("Rounds").value(5, 1) == 5 and again.read("Rounds").value(5, 3) == 1


def test_an_absent_player_seated_in_a_drawn_round_is_found_at_their_cell(tmp_path):
    """The roll call names the seat of a drawn round (the draw sheet is the layout's, not a table of names)."""
    path = tmp_path / "codcon.xlsx"
    rows = [{NAME: f"Player {i:02}"} for i in range(14)]
    template.write(path, find_layout("codcon2008"), tournament="Split Open", rows={PLAYERS.name: rows})
    book = FileWorkbook(path)
    draw_event(book, 1)
    seat = drawn_seat(book, "Player 03", 1)
    line = int(seat.split("!D")[1])
    assert seat.startswith("Boards!D") and book.read("Boards").value(line, 4) == "Player 03"
    assert drawn_seat(book, "Player 03", 2) == ""
