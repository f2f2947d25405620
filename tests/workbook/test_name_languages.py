"""Issue 21: the Seating sheet's names sorted in the language of the event (Settings, 'Language'), each as its
people sort names (CLDR's collation of the language; German also as the phone book, DIN 5007-2)."""

from __future__ import annotations

import sys
from pathlib import Path

import openpyxl
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "printing"))
from test_draw_command import draw_file  # noqa: E402
from test_seating_sheet import blocks  # noqa: E402

from tourneybook.errors import InputError
from tourneybook.workbook import template
from tourneybook.workbook.generic import NAME, PLAYERS
from tourneybook.workbook.layouts import find_layout
from tourneybook.workbook.nameorder import COLLATIONS, find_collation, in_name_order
from tourneybook.workbook.settings_sheet import LANGUAGE_LABEL

ORDERS = [
    # (language, real names in the order that language's lists put them)
    ("English", ["Alba Ruiz", "Álvaro Díaz", "Ana Pérez", "Émile Roux", "Ezra Kahn", "Oscar Wilde", "Øyvind Lie",
                 "Zoë Adams", "Zora Ruiz"]),
    ("Spanish", ["Nadia Gil", "Nuño Vidal", "Núria Pons", "Nuria Sanz", "Ñoño Ruiz", "Ordóñez Ana", "Óscar León"]),
    ("German", ["Mahler Anna", "Möller Jan", "Mueller Eva", "Müller Eva", "Muller Uwe", "Mutter Ida", "Straße Tim",
                "Strasser Ben"]),
    ("German (phone book)", ["Mahler Anna", "Möller Jan", "Mud Ole", "Mueller Eva", "Müller Eva", "Muller Uwe",
                             "Mutter Ida"]),
    ("French", ["Cécile Roy", "Cedric Blanc", "Côme Petit", "Élodie Faure", "Eric Morel", "Œdipe Roi", "Olivier Dupont"]),
    ("Italian", ["Àngelo Riva", "Anna Bruno", "Èlia Conte", "Enzo Greco", "Nicola Costa", "Nicolò Gallo"]),
    ("Dutch", ["Bakker, Kees", "Dekker, Ria", "van Dijk, Jan", "Jansen, Piet", "de Jong, Anna", "Van Dam, Piet",
               "Visser, Bram"]),
    ("Swedish", ["Aaron Berg", "Anna Lind", "Olle Holm", "Ylva Ek", "Zlatan Ibra", "Åsa Nyberg", "Ängel Sjö",
                 "Ødegaard Per", "Örjan Lund"]),
    ("Danish", ["Anna Holm", "Olav Berg", "Zacharias Lund", "Ærø Hansen", "Ødegaard Per", "Øyvind Lie", "Aase Bech",
                "Åse Nielsen"]),
    ("Norwegian", ["Anders Vik", "Ola Nordmann", "Zeta Moe", "Æsa Lie", "Ørjan Dahl", "Åse Kvam", "Aasmund Berg"]),
    ("Polish", ["Adam Nowak", "Ąkowski Jan", "Bartosz Wit", "Ćwik Ewa", "Dawid Lis", "Lech Wałęsa", "Łukasz Kot",
                "Mateusz Bąk", "Sebastian Kos", "Ścibor Pan", "Tomasz Ryś", "Zenon Pyż", "Źrebiec Ola", "Żaneta Kot"]),
    ("Czech", ["Cihla Petr", "Čapek Karel", "Dvořák Antonín", "Hrubý Jan", "Chmelař Ivo", "Iva Nová", "Rudolf Král",
               "Řehoř Jan", "Svoboda Eva", "Šimon Jan", "Zeman Miloš", "Žák Petr"]),
]


@pytest.mark.parametrize(("language", "names"), ORDERS, ids=[o[0] for o in ORDERS])
def test_each_language_sorts_names_as_its_people_do(language, names):
    shuffled = list(reversed(names))
    assert in_name_order(shuffled, language) == names
    assert in_name_order(names[::2] + names[1::2], language) == names  # whatever order they were typed in


def test_the_same_names_differ_by_language():
    names = ["Örjan Lund", "Olle Holm", "Zlatan Ibra", "Ödön Pál"]
    assert in_name_order(names, "English") == ["Ödön Pál", "Olle Holm", "Örjan Lund", "Zlatan Ibra"]
    assert in_name_order(names, "Swedish") == ["Olle Holm", "Zlatan Ibra", "Ödön Pál", "Örjan Lund"]
    assert in_name_order(["Chmelař", "Cihla", "Hrubý"], "English") == ["Chmelař", "Cihla", "Hrubý"]
    assert in_name_order(["Chmelař", "Cihla", "Hrubý"], "Czech") == ["Cihla", "Hrubý", "Chmelař"]


@pytest.mark.parametrize(("typed", "language"), [("svenska", "Swedish"), ("ES", "Spanish"), (" german ", "German"),
                                                  ("DIN 5007-2", "German (phone book)"), ("cs", "Czech")])
def test_the_language_row_takes_a_name_or_a_code(typed, language):
    assert find_collation(typed).name == language


def test_an_unknown_language_says_which_there_are():
    with pytest.raises(InputError, match="'Klingon' is not a language TourneyBook sorts names in: choose one of "
                                         "English, Spanish, German"):
        find_collation("Klingon")
    assert len({c.name for c in COLLATIONS}) == len(COLLATIONS) >= 14


SWEDES = ["Örjan Lund", "Åsa Nyberg", "Anna Lind", "Olle Holm", "Zlatan Ibra", "Ängel Sjö", "Björn Ek", "Ylva Berg",
          "Östen Dahl", "Agneta Fält", "Zara Larsson", "Åke Holm", "Erik Ström", "Märta Ek", "Ola Nord", "Pia Sund"]


def swedish_event(tmp_path: Path, language: object) -> Path:
    path = tmp_path / "sm.xlsx"
    template.write(path, find_layout("fwc2022"), tournament="SM i Friedrich", rows={PLAYERS.name: [{NAME: n} for n in SWEDES]})
    book = openpyxl.load_workbook(path)
    settings = book["Settings"]
    row = next(r for r in settings.iter_rows() if r[0].value == LANGUAGE_LABEL)
    assert row[1].value == "English"  # every new workbook has the row, English until the organiser changes it
    row[1].value = language
    book.save(path)
    return path


def test_the_seating_sheet_lists_names_in_the_language_of_the_event(tmp_path):
    path = swedish_event(tmp_path, "Svenska")
    draw_file(path, 1)
    listed = [r[0] for r in blocks(path)[1]]
    assert listed == in_name_order(SWEDES, "Swedish") != in_name_order(SWEDES, "English")
    assert listed[-5:] == ["Åke Holm", "Åsa Nyberg", "Ängel Sjö", "Örjan Lund", "Östen Dahl"]


def test_an_unknown_language_is_refused_at_its_cell_before_drawing(tmp_path):
    path = swedish_event(tmp_path, "Klingon")
    before = path.read_bytes()
    with pytest.raises(InputError, match=r"Settings!B\d+.*Language: 'Klingon' is not a language"):
        draw_file(path, 1)
    assert path.read_bytes() == before


def test_before_any_result_the_standings_and_the_published_page_list_names_in_the_language(tmp_path):
    # README: recalculated right after a draw, the standings list the players by name ("no result yet").
    from tourneybook.actions.on_file import recalc_file
    from tourneybook.publish import read_published
    from tourneybook.publish.page import render_page

    path = swedish_event(tmp_path, "Swedish")
    draw_file(path, 1)
    assert recalc_file(path).ok
    swedish = in_name_order(SWEDES, "Swedish")
    ws = openpyxl.load_workbook(path)["Standings"]
    listed = [ws.cell(r, 2).value for r in range(5, 5 + len(SWEDES))]
    assert listed == swedish and [ws.cell(r, 1).value for r in range(5, 5 + len(SWEDES))] == [1] * len(SWEDES)
    published = read_published(path)
    assert published.result.standings.order == swedish
    page = render_page(published)
    assert [page.index(n) for n in swedish] == sorted(page.index(n) for n in swedish)  # the page (and phone) too
    assert page.index("Zlatan Ibra") < page.index("Åke Holm")  # an English list would put Å among the A's
