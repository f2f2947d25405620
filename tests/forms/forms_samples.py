"""Sample forms of every kind, shared by the forms tests."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tourneybook.forms import (
    CarcassonneSlip,
    CentreCountSheet,
    KnockoutBracketForm,
    PompadourReport,
    System,
    Variant,
    blank_forms,
)
from tourneybook.rules import codcon2008, italia2010

FWC_PLAYERS = {"Frederick": "Anna Alvarez", "Elisabeth": "Ben Brandt", "Maria Theresa": "Carla Conti",
               "Pompadour": "Dieter Dorn"}
CAFE_PLAYERS = {"Frederick": "Elena Ruiz", "Elisabeth": "Fermin Gil", "Maria Theresa": "Gloria Paz",
                "Pompadour": "Hugo Sanz"}
POWERS = {"Austria": "Ivo Ilic", "England": "Jane Jones", "France": "Karl Kern", "Germany": "Lena Lang",
          "Italy": "Marco Monti", "Russia": "Nina Novak", "Turkey": "Omer Oz"}
SEEDS = [f"Seed{n:02d} Name" for n in range(1, 17)]

FORMS = (
    ("fwc report", PompadourReport.of("Test Open", Variant.FWC, 2, 3, FWC_PLAYERS, rules="FWC 2022 + GFTR")),
    ("cafe report", PompadourReport.of("CAFE", Variant.CAFE, 1, 4, CAFE_PLAYERS, rules="CAFE'23")),
    ("codcon sheet", CentreCountSheet.of("CODCon", System.CODCON, 1, 2, POWERS, years=10, rules="CODCon 2008",
                                           text=codcon2008.FORM_TEXT)),
    ("italia sheet", CentreCountSheet.of("WDC", System.ITALIA, 3, 1, POWERS, top_board=True,
                                           rules="Italia 2010 (WDC 2024)", text=italia2010.FORM_TEXT)),
    ("carcassonne slip", CarcassonneSlip("Essen", 2, 5, ("Pia Pohl", "Quin Quast", "Rolf Roth", "Sara Sims"))),
    ("carcassonne slip of 3", CarcassonneSlip("Essen", 2, 6, ("Tom Tell", "Uli Ulm", "Vera Voss"))),
    ("bracket", KnockoutBracketForm.of("Essen", SEEDS, {"S1": SEEDS[0], "S8": SEEDS[8]})),
    ("blank fwc", blank_forms("fwc2022", 1)[0]),
    ("blank cafe", blank_forms("cafe2023", 1)[0]),
    ("blank codcon", blank_forms("codcon2008", 1)[0]),
    ("blank italia", blank_forms("italia2010", 1)[0]),
    ("blank slip", blank_forms("carcassonne2004", 1)[0]),
    ("blank bracket", KnockoutBracketForm.of("")),
    ("cafe final choosing", PompadourReport.of("CAFE", Variant.CAFE, table=1, final=True, rules="CAFE'23",
                                               choosing=("Tomás Herrera", "Maria Theresa Olmo", "Ana Gil", "Bo Li"))),
)


def page_text(pdf: Path, page: int) -> str:
    """pdftotext -layout of one page (1-based)."""
    done = subprocess.run(["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(pdf), "-"],
                          capture_output=True, text=True, check=True)
    return done.stdout
