"""Printable forms: Friedrich game reports, Diplomacy centre-count sheets,
Carcassonne table slips and the knock-out bracket.

Form models are frozen dataclasses made from plain inputs; each lays itself out
as a :class:`~tourneybook.forms.layout.Page`. :mod:`.event` reads an event's
forms through the store (:func:`round_forms`, :func:`final_forms`,
:func:`bracket_forms`), :mod:`.render` makes the workbook with one A4 worksheet
per printed page, and :mod:`.printing` saves it (and its PDF through LibreOffice).

>>> from tourneybook.forms import REPORT_FIELDS
>>> REPORT_FIELDS[:6]
('Round', 'Table', 'Frederick', 'Elisabeth', 'Maria Theresa', 'Pompadour')
"""

from .carcassonne import CarcassonneSlip, KnockoutBracketForm
from .diplomacy import DEFAULT_YEARS, SHEET_POWERS, CentreCountSheet, System
from .event import bracket_forms, final_forms, round_forms
from .friedrich import REPORT_FIELDS, PompadourReport, Variant
from .printing import write
from .render import Form, pages, workbook_bytes
from .tables import blank_forms, table_form

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
