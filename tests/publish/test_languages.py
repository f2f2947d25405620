"""The published results in Spanish, German, Italian and French (issue 37): the page, the CSV tables and the
PDF speak the event's language and write its numbers; the CSV opens as numbers in LibreOffice set to it.

Every note of every example is checked, every note of a simulated event of every ruleset before its first results
and after each round, and the Diplomacy event's game-scoring note ('Game scoring: Sum of Squares. Each power
scores...') under every system of the registry with any numbers the director may choose.
"""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import os
import re
import subprocess
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from babel.messages.pofile import read_po
from hypothesis import given, settings, strategies as st

from tourneybook.i18n import LOCALE_DIR, Phrase, find_words
from tourneybook.numbers import display
from tourneybook.publish import Published, read_published, write_published
from tourneybook.publish.page import render_page
from tourneybook.publish.phrases import said
from tourneybook.rules import RULESETS, Family, find_ruleset
from tourneybook.rules.by_round import after_round, rounds_played
from tourneybook.rules.diplomacy_event import numbers_of, scheme_of, scoring_note, settings_of
from tourneybook.rules.game_scoring import SYSTEM_IDS
from tourneybook.simulate import simulate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from directors_numbers import numbers_of as directors_numbers  # noqa: E402 - shared with the forms' tests
from english_left import english_left  # noqa: E402 - shared with the forms' tests

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
EXAMPLES = sorted(p.stem.removesuffix("-example") for p in WORKBOOKS.glob("*-example.xlsx"))
SPOKEN = ["es", "de", "it", "fr"]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "languages"


@lru_cache(maxsize=None)
def example(name: str) -> Published:
    return read_published(WORKBOOKS / f"{name}-example.xlsx")


def published_in(name: str, code: str) -> Published:
    """The example event as if its Settings' Language row named ``code``'s language."""
    published = example(name)
    event = dataclasses.replace(published.event, language=find_words(code).language.name)
    return Published(event, published.result)


def names_of(published: Published) -> set[str]:
    """What is typed, not said: the players, their clubs, the event's and the ruleset's names."""
    return {*published.result.standings.order, *(p.name for p in published.event.players), *published.clubs.values(),
            published.title, published.event.ruleset.name}  # the Players sheet's names: 'Stand-in 1' too


def visible(page: str) -> str:
    """The page's text as a reader sees it."""
    page = re.sub(r"<style.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("code", SPOKEN)
@pytest.mark.parametrize("name", EXAMPLES)
def test_the_page_speaks_the_events_language(name, code):
    published = published_in(name, code)
    page = render_page(published)
    assert f'<html lang="{code}">' in page
    assert english_left(visible(page), code, names_of(published)) == []
    totals = re.findall(r'<span class="total">([^<]*)</span>', page)
    assert len(totals) == len(published.result.standings.rows)
    assert all(re.fullmatch(r"-?\d+,\d\d", t) for t in totals if t), totals  # '43,83': two decimals, a comma


@pytest.mark.parametrize("code", SPOKEN)
@pytest.mark.parametrize("name", EXAMPLES)
def test_the_check_finds_the_english_page(name, code):
    """The page in English fails the check of every language: the check above can fail."""
    published = published_in(name, "en")
    left = english_left(visible(render_page(published)), code, names_of(published))
    assert {"standings", "player", "below"} <= set(left)


@pytest.mark.parametrize("code", ["en", *SPOKEN])
def test_the_csv_tables_take_the_languages_separator_and_decimal_mark(code, tmp_path):
    published = published_in("fwc2022", code)
    write_published(published, tmp_path, pdf=False)
    words = find_words(published.event.language)
    for table, header in (("standings.csv", "Rank"), ("games.csv", "Seat")):
        text = (tmp_path / table).read_text(encoding="utf-8-sig")
        rows = list(csv.reader(io.StringIO(text), delimiter=words.language.csv_separator))
        assert words._(header) in rows[0] and words._("Player") in rows[0]
        assert len({len(r) for r in rows}) == 1  # every row split into the same columns
        numbers = [cell for row in rows[1:] for cell in row if re.fullmatch(r"-?\d+[.,]\d+", cell)]
        assert numbers and all(words.language.decimal_mark in n for n in numbers)
    assert find_words(code)._("Frederick") in (tmp_path / "games.csv").read_text(encoding="utf-8-sig")


LOCALES = {"en": "en_GB.UTF-8", "es": "es_ES.UTF-8", "de": "de_DE.UTF-8", "it": "it_IT.UTF-8", "fr": "fr_FR.UTF-8"}


def calc_opens(soffice: str, csv_path: Path, code: str, separator: str, out: Path) -> Path:
    """``csv_path`` opened by LibreOffice Calc set to ``code``'s locale (as on that organiser's computer), the
    separator given as its import dialog takes it, saved as .xlsx: what the organiser sees, as cells."""
    profile = out / "profile"
    env = dict(os.environ, HOME=str(profile), LC_ALL=LOCALES[code], LANG=LOCALES[code])
    run = subprocess.run([soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                          f"--infilter=CSV:{ord(separator)},34,76,1", "--convert-to", "xlsx", "--outdir", str(out),
                          str(csv_path)], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return out / f"{csv_path.stem}.xlsx"


@pytest.mark.libreoffice
@pytest.mark.parametrize("code", ["en", *SPOKEN])
def test_the_csv_opens_as_numbers_in_libreoffice_set_to_the_language(code, soffice, tmp_path):
    published = published_in("fwc2022", code)
    write_published(published, tmp_path / "out", pdf=False)
    words = find_words(published.event.language)
    opened = calc_opens(soffice, tmp_path / "out" / "standings.csv", code, words.language.csv_separator, tmp_path)
    sheet = openpyxl.load_workbook(opened).active
    header = [c.value for c in sheet[1]]
    column = header.index(words._(published.result.standings.total_name))
    totals = [row[column] for row in sheet.iter_rows(min_row=2, values_only=True)]
    expected = [float(display(r.total)) for r in published.result.standings.rows]  # as published: 2 decimals
    assert all(isinstance(t, (int, float)) for t in totals)  # numbers, not text: the decimal mark was read
    assert totals == pytest.approx(expected)


@pytest.mark.libreoffice
@pytest.mark.parametrize("code", SPOKEN)
def test_the_pdf_speaks_the_language_with_its_decimal_mark(code, soffice, tmp_path):
    published = published_in("carcassonne2004", code)
    write_published(published, tmp_path, pdf=True)
    text = subprocess.run(["pdftotext", str(tmp_path / "standings.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    flowing = " ".join(text.split())
    assert english_left(flowing, code, names_of(published)) == []
    words = find_words(published.event.language)
    assert words._("Final placings") in flowing and words._("Standings") in flowing
    assert re.search(r"\d,\d\d", flowing) and not re.search(r"\d\.\d\d", flowing)


@pytest.mark.libreoffice
def test_the_pdf_prints_a_game_scorings_rule_whole_in_the_language(soffice, tmp_path):
    """The Diplomacy example's PDF in German: the game scoring's whole rule said below the games-counted table
    (broken between words onto rows within the page, not run off its edge), and the powers' longer German names
    whole in their column ('Deutschland', not 'Deutschla' over 'nd')."""
    published = published_in("diplomacy", "de")
    write_published(published, tmp_path, pdf=True)
    text = subprocess.run(["pdftotext", str(tmp_path / "standings.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    flowing = " ".join(text.split())
    notes = [n for t in published.result.extras for n in t.notes if n.startswith("Game scoring: ")]
    assert notes and all(" ".join(said(n, find_words("de")).split()) in flowing for n in notes)
    assert english_left(flowing, "de", names_of(published)) == []
    played = {seat.power.value for game in published.event.record.games for seat in game.powers}
    for power in played:
        assert find_words("de")._(power) in text.split(), power


def test_a_language_without_words_publishes_in_english():
    published = published_in("fwc2022", "en")
    swedish = Published(dataclasses.replace(published.event, language="Swedish"), published.result)
    assert render_page(swedish) == render_page(published)


@pytest.mark.chromium
@pytest.mark.parametrize("code", SPOKEN)
def test_the_page_renders_in_chromium_in_the_language(code, chromium, tmp_path):
    """The page as a phone's browser draws it: its language declared, its words and numbers as rendered, and a
    picture (docs/languages/pictures.py makes the README's)."""
    published = published_in("cafe2023", code)
    write_published(published, tmp_path, pdf=False)
    page = (tmp_path / "standings.html").as_uri()
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=390,844"]
    dom = subprocess.run([*common, "--dump-dom", page], capture_output=True, text=True, timeout=120, check=True).stdout
    words = find_words(published.event.language)
    assert f'lang="{code}"' in dom
    assert words._("Qualifying ranking") in dom and words._("Final") in dom
    assert english_left(visible(dom), code, names_of(published)) == []
    shot = tmp_path / "phone.png"
    subprocess.run([*common, f"--screenshot={shot}", page], capture_output=True, timeout=120, check=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


FIELD = {Family.FRIEDRICH: 17, Family.CARCASSONNE: 17, Family.DIPLOMACY: 15}
"""One player more than the family seats evenly: a stand-in, a table of three, a sit-out or a player not seated."""


@pytest.mark.parametrize("code", SPOKEN)
@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_the_rules_notes_of_an_event_under_way_speak_the_language(ruleset, code):
    """Every note the page publishes on simulated events of several sizes and seeds, before their first results and
    after each round (the final and the knock-out not played yet): said in the language, none left English (the
    examples are finished events: 'no top board entered', 'round 4 has no results yet' and the finalists' order are
    never in them); and every note and every text of a table beside the standings is a phrase or a whole message of
    the catalogue, so a note the rules word anew cannot slip past the catalogue."""
    words = find_words(code)
    for players, seed in ((FIELD[ruleset.family], 5), (FIELD[ruleset.family] + 6, 1), (FIELD[ruleset.family] + 13, 2)):
        record = simulate(ruleset.id, players, seed=seed)
        for played in (0, *rounds_played(record)):
            result = ruleset.standings(after_round(record, played))
            names = {*result.standings.order, *(getattr(p, "name", p) for p in getattr(record, "players", ())),
                     *([record.settings.system.name] if hasattr(record.settings, "system") else [])}  # 'Sum of Squares'
            texts = [*result.notes, *(n for t in result.extras for n in (*t.notes, *t.headers)),
                     *(v for t in result.extras for row in t.rows for v in row if isinstance(v, Phrase))]
            for text in texts:
                assert english_left(said(text, words), code, names) == [], (players, seed, played, text)
                assert not unworded(text), (players, seed, played, text)


@lru_cache(maxsize=None)
def catalogue_messages() -> frozenset[str]:
    with open(Path(LOCALE_DIR).parent / "tourneybook.pot", "rb") as f:
        return frozenset(m.id for m in read_po(f) if isinstance(m.id, str) and m.id)


def unworded(text: str) -> list[str]:
    """The messages of ``text`` that are neither in the catalogue nor only places for values ('{score} {clock}')."""
    if isinstance(text, Phrase):
        places_only = not re.sub(r"\{\w+\}|[\s(),:;]", "", text.message)  # '{score} {clock}': no words of its own
        own = [] if text.message in catalogue_messages() or places_only else [text.message]
        inner = [v for value in text.values.values() for v in (value if isinstance(value, tuple) else (value,))]
        return own + [m for v in inner if isinstance(v, Phrase) for m in unworded(v)]
    return [] if text in catalogue_messages() or not re.search(r"[^\W\d_]{3,}", text) else [text]


@st.composite
def event_settings(draw) -> Any:
    """A Diplomacy event's Settings: any system of the registry, any numbers of its own, any sit-out points."""
    system_id = draw(st.sampled_from(SYSTEM_IDS))
    return dataclasses.replace(settings_of(system_id), **draw(directors_numbers(system_id)))


@settings(max_examples=80, deadline=None)
@given(event_settings(), st.sampled_from(SPOKEN), st.sampled_from([0, 3]))
def test_the_game_scoring_note_of_any_system_speaks_the_language(event, code, counted):
    """Property: the games-counted table's notes of a Diplomacy event (its system, the numbers used by their names,
    the whole rule; the games counted; the sit-outs') said with no English left but the system's name, and every
    number with the language's decimal mark."""
    words = find_words(code)
    event = dataclasses.replace(event, games_counted=counted, sit_out_points=Fraction(5, 2))
    scheme = scheme_of(event)
    counted_note, note, sit_out = scheme.counted_notes(counted, Fraction(5, 2))
    assert counted_note == ("Every game counts." if not counted else
                            f"The best {counted} games of each player make the tournament score.")
    assert sit_out == ("A round sat out at the TD's request scores the Settings' sit-out points (2.5) and counts as "
                       "one of the player's games; the best game tie-break looks only at boards played.")
    assert note == scoring_note(event)
    notes = (note, counted_note, sit_out)
    for note in notes:
        shown = said(note, words)
        assert english_left(shown, code, {event.system.name}) == [], note
        assert not re.search(r"\d\.\d", shown), shown
    rule = words.number(words._(event.system.text).format(**event.system.placeholders(numbers_of(event))))
    assert said(notes[0], words).endswith(rule)


def test_the_check_finds_a_game_scoring_note_left_in_english():
    note = scoring_note(settings_of("bangkok"))
    assert {"domination", "shares", "survivors"} <= set(english_left(note, "de", {"Bangkok"}))


@lru_cache(maxsize=None)
def every_part() -> frozenset[str]:
    """The names of the parts of a game's points (games.csv's columns) and their words (a solo's 'yes',
    'conceded'), as a simulated event of every ruleset and of the Diplomacy event under every system scores them."""
    events = [(r, simulate(r.id, FIELD[r.family], seed=2)) for r in RULESETS]
    diplomacy = find_ruleset("diplomacy")
    for system_id in SYSTEM_IDS:
        record = simulate("diplomacy", FIELD[Family.DIPLOMACY], seed=2, scoring=system_id)
        events.append((diplomacy.chosen(record.settings), record))
    return frozenset(said for ruleset, record in events for game in ruleset.standings(record).games
                     for player in game.players for name, value in player.parts
                     for said in (name, *([value] if isinstance(value, str) else [])))


@pytest.mark.parametrize("code", SPOKEN)
def test_games_csv_says_every_systems_parts_in_the_language(code):
    """games.csv's part columns and words under every ruleset and every game-scoring system: none left English
    (and the same parts said in English fail the check)."""
    words = find_words(code)
    parts = every_part()
    assert {"rank points", "tribute paid", "years survived", "conceded", "yes"} <= parts
    assert english_left(" / ".join(words._(p) for p in parts), code) == []
    assert {"tribute", "survived", "conceded"} <= set(english_left(" / ".join(parts), code))


def test_no_note_of_the_rules_is_worded_by_an_f_string():
    """A note of a result or of a table beside the standings is made as a phrase (message and values) or is a whole
    message, never an f-string: the published page, the PDF and the hall say it in the players' language only so
    (an f-string note stays English, as 'qualifying tie decided only by a suggested lot: ...' did). Read from the
    source: every value appended or added to, or assigned to, a ``notes`` or ``note``, and every note function's
    return value (``absent_players``, ``repeated_powers``, ``lot_needed``, ``_missing_note``)."""
    import ast

    rules = Path(__file__).resolve().parents[2] / "src" / "tourneybook" / "rules"
    notes_of = {"absent_players", "repeated_powers", "lot_needed", "_missing_note", "counted_notes"}
    worded = []
    for path in sorted(rules.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # a game's own notes (a GameScore's, and those its scoring's helpers word) are the organiser's Games
        # sheet's, never published
        games = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                 and ("GameScore" in ast.unparse(f) or f.name in ("_non_solo_scores", "_tie_notes")) for n in ast.walk(f)}
        for node in ast.walk(tree):
            values = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id in ("notes", "note"):
                values = node.args
            elif isinstance(node, (ast.Assign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id in ("notes", "note") for t in targets):
                    values = [node.value]
            elif isinstance(node, ast.FunctionDef) and node.name in notes_of:
                values = [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None]
            for value in values:
                if id(node) in games:
                    continue
                worded += [f"{path.relative_to(rules)}:{s.lineno}" for s in ast.walk(value) if isinstance(s, ast.JoinedStr)]
    assert worded == [], worded
