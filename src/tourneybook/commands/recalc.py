"""``tourneybook recalc EVENT.xlsx``: recalculate a workbook and show the standings.

The same recalculation as the workbook's button. On any problem in the entries
the file is left exactly as it was, every problem is printed with its sheet and
cell, and the exit status is 2.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from ..numbers import display
from ..rules.ranking import LotState, Standings
from ..workbook.recalc import recalc_file


def register(sub) -> None:
    p = sub.add_parser("recalc", help="recalculate a tournament workbook (writes Standings, Games, Issues...)")
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook (.xlsx or .xlsm)")
    p.set_defaults(func=run)


def _shown(value: Any) -> str:
    if isinstance(value, Fraction):
        return display(value)
    return "" if value is None else str(value)


def standings_text(standings: Standings) -> str:
    """The standings as an aligned plain-text table."""
    headers = ["#", "Player", standings.total_name, *standings.tiebreak_names, "decided by"]
    lines = []
    for r in standings.rows:
        decided = r.decided_by or ""
        if r.lot is LotState.SUGGESTED:
            decided += " (suggested lot: enter the decision in Players)"
        if r.adjustment_reasons:
            decided += f" [adjusted {display(r.adjustment)}: {'; '.join(r.adjustment_reasons)}]"
        lines.append([str(r.rank), r.player, _shown(r.total), *(_shown(v) for _, v in r.tiebreaks), decided])
    widths = [max(len(h), *(len(line[i]) for line in lines)) if lines else len(h) for i, h in enumerate(headers)]
    numeric = {0, *range(2, len(headers) - 1)}

    def fmt(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in numeric else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return "\n".join([fmt(headers), fmt(["-" * w for w in widths]), *(fmt(line) for line in lines)])


def run(args) -> int:
    report = recalc_file(args.workbook)
    if not report.ok:
        print(f"{args.workbook}: not recalculated, {len(report.problems)} problem(s) to fix (the file is unchanged):", file=sys.stderr)
        for p in report.problems:
            print(f"  {p}", file=sys.stderr)
        return 2
    assert report.result is not None
    print(f"{report.tournament or report.ruleset}: standings ({report.ruleset})")
    print(standings_text(report.result.standings))
    for note in report.result.notes:
        print(f"note: {note}")
    print(f"written: {', '.join(report.sheets)}")
    return 0
