"""OpenBookStore over the xlwings remote engine: what it reads, and the actions its writes become."""

from __future__ import annotations

from fractions import Fraction

import openpyxl
import pytest
import xlwings as xw
from excel_remote import apply_actions, payload
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.excel.openbook import OpenBookStore, frozen_area, read_value
from tourneybook.files.address import column_letter
from tourneybook.errors import InputError
from tourneybook.files.filestore import FileWorkbook
from tourneybook.files.marks import RECALCULATED, note
from tourneybook.files.store import Cell, Chart, ResultSheet


def live(*sheets: tuple[str, list[list]]) -> tuple[xw.Book, OpenBookStore]:
    book = xw.Book(json=payload("t.xlsx", list(sheets)))
    return book, OpenBookStore(book)


def actions(book: xw.Book, func: str) -> list[dict]:
    return [a for a in book.json()["actions"] if a["func"] == func]


STANDINGS = ResultSheet(
    name="Standings",
    rows=(
        (Cell("Standings", "title"),),
        (Cell("Rank", "header"), Cell("Player", "header"), Cell("Points", "header")),
        (Cell(1), Cell("Ann"), Cell(Fraction(8, 3), number_format="0.00")),
        (Cell(2), Cell("Bob"), Cell(Fraction(5, 2), number_format="0.00")),
    ),
    column_widths=(6, 20, 10),
    freeze="A3",
)


@pytest.mark.parametrize(
    "sent, read",
    [
        (7.0, 7),  # Excel hands whole numbers over as floats; the file store gives ints
        (7.5, 7.5),
        ("", None),  # the Office add-in sends empty cells as ''
        ("Ann", "Ann"),
        (True, True),
    ],
)
def test_read_value_matches_the_file_store(sent, read):
    assert read_value(sent) == read and type(read_value(sent)) is type(read)


def test_read_gives_the_grid_from_a1_without_trailing_empty_rows():
    _, store = live(("Games", [["Round", "Table", "VP"], [1, 2, 30.0], ["", "", ""]]), ("Players", [["Name"]]))
    grid = store.read("Games")
    assert store.sheet_names() == ["Games", "Players"]
    assert grid.rows == (("Round", "Table", "VP"), (1, 2, 30))
    assert grid.value(2, 3) == 30 and grid.merged == ()


def test_read_of_a_missing_sheet_is_a_key_error():
    _, store = live(("Games", [["x"]]))
    with pytest.raises(KeyError):
        store.read("Standings")


def test_replace_adds_a_new_sheet_and_writes_one_block():
    book, store = live(("Games", [["x"]]))
    store.replace(STANDINGS)
    assert [a["args"] for a in actions(book, "addSheet")] == [[1, "Standings"]]
    (block,) = actions(book, "setValues")
    assert block["values"][2] == [1, "Ann", 8 / 3] and (block["row_count"], block["column_count"]) == (4, 3)
    assert actions(book, "freezePaneAtRange")[0]["args"] == ["1:2"]
    bold = [(a["start_row"], a["column_count"]) for a in actions(book, "setFontProperty") if a["args"] == ["bold", True]]
    assert bold == [(0, 1), (1, 3)]  # the title and the header row
    formats = actions(book, "setNumberFormat")
    assert [(a["start_row"], a["start_column"], a["row_count"], a["args"]) for a in formats] == [(2, 2, 2, ["0.00"])]
    # The add-in measures column widths in points: 20 characters is (20*7+5)*0.75 points.
    assert [a["args"] for a in actions(book, "setColumnWidth")] == [[35.25], [108.75], [56.25]]


OLD_STANDINGS = [["old"], [note("Standings", RECALCULATED)]]
"""A Standings sheet an earlier recalculation wrote: its note in A2 names it."""


def test_replace_clears_an_existing_sheet_instead_of_deleting_it():
    book, store = live(("Games", [["x"]]), ("Standings", OLD_STANDINGS))
    store.replace(STANDINGS)
    funcs = [a["func"] for a in book.json()["actions"]]
    assert "addSheet" not in funcs and "sheetDelete" not in funcs
    assert funcs.index("sheetClear") < funcs.index("setValues")


def test_replace_then_apply_gives_what_the_file_store_writes(tmp_path):
    old = [["old"] * 5 for _ in range(9)]
    old[1][0] = note("Standings", RECALCULATED)
    book, store = live(("Games", [["x"]]), ("Standings", old))
    store.replace(STANDINGS)
    target = openpyxl.Workbook()
    target.active.title = "Games"
    target.create_sheet("Standings")
    for r in range(9):
        for c in range(5):
            target["Standings"].cell(r + 1, c + 1, old[r][c])
    apply_actions(book.json()["actions"], target)
    blank = openpyxl.Workbook()
    blank.active.title = "Games"
    blank.save(tmp_path / "file.xlsx")
    by_file = FileWorkbook(tmp_path / "file.xlsx")
    by_file.replace(STANDINGS)
    by_file.save()
    expected = openpyxl.load_workbook(tmp_path / "file.xlsx")["Standings"]
    got = [[c.value for c in row] for row in target["Standings"].iter_rows(max_row=4, max_col=3)]
    want = [[c.value for c in row] for row in expected.iter_rows(max_row=4, max_col=3)]
    assert got == [[pytest.approx(v) if isinstance(v, float) else v for v in row] for row in want]
    assert all(c.value is None for row in target["Standings"].iter_rows(min_row=5) for c in row)


def test_remove_deletes_only_an_existing_sheet_that_is_tourneybooks():
    book, store = live(
        ("Games", [["x"]]),
        ("Issues", [["old"], [note("Issues", RECALCULATED)]]),
        ("Standings after R2", OLD_STANDINGS),  # the organiser's copy of Standings
        ("Final", [["my own final"]]),
    )
    for name in ("Nothing", "Standings after R2", "Final", "Issues"):
        store.remove(name)
    assert [(a["func"], a["sheet_position"]) for a in book.json()["actions"]] == [("sheetDelete", 1)]


def test_replace_refuses_an_organisers_sheet_of_the_same_name():
    """Their own 'Standings' (or a copy renamed so) is never cleared: they are told to rename it."""
    for theirs in ([["my standings"]], [["Standings"], [note("Standings (2)", RECALCULATED)]]):
        book, store = live(("Games", [["x"]]), ("standings", theirs))
        with pytest.raises(InputError) as refused:
            store.replace(STANDINGS)
        assert str(refused.value.problems[0]).startswith("the sheet 'standings' is not one TourneyBook wrote")
        assert book.json()["actions"] == []


def test_chart_takes_the_header_row_as_series_names():
    book, store = live(("Games", [["x"]]))
    sheet = ResultSheet(
        name="Chart",
        rows=((Cell("Player"), Cell("Points")), (Cell("Ann"), Cell(3)), (Cell("Bob"), Cell(2))),
        charts=(Chart(title="Points", categories="A2:A3", series=(("Points", "B2:B3"),), anchor="D2"),),
    )
    store.replace(sheet)
    (chart,) = actions(book, "addChart")
    assert chart["args"][3] == "$B$1:$B$3" and chart["args"][9] == "$D$2"
    assert actions(book, "setChartXAxisValues")[0]["args"][2] == "$A$2:$A$3"
    assert store.notes == []


@pytest.mark.parametrize(
    "first_unfrozen, frozen",
    [("A5", "1:4"), ("C1", "A:B"), ("C5", "A1:B4"), ("B2", "A1:A1")],
)
def test_frozen_area_from_the_first_unfrozen_cell(first_unfrozen, frozen):
    assert frozen_area(first_unfrozen) == frozen


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=1, max_value=16384))
def test_column_letters_round_trip(col):
    from openpyxl.utils import column_index_from_string, get_column_letter

    assert column_letter(col) == get_column_letter(col)
    assert column_index_from_string(column_letter(col)) == col


def test_classic_excel_gets_widths_in_characters_and_no_freeze_call():
    """Desktop Excel (RunPython) measures widths in characters and xlwings has no freeze call there."""
    book, store = live(("Games", [["x"]]))
    store.classic = True
    store.replace(STANDINGS)
    assert [a["args"] for a in actions(book, "setColumnWidth")] == [[6], [20], [10]]
    assert actions(book, "freezePaneAtRange") == []


STYLES = st.sampled_from(["", "", "header", "note", "warning"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(STYLES, max_size=6), max_size=8))
def test_style_blocks_cover_each_styled_cell_exactly_once(styles):
    from tourneybook.excel.openbook import blocks

    rows = tuple(tuple(Cell(None, s) for s in row) for row in styles)
    covered: dict[tuple[int, int], list[str]] = {}
    for top, left, bottom, right, style in blocks(rows):
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                covered.setdefault((r, c), []).append(style)
    wanted = {(r, c): [s] for r, row in enumerate(styles, 1) for c, s in enumerate(row, 1) if s}
    assert covered == wanted


def test_print_area_wrapped_columns_and_header_height_reach_excel():
    book, store = live(("Games", [["x"]]))
    printed = ResultSheet(
        name="Standings",
        rows=STANDINGS.rows,
        column_widths=(6, 20, 10),
        print_area="A1:C4",
        print_title_rows="1:2",
        row_heights=((2, 48.0),),
        wrap_columns=(2,),
        landscape=True,
        fit_to_width=True,
    )
    store.replace(printed)
    assert [a["args"] for a in actions(book, "setPrintArea")] == [["A1:C4"]]
    assert [a["args"] for a in actions(book, "setRowHeight")] == [[48.0]]
    wraps = {(a["start_row"], a["start_column"], a["row_count"], a["column_count"]) for a in actions(book, "setWrapText")}
    assert (0, 1, 4, 1) in wraps  # column B, rows 1-4 (0-based start in the action)
    assert store.notes == []  # the remote engine has no page set-up call: nothing failed, nothing reported


def test_line_chart_of_rows_takes_names_from_the_column_before():
    book, store = live(("Games", [["x"]]))
    sheet = ResultSheet(
        name="By round",
        rows=((Cell("Player"), Cell("R1"), Cell("R2")), (Cell("Ann"), Cell(1), Cell(2)), (Cell("Bob"), Cell(2), Cell(1))),
        charts=(
            Chart("Positions", categories="B1:C1", series=(("Ann", "B2:C2"), ("Bob", "B3:C3")), anchor="A5", kind="line", series_in_rows=True),
        ),
    )
    store.replace(sheet)
    (chart,) = actions(book, "addChart")
    assert chart["args"][3] == "$A$1:$C$3" and chart["args"][1] == "LineMarkers" and chart["args"][8] == "Rows"
