"""Issue 21, the button: the result sheets' number headers stand over their numbers (right-aligned), the
qualification cut is drawn as in the file, and the 'Places after each round' chart's lines are told apart by
colour and marker, driven through the xlwings remote engine as the add-in plays it."""

from __future__ import annotations

from types import SimpleNamespace

import xlwings as xw
from excel_remote import payload

from tourneybook.excel.openbook import OpenBookStore, windows_line_look
from tourneybook.files.charts import LINE_COLOURS
from tourneybook.files.store import Cell, Chart, ResultSheet


def live() -> tuple[xw.Book, OpenBookStore]:
    book = xw.Book(json=payload("t.xlsx", [("Games", [["x"]])]))
    return book, OpenBookStore(book)


def actions(book: xw.Book, func: str) -> list[dict]:
    return [a for a in book.json()["actions"] if a["func"] == func]


CUT = ResultSheet(
    name="Standings",
    rows=(
        (Cell("Standings", "title"),),
        (Cell("Rank", "number_header"), Cell("Player", "header"), Cell("points", "number_header")),
        (Cell(1, "cut"), Cell("Ann", "cut"), Cell(8, "cut")),  # the last finalist: the cut under her
        (Cell(2), Cell("Bob"), Cell(5)),
    ),
)


def test_number_headers_are_right_aligned_and_the_cut_is_a_line_under_the_last_qualified():
    book, store = live()
    store.replace(CUT)
    aligned = actions(book, "setHorizontalAlignment")
    assert [(a["args"], a["start_row"], a["start_column"]) for a in aligned] == [(["Right"], 1, 0), (["Right"], 1, 2)]
    borders = actions(book, "setBorderProperty")
    assert {tuple(a["args"]) for a in borders} == {("edge_bottom", "color", "#1f4e96"), ("edge_bottom", "weight", "medium"),
                                                   ("edge_bottom", "line_style", "continuous")}
    assert {(a["start_row"], a["start_column"], a["column_count"]) for a in borders} == {(2, 0, 3)}  # row 3, A:C


def test_each_line_of_the_places_chart_has_its_own_colour_and_marker():
    book, store = live()
    names = [f"P{i}" for i in range(1, 11)]
    rows = ((Cell("Player"), Cell("R1"), Cell("R2")), *((Cell(n), Cell(i), Cell(11 - i)) for i, n in enumerate(names, 1)))
    series = tuple((n, f"B{i}:C{i}") for i, n in enumerate(names, 2))
    store.replace(ResultSheet("By round", rows, charts=(
        Chart("Places after each round", categories="B1:C1", series=series, anchor="A13", kind="line",
              series_in_rows=True),)))
    looks = actions(book, "setChartSeries")
    assert [a["args"][1] for a in looks] == list(range(10))  # every line, by its index
    colours = [a["args"][2]["line_color"].upper() for a in looks]
    assert colours == [f"#{c}" for c in LINE_COLOURS] and len(set(colours)) == 10
    markers = [a["args"][2]["marker_style"] for a in looks]
    assert markers[:5] == ["Circle", "Square", "Diamond", "Triangle", "X"] and markers[5:] == markers[:5]
    assert all(a["args"][2]["marker_foreground_color"] == a["args"][2]["line_color"] for a in looks)
    assert store.notes == []


def test_a_bar_chart_keeps_excels_own_look():
    book, store = live()
    rows = ((Cell("Player"), Cell("Points")), (Cell("Ann"), Cell(3)), (Cell("Bob"), Cell(2)))
    store.replace(ResultSheet("Chart", rows, charts=(Chart("Points", categories="A2:A3", series=(("Points", "B2:B3"),),
                                                           anchor="D2"),)))
    assert actions(book, "setChartSeries") == []


class FakeSeries:
    """What windows_line_look touches of Excel's COM Series: its line format and its points' labels."""

    def __init__(self, points: int) -> None:
        self.Format = SimpleNamespace(Line=SimpleNamespace(DashStyle=1))
        self.points = [SimpleNamespace(HasDataLabel=False, DataLabel=SimpleNamespace()) for _ in range(points)]

    def Points(self, number: int | None = None):  # noqa: N802 - COM's name
        return SimpleNamespace(Count=len(self.points)) if number is None else self.points[number - 1]


def test_on_windows_every_sixth_line_is_dashed_and_named_at_its_end():
    first, sixth = FakeSeries(4), FakeSeries(4)
    windows_line_look(first, 0)
    windows_line_look(sixth, 5)
    assert (first.Format.Line.DashStyle, sixth.Format.Line.DashStyle) == (1, 4)  # solid kept; msoLineDash
    last = sixth.points[-1]
    assert last.HasDataLabel and last.DataLabel.ShowSeriesName and not last.DataLabel.ShowValue
    assert not any(p.HasDataLabel for p in sixth.points[:-1])
