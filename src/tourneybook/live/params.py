"""Every parameter a request carries (the query, a posted form's fields), read by one function.

A page of the hall sends only what its own forms and scripts send; anything else
(``wait=²``, a 5,000-digit number, an empty table code) is a request no page of
ours made. It is refused with 400 and a sentence saying what was expected, drawn
by the app's handler of :class:`BadParameter`: never a 500, never a traceback in
the organiser's terminal. Python's ``int`` alone is not enough: ``"²".isdigit()``
is true, and ``int`` of more than 4,300 digits raises.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..frozen import frozen
from ..i18n import N_
from ..reports.codes import normalised

REPORT_NUMBERS = 2**63 - 1
"""The largest report number SQLite can give (its integer keys are 64-bit)."""
SHOWN = 20
"""Characters of a bad value repeated in the sentence: enough to recognise it, never a page of digits."""


class BadParameter(Exception):
    """A request parameter no page of the hall sends: answered 400 with this sentence. A sentence a player may
    meet (a table code typed wrong) is a message of the catalogues, its ``values`` filled in where it is said."""

    def __init__(self, sentence: str, **values: str):
        super().__init__(sentence.format(**values) if values else sentence)
        self.sentence, self.values = sentence, values


@frozen
class WholeNumber:
    """A whole number from ``least`` to ``most``, in the digits 0-9 only."""

    what: str
    """The words for it in the sentence: 'the seconds to wait', 'minutes'."""
    most: int
    least: int = 0

    def read(self, text: str) -> int:
        if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > len(str(self.most)) \
                or not self.least <= int(text) <= self.most:
            raise BadParameter(f'{self.what}: "{_shown(text)}" is not a whole number from {self.least} to {self.most}.')
        return int(text)


@frozen
class TableCode:
    """A table code as a player types it: case, spaces and dashes do not matter; never empty."""

    longest: int = 12

    def read(self, text: str) -> str:
        code = normalised(text)
        if not code:
            raise BadParameter(N_("Type the code printed on your table's form."))
        if len(code) > self.longest:
            raise BadParameter(N_('"{code}" is not a table code: type the code printed on your table\'s form.'),
                               code=_shown(text))
        return code


@frozen
class Text:
    """Free text up to ``longest`` characters (a key, a version); '' when absent."""

    what: str
    longest: int = 200

    def read(self, text: str) -> str:
        if len(text) > self.longest:
            raise BadParameter(f"{self.what}: longer than {self.longest} characters.")
        return text


def parameter(values: Mapping[str, str], name: str, kind: WholeNumber | TableCode | Text, default=None):
    """The parameter ``name`` of ``values`` (the query or a posted form) read as ``kind``; ``default`` when it is
    absent or blank and a default is given; :class:`BadParameter` (400, a sentence) otherwise."""
    text = str(values.get(name, "")).strip()
    if not text and default is not None:
        return default
    return kind.read(text)


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


__all__ = ["REPORT_NUMBERS", "BadParameter", "TableCode", "Text", "WholeNumber", "parameter"]
