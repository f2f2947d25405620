"""Cell conversion by column kind, and reading a sheet by its schema (schema.py, cells.py, reader.py)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourneybook.errors import Collector, InputError
from tourneybook.workbook import cells
from tourneybook.workbook.reader import PlayerNames, read_sheet
from tourneybook.files.address import column_letter
from tourneybook.workbook.schema import Column, EntrySheet, Kind
from tourneybook.files.store import SheetGrid

WHOLE = Column("VP", Kind.WHOLE, minimum=0)
EXACT = Column("Points", Kind.EXACT)
CHOICE = Column("Stage", Kind.CHOICE, choices=("S1", "Q1", "F"))


@pytest.mark.parametrize(
    "column, typed, expected",
    [
        (WHOLE, 12, 12),  # RULES.md Carcassonne: VP are whole numbers
        (WHOLE, 12.0, 12),  # a spreadsheet stores every number as a float
        (WHOLE, " 12 ", 12),
        (EXACT, "7.5", Fraction(15, 2)),
        (EXACT, "7,5", Fraction(15, 2)),  # decimal comma as typed in Europe
        (EXACT, 7.57, Fraction(757, 100)),  # FWC example 5 (RULES.md): 7.57 typed, 757/100 read, not a binary float
        (EXACT, "22/3", Fraction(22, 3)),  # RULES.md "Everywhere": 2 x 4/3 kept exact
        (EXACT, -200, Fraction(-200)),  # Italia's conduct deduction of up to 200 (RULES.md)
        (EXACT, Decimal("0.1"), Fraction(1, 10)),
        (CHOICE, "q1", "Q1"),  # case does not matter, the schema's spelling is kept
        (Column("Stand-in", Kind.YES_NO), "Yes", True),
        (Column("Stand-in", Kind.YES_NO), "n", False),
        (Column("Stand-in", Kind.YES_NO), True, True),
        (Column("Start", Kind.TIME), "14:30", dt.time(14, 30)),
        (Column("Start", Kind.TIME), 0.5, dt.time(12, 0)),  # an unformatted time cell: half a day
        (Column("Start", Kind.TIME), dt.datetime(2024, 5, 1, 9, 15), dt.time(9, 15)),
        (Column("Name", Kind.TEXT), "  Anna   Berg ", "Anna Berg"),
        (Column("Name", Kind.TEXT), 42.0, "42"),
    ],
)
def test_convert(column, typed, expected):
    assert cells.converter(column)(typed) == expected


@pytest.mark.parametrize(
    "column, typed, words",
    [
        (WHOLE, "abc", '"abc" is not a whole number'),
        (WHOLE, 7.5, "7.5 is not a whole number"),
        (WHOLE, True, "True is not a whole number"),
        (WHOLE, -1, "-1 is negative; VP cannot be below 0"),
        (Column("Round", Kind.WHOLE, minimum=1, maximum=4), 5, "5 is above the largest allowed Round, 4"),
        (EXACT, 0.1 + 0.2, "0.30000000000000004 is not a short decimal"),
        (EXACT, "1/0", '"1/0" is not a number'),
        (EXACT, cells.Formula("=A1*2"), "is a formula with no stored result"),
        (EXACT, "=A1*2", '"=A1*2" is not a number'),  # text typed with the quote prefix: text, not a formula
        (EXACT, "#N/A", "the cell shows the error #N/A"),
        (CHOICE, "S9", '"S9" is not one of: S1, Q1, F'),
        (Column("Stand-in", Kind.YES_NO), "maybe", '"maybe" is not yes or no'),
        (Column("Start", Kind.TIME), "25:00", '"25:00" is not a time'),
    ],
)
def test_refuse(column, typed, words):
    with pytest.raises(cells.CellError, match=words.replace("(", r"\(").replace(")", r"\)").replace("*", r"\*")):
        cells.converter(column)(typed)


@given(st.decimals(min_value=-10**6, max_value=10**6, places=2, allow_nan=False, allow_infinity=False))
def test_a_short_decimal_typed_in_a_cell_is_read_exactly(d: Decimal):
    """Whatever 2-decimal number the organiser types, the float the file holds reads back as exactly that."""
    assert cells.exact(float(d)) == Fraction(d)


@given(st.integers(min_value=1, max_value=18278))
def test_column_letters_are_excel_letters(n: int):
    letters = column_letter(n)
    value = 0
    for ch in letters:
        value = value * 26 + ord(ch) - 64
    assert value == n


SHEET = EntrySheet(
    "Games",
    "Games",
    (
        Column("Round", Kind.WHOLE, required=True, minimum=1),
        Column("Player", Kind.PLAYER, required=True),
        Column("Points", Kind.EXACT),
    ),
)
NAMES = PlayerNames(["Anna Berg", "Bruno Costa"])


def grid(*data_rows, header=("Round", "Player", "Points"), merged=()) -> SheetGrid:
    return SheetGrid("Games", (("Games",), ("help",), header, *data_rows), merged)


def test_rows_are_typed_and_empty_rows_skipped():
    out = Collector(InputError)
    rows = read_sheet(grid((1, "anna berg", "7.5"), (None, "  ", None), (2, "Bruno Costa", None), ("", None, "")), SHEET, out, players=NAMES)
    assert not out
    assert [(r.line, r["Round"], r["Player"], r["Points"]) for r in rows] == [(4, 1, "Anna Berg", Fraction(15, 2)), (6, 2, "Bruno Costa", None)]
    assert rows[1].cell("Points") == "C6"


def test_organisers_own_columns_to_the_right_are_ignored():
    out = Collector(InputError)
    rows = read_sheet(grid((1, "Anna Berg", 3, "my note"), header=("Round", "Player", "Points", "Notes")), SHEET, out, players=NAMES)
    assert not out and rows[0]["Points"] == 3


@pytest.mark.parametrize(
    "data, header, expected",
    [
        ([(1, "Ana Berg", 1)], None, ['Games!B4: "Ana Berg" is not on the Players sheet; did you mean "Anna Berg"?']),
        ([(None, "Anna Berg", 1)], None, ["Games!A4: Round is missing (the row has other entries)"]),
        ([("x", "Anna Berg", "y")], None, ['Games!A4: "x" is not a whole number', 'Games!C4: "y" is not a number']),
        ([], ("Round", "Name", "Points"), ['Games!B3: the header here should be "Player", not "Name" (keep the template\'s column names)']),
        ([], ("Round", "Points", "Player"), ["Games!B3: the column \"Player\" belongs in B3 but was moved to C3: put the columns back in the template's order",
                                              "Games!C3: the column \"Points\" belongs in C3 but was moved to B3: put the columns back in the template's order"]),
        ([], ("Round", "Player"), ['Games!C3: the header "Points" is missing here']),
    ],
)
def test_problems_name_their_cell(data, header, expected):
    out = Collector(InputError)
    read_sheet(grid(*data, header=header or ("Round", "Player", "Points")), SHEET, out, players=NAMES)
    assert [str(p) for p in out.problems] == expected


def test_merged_cells_in_the_entry_area_are_refused_but_a_merged_title_is_not():
    out = Collector(InputError)
    read_sheet(grid((1, "Anna Berg", 1), merged=("A1:C1", "B4:C4")), SHEET, out, players=NAMES)
    assert [str(p) for p in out.problems] == ["Games!B4: merged cells B4:C4 in the entry area: unmerge them (Format > Merge cells)"]


def test_a_missing_sheet_names_a_renamed_one():
    out = Collector(InputError)
    read_sheet(None, SHEET, out, present=["Players", "Gmaes"])
    assert str(out.problems[0]) == "Games: the sheet 'Games' is missing (is \"Gmaes\" it, renamed? give it back its name)"



NAME_WORDS = st.lists(st.sampled_from(["Anna", "Annabel", "Ana", "Berg", "Søren", "Soren", "Łukasz", "Niels", "Ølgaard", "Nina",
                                       "Olsen", "José", "Núñez", "Jose", "Nunez", "Émile", "Zoë"]), min_size=1, max_size=3)


def _fold(name: str) -> str:
    from tourneybook.workbook.nameorder import base_letters

    return " ".join(base_letters(name).split())


def _reference_starts(name: str, typed: str) -> bool:
    """Each typed word the start of a word of ``name``, in order: tried over every choice of words (not greedily)."""
    from itertools import combinations

    words, wanted = _fold(name).split(), _fold(typed).split()
    return bool(wanted) and any(all(words[i].startswith(w) for i, w in zip(chosen, wanted))
                                for chosen in combinations(range(len(words)), len(wanted)))


@given(st.lists(NAME_WORDS, min_size=1, max_size=6), st.data())
def test_a_name_typed_without_accents_or_by_its_words_starts_finds_the_player(sheet, data):
    """PlayerNames.near, for any Players sheet (some names with doubled blanks, as organisers type them): a name typed
    without accents, in other case and blanks finds exactly the players that fold to it; the starts of its words, in
    order, find every player whose words start so (and only them) when none folds to it."""
    players = PlayerNames(("  " if i % 2 else " ").join(words) for i, words in enumerate(sheet))
    listed = players.names
    name = data.draw(st.sampled_from(listed))
    typed = "  ".join(_fold(name).upper().split())
    assert players.near(typed) == [n for n in listed if _fold(n) == _fold(name)]
    starts = " ".join(w[:data.draw(st.integers(1, len(w)))] for w in name.split())
    expected = [n for n in listed if _fold(n) == _fold(starts)] or [n for n in listed if _reference_starts(n, starts)]
    assert name in expected and players.near(starts, closest=False) == expected


def test_a_name_with_doubled_blanks_is_found_as_itself_not_with_every_name_it_starts():
    """'Anna  Berg' on the sheet, 'anna berg' typed: Anna Berg, not Annabel Berg too (whose words also start so)."""
    players = PlayerNames(["Annabel Berg", "Anna  Berg"])
    assert players.near("anna berg") == players.near("ANNA   BERG") == ["Anna  Berg"]
    assert players.near("ann ber") == ["Annabel Berg", "Anna  Berg"]
