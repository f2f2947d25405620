"""The Settings sheet maps a ruleset's Settings dataclass by label, and checks the types read back (generic.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourneybook.errors import Collector, InputError
from tourneybook.workbook.settings_sheet import read_settings, read_settings_head, setting_rows
from tourneybook.files.store import SheetGrid


class Theatre(Enum):
    """A test enum."""

    WEST = "West"
    """West."""
    EAST = "East"
    """East."""


@dataclass(frozen=True)
class FakeSettings:
    """Every kind of field a ruleset's Settings may have."""

    tournament: str = field(default="Fake Open", metadata={"label": "Tournament name"})
    rounds: int = field(default=4, metadata={"label": "Rounds", "help": "How many rounds."})
    sit_out: Fraction = field(default=Fraction(50), metadata={"label": "Sit-out score"})
    top_board: Fraction = field(default=Fraction(6, 5), metadata={"label": "Top board factor"})
    third: Fraction = field(default=Fraction(1, 3), metadata={"label": "A third"})
    clocks: bool = field(default=True, metadata={"label": "Chess clocks"})
    theatre: Theatre = field(default=Theatre.WEST, metadata={"label": "Theatre"})
    limit: int | None = field(default=None, metadata={"label": "Turn limit"})
    powers: tuple[str, ...] = field(default=("England", "France"), metadata={"label": "Western powers"})
    table: dict = field(default_factory=lambda: {"a": 1}, metadata={"label": "Fixed table"})

    def __post_init__(self):
        if self.rounds < 1:
            raise InputError("rounds must be 1 or more")


def settings_grid(rows) -> SheetGrid:
    return SheetGrid("Settings", (("Settings",), ("help",), ("Setting", "Value", "Meaning"), *[tuple(r) for r in rows]))


def read(rows, tournament="") -> tuple[FakeSettings, list[str]]:
    out = Collector(InputError)
    settings = read_settings(settings_grid(rows), FakeSettings(), out, tournament)
    return settings, [str(p) for p in out.problems]


def test_rows_start_with_ruleset_and_tournament_and_skip_the_name_field():
    rows = setting_rows("fake", "Spring Cup", FakeSettings())
    assert [r[0] for r in rows] == ["Ruleset", "Tournament", "Rounds", "Sit-out score", "Top board factor", "A third",
                                    "Chess clocks", "Theatre", "Turn limit", "Western powers", "Fixed table",
                                    "Club ranking (best N)", "Live reporting", "Language"]
    assert [r[1] for r in rows[:6]] == ["fake", "Spring Cup", 4, 50, 1.2, "1/3"]  # 1/3 is not a short decimal: written exactly


def test_written_settings_read_back_equal():
    settings, problems = read(setting_rows("fake", "Spring Cup", FakeSettings()), "Spring Cup")
    assert problems == []
    assert settings == FakeSettings(tournament="Spring Cup")


@given(
    rounds=st.integers(1, 50),
    factor=st.fractions(min_value=0, max_value=10, max_denominator=12),
    clocks=st.booleans(),
    limit=st.none() | st.integers(1, 23),
)
def test_any_settings_round_trip(rounds, factor, clocks, limit):
    value = FakeSettings(rounds=rounds, top_board=factor, clocks=clocks, limit=limit, theatre=Theatre.EAST)
    settings, problems = read(setting_rows("fake", "", value))
    assert problems == [] and settings == value


@pytest.mark.parametrize(
    "label, value, expected",
    [
        ("Rounds", "4.5", 'Settings!B4: Rounds: "4.5" is not a whole number'),
        ("Sit-out score", "fifty", 'Settings!B4: Sit-out score: "fifty" is not a number'),
        ("Chess clocks", "perhaps", 'Settings!B4: Chess clocks: "perhaps" is not yes or no'),
        ("Theatre", "North", 'Settings!B4: Theatre: "North" is not one of: West, East'),
        ("Rounds", None, "Settings!B4: Rounds: a value is needed here"),
        ("Fixed table", "{'a': 2}", "Settings!B4: Fixed table: this setting cannot be changed in the workbook"),
        ("Rounds", 0, "Settings!B4: Rounds: rounds must be 1 or more"),  # the dataclass's own check, at its cell
        ("Roundz", 3, 'Settings!A4: unknown setting "Roundz"; did you mean "Rounds"?'),
    ],
)
def test_bad_values_are_placed_at_their_cell(label, value, expected):
    _, problems = read([(label, value)])
    assert problems and problems[0].startswith(expected)


def test_missing_rows_keep_the_defaults_and_the_tournament_row_names_it():
    settings, problems = read([("Ruleset", "fake"), ("Tournament", "Autumn Cup"), ("Theatre", "east")], "Autumn Cup")
    assert problems == [] and settings == FakeSettings(tournament="Autumn Cup", theatre=Theatre.EAST)


def test_head_reads_ruleset_and_tournament():
    out = Collector(InputError)
    head = read_settings_head(settings_grid([("Ruleset", " fake "), ("Tournament", "Autumn Cup")]), out)
    assert (head.ruleset, head.tournament, head.ruleset_cell) == ("fake", "Autumn Cup", "B4")


def test_a_setting_the_ruleset_refuses_is_reported_at_its_value_cell(tmp_path):
    """CODCon theatres (seed 003 II.4): a power that does not exist is named at Settings!B<row>."""
    import openpyxl

    from tourneybook.simulate import write_event
    from tourneybook.actions.on_file import recalc_file

    path = write_event("codcon2008", 14, tmp_path / "codcon.xlsx", recalc=False)
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    row = next(c.row for c in ws["A"] if c.value == "Theatres")
    ws.cell(row, 2).value = "West: England, Narnia; Central: Germany, Italy, Austria; East: Russia, Turkey, France"
    wb.save(path)
    report = recalc_file(path)
    assert not report.ok
    assert any(p.sheet == "Settings" and p.cell == f"B{row}" and "Narnia" in p.message for p in report.problems)


def test_each_command_parses_the_settings_sheet_once(tmp_path, monkeypatch):
    """One event-settings record per command: recalc, a draw and the forms each parse the Settings rows once."""
    from tourneybook.actions.draw import draw_event
    from tourneybook.actions.on_file import recalc_file
    from tourneybook.files.filestore import FileWorkbook
    from tourneybook.forms import round_forms
    from tourneybook.workbook import settings_sheet, template
    from tourneybook.workbook.layouts import find_layout

    players = [{"Name": f"Player {n}"} for n in range(1, 15)]
    path = template.write(tmp_path / "codcon.xlsx", find_layout("codcon2008"), tournament="Cup", rows={"Players": players})
    parsed = []
    real = settings_sheet._label_rows
    monkeypatch.setattr(settings_sheet, "_label_rows", lambda grid: parsed.append(grid.name) or real(grid))
    def draw() -> None:
        book = FileWorkbook(path)
        draw_event(book, 1)
        book.save()

    counts = []
    for command in (lambda: recalc_file(path), draw, lambda: round_forms(FileWorkbook(path), 1)):
        parsed.clear()
        command()
        counts.append(parsed.copy())
    assert counts == [["Settings"]] * 3
