"""Exact numbers and how they are shown (RULES.md, "Everywhere").

Scores are ``Fraction`` inside; they are rounded only for display, half up.
Python's ``round()`` rounds half to even and must not be used for scores.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from numbers import Rational
from typing import Any

Number = Fraction
ZERO = Fraction(0)
"""Nothing: no bonus share, no adjustment (a Fraction is immutable: one serves every score without one)."""


@dataclass(frozen=True, order=True)
class SquareRoot:
    """The non-negative square root of an exact value, kept exact through its square.

    The sTCC (GFTR D 2) carries a factor sqrt(23/N), which is irrational in general.
    Comparing and tying on the square is exact; only the display rounds the root.
    """

    square: Fraction

    def rounded(self, places: int = 2) -> Fraction:
        """The root rounded half up to ``places`` decimals, computed without floats."""
        return Fraction(self.units(places), 10**places)

    def units(self, places: int) -> int:
        """The root in whole units of the ``places``-th decimal, rounded half up.

        k = floor(root * 10^p + 1/2) is the largest k with (2k - 1)^2 <= 4 * square * 10^(2p).
        """
        n, d = self.square.numerator, self.square.denominator  # an int has both too
        # floor(sqrt(q)) == isqrt(floor(q)) for q >= 0; floor(q) on the two whole numbers, no Fraction made
        m = math.isqrt(4 * n * 10 ** (2 * places) // d)
        return (m + 1) // 2


WHOLE_TEXT = re.compile(r"[+-]?[0-9]+")
"""A whole number written out: digits with an optional sign ('12', '-3'), no separators, no exponent."""


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """The exact sum of ``values``, made once over their common denominator.

    Adding Fractions one by one reduces every partial sum (a gcd each time); a
    player's total over many games is the same number for a fraction of the work.
    """
    values = list(values)
    if not values:
        return Fraction(0)
    common = math.lcm(*(v.denominator for v in values))
    return Fraction(sum(v.numerator * (common // v.denominator) for v in values), common)


def whole_number(value: Any, *, text: bool = False) -> int | None:
    """``value`` as a whole number, or None when it is none: the one whole-number reading of the package.

    An int (not a bool), or a float, Decimal or Fraction that is whole (JSON's
    ``88.0``, Excel's every number); with ``text``, also a string of digits (a
    cell typed as text). Each caller words the problem for its place.

    >>> whole_number(88.0), whole_number(88.5), whole_number(True), whole_number(float("nan"))
    (88, None, None, None)
    >>> whole_number(" 12 "), whole_number(" 12 ", text=True), whole_number("1e3", text=True)
    (None, 12, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else None
    if isinstance(value, Decimal):
        return int(value) if value.is_finite() and value == value.to_integral_value() else None
    if text and isinstance(value, str) and WHOLE_TEXT.fullmatch(value.strip()):
        return int(value.strip())
    return None


def to_fraction(value: int | str | Fraction | Rational) -> Fraction:
    """Exact value from an int, a Fraction or a decimal/fraction string ('7.5', '22/3').

    Floats are refused on purpose: they are not exact.
    """
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError(f"not an exact number: {value!r}")
    return Fraction(value)


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """``value`` rounded to ``places`` decimals, halves away from zero (12.5 -> 13)."""
    return Fraction(_half_up_units(value, places), 10**places)


def _half_up_units(value: Fraction, places: int) -> int:
    """``value`` in whole units of the ``places``-th decimal, halves away from zero (12.5 -> 13 at 0 places)."""
    value = value if type(value) is Fraction or type(value) is int else Fraction(value)
    return _ratio_half_up(value.numerator, value.denominator, places)


def _ratio_half_up(n: int, d: int, places: int = 0) -> int:
    """``n / d`` (``d`` > 0) in whole units of the ``places``-th decimal, halves away from zero."""
    # integer arithmetic: floor(|n| * scale / d + 1/2), far quicker than Fraction operations, no Fraction made
    units = (2 * abs(n) * 10**places + d) // (2 * d)
    return units if n >= 0 else -units


def display(value: Fraction | SquareRoot, places: int = 2) -> str:
    """The value as shown to organisers: ``places`` decimals, half up ('2.67', '12.00')."""
    if isinstance(value, SquareRoot):
        units = value.units(places)
    else:
        units = _half_up_units(value, places)  # whole units of the last place: exact, no Fraction made
    scale = 10**places
    whole, part = divmod(abs(units), scale)
    sign = "-" if units < 0 else ""
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def exact(value: Fraction | SquareRoot) -> str:
    """The exact value as a fraction string ('8/3', '10'; a root as 'sqrt(23/16)')."""
    if isinstance(value, SquareRoot):
        return f"sqrt({exact(value.square)})"
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def as_json(value: Fraction | SquareRoot) -> dict[str, str]:
    """How every number appears in JSON output: shown and exact."""
    return {"display": display(value), "exact": exact(value)}


def shown(value: Any) -> Any:
    """A cell of a published table or of the hall's pages: numbers as displayed, enums by their value, nothing as ''.

    Here, not beside the published tables' frames: the hall shows its cells so, and loads no pandas (issue 40)."""
    if value is None:
        return ""
    if isinstance(value, (Fraction, SquareRoot)):
        return display(value)
    if hasattr(value, "value") and hasattr(value, "name"):
        return value.value
    return value


def percent_rounded(held: int, total: int) -> int:
    """``100 * held / total`` rounded half up to a whole number (12.5 % -> 13 %)."""
    return _ratio_half_up(100 * held, total) if total > 0 else _ratio_half_up(-100 * held, -total)


def common_denominator(values: Iterable[Fraction | int]) -> tuple[int, dict[int, int]]:
    """The least common denominator of ``values``, and for each of their denominators what a numerator is
    multiplied by to be over it: n/d is exactly ``n * factor[d]`` over the common denominator.

    Scores as whole numbers over one denominator add, compare and hash as ints (a Fraction's every sum
    costs a gcd). 1 and no factors for no values.

    >>> common_denominator([Fraction(1, 2), Fraction(2, 3), 4])
    (6, {1: 6, 2: 3, 3: 2})
    """
    denominators = {v.denominator for v in values}
    common = math.lcm(*denominators)
    return common, {d: common // d for d in denominators}


__all__ = [
    "Number",
    "ROUND_HALF_UP",
    "SquareRoot",
    "ZERO",
    "common_denominator",
    "as_json",
    "display",
    "exact",
    "percent_rounded",
    "round_half_up",
    "shown",
    "to_fraction",
]
