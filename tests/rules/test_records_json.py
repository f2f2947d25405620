"""The shared JSON readers (rules/records_json.py): one behaviour for every docs/formats/*.md."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.errors import Collector, ValidationError
from tourneybook.rules import find_ruleset, records_json as read
from tourneybook.rules.carcassonne2004 import Settings as CarcassonneSettings
from tourneybook.rules.diplomacy import Power
from tourneybook.rules.italia2010 import Settings as ItaliaSettings
from tourneybook.rules.ranking import Adjustment

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def problems(reader, *args) -> tuple[object, list[str]]:
    c = Collector()
    value = reader(*args, "here", c)
    return value, [str(p) for p in c.problems]


@pytest.mark.parametrize(
    "value, expected, problem",
    [
        (7, 7, None),  # docs/formats/diplomacy.md: whole numbers
        (88.0, 88, None),  # docs/formats/carcassonne2004.md: "a JSON 88.0 is accepted"
        (88.5, None, "here: vp must be a whole number, not 88.5"),  # "... 88.5 is not"
        ("7", None, "here: vp must be a whole number, not '7'"),  # RULES.md / friedrich.md: numbers, not text
        (True, None, "here: vp must be a whole number, not True"),
        (-1, None, "here: vp -1 must be at least 0"),
    ],
)
def test_whole_numbers(value, expected, problem):
    got, found = problems(lambda v, w, c: read.whole(v, "vp", w, c, minimum=0), value)
    assert got == expected and type(got) is type(expected)
    assert found == ([problem] if problem else [])


@pytest.mark.parametrize(
    "value, expected",
    [
        (-1, Fraction(-1)),  # carcassonne2004.md adjustments: a whole number
        ("-1/2", Fraction(-1, 2)),  # carcassonne2004.md: "an exact text such as "-1/2""
        ("-0.5", Fraction(-1, 2)),  # friedrich.md: a string such as "-0.5"
        (-0.5, Fraction(-1, 2)),  # friedrich.md "a decimal"; diplomacy.md "a JSON decimal is read as written"
        (0.1, Fraction(1, 10)),  # as written, not the binary float 0.1000000000000000055...
        ("22/3", Fraction(22, 3)),  # diplomacy.md: "a decimal or fraction string such as "7.5" or "22/3""
        ("6/5", Fraction(6, 5)),  # italia2010 top_board_factor
    ],
)
def test_exact_numbers(value, expected):
    got, found = problems(lambda v, w, c: read.exact(v, "points", w, c), value)
    assert (got, found) == (expected, [])


@pytest.mark.parametrize("value", ["a lot", "1/0", "1e999999999", "", True, None, float("inf"), float("nan"), [1]])
def test_not_exact_numbers(value):
    got, found = problems(lambda v, w, c: read.exact(v, "points", w, c), value)
    assert got is None and len(found) == 1 and found[0].startswith("here: points must be an exact number")


@pytest.mark.parametrize(
    "data, found",
    [
        ({"round": 1, "note": "free text"}, []),  # the task: "note" accepted everywhere
        ({"round": 1, "note": 3}, ["here: note must be text, not 3"]),
        ({"round": 1, "tabel": 2}, ["here: unknown field 'tabel'; expected one of: round, table"]),
        ([1], ["here: a table must be an object with round, table, not [1]"]),
    ],
)
def test_record_keys(data, found):
    assert problems(lambda d, w, c: read.record(d, "a table", w, c, ("round", "table")), data)[1] == found


@pytest.mark.parametrize(
    "value, expected, found",
    [
        ("russia", Power.RUSSIA, []),  # diplomacy.md names powers; case is not a typo worth refusing
        (" Turkey ", Power.TURKEY, []),
        ("Prussia", None, ["here: unknown power 'Prussia'; expected one of: "
                           "Austria, England, France, Germany, Italy, Russia, Turkey"]),
    ],
)
def test_enum_members(value, expected, found):
    assert problems(lambda v, w, c: read.member(Power, v, "power", w, c), value) == (expected, found)


@pytest.mark.parametrize(
    "entries, expected, found",
    [
        # friedrich.md: {"player": "Anna", "points": "-0.5", "reason": "late for round 3"}
        ([{"player": "Anna", "points": "-0.5", "reason": "late for round 3"}],
         (Adjustment("Anna", Fraction(-1, 2), "late for round 3"),), []),
        ([{"player": "Anna", "points": -1, "reason": ""}], (), ["adjustments, Anna: reason must be a non-empty text, not ''"]),
        ([{"player": "Anna", "points": 1, "reason": "r", "by": "TD"}], (Adjustment("Anna", Fraction(1), "r"),),
         ["adjustments, Anna: unknown field 'by'; expected one of: player, points, reason"]),
        ([5], (), ["adjustments, entry 1: an adjustment must be an object with player, points, reason, not 5"]),
    ],
)
def test_adjustments(entries, expected, found):
    c = Collector()
    assert read.adjustments({"adjustments": entries}, "adjustments", c) == expected
    assert [str(p) for p in c.problems] == found


@pytest.mark.parametrize(
    "lots, expected, found",
    [
        ({"Ann": 1, "Bob": 0}, (("Ann", 1), ("Bob", 0)), []),  # test_friedrich numbers lots from 0
        ({"Ann": "1"}, (), ["lot_decisions, Ann: lot number must be a whole number, not '1'"]),
        (["Ann"], (), ["tournament: lot_decisions must map players to lot numbers, not ['Ann']"]),
    ],
)
def test_lot_decisions(lots, expected, found):
    c = Collector()
    assert read.lot_decisions({"lot_decisions": lots}, "lot_decisions", c) == expected
    assert [str(p) for p in c.problems] == found


@pytest.mark.parametrize(
    "defaults, data, expected, found",
    [
        # diplomacy.md Italia settings: "top_board_factor": "6/5", "sit_out_points": 50
        (ItaliaSettings(), {"top_board_factor": "5/4", "game_years": 8.0, "note": "WDC"},
         ItaliaSettings(top_board_factor=Fraction(5, 4), game_years=8), []),
        (ItaliaSettings(), {"game_years": "7"}, ItaliaSettings(), ["settings: game_years must be a whole number, not '7'"]),
        # carcassonne2004.md settings: "knockout_sise" is a typo, reported
        (CarcassonneSettings(), {"knockout_sise": 16}, CarcassonneSettings(),
         ["settings: unknown setting 'knockout_sise'; expected one of: "
          "tournament, preliminary_rounds, knockout_size, max_three_player_tables, withdrawn_in_knockout"]),
        (CarcassonneSettings(), {"tournament": ""}, CarcassonneSettings(),
         ["settings: tournament must be a non-empty text, not ''"]),
        (CarcassonneSettings(), None, CarcassonneSettings(), []),
    ],
)
def test_settings(defaults, data, expected, found):
    c = Collector()
    assert read.settings(defaults, data, c) == expected
    assert [str(p) for p in c.problems] == found


RECORDS = {
    "fwc2022": "example1.json",
    "cafe2023": "example1.json",
    "carcassonne2004": "table_3p.json",
    "codcon2008": "example_a.json",
    "italia2010": "tie.json",
}


@pytest.mark.parametrize("ruleset_id", sorted(RECORDS))
def test_every_format_accepts_a_note_on_games_and_tournaments(ruleset_id):
    """The task: a free-text "note" is accepted (and ignored) in every record of every format."""
    ruleset = find_ruleset(ruleset_id)
    game = json.loads((EXAMPLES / ruleset_id / RECORDS[ruleset_id]).read_text())
    game["note"] = "entered by the TD"
    ruleset.score_game(ruleset.game_from_dict(game))
    tournament = json.loads((EXAMPLES / ruleset_id / "tournament.json").read_text())
    tournament["note"] = "Sunday's results"
    tournament.setdefault("settings", {})["note"] = "defaults otherwise"
    ruleset.standings(ruleset.tournament_from_dict(tournament))
    tournament["note"] = ["not text"]
    with pytest.raises(ValidationError, match="note must be text"):
        ruleset.tournament_from_dict(tournament)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
READERS = [
    lambda v, c: read.record(v, "x", "w", c, ("a", "note")),
    lambda v, c: read.items({"k": v}, "k", "w", c),
    lambda v, c: read.whole(v, "x", "w", c, minimum=1),
    lambda v, c: read.exact(v, "x", "w", c),
    lambda v, c: read.name(v, "x", "w", c),
    lambda v, c: read.flag(v, "x", "w", c),
    lambda v, c: read.member(Power, v, "power", "w", c),
    lambda v, c: read.adjustments({"adjustments": v}, "adjustments", c),
    lambda v, c: read.lot_decisions({"lots": v}, "lots", c),
    lambda v, c: read.settings(ItaliaSettings(), v, c),
]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(READERS))), JSON)
def test_readers_note_problems_and_never_raise(reader, value):
    """Any JSON value: a reader returns and notes its problems with where they are; nothing escapes."""
    c = Collector()
    READERS[reader](copy.deepcopy(value), c)
    assert all(p.where for p in c.problems)


def _with_attendance(ruleset: str, player: dict) -> tuple[dict, str]:
    """The ruleset's example tournament with ``player``'s attendance added to their entry in the players list."""
    data = json.loads((EXAMPLES / ruleset / "tournament.json").read_text(encoding="utf-8"))
    first = data["players"][0]
    name = first if isinstance(first, str) else first["name"]
    data["players"][0] = {**({"name": first} if isinstance(first, str) else first), **player}
    return data, name


def _last_round(data: dict) -> int:
    return max(g["round"] for g in data["games"] if isinstance(g.get("round"), int))


@pytest.mark.parametrize("ruleset", [p.parent.name for p in sorted(EXAMPLES.glob("*/tournament.json"))])
def test_attendance_in_the_players_list_marks_the_standings_and_is_checked(ruleset, tmp_path, capsys):
    # docs/attendance.md: the JSON players list says what the Players sheet's attendance columns say.
    from tourneybook.cli import main

    found = find_ruleset(ruleset)
    data, name = _with_attendance(ruleset, {"attendance_note": " went  home "})
    data["players"][0]["withdrew_after"] = last = _last_round(data)
    if name in json.dumps(data.get("final")):
        data.pop("final")  # a player who withdrew never plays the final (issue 28): refused, as tested elsewhere
    result = found.standings(found.tournament_from_dict(data))
    assert result.standings.row(name).mark == f"withdrew after round {last} (went home)"
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["standings", ruleset, str(path)]) == 0
    rows = {r["player"]: r for r in json.loads(capsys.readouterr().out)["standings"]["rows"]}
    assert rows[name]["attendance"] == f"withdrew after round {last} (went home)"
    assert all(r["attendance"] is None for p, r in rows.items() if p != name)

    early, _ = _with_attendance(ruleset, {"withdrew_after": 1})
    with pytest.raises(ValidationError) as caught:
        found.tournament_from_dict(early)
    assert name in str(caught.value) and "withdr" in str(caught.value)

    bad, _ = _with_attendance(ruleset, {"from_round": "2", "withdrew_after": 0, "attendance_note": 5})
    with pytest.raises(ValidationError) as caught:
        found.tournament_from_dict(bad)
    text = str(caught.value)
    assert f"players, {name}: from_round must be a whole number, not '2'" in text
    assert f"players, {name}: withdrew_after 0 must be at least 1" in text
    assert f"players, {name}: attendance_note must be a text, not 5" in text

    backwards, _ = _with_attendance(ruleset, {"from_round": 3, "withdrew_after": 2})
    with pytest.raises(ValidationError, match=f"players, {name}: withdrew after round 2, before their first round 3"):
        found.tournament_from_dict(backwards)
