"""The workbook commands: new, templates, recalc (commands/new.py, templates.py, recalc.py; actions/recalc.py)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl

from tourneybook.workbook.layouts import shipped_layouts
import pytest

from tourneybook.cli import main
from tourneybook.actions.on_file import recalc_file


def write_csv(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_new_puts_the_players_on_the_players_sheet(tmp_path: Path, capsys):
    csv = write_csv(tmp_path / "p.csv", "Name;Club;Stand-in;Distance;Group\nAnna Berg;Berlin;;12,5;A\nBruno Costa;Rome;no;;\n")
    out = tmp_path / "event.xlsx"
    assert main(["new", "carcassonne2004", "--players", str(csv), "--out", str(out), "--name", "Spring Cup"]) == 0
    wb = openpyxl.load_workbook(out)
    assert [tuple(r) for r in wb["Players"].iter_rows(min_row=4, max_row=5, max_col=5, values_only=True)] == [
        ("Anna Berg", "Berlin", None, 12.5, "A"),
        ("Bruno Costa", "Rome", None, None, None),
    ]
    assert (wb["Settings"]["B4"].value, wb["Settings"]["B5"].value) == ("carcassonne2004", "Spring Cup")
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize(
    "text, words",
    [
        ("name,club\nAnna,X\nanna,Y\n", 'p.csv line 3: "anna" is already on line 2'),
        ("club\nX\n", "p.csv line 1: there is no 'name' column"),
        ("name,distance\nAnna,far\n", 'p.csv line 2: "far" is not a number'),
        ("name,stand-in\nAnna,perhaps\n", 'p.csv line 2: "perhaps" is not yes or no'),
    ],
)
def test_new_reports_every_problem_in_the_player_list(tmp_path: Path, capsys, text, words):
    csv = write_csv(tmp_path / "p.csv", text)
    assert main(["new", "carcassonne2004", "--players", str(csv), "--out", str(tmp_path / "e.xlsx")]) == 1
    assert words in capsys.readouterr().err
    assert not (tmp_path / "e.xlsx").exists()


def test_new_never_overwrites_an_event_without_force(tmp_path: Path, capsys):
    csv = write_csv(tmp_path / "p.csv", "name\nAnna\n")
    out = tmp_path / "e.xlsx"
    out.write_bytes(b"the organiser's event")
    assert main(["new", "carcassonne2004", "--players", str(csv), "--out", str(out)]) == 1
    assert "already exists" in capsys.readouterr().err and out.read_bytes() == b"the organiser's event"
    assert main(["new", "carcassonne2004", "--players", str(csv), "--out", str(out), "--force"]) == 0


def test_new_xlsm_has_its_vba_project(tmp_path: Path):
    csv = write_csv(tmp_path / "p.csv", "name\nAnna\n")
    assert main(["new", "carcassonne2004", "--players", str(csv), "--out", str(tmp_path / "e.xlsx"), "--xlsm"]) == 0
    assert "xl/vbaProject.bin" in zipfile.ZipFile(tmp_path / "e.xlsm").namelist()


def test_new_xlsm_never_replaces_a_python_file_it_did_not_write(tmp_path: Path, capsys):
    """The brief, item 5: the button's e.py beside e.xlsm may be the organiser's own script."""
    csv = write_csv(tmp_path / "p.csv", "name\nAnna\n")
    mine = tmp_path / "e.py"
    mine.write_text("print('my own script')\n")
    argv = ["new", "carcassonne2004", "--players", str(csv), "--out", str(tmp_path / "e.xlsm"), "--xlsm"]
    assert main(argv) == 1
    assert "e.py already exists and was not written by TourneyBook" in capsys.readouterr().err
    assert mine.read_text() == "print('my own script')\n" and not (tmp_path / "e.xlsm").exists()
    assert main([*argv, "--force"]) == 0
    assert main([*argv, "--force"]) == 0 and main(argv[:-1] + ["--out", str(tmp_path / "f.xlsm"), "--xlsm"]) == 0
    (tmp_path / "e.xlsm").unlink()
    assert main(argv) == 0  # our own e.py from the run before is simply rewritten


def test_new_reads_an_xlsx_player_list(tmp_path: Path):
    book = openpyxl.Workbook()
    book.active.append(["Player", "Country"])
    book.active.append(["Anna Berg", "Germany"])
    book.save(tmp_path / "list.xlsx")
    out = tmp_path / "event.xlsx"
    assert main(["new", "fwc2022", "--players", str(tmp_path / "list.xlsx"), "--out", str(out)]) == 0
    assert openpyxl.load_workbook(out)["Players"]["A4"].value == "Anna Berg"


def test_templates_writes_one_workbook_per_layout(tmp_path: Path, capsys):
    assert main(["templates", "--out", str(tmp_path / "templates")]) == 0
    written = sorted(p.name for p in (tmp_path / "templates").iterdir())
    for layout in shipped_layouts():
        # the plain template, its macro twin with the button, and the module the button runs
        assert {f"{layout.ruleset}.xlsx", f"{layout.ruleset}.xlsm", f"{layout.ruleset}.py"} <= set(written)
        assert "xl/vbaProject.bin" in zipfile.ZipFile(tmp_path / "templates" / f"{layout.ruleset}.xlsm").namelist()
    wb = openpyxl.load_workbook(tmp_path / "templates" / "carcassonne2004.xlsx")
    assert wb.sheetnames == ["Instructions", "Settings", "Players", "Preliminary", "Knock-out matches", "Adjustments"]


def test_recalc_prints_the_standings(event_file: Path, capsys):
    assert main(["recalc", str(event_file)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Workbook Test Open: standings (carcassonne2004)"
    assert lines[3].split()[:4] == ["1", "Eva", "Fink", "10.00"]  # 5 + 5 (seed 002: the winner gets 5)
    assert f"written to {event_file}: Standings, Standings by round, Games, Issues" in out


def test_recalc_out_leaves_the_source_untouched_and_writes_the_copy(tmp_path):
    """The README's main command recalculates a shipped example into a copy."""
    import hashlib

    import openpyxl

    from tourneybook.cli import main
    from tourneybook.simulate import write_event

    source = write_event("carcassonne2004", 13, tmp_path / "event.xlsx", recalc=False)
    before = hashlib.sha256(source.read_bytes()).hexdigest()
    out = tmp_path / "copy.xlsx"
    assert main(["recalc", str(source), "--out", str(out)]) == 0
    assert hashlib.sha256(source.read_bytes()).hexdigest() == before
    book = openpyxl.load_workbook(out)
    rows = [[c.value for c in row] for row in book["Standings"].iter_rows()]
    first = next(i for i, row in enumerate(rows) if row[:2] == ["Rank", "Player"]) + 1
    ranked = [row[1] for row in rows[first : first + 13]]
    registered = {c.value for c in book["Players"]["A"][3:] if c.value}  # names from row 4
    assert [row[0] for row in rows[first : first + 13]] == list(range(1, 14))
    assert set(ranked) == registered and len(registered) == 13


def test_recalc_out_on_bad_input_creates_nothing(tmp_path):
    import openpyxl

    from tourneybook.cli import main
    from tourneybook.simulate import write_event

    source = write_event("carcassonne2004", 13, tmp_path / "event.xlsx", recalc=False)
    wb = openpyxl.load_workbook(source)
    wb["Preliminary"]["D4"] = "abc"
    wb.save(source)
    out = tmp_path / "copy.xlsx"
    assert main(["recalc", str(source), "--out", str(out)]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]


def test_recalc_prints_the_final_after_the_standings(tmp_path, capsys):
    """The terminal shows what the result sheets show: here the Friedrich final (GFTR D, Final)."""
    from tourneybook.simulate import write_event

    source = write_event("fwc2022", 16, tmp_path / "fwc.xlsx", recalc=False)
    assert main(["recalc", str(source)]) == 0
    out = capsys.readouterr().out
    final = out[out.index("\nFinal\n") :]
    assert [line.split()[0] for line in final.splitlines()[4:8]] == ["1", "2", "3", "4"]  # after title, header, rule


def test_new_name_is_the_tournaments_name_in_the_xlsm_and_the_recalculation(tmp_path: Path, capsys):
    csv = write_csv(tmp_path / "p.csv", "Name\nAnna\nBo\nCy\nDi\n")
    out = tmp_path / "essen2024.xlsm"
    assert main(["new", "carcassonne2004", "--players", str(csv), "--out", str(out), "--xlsm", "--name", "Essen 2024"]) == 0
    settings = openpyxl.load_workbook(out)["Settings"]
    assert (settings["A5"].value, settings["B5"].value) == ("Tournament", "Essen 2024")
    assert recalc_file(out).tournament == "Essen 2024"
