"""Runs TourneyBook's "Recalculate standings" for the workbook of the same name.

xlwings' RunPython calls ``main()`` here when the button on the workbook is clicked.
Written by ``tourneybook new --xlsm`` or ``tourneybook button WORKBOOK.xlsm``.
"""

try:
    from tourneybook.excel.button import main
except ImportError as exc:  # the Python that Excel runs is not the one TourneyBook was installed into
    import sys

    raise ImportError(
        f"TourneyBook is not installed for the Python that Excel runs ({sys.executable}): {exc}. "
        "Install it there (see the TourneyBook README), or put the full path of the python that has it "
        "on this workbook's xlwings.conf sheet (Interpreter_Win or Interpreter_Mac)."
    ) from None

__all__ = ["main"]
