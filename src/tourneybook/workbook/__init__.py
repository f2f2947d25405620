"""The event workbook: entry-sheet schemas, layouts, reading the sheets, result sheets, templates.

The pieces, bottom up:

* :mod:`.schema` - :class:`EntrySheet` / :class:`Column`: one declaration per entry sheet.
* :mod:`.cells`, :mod:`.reader` - typed rows and cell-addressed problems (``read_sheet``).
* :mod:`.generic`, :mod:`.settings_sheet` - the Players, Adjustments and Settings sheets every workbook has.
* :mod:`.event` - ``read_event(store)``: every entry sheet read and checked, ready for the ruleset.
* :mod:`.layout` - the interface a ruleset's workbook implements; ``find_layout(id)``.
* :mod:`.layouts` - one layout per ruleset (``layouts/<ruleset id>.py``).
* :mod:`.template` - ``build`` / ``write``: a new workbook from a layout (and rows to fill in).
* :mod:`.render` - a TournamentResult as result sheets (Standings, Games, extras, Issues);
  :mod:`.print_layout` - how they print on A4.

The file mechanics beneath are :mod:`tourneybook.files`; the actions that read and
write an event (recalculate, draw, roll call) are :mod:`tourneybook.actions`.
"""
