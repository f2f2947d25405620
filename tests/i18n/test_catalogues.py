"""The catalogues: every message the code, the templates and the page scripts say is in the template (.pot)
and translated in each language's .po (plural forms included, placeholders kept), and the shipped .mo is the
compiled .po; the Language row's words and numbers."""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import get_decimal_symbol
from hypothesis import given, strategies as st

from tourneybook.i18n import ENGLISH, LANGUAGES, LOCALE_DIR, find_language, find_words, unspoken_note, words_in
from tourneybook.numbers import display

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "src" / "tourneybook" / "i18n" / "tourneybook.pot"
SPOKEN = [lang.code for lang in LANGUAGES if lang is not ENGLISH]
PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)s")


def catalogue(path: Path):
    with open(path, "rb") as f:
        return read_po(f)


def ids(cat) -> set:
    return {(m.context, m.id) for m in cat if m.id}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Path:
    """The messages as Babel extracts them now, with the project's own settings (pyproject.toml, [tool.babel])."""
    out = tmp_path_factory.mktemp("pot") / "now.pot"
    run = subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "pyproject.toml",
                          "--no-location", "-o", str(out), "src/tourneybook"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    return out


def test_the_template_holds_every_message_the_code_says(extracted):
    """A message added or changed in the code without `pybabel extract` (README, Translating TourneyBook) fails."""
    now, kept = ids(catalogue(extracted)), ids(catalogue(POT))
    assert not now - kept, f"messages missing from tourneybook.pot: {sorted(now - kept, key=str)[:10]}"
    assert not kept - now, f"messages no longer said: {sorted(kept - now, key=str)[:10]}"
    assert len(now) > 250  # the forms, the Seating sheet, the published files and the rules' words


PLAYERS_TEMPLATES = [path for folder in ("live/templates", "publish/templates")
                     for path in sorted((ROOT / "src" / "tourneybook" / folder).rglob("*.html"))
                     if not path.relative_to(ROOT / "src" / "tourneybook" / folder).parts[0].startswith("director")]
"""The templates of every page a player reads (the director's pages are the organiser's: English)."""
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
TEXT = re.compile(r">([^<]*[^\W\d_][^<]*)<|\b(?:title|alt|placeholder|aria-label)=\"([^\"]*[^\W\d_][^\"]*)\"")


def words_of_its_own(template: str) -> list[str]:
    """The text a template writes outside its Jinja2 expressions and scripts: words no catalogue sees."""
    text = re.sub(r"<(script|style)\b.*?</\1>", "", JINJA.sub(" ", template), flags=re.S)
    return [" ".join(found.split()) for match in TEXT.finditer(text) for found in match.groups() if found and found.strip()]


@pytest.mark.parametrize("path", PLAYERS_TEMPLATES, ids=lambda p: p.name)
def test_a_players_template_says_every_word_through_the_catalogue(path):
    """A word typed into a player's template, not as ``{{ _("...") }}``, would stay English on every phone."""
    assert words_of_its_own(path.read_text(encoding="utf-8")) == []


def test_the_template_check_finds_a_word_of_its_own():
    assert words_of_its_own('<p>{{ _("Stored") }}</p><p title="Back">Send <b>{{ n }}</b></p>') == ["Back", "Send"]
    assert len(PLAYERS_TEMPLATES) > 10


PLAYERS_SCRIPTS = [path for path in sorted((ROOT / "src" / "tourneybook" / "live" / "static").glob("*.js"))
                   if not path.name.startswith("director")]
SENTENCE = re.compile(r"""(['"`])([A-Z][^\W\d_]*(?: [^\W\d_]+)+[.:!?]?)\1""")
"""A string literal that reads as a sentence or a heading ('Stored', 'Not stored.'): capitalised, two words or more."""


def sentences_of_its_own(script: str) -> list[str]:
    """The sentences a page script writes itself, its comments aside: its words come from the page (a JSON block)."""
    code = re.sub(r"/\*.*?\*/|(?<![:\\])//[^\n]*", "", script, flags=re.S)
    return [found for _, found in SENTENCE.findall(code)]


@pytest.mark.parametrize("path", PLAYERS_SCRIPTS, ids=lambda p: p.name)
def test_a_players_script_writes_no_sentence_of_its_own(path):
    assert sentences_of_its_own(path.read_text(encoding="utf-8")) == []


def test_the_script_check_finds_a_sentence():
    said = 'row.textContent = "Not stored yet"; // "A comment Here"\nconst kind = "called off";'
    assert sentences_of_its_own(said) == ["Not stored yet"]
    assert len(PLAYERS_SCRIPTS) >= 4


@pytest.mark.parametrize("code", SPOKEN)
def test_every_message_is_translated_in_every_language(code):
    po = catalogue(LOCALE_DIR / code / "LC_MESSAGES" / "tourneybook.po")
    assert ids(po) == ids(catalogue(POT)), f"{code}: run pybabel update (README, Translating TourneyBook)"
    untranslated = [m.id for m in po if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert not untranslated, f"{code}: untranslated {untranslated[:10]}"
    for m in po:
        if not m.id:
            continue
        sources = m.id if isinstance(m.id, tuple) else (m.id,)
        for said in m.string if isinstance(m.string, tuple) else (m.string,):
            assert sorted(set(PLACEHOLDER.findall(said))) == sorted(set(PLACEHOLDER.findall(sources[-1]))), (code, m.id, said)
    plurals = [m for m in po if isinstance(m.id, tuple)]
    assert plurals and all(len(m.string) == po.num_plurals for m in plurals)


WORD = re.compile(r"[^\W\d_]+")


def english_kept(english: str, translated: str) -> list[str]:
    """Three words in a row of ``english`` that ``translated`` kept ('Best of three: Punkte...'): a phrase left
    untranslated. A name is no phrase: none of the three a single letter (a rule's section, 'CAFE'23 H'), none
    capitalised inside the sentence (Lord Bute), nor 'seed' (the rules' sources are cited as the English cites them)."""
    def words(text: str) -> list[str]:
        return WORD.findall(PLACEHOLDER.sub(" ", text))

    source = words(english)
    names = {w.casefold() for at, w in enumerate(source) if at and w[0].isupper()} | {"seed"}
    phrases = {tuple(w.casefold() for w in source[at:at + 3]) for at in range(len(source) - 2)}
    said = [w.casefold() for w in words(translated)]
    return [" ".join(three) for three in (tuple(said[at:at + 3]) for at in range(len(said) - 2))
            if three in phrases and all(len(w) > 1 and w not in names for w in three)]


@pytest.mark.parametrize("code", SPOKEN)
def test_no_translation_keeps_an_english_phrase(code):
    kept = {}
    for m in catalogue(LOCALE_DIR / code / "LC_MESSAGES" / "tourneybook.po"):
        if m.id:
            for english, said in zip(m.id if isinstance(m.id, tuple) else (m.id,),
                                     m.string if isinstance(m.string, tuple) else (m.string,)):
                if english_kept(english, said):
                    kept[english[:60]] = english_kept(english, said)
    assert kept == {}, code


def test_the_phrase_check_finds_best_of_three():
    english = "Best of three: write each game's victory points. Lord Bute's America (CAFE'23 H, seed 003, V.3)"
    assert english_kept(english, "Best of three: Punkte eintragen. Lord Bute's America (CAFE'23 H, seed 003, V.3)") \
        == ["best of three"]
    assert english_kept(english, "Zwei Gewinnpartien: Punkte eintragen.") == []


@pytest.mark.parametrize("code", SPOKEN)
def test_the_shipped_mo_is_the_compiled_po(code):
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(folder / "tourneybook.po"))
    compiled.seek(0)
    with open(folder / "tourneybook.mo", "rb") as shipped:
        assert gettext.GNUTranslations(shipped)._catalog == gettext.GNUTranslations(compiled)._catalog, (
            f"{code}: run pybabel compile (README, Translating TourneyBook)")


@pytest.mark.parametrize("code", SPOKEN)
def test_plural_forms_follow_the_language(code):
    words = words_in(code)
    one = words.ngettext("above the line: the {count} who plays the final", "above the line: the {count} who play the final", 1)
    four = words.ngettext("above the line: the {count} who plays the final", "above the line: the {count} who play the final", 4)
    assert one != four
    assert {"es": "juegan", "de": "spielen", "it": "giocano", "fr": "jouent"}[code] in four


@pytest.mark.parametrize("language", LANGUAGES, ids=[lang.code for lang in LANGUAGES])
def test_the_decimal_mark_is_cldrs(language):
    assert language.decimal_mark == get_decimal_symbol(language.code)
    assert language.csv_separator == (";" if language.decimal_mark == "," else ",")


@given(st.fractions(min_value=-1000, max_value=1000), st.sampled_from(LANGUAGES))
def test_a_number_keeps_its_value_in_every_language(value, language):
    """Property: a score shown in a language reads back as the same shown number, with that language's mark."""
    shown = display(Fraction(value))
    said = words_in(language.code).number(f"total {shown} points")
    number = said.split()[1]
    assert number.replace(language.decimal_mark, ".") == shown
    assert ("." in number) == (language.decimal_mark == ".")


@pytest.mark.parametrize(("typed", "code"), [("Spanish", "es"), ("es", "es"), ("Español", "es"), ("german", "de"),
                                             ("German (phone book)", "de"), ("Italiano", "it"), ("fr", "fr"),
                                             ("English", "en"), ("Swedish", "en"), ("", "en"), (None, "en")])
def test_the_language_row_finds_its_words(typed, code):
    assert find_words(typed).code == code


def test_a_sorting_language_without_words_is_said_on_the_issues_sheet():
    assert "English" in unspoken_note("Swedish") and "Swedish" in unspoken_note("Swedish")
    assert unspoken_note("Spanish") == unspoken_note("English") == ""
    assert find_language("Swedish") is None


def test_two_events_in_one_process_keep_their_own_words():
    """No global language: the Spanish words are asked for while the German ones are in use, and neither changes."""
    german, spanish = find_words("de"), find_words("es")
    assert (german._("Table"), spanish._("Table"), find_words("en")._("Table")) == ("Tisch", "Mesa", "Table")
    assert german._("Table") == "Tisch"


def test_the_game_words_marked_are_the_rules_own():
    """i18n/game_words.py marks the rules' words for the catalogue as literals (Babel reads no enum): a role, a
    power, a nation or a seat renamed in the rules and not there would print in English in every language."""
    from tourneybook.i18n.game_words import (CARCASSONNE_SEATS, DIPLOMACY_POWERS, FRIEDRICH_NATIONS, FRIEDRICH_ROLES,
                                             TABLE_WORDS)
    from tourneybook.rules import RULESETS, Family
    from tourneybook.rules.friedrich.records import Nation
    from tourneybook.rules.seats import Power, Role

    assert FRIEDRICH_ROLES == tuple(r.value for r in Role)
    assert DIPLOMACY_POWERS == tuple(p.value for p in Power)
    assert {n.value for n in Nation} | {"Hanover"} == set(FRIEDRICH_NATIONS)  # Hanover is scored as Prussia
    assert {s for r in RULESETS if r.family is Family.CARCASSONNE for s in r.seats} == set(CARCASSONNE_SEATS)
    assert {f.table_word for f in Family} == set(TABLE_WORDS)


def test_the_systems_numbers_marked_are_the_registrys_own():
    """i18n/results_words.py marks the names of the game-scoring systems' numbers (the published note names them:
    'solo points 41'): a number added to a system and not there would be published in English."""
    from tourneybook.i18n.results_words import NUMBERS
    from tourneybook.rules.game_scoring import SYSTEMS

    assert set(NUMBERS) == {p.label.partition(": ")[2] for s in SYSTEMS for p in s.parameters}
