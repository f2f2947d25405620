"""Player lists as organisers export them from their spreadsheets (workbook/players_list.py).

Rows name the case of the brief they check: Excel's European CSV (';' with a
BOM), tab separated, the old Windows code page (cp1252), an .xlsx list, and
bad rows reported where the organiser sees them (CSV line N, Sheet!A5).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.errors import InputError
from tourneybook.workbook.generic import Player
from tourneybook.workbook.players_list import read_players_list

ANNA = Player("Anna Berg", "Berlin", False, Fraction(25, 2), "A")
JOERG = Player("Jörg Müller", "Köln", True, None, "")


@pytest.mark.parametrize(
    "data",
    [
        # Excel 'CSV UTF-8' in a German/French locale: ';', BOM, decimal comma
        "\ufeffName;Club;Stand-in;Distance;Group\r\nAnna Berg;Berlin;;12,5;A\r\nJörg Müller;Köln;yes;;\r\n".encode("utf-8"),
        # tab separated ('Text (tab delimited)'), aliases Player and Country, no BOM
        "Player\tCountry\tStand in\tDistance\tgroup\nAnna Berg\tBerlin\tno\t12.5\tA\nJörg Müller\tKöln\tyes\t\t\n".encode("utf-8"),
        # Excel's plain 'CSV' export on Windows: cp1252, the umlauts as single bytes
        "NAME;CLUB;STAND-IN;DISTANCE;GROUP\r\nAnna Berg;Berlin;;12,5;A\r\nJörg Müller;Köln;1;;\r\n".encode("cp1252"),
        # commas with a quoted value holding a comma, and a blank line in between
        b'name,club,stand-in,distance,group\n"Anna  Berg",Berlin,,12.5,A\n\n"J\xc3\xb6rg M\xc3\xbcller","K\xc3\xb6ln",x,,\n',
    ],
    ids=["semicolon-bom", "tab", "cp1252", "comma-quoted"],
)
def test_csv_exports_read_the_same_players(tmp_path: Path, data: bytes):
    path = tmp_path / "players.csv"
    path.write_bytes(data)
    assert read_players_list(path) == (ANNA, JOERG)


def test_a_single_column_list_needs_no_delimiter(tmp_path: Path):
    path = tmp_path / "players.csv"
    path.write_text("Name\nAnna Berg\nJörg Müller\n", encoding="utf-8")
    assert [p.name for p in read_players_list(path)] == ["Anna Berg", "Jörg Müller"]


def xlsx(path: Path, rows: list[list], title: str = "Liste", start: int = 1) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    for i, row in enumerate(rows, start=start):
        for j, value in enumerate(row, start=1):
            ws.cell(i, j).value = value
    wb.create_sheet("Other")["A1"] = "not read: the first sheet is the list"
    wb.save(path)
    return path


def test_an_xlsx_list_is_its_first_sheet(tmp_path: Path):
    path = xlsx(tmp_path / "players.xlsx", [
        ["Name", "Club / Country", "Stand-in", "Distance from home (km)", "Keep-apart group"],
        ["Anna Berg", "Berlin", None, 12.5, "A"],
        [None, None, None, None, None],
        ["Jörg Müller", "Köln", True, None, None],
    ], start=2)
    assert read_players_list(path) == (ANNA, JOERG)


@pytest.mark.parametrize(
    "rows, expected",
    [
        ([["Name", "Distance"], ["Anna", "far"]], ['Liste!B3: "far" is not a number']),
        ([["Name", "Stand-in"], ["Anna", "perhaps"], ["anna", None]],
         ['Liste!B3: "perhaps" is not yes or no', 'Liste!A4: "anna" is already on row 3: names must be unique']),
        ([["Club"], ["X"]], ["Liste!A2: there is no 'name' column"]),
        ([["Name", "Distance"], [None, 3]], ["Liste!A3: the name is empty"]),
        ([["Name", "Distance"], ["Anna", -2]], ["Liste!B3: the distance -2 is negative"]),
    ],
    ids=["not-a-number", "yes-no-and-duplicate", "no-name-column", "empty-name", "negative-distance"],
)
def test_xlsx_problems_name_their_cell(tmp_path: Path, rows, expected):
    path = xlsx(tmp_path / "players.xlsx", rows, start=2)
    with pytest.raises(InputError) as caught:
        read_players_list(path)
    assert [str(p) for p in caught.value.problems] == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("name;distance\nAnna;far\nBo;-1\n",
         ['p.csv line 2: "far" is not a number', "p.csv line 3: the distance -1 is negative"]),
        ("name,colour\nAnna,red\n", ['p.csv line 1: unknown column "colour"; the columns are name, club, stand-in, '
                                     'distance, group']),
        ("name;player\nAnna;Anna\n", ["p.csv line 1: two columns give the name"]),
        ("\n\n", ["the list is empty"]),
        ("name,club\nAnna,X,surplus\n", ["Expected 2 fields in line 2, saw 3"]),
    ],
    ids=["bad-cells", "unknown-column", "name-twice", "empty", "ragged"],
)
def test_csv_problems_name_their_line(tmp_path: Path, text, expected):
    path = tmp_path / "p.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_players_list(path)
    shown = [str(p) for p in caught.value.problems]
    assert len(shown) == len(expected)
    assert all(e in s for e, s in zip(expected, shown)), shown


@pytest.mark.parametrize(
    "name, data, words",
    [
        ("missing.csv", None, "no such file"),
        ("broken.xlsx", b"PK not really a workbook", "cannot be read as an Excel workbook"),
    ],
)
def test_unreadable_files_are_input_errors(tmp_path: Path, name, data, words):
    path = tmp_path / name
    if data is not None:
        path.write_bytes(data)
    with pytest.raises(InputError, match=words):
        read_players_list(path)


NAMES = st.text(alphabet="AÄBCDÉFGÖÜßabcdeéfghöüø -'", min_size=1, max_size=20).filter(lambda s: s.strip())


@settings(max_examples=40, deadline=None)
@given(names=st.lists(NAMES, min_size=1, max_size=8, unique_by=lambda s: " ".join(s.split()).casefold()),
       sep=st.sampled_from([",", ";", "\t"]), encoding=st.sampled_from(["utf-8-sig", "utf-8", "cp1252"]))
def test_any_delimiter_and_encoding_give_the_names_back(tmp_path_factory, names, sep, encoding):
    """Property: what a spreadsheet writes (any of the three delimiters, BOM or not, cp1252) reads back unchanged."""
    path = tmp_path_factory.mktemp("list") / "p.csv"
    lines = [sep.join(["Name", "Club"])] + [sep.join([f'"{n}"', "Club"]) for n in names]
    path.write_bytes("\r\n".join(lines).encode(encoding))
    assert [p.name for p in read_players_list(path)] == [" ".join(n.split()) for n in names]
