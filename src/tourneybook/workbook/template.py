"""Templates generated from the schemas: one workbook per ruleset, ready to type into.

Sheet order: Instructions, Settings, Players, the layout's entry sheets,
Adjustments (result sheets are added by the first recalculation). Every entry
sheet gets its title and help (rows 1-2), headers (row 3, frozen), light yellow
input cells, column widths, an input message per column and drop-down lists
(players from the Players sheet, a column's choices, yes/no) through data
validations, and an Excel table over its entry range (headers are unique
strings, so Excel and LibreOffice open it without a repair prompt).
"""

from __future__ import annotations

import datetime as dt
import re
from copy import copy
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import quote_sheetname
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.table import Table, TableStyleInfo
from openpyxl.cell.cell import Cell
from openpyxl.worksheet.worksheet import Worksheet

from ..rules import find_ruleset
from ..rules.base import Ruleset
from .nameorder import DEFAULT_LANGUAGE
from .control import (
    ACTION_ADDRESS,
    ACTION_CELL,
    ACTION_LABEL,
    ACTION_LABEL_CELL,
    ACTION_SHEET,
    ACTIONS,
    HELP,
    HELP_CELL,
    RECALCULATE,
    ROUND_ADDRESS,
    ROUND_CELL,
    ROUND_LABEL,
    ROUND_LABEL_CELL,
    PLAYER_CELL,
    PLAYER_LABEL,
    PLAYER_LABEL_CELL,
)
from ..files.filestore import save_atomically
from ..files.resultstyles import LOOKS
from ..files.store import formula_like
from .generic import ADJUSTMENTS, NAME, PLAYERS
from .settings_sheet import NAME_FIELD, SETTINGS, choice_field, setting_cell, setting_choice, setting_label, setting_rows
from .layout import Layout, SheetRows
from .layouts import find_layout
from .print_layout import wrapped_lines
from ..files.address import address, column_letter
from .schema import FIRST_DATA_ROW, HEADER_ROW, Column, EntrySheet, Kind

INPUT_FILL = PatternFill("solid", fgColor="FFF2CC")
"""Light yellow: cells the organiser types into (computed cells are never yellow)."""
SPARE_ROWS = 50
"""Rows prepared beyond the rows filled in, for entries still to come."""
INSTRUCTIONS = ACTION_SHEET


def _openpyxl_look(look: Mapping[str, Any]) -> dict[str, Any]:
    """A named look (resultstyles.LOOKS) as openpyxl cell attributes."""
    out: dict[str, Any] = {}
    font = {k: v for k, v in (("bold", look.get("bold")), ("italic", look.get("italic")), ("size", look.get("size")), ("color", look.get("color"))) if v}
    if font:
        out["font"] = Font(**font)
    if "fill" in look:
        out["fill"] = PatternFill("solid", fgColor=str(look["fill"]))
    if look.get("wrap"):
        out["alignment"] = Alignment(wrap_text=True, vertical="top", horizontal=look.get("align"))
    return out


STYLES = {name: _openpyxl_look(look) for name, look in LOOKS.items()}
"""The named looks of result cells, for the template's own titles and headers."""


def entry_value(value: Any) -> Any:
    """A value as an organiser would type it: exact numbers as short decimals or 'a/b' text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return setting_cell(value)
    if isinstance(value, (str, int, float, dt.time, dt.datetime)) or value is None:
        return value
    return str(value)


def put(ws: Worksheet, row: int, col: int, value: Any) -> Cell:
    """Write ``value`` into a cell as what it is: a text that starts like a formula ('=1+1', a tab then
    '=cmd|...') is stored as a string with Excel's quote prefix, never as a formula (openpyxl would
    otherwise make any text starting with '=' a formula cell)."""
    cell = ws.cell(row, col, value)
    if formula_like(value):
        cell.data_type = "s"
        cell.quotePrefix = True
    return cell


def refusal(column: Column) -> str:
    """What Excel's or Calc's box says when a typed value fails the column's check: what is wrong with it, then
    what to do (the cell's help is its input message; repeated here it would not say what was wrong)."""
    kind = column.kind
    if kind is Kind.PLAYER:
        return "This is not a player of the Players sheet: pick a name from the list, or add the player to Players first."
    if kind is Kind.CHOICE:
        return f"This is not one of {', '.join(column.choices)}: pick one from the list."
    if kind is Kind.YES_NO:
        return "Only yes or no (or nothing) goes here."
    if kind is Kind.WHOLE:
        if column.minimum is not None and column.maximum is not None:
            return f"This is not a whole number from {column.minimum} to {column.maximum}: type one in that range."
        if column.minimum is not None:
            return f"This is not a whole number of at least {column.minimum}: type one."
        if column.maximum is not None:
            return f"This is not a whole number of at most {column.maximum}: type one."
        return "This is not a whole number: type one (no decimals)."
    return f"Enter a {kind.value}."


def _validation(column: Column, players_range: str) -> DataValidation:
    """The drop-down or number check of a column, with its help as the input message."""
    kind = column.kind
    dv: DataValidation
    if kind is Kind.PLAYER:
        dv = DataValidation(type="list", formula1=players_range)
    elif kind is Kind.CHOICE:
        dv = DataValidation(type="list", formula1='"' + ",".join(column.choices) + '"')
    elif kind is Kind.YES_NO:
        dv = DataValidation(type="list", formula1='"yes,no"')
    elif kind is Kind.WHOLE:
        low = -(10**9) if column.minimum is None else column.minimum
        high = 10**9 if column.maximum is None else column.maximum
        dv = DataValidation(type="whole", operator="between", formula1=str(low), formula2=str(high))
    else:
        # Exact numbers may be typed as fractions ('22/3'), so the program must not refuse text.
        dv = DataValidation()
    dv.allow_blank = True
    dv.showErrorMessage = dv.type is not None
    dv.errorTitle = column.header
    dv.error = refusal(column)[:255]  # Excel's limit
    dv.showInputMessage = bool(column.help)
    dv.promptTitle = column.header[:32]
    dv.prompt = column.help[:255]
    return dv


def _title_rows(ws: Worksheet, title: str, help_text: str) -> None:
    ws.cell(1, 1, title).font = STYLES["title"]["font"]
    ws.cell(2, 1, help_text).font = STYLES["note"]["font"]


def _table_name(sheet: str) -> str:
    return "tb_" + re.sub(r"[^A-Za-z0-9_]", "_", sheet)


def entry_sheet(book: openpyxl.Workbook, schema: EntrySheet, rows: Sequence[Mapping[str, Any]], size: int, players_range: str) -> Worksheet:
    """Create ``schema``'s sheet with ``size`` prepared entry rows and ``rows`` filled in."""
    ws = book.create_sheet(schema.name)
    _title_rows(ws, schema.title, schema.help)
    last_row = HEADER_ROW + size
    for i, column in enumerate(schema.columns, start=1):
        header = ws.cell(HEADER_ROW, i, column.header)
        for attribute, style in STYLES["header"].items():
            setattr(header, attribute, style)
        letter = column_letter(i)
        ws.column_dimensions[letter].width = column.width
        first = ws.cell(FIRST_DATA_ROW, i)
        first.fill = INPUT_FILL
        for r in range(FIRST_DATA_ROW + 1, last_row + 1):  # the first row's style by its index: openpyxl would look
            ws.cell(r, i)._style = copy(first._style)  # the fill up (hashing it) once a cell, most of a template's time
        dv = _validation(column, players_range)
        dv.add(f"{letter}{FIRST_DATA_ROW}:{letter}{last_row}")
        ws.add_data_validation(dv)
    for r, row in enumerate(rows, start=FIRST_DATA_ROW):
        for i, column in enumerate(schema.columns, start=1):
            value = entry_value(row.get(column.header))
            if value is not None:
                put(ws, r, i, value)
    ref = f"A{HEADER_ROW}:{address(last_row, len(schema.columns))}"
    table = Table(displayName=_table_name(schema.name), ref=ref)
    table.tableStyleInfo = TableStyleInfo(name="TableStyleLight1", showRowStripes=False, showColumnStripes=False)
    ws.add_table(table)
    ws.freeze_panes = f"A{FIRST_DATA_ROW}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    # the entry table only: the .xlsm's button to the right of it must not add a blank page
    ws.print_area = f"A1:{address(last_row, len(schema.columns))}"
    ws.print_title_rows = f"1:{HEADER_ROW}"
    return ws


def settings_sheet(book: openpyxl.Workbook, ruleset: Ruleset, tournament: str, settings: Any,
                   language: str = DEFAULT_LANGUAGE) -> Worksheet:
    ws = book.create_sheet(SETTINGS.name)
    _title_rows(ws, SETTINGS.title, SETTINGS.help)
    for i, column in enumerate(SETTINGS.columns, start=1):
        header = ws.cell(HEADER_ROW, i, column.header)
        for attribute, style in STYLES["header"].items():
            setattr(header, attribute, style)
        ws.column_dimensions[column_letter(i)].width = column.width
    for r, (label, value, meaning) in enumerate(setting_rows(ruleset.id, tournament, settings, language), start=FIRST_DATA_ROW):
        ws.cell(r, 1, label).alignment = Alignment(vertical="top", wrap_text=len(label) > SETTINGS.columns[0].width)
        cell = put(ws, r, 2, value)
        if r > FIRST_DATA_ROW:  # the ruleset id is not the organiser's to change
            cell.fill = INPUT_FILL
        ws.cell(r, 3, meaning).alignment = Alignment(wrap_text=True, vertical="top")
        cell.alignment = Alignment(wrap_text=True, vertical="top")  # long values (theatres) print whole
        lines = max(_lines(meaning or "", SETTINGS.columns[2].width), _lines(value if isinstance(value, str) else "", SETTINGS.columns[1].width),
                    _lines(label, SETTINGS.columns[0].width))
        if lines > 1:  # set: LibreOffice keeps the default height and would print the lines over the next row
            ws.row_dimensions[r].height = 15 * lines
    _choice_list(ws, settings)
    ws.freeze_panes = f"A{FIRST_DATA_ROW}"
    # 136 characters wide: A4 landscape at full size, the header rows on every page
    _print_portrait(ws, f"A1:C{max(ws.max_row, HEADER_ROW)}")
    ws.page_setup.orientation = "landscape"
    ws.print_title_rows = f"1:{HEADER_ROW}"
    return ws


CHOICE_WIDTHS = (28, 24, 66, 56)
"""System, Id, Rule, Its numbers: the options sheet, A4 landscape."""


def _choice_list(ws: Worksheet, settings: Any) -> None:
    """The options of the row that chooses the others (Game scoring) on a sheet of their own after Settings, each
    with its id, rule and rows, and that row's Value cell a drop-down of them."""
    f = choice_field(settings)
    if f is None:
        return
    choice = setting_choice(f)
    label = setting_label(f)
    book = ws.parent
    listed = book.create_sheet(choice.sheet, book.index(ws) + 1)
    _title_rows(listed, choice.sheet, f"The choices of the Settings row {label}: pick one there by its name. Its "
                                      "numbers are Settings rows, at these published values until changed.")
    for i, text in enumerate((label, "Id", "Rule (published numbers)", "Its numbers: Settings rows"), start=1):
        cell = listed.cell(HEADER_ROW, i, text)
        for attribute, style in STYLES["header"].items():
            setattr(cell, attribute, style)
        listed.column_dimensions[column_letter(i)].width = CHOICE_WIDTHS[i - 1]
    for r, (option, name, sentence) in enumerate(choice.options, start=FIRST_DATA_ROW):
        rows = "\n".join(f"{row}: {setting_cell(value)}" for row, value in choice.rows_of(option)) or "none"
        for i, text in enumerate((name, option, sentence, rows), start=1):
            listed.cell(r, i, text).alignment = Alignment(wrap_text=True, vertical="top")
        lines = max(_lines(sentence, CHOICE_WIDTHS[2]), _lines(rows, CHOICE_WIDTHS[3]))
        if lines > 1:  # as tall as its longest text: LibreOffice keeps the default height
            listed.row_dimensions[r].height = 15 * lines
    listed.freeze_panes = f"A{FIRST_DATA_ROW}"
    last = FIRST_DATA_ROW + len(choice.options) - 1
    _print_portrait(listed, f"A1:D{last}")
    listed.page_setup.orientation = "landscape"
    listed.print_title_rows = f"1:{HEADER_ROW}"
    picks = DataValidation(type="list", formula1=f"{quote_sheetname(choice.sheet)}!$A${FIRST_DATA_ROW}:$A${last}",
                           allow_blank=False)
    picks.showErrorMessage = picks.showInputMessage = True
    picks.errorTitle, picks.error = label, f"Pick one of the systems listed on the sheet {choice.sheet}."
    picks.promptTitle, picks.prompt = label, f"Pick the system (the sheet {choice.sheet} names each with its rule)."
    ws.add_data_validation(picks)
    line = next(r for r in range(FIRST_DATA_ROW, ws.max_row + 1) if ws.cell(r, 1).value == label)
    picks.add(f"B{line}")


INSTRUCTION_WIDTHS = (20, 26, 56)
"""Sheet, Column, What to enter: 102 characters, A4 portrait at about 93 % (text above 10 pt on paper)."""
INSTRUCTION_TEXT_WIDTH = sum(INSTRUCTION_WIDTHS)


def instructions_sheet(book: openpyxl.Workbook, layout: Layout, ruleset: Ruleset, tournament: str) -> Worksheet:
    """The button's control block, what to enter where, what recalculation does, and the scoring summary.

    Prints on A4 portrait, one page wide: each paragraph is merged across the three
    columns and its row made tall enough for its wrapped lines (merged cells do not
    grow by themselves), so nothing overlaps or runs off the page.
    """
    ws = book.active
    ws.title = INSTRUCTIONS
    put(ws, 1, 1, f"{ruleset.name}" + (f": {tournament}" if tournament else "")).font = STYLES["title"]["font"]
    _control_block(ws)
    sheets = [PLAYERS, *layout.sheets, ADJUSTMENTS]
    lines: list[tuple[str, str]] = [
        ("How this workbook works", "header"),
        ("Type only into the light yellow cells. Sheets are filled from row 4 down; empty rows are skipped, so a tournament can be recalculated after every round.", ""),
        (f"1. {SETTINGS.name}: check the tournament's name and the ruleset's settings (change only the Value column).", ""),
    ]
    lines += [(f"{n}. {s.name}: {s.help}", "") for n, s in enumerate(sheets, start=2)]
    lines += [
        (
            f"{len(sheets) + 2}. Recalculate: run  tourneybook recalc <this file>  in a terminal, or press the "
            "button in the .xlsm version. Every entry is checked first: with a problem, the Issues sheet "
            "lists each cell to fix and nothing else changes; otherwise the Standings, Games (and knock-out, final or "
            "awards) sheets are written again from scratch.",
            "",
        ),
        ("Numbers are computed exactly and shown with 2 decimals, rounded half up; ties are decided on the exact values.", "note"),
        ("A tie the rules leave to a lot is never decided silently: the standings show a suggested lot until you enter the drawn order in Players, column 'Lot decision'.", "note"),
    ]
    lines += [(line, "") for line in layout.instructions]
    lines += [("Scoring", "header"), (ruleset.summary, ""), ("What goes in each column", "header")]
    r = 5
    for text, style in lines:
        _paragraph(ws, r, text, style)
        r += 1
    for i, header in enumerate(("Sheet", "Column", "What to enter"), start=1):
        cell = ws.cell(r, i, header)
        for attribute, value in STYLES["header"].items():
            setattr(cell, attribute, value)
    described: dict[tuple[str, str], str] = {}  # (column, what to enter) -> the first sheet listing it
    for s in sheets:
        shared: list[str] = []
        for c in s.columns:
            required = " Required in every filled row." if c.required else ""
            what = f"{c.help or c.kind.value}{required}"
            if (c.header, what) in described:  # e.g. the final's columns, as on the qualifying games
                shared.append(described[c.header, what])
                continue
            described[c.header, what] = s.name
            r += 1
            _column_row(ws, r, s.name, c.header, what)
        for other in dict.fromkeys(shared):
            r += 1
            count = shared.count(other)
            _column_row(ws, r, s.name, f"the other {count} columns" if len(shared) < len(s.columns) else f"all {count} columns",
                        f"as on the {other} sheet: same headers, same meaning.")
    for i, width in enumerate(INSTRUCTION_WIDTHS, start=1):
        ws.column_dimensions[column_letter(i)].width = width
    _print_portrait(ws, f"A1:C{r}")
    return ws


def _column_row(ws: Worksheet, r: int, sheet: str, header: str, what: str) -> None:
    """One row of "What goes in each column", as tall as its wrapped texts."""
    for col, text in enumerate((sheet, header, what), start=1):
        ws.cell(r, col, text).alignment = Alignment(wrap_text=True, vertical="top")
    lines_needed = max(_lines(what, INSTRUCTION_WIDTHS[2]), _lines(header, INSTRUCTION_WIDTHS[1]), _lines(sheet, INSTRUCTION_WIDTHS[0]))
    if lines_needed > 1:
        ws.row_dimensions[r].height = 15 * lines_needed


def _control_block(ws: Worksheet) -> None:
    """The button's action drop-down (B2), its round (B3) and what each action does (C2)."""
    for (row, col), text in ((ACTION_LABEL_CELL, ACTION_LABEL), (ROUND_LABEL_CELL, ROUND_LABEL),
                             (PLAYER_LABEL_CELL, PLAYER_LABEL)):
        ws.cell(row, col, text).font = STYLES["header"]["font"]
    action = ws.cell(*ACTION_CELL, RECALCULATE)
    number = ws.cell(*ROUND_CELL)
    for cell in (action, number, ws.cell(*PLAYER_CELL)):
        cell.fill = INPUT_FILL
    choices = DataValidation(type="list", formula1='"' + ",".join(ACTIONS) + '"', allow_blank=True)
    choices.promptTitle, choices.prompt = "Button action", "What the button on this sheet does when clicked."
    rounds = DataValidation(type="whole", operator="greaterThanOrEqual", formula1="1", allow_blank=True)
    rounds.errorTitle, rounds.error = "Round N", "This is not a round number: type 1, 2, ... (a whole number of at least 1)."
    ws.add_data_validation(choices)
    ws.add_data_validation(rounds)
    choices.add(ACTION_ADDRESS)
    rounds.add(ROUND_ADDRESS)
    help_cell = ws.cell(*HELP_CELL, HELP)
    help_cell.font = STYLES["note"]["font"]
    help_cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(start_row=HELP_CELL[0], start_column=HELP_CELL[1], end_row=HELP_CELL[0] + 2, end_column=HELP_CELL[1])
    extra = _lines(HELP, INSTRUCTION_WIDTHS[2]) - 3  # the help spans rows 2-4
    if extra > 0:
        ws.row_dimensions[4].height = 15 * (1 + extra)


def _paragraph(ws: Worksheet, row: int, text: str, style: str) -> None:
    """One paragraph across columns A-C, wrapped, its row as tall as its lines."""
    cell = ws.cell(row, 1, text or None)
    for attribute, value in STYLES[style].items():
        setattr(cell, attribute, value)
    cell.alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=3)
    lines = _lines(text, INSTRUCTION_TEXT_WIDTH)
    if lines > 1:
        ws.row_dimensions[row].height = 15 * lines


def _lines(text: str, width: float) -> int:
    """Printed lines of a wrapped text, paragraphs ('\n') included."""
    return sum(wrapped_lines(part, width) for part in str(text).split("\n"))


def _print_portrait(ws: Worksheet, area: str) -> None:
    """A4 portrait, one page wide, as many pages down as needed."""
    ws.print_area = area
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_margins = PageMargins(left=0.5, right=0.5, top=0.6, bottom=0.6)


def build(layout: Layout, *, tournament: str = "", settings: Any = None, rows: SheetRows | None = None,
          language: str = DEFAULT_LANGUAGE) -> openpyxl.Workbook:
    """A new workbook for ``layout``'s ruleset, with ``rows`` (by sheet name) already typed in; ``language``: the
    Settings' Language row (the players' language)."""
    ruleset = find_ruleset(layout.ruleset)
    settings = ruleset.settings if settings is None else settings
    if ruleset.chosen is not None:  # the Diplomacy event: named, summed up and laid out for its game scoring
        ruleset = ruleset.chosen(settings)
        layout = find_layout(ruleset)
    tournament = tournament or str(getattr(settings, NAME_FIELD, ""))
    rows = rows or {}
    book = openpyxl.Workbook()
    instructions_sheet(book, layout, ruleset, tournament)
    settings_sheet(book, ruleset, tournament, settings, language)
    sizes = {s.name: max(s.rows, len(rows.get(s.name, ())) + SPARE_ROWS) for s in (PLAYERS, *layout.sheets, ADJUSTMENTS)}
    letter = PLAYERS.letter(NAME)
    players_range = f"{quote_sheetname(PLAYERS.name)}!${letter}${FIRST_DATA_ROW}:${letter}${HEADER_ROW + sizes[PLAYERS.name]}"
    for schema in (PLAYERS, *layout.sheets, ADJUSTMENTS):
        entry_sheet(book, schema, rows.get(schema.name, ()), sizes[schema.name], players_range)
    return book


def write(path: str | Path, layout: Layout, *, tournament: str = "", settings: Any = None, rows: SheetRows | None = None,
          dated: dt.datetime | None = None, language: str = DEFAULT_LANGUAGE) -> Path:
    """Build and save a workbook atomically; returns its path. ``dated``: the file's fixed time (else now)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_atomically(build(layout, tournament=tournament, settings=settings, rows=rows, language=language), path,
                    dated=dated)
    return path


__all__ = ["INPUT_FILL", "INSTRUCTIONS", "build", "entry_value", "write"]
