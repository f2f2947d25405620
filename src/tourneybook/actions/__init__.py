"""The day's actions: what the CLI, the Excel button and Lite all call, each taking a store.

* :mod:`.recalc` - ``read_event(store)``, every entry sheet read and checked; ``recalculate(store)``:
  the result sheets, or only the Issues sheet.
* :mod:`.draw` - ``draw_event`` / ``draw_final``: the next round's seating typed into the entry sheet.
* :mod:`.attendance` - ``withdraw`` / ``join``: the roll call on the Players sheet.
* :mod:`.players_list` - a players list from the organiser's own spreadsheet or CSV.
* :mod:`.on_file` - an action run on a workbook file, saved atomically only when it succeeded.

The printable forms (:mod:`tourneybook.forms`) and publishing (:mod:`tourneybook.publish`)
are actions of the same layer, each reading the event from a store.
"""
