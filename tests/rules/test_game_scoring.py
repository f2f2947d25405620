"""Every Diplomacy game-scoring system at once (rules/game_scoring): the registry, the properties every system
must have, the director's numbers, and what a system refuses of a board.

The hand-worked examples of each family are in test_game_scoring_examples.py.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game_scoring_boards import (ELIMINATIONS, FOUR, LEADER, PUBLISHED_CARNAGE, SOLO, SOLO_HISTORY, THREE, TIE, A, E,
                                 Fr, G, T, board, flat_history)
from tourneybook.errors import InputError, UnknownSystem, ValidationError
from tourneybook.rules.diplomacy import Board, Power
from tourneybook.rules.game_scoring import SYSTEM_IDS, SYSTEMS, Need, ScoringSystem, find_system

ISSUE_LIST = (  # issue 30's list, in its order and spelling
    "Bangkok", "Olympic", "Bangkok Pike", "Base3", "Carnage with elimination order", "Carnage with dead equal",
    "Centre-count Carnage", "Carnage 2023", "C-Diplo 100", "C-Diplo 80", "C-Diplo Namur", "Detour09", "Draw Size",
    "Duct Tape V2", "Duct Tape V2 with elimination order", "Haight", "ManorCon", "Original ManorCon", "ManorCon v2",
    "Maxonian", "7Eleven", "Mischief", "Open Mind the Gap", "Ranked Classic", "Ranked Classic v2", "Solos",
    "Sum of Squares", "Southern Sun", "Sydney League", "Tribute", "OpenTribute", "Vulcan", "Whipping",
    "World Classic", "Summer Classic", "Your Draw Size short", "Your Draw Size unlimited",
)

EVERY = pytest.mark.parametrize("system", SYSTEMS, ids=SYSTEM_IDS)


def as_read(system: ScoringSystem, b: Board) -> Board:
    """The board as the system reads it: one that reads the year-by-year counts gets a history keeping every tie
    it can (game_scoring_boards.flat_history)."""
    if Need.YEAR_COUNTS not in system.needs or any(p.history for p in b.powers):
        return b
    history = flat_history(b)
    return replace(b, powers=tuple(replace(p, history=history[p.power]) for p in b.powers))


def scored(system: ScoringSystem, b: Board, numbers=None) -> dict:
    """Each power's points."""
    game = system.scores(as_read(system, b), numbers)
    return {p.power: game.of(p.player).points for p in b.powers}


BOARDS = {
    "a solo": board(SOLO),
    "a concession to France": board(TIE, conceded_to=Fr),
    "a 2-way draw": board(TIE, draw=(Fr, G)),
    "a 7-way draw": board(THREE, draw=tuple(Power)),
    "ties on centres": board(FOUR),
    "a lone leader": board(LEADER),
    "eliminations": board(ELIMINATIONS),
    "the published Carnage example": board(PUBLISHED_CARNAGE),
}


def test_the_registry_holds_the_issues_list_in_order_each_id_once():
    assert tuple(s.name for s in SYSTEMS) == ISSUE_LIST
    assert len(set(SYSTEM_IDS)) == len(SYSTEMS) == 37
    assert all(re.fullmatch(r"[a-z0-9_]+", i) for i in SYSTEM_IDS)
    assert find_system("carnage2023").name == "Carnage 2023"


def test_an_unknown_id_names_the_known_ones():
    with pytest.raises(UnknownSystem, match=r"unknown game-scoring system 'chess'; known: bangkok, olympic, .*7eleven"):
        find_system("chess")
    assert issubclass(UnknownSystem, InputError)  # exit status 1 with the message, never a trace


@EVERY
@pytest.mark.parametrize("name", BOARDS)
def test_every_system_scores_every_kind_of_board_exactly(system, name):
    game = system.scores(BOARDS[name]) if Need.YEAR_COUNTS not in system.needs else None
    points = scored(system, BOARDS[name])
    assert len(points) == 7 and all(isinstance(x, F) for x in points.values())
    if game is not None:
        assert [s.seat for s in game.players] == ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
        assert all(s.parts[0][0] == "centres" and len(s.parts) >= 2 for s in game.players), "parts explain the score"


@EVERY
@pytest.mark.parametrize("name", ["a solo", "a concession to France"])
def test_a_soloist_tops_the_board(system, name):
    points = scored(system, BOARDS[name])
    winner = G if name == "a solo" else Fr
    assert all(points[winner] > x for power, x in points.items() if power is not winner)


@EVERY
@pytest.mark.parametrize("name", BOARDS)
def test_equal_powers_score_equal(system, name):
    """Powers with the same centres, elimination year, history and place in the draw score the same."""
    b = as_read(system, BOARDS[name])
    points = scored(system, b)
    same: dict[tuple, set] = {}
    for p in b.powers:
        if p.power is not b.conceded_to:
            key = (p.centres, p.eliminated, p.history, b.draw is None or p.power in b.draw)
            same.setdefault(key, set()).add(points[p.power])
    assert all(len(values) == 1 for values in same.values()), same


@EVERY
@pytest.mark.parametrize("name", ["ties on centres", "a lone leader", "eliminations", "the published Carnage example",
                                  "a 7-way draw"])
def test_more_centres_never_score_less(system, name):
    b = BOARDS[name]
    points = scored(system, b)
    alive = sorted((p for p in b.powers if p.survived), key=lambda p: p.centres)
    assert all(points[lo.power] <= points[hi.power] for lo, hi in zip(alive, alive[1:]))


@EVERY
def test_a_later_elimination_never_scores_less(system):
    points = scored(system, board(ELIMINATIONS))
    assert points[A] <= points[Fr]  # Austria out in 1903, France in 1905


@EVERY
def test_the_rule_texts_state_every_number_used(system):
    assert all("{" + p.key + "}" in system.text for p in system.parameters), "the form must state each number"
    assert system.rule_sentence().endswith(".") and "{" not in system.rule_sentence()
    assert system.form_text().count_note.startswith("Final count: the last Fall played. ")
    for p in system.parameters:
        bumped = {p.key: p.default + 7}
        assert system.form_text(bumped) != system.form_text(), f"{p.label} is not printed on the form"


@EVERY
def test_every_number_of_a_system_changes_some_score(system):
    """A number a director can tune but that changes nothing would be a defect."""
    for p in system.parameters:
        bumped = {p.key: p.default + 1}
        assert any(scored(system, b, bumped) != scored(system, b) for b in BOARDS.values()), p.label


def test_the_directors_numbers_are_checked_each_by_its_settings_label():
    cdiplo = find_system("cdiplo100")
    with pytest.raises(ValidationError) as caught:
        cdiplo.scores(board(TIE), {"solo": -5, "first": F(1, 2), "bonus": 3})
    assert [str(p) for p in caught.value.problems] == [
        "settings: C-Diplo 100 has no number 'bonus'; its numbers: solo, played, per_centre, first, second, third",
        "settings: C-Diplo 100: solo points must be at least 0, not -5",
    ]
    with pytest.raises(ValidationError, match="Maxonian: centre line must be a whole number, not 12.5"):
        find_system("maxonian").numbers({"line": F(25, 2)})
    assert find_system("olympic").numbers()["one_away_shares"] == F(3, 2)


def test_tuned_numbers_score_and_are_printed():
    whipping = find_system("whipping")
    assert scored(whipping, board(SOLO), {"solo": 500})[G] == 500
    assert "18 centres or more (or a concession) is a solo: 500;" in whipping.form_text({"solo": 500}).count_note
    assert find_system("bangkok").rule_text({"per_year": F(1, 4)}).count("0.25 per year survived") == 1


def test_a_solo_needs_its_year_where_losers_score_the_years_they_played():
    with pytest.raises(ValidationError, match="Whipping scores the powers that lost to a solo by their years in the "
                                              "game: enter the game's last year"):
        find_system("whipping").scores(board(SOLO, last_year=None))
    assert find_system("carnage").scores(board(SOLO, last_year=None)).of("Germany").points == 28034


def test_maxonian_refuses_a_tie_it_cannot_break_without_the_years_before():
    maxonian = find_system("maxonian")
    with pytest.raises(ValidationError, match="game R1 B1: England, Russia tie on centres: Maxonian ranks them by the "
                                              "years before; enter the centre count of every year"):
        maxonian.scores(board(LEADER))
    assert maxonian.scores(board(SOLO, history=SOLO_HISTORY)).of("Germany").points == 12


def test_a_concession_is_checked_with_the_board():
    with pytest.raises(ValidationError, match="the game is conceded to Austria, which has no centres"):
        find_system("sos").scores(board(TIE, conceded_to=A))
    with pytest.raises(ValidationError, match="both a draw and a concession are recorded"):
        find_system("dss").scores(board(TIE, conceded_to=Fr, draw=(Fr, G)))
    with pytest.raises(ValidationError, match="a solo needs no concession"):
        find_system("dss").scores(board(SOLO, conceded_to=T))


def test_a_recorded_draw_changes_only_the_systems_that_read_it():
    readers = {s.id for s in SYSTEMS if Need.DRAW_MEMBERS in s.needs}
    assert readers == {"dss"}
    for system in SYSTEMS:
        if system.id not in readers:
            assert scored(system, board(TIE, draw=(Fr, G))) == scored(system, board(TIE)), system.id


@pytest.mark.parametrize("ruleset_id", ["sos", "dss", "cdiplo100", "opentribute"])
def test_an_older_id_is_the_diplomacy_event_with_its_system(ruleset_id):
    """sos, dss, cdiplo100 and opentribute: one scoring function, one set of numbers, one rule text (issue 41)."""
    from tourneybook.rules import find_ruleset
    from tourneybook.rules.diplomacy_event import chosen, settings_of

    ruleset, system = find_ruleset(ruleset_id), find_system(ruleset_id)
    for b in (board(TIE), board(LEADER), board(SOLO)):
        assert ruleset.score_game(b) == system.scores(b)
    assert ruleset.form.centre_count == system.form_text()
    assert ruleset.settings == settings_of(ruleset_id) and ruleset.summary == chosen(settings_of(ruleset_id)).summary


@st.composite
def any_board(draw) -> Board:
    """A possible board ending in 1907: seven counts adding up to at most 34, sometimes one power on 18 or more
    (a solo), each eliminated power out in some year from 1901; powers tied often."""
    counts = draw(st.lists(st.integers(0, 9), min_size=7, max_size=7).filter(lambda c: 0 < sum(c) <= 34))
    if draw(st.booleans()):
        winner = draw(st.integers(0, 6))
        rest = sum(c for i, c in enumerate(counts) if i != winner)
        if rest <= 16:
            counts[winner] = draw(st.integers(18, 34 - rest))
    out = {p: draw(st.integers(1901, 1907)) for p, n in zip(Power, counts) if n == 0}
    return board((tuple(counts), out))


@given(any_board())
@settings(max_examples=60, deadline=None)
def test_every_system_on_any_possible_board(b):
    """Every system scores any possible board without error: a soloist tops it, equal powers score equal, and
    among the survivors more centres never score less."""
    for system in SYSTEMS:
        read = as_read(system, b)
        points = scored(system, read)
        won = next((p for p in b.powers if p.centres >= 18), None)
        if won is not None:
            assert all(points[won.power] > x for power, x in points.items() if power is not won.power), system.id
        same: dict[tuple, set] = {}
        for p in read.powers:
            same.setdefault((p.centres, p.eliminated, p.history), set()).add(points[p.power])
        assert all(len(values) == 1 for values in same.values()), system.id
        alive = sorted((p for p in b.powers if p.survived), key=lambda p: p.centres)
        assert all(points[lo.power] <= points[hi.power] for lo, hi in zip(alive, alive[1:])), system.id


@pytest.mark.parametrize("ruleset, why", [
    ("codcon2008", "solos may not be conceded (003 V.1)"),
    ("italia2010", "Italia 2010 scores none"),
])
def test_the_seed_rulesets_refuse_a_concession_their_rules_do_not_know(ruleset, why):
    """Seed 003 V.1: "Solos may not be conceded"; seed 004 scores only the centres at the game's end: a board that
    records a concession is refused with that reason, not scored as if it had none."""
    from tourneybook.errors import ValidationError
    from tourneybook.rules import find_ruleset

    history = {"Austria": [4, 5, 6, 7, 8, 9, 10], "England": [4, 4, 5, 5, 5, 5, 5], "France": [5, 5, 5, 5, 5, 5, 5],
               "Germany": [5, 5, 4, 4, 4, 4, 4], "Italy": [4, 4, 4, 4, 3, 3, 3], "Russia": [5, 4, 3, 3, 3, 3, 3],
               "Turkey": [4, 4, 4, 4, 4, 4, 4]}
    powers = [{"power": p, "player": p, "centres": h[-1], "history": h} for p, h in history.items()]
    game = {"round": 1, "board": 1, "last_year": 1907, "conceded_to": "Austria", "powers": powers}
    ruleset = find_ruleset(ruleset)
    with pytest.raises(ValidationError) as refused:
        ruleset.score_game(ruleset.game_from_dict(game))
    assert any(why in str(p) and "concession to Austria" in str(p) for p in refused.value.problems)
    del game["conceded_to"]
    assert len(ruleset.score_game(ruleset.game_from_dict(game)).players) == 7  # the same board without it is scored


def random_boards(seed: int, count: int) -> list[Board]:
    """``count`` possible boards of 1907 (as :func:`any_board` draws them, from a seeded generator): leaders, ties,
    eliminations and solos."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        counts = [rng.randint(0, 9) for _ in Power]
        if not 0 < sum(counts) <= 34:
            continue
        if rng.random() < 0.2 and sum(counts[1:]) <= 16:
            counts[0] = rng.randint(18, 34 - sum(counts[1:]))
        out.append(board((tuple(counts), {p: rng.randint(1901, 1907) for p, n in zip(Power, counts) if n == 0})))
    return out


@EVERY
def test_no_system_lists_a_part_it_never_pays(system):
    """Issue 39: Carnage with elimination order (its lead number 0) listed "lead points 0.00" for every power on
    the hall's pages. A part a system lists must be paid on some board under its own numbers: every part name of
    its scores is non-zero for some power of the examples or of 80 random boards."""
    paid: dict[str, bool] = {}
    for b in [*BOARDS.values(), *random_boards(39, 80)]:
        for score in system.scores(as_read(system, b)).players:
            for name, value in score.parts:
                paid[name] = paid.get(name, False) or not isinstance(value, (int, F)) or value != 0
    assert [name for name, was in paid.items() if not was] == [], system.id


ALONE_WITH_A_SOLO = ((0, 0, 0, 18, 0, 0, 0), {A: 1903, E: 1904, Fr: 1905, Power.ITALY: 1905, Power.RUSSIA: 1906, T: 1907})
"""Germany's solo with every other power eliminated: the losers' years end at their own eliminations."""


@EVERY
def test_a_solo_over_eliminated_powers_needs_no_last_year(system):
    """A loser to a solo counts its years to its elimination, or to the game's last year while it holds a centre
    (system.losers_last_year): with no other power left, the board scores the same without its last year."""
    with_year = as_read(system, board(ALONE_WITH_A_SOLO))
    assert system.scores(replace(with_year, last_year=None)) == system.scores(with_year)
