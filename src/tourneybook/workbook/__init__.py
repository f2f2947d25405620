"""Tournament workbooks with openpyxl: schemas, templates, reading, results, recalculation.

The pieces, bottom up:

* :mod:`.schema` - :class:`EntrySheet` / :class:`Column`: one declaration per entry sheet.
* :mod:`.cells`, :mod:`.reader` - typed rows and cell-addressed problems (``read_sheet``).
* :mod:`.generic` - the Players, Adjustments and Settings sheets every workbook has.
* :mod:`.layout` - the interface a ruleset's workbook implements; ``find_layout(id)``.
* :mod:`.layouts` - one layout per ruleset (``layouts/<ruleset id>.py``).
* :mod:`.template` - ``build`` / ``write``: a new workbook from a layout (and rows to fill in).
* :mod:`.render` - a TournamentResult as result sheets (Standings, Games, extras, Issues).
* :mod:`.filestore` - ``FileWorkbook``: the store over a file, saved atomically.
* :mod:`.recalc` - ``recalculate(store)`` and ``recalc_file(path)``.
* :mod:`.store` - the interface shared with the live Excel layer.
"""
