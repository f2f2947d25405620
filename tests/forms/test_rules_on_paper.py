"""Every ruleset's form and the Diplomacy event's centre-count sheet under every game-scoring system of the
registry, printed in Spanish, German, Italian and French (issue 37, item 6): no English left on paper (names and
numbers aside), the system's whole rule in the language with the numbers the event chose, and the decimal comma.

The check reads the forms workbooks as written (one per language, a sheet per ruleset and per system: every
combination); a property test draws a system's numbers at random. tests/forms/test_every_paper_printed.py prints
every ruleset's form with the other papers through LibreOffice and checks the PDFs' text the same way.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
import random
import re
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings, strategies as st

from tourneybook.forms import pages, write
from tourneybook.forms.diplomacy import count_note
from tourneybook.forms.layout import Look
from tourneybook.forms.render import FITTED, FONT_SIZE, font_size, holds
from tourneybook.forms.tables import table_form
from tourneybook.i18n import ENGLISH_WORDS, find_words
from tourneybook.reports.stamp import StampedForm
from tourneybook.rules import RULESETS, Family, Ruleset, find_ruleset
from tourneybook.rules.diplomacy_event import starting_settings
from tourneybook.rules.game_scoring import LISTED, SYSTEM_IDS, find_system

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from directors_numbers import numbers_of as directors_numbers  # noqa: E402 - shared with the published files' tests
from english_left import english_left  # noqa: E402 - shared with the published files' tests
from test_forms_in_languages import every_form  # noqa: E402 - the other forms (final, knock-out, marks)

SPOKEN = ["es", "de", "it", "fr"]
TOURNAMENT = "Essen Cup"
SEATED = {Family.FRIEDRICH: ("Íñigo Ibáñez", "Anna Berg", "Jörg Müller", "Zoë Leclerc"),
          Family.DIPLOMACY: ("Luca Rossi", "Emma Stone", "Hugo Duval", "Karl Weber", "Sara Conti", "Olga Petrova",
                             "Ali Demir"),
          Family.CARCASSONNE: ("Carla Costa", "Ben Brandt", "Nils Dorn", "Tanja Novak")}
"""The players at each family's table, in seat order."""
NAMES = {TOURNAMENT, "K7QM", *(n for names in SEATED.values() for n in names), *(r.form.title for r in RULESETS),
         *(s.name for s in LISTED)}
"""What is typed or named, not said: players, the event, a table's code, the rulesets' and the systems' names."""
DECIMAL = re.compile(r"\d\.\d")
"""A number written with a decimal point ('0.5')."""


SECTION = re.compile(r"[1-9]\d*(?:\.\d+)+\)")
"""A rule's section cited at the end of a parenthesis ('(3.2)', 'once per game, 6.2)', '(2.4.1)': Italia's
note), which keeps its points in every language."""


def decimals(text: str) -> list[str]:
    """The numbers of ``text`` written with a decimal point, the hall's address (http://10.0.0.2:8000/) and the
    rules' sections aside."""
    return DECIMAL.findall(SECTION.sub(")", re.sub(r"https?://\S+", "", text)))


def chosen_numbers(system_id: str, rng: random.Random) -> dict[str, Fraction]:
    """Numbers a director might type for ``system_id`` (halves, quarters, tenths where allowed), each allowed."""
    numbers = {}
    for p in find_system(system_id).parameters:
        value = Fraction(rng.randint(1, 60)) if p.whole else Fraction(rng.randint(1, 240), rng.choice((2, 4, 10)))
        numbers[p.key] = max(value, p.minimum or value)
    return numbers


def diplomacy_event(system_id: str, numbers: dict[str, Fraction]) -> Ruleset:
    """The Diplomacy event as its Settings make it: ``system_id`` with ``numbers`` on the Settings sheet."""
    ruleset = find_ruleset("diplomacy")
    return ruleset.chosen(dataclasses.replace(starting_settings(ruleset, system_id), **numbers))


def seated(ruleset: Ruleset) -> dict[str, str]:
    return dict(zip(ruleset.seats, SEATED[ruleset.family]))


@lru_cache(maxsize=None)
def every_paper(code: str) -> tuple[tuple[str, object], ...]:
    """(what it is, the form) for every ruleset (its table's form, then each again with the table-code box: the
    hall's stamp) and the Diplomacy event under every system with numbers of its own, in language ``code``. No two
    forms of a kind that shares a page (the Carcassonne slips) follow each other: a page per paper."""
    words, rng = find_words(code), random.Random(37)
    forms = [(r.id, table_form(r, TOURNAMENT, 1, 1, seated(r), words=words)) for r in RULESETS]
    papers = forms + [(f"{what}, coded", StampedForm(form, "http://10.0.0.2:8000/", "K7QM")) for what, form in forms]
    for board, system_id in enumerate(SYSTEM_IDS, start=1):
        event = diplomacy_event(system_id, chosen_numbers(system_id, rng))
        papers.append((f"diplomacy: {system_id}", table_form(event, TOURNAMENT, 1, board, seated(event), words=words)))
    return tuple(papers)


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> dict[str, list[str]]:
    """Each worksheet's words in the forms workbook of every paper, one per language, as ``tourneybook forms``
    writes it, in the order of the papers (a page each)."""
    folder = tmp_path_factory.mktemp("paper")
    return {code: sheet_texts(write([form for _, form in every_paper(code)], folder / f"every-form-{code}.xlsx")[0])
            for code in SPOKEN}


def sheet_texts(path: Path) -> list[str]:
    """Each worksheet's words, in the workbook's order."""
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        return [" ".join(str(value) for row in sheet.iter_rows(values_only=True) for value in row if value is not None)
                for sheet in book]
    finally:
        book.close()


@pytest.mark.parametrize("code", SPOKEN)
def test_every_paper_of_every_ruleset_and_system_is_in_the_language(code, written):
    """Every combination (ruleset or system x language) read from the written file: no English word, no '0.5'."""
    texts = written[code]
    papers = every_paper(code)
    assert len(texts) == len(papers) == 2 * len(RULESETS) + len(SYSTEM_IDS)
    left = {what: english_left(text, code, NAMES) for (what, _), text in zip(papers, texts)}
    assert {what: words for what, words in left.items() if words} == {}
    assert [what for (what, _), text in zip(papers, texts) if decimals(text)] == []
    assert sum(find_words(code)._("Table code") in text for text in texts) == len(RULESETS)


@pytest.mark.parametrize("code", SPOKEN)
def test_every_systems_rule_is_printed_whole_in_the_language(code, written):
    """The centre-count sheet of each system says the system's rule in the language, with the event's numbers."""
    words, rng = find_words(code), random.Random(37)
    texts = written[code][2 * len(RULESETS):]
    for system_id, text in zip(SYSTEM_IDS, texts):
        numbers = chosen_numbers(system_id, rng)
        system = find_system(system_id)
        rule = words.number(words._(system.text).format(**system.placeholders(numbers)))
        assert rule != system.rule_text(numbers) and rule in text, (code, system_id)


def test_the_check_finds_a_rule_left_in_english():
    """A sheet whose rule stayed English fails the check above: the English sheet read as Spanish."""
    english = [form for _, form in every_paper("en")]
    sos = next(p for p, (what, _) in zip(pages(english), every_paper("en")) if what == "diplomacy: sos")
    text = " ".join(c.text for r in sos.rows for c in r.cells)
    assert {"squared", "everyone", "concession"} <= set(english_left(text, "es", NAMES))


@st.composite
def system_and_numbers(draw) -> tuple[str, dict[str, Fraction]]:
    system_id = draw(st.sampled_from(SYSTEM_IDS))
    return system_id, draw(directors_numbers(system_id))


@settings(max_examples=60, deadline=None)
@given(system_and_numbers(), st.sampled_from(SPOKEN))
def test_any_numbers_of_any_system_are_said_in_the_language(chosen, code):
    """Property: whatever numbers the director chooses, the count note says the system's rule in the language,
    each number with the language's decimal mark ('0,25'), and no English is left."""
    system_id, numbers = chosen
    system, words = find_system(system_id), find_words(code)
    note = count_note(system.form_text(numbers), words)
    assert english_left(note, code, NAMES) == [] and not decimals(note)
    for value in system.placeholders(numbers).values():
        assert words.number(value) in note
    assert count_note(system.form_text(numbers), ENGLISH_WORDS) == system.form_text(numbers).count_note


def broken_words(forms: list, printed: str) -> set[str]:
    """The words of the headers and labels of ``forms`` (four letters or more) that ``printed`` (the PDF's text)
    holds fewer times whole than the forms write them (in any cell): broken over two lines somewhere."""
    written = Counter(word for page in pages(forms) for row in page.rows for cell in row.cells
                      for word in cell.text.split())
    boxed = {word for page in pages(forms) for row in page.rows for cell in row.cells if cell.look in FITTED
             for word in cell.text.split() if len(word) >= 4}
    whole = Counter(printed.split())
    return {word for word in boxed if whole[word] < written[word]}


@pytest.mark.parametrize("code", SPOKEN)
def test_every_header_and_label_word_fits_its_box(code):
    """A header's or a label's longest word fits its box at the size it prints in (a narrow German column prints
    'Reichsarmee' smaller, never 'Reichsar' over 'mee'): on every paper of every ruleset and system."""
    forms = [*every_form(code), *(form for _, form in every_paper(code))]
    squeezed = []
    for page in pages(forms):
        for row in page.rows:
            col = 0
            for cell in row.cells:
                width = sum(page.widths[col:col + cell.span])
                col += cell.span
                size = font_size(cell.look, cell.text, width)
                if cell.look in FITTED and not holds(cell.look, cell.text, width, size):
                    squeezed.append((cell.text, width))
    assert squeezed == []
    army = find_words(code)._("Imperial Army")  # over a column 7.5 wide on the game report's clock
    assert (font_size(Look.HEADER, army, 7.5) < FONT_SIZE[Look.HEADER]) == (code == "de")  # 'Reichsarmee'
