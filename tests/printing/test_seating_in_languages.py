"""A CODCon event in Spanish (German, Italian, French) from ``tourneybook new --language``: its Seating sheet
printed through LibreOffice, and its round's forms, speak the players' language (issue 37)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main
from tourneybook.i18n import find_words

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import english_left  # noqa: E402 - shared with the forms' and the published files' tests

PLAYERS = ["Álvaro Núñez", "Beatriz Ortega", "Chiara Rossi", "Dirk Vogel", "Élodie Martin", "Fritz Schulz",
           "Giulia Bianchi", "Hélène Roux", "Iker Zubizarreta", "Jana Krämer", "Lorenzo Greco", "Marie Dubois",
           "Nuria Castillo", "Otto Brandt"]
"""Fourteen players: two full Diplomacy boards."""
TITLE = "Copa Europa"


@pytest.fixture(scope="module", params=["es", "de", "it", "fr"])
def drawn(request, soffice, tmp_path_factory) -> tuple[str, Path]:
    folder = tmp_path_factory.mktemp(f"seating-{request.param}")
    players = folder / "players.csv"
    players.write_text("name\n" + "\n".join(PLAYERS) + "\n", encoding="utf-8")
    event = folder / "event.xlsx"
    assert main(["new", "codcon2008", "--players", str(players), "--out", str(event), "--name", TITLE,
                 "--language", request.param]) == 0
    assert main(["draw", str(event), "--round", "1", "--pdf"]) == 0
    assert main(["forms", str(event), "--round", "1", "--pdf"]) == 0
    return request.param, event


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.libreoffice
def test_new_writes_the_language_on_settings(drawn):
    code, event = drawn
    rows = {r[0]: r[1] for r in openpyxl.load_workbook(event)["Settings"].iter_rows(values_only=True) if r[0]}
    assert rows["Language"] == find_words(code).language.name


@pytest.mark.libreoffice
def test_the_printed_seating_list_speaks_the_language(drawn):
    code, event = drawn
    (pdf,) = event.parent.glob("event-seating-*.pdf")
    text = text_of(pdf)
    words = find_words(code)
    assert english_left(text, code, {*PLAYERS, TITLE}) == []
    for said in ("Player", "Board", "Seat", "England", "Turkey"):
        assert words._(said) in text, (code, said)
    assert words._("Round {number}: find your name").format(number=1) in text


@pytest.mark.libreoffice
def test_the_rounds_forms_follow_the_settings_language(drawn):
    code, event = drawn
    (pdf,) = event.parent.glob("event-forms-*.pdf")
    text = text_of(pdf)
    assert english_left(text, code, {*PLAYERS, TITLE, "CODCon 2008"}) == []
    assert find_words(code)._("Centre count") in text
