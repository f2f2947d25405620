"""Player lists as organisers export them from their spreadsheets (actions/players_list.py).

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
from tourneybook.actions.players_list import read_players_list

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
    assert read_players_list(path).players == (ANNA, JOERG)


def test_a_single_column_list_needs_no_delimiter(tmp_path: Path):
    path = tmp_path / "players.csv"
    path.write_text("Name\nAnna Berg\nJörg Müller\n", encoding="utf-8")
    assert [p.name for p in read_players_list(path).players] == ["Anna Berg", "Jörg Müller"]


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
    assert read_players_list(path).players == (ANNA, JOERG)


@pytest.mark.parametrize(
    "rows, expected",
    [
        ([["Name", "Distance"], ["Anna", "far"]], ['Liste!B3: "far" is not a number']),
        ([["Name", "Stand-in"], ["Anna", "perhaps"], ["anna", None]],
         ['Liste!B3: "perhaps" is not yes or no', 'Liste!A4: "anna" is already on row 3: names must be unique']),
        ([["Club"], ["X"]], ["Liste!A2: there is no 'name' column (nor 'First name' and 'Last name')"]),
        ([["Name", "Distance"], ["Anna", "1,500"], ["Bo", "2.250"]],
         ['Liste!B3: "1,500" could be read two ways (thousands or decimals): type the distance as digits only, '
          'with a decimal point or comma only for a fraction of a kilometre (1500, or 1,5)',
          'Liste!B4: "2.250" could be read two ways (thousands or decimals): type the distance as digits only, '
          'with a decimal point or comma only for a fraction of a kilometre (1500, or 1,5)']),
        ([["Name", "Distance"], [None, 3]], ["Liste!A3: the name is empty"]),
        ([["Name", "Distance"], ["Anna", -2]], ["Liste!B3: the distance -2 is negative"]),
    ],
    ids=["not-a-number", "yes-no-and-duplicate", "no-name-column", "thousands-or-decimals", "empty-name", "negative-distance"],
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
        ("name;player\nAnna;Anna\n", ["p.csv line 1: two columns give the name"]),
        ("\n\n", ["the list is empty"]),
        ("name,club\nAnna,X,surplus\n", ["Expected 2 fields in line 2, saw 3"]),
    ],
    ids=["bad-cells", "name-twice", "empty", "ragged"],
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
    assert [p.name for p in read_players_list(path).players] == [" ".join(n.split()) for n in names]


# --- registration forms and the encodings Excel writes ------------------------------------------------

GOOGLE_FORMS = (
    "Timestamp,Name,Email Address,Club,Which day do you arrive?\r\n"
    "2024/10/01 9:14:03 AM GMT+2,Anna Berg,anna@example.org,Berlin,Thursday\r\n"
    '2024/10/02 6:40:51 PM GMT+2,Łukasz Nowak,lukasz@example.org,"Kraków, PL",Friday\r\n'
)
MICROSOFT_FORMS = [
    ["ID", "Start time", "Completion time", "Email", "Name", "Last modified time", "Full name", "Country"],
    [1, "10/1/24 9:10:02", "10/1/24 9:14:03", "anonymous", "anonymous", None, "Anna Berg", "Germany"],
    [2, "10/2/24 18:39:00", "10/2/24 18:40:51", "anonymous", "anonymous", None, "Łukasz Nowak", "Poland"],
]


def test_a_google_forms_export_is_read_and_its_other_columns_named(tmp_path: Path):
    path = tmp_path / "Registration (Responses) - Form responses 1.csv"
    path.write_text(GOOGLE_FORMS, encoding="utf-8")
    listed = read_players_list(path)
    assert listed.players == (Player("Anna Berg", "Berlin"), Player("Łukasz Nowak", "Kraków, PL"))
    assert listed.notes == ('columns not read (the list\'s columns are name, club, stand-in, distance, group): '
                            '"Timestamp", "Email Address", "Which day do you arrive?"',)


def test_a_microsoft_forms_export_takes_the_players_name_not_the_respondents(tmp_path: Path):
    path = xlsx(tmp_path / "Registration(1-2).xlsx", MICROSOFT_FORMS, title="Sheet1")
    listed = read_players_list(path)
    assert listed.players == (Player("Anna Berg", "Germany"), Player("Łukasz Nowak", "Poland"))
    assert listed.notes[0].endswith('"ID", "Start time", "Completion time", "Email", "Name", "Last modified time"')


def test_first_and_last_name_make_the_name_and_club_wins_over_country(tmp_path: Path):
    path = tmp_path / "p.csv"
    path.write_text("First name;Last name;Country;Club\nAnna;Berg;Germany;Berlin\nJörg;Müller;Germany;\n",
                    encoding="utf-8")
    listed = read_players_list(path)
    assert listed.players == (Player("Anna Berg", "Berlin"), Player("Jörg Müller", ""))
    assert listed.notes[0].endswith(': "Country"')


@pytest.mark.parametrize(
    "encoding, sep",
    [("utf-16", "\t"), ("utf-16-le", "\t"), ("utf-16-be", ","), ("utf-8-sig", ";"), ("cp1252", ";")],
    ids=["unicode-text-bom", "utf16le-no-bom", "utf16be-no-bom-is-refused", "utf8-bom", "cp1252"],
)
def test_the_encodings_excel_writes(tmp_path: Path, encoding, sep):
    """Excel's 'Unicode Text' is UTF-16 with a BOM and tabs; 'CSV UTF-8' has a BOM; plain 'CSV' is cp1252."""
    text = sep.join(["Name", "Club"]) + "\r\n" + sep.join(["Jörg Müller", "Köln"]) + "\r\n"
    names = ["Zoë Faure", "Łukasz Nowak"] if encoding != "cp1252" else ["Zoë Faure"]
    text += "".join(sep.join([n, "Paris"]) + "\r\n" for n in names)
    path = tmp_path / "p.csv"
    path.write_bytes(text.encode(encoding))
    if encoding == "utf-16-be":  # no BOM and big-endian: nothing Excel writes; refused, not misread
        with pytest.raises(InputError, match="not a text file"):
            read_players_list(path)
        return
    listed = read_players_list(path)
    assert [p.name for p in listed.players] == ["Jörg Müller", *names]
    assert listed.notes == ()


def test_new_prints_the_note_and_writes_the_players(tmp_path: Path, capsys):
    from tourneybook.cli import main

    players = tmp_path / "form.csv"
    players.write_text(GOOGLE_FORMS, encoding="utf-8")
    out = tmp_path / "essen.xlsx"
    assert main(["new", "carcassonne2004", "--players", str(players), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert 'note: columns not read' in printed and '"Timestamp"' in printed
    sheet = openpyxl.load_workbook(out)["Players"]
    names = [c.value for row in sheet.iter_rows() for c in row if c.value in ("Anna Berg", "Łukasz Nowak")]
    assert names == ["Anna Berg", "Łukasz Nowak"]
