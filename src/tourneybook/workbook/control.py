"""The control block on the Instructions sheet: which action the workbook's button runs.

Kept apart from :mod:`.actions` (which runs them) so that the template can lay the
block out without importing the draw and the recalculation.
"""

from __future__ import annotations

ACTION_SHEET = "Instructions"
"""The sheet that holds the block (:data:`tourneybook.workbook.template.INSTRUCTIONS`)."""

RECALCULATE = "Recalculate standings"
DRAW_NEXT = "Draw next round"
REDRAW = "Redraw round N"
FORMS = "Forms for round N"
FINAL_ORDER = "Final: choosing order"
FINAL_FORMS = "Final forms"
PUBLISH = "Publish results"
ABSENT = "Absent in round N"
PRESENT = "Present in round N"
IMPORT_REPORTS = "Import reported results"
ACTIONS = (RECALCULATE, DRAW_NEXT, REDRAW, FORMS, FINAL_ORDER, FINAL_FORMS, PUBLISH, ABSENT, PRESENT, IMPORT_REPORTS)
"""The drop-down's choices, in the order an event needs them (the roll call and the phones' reports: added later)."""

ACTION_LABEL_CELL, ACTION_CELL = (2, 1), (2, 2)
"""Instructions!A2 says what B2 is for; B2 holds the chosen action."""
ROUND_LABEL_CELL, ROUND_CELL = (3, 1), (3, 2)
"""Instructions!B3: the round N of "Redraw round N" and "Forms for round N"."""
PLAYER_LABEL_CELL, PLAYER_CELL = (4, 1), (4, 2)
"""Instructions!B4: the player of "Absent in round N" and "Present in round N" (the roll call)."""
HELP_CELL = (2, 3)
ACTION_ADDRESS, ROUND_ADDRESS, PLAYER_ADDRESS = "B2", "B3", "B4"
ACTION_LABEL = "Button action:"
ROUND_LABEL = "Round N:"
PLAYER_LABEL = "Player:"
HELP = (
    "The button on this sheet runs the action chosen in B2: Recalculate standings; Draw next round; Redraw "
    "round N (no results yet; N in B3); Forms for round N (sheets 'Form ...'; Windows Excel also saves a PDF); "
    "Final: choosing order and Final forms (Friedrich); Publish results (a folder beside the workbook); "
    "Absent/Present in round N (the player in B4); Import reported results (confirmed on phones). After a draw "
    "B2 goes back to Recalculate standings. The button on every other sheet recalculates."
)

__all__ = ["ACTIONS", "ACTION_CELL", "ACTION_SHEET", "ROUND_CELL"]
