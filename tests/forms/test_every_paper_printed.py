"""Every paper a player reads, printed through LibreOffice in Spanish, German, Italian and French (issue 37, item 6):
no English left (names and numbers aside), the language's decimal mark, every header's word whole.

Each language's papers: every ruleset's round form and the same in the table-code box, the Diplomacy centre-count
sheet under each of the 37 game-scoring systems, the final's report, the Carcassonne slips and the knock-out bracket (plain
and coded), the table-code box with and without the hall's address; then a CODCon event made by ``tourneybook new
--language``: its round's forms (``tourneybook forms``) and its Seating sheet as ``draw --pdf`` prints it. The
twelve workbooks are converted in one start of LibreOffice (``office.convert_all``), and each PDF's text is
compared with the same papers written in English: a word of theirs kept that no translation writes is a string
that never went through the catalogue.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tourneybook.actions.draw import draw_event
from tourneybook.cli import main
from tourneybook.files.filestore import FileWorkbook
from tourneybook.forms import KnockoutBracketForm, pages, write
from tourneybook.i18n import find_words
from tourneybook.office import convert_all
from tourneybook.rules.game_scoring import find_system
from tourneybook.workbook.printing import printable_book

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import english_left  # noqa: E402 - shared with the published files' tests
from test_forms_in_languages import NAMES as FORM_NAMES, SEEDS, every_form  # noqa: E402 - the final, knock-out, marks
from test_rules_on_paper import (NAMES as PAPER_NAMES, SYSTEM_IDS, broken_words, chosen_numbers, decimals,  # noqa: E402
                                 every_paper)  # noqa: E402

SPOKEN = ["es", "de", "it", "fr"]
PLAYERS = ["Álvaro Núñez", "Beatriz Ortega", "Chiara Rossi", "Dirk Vogel", "Élodie Martin", "Fritz Schulz",
           "Giulia Bianchi", "Hélène Roux", "Iker Zubizarreta", "Jana Krämer", "Lorenzo Greco", "Marie Dubois",
           "Nuria Castillo", "Otto Brandt"]
"""Fourteen players: two full Diplomacy boards."""
TITLE = "Copa Europa"
NAMES = {*FORM_NAMES, *PAPER_NAMES, *SEEDS, *PLAYERS, TITLE, "CODCon 2008", "http"}  # "http": the hall's address


def forms_of(code: str) -> list:
    """Every form of every kind in language ``code``, the bracket once more without its codes; every ruleset's
    round form, plain and in the table-code box; the centre-count sheet under every game-scoring system."""
    return [*every_form(code), KnockoutBracketForm.of("Essen Cup", SEEDS, words=find_words(code)),
            *(form for _, form in every_paper(code))]


def form_text(forms: list) -> str:
    return " ".join(c.text for p in pages(forms) for r in p.rows for c in r.cells)


def an_event(code: str, folder: Path) -> tuple[Path, Path, Path]:
    """A CODCon event made in language ``code`` by ``tourneybook new``, round 1 drawn: (the event, its round's
    forms workbook as ``tourneybook forms`` writes it, its Seating sheet alone as ``draw --pdf`` prints it)."""
    folder.mkdir()
    players, event = folder / "players.csv", folder / "event.xlsx"
    players.write_text("name\n" + "\n".join(PLAYERS) + "\n", encoding="utf-8")
    assert main(["new", "codcon2008", "--players", str(players), "--out", str(event), "--name", TITLE,
                 "--language", code]) == 0
    book = FileWorkbook(event)
    seating = draw_event(book, 1).seating
    book.save()
    forms = folder / f"round-forms-{code}.xlsx"
    assert main(["forms", str(event), "--round", "1", "--out", str(forms)]) == 0
    return event, forms, printable_book([seating], folder / f"seating-{code}.xlsx")


def cell_text(path: Path) -> str:
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        return " ".join(str(v) for sheet in book for row in sheet.iter_rows(values_only=True) for v in row
                        if v is not None)
    finally:
        book.close()


@pytest.fixture(scope="module")
def printed(soffice, tmp_path_factory) -> dict[str, dict[str, str]]:
    """For each language, the PDF text of its forms, its event's round forms and its Seating sheet, with 'english':
    each of them written in English (read from the workbooks: nothing of it printed)."""
    folder = tmp_path_factory.mktemp("every-paper")
    books, events = [], {}
    for code in SPOKEN:
        books.append(write(forms_of(code), folder / f"forms-{code}.xlsx")[0])
        event, round_forms, seating = an_event(code, folder / code)
        books += [round_forms, seating]
        events[code] = event
    _, english_forms, english_seating = an_event("en", folder / "en")
    english = {"forms": form_text(forms_of("en")), "round forms": cell_text(english_forms),
               "seating": cell_text(english_seating)}
    pdfs = iter(convert_all(books, "pdf", folder / "pdf"))  # one start of LibreOffice for all twelve
    return {code: {"event": str(events[code]), "english": english,
                   **{what: subprocess.run(["pdftotext", str(next(pdfs)), "-"], capture_output=True, text=True,
                                           check=True).stdout for what in ("forms", "round forms", "seating")}}
            for code in SPOKEN}


def flowing(text: str) -> str:
    return " ".join(text.split())  # a label wraps where the language's words are longer


@pytest.mark.libreoffice
@pytest.mark.parametrize("code", SPOKEN)
@pytest.mark.parametrize("what", ["forms", "round forms", "seating"])
def test_no_english_is_left_on_any_paper(printed, code, what):
    """No English word on any printed paper: none of the catalogue's that its translation never writes, and none
    of the same paper's English words that no translation writes (a string the catalogue never saw)."""
    text = printed[code][what]
    assert english_left(text, code, NAMES, english=printed[code]["english"][what]) == []
    assert not decimals(flowing(text)), (code, what)


@pytest.mark.libreoffice
@pytest.mark.parametrize("code", SPOKEN)
def test_every_form_says_the_games_words_and_the_decimal_comma(printed, code):
    """The forms' own words in the language, Italia's top board counting 1,2 times (seed 004, 4), every Diplomacy
    ruleset's and system's sheet signed, the Sum of Squares rule whole, and every header's word on one line."""
    words, text = find_words(code), printed[code]["forms"]
    said = flowing(text)
    for english in ("Round", "Table", "Signatures", "Table code", "Frederick", "Imperial Army", "England", "Turkey",
                    "Victory points", "Quarter-finals", "stand-in", "cut here", "Champion"):
        assert words._(english) in said, (code, english)
    assert {"es": "Ejército Imperial", "de": "Reichsarmee", "it": "Esercito Imperiale", "fr": "Armée impériale"}[code] in said
    assert {"es": "Turquía", "de": "Türkei", "it": "Turchia", "fr": "Turquie"}[code] in said
    assert "× 1,2" in said and "1.2" not in said
    signature = words._("Signatures: I agree with the centre counts above")
    sheets = sum(signature in flowing(" ".join(c.text for r in p.rows for c in r.cells)) for p in pages(forms_of(code)))
    assert said.count(signature) == sheets > 3, code  # a sheet per Diplomacy form: none lost in printing
    assert " ".join(words._(find_system("sos").text).split()) in said, code
    assert broken_words(forms_of(code), text) == set(), code


@pytest.mark.libreoffice
@pytest.mark.parametrize("code", SPOKEN)
def test_every_game_scoring_systems_rule_is_printed_whole_in_the_language(printed, code):
    """The centre-count sheet under each of the 37 game-scoring systems prints its rule whole, in the language,
    with the numbers the event chose (as tests/forms/test_rules_on_paper.py reads them in the written cells)."""
    words, rng, said = find_words(code), random.Random(37), flowing(printed[code]["forms"])
    missing = []
    for system_id in SYSTEM_IDS:  # every_paper's order: the same numbers drawn
        numbers = chosen_numbers(system_id, rng)
        system = find_system(system_id)
        rule = words.number(words._(system.text).format(**system.placeholders(numbers)))
        if " ".join(rule.split()) not in said:
            missing.append(system_id)
    assert missing == [], code


@pytest.mark.libreoffice
@pytest.mark.parametrize("code", SPOKEN)
def test_an_events_seating_and_forms_follow_its_settings_language(printed, code):
    """``tourneybook new --language`` writes the Language row; ``draw`` and ``forms`` print in it."""
    words = find_words(code)
    rows = {r[0]: r[1] for r in openpyxl.load_workbook(printed[code]["event"], read_only=True)["Settings"].iter_rows(
        values_only=True) if r and r[0]}
    assert rows["Language"] == words.language.name
    seating = printed[code]["seating"]
    for english in ("Player", "Board", "Seat", "England", "Turkey"):
        assert words._(english) in seating, (code, english)
    assert words._("Round {number}: find your name").format(number=1) in seating
    assert words._("Centre count") in printed[code]["round forms"]


def test_the_check_finds_a_string_the_catalogue_never_saw():
    """A word printed as the code wrote it, that no translation writes, is found once the English paper is given."""
    english = form_text(forms_of("en"))
    spanish = form_text(forms_of("es"))
    assert "seeds" not in english_left(spanish + " Seeds", "es", NAMES)  # the catalogue alone misses it
    assert "seeds" in english_left(spanish + " Seeds", "es", NAMES, english=english + " Seeds")
    assert english_left(spanish, "es", NAMES, english=english) == []
