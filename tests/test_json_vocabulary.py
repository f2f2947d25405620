"""One JSON vocabulary for every ruleset (docs/formats.md): the same keys, earlier keys read with a note.

Every tournament file names the same things the same way: "ruleset", "name", "players",
"games", "adjustments", "lots". The earlier keys ("lot_decisions", Carcassonne's "tables",
the name as settings "tournament") still read, and the command prints a note for each.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path

import pytest

from tourneybook.cli import main
from tourneybook.errors import ValidationError
from tourneybook.numbers import SquareRoot
from tourneybook.rules import find_ruleset
from tourneybook.rules.records_json import OldKey

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TOURNAMENTS = sorted(EXAMPLES.glob("*/tournament.json"))


def run(capsys, *args: str) -> tuple[dict, str]:
    assert main(list(args)) == 0
    out = capsys.readouterr()
    return json.loads(out.out), out.err


def earlier_keys(data: dict, ruleset_id: str) -> dict:
    """The same tournament written with the keys of the earlier formats."""
    old = copy.deepcopy(data)
    old.pop("ruleset", None)
    if "lots" in old:
        old["lot_decisions"] = old.pop("lots")
    if ruleset_id in ("fwc2022", "cafe2023", "carcassonne2004"):
        old["settings"] = {"tournament": old.pop("name"), **old.get("settings", {})}
    if ruleset_id == "carcassonne2004":
        old["tables"] = old.pop("games")
    return old


@pytest.mark.parametrize("path", TOURNAMENTS, ids=lambda p: p.parent.name)
def test_every_example_uses_the_one_vocabulary(path: Path):
    data = json.loads(path.read_text())
    assert {"ruleset", "name", "players", "games"} <= set(data)
    assert not {"lot_decisions", "tables"} & set(data) and "tournament" not in data.get("settings", {})


@pytest.mark.parametrize("path", TOURNAMENTS, ids=lambda p: p.parent.name)
def test_earlier_keys_read_the_same_with_a_note(path: Path, tmp_path: Path, capsys):
    ruleset_id = path.parent.name
    new, err = run(capsys, "standings", ruleset_id, str(path))
    assert err == ""
    old_file = tmp_path / "old.json"
    old_file.write_text(json.dumps(earlier_keys(json.loads(path.read_text()), ruleset_id)))
    old, notes = run(capsys, "standings", ruleset_id, str(old_file))
    assert old == new
    expected = []
    if ruleset_id in ("fwc2022", "cafe2023", "carcassonne2004"):
        expected.append("note: settings 'tournament' is the earlier place of the tournament's name: read as \"name\"; "
                        "write \"name\" at the top of the file")
    if ruleset_id in ("carcassonne2004", "codcon2008", "italia2010", "dss"):  # the examples that carry lots
        expected.append("note: 'lot_decisions' is the earlier name of 'lots': read as 'lots'; write 'lots'")
    if ruleset_id == "carcassonne2004":
        expected.append("note: 'tables' is the earlier name of 'games': read as 'games'; write 'games'")
    assert sorted(notes.splitlines()) == sorted(expected)


@pytest.mark.parametrize("path", TOURNAMENTS, ids=lambda p: p.parent.name)
def test_the_same_thing_under_both_names_is_a_problem(path: Path):
    data = json.loads(path.read_text())
    data["lot_decisions"] = {}
    data["lots"] = {}
    with pytest.raises(ValidationError, match="both 'lot_decisions' and 'lots' are given"):
        find_ruleset(path.parent.name).tournament_from_dict(data)


@pytest.mark.parametrize("path", TOURNAMENTS, ids=lambda p: p.parent.name)
def test_the_name_seeds_the_lots_and_the_ruleset_key_is_checked(path: Path):
    ruleset = find_ruleset(path.parent.name)
    data = json.loads(path.read_text())
    with pytest.raises(ValidationError, match=f"ruleset 'chess' is not {ruleset.id}"):
        ruleset.tournament_from_dict({**data, "ruleset": "chess"})
    record = ruleset.tournament_from_dict({**data, "name": "Renamed Open"})
    name = getattr(record, "name", None) or record.settings.tournament
    assert name == "Renamed Open"


def test_a_library_caller_sees_the_note_as_a_warning():
    data = json.loads((EXAMPLES / "codcon2008" / "tournament.json").read_text())
    data["lot_decisions"] = data.pop("lots")
    with pytest.warns(OldKey, match="'lot_decisions' is the earlier name of 'lots'"):
        find_ruleset("codcon2008").tournament_from_dict(data)


def test_the_stcc_comes_with_its_exact_square(capsys):
    """GFTR D 2: sTCC = (TCs Frederick / TCs attackers) x sqrt(23 / N), irrational in general: the JSON gives its
    exact square (what the ranking compares) and the root shown with 2 decimals, never a "sqrt(p/q)" text."""
    path = EXAMPLES / "cafe2023" / "tournament.json"
    data = json.loads(path.read_text())
    out, _ = run(capsys, "standings", "cafe2023", str(path))
    for row in out["standings"]["rows"]:
        game = next(g for g in data["games"] if g["players"]["Frederick"] == row["player"])
        tc = game["tc"]
        square = Fraction(tc["frederick"], tc["attackers"]) ** 2 * Fraction(23, tc["turns"])
        shown = row["tiebreaks"]["sTCC (Frederick game)"]
        assert shown == {"display": f"{float(SquareRoot(square).rounded()):.2f}", "square": str(square)}
        label = f"R{game['round']} T{game['table']}"
        scored = next(g for g in out["games"] if g["game"] == label)
        assert next(p for p in scored["players"] if p["seat"] == "Frederick")["parts"]["sTCC"] == shown["display"]


def test_score_lists_carcassonne_players_by_seat_as_entered(tmp_path: Path, capsys):
    """Seed 002: 5-3-2-1; entered lowest VP first, the result keeps the seats' order."""
    game = {"round": 1, "table": 1, "players": [{"player": "Dora", "vp": 40}, {"player": "Anke", "vp": 104},
                                                 {"player": "Carl", "vp": 71}, {"player": "Bram", "vp": 90}]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(game))
    out, _ = run(capsys, "score", "carcassonne2004", str(path))
    assert [(p["player"], p["seat"], p["parts"]["place"], p["points"]["exact"]) for p in out["players"]] == [
        ("Dora", "seat 1", 4, "1"), ("Anke", "seat 2", 1, "5"), ("Carl", "seat 3", 3, "2"), ("Bram", "seat 4", 2, "3")]


def test_knockout_games_are_fields(capsys):
    """examples/carcassonne2004: each knock-out game's VP, winner and clock loss as fields (seed 002, RULES.md)."""
    out, _ = run(capsys, "standings", "carcassonne2004", str(EXAMPLES / "carcassonne2004" / "tournament.json"))
    matches = {m["stage"]: m for m in out["knockout"]}
    s3 = matches["S3"]
    assert (s3["higher_seed"], s3["lower_seed"]) == ("Vera Horak", "Pieter Jansen")
    assert s3["games"] == [
        {"game": 1, "vp": {"Vera Horak": 71, "Pieter Jansen": 84}, "winner": "Pieter Jansen", "lost_on_clock": None},
        # fewer VP, but Pieter's clock ran out: Vera wins the game
        {"game": 2, "vp": {"Vera Horak": 66, "Pieter Jansen": 79}, "winner": "Vera Horak", "lost_on_clock": "Pieter Jansen"},
        {"game": 3, "vp": {"Vera Horak": 92, "Pieter Jansen": 75}, "winner": "Vera Horak", "lost_on_clock": None},
    ]
    assert (s3["wins"], s3["winner"], s3["decided_by"]) == ({"Vera Horak": 2, "Pieter Jansen": 1}, "Vera Horak", "game wins")
    # S7: a tied game (75-75, no winner), wins 1-1 after three games: the VP total, 216 to 237
    s7 = matches["S7"]
    assert s7["games"][2]["winner"] is None
    assert (s7["vp_totals"], s7["winner"], s7["decided_by"]) == (
        {"Katja Schulz": 216, "Dieter Brandt": 237}, "Dieter Brandt", "VP total")
    # the table the workbook shows says the same
    table = next(x for x in out["extras"] if x["title"] == "Knock-out")
    row = next(r for r in table["rows"] if r[0] == "S3")
    assert row[3] == "71-84, 66-79 (Pieter Jansen lost on the clock), 92-75"


@pytest.mark.parametrize("ruleset_id", ["fwc2022", "carcassonne2004"])
def test_the_name_given_twice_is_a_problem(ruleset_id):
    data = json.loads((EXAMPLES / ruleset_id / "tournament.json").read_text())
    data["settings"] = {**data.get("settings", {}), "tournament": "Other Open"}
    with pytest.raises(ValidationError, match="the name is given twice"):
        find_ruleset(ruleset_id).tournament_from_dict(data)
