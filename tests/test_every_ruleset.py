"""Properties every registered ruleset has: a ruleset is checked here by being in the registry.

For each ruleset of :data:`tourneybook.rules.RULESETS`: its scores do not
depend on the order the record lists games and players in; its example JSON
record reads, ranks and prints as JSON; its template builds; its simulator's
event is typed into a workbook that recalculates and reopens with the same
standings; the draw of round 1 seats every player once in the ruleset's seats;
the forms of that round carry every drawn name.
"""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main
from tourneybook.forms import blank_forms, round_forms
from tourneybook.forms.render import workbook_bytes
from tourneybook.rules import LISTED, RULESETS, Family, Ruleset, find_ruleset
from tourneybook.simulate import simulate, write_event
from tourneybook.simulate.simulators import SIMULATORS
from tourneybook.workbook import template
from tourneybook.actions.draw import draw_event
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.generic import NAME, PLAYERS
from tourneybook.workbook.layouts import MODULES, find_layout
from tourneybook.actions.on_file import recalc_file

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
FIELD = {Family.FRIEDRICH: 16, Family.CARCASSONNE: 16, Family.DIPLOMACY: 14}
"""A field each family seats without stand-ins, sit-outs or a second board."""
ORDERED = ("games", "tables", "players")
"""The record fields whose order is the organiser's typing order, never a result."""

every_ruleset = pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)


def ranking(result) -> list[tuple]:
    return [(r.rank, r.player, r.total) for r in result.standings.rows]


def scores(result) -> set[tuple]:
    return {(g.game, p.player, p.seat, p.points) for g in result.games for p in g.players}


@every_ruleset
def test_the_registry_entry_is_complete(ruleset: Ruleset):
    assert find_layout(ruleset.id).ruleset == ruleset.id
    assert len(set(ruleset.seats)) == len(ruleset.seats) >= ruleset.fewest_seats >= 2
    assert ruleset.draw_rounds(ruleset.settings) >= 1
    assert ruleset.form.title and ruleset.form.variant
    assert sum(r.id == ruleset.id for r in RULESETS) == 1
    assert ruleset.id in SIMULATORS


def test_layouts_and_simulators_are_joined_to_the_registry_by_id_and_the_registry_is_typed():
    """Every ruleset has one layout and one simulator, and no entry there names a ruleset the registry lacks;
    the Ruleset names what it provides as typed fields (no Any, no dict of functions by name, no import strings)."""
    ids = {r.id for r in RULESETS}
    assert set(MODULES) <= ids == set(SIMULATORS)
    older = {r.id for r in RULESETS if r.id not in MODULES}  # each made by the Diplomacy event's module
    assert older and all(find_ruleset(i).family is Family.DIPLOMACY for i in older), older
    fields = {f.name: str(f.type) for f in dataclasses.fields(Ruleset)}
    assert {"preliminary", "knockout", "final", "top_board_ranking"} <= set(fields)
    assert not {"extra", "layout", "simulator"} & set(fields)
    assert [name for name, kind in fields.items() if "Any" in kind] == []
    capable = {name: [r.id for r in RULESETS if getattr(r, name) is not None] for name in ("preliminary", "knockout", "final", "top_board_ranking")}
    assert capable == {"preliminary": ["carcassonne2004"], "knockout": ["carcassonne2004"],
                       "final": ["fwc2022", "cafe2023"], "top_board_ranking": ["italia2010"]}


@every_ruleset
def test_scores_do_not_depend_on_the_order_of_the_record(ruleset: Ruleset):
    record = simulate(ruleset.id, FIELD[ruleset.family], seed=3)
    reordered = dataclasses.replace(record, **{
        f.name: tuple(reversed(getattr(record, f.name)))
        for f in dataclasses.fields(record) if f.name in ORDERED and len(getattr(record, f.name)) > 1
    })
    assert reordered != record
    first, second = ruleset.standings(record), ruleset.standings(reordered)
    assert ranking(first) == ranking(second)
    assert scores(first) == scores(second)
    alias = next(r.system for r in LISTED if r.id == ruleset.id)  # an older id's result is the Diplomacy event's
    assert first.ruleset == ("diplomacy" if alias else ruleset.id)


@every_ruleset
def test_the_example_json_record_reads_ranks_and_prints_as_json(ruleset: Ruleset, capsys):
    path = EXAMPLES / ruleset.id / "tournament.json"
    data = json.loads(path.read_text())
    record = ruleset.tournament_from_dict(data)
    assert ruleset.tournament_from_dict(json.loads(json.dumps(data))) == record
    assert main(["standings", ruleset.id, str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    result = ruleset.standings(record)
    assert [r["player"] for r in printed["standings"]["rows"]] == result.standings.order


@every_ruleset
def test_the_simulated_event_recalculates_and_reopens_with_its_standings(ruleset: Ruleset, tmp_path):
    path = write_event(ruleset.id, FIELD[ruleset.family], tmp_path / f"{ruleset.id}.xlsx", seed=2)
    expected = ruleset.standings(simulate(ruleset.id, FIELD[ruleset.family], seed=2)).standings
    report = recalc_file(path)
    assert report.ok, [str(p) for p in report.problems]
    assert report.result.standings.order == expected.order
    sheet = openpyxl.load_workbook(path, read_only=True)["Standings"]
    named = [v for row in sheet.iter_rows(values_only=True) for v in row if isinstance(v, str)]
    assert all(player in named for player in expected.order)


@every_ruleset
def test_the_template_builds_with_the_layouts_sheets(ruleset: Ruleset, tmp_path):
    layout = find_layout(ruleset.id)
    path = template.write(tmp_path / f"{ruleset.id}.xlsx", layout)
    names = openpyxl.load_workbook(path, read_only=True).sheetnames
    assert all(s.name in names for s in layout.sheets) and PLAYERS.name in names


@every_ruleset
def test_round_one_is_drawn_into_the_rulesets_seats_and_its_forms_name_everyone(ruleset: Ruleset, tmp_path):
    players = [f"Player {i:02}" for i in range(1, FIELD[ruleset.family] + 1)]
    path = template.write(tmp_path / f"{ruleset.id}.xlsx", find_layout(ruleset.id), tournament="Every ruleset",
                          rows={PLAYERS.name: [{NAME: p} for p in players]})
    store = FileWorkbook(path)
    outcome = draw_event(store, 1)
    (drawn,) = outcome.draw.rounds
    seated = [s.player for table in drawn.tables for s in table.seats]
    assert sorted(seated) == players
    for table in drawn.tables:
        assert len({s.seat for s in table.seats}) == len(table.seats)  # one player per seat
        if ruleset.family is not Family.CARCASSONNE:  # Carcassonne seats are places at the table, not roles
            assert {s.seat for s in table.seats} <= set(ruleset.seats)
        assert ruleset.fewest_seats <= len(table.seats) <= len(ruleset.seats)
    forms = round_forms(store, 1)
    assert len(forms) == len(drawn.tables)
    book = openpyxl.load_workbook(io.BytesIO(workbook_bytes(forms)))
    printed = {v.strip() for ws in book.worksheets for row in ws.iter_rows(values_only=True)
               for v in row if isinstance(v, str)}
    assert all(any(p in text for text in printed) for p in players)


DIPLOMACY = [r for r in RULESETS if r.family is Family.DIPLOMACY]


def _same_system(a: Ruleset, b: Ruleset) -> bool:
    """The Diplomacy event with its default system and that system's older id print the same rules, rightly."""
    return a.chosen is not None and b.chosen is not None and a.settings.scoring == b.settings.scoring


@pytest.mark.parametrize("ruleset", DIPLOMACY, ids=lambda r: r.id)
def test_each_centre_count_sheet_prints_its_own_rule_text_and_no_other(ruleset: Ruleset):
    """The count note, vote rule and game endings come from the ruleset's registry value, never another's."""
    book = openpyxl.load_workbook(io.BytesIO(workbook_bytes(blank_forms(ruleset.id, 1))))
    printed = {v.strip() for ws in book.worksheets for row in ws.iter_rows(values_only=True)
               for v in row if isinstance(v, str)}
    own = ruleset.form.centre_count
    assert own is not None and {own.count_note, own.vote_rule, own.game_ends} <= printed
    for other in DIPLOMACY:
        if other.id == ruleset.id or _same_system(ruleset, other):
            continue
        texts = other.form.centre_count
        assert texts.count_note != own.count_note, f"{ruleset.id} and {other.id} share a count note"
        assert texts.count_note not in printed and (texts.vote_rule == own.vote_rule or texts.vote_rule not in printed)
