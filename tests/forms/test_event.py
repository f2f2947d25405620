"""Forms pre-filled from the event workbook's draw, and the ``tourneybook forms`` command."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main
from tourneybook.errors import InputError
from tourneybook.forms import CarcassonneSlip, CentreCountSheet, PompadourReport, round_tables
from tourneybook.forms.event import knockout_bracket

ROLES = ["Frederick", "Elisabeth", "Maria Theresa", "Pompadour"]
POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def event(tmp_path: Path, ruleset: str, seats: list[str], draw: list[list], extra: dict | None = None) -> Path:
    """An event workbook in the documented minimal shape: Settings, and a draw with its header in row 3."""
    book = openpyxl.Workbook()
    settings = book.active
    settings.title = "Settings"
    for row in (["Settings"], ["Change only the Value column."], ["Setting", "Value", "Meaning"],
                ["Ruleset", ruleset, ""], ["Tournament", "Test Open 2025", ""]):
        settings.append(row)
    sheet = book.create_sheet("Draw")
    for row in (["Draw"], ["One row per table."], ["Round", "Table", *seats], *draw):
        sheet.append(row)
    for name, rows in (extra or {}).items():
        other = book.create_sheet(name)
        for row in rows:
            other.append(row)
    path = tmp_path / "event.xlsx"
    book.save(path)
    return path


FRIEDRICH_DRAW = [
    [1, 1, "A", "B", "C", "D"],
    [1, 2, "E", "F", "G", "H"],
    [2, 2, "B", "A", "H", "G"],
    [2, 1, "F", "E", "D", "C"],
]


@pytest.mark.parametrize(
    "ruleset, seats, draw, round, expected",
    [
        # GFTR B: four roles per table; the round's tables in table order.
        ("fwc2022", ROLES, FRIEDRICH_DRAW, 2, [(1, ("F", "E", "D", "C")), (2, ("B", "A", "H", "G"))]),
        ("cafe2023", ROLES, FRIEDRICH_DRAW, 1, [(1, ("A", "B", "C", "D")), (2, ("E", "F", "G", "H"))]),
        # seed 003: one player per power, AEFGIRT.
        ("codcon2008", POWERS, [[1, 1, *"ABCDEFG"]], 1, [(1, tuple("ABCDEFG"))]),
        # seed 002: tables of 4, or of 3 when the field is not a multiple of 4.
        ("carcassonne2004", ["Player 1", "Player 2", "Player 3", "Player 4"],
         [[1, 1, "A", "B", "C", "D"], [1, 2, "E", "F", "G", None]], 1,
         [(1, ("A", "B", "C", "D")), (2, ("E", "F", "G"))]),
    ],
)
def test_round_tables_prefill_names_by_seat(tmp_path, ruleset, seats, draw, round, expected):
    forms = round_tables(event(tmp_path, ruleset, seats, draw), ruleset, round)
    kind = {"fwc2022": PompadourReport, "cafe2023": PompadourReport, "codcon2008": CentreCountSheet,
            "carcassonne2004": CarcassonneSlip}[ruleset]
    assert all(isinstance(f, kind) and f.tournament == "Test Open 2025" and f.round == round for f in forms)
    tables = [(getattr(f, "table", None) or getattr(f, "board", None), f.players) for f in forms]
    assert tables == expected


def test_problems_are_located_at_their_cells(tmp_path):
    draw = [[1, 1, "A", "B", "C", "D"], [1, 1, "E", "F", "G", "H"], [1, 2, "E", "F", "E", "H"], [1, "x", "I"]]
    with pytest.raises(InputError) as caught:
        round_tables(event(tmp_path, "fwc2022", ROLES, draw), "fwc2022", 1)
    text = str(caught.value)
    assert "Draw!B5: round 1 table 1 appears twice" in text
    assert "Draw!B6" in text and "E is seated twice" in text
    assert "Draw!B7: table must be a whole number" in text


@pytest.mark.parametrize(
    "ruleset, seats, round, message",
    [
        ("fwc2022", ["Frederick", "Elisabeth"], 1, "no draw found"),
        ("fwc2022", ROLES, 5, "no tables for round 5"),
        ("chess", ROLES, 1, "unknown ruleset 'chess'"),
    ],
)
def test_missing_draw_is_a_clear_message(tmp_path, ruleset, seats, round, message):
    path = event(tmp_path, "fwc2022", seats, [[1, 1, "A", "B"]])
    with pytest.raises(InputError, match=message):
        round_tables(path, ruleset, round)


def test_unreadable_file_is_an_input_error(tmp_path):
    bad = tmp_path / "event.xlsx"
    bad.write_text("not a workbook")
    for path in (bad, tmp_path / "missing.xlsx"):
        with pytest.raises(InputError):
            round_tables(path, "fwc2022", 1)


def test_bracket_is_seeded_from_the_standings_sheet(tmp_path):
    standings = [["Standings"], [""], ["Rank", "Player", "Points"]] + [[r, f"P{r:02d}", 20 - r] for r in range(18, 0, -1)]
    path = event(tmp_path, "carcassonne2004", ["Player 1", "Player 2", "Player 3"], [], {"Standings": standings})
    form = knockout_bracket(path)
    assert form.players_of("S1") == ("P01", "P16") and form.players_of("S8") == ("P08", "P09")  # seed 002


def test_command_writes_prefilled_forms(tmp_path, capsys):
    path = event(tmp_path, "fwc2022", ROLES, FRIEDRICH_DRAW)
    assert main(["forms", str(path), "--round", "2"]) == 0
    out = tmp_path / "event-forms-R2.xlsx"
    assert capsys.readouterr().out.strip() == str(out)
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["R2 T1", "R2 T2"]
    assert [c.value for c in book["R2 T1"]["G"]][5:9] == ["F", "E", "D", "C"]  # the Player column, role order


@pytest.mark.parametrize(
    "argv, sheets",
    [
        (["--blank", "italia2010", "--tables", "3", "--round", "2"], ["R2 B_", "R2 B_ (2)", "R2 B_ (3)"]),
        (["--blank", "carcassonne2004", "--tables", "1", "--bracket"], ["R_ T_", "Knock-out"]),
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
        (["--blank", "fwc2022", "--tables", "1", "--bracket"], "--bracket is for the Carcassonne"),
        (["--blank", "risk", "--tables", "1"], "unknown ruleset 'risk'"),
        (["missing.xlsx", "--round", "1"], "no such file"),
    ],
)
def test_command_reports_bad_use_without_a_trace(tmp_path, capsys, argv, message):
    assert main(["forms", *argv, "--out", str(tmp_path / "f.xlsx")]) == 1
    assert message in capsys.readouterr().err


@pytest.mark.libreoffice
def test_command_prints_the_pdf(soffice, tmp_path):
    out = tmp_path / "walk-in.xlsx"
    assert main(["forms", "--blank", "cafe2023", "--tables", "2", "--out", str(out), "--pdf"]) == 0
    info = subprocess.run(["pdfinfo", str(out.with_suffix(".pdf"))], capture_output=True, text=True, check=True)
    assert re.search(r"Pages:\s+2\n", info.stdout)
