"""The names of the button's scripts: what :mod:`.button` defines and :mod:`.lite` carries into main.py.

A module of its own, below both: the Lite code is written without importing xlwings, and the button
module reads the list without importing the Lite writer.
"""

SCRIPTS = ("recalculate_standings", "draw_next_round", "redraw_round", "forms_for_round", "final_choosing_order", "final_forms",
           "publish_results", "absent_in_round", "present_in_round", "import_reported_results")
"""The button scripts of :mod:`.button`, one per action, in the order an event needs them."""

__all__ = ["SCRIPTS"]
