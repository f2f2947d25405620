"""The Friedrich layouts (layouts/friedrich.py): seeds typed in as an organiser would, round trips, bad cells.

The seed workbooks are built from the empty template and filled with openpyxl
cell writes, one Pompadour report per row (not through to_rows), then
recalculated; the result sheets are read back and compared with RULES.md's
numbers.
"""

from __future__ import annotations

import dataclasses
import shutil
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from tourneybook.forms import REPORT_FIELDS, round_forms
from tourneybook.office import convert_all
from tourneybook.rules import RULESETS, Family
from tourneybook.rules.ranking import Adjustment
from tourneybook.simulate import simulate
from tourneybook.simulate import write_examples
from tourneybook.simulate.friedrich import EXAMPLES
from tourneybook.workbook import template
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.layouts import find_layout
from tourneybook.workbook.layouts.friedrich import FINAL, QUALIFYING
from tourneybook.actions.on_file import recalc_file
from tourneybook.workbook.event import read_event

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
ROLES = ("Frederick", "Elisabeth", "Maria Theresa", "Pompadour")

# One Pompadour report per row, as typed: seed 000's six FWC examples (IA switch details as assumed
# in examples/fwc2022/example*.json), expected game points from RULES.md's table.
FWC_EXAMPLES = [
    pytest.param(
        {"Game ended in turn": 19, "Winners": "Austria", "IA switch turn": 10, "IA new controller": "Elisabeth",
         "IA held at switch": 2, "Russia": (6, 10), "Sweden": (3, 5), "Austria": (12, 12), "IA": (4, 5), "France": (9, 10)},
        (9.5, 8, 12, 9), id="seed 000 example 1: standard game, Austrian victory (9.5, 8, 12, 9)"),
    pytest.param(
        {"Game ended in turn": 16, "Winners": "Prussia/Hanover", "IA switch turn": 8, "IA new controller": "pompadour",
         "IA held at switch": 1, "Russia": (7, 10), "Sweden": (4, 10), "Austria": (10, 12), "IA": (2, 5), "France": (6, 10)},
        (12, 7, 8.33, 6), id="seed 000 example 2: standard game, Prussian victory (12, 7, 8.33, 6)"),
    pytest.param(
        {"Game ended in turn": 11, "Winners": "France, Sweden and Russia",
         "Russia": (10, 10), "Sweden": (10, 10), "Austria": (9, 16), "IA": (7, 10), "France": (10, 10)},
        (5.5, 12.67, 7, 11.33), id="seed 000 example 3: triple victory (5.5, 12.67, 7, 11.33)"),
    pytest.param(
        {"Game ended in turn": 9, "Winners": "Prussia", "Austria picked up set-aside TC": "yes", "OO outcome": "Prussian victory",
         "Bohemian objectives Prussia": 14, "Bohemian objectives Austria": 0,
         "Russia": (7, 10), "Sweden": (6, 10), "Austria": (1, 12), "IA": (3, 10), "France": (9, 10)},
        (12, 7, 5.5, 9), id="seed 000 example 4: OO, Prussian victory (12, 7, 5.5, 9)"),
    pytest.param(
        {"Game ended in turn": 12, "Winners": "Sweden", "OO launched in turn": 4, "Austria picked up set-aside TC": "y",
         "OO outcome": "called off", "OO called off in turn": 11, "Bohemian objectives Prussia": 12,
         "Bohemian objectives Austria": 2, "Russia": (7, 10), "Sweden": (5, 5), "Austria": (8, 12), "IA": (4, 10), "France": (8, 10)},
        (7.57, 12, 8.5, 8), id="seed 000 example 5: OO failed, Swedish victory (7.57, not the seed's 7.6)"),
    pytest.param(
        {"Game ended in turn": 17, "Winners": "Prussia", "IA switch turn": 12, "IA new controller": "Elisabeth",
         "IA held at switch": 3, "Austria picked up set-aside TC": "yes", "OO outcome": "called off",
         "OO called off in turn": 11, "Bohemian objectives Prussia": 10, "Bohemian objectives Austria": 4,
         "Russia": (6, 10), "Sweden": (4, 10), "Austria": (6, 8), "IA": (4, 5), "France": (7, 10)},
        (12, 8, 9.5, 7), id="seed 000 example 6: OO failed, Prussian defensive victory (12, 8, 9.5 max, 7)"),
]

CAFE_EXAMPLE = {
    "Start time": "16:15", "First Card of Fate": "Elisabeth", "Russia left in turn": 11, "France left in turn": 18,
    "IA switch turn": 15, "IA new controller": "Pompadour", "IA held at switch": 7, "Game ended in turn": 21,
    "Winners": "Prussia", "Russia": (7, 10), "Sweden": (2, 5), "Austria": (11, 12), "IA": (3, 10), "France": (9, 10),
    "sTCC N": 21, "TCs Frederick until N": 45, "TCs attackers until N": 60,
}
"""Seed 001's first narrative as RULES.md reads it (totals of 10 assumed where it gives none)."""


def type_report(ws, line: int, round_: int, table: int, players: tuple[str, ...], report: dict) -> None:
    """Type one game report into row ``line`` of the Qualifying games sheet, cell by cell."""
    ws.cell(line, QUALIFYING.index("Round"), round_)
    ws.cell(line, QUALIFYING.index("Table"), table)
    for role, name in zip(ROLES, players):
        ws.cell(line, QUALIFYING.index(role), name)
    for header, value in report.items():
        if isinstance(value, tuple):
            ws.cell(line, QUALIFYING.index(f"{header} held"), value[0])
            ws.cell(line, QUALIFYING.index(f"{header} total"), value[1])
        else:
            ws.cell(line, QUALIFYING.index(header), value)


def typed_workbook(folder: Path, ruleset_id: str, reports: list[dict]) -> tuple[Path, list[tuple[str, ...]]]:
    """The empty template, its Players and one round of ``reports`` typed in with openpyxl."""
    path = template.write(folder / f"{ruleset_id}-typed.xlsx", find_layout(ruleset_id))
    wb = openpyxl.load_workbook(path)
    tables = [tuple(f"T{t} {role}" for role in ROLES) for t in range(1, len(reports) + 1)]
    for line, name in enumerate((n for table in tables for n in table), start=4):
        wb["Players"].cell(line, 1, name)
    for t, (players, report) in enumerate(zip(tables, reports), start=1):
        type_report(wb["Qualifying games"], 3 + t, 1, t, players, report)
    wb.save(path)
    return path, tables


def sheet_rows(path: Path, sheet: str) -> list[tuple]:
    ws = openpyxl.load_workbook(path, data_only=True)[sheet]
    return [row for row in ws.iter_rows(values_only=True) if any(v is not None for v in row)]


def games_by_seat(path: Path) -> dict[tuple[str, str], dict[str, object]]:
    """The Games sheet: (game, seat) -> {column header: value}."""
    head, *rows = sheet_rows(path, "Games")[2:]
    return {(r[0], r[2]): dict(zip(head, r)) for r in rows}


@pytest.fixture(scope="module")
def fwc_examples(tmp_path_factory) -> tuple[Path, list[tuple[str, ...]]]:
    path, tables = typed_workbook(tmp_path_factory.mktemp("fwc"), "fwc2022", [p.values[0] for p in FWC_EXAMPLES])
    report = recalc_file(path)
    assert report.ok, report.problems
    return path, tables


@pytest.mark.parametrize("table", range(1, 7), ids=[p.id for p in FWC_EXAMPLES])
def test_fwc_seed_examples_typed_in_give_rules_md_points(fwc_examples, table: int):
    path, _ = fwc_examples
    expected = FWC_EXAMPLES[table - 1].values[1]
    games = games_by_seat(path)
    assert tuple(games[f"R1 T{table}", role]["Points"] for role in ROLES) == expected


def test_fwc_second_best_and_standings_read_back(fwc_examples):
    path, tables = fwc_examples
    games = games_by_seat(path)
    # Example 1: Elisabeth R 6, Swe 6, IA 8 -> second-best 6; Maria Theresa's IA at the switch 2/5 -> 4 (seed 000 II iii)
    assert games["R1 T1", "Elisabeth"]["second-best"] == 6
    assert games["R1 T1", "Maria Theresa"]["second-best"] == 4
    assert games["R1 T3", "Elisabeth"]["bonus"] == 2.67  # 2 x 4/3 (seed 000 II, bonus)
    standings = sheet_rows(path, "Standings")
    assert standings[2][:3] == ("Rank", "Player", "points")
    assert standings[3][:3] == (1, tables[2][1], 12.67)  # example 3's Elisabeth leads round 1
    assert "E+MT second-best" in standings[2]


def test_cafe_seed_example_typed_in(tmp_path: Path):
    path, (players,) = typed_workbook(tmp_path, "cafe2023", [CAFE_EXAMPLE])
    assert recalc_file(path).ok
    games = games_by_seat(path)
    # RULES.md CAFE worked example: game scores 12.1, 7.5, 8.7, 8.8; Sweden 3.5, IA 2.5 under Pompadour
    assert tuple(games["R1 T1", role]["Points"] for role in ROLES) == (12.1, 7.5, 8.7, 8.8)
    assert games["R1 T1", "Elisabeth"]["Sweden"] == 3.5
    assert games["R1 T1", "Pompadour"]["Imperial Army"] == 2.5
    assert games["R1 T1", "Frederick"]["sTCC"] == "0.78"  # 45/60 * sqrt(23/21)
    standings = sheet_rows(path, "Standings")[3:]
    assert [(r[1], r[2]) for r in standings] == [
        (players[0], 12.1), (players[3], 8.8), (players[2], 8.7), (players[1], 7.5)
    ]


def test_the_game_row_is_the_paper_report():
    assert tuple(c.header for c in QUALIFYING.columns)[: len(REPORT_FIELDS)] == REPORT_FIELDS
    assert tuple(c.header for c in FINAL.columns)[: len(REPORT_FIELDS) - 1] == REPORT_FIELDS[1:]
    for ruleset_id in (r.id for r in RULESETS if r.family is Family.FRIEDRICH):
        assert [s.name for s in find_layout(ruleset_id).sheets] == ["Qualifying games", "Final game"]
    choices = {c.header: c.choices for c in QUALIFYING.columns if c.choices}
    assert choices == {
        "IA new controller": ("Elisabeth", "Pompadour"),
        "OO outcome": ("Prussian victory", "called off", "active at the end"),
    }


def _with_extras(t):
    """Adjustments, a decided lot and a final lot on top of a simulated tournament."""
    names = [p.name for p in t.players if not p.stand_in]
    final_lots = ((t.final.frederick, 2), (t.final.pompadour, 1)) if t.final else ()
    return dataclasses.replace(
        t,
        adjustments=(Adjustment(names[0], Fraction(-1, 2), "late for round 3"),),
        lots=((names[1], 1), (names[2], 2)),
        final_lots=final_lots,
    )


@pytest.mark.parametrize(
    "ruleset_id, players, extras",
    [
        pytest.param("fwc2022", 20, False, id="fwc2022, 20 players, four rounds and a final"),
        pytest.param("cafe2023", 18, True, id="cafe2023, 18 players + 2 stand-ins, adjustment, lots, final lots"),
        pytest.param("fwc2022", 5, True, id="fwc2022, 5 players + 3 stand-ins (RULES.md: stand-ins flagged)"),
    ],
)
def test_what_to_rows_writes_reads_back_as_the_same_record(tmp_path: Path, ruleset_id, players, extras):
    layout = find_layout(ruleset_id)
    t = simulate(ruleset_id, players, seed=3)
    t = _with_extras(t) if extras else t
    path = template.write(tmp_path / "e.xlsx", layout, settings=t.settings, rows=layout.to_rows(t))
    assert read_event(FileWorkbook(path)).record == t
    report = recalc_file(path)
    assert report.ok and report.sheets == ("Standings", "Standings by round", "Games", "Final", "Issues")


def test_drawn_games_not_yet_played_are_a_partial_tournament(tmp_path: Path):
    """Round 4 only drawn, one table of round 3 still playing: rounds 1-2 count, nothing is an error."""
    layout = find_layout("fwc2022")
    t = dataclasses.replace(simulate("fwc2022", 8, seed=2), final=None)
    rows = layout.to_rows(t)
    drawn = {"Round", "Table", *ROLES}
    playing = drawn | {"Start time", "Russia left in turn", "Russia held", "Russia total"}
    games = []
    for row in rows["Qualifying games"]:
        if row["Round"] == 4 or (row["Round"], row["Table"]) == (3, 1):
            keep = drawn if row["Round"] == 4 else playing
            row = {k: (v if k in keep else None) for k, v in row.items()}
            row["Start time"] = "10:00" if row["Round"] == 3 else None
            row["Russia left in turn"], row["Russia held"], row["Russia total"] = (5, 3, 10) if row["Round"] == 3 else (None,) * 3
        games.append(row)
    path = template.write(tmp_path / "partial.xlsx", layout, settings=t.settings, rows={**rows, "Qualifying games": games})
    record = read_event(FileWorkbook(path)).record
    assert sorted({g.round for g in record.games}) == [1, 2]
    assert record.games == tuple(g for g in t.games if g.round <= 2)
    report = recalc_file(path)
    assert report.ok and report.sheets == ("Standings", "Standings by round", "Games", "Issues")


def test_the_forms_read_the_draw_from_the_entry_sheet(tmp_path: Path):
    layout = find_layout("cafe2023")
    t = simulate("cafe2023", 16, seed=4)
    path = template.write(tmp_path / "e.xlsx", layout, settings=t.settings, rows=layout.to_rows(t))
    forms = round_forms(FileWorkbook(path), 2)
    expected = [(g.frederick, g.elisabeth, g.maria_theresa, g.pompadour) for g in t.games if g.round == 2]
    assert [f.players for f in forms] == expected and [f.table for f in forms] == [1, 2, 3, 4]


# --- bad inputs: every problem at its cell, the file left as it was ------------------------------

# Row 4 is example 1 (R1 T1: 19 turns, Russia 6 of 10, IA switch in turn 10), row 5 example 2.
COL = {h: QUALIFYING.letter(h) for h in (c.header for c in QUALIFYING.columns)}


def cell(header: str, line: int = 4) -> str:
    return f"{COL[header]}{line}"


BAD = [
    pytest.param({cell("Russia held"): 11}, cell("Russia held"), "R1 T1, Russia: objectives held 11 exceed the total 10",
                 id="objectives over total, at the held cell (docs/formats/friedrich.md)"),
    pytest.param({cell("Game ended in turn"): 24}, cell("Game ended in turn"), "above the largest allowed",
                 id="a turn outside 1..23 (RULES.md: a game lasts 1 to 23 turns)"),
    pytest.param({cell("Frederick", 5): "T1 Elisabeth"}, cell("Frederick", 5), "T1 Elisabeth already plays in round 1",
                 id="a player twice in a round (GFTR B)"),
    pytest.param({cell("Pompadour"): "T1 Frederick"}, cell("Pompadour"), "seated in more than one role",
                 id="one player in two roles at a table"),
    pytest.param({cell("Elisabeth"): "Nobody Known"}, cell("Elisabeth"), "not on the Players sheet", id="unknown player"),
    pytest.param({cell("Winners"): "Prusia"}, cell("Winners"), '"Prusia" is not a nation', id="misspelt winner"),
    pytest.param({cell("Winners"): "Prussia, Austria"}, cell("Winners"), "Prussia cannot win together with Austria",
                 id="Prussia winning beside an attacker"),
    pytest.param({cell("IA switch turn"): 20}, cell("IA switch turn"), "after the game ended in turn 19",
                 id="IA switch after the end"),
    pytest.param({cell("IA new controller"): "Frederick"}, cell("IA new controller"), "is not one of: Elisabeth, Pompadour",
                 id="IA passing to Frederick (RULES.md: to Elisabeth or Pompadour)"),
    pytest.param({cell("Bohemian objectives Prussia"): 5}, cell("OO outcome"), "OO outcome is missing",
                 id="OO half entered"),
    pytest.param({cell("Winners"): "Russia", cell("Russia left in turn"): 12}, cell("Russia left in turn"),
                 "left the game in turn 12 and cannot be a winner", id="a nation that left cannot win (seed 000 II ii)"),
    pytest.param({cell("Sweden total"): None}, cell("Sweden total"), "Sweden total is missing", id="a played game without a total"),
    pytest.param({cell("OO launched in turn", 8): 12}, cell("OO launched in turn", 8), "launched in turn 12, after the OO was called off in turn 11",
                 id="OO launched after it was called off (example 5 row)"),
]


@pytest.mark.parametrize("edits, place, words", BAD)
def test_bad_entries_are_reported_at_their_cell_and_the_file_is_untouched(tmp_path, fwc_examples, edits, place, words):
    path = tmp_path / "bad.xlsx"
    shutil.copy(fwc_examples[0], path)
    wb = openpyxl.load_workbook(path)
    for ref, value in edits.items():
        wb["Qualifying games"][ref] = value
    wb.save(path)
    before = path.read_bytes()
    report = recalc_file(path)
    assert not report.ok
    found = [p for p in report.problems if p.sheet == "Qualifying games" and p.cell == place]
    assert found and any(words.casefold() in p.message.casefold() for p in found), report.problems
    assert path.read_bytes() == before


def test_every_problem_is_reported_at_once(tmp_path, fwc_examples):
    path = tmp_path / "bad.xlsx"
    shutil.copy(fwc_examples[0], path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Qualifying games"]
    ws[cell("Russia held")] = 11
    ws[cell("Frederick", 5)] = "T1 Elisabeth"
    ws[cell("France held", 6)] = 12
    wb["Final game"][f"{FINAL.letter('Frederick')}4"] = "T2 Frederick"
    wb["Final game"][f"{FINAL.letter('Game ended in turn')}4"] = 9
    wb.save(path)
    report = recalc_file(path)
    places = {f"{p.sheet}!{p.cell}" for p in report.problems}
    assert {
        f"Qualifying games!{cell('Russia held')}",
        f"Qualifying games!{cell('Frederick', 5)}",
        f"Qualifying games!{cell('France held', 6)}",
        f"Final game!{FINAL.letter('Elisabeth')}4",  # a played final needs all four players
    } <= places


# --- the shipped example workbooks ---------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", sorted(EXAMPLES))
def test_the_shipped_example_recalculates_and_is_up_to_date(tmp_path: Path, ruleset_id: str):
    shipped = WORKBOOKS / f"{ruleset_id}-example.xlsx"
    copy = tmp_path / shipped.name
    shutil.copy(shipped, copy)
    report = recalc_file(copy)
    assert report.ok and report.sheets == ("Standings", "Standings by round", "Games", "Final", "Issues")
    record = read_event(FileWorkbook(copy)).record
    assert len([p for p in record.players if not p.stand_in]) == EXAMPLES[ruleset_id] >= 16
    assert {g.round for g in record.games} == {1, 2, 3, 4} and record.final is not None
    (fresh,) = [p for p in write_examples(tmp_path / "fresh") if p.name == shipped.name]
    for sheet in ("Qualifying games", "Final game", "Standings", "Games", "Final"):
        assert sheet_rows(fresh, sheet) == sheet_rows(shipped, sheet), sheet


@pytest.mark.libreoffice
def test_libreoffice_opens_the_examples_and_reads_the_same_values(soffice, tmp_path: Path):
    shipped_ones = [WORKBOOKS / f"{ruleset_id}-example.xlsx" for ruleset_id in sorted(EXAMPLES)]
    for ruleset_id, shipped, converted in zip(sorted(EXAMPLES), shipped_ones,
                                              convert_all(shipped_ones, "xlsx", tmp_path / "lo")):  # one start of LibreOffice
        for sheet in ("Players", "Qualifying games", "Final game", "Standings", "Games", "Final", "Issues"):
            assert sheet_rows(converted, sheet) == sheet_rows(shipped, sheet), (ruleset_id, sheet)
