"""Runs TourneyBook's "Recalculate standings" for the workbook of the same name.

xlwings' RunPython calls ``main()`` here when the button on the workbook is clicked.
"""

from tourneybook.excel.button import main

__all__ = ["main"]
