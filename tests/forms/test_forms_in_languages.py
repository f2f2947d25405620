"""Every printed form in Spanish, German, Italian and French (issue 37): the forms of every kind, which
tests/forms/test_every_paper_printed.py prints through LibreOffice (no English left, the decimal mark), and the
blank forms' language.

The forms of each language: the Pompadour report (FWC and CAFE, a round's and the final's,
with a stand-in), the centre-count sheet (CODCon, Italia's top board, a final-count sheet with a game
scoring's columns), the Carcassonne slips (4 and 3 players, three to a page) and the knock-out bracket, the
table-code box with and without the hall's address, and the bracket's codes; then the Seating sheet.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tourneybook.forms import CarcassonneSlip, CentreCountSheet, KnockoutBracketForm, PompadourReport, System, Variant, write
from tourneybook.i18n import find_words
from tourneybook.reports.stamp import CodedBracket, StampedForm
from tourneybook.rules import find_ruleset
from tourneybook.rules.diplomacy import CentreCountText
from tourneybook.rules.game_scoring.system import DRAW_VOTES, FINAL_COUNT, GAME_ENDS
from tourneybook.i18n.game_words import DIPLOMACY_COLUMNS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import english_left  # noqa: E402 - shared with the published files' tests

ROLES = {"Frederick": "Íñigo Ibáñez", "Elisabeth": "Anna Berg", "Maria Theresa": "Jörg Müller", "Pompadour": "Zoë Leclerc"}
POWERS = {"Austria": "Luca Rossi", "England": "Emma Stone", "France": "Hugo Duval", "Germany": "Karl Weber",
          "Italy": "Sara Conti", "Russia": "Olga Petrova", "Turkey": "Ali Demir"}
NAMES = {*ROLES.values(), *POWERS.values(), "Carla Costa", "Ben Brandt", "Nils Dorn", "Tanja Novak", "Essen Cup",
         "FWC 2022 + GFTR", "CAFE'23", "CODCon 2008", "Italia 2010 (WDC 2024)", "Sum of Squares", "K7QM", "T4XZ"}
SEEDS = [f"Seed {chr(65 + i)}" for i in range(16)]


def every_form(code: str) -> list:
    words = find_words(code)
    italia = find_ruleset("italia2010").form.centre_count
    codcon = find_ruleset("codcon2008").form.centre_count
    final_count = CentreCountText(count_note=FINAL_COUNT, vote_rule=DRAW_VOTES, game_ends=GAME_ENDS)
    report = PompadourReport.of("Essen Cup", Variant.FWC, 1, 4, ROLES, {"Pompadour": "stand-in"}, rules="FWC 2022 + GFTR",
                                words=words)
    return [
        report,
        StampedForm(report, "", "K7QM"),
        StampedForm(report, "http://10.0.0.2:8000/", "T4XZ"),
        PompadourReport.of("Essen Cup", Variant.CAFE, 2, 1, ROLES, rules="CAFE'23", words=words),
        PompadourReport.of("Essen Cup", Variant.CAFE, None, 1, {}, final=True, rules="CAFE'23",
                           choosing=tuple(ROLES.values()), words=words),
        CentreCountSheet.of("Essen Cup", System.CODCON, 1, 2, POWERS, marks={"France": "also board 3"},
                            rules="CODCon 2008", text=codcon, words=words),
        CentreCountSheet.of("Essen Cup", System.ITALIA, 4, 1, POWERS, top_board=True, rules="Italia 2010 (WDC 2024)",
                            text=italia, words=words),
        CentreCountSheet.of("Essen Cup", System.FINAL_COUNT, 1, 1, POWERS, rules="Sum of Squares", text=final_count,
                            columns=("Eliminated in", *DIPLOMACY_COLUMNS), words=words),
        CarcassonneSlip("Essen Cup", 1, 1, ("Carla Costa", "Ben Brandt", "Nils Dorn", "Tanja Novak"), words=words),
        CarcassonneSlip("Essen Cup", 1, 2, ("Carla Costa", "Ben Brandt", "Nils Dorn"), words=words),
        CodedBracket(KnockoutBracketForm.of("Essen Cup", SEEDS, {"S1": SEEDS[0]}, words=words), "http://10.0.0.2:8000/",
                     (("S2", "K7QM (Seed B T4XZ, Seed O K7QM)"),)),
    ]


def test_the_check_finds_english_words():
    """The same forms in English fail the check: it can fail (each language's own words pass it, above)."""
    from tourneybook.forms import pages

    english = " ".join(c.text for p in pages(every_form("en")) for r in p.rows for c in r.cells)
    spanish = " ".join(c.text for p in pages(every_form("es")) for r in p.rows for c in r.cells)
    assert {"round", "table", "signatures", "jury", "victory"} <= set(english_left(english, "es", NAMES))
    assert english_left(spanish, "es", NAMES | set(SEEDS)) == []


def test_blank_forms_take_their_language_from_the_command_line(tmp_path, capsys):
    import openpyxl

    from tourneybook.cli import main

    out = tmp_path / "blank.xlsx"
    assert main(["forms", "--blank", "carcassonne2004", "--tables", "3", "--language", "it", "--out", str(out)]) == 0
    cells = {c.value for ws in openpyxl.load_workbook(out) for row in ws.iter_rows() for c in row if c.value}
    assert {"Foglio di tavolo di Carcassonne", "Giocatore", "Punti", "Firma"} <= cells
    assert main(["forms", "--blank", "fwc2022", "--tables", "1", "--language", "sv", "--out", str(tmp_path / "x.xlsx")]) == 1
    assert "--language sv" in capsys.readouterr().err
    assert not (tmp_path / "x.xlsx").exists()
