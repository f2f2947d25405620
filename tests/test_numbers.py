"""Display rounding is half up on exact values (RULES.md, "Everywhere")."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourneybook.numbers import SquareRoot, display, exact, exact_sum, percent_rounded, round_half_up, to_fraction


@pytest.mark.parametrize(
    "value, shown, source",
    [
        (F(8, 3), "2.67", "RULES.md: 2 x 4/3 is 2.67 on screen but 8/3 inside"),
        (F(38, 3), "12.67", "FWC example 3: Elisabeth 10 + 8/3"),
        (F(34, 3), "11.33", "FWC example 3: Pompadour 10 + 4/3"),
        (F(1, 200), "0.01", "half up, not half to even"),
        (F(5, 200), "0.03", "0.025 -> 0.03 (round() would give 0.02)"),
        (F(-1, 200), "-0.01", "halves away from zero"),
        (F(12), "12.00", "whole numbers keep two decimals"),
        (F(-1, 1000), "0.00", "a loss that rounds to nothing shows no minus sign"),
        (F(-2501, 100), "-25.01", "a negative total: its sign, then its hundredths"),
    ],
)
def test_display(value, shown, source):
    assert display(value) == shown


@pytest.mark.parametrize(
    "held, total, percent",
    [(1, 8, 13), (11, 12, 92), (7, 10, 70), (1, 40, 3), (3, 8, 38)],
)
def test_percent_rounded_half_up(held, total, percent):
    """RULES.md: 12.5 % becomes 13 %."""
    assert percent_rounded(held, total) == percent


def test_round_half_up_places():
    assert round_half_up(F(25, 2)) == 13
    assert round_half_up(F(12345, 1000), 2) == F(1235, 100)


def test_exact_and_parsing():
    assert exact(F(8, 3)) == "8/3"
    assert exact(F(10)) == "10"
    assert to_fraction("7.5") == F(15, 2)
    with pytest.raises(TypeError):
        to_fraction(0.1)


@pytest.mark.parametrize(
    "square, shown, source",
    [
        (F(1, 4), "0.50", "exact root"),
        (F(1, 64), "0.13", "root exactly 0.125: half up (RULES.md, Everywhere)"),
        (F(40, 52) ** 2 * F(23, 19), "0.85", "sTCC (40/52) * sqrt(23/19), GFTR D 2"),
        (F(2), "1.41", "irrational root, never on a half"),
        (F(0), "0.00", "no TCs for Frederick"),
    ],
)
def test_square_root_display_is_exact_half_up(square, shown, source):
    assert display(SquareRoot(square)) == shown


def test_square_roots_compare_by_their_square():
    assert SquareRoot(F(2)) < SquareRoot(F(9, 4)) and SquareRoot(F(1, 2)) == SquareRoot(F(2, 4))
    assert exact(SquareRoot(F(23, 16))) == "sqrt(23/16)"


@given(st.lists(st.fractions(max_denominator=1000), max_size=12))
def test_exact_sum_is_the_sum(values):
    total = exact_sum(values)
    assert total == sum(values, F(0)) and type(total) is F
