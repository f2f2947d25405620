"""One whole-number reading: JSON records, workbook cells and Excel's cell functions agree on what is whole."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourneybook.errors import Collector, InputError
from tourneybook.excel.udfs import _whole as udf_whole
from tourneybook.numbers import whole_number
from tourneybook.rules.records_json import whole as json_whole
from tourneybook.workbook.cells import CellError
from tourneybook.workbook.cells import whole as cell_whole

NUMBERS = st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
                    st.fractions(max_denominator=7), st.just(Decimal("88.0")), st.just(Decimal("88.5")))


def read_cell(value):
    try:
        return cell_whole(value)
    except CellError:
        return None


def read_udf(value):
    try:
        return udf_whole(value, "centres")
    except InputError:
        return None


@given(NUMBERS)
def test_every_reader_takes_the_same_numbers_as_whole(value):
    expected = whole_number(value)
    c = Collector()
    assert json_whole(value, "centres", "game", c) == expected
    assert bool(c.problems) == (expected is None)
    assert read_cell(value) == expected
    if not isinstance(value, (Decimal, Fraction)):  # Excel hands over floats, never these
        assert read_udf(value) == expected


@pytest.mark.parametrize("value, whole", [(88.0, 88), (88.5, None), (True, None), (float("inf"), None),
                                          (Fraction(6, 3), 2), (Decimal("7.00"), 7), ("12", None)])
def test_what_is_whole(value, whole):
    assert whole_number(value) == whole


def test_text_is_whole_only_where_a_cell_may_hold_text():
    assert whole_number("-3", text=True) == -3 and read_cell("-3") == -3
    assert whole_number("3.0", text=True) is None and whole_number("1,500", text=True) is None
    assert json_whole("12", "centres", "game", Collector()) is None  # JSON: "12" is text, not a number
