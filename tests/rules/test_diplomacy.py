"""What both Diplomacy rulesets share: powers, theatres, board validation, JSON reading."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourneybook.errors import ValidationError
from tourneybook.rules import find_ruleset
from tourneybook.rules.diplomacy import DEFAULT_THEATRES, Power, Theatre, absent_players, parse_theatres

RULESETS = [find_ruleset("codcon2008"), find_ruleset("italia2010")]
# A valid board for both rulesets: a centre-count sheet 1901-1907 (Italy out in 1905).
VALID = json.loads((Path(__file__).resolve().parents[2] / "examples" / "italia2010" / "tie.json").read_text())


@pytest.mark.parametrize("power, centres", [(Power.RUSSIA, 4), (Power.AUSTRIA, 3), (Power.TURKEY, 3)])
def test_starting_centres(power, centres):
    """RULES.md CODCon: "Russia starts with 4, the others with 3"."""
    assert power.starting_centres == centres


def test_default_theatres():
    """RULES.md CODCon seating: West = England, France; Central = Germany, Italy, Austria; East = Russia, Turkey."""
    theatres = parse_theatres(DEFAULT_THEATRES)
    assert {p for p, t in theatres.items() if t is Theatre.WEST} == {Power.ENGLAND, Power.FRANCE}
    assert {p for p, t in theatres.items() if t is Theatre.EAST} == {Power.RUSSIA, Power.TURKEY}
    assert theatres[Power.ITALY] is Theatre.CENTRAL


@pytest.mark.parametrize(
    "text, message",
    [
        ("West: England, France, Austria; Central: Germany, Italy, Austria; East: Russia, Turkey", "Austria is in two theatres"),
        ("West: England; Central: Germany, Italy, Austria; East: Russia, Turkey", "France is in no theatre"),
        ("North: England, France; Central: Germany, Italy, Austria; East: Russia, Turkey", "unknown theatre 'North'"),
    ],
)
def test_theatre_problems(text, message):
    with pytest.raises(ValidationError) as err:
        parse_theatres(text)
    assert any(message in str(p) for p in err.value.problems)


def mutated(**changes):
    """VALID with changes: {"Austria.centres": 5, "round": 2, "Italy": None (drop the power)}."""
    data = copy.deepcopy(VALID)
    for key, value in changes.items():
        power, _, field = key.partition("__")
        if not field:
            data[power] = value
            continue
        seat = next(p for p in data["powers"] if p["power"] == power)
        if value is _DROP:
            del seat[field]
        else:
            seat[field] = value
    return data


_DROP = object()


@pytest.mark.parametrize(
    "changes, message",
    [
        # RULES.md CODCon: a board's centres add up to at most 34
        ({"England__centres": 14, "England__history": [4, 4, 5, 5, 5, 4, 14]}, "centres add up to 44, more than the 34"),
        # seven distinct powers
        ({"England__power": "France"}, "England is missing"),
        # a player twice on a board
        ({"England__player": "A"}, "A plays Austria and England on the same board"),
        # a survivor with an elimination year
        ({"England__eliminated": 1905}, "survives with 4 centres but has elimination year 1905"),
        # an eliminated power with centres in the end of its history
        ({"Italy__centres": 0, "Italy__history": [3, 2, 1, 1, 0, 0, 1]}, "has centres again after losing all in 1905"),
        # elimination year outside the game's years
        ({"Italy__eliminated": 1909}, "elimination year 1909 is after the game's last year 1907"),
        ({"Italy__eliminated": 1899}, "elimination year 1899 is before 1901"),
        # the history and the final centres disagree
        ({"England__centres": 5}, "centre history ends with 4 in 1907 but final centres are 5"),
        # a year missing
        ({"England__history": [4, 4, 5, 5, 5, 4]}, "centre history has 6 years; 1901 to 1907 needs 7"),
        # a year's count over the map
        ({"England__history": [17, 4, 5, 5, 5, 4, 4]}, "1901: centres add up to 43, more than 34"),
        # RULES.md: a solo ends the game
        ({"Austria__history": [4, 5, 18, 7, 8, 9, 9]}, "18 centres in 1903 is a solo, yet the game goes on to 1907"),
        # JSON types
        ({"England__centres": "many"}, "centres must be a whole number, not 'many'"),
        ({"England__power": "Prussia"}, "unknown power 'Prussia'"),
        ({"round": 0}, "round 0 must be at least 1"),
        ({"England__colour": "blue"}, "unknown field 'colour'"),
    ],
)
@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_board_problems(ruleset, changes, message):
    with pytest.raises(ValidationError) as err:
        ruleset.game_from_dict(mutated(**changes))
    assert any(message in str(p) for p in err.value.problems), err.value.problems


@pytest.mark.parametrize(
    "ruleset_id, changes, message",
    [
        # CODCon needs the elimination year (there is no centre-count sheet to take it from)
        ("codcon2008", {"Italy__history": _DROP}, "has no centres but no elimination year"),
        # Italia needs the centre count of every year (3.2)
        ("italia2010", {f"{p.value}__history": _DROP for p in Power}, "centre count of every year from 1901 is missing"),
    ],
)
def test_ruleset_specific_problems(ruleset_id, changes, message):
    data = mutated(**changes)
    if ruleset_id == "codcon2008":
        for seat in data["powers"]:
            seat.pop("history", None)
    with pytest.raises(ValidationError) as err:
        find_ruleset(ruleset_id).game_from_dict(data)
    assert any(message in str(p) for p in err.value.problems), err.value.problems


def test_two_solos_and_every_problem_at_once():
    """Two 18-centre powers, a missing player and a bad count are all reported together, each located."""
    data = mutated(Austria__centres=18, France__centres=18, Germany__player="", England__centres=-1)
    for seat in data["powers"]:
        seat.pop("history")
    with pytest.raises(ValidationError) as err:
        find_ruleset("codcon2008").game_from_dict(data)
    text = [str(p) for p in err.value.problems]
    assert "game R1 B2, Germany: player must be a non-empty text, not ''" in text
    assert "game R1 B2, England: centres -1 must be at least 0" in text
    with pytest.raises(ValidationError) as err:
        find_ruleset("codcon2008").game_from_dict(mutated(Austria__centres=18, France__centres=18, England__player="Z",
                                                           Austria__history=_DROP, France__history=_DROP))
    text = [str(p) for p in err.value.problems]
    assert "game R1 B2: Austria and France both hold 18+ centres: only one power can solo" in text
    assert len(text) >= 3


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["power", "player", "centres", "eliminated", "history"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.integers(0, 6), st.sampled_from(FIELDS),
       JSON.filter(lambda v: not isinstance(v, (int, str)) or isinstance(v, bool)))
def test_a_junk_field_raises_validation_error_only(ruleset, seat, field, junk):
    """Any seat field replaced by a value of the wrong type is refused, with a ValidationError only."""
    data = copy.deepcopy(VALID)
    if field == "eliminated" and junk is None:
        junk = [junk]  # None means "survivor", which is valid
    data["powers"][seat][field] = junk
    with pytest.raises(ValidationError):
        ruleset.game_from_dict(data)


@pytest.mark.filterwarnings("ignore::tourneybook.rules.records_json.OldKey")  # random records use earlier keys too
@settings(max_examples=200, deadline=None)
@given(st.sampled_from(RULESETS), JSON | st.fixed_dictionaries({"games": st.lists(JSON, max_size=2)}, optional={
    "players": JSON, "settings": JSON, "adjustments": JSON, "lots": JSON, "lot_decisions": JSON, "sit_outs": JSON, "rounds": JSON,
    "name": JSON}))
def test_random_records_raise_validation_error_only(ruleset, data):
    """Whatever JSON arrives, the only exception is ValidationError."""
    for parse in (ruleset.game_from_dict, ruleset.tournament_from_dict):
        try:
            parse(data)
        except ValidationError:
            pass


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(RULESETS), st.permutations(range(7)))
def test_scores_do_not_depend_on_record_order(ruleset, order):
    """The same board entered in any power order scores the same."""
    shuffled = copy.deepcopy(VALID)
    shuffled["powers"] = [VALID["powers"][i] for i in order]
    first = ruleset.score_game(ruleset.game_from_dict(VALID))
    again = ruleset.score_game(ruleset.game_from_dict(shuffled))
    assert again == first


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_standings_do_not_depend_on_game_order(ruleset):
    """examples/<id>/tournament.json ranked with its games reversed gives the same standings."""
    path = Path(__file__).resolve().parents[2] / "examples" / ruleset.id / "tournament.json"
    data = json.loads(path.read_text())
    first = ruleset.standings(ruleset.tournament_from_dict(data))
    data["games"].reverse()
    again = ruleset.standings(ruleset.tournament_from_dict(data))
    assert again.standings == first.standings and again.extras == first.extras


@pytest.mark.parametrize(
    ("players", "played", "notes"),
    [
        (("Ann", "Bo"), {"Ann", "Bo"}, []),
        (("Ann", "Bo", "Cy"), {"Ann", "Bo"}, ["Cy is registered but played no game"]),
        (("Ann", "Bo", "Cy", "Di"), {"Ann"}, ["3 registered players played no game: Bo, Cy, Di"]),
        # a round drawn, no result typed: one note, not a line for each of 210 players
        (tuple(f"P{i}" for i in range(210)), set(), ["no results entered yet: none of the 210 registered players has played a game"]),
    ],
)
def test_players_without_a_game_make_one_note(players, played, notes):
    assert absent_players(iter(players), played) == notes
