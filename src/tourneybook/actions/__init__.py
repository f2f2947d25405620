"""The day's actions: what the CLI, the Excel button and Lite all call, each taking a store.

* :mod:`.recalc` - ``recalculate(store)``: the result sheets, or only the Issues sheet (the event
  itself is read by :func:`tourneybook.workbook.event.read_event`).
* :mod:`.draw` - ``draw_event`` / ``draw_final``: the next round's seating typed into the entry sheet.
* :mod:`.attendance` - ``withdraw`` / ``join`` / ``absent`` / ``present``: the roll call on the Players sheet.
* :mod:`.entrycheck` - an entry command's writes held back until recalc's own checks accept them.
* :mod:`.players_list` - a players list from the organiser's own spreadsheet or CSV.
* :mod:`.on_file` - an action run on a workbook file, saved atomically only when it succeeded.

The printable forms (:mod:`tourneybook.forms`) and publishing (:mod:`tourneybook.publish`)
are actions of the same layer, each reading the event from a store.
"""
