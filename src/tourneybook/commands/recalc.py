"""``tourneybook recalc EVENT.xlsx``: recalculate a workbook and show the standings.

The same recalculation as the workbook's button. On any problem in the entries
the file is left exactly as it was, every problem is printed with its sheet and
cell, and the exit status is 1.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import EXIT_PROBLEMS, InputError
from ..numbers import SquareRoot, display
from ..progress import waiting
from ..rules.base import Table
from ..rules.ranking import LotState, Standings
from ..files.filestore import check_suffix
from ..workbook.print_layout import shown_width
from ..workbook.problem_groups import grouped_lines
from ..actions.on_file import recalc_file


def register(sub) -> None:
    p = sub.add_parser("recalc", help="recalculate a tournament workbook (writes Standings, Games, Issues...)")
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook (.xlsx or .xlsm)")
    p.add_argument(
        "--out",
        metavar="COPY.xlsx",
        help="write the recalculated workbook here and leave EVENT.xlsx untouched (e.g. a shipped example)",
    )
    p.set_defaults(func=run)


def _shown(value: Any) -> str:
    if isinstance(value, (Fraction, SquareRoot)):
        return display(value)
    return "" if value is None else str(value)


def _shown_once() -> Callable[[Any], str]:
    """:func:`_shown`, each number's text made once: a 10,000-player table repeats its totals thousands
    of times (and half its sTCC roots), and rounding one costs more than finding its text."""
    texts: dict[tuple[int, int, bool], str] = {}

    def shown(value: Any) -> str:
        kind = type(value)
        if kind is not Fraction and kind is not SquareRoot:
            return _shown(value)
        exact = value if kind is Fraction else value.square
        key = (exact.numerator, exact.denominator, kind is SquareRoot)  # hashing a Fraction itself is slow
        text = texts.get(key)
        if text is None:
            text = texts[key] = display(value)
        return text

    return shown


def text_table(headers: list[str], lines: list[list[str]], numeric: set[int]) -> str:
    """An aligned plain-text table; ``numeric`` columns are right-aligned."""
    columns = list(zip(*lines)) if lines else [()] * len(headers)
    widths = [max([shown_width(h), *map(shown_width, column)]) for h, column in zip(headers, columns)]
    # one format string pads a whole line in C ("{:>5}" is str.rjust(5)): 10,000 lines print in a blink
    template = "  ".join(f"{{:{'>' if i in numeric else '<'}{w}}}" for i, w in enumerate(widths))

    def line(cells: list[str]) -> str:
        if "".join(cells).isascii():
            return template.format(*cells).rstrip()
        # a wide letter (Chinese, Japanese, Korean) takes two columns, an accent typed apart none
        gaps = [" " * (w - shown_width(c)) for c, w in zip(cells, widths)]
        return "  ".join(g + c if i in numeric else c + g for i, (c, g) in enumerate(zip(cells, gaps))).rstrip()

    return "\n".join(line(cells) for cells in [headers, ["-" * w for w in widths], *lines])


def standings_text(standings: Standings) -> str:
    """The standings as an aligned plain-text table."""
    headers = ["#", "Player", standings.total_name, *standings.tiebreak_names, "decided by"]
    lines = []
    shown = _shown_once()
    for r in standings.rows:
        decided = r.decided_by or ""
        if r.lot is LotState.SUGGESTED:
            decided += " (suggested lot: enter the decision in Players)"
        if r.adjustment_reasons:
            decided += f" [adjusted {display(r.adjustment)}: {'; '.join(r.adjustment_reasons)}]"
        lines.append([str(r.rank), r.player, shown(r.total), *[shown(v) for _, v in r.tiebreaks], decided])
    return text_table(headers, lines, {0, *range(2, len(headers) - 1)})


PRINTED_ROWS = 40
"""Longer tables (e.g. every game counted) are cut in the terminal; the workbook has them whole."""


def extra_text(table: Table) -> str:
    """A final, knock-out or awards table as text, numbers right-aligned."""
    lines = [[_shown(v) for v in row] for row in table.rows[:PRINTED_ROWS]]
    numeric = {i for i in range(len(table.headers)) if table.rows and all(isinstance(row[i], (int, Fraction)) for row in table.rows if i < len(row) and row[i] is not None)}
    more = len(table.rows) - PRINTED_ROWS
    cut = [f"... and {more} more rows on the workbook's '{table.title}' sheet"] if more > 0 else []
    return "\n".join([table.title, text_table(list(table.headers), lines, numeric), *cut, *table.notes])


def recalc_copy(source: Path, out: Path):
    """Recalculate a copy of ``source`` as ``out``; on problems ``out`` is not created."""
    import shutil  # only a copy needs them (the button's click recalculates in place)
    import tempfile

    if not source.exists():
        raise InputError(f"{source}: no such file")
    # The copy keeps the source's kind: a macro workbook renamed .xlsx (or the reverse) does not open in Excel.
    if source.suffix.lower() == ".xlsm" and out.suffix.lower() != ".xlsm":
        raise InputError(f"{out.name}: a copy of {source.name} keeps its button and macros, so its name ends in .xlsm "
                         f"too: --out {out.stem}.xlsm")
    check_suffix(out, (source.suffix.lower(),))
    if out.is_dir():
        raise InputError(f"{out}: a folder, not a workbook file")
    tmp_path: Path | None = None
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(prefix=f".{out.stem}-", suffix=source.suffix, dir=out.parent)
        os.close(handle)
        tmp_path = Path(tmp)
        shutil.copyfile(source, tmp_path)
        shutil.copymode(source, tmp_path)  # mkstemp makes it private; the copy reads like the original
        with waiting(f"recalculating {source.name}"):
            report = recalc_file(tmp_path)
        if report.ok:
            os.replace(tmp_path, out)
        elif any(tmp_path.name in str(p) and "disk is full" in str(p) for p in report.problems):
            raise OSError(errno.ENOSPC, "the disk is full")  # the copy's save ran out of room: said once, below
        return report
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            raise
        raise InputError(f"{out} could not be written: the disk is full. No copy was made and {source.name} is "
                         "unchanged; make room (or give --out a folder on another disk) and run again.") from None
    finally:
        if tmp_path is not None:
            tmp_path.unlink(missing_ok=True)


def run(args) -> int:
    target = args.workbook
    if args.out:
        report = recalc_copy(Path(args.workbook), Path(args.out))
        target = args.out
    else:
        with waiting(f"recalculating {Path(args.workbook).name}"):
            report = recalc_file(args.workbook)
    if not report.ok:
        print(f"{args.workbook}: not recalculated, {len(report.problems)} problem(s) to fix (the file is unchanged):", file=sys.stderr)
        for line in grouped_lines(report.problems):  # one line per cause: the first screen shows what to fix
            print(f"  {line}", file=sys.stderr)
        return EXIT_PROBLEMS
    if report.result is None:
        raise AssertionError("bug: report.result is unset")
    print(f"{report.tournament or report.ruleset}: standings ({report.ruleset})")
    print(standings_text(report.result.standings))
    for table in report.result.extras:
        print()
        print(extra_text(table))
    print()
    for note in report.result.notes:
        print(f"note: {note}")
    print(f"written to {target}: {', '.join(report.sheets)}")
    return 0
