"""The 'Seating' sheet a draw writes: the rounds just drawn by player name, one printed page each,
for the wall of the tournament hall (players look for their name, not for a table)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "workbook"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from test_draw_command import draw_file, event, tables  # noqa: E402

from tourneybook.i18n import find_words
from tourneybook.office import convert
from tourneybook.workbook.draw_sheets import SEATING_SHEET, seating_sheet
from tourneybook.files.filestore import FileWorkbook
from tourneybook.files.marks import DRAWN, sheet_mark
from tourneybook.actions.on_file import recalc_file
from tourneybook.files.store import SheetGrid


def blocks(path: Path, view: str = ": find your name") -> dict[int, list[tuple]]:
    """Each round's rows (player, table, seat) from the Seating sheet, in sheet order: the by-name list, or
    with ``view=" by table"`` (" by board") the by-table one (its "Table N" lines as (text,))."""
    ws = openpyxl.load_workbook(path)[SEATING_SHEET]
    found: dict[int, list[tuple]] = {}
    current = None
    for row in ws.iter_rows(min_row=3, max_col=4, values_only=True):
        if isinstance(row[0], str) and row[0].startswith("Round ") and not row[0].startswith("Round robin"):
            current = int(row[0].split()[1].rstrip(":")) if row[0].endswith(view) else None
            if current is not None:
                found[current] = []
        elif current is not None and row[0] not in (None, "Player"):
            assert row[2] is None  # the gap that keeps the table's number apart from the seat
            found[current].append((row[0], row[1], row[3]) if row[1] is not None or row[3] else (row[0],))
    return found


def test_every_round_drawn_lists_each_player_once_by_name_at_their_table(tmp_path):
    # Seed 000 GFTR B: four games, one per role; 16 players, all four rounds drawn at once.
    path = event(tmp_path, "fwc2022", 16)
    draw_file(path, every_round=True)
    seating = blocks(path)
    assert sorted(seating) == [1, 2, 3, 4]
    for rnd, rows in seating.items():
        names = [r[0] for r in rows]
        assert names == sorted(names) and len(names) == 16 == len(set(names))
        by_table = blocks(path, " by table")[rnd]
        assert [r[0] for r in by_table if len(r) == 1] == [f"Table {n}" for n in range(1, 5)]
        assert sorted(r for r in by_table if len(r) == 3) == sorted(rows)  # the same seats, by table
        drawn = {player: (table, seat) for table, seats in tables(path, "fwc2022", rnd).items() for seat, player in seats.items()}
        assert {r[0]: (r[1], r[2]) for r in rows} == drawn
    ws = openpyxl.load_workbook(path)[SEATING_SHEET]
    assert ws.print_title_rows is None and len(ws.row_breaks.brk) == 7  # a printed page per round by name, one by table
    assert ws["B4"].value == "Table"
    mark = sheet_mark(SheetGrid(SEATING_SHEET, tuple(tuple(c.value for c in r) for r in ws.iter_rows(max_row=2))))
    assert mark is not None and (mark.sheet, mark.what) == (SEATING_SHEET, DRAWN)
    assert recalc_file(path).ok and SEATING_SHEET in openpyxl.load_workbook(path).sheetnames  # a recalculation keeps it


def test_a_diplomacy_sit_out_and_a_second_board_are_on_the_list(tmp_path):
    # Seed 003 II.5: the TD chooses who sits out, and who plays two boards.
    path = event(tmp_path, "codcon2008", 22)
    draw_file(path, 1, sit_outs=["Player 00"])
    (rows,) = blocks(path).values()
    assert ("Player 00", None, "sits out") in rows
    assert len(rows) == 22 and all(r[1] is not None for r in rows if r[0] != "Player 00")
    assert openpyxl.load_workbook(path)[SEATING_SHEET]["B4"].value == "Board"

    (tmp_path / "double").mkdir()
    path = event(tmp_path / "double", "codcon2008", 20)
    draw_file(path, 1, doubles=["Player 01"])
    (rows,) = blocks(path).values()
    assert [r[0] for r in rows].count("Player 01") == 2 and len(rows) == 21


@pytest.mark.libreoffice
def test_libreoffice_prints_a_page_per_round(soffice, tmp_path):
    path = event(tmp_path, "carcassonne2004", 26)
    outcome = draw_file(path, every_round=True)
    only = tmp_path / "seating.xlsx"  # the sheet alone, as the organiser prints it (LibreOffice prints every sheet)
    openpyxl.Workbook().save(only)
    book = FileWorkbook(only)
    book.replace(seating_sheet("Draw Test Open", outcome.draw))
    book.remove("Sheet")
    book.save()
    pdf = convert(only, "pdf", tmp_path / "pdf")
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split("\f")
    pages = [p for p in pages if p.strip()]
    assert len(pages) == 8  # RULES.md Carcassonne: four preliminary rounds, one page by name and one by table each
    for rnd in range(1, 5):
        by_name, by_table = pages[2 * rnd - 2], pages[2 * rnd - 1]
        assert f"Round {rnd}: find your name" in by_name and "Draw Test Open: seating" in by_name
        assert len(re.findall(r"^Player \d\d ", by_name, re.MULTILINE)) == 26  # every name once, on its own line
        assert f"Round {rnd} by table" in by_table and len(re.findall(r"^Player \d\d ", by_table, re.MULTILINE)) == 26


@pytest.mark.libreoffice
def test_draw_pdf_prints_the_seating_list_beside_the_workbook(soffice, tmp_path, capsys):
    from tourneybook.cli import main

    path = event(tmp_path, "fwc2022", 16, name="Essen Open")
    assert main(["draw", str(path), "--round", "1", "--pdf"]) == 0
    pdf = tmp_path / "fwc2022-seating-R1.pdf"
    assert f"seating list: {pdf}" in capsys.readouterr().out
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = [p for p in text.split("\f") if p.strip()]
    assert len(pages) == 2 and "Essen Open: seating" in pages[0] and "Round 1: find your name" in pages[0]
    assert "Round 1 by table" in pages[1]
    drawn = {player: (table, seat) for table, seats in tables(path, "fwc2022", 1).items() for seat, player in seats.items()}
    for player, (table, seat) in drawn.items():  # each name on its own line with its table and role
        assert re.search(rf"^{player}\s+{table}\s{{3,}}{seat}\s*$", pages[0], re.MULTILINE), player  # table and seat apart


def test_draw_pdf_without_libreoffice_is_refused_before_drawing(tmp_path, capsys, monkeypatch):
    from tourneybook import office
    from tourneybook.cli import main

    path = event(tmp_path, "fwc2022", 16)
    before = path.read_bytes()
    monkeypatch.setattr(office, "find_soffice", lambda: None)
    assert main(["draw", str(path), "--round", "1", "--pdf"]) == 1
    err = capsys.readouterr().err
    assert "--pdf needs LibreOffice to print the seating list" in err and "print the 'Seating' sheet" in err
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["fwc2022.xlsx"]
    assert main(["draw", str(path), "--final", "--pdf"]) == 1
    assert "use it with --round N, --next or --all" in capsys.readouterr().err


def test_names_sort_as_people_sort_them():
    from tourneybook.workbook.nameorder import name_order

    names = ["Zora Ruiz", "Álvaro Díaz", "Ana Pérez", "Émile Roux", "Ezra Kahn", "Øyvind Lie", "Oscar Wilde", "zoë adams", "Bob"]
    assert sorted(names, key=name_order) == [
        "Álvaro Díaz", "Ana Pérez", "Bob", "Émile Roux", "Ezra Kahn", "Oscar Wilde", "Øyvind Lie", "zoë adams", "Zora Ruiz"]
    assert sorted(["álvaro", "Álvaro", "alvaro", "Alvaro"], key=name_order) == ["Alvaro", "alvaro", "Álvaro", "álvaro"]  # total and reproducible


@pytest.mark.parametrize("ruleset, n", [("fwc2022", 16), ("carcassonne2004", 17), ("codcon2008", 14)])
def test_the_seating_sheet_speaks_each_language_and_english_fails_the_check(ruleset, n, tmp_path):
    """The sheet's words (the organiser's marker note apart) in each language: the English-left check passes,
    and the English sheet fails it (the check the printed sheet's test makes can fail)."""
    from english_left import english_left

    path = event(tmp_path, ruleset, n, stand_ins=1)
    draw = draw_file(path).draw
    stand_in = f"Player {n - 1:02}"
    names = {s.player for rnd in draw.rounds for t in rnd.tables for s in t.seats} | {"Copa"}

    def text(language: str) -> str:
        sheet = seating_sheet("Copa", draw, language=language, stand_ins={stand_in})
        return " ".join(c.value for row in sheet.rows for c in row if isinstance(c.value, str) and c.style != "note")

    for code in ("es", "de", "it", "fr"):
        said = text(find_words(code).language.name)
        assert english_left(said, code, names) == [], code
        assert f"{stand_in} ({find_words(code)._('stand-in')})" in said
        assert {"find", "your"} <= set(english_left(text("English"), code, names)), code
