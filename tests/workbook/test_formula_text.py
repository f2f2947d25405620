"""Names and notes that start like a formula are stored as text, never as a formula (issue 28 item 5).

OWASP's advice on CSV / formula injection: a cell starting with '=', '+', '-', '@',
a tab or a carriage return is taken for a formula by a spreadsheet program; a name
'<TAB>=cmd|x!A0' would be a DDE link Excel offers to run. Every writer of a cell
goes through :func:`tourneybook.files.store.formula_like`: ``new --players``
(openpyxl), the file layer's typed cells (join, absent, withdraw, imported
reports) and the live Excel workbook behind the button.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
from event_day import run

from tourneybook.excel.openbook import excel_value
from tourneybook.files.store import formula_like
from tourneybook.office import convert
from tourneybook.workbook.generic import ATTENDANCE_NOTE, NAME, PLAYERS

TRAPS = ["=1+1", "\t=cmd|x!A0", "@SUM(A1)", "+1+2", "-2+3", "\r=1+1"]
"""As typed in the players list; the list's reader collapses blanks at the ends, so the tab and CR go."""
STORED = ["=1+1", "=cmd|x!A0", "@SUM(A1)", "+1+2", "-2+3", "=1+1 bis"]


def _sheet_xml(path: Path, sheet: str) -> str:
    """The worksheet part of ``sheet`` in the .xlsx at ``path``, as text."""
    with zipfile.ZipFile(path) as z:
        book = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
        rid = re.search(rf'<(?:\w+:)?sheet [^>]*name="{re.escape(sheet)}"[^>]*r:id="([^"]+)"', book).group(1)
        target = re.search(rf'<Relationship [^>]*Id="{rid}"[^>]*Target="([^"]+)"', rels) or \
            re.search(rf'<Relationship [^>]*Target="([^"]+)"[^>]*Id="{rid}"', rels)
        name = target.group(1).lstrip("/")
        return z.read(name if name.startswith("xl/") else "xl/" + name).decode()


def _cell(xml: str, ref: str) -> str:
    found = re.search(rf'<(?:\w+:)?c r="{ref}"[^>]*?(?:/>|>.*?</(?:\w+:)?c>)', xml, re.S)
    assert found, ref
    return found.group(0)


def _is_text(cell: str) -> bool:
    kind = re.search(r' t="(\w+)"', cell)
    return kind is not None and kind.group(1) in ("s", "inlineStr", "str") and "<f" not in cell.replace("<fo", "")


def test_the_one_test_every_writer_uses():
    assert [formula_like(t) for t in TRAPS] == [True] * len(TRAPS)
    assert not formula_like("Anna =1") and not formula_like(3) and not formula_like("")
    assert excel_value("=1+1") == "'=1+1"  # the live workbook: Excel's quote prefix, the text kept
    assert excel_value("Anna") == "Anna"


def test_names_and_notes_like_formulas_are_stored_as_text_by_every_writer(tmp_path, capsys, soffice):
    players = tmp_path / "players.csv"
    names = [*TRAPS[:-1], TRAPS[-1] + " bis", *(f"Player {i:02}" for i in range(10))]
    players.write_text("Name\n" + "".join(f'"{n}"\n' for n in names), encoding="utf-8")
    path = tmp_path / "event.xlsx"
    assert run("new", "fwc2022", "--players", players, "--out", path) == 0
    column = "ABCDEFGHIJKL"[PLAYERS.index(NAME) - 1]
    xml = _sheet_xml(path, PLAYERS.name)
    for line in range(4, 4 + len(STORED)):
        assert _is_text(_cell(xml, f"{column}{line}")), _cell(xml, f"{column}{line}")
    # the file layer (join, absent): a new name and notes
    assert run("join", path, "=HYPERLINK(\"http://x.example\",\"win\")", "--from-round", 1, "--note=-late") == 0
    assert run("absent", path, "Player 00", "--round", 1, "--note", "@ill") == 0
    capsys.readouterr()
    xml = _sheet_xml(path, PLAYERS.name)
    note = "ABCDEFGHIJKL"[PLAYERS.index(ATTENDANCE_NOTE) - 1]
    new_row = 4 + len(names)
    for ref in (f"{column}{new_row}", f"{note}{new_row}", f"{note}{4 + len(STORED)}"):
        assert _is_text(_cell(xml, ref)), _cell(xml, ref)
    assert run("recalc", path) == 0
    # LibreOffice reopens every one as the text typed
    reopened = openpyxl.load_workbook(convert(path, "xlsx", tmp_path / "lo"))[PLAYERS.name]
    shown = [reopened.cell(line, PLAYERS.index(NAME)).value for line in range(4, 4 + len(STORED))]
    assert shown == STORED
    assert reopened.cell(new_row, PLAYERS.index(NAME)).value == '=HYPERLINK("http://x.example","win")'
    assert reopened.cell(new_row, PLAYERS.index(ATTENDANCE_NOTE)).value == "-late"
    assert reopened.cell(4 + len(STORED), PLAYERS.index(ATTENDANCE_NOTE)).value == "@ill"
