"""Test helpers: a workbook as the xlwings add-in sends it, and its answer applied back to a file.

``payload_from_xlsx`` builds the JSON an Office.js client (xlwings Lite) posts:
every sheet's values from A1, empty cells as '', dates as ISO text.
``apply_actions`` plays the remote engine's returned actions (``book.json()``)
onto an openpyxl workbook, as the add-in plays them onto Excel.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import openpyxl
import xlwings as xw


def sheet_payload(name: str, rows: list[list[Any]]) -> dict[str, Any]:
    width = max((len(r) for r in rows), default=0)
    values = [[_sent(v) for v in r] + [""] * (width - len(r)) for r in rows] or [[""]]
    return {"name": name, "values": values, "pictures": [], "tables": [], "charts": [], "shapes": [], "notes": []}


def payload(name: str, sheets: list[tuple[str, list[list[Any]]]]) -> dict[str, Any]:
    return {
        "client": "Office.js",
        "version": xw.__version__,
        "book": {"name": name, "active_sheet_index": 0, "selection": "A1"},
        "names": [],
        "sheets": [sheet_payload(n, rows) for n, rows in sheets],
    }


def payload_from_xlsx(path: Path) -> dict[str, Any]:
    book = openpyxl.load_workbook(path)
    sheets = [(ws.title, [list(r) for r in ws.iter_rows(values_only=True)]) for ws in book.worksheets]
    return payload(Path(path).name, sheets)


def _sent(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, (dt.datetime, dt.date)):
        return value.isoformat()
    return value


def apply_actions(actions: list[dict[str, Any]], book: openpyxl.Workbook) -> list[str]:
    """Play sheet and value actions onto ``book``; return the alert texts. Formatting is not replayed."""
    alerts: list[str] = []
    for action in actions:
        func, args = action["func"], action["args"]
        position = action["sheet_position"]
        if func == "addSheet":
            book.create_sheet(args[1], args[0])
        elif func == "sheetDelete":
            book.remove(book.worksheets[position])
        elif func in ("sheetClear", "sheetClearContents"):
            ws = book.worksheets[position]
            for row in ws.iter_rows():
                for cell in row:
                    cell.value = None
        elif func == "setValues":
            ws = book.worksheets[position]
            for r, line in enumerate(action["values"]):
                for c, value in enumerate(line):
                    # Office.js writes "" as an empty cell.
                    # (ws.cell(r, c, None) would leave the cell as it was: openpyxl sets only a value given)
                    ws.cell(action["start_row"] + r + 1, action["start_column"] + c + 1).value = None if value == "" else value
        elif func == "alert":
            alerts.append(args[0])
    return alerts
