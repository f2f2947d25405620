"""Converting one typed cell value by its column kind (schema.Kind).

Each converter returns the typed value or raises :class:`CellError` with the
organiser-facing reason; the reader adds the sheet and cell. Numbers are read
exactly: a float from the file goes through ``Decimal(str(value))`` (its
shortest repr, i.e. what the organiser typed), never through float arithmetic,
and a float that is not a short decimal (a formula's 0.30000000000000004) is
refused rather than guessed.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from ..files.store import Formula
from ..numbers import whole_number
from .schema import MAX_DECIMALS, Column, Kind

EXCEL_ERRORS = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA")
YES = ("yes", "y", "true", "1", "x")
NO = ("no", "n", "false", "0")
_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_FRACTION = re.compile(r"([+-]?\d+)\s*/\s*(\d+)")
_THOUSANDS = re.compile(r"[+-]?[1-9]\d{0,2}([,.]\d{3})+")
"""'1,500' or '1.500' typed as text: thousands separator or decimals? Both readings are common."""
_TIME = re.compile(r"(\d{1,2})[:.](\d{2})(?::(\d{2}))?")


class CellError(Exception):
    """A cell value that does not fit its column; the message is for the organiser (not a ValueError, as InputError)."""


def is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def shown(value: Any) -> str:
    """The value quoted as the organiser sees it, for messages."""
    if isinstance(value, str):
        return f'"{value.strip()}"'
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _refuse_special(value: Any, what: str) -> None:
    if isinstance(value, str):
        text = value.strip()
        if text.upper() in EXCEL_ERRORS:
            raise CellError(f"the cell shows the error {text.upper()}; type {what}")
        if isinstance(value, Formula):
            raise CellError(
                f"{shown(value)} is a formula with no stored result; type {what}, "
                "or open and save the file in your spreadsheet program first"
            )


def text(value: Any) -> str:
    if type(value) is str and value.lstrip()[:1] != "#":  # plain text, nearly every cell: no error or formula
        return " ".join(value.split())
    _refuse_special(value, "the text")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    return " ".join(str(value).split())


def _refuse_ambiguous(value: Any) -> None:
    """CellError for '1,500' typed as text: 1500 in one country, 1.5 in another; never guessed."""
    if isinstance(value, str) and _THOUSANDS.fullmatch(value.strip().replace(" ", "")):
        s = value.strip().replace(" ", "")
        digits = s.replace(",", "").replace(".", "")
        if s.count(",") + s.count(".") == 1:
            head, tail = re.split(r"[,.]", s)
            small = head + ("." + tail.rstrip("0") if tail.rstrip("0") else "")
            raise CellError(
                f'"{s}" could mean {digits} or {small}: type the number without a thousands separator '
                f"({digits}), or with a decimal point ({small})"
            )
        raise CellError(f'"{s}" has thousands separators: type the number as digits only ({digits})')


def whole(value: Any) -> int:
    if type(value) is int:  # a number cell (nearly every one): nothing to refuse; a bool is not one
        return value
    what = "a whole number"
    _refuse_special(value, what)
    _refuse_ambiguous(value)
    number = whole_number(value, text=True)
    if number is None:
        raise CellError(f"{shown(value)} is not {what}")
    return number


def exact(value: Any) -> Fraction:
    what = "a number"
    _refuse_special(value, what)
    _refuse_ambiguous(value)
    if isinstance(value, bool):
        raise CellError(f"{shown(value)} is not {what}")
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise CellError(f"{shown(value)} is not {what}")
        return Fraction(value)
    if isinstance(value, float):
        decimal = Decimal(str(value))
        if not decimal.is_finite():
            raise CellError(f"{shown(value)} is not {what}")
        exponent = decimal.as_tuple().exponent
        if isinstance(exponent, int) and exponent < -MAX_DECIMALS:
            raise CellError(
                f"{value!r} is not a short decimal (it is probably a formula's result): "
                f"type the number with at most {MAX_DECIMALS} decimals, or as a fraction such as 22/3"
            )
        return Fraction(decimal)
    if isinstance(value, str):
        s = value.strip().replace(" ", "")
        if s.count(",") == 1 and "." not in s:
            s = s.replace(",", ".")  # a decimal comma, as typed in most of Europe
        if _DECIMAL.fullmatch(s):
            try:
                return Fraction(Decimal(s))
            except InvalidOperation:  # pragma: no cover - the pattern admits only valid decimals
                pass
        match = _FRACTION.fullmatch(s)
        if match and int(match.group(2)) != 0:
            return Fraction(int(match.group(1)), int(match.group(2)))
    raise CellError(f"{shown(value)} is not {what}")


def yes_no(value: Any) -> bool:
    _refuse_special(value, "yes or no")
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().casefold()
        if word in YES:
            return True
        if word in NO:
            return False
    raise CellError(f"{shown(value)} is not yes or no")


def time(value: Any) -> dt.time:
    what = "a time such as 14:30"
    _refuse_special(value, what)
    if isinstance(value, dt.datetime):
        return value.time()
    if isinstance(value, dt.time):
        return value
    if isinstance(value, dt.timedelta) and dt.timedelta(0) <= value < dt.timedelta(days=1):
        return (dt.datetime.min + value).time()
    if isinstance(value, float) and 0 <= value < 1:
        # An unformatted time cell: Excel stores the fraction of a day.
        seconds = int(Decimal(str(value)) * 86400 + Decimal("0.5"))
        return (dt.datetime.min + dt.timedelta(seconds=min(seconds, 86399))).time()
    if isinstance(value, str):
        match = _TIME.fullmatch(value.strip())
        if match:
            hours, minutes, seconds = int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)
            if hours < 24 and minutes < 60 and seconds < 60:
                return dt.time(hours, minutes, seconds)
    raise CellError(f"{shown(value)} is not {what}")


def choice(value: Any, column: Column) -> str:
    word = text(value)
    for allowed in column.choices:
        if allowed.casefold() == word.casefold():
            return allowed
    raise CellError(f"{shown(value)} is not one of: {', '.join(column.choices)}")


def in_range(number: int | Fraction, column: Column) -> None:
    if column.minimum is not None and number < column.minimum:
        if column.minimum == 0:
            raise CellError(f"{shown_number(number)} is negative; {column.header} cannot be below 0")
        raise CellError(f"{shown_number(number)} is below the smallest allowed {column.header}, {column.minimum}")
    if column.maximum is not None and number > column.maximum:
        raise CellError(f"{shown_number(number)} is above the largest allowed {column.header}, {column.maximum}")


def shown_number(number: int | Fraction) -> str:
    number = Fraction(number)
    if number.denominator == 1:
        return str(number.numerator)
    decimal = Decimal(number.numerator) / Decimal(number.denominator)
    return f"{decimal.normalize()}" if Fraction(decimal) == number else f"{number.numerator}/{number.denominator}"


def converter(column: Column) -> Callable[[Any], Any]:
    """The conversion of a non-empty cell of ``column``, chosen once per column, not once per cell.

    A 10,000-player sheet has some 400,000 cells; asking each one its column's kind,
    bounds and choices was a fifth of reading the event.
    """
    kind = column.kind
    if kind is Kind.YES_NO:
        return yes_no
    if kind is Kind.TIME:
        return time
    if kind is Kind.CHOICE:
        return _choice_of(column)
    if kind is not Kind.WHOLE and kind is not Kind.EXACT:
        return text  # players are matched by the reader
    low, high = column.minimum, column.maximum
    if kind is Kind.WHOLE:

        def whole_in_range(value: Any) -> int:
            found = value if type(value) is int else whole(value)  # a number cell (nearly every one) is taken as it is
            if (low is not None and found < low) or (high is not None and found > high):
                in_range(found, column)  # says which bound, in the organiser's words
            return found

        return whole_in_range

    def number(value: Any) -> Fraction:
        found = exact(value)
        if (low is not None and found < low) or (high is not None and found > high):
            in_range(found, column)
        return found

    return number


def _choice_of(column: Column) -> Callable[[Any], str]:
    """:func:`choice` of ``column``, its choices looked up by their folded case at once (a Power cell on each of
    a Diplomacy sheet's rows compared one choice after another, folding both each time)."""
    spelled: dict[str, str] = {}
    for allowed in column.choices:
        spelled.setdefault(allowed.casefold(), allowed)  # the first of two that fold alike, as choice() takes it

    def chosen(value: Any) -> str:
        found = spelled.get(text(value).casefold())
        return found if found is not None else choice(value, column)  # choice() says what is allowed

    return chosen
