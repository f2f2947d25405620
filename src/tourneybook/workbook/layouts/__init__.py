"""One workbook layout per ruleset, each module named after its ruleset id and exporting ``LAYOUT``.

See :mod:`tourneybook.workbook.layout` for the interface they implement.
"""
