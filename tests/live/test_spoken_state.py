"""The hall's state in a page's language (live/spoken.py): what /api/state and /api/player answer a Spanish phone or a
German projector, for every example event (the Friedrich finals won, the Carcassonne knock-out decided, CODCon's
round 3, Italia's top board, a Diplomacy game scoring's lot) in every language, with no English word left in any text a page shows; how far the
standings count said as the workbook says it in English, for any rounds counted."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from starlette.testclient import TestClient

from tourneybook.i18n import ENGLISH_WORDS, words_in
from tourneybook.live.app import create_app
from tourneybook.live.hall import Hall
from tourneybook.live.progress import counted
from tourneybook.live.spoken import counted_in
from tourneybook.reports.journal import Journal, journal_path
from tourneybook.workbook.round_progress import PartRound, RoundsCounted

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from english_left import english_left  # noqa: E402 - shared with the forms' and the published files' tests

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"
OTHERS = ("es", "de", "it", "fr")
RULESETS = ("fwc2022", "cafe2023", "carcassonne2004", "codcon2008", "italia2010", "diplomacy")
KEYS = frozenset({"kind", "stage_key", "state", "language", "ruleset", "table_word", "seat", "game", "decided_by"})
"""Keys whose values a page never shows as they are (a kind it looks up, a seat it names through its own words)."""


@pytest.fixture(scope="module")
def halls(tmp_path_factory):
    found = {}
    for ruleset in RULESETS:
        event = tmp_path_factory.mktemp(ruleset) / f"{ruleset}.xlsx"
        shutil.copyfile(WORKBOOKS / f"{ruleset}-example.xlsx", event)
        hall = Hall(event, Journal(journal_path(event)))
        assert hall.reload(), hall.problems
        found[ruleset] = hall
    return found


RULE_TEXT = "Game scoring: "
"""A Diplomacy game scoring's rule paragraph under its games-counted table ('Game scoring: Sum of Squares. Each
power scores...'), which stays English (README, "What stays English"); no page of the hall shows it."""
WRITTEN = frozenset({"total", "points"})
"""A standings total and a game's points: numbers as the workbook holds them, which the page writes with its decimal
mark (its script's num())."""


def shown_texts(value, key: str = "", skip: frozenset[str] = frozenset()):
    """Every text of an answer a page shows (names among them: the caller leaves them out), but under ``skip``."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from shown_texts(v, k, skip)
    elif isinstance(value, list):
        for v in value:
            yield from shown_texts(v, key, skip)
    elif isinstance(value, str) and key not in KEYS:
        yield value


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_state_and_every_players_tables_leave_no_english_in_any_language(halls, ruleset):
    hall = halls[ruleset]
    data = hall.state.data
    names = {data["title"], *data["names"], *data["stand_ins"]}
    for code in OTHERS:
        words = words_in(code)
        state = json.loads(hall.api_json(words=words)[0])
        players = [hall.player(name, words) for name in data["names"]]
        texts = [t for t in [*shown_texts(state), *(t for p in players for t in shown_texts(p))]
                 if not t.startswith(RULE_TEXT)]
        assert sorted({w for t in texts for w in english_left(t, code, names)}) == [], (ruleset, code)
        numbers = [*shown_texts(state, skip=WRITTEN), *(t for p in players for t in shown_texts(p, skip=WRITTEN))]
        assert [t for t in numbers if re.search(r"\d\.\d", t)] == []  # 43,83: the decimal comma


def test_the_final_and_the_knockout_are_said_in_the_phones_language(halls):
    friedrich, carcassonne = halls["fwc2022"], halls["carcassonne2004"]
    es, de = words_in("es"), words_in("de")
    assert friedrich.api(es)["winner"] == {"title": "Ganador", "player": "Felix Vidal"}
    assert friedrich.api(es)["stage"]["title"] == "Final" and friedrich.api(es)["seating"][0]["label"] == "Final, mesa 1"
    assert carcassonne.api(de)["winner"] == {"title": "Sieger", "player": "Elena Costa"}
    assert [t["label"] for t in carcassonne.api(de)["seating"]][-3:] == ["Match SF1", "Match SF2", "Match F"]
    final = next(r for r in carcassonne.player("Anna Eriksen", de)["rounds"] if r["label"] == "Match F")
    assert final["points"] == "Siege 1-1; Punkte gesamt 324-325; Sieger Elena Costa"
    # the Final placings' reason of a knock-out player, and a Friedrich finalist's below the one above
    eriksen = next(r for r in carcassonne.api(es)["standings"]["rows"] if r["player"] == "Anna Eriksen")
    assert eriksen["placings"] == [{"title": "Clasificación final", "place": "2", "reason": "eliminado en final"}]
    weber = next(r for r in friedrich.api(words_in("fr"))["standings"]["rows"] if r["player"] == "Dmitri Weber")
    assert weber["placings"][0]["reason"] == "derrière Zoe Dorn au critère score de la finale"
    # English asks for nothing: the state as read, the director's page's too
    assert friedrich.api(ENGLISH_WORDS)["winner"] == {"title": "Winner", "player": "Felix Vidal"}
    assert carcassonne.api()["seating"][-1]["label"] == "Match F"


def test_the_pages_ask_for_their_own_language_and_another_gets_english(halls):
    hall = halls["cafe2023"]
    client = TestClient(create_app(hall), base_url="http://hall.test")
    assert client.get("/api/state?lang=it").json()["winner"]["title"] == "Vincitore"
    assert client.get("/api/state?lang=xx").json()["winner"]["title"] == "Winner"
    rounds = client.get("/api/player?lang=fr&player=Ben Berg").json()["rounds"]
    assert [r["label"] for r in rounds][-2:] == ["Ronde 4, table 2", "Finale, table 1"]


PARTS = st.lists(st.tuples(st.integers(1, 9), st.integers(1, 40)), max_size=2)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 9), unique=True).map(sorted), PARTS, st.sampled_from(["table", "board"]), st.booleans())
def test_how_far_the_standings_count_is_said_in_english_as_the_workbook_says_it(whole, parts, word, whole_only):
    rounds = RoundsCounted(tuple(whole), tuple(PartRound(n, min(e, 39), 40) for n, e in parts), word, whole_only)
    assert counted_in(rounds, ENGLISH_WORDS) == counted(rounds)
    for code in OTHERS:
        said = counted_in(rounds, words_in(code))
        assert english_left(said["heading"] + " " + said["note"], code) == []
        assert said["after_round"] == rounds.through and said["partly"] == counted(rounds)["partly"]
