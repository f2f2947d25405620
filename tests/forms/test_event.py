"""Forms pre-filled from real event workbooks, read through the store and the layout; ``tourneybook forms``."""

from __future__ import annotations

import dataclasses
import re
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main
from tourneybook.errors import InputError
from tourneybook.i18n import find_words
from tourneybook.forms import (
    CarcassonneSlip,
    CentreCountSheet,
    PompadourReport,
    bracket_forms,
    final_forms,
    round_forms,
    workbook_bytes,
)
from tourneybook.rules import RULESETS, Family, find_ruleset
from tourneybook.simulate import simulate
from tourneybook.workbook import template
from tourneybook.files.filestore import FileWorkbook
from tourneybook.workbook.generic import NAME, PLAYERS, STAND_IN
from tourneybook.workbook.layouts import find_layout

ROLES = ["Frederick", "Elisabeth", "Maria Theresa", "Pompadour"]
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def event(tmp_path: Path, ruleset: str, names: str, rows: dict, *, stand_ins: str = "", name: str = "Test Open 2025",
          settings=None) -> Path:
    """A workbook as ``tourneybook new`` and ``draw`` leave it: the template, its Players, ``rows`` typed in."""
    players = [{NAME: n, STAND_IN: True if n in stand_ins else None} for n in names]
    path = tmp_path / f"{ruleset}.xlsx"
    template.write(path, find_layout(ruleset), tournament=name, settings=settings,
                   rows={PLAYERS.name: players, **rows})
    return path


def friedrich_rows(draw: list[tuple]) -> dict:
    return {"Qualifying games": [{"Round": r, "Table": t, **dict(zip(ROLES, seats))} for r, t, *seats in draw]}


def boards(draw: list[tuple]) -> dict:
    """Diplomacy 'Boards' rows: seven per board, one per power (AEFGIRT)."""
    return {"Boards": [{"Round": r, "Board": b, "Power": p, "Player": n}
                       for r, b, names in draw for p, n in zip(POWERS, names)]}


FRIEDRICH_DRAW = [(1, 1, *"ABCD"), (1, 2, *"EFGH"), (2, 2, *"BAHG"), (2, 1, *"FEDC")]


@pytest.mark.parametrize("ruleset", ["fwc2022", "cafe2023"])
def test_friedrich_reports_name_the_players_by_role_in_table_order(tmp_path, ruleset):
    # GFTR B: four roles per table; the round's tables in table order, whatever the rows' order.
    store = FileWorkbook(event(tmp_path, ruleset, "ABCDEFGH", friedrich_rows(FRIEDRICH_DRAW)))
    forms = round_forms(store, 2)
    assert all(isinstance(f, PompadourReport) and f.tournament == "Test Open 2025" and f.round == 2 for f in forms)
    assert [(f.table, f.players) for f in forms] == [(1, tuple("FEDC")), (2, tuple("BAHG"))]
    profile = find_ruleset(ruleset).form  # the registry says which paper and what to call the rules
    assert [(f.variant.value, f.rules) for f in forms] == [(profile.variant, profile.title)] * 2


def test_stand_ins_are_marked_on_the_form(tmp_path):
    store = FileWorkbook(event(tmp_path, "fwc2022", "ABCDEFGH", friedrich_rows(FRIEDRICH_DRAW), stand_ins="CH"))
    first, second = round_forms(store, 1)
    assert first.marks == ("", "", "stand-in", "") and second.marks == ("", "", "", "stand-in")
    names = [c.text for row in first.page().rows for c in row.cells]
    assert "C (stand-in)" in names and "A" in names


def test_carcassonne_slips_seat_three_or_four(tmp_path):
    # seed 002: tables of 4, or of 3 when the field is not a multiple of 4.
    rows = {"Preliminary": [{"Round": 1, "Table": 2, "Player 1": "E", "Player 2": "F", "Player 3": "G"},
                            {"Round": 1, "Table": 1, "Player 1": "A", "Player 2": "B", "Player 3": "C", "Player 4": "D"}]}
    forms = round_forms(FileWorkbook(event(tmp_path, "carcassonne2004", "ABCDEFG", rows, stand_ins="G")), 1)
    assert all(isinstance(f, CarcassonneSlip) for f in forms)
    assert [(f.table, f.players, f.marks) for f in forms] == [
        (1, tuple("ABCD"), ()), (2, tuple("EFG"), ("", "", "stand-in"))]


def test_a_player_on_two_boards_is_marked_on_both(tmp_path):
    # seed 003 II.5: the TD may seat a player on two boards of a round; both sheets say so.
    draw = [(1, 1, "ABCDEFG"), (1, 2, "HIJKLMA"), (2, 1, "GFEDCBA")]
    forms = round_forms(FileWorkbook(event(tmp_path, "codcon2008", "ABCDEFGHIJKLM", boards(draw))), 1)
    assert [f.board for f in forms] == [1, 2] and all(isinstance(f, CentreCountSheet) for f in forms)
    assert forms[0].players == tuple("ABCDEFG") and forms[0].marks == ("also board 2",) + ("",) * 6
    assert forms[1].marks == ("",) * 6 + ("also board 1",)


def test_centre_count_years_come_from_the_settings_and_the_round(tmp_path):
    # seed 004 3.1: games last the Settings' years unless the TD announces otherwise for a round.
    settings = dataclasses.replace(find_ruleset("italia2010").settings, game_years=6)
    rows = boards([(1, 1, "ABCDEFG"), (2, 1, "GFEDCBA"), (2, 2, "HIJKLMN")])
    rows["Rounds"] = [{"Round": 2, "Years per game": 5, "Top board": 1}]
    store = FileWorkbook(event(tmp_path, "italia2010", "ABCDEFGHIJKLMN", rows, settings=settings))
    (first,) = round_forms(store, 1)
    assert first.year_labels == ("1901", "1902", "1903", "1904", "1905", "1906") and not first.top_board
    top, other = round_forms(store, 2)
    assert top.year_labels[-1] == "1905" and top.top_board and not other.top_board
    assert round_forms(store, 2, years=9)[0].year_labels[-1] == "1909"  # --years wins


def test_problems_are_located_at_their_cells(tmp_path):
    draw = [(1, 1, *"ABCD"), (1, 1, *"EFGH"), (1, 2, "E", "F", "E", "H"), (1, 3, "Zed", "B", "C", "D")]
    store = FileWorkbook(event(tmp_path, "fwc2022", "ABCDEFGH", friedrich_rows(draw)))
    with pytest.raises(InputError) as caught:
        round_forms(store, 1)
    text = str(caught.value)
    assert "Qualifying games!B5: round 1 table 1 appears twice (also row 4)" in text
    assert "Qualifying games!C7" in text and '"Zed" is not on the Players sheet' in text
    with pytest.raises(InputError, match=r"Qualifying games!B4: E is seated twice"):
        round_forms(FileWorkbook(event(tmp_path, "fwc2022", "ABCDEFGH", friedrich_rows(draw[2:3]))), 1)


def test_another_rounds_mistakes_do_not_stop_this_rounds_forms(tmp_path):
    rows = friedrich_rows(FRIEDRICH_DRAW)
    rows["Qualifying games"][0]["Game ended in turn"] = "soon"  # round 1's result: recalc's to report
    rows["Qualifying games"][1]["Frederick"] = "Nobody"
    forms = round_forms(FileWorkbook(event(tmp_path, "fwc2022", "ABCDEFGH", rows)), 2)
    assert [f.table for f in forms] == [1, 2]


def test_a_round_not_drawn_says_how_to_draw_it(tmp_path):
    store = FileWorkbook(event(tmp_path, "fwc2022", "ABCDEFGH", friedrich_rows(FRIEDRICH_DRAW)))
    with pytest.raises(InputError, match=r"round 3 is not drawn yet.*tourneybook draw fwc2022.xlsx --round 3"):
        round_forms(store, 3)


def test_an_empty_tournament_name_prints_no_name(tmp_path):
    store = FileWorkbook(event(tmp_path, "codcon2008", "ABCDEFG", boards([(1, 1, "ABCDEFG")]), name=""))
    (sheet,) = round_forms(store, 1)
    assert sheet.tournament == "" and sheet.page().rows[0].cells[0].text == "Centre count"


def test_the_final_report_holds_the_finalists_in_the_roles_they_chose(tmp_path):
    # GFTR B: the best four choose roles in ranking order; the report follows the roles typed on 'Final game'.
    rows = {"Final game": [{"Table": 1, "Frederick": "C", "Elisabeth": "A", "Maria Theresa": "D", "Pompadour": "B"}]}
    store = FileWorkbook(event(tmp_path, "cafe2023", "ABCDEFGH", rows, stand_ins="H"))
    (report,) = final_forms(store)
    assert report.final and report.round is None and report.players == tuple("CADB")
    assert report.sheet_name == "Final" and report.page().rows[1].cells[3].text == "Final"
    empty = FileWorkbook(event(tmp_path, "cafe2023", "ABCDEFGH", {}))
    with pytest.raises(InputError, match=r"Final game!B4: the finalists are not known yet: run tourneybook draw"):
        final_forms(empty)
    with pytest.raises(InputError, match="has no final game report"):
        final_forms(FileWorkbook(event(tmp_path, "codcon2008", "ABCDEFG", {})))


def test_before_the_roles_are_chosen_the_report_lists_the_choosing_order(tmp_path):
    # GFTR B: the best four choose in ranking order; draw --final lists them on the 'Final draw' sheet.
    layout = find_layout("fwc2022")
    t = simulate("fwc2022", 16, seed=5)
    rows = {name: list(r) for name, r in layout.to_rows(t).items() if name != "Final game"}
    path = template.write(tmp_path / "final.xlsx", layout, settings=t.settings, rows=rows)
    assert main(["draw", str(path), "--final"]) == 0
    ws = openpyxl.load_workbook(path)["Final draw"]
    listed = tuple(ws.cell(r, 2).value for r in range(4, 8))
    (report,) = final_forms(FileWorkbook(path))
    assert report.choosing == listed and report.players == ("", "", "", "") and len(set(listed)) == 4
    texts = [c.text for row in report.page().rows for c in row.cells]
    assert "   ".join(f"{i}. {n}" for i, n in enumerate(listed, start=1)) in texts


def test_the_bracket_is_seeded_from_the_preliminary_standings(tmp_path):
    layout = find_layout("carcassonne2004")
    t = simulate("carcassonne2004", 24, seed=3)
    path = template.write(tmp_path / "c.xlsx", layout, settings=t.settings, rows=layout.to_rows(t))
    (form,) = bracket_forms(FileWorkbook(path))
    order = find_ruleset("carcassonne2004").preliminary(t)[0].order
    assert form.seeds == tuple(order[:16])
    # seed 002: rank 1 meets rank 16, rank 8 meets rank 9.
    assert form.players_of("S1") == (order[0], order[15]) and form.players_of("S8") == (order[7], order[8])
    unplayed = FileWorkbook(event(tmp_path, "carcassonne2004", "ABCDEFG", {}))
    assert bracket_forms(unplayed)[0].seeds == ("",) * 16  # not known before the preliminary ends


def test_command_writes_prefilled_forms(tmp_path, capsys):
    path = event(tmp_path, "fwc2022", "ABCDEFGH", friedrich_rows(FRIEDRICH_DRAW))
    before = path.read_bytes()
    assert main(["forms", str(path), "--round", "2"]) == 0
    out = tmp_path / "fwc2022-forms-R2.xlsx"
    assert capsys.readouterr().out.strip() == str(out)
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["R2 T1", "R2 T2"]
    assert [c.value for c in book["R2 T1"]["G"]][5:9] == ["F", "E", "D", "C"]  # the Player column, role order
    assert path.read_bytes() == before  # the event is only read


def test_command_prints_while_excel_has_the_event_open(tmp_path):
    path = event(tmp_path, "fwc2022", "ABCDEFGH", friedrich_rows(FRIEDRICH_DRAW))
    (tmp_path / "~$fwc2022.xlsx").write_bytes(b"Excel's lock file")  # the workbook is open in Excel
    assert main(["forms", str(path), "--round", "1"]) == 0
    assert openpyxl.load_workbook(tmp_path / "fwc2022-forms-R1.xlsx").sheetnames == ["R1 T1", "R1 T2"]


def test_command_bracket_alone_prints_only_the_bracket(tmp_path, capsys):
    path = event(tmp_path, "carcassonne2004", "ABCDEFG", {})
    assert main(["forms", str(path), "--bracket"]) == 0
    assert openpyxl.load_workbook(tmp_path / "carcassonne2004-forms-knock-out.xlsx").sheetnames == ["Knock-out 1", "Knock-out 2"]


def test_command_final(tmp_path, capsys):
    rows = {"Final game": [{"Frederick": "C", "Elisabeth": "A", "Maria Theresa": "D", "Pompadour": "B"}]}
    path = event(tmp_path, "fwc2022", "ABCDEFGH", rows)
    assert main(["forms", str(path), "--final"]) == 0
    ws = openpyxl.load_workbook(tmp_path / "fwc2022-forms-final.xlsx")["Final"]
    assert [ws.cell(r, 7).value for r in range(6, 10)] == ["C", "A", "D", "B"]


@pytest.mark.parametrize(
    "argv, sheets",
    [
        (["--blank", "italia2010", "--tables", "3", "--round", "2"], ["R2 B_", "R2 B_ (2)", "R2 B_ (3)"]),
        (["--blank", "carcassonne2004", "--tables", "1", "--bracket"], ["R_ T_", "Knock-out 1", "Knock-out 2"]),
    ],
)
def test_command_writes_blank_forms(tmp_path, argv, sheets):
    out = tmp_path / "blank.xlsx"
    assert main(["forms", *argv, "--out", str(out)]) == 0
    assert openpyxl.load_workbook(out).sheetnames == sheets


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "give either an event workbook"),
        (["--blank", "fwc2022"], "--tables K is required"),
        (["--blank", "fwc2022", "--tables", "1", "--bracket"], "--bracket is for a ruleset with a knock-out"),
        (["--blank", "risk", "--tables", "1"], "unknown ruleset 'risk'"),
        (["missing.xlsx", "--round", "1"], "no such workbook"),
        (["EVENT", "--final", "--round", "1", "--bracket"], "has no knock-out bracket"),
        (["EVENT"], "say which forms: --round N"),
    ],
)
def test_command_reports_bad_use_without_a_trace(tmp_path, capsys, argv, message):
    rows = {"Final game": [{"Frederick": "C", "Elisabeth": "A", "Maria Theresa": "D", "Pompadour": "B"}]}
    path = event(tmp_path, "fwc2022", "ABCDEFGH", {**friedrich_rows(FRIEDRICH_DRAW), **rows})
    argv = [str(path) if a == "EVENT" else a for a in argv]
    assert main(["forms", *argv, "--out", str(tmp_path / "f.xlsx")]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "f.xlsx").exists()


@pytest.mark.libreoffice
def test_command_prints_the_pdf(soffice, tmp_path):
    out = tmp_path / "walk-in.xlsx"
    assert main(["forms", "--blank", "cafe2023", "--tables", "2", "--out", str(out), "--pdf"]) == 0
    info = subprocess.run(["pdfinfo", str(out.with_suffix(".pdf"))], capture_output=True, text=True, check=True)
    assert re.search(r"Pages:\s+2\n", info.stdout)


FIELD = {Family.FRIEDRICH: 16, Family.CARCASSONNE: 15, Family.DIPLOMACY: 14}
"""A field every ruleset of the family seats whole in one round (Carcassonne: 4+4+4+3; Diplomacy: two boards)."""


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_ruleset_prints_the_round_its_draw_wrote(tmp_path, ruleset):
    """A registered ruleset's forms come from what ``tourneybook draw`` wrote, every player once, in order."""
    names = [f"Player {i:02}" for i in range(FIELD[ruleset.family])]
    path = tmp_path / "event.xlsx"
    template.write(path, find_layout(ruleset.id), tournament="Every Ruleset Open",
                   rows={PLAYERS.name: [{NAME: n} for n in names]})
    assert main(["draw", str(path), "--round", "1"]) == 0
    forms = round_forms(FileWorkbook(path), 1)
    numbers = [getattr(f, "table", None) or getattr(f, "board", None) for f in forms]
    assert numbers == list(range(1, len(forms) + 1))
    assert sorted(n for f in forms for n in f.players if n) == names
    assert all(f.tournament == "Every Ruleset Open" and f.round == 1 for f in forms)
    assert workbook_bytes(forms)[:2] == b"PK"  # a zip: the .xlsx


@pytest.mark.parametrize("code", ["es", "de", "it", "fr"])
def test_the_final_and_the_bracket_of_an_event_follow_its_settings_language(tmp_path, code):
    """`forms --final` and `forms --bracket` print in the event's Language (Settings), as a round's forms do."""
    words = find_words(code)
    players = [{NAME: n, STAND_IN: None} for n in "ABCDEFGH"]
    final = {"Final game": [{"Frederick": "C", "Elisabeth": "A", "Maria Theresa": "D", "Pompadour": "B"}]}
    for ruleset, rows, option in (("fwc2022", final, "--final"), ("carcassonne2004", {}, "--bracket")):
        path = tmp_path / f"{ruleset}.xlsx"
        template.write(path, find_layout(ruleset), tournament="Copa", rows={PLAYERS.name: players, **rows},
                       language=words.language.name)
        assert main(["forms", str(path), option]) == 0
    said = {c.value for out in tmp_path.glob("*-forms-*.xlsx") for ws in openpyxl.load_workbook(out)
            for row in ws.iter_rows() for c in row if isinstance(c.value, str)}
    for english in ("Final", "Quarter-finals", "Champion", "Imperial Army"):
        assert words._(english) in said, (code, english)
    assert not {"Quarter-finals", "Semi-finals", "Imperial Army"} & said  # (French writes "Champion" too)
