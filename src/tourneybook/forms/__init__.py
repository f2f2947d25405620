"""Printable forms: Friedrich game reports, Diplomacy centre-count sheets,
Carcassonne table slips and the knock-out bracket.

Form models are frozen dataclasses made from plain inputs; each lays itself out
as a :class:`~tourneybook.forms.layout.Page`. :mod:`.event` reads an event's
forms through the store (:func:`round_forms`, :func:`final_forms`,
:func:`bracket_forms`), :mod:`.render` makes the workbook with one A4 worksheet
per printed page, and :mod:`.printing` saves it (and its PDF through LibreOffice).

Importing this package loads none of its modules: each name below is loaded from
its module when first asked for (PEP 562), so a Friedrich event's forms load no
Carcassonne or Diplomacy form, and the page layout (:mod:`.layout`) loads alone
(issue 40).

>>> from tourneybook.forms import REPORT_FIELDS
>>> REPORT_FIELDS[:6]
('Round', 'Table', 'Frederick', 'Elisabeth', 'Maria Theresa', 'Pompadour')
"""

from __future__ import annotations

from ..lazy import lazy_names

_HOME = {
    "CarcassonneSlip": "carcassonne",
    "KnockoutBracketForm": "carcassonne",
    "CentreCountSheet": "diplomacy",
    "DEFAULT_YEARS": "diplomacy",
    "SHEET_POWERS": "diplomacy",
    "System": "diplomacy",
    "bracket_forms": "event",
    "final_forms": "event",
    "round_forms": "event",
    "PompadourReport": "friedrich",
    "REPORT_FIELDS": "friedrich",
    "Variant": "friedrich",
    "write": "printing",
    "Form": "render",
    "pages": "render",
    "workbook_bytes": "render",
    "blank_forms": "tables",
    "table_form": "tables",
}
"""Each public name and the module (of this package) that defines it."""

__all__ = [
    "CarcassonneSlip",
    "CentreCountSheet",
    "DEFAULT_YEARS",
    "Form",
    "KnockoutBracketForm",
    "PompadourReport",
    "REPORT_FIELDS",
    "SHEET_POWERS",
    "System",
    "Variant",
    "blank_forms",
    "bracket_forms",
    "final_forms",
    "round_forms",
    "table_form",
    "pages",
    "workbook_bytes",
    "write",
]


__getattr__, __dir__ = lazy_names(__name__, _HOME, globals())
