"""Make the pictures of the players' languages shown in the README and docs/languages.md (needs LibreOffice,
poppler's pdftoppm and Chromium).

    python docs/languages/pictures.py

For each of Spanish, German, Italian and French: the FWC 2022 game report of a pre-filled table, the
CODCon centre-count sheet, the centre-count sheet of a Diplomacy event scored by Haight (the longest game-scoring
rule: does it fit its box in German?) and the Carcassonne knock-out bracket's bottom half and final, printed
through LibreOffice as ``tourneybook forms --pdf`` prints them; a CODCon event's Seating list as ``draw --pdf``
prints it; and the CAFE'23 example's published page at a phone's size, photographed by headless Chromium, with the
example's Settings' Language set to the language.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import subprocess
import tempfile
from pathlib import Path

from tourneybook.forms import CentreCountSheet, KnockoutBracketForm, PompadourReport, System, Variant, write
from tourneybook.forms.tables import table_form
from tourneybook.i18n import LANGUAGES, ENGLISH, find_words
from tourneybook.publish import Published, read_published, write_published
from tourneybook.rules import find_ruleset
from tourneybook.rules.diplomacy_event import starting_settings

HERE = Path(__file__).resolve().parent
WORKBOOKS = HERE.parents[1] / "workbooks"
ROLES = {"Frederick": "Íñigo Ibáñez", "Elisabeth": "Anna Berg", "Maria Theresa": "Jörg Müller", "Pompadour": "Zoë Leclerc"}
POWERS = {"Austria": "Luca Rossi", "England": "Emma Stone", "France": "Hugo Duval", "Germany": "Karl Weber",
          "Italy": "Sara Conti", "Russia": "Olga Petrova", "Turkey": "Ali Demir"}
SEEDS = ["Carla Costa", "Ben Brandt", "Nils Dorn", "Tanja Novak", "Léa Moreau", "Pablo Ruiz", "Greta Vogt", "Marco Fabbri",
         "Inès Girard", "Jonas Keller", "Lucía Gil", "Sofia Greco", "Tom Weber", "Élise Blanc", "Diego Sanz", "Mia Roth"]
"""The knock-out's sixteen by preliminary rank."""


def publish_pictures():
    """docs/publish/pictures.py, whose Chromium photographs the page at a phone's size (one way for both)."""
    spec = importlib.util.spec_from_file_location("publish_pictures", HERE.parent / "publish" / "pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def forms(code: str, folder: Path) -> None:
    """The game report and the centre-count sheets in language ``code``, a PNG of each printed page."""
    words = find_words(code)
    report = PompadourReport.of("Copa Europa", Variant.FWC, 2, 3, ROLES, {"Pompadour": "stand-in"},
                                rules="FWC 2022 + GFTR", words=words)
    sheet = CentreCountSheet.of("Copa Europa", System.CODCON, 1, 2, POWERS, rules="CODCon 2008",
                                text=find_ruleset("codcon2008").form.centre_count, words=words)
    diplomacy = find_ruleset("diplomacy")
    haight = table_form(diplomacy.chosen(starting_settings(diplomacy, "haight")), "Copa Europa", 3, 1, POWERS,
                        words=words)
    bracket = KnockoutBracketForm.of("Copa Europa", SEEDS, {"S2": SEEDS[1], "S7": SEEDS[6]}, words=words)
    _, pdf = write([report, sheet, haight, bracket], folder / f"forms-{code}.xlsx", pdf=True, overwrite=True)
    for number, name in ((1, "game-report"), (2, "centre-count"), (3, "scoring-rule"), (5, "knockout-bracket")):
        target = HERE / f"{name}-{code}"
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", "-f", str(number), "-l", str(number),
                        str(pdf), str(target)], check=True)
        print(f"{target}.png")


def seating(code: str, folder: Path) -> None:
    """The Seating list of a CODCon event made in language ``code`` (round 1 drawn), as ``draw --pdf`` prints it."""
    from tourneybook.actions.draw import draw_event
    from tourneybook.cli import main as tourneybook
    from tourneybook.files.filestore import FileWorkbook
    from tourneybook.office import convert
    from tourneybook.workbook.printing import printable_book

    players, event = folder / f"players-{code}.csv", folder / f"event-{code}.xlsx"
    players.write_text("name\n" + "\n".join([*ROLES.values(), *POWERS.values(), "Carla Costa", "Ben Brandt",
                                              "Nils Dorn"]) + "\n", encoding="utf-8")
    assert tourneybook(["new", "codcon2008", "--players", str(players), "--out", str(event), "--name", "Copa Europa",
                        "--language", code]) == 0
    book = FileWorkbook(event)
    pdf = convert(printable_book([draw_event(book, 1, seed=1).seating], folder / f"seating-{code}.xlsx"), "pdf", folder)
    target = HERE / f"seating-{code}"
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", "-f", "1", "-l", "1", str(pdf), str(target)],
                   check=True)
    print(f"{target}.png")


def page(code: str, folder: Path) -> None:
    """The CAFE'23 example's published page in language ``code`` at a phone's size."""
    published = read_published(WORKBOOKS / "cafe2023-example.xlsx")
    published = Published(dataclasses.replace(published.event, language=find_words(code).language.name),
                          published.result)
    out = folder / code
    write_published(published, out, pdf=False)
    target = HERE / f"standings-phone-{code}.png"
    publish_pictures().photograph(out / "standings.html", "phone", target)
    print(target)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for language in LANGUAGES:
            if language is not ENGLISH:
                forms(language.code, Path(tmp))
                seating(language.code, Path(tmp))
                page(language.code, Path(tmp))


if __name__ == "__main__":
    main()
