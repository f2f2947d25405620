"""The Settings' Language row from ``tourneybook new --language``, and what recalc says of a language whose
names TourneyBook sorts but whose words it does not write (issue 37 item 1)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tourneybook.cli import main

PLAYERS = ["Åsa Lind", "Björn Ek", "Cecilia Ny", "Dag Öst", "Elin Berg", "Fredrik Sund", "Greta Holm", "Hugo Ahl"]


def new_event(tmp_path: Path, language: str) -> Path:
    players = tmp_path / "players.csv"
    players.write_text("name\n" + "\n".join(PLAYERS) + "\n", encoding="utf-8")
    out = tmp_path / "event.xlsx"
    assert main(["new", "fwc2022", "--players", str(players), "--out", str(out), "--language", language]) == 0
    return out


def cells(path: Path, sheet: str) -> list:
    return [c for row in openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True) for c in row if c]


@pytest.mark.parametrize(("typed", "row"), [("es", "Spanish"), ("Deutsch", "German"), ("italian", "Italian"),
                                            ("FR", "French"), ("sv", "Swedish"), ("English", "English"),
                                            ("DIN 5007-2", "German (phone book)")])
def test_new_writes_the_language_row_as_settings_names_it(tmp_path, typed, row):
    values = openpyxl.load_workbook(new_event(tmp_path, typed))["Settings"].iter_rows(values_only=True)
    assert {r[0]: r[1] for r in values if r[0]}["Language"] == row


def test_a_language_neither_written_nor_sorted_is_refused_before_anything_is_written(tmp_path, capsys):
    players = tmp_path / "players.csv"
    players.write_text("name\nAnna\n", encoding="utf-8")
    assert main(["new", "fwc2022", "--players", str(players), "--out", str(tmp_path / "e.xlsx"), "--language", "klingon"]) == 1
    said = capsys.readouterr().err
    assert "--language klingon" in said and "Spanish (es)" in said and "French (fr)" in said
    assert not (tmp_path / "e.xlsx").exists()


def test_the_issues_sheet_says_a_sorting_language_writes_english(tmp_path):
    swedish = new_event(tmp_path, "sv")
    assert main(["recalc", str(swedish)]) == 0
    notes = [c for c in cells(swedish, "Issues") if isinstance(c, str)]
    assert any("Language Swedish" in n and "in English" in n and "Spanish, German, Italian and French" in n for n in notes)


def test_no_such_note_for_a_language_tourneybook_writes(tmp_path):
    spanish = new_event(tmp_path, "es")
    assert main(["recalc", str(spanish)]) == 0
    assert not any(isinstance(c, str) and c.startswith("Language ") for c in cells(spanish, "Issues"))
