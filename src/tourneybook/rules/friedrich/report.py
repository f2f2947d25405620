"""The vocabulary of Pompadour's paper game report (seed 000, GFTR F), shared by the workbook and the forms.

The workbook's Friedrich entry row follows the paper report field by field
(:mod:`tourneybook.workbook.layouts.friedrich`), and the printed report
(:mod:`tourneybook.forms.friedrich`) shows the same fields: both take the names
from here, so the rules' layer holds the one spelling.
"""

from __future__ import annotations

from .records import OffensiveOutcome

REPORT_FIELDS: tuple[str, ...] = (
    "Round",
    "Table",
    "Frederick",
    "Elisabeth",
    "Maria Theresa",
    "Pompadour",
    "Start time",
    "First Card of Fate",
    "Russia left in turn",
    "Sweden left in turn",
    "France left in turn",
    "IA switch turn",
    "IA new controller",
    "IA held at switch",
    "OO launched in turn",
    "Austria picked up set-aside TC",
    "OO outcome",
    "OO called off in turn",
    "Bohemian objectives Prussia",
    "Bohemian objectives Austria",
    "Game ended in turn",
    "Winners",
    "Russia held",
    "Russia total",
    "Sweden held",
    "Sweden total",
    "Austria held",
    "Austria total",
    "IA held",
    "IA total",
    "France held",
    "France total",
    "sTCC N",
    "TCs Frederick until N",
    "TCs attackers until N",
)
"""The report's entries in the order they appear on the paper.

A nation that left the game has its held/total written in the departure log,
the others in the end table; either way the entry row has one pair per nation
(in the end table's order). Scores and signatures are the jury's check, not
input, and are not listed.
"""

OO_ENDINGS: dict[OffensiveOutcome, str] = {
    OffensiveOutcome.SUCCEEDED: "Prussian victory",
    OffensiveOutcome.CALLED_OFF: "called off",
    OffensiveOutcome.ACTIVE: "active at the end",
}
"""How an Offensive Option ends (seed 000, II; seed 001, C), as circled on the form."""
