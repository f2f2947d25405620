"""Exact numbers and how they are shown (RULES.md, "Everywhere").

Scores are ``Fraction`` inside; they are rounded only for display, half up.
Python's ``round()`` rounds half to even and must not be used for scores.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from numbers import Rational

Number = Fraction


def to_fraction(value: int | str | Fraction | Rational) -> Fraction:
    """Exact value from an int, a Fraction or a decimal/fraction string ('7.5', '22/3').

    Floats are refused on purpose: they are not exact.
    """
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError(f"not an exact number: {value!r}")
    return Fraction(value)


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """``value`` rounded to ``places`` decimals, halves away from zero (12.5 -> 13)."""
    scale = Fraction(10) ** places
    scaled = abs(value) * scale
    rounded = math.floor(scaled + Fraction(1, 2))
    return Fraction(rounded if value >= 0 else -rounded) / scale


def display(value: Fraction, places: int = 2) -> str:
    """The value as shown to organisers: ``places`` decimals, half up ('2.67', '12.00')."""
    rounded = round_half_up(Fraction(value), places)
    return f"{Decimal(rounded.numerator) / Decimal(rounded.denominator):.{places}f}"


def display_decimal(value: Fraction, places: int = 2) -> Decimal:
    """The displayed value as a Decimal (for cells that hold numbers, not text)."""
    return Decimal(display(value, places))


def exact(value: Fraction) -> str:
    """The exact value as a fraction string ('8/3', '10')."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def as_json(value: Fraction) -> dict[str, str]:
    """How every number appears in JSON output: shown and exact."""
    return {"display": display(value), "exact": exact(value)}


def percent_rounded(held: int, total: int) -> int:
    """``100 * held / total`` rounded half up to a whole number (12.5 % -> 13 %)."""
    return int(round_half_up(Fraction(100 * held, total)))


__all__ = [
    "Number",
    "ROUND_HALF_UP",
    "as_json",
    "display",
    "display_decimal",
    "exact",
    "percent_rounded",
    "round_half_up",
    "to_fraction",
]
