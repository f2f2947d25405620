"""Printable forms: Friedrich game reports, Diplomacy centre-count sheets,
Carcassonne table slips and the knock-out bracket.

Form models are frozen dataclasses made from plain inputs; each lays itself out
as one :class:`~tourneybook.forms.layout.Page`, and :mod:`.render` writes a
workbook with one A4 worksheet per form (and its PDF through LibreOffice).

>>> from tourneybook.forms import REPORT_FIELDS
>>> REPORT_FIELDS[:6]
('Round', 'Table', 'Frederick', 'Elisabeth', 'Maria Theresa', 'Pompadour')
"""

from .carcassonne import CarcassonneSlip, KnockoutBracketForm
from .diplomacy import DEFAULT_YEARS, SHEET_POWERS, CentreCountSheet, System
from .event import bracket_forms, final_forms, round_forms
from .friedrich import REPORT_FIELDS, PompadourReport, Variant
from .render import Form, pages, workbook_bytes, write
from .tables import SEATS, blank_forms, table_form

__all__ = [
    "CarcassonneSlip",
    "CentreCountSheet",
    "DEFAULT_YEARS",
    "Form",
    "KnockoutBracketForm",
    "PompadourReport",
    "REPORT_FIELDS",
    "SEATS",
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
