"""The Diplomacy simulator (simulate/diplomacy.py): reproducible, and valid under each ruleset for any field."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.errors import InputError
from tourneybook.rules import RULESETS, Family, find_ruleset
from tourneybook.rules.diplomacy import FIRST_YEAR, SOLO_CENTRES, Power, board_problems, repeated_powers
from tourneybook.rules.game_scoring import SYSTEM_IDS
from tourneybook.rules.italia2010 import board_order, ranking_before_top_board
from tourneybook.simulate import simulate
from tourneybook.simulate.diplomacy import odd_seats, play_board


@pytest.mark.parametrize("ruleset_id", [r.id for r in RULESETS if r.family is Family.DIPLOMACY])
def test_same_seed_same_tournament(ruleset_id):
    assert simulate(ruleset_id, 22, 5) == simulate(ruleset_id, 22, 5)
    assert simulate(ruleset_id, 22, 5) != simulate(ruleset_id, 22, 6)


@pytest.mark.parametrize(
    "players, sitting, doubling",
    [
        (21, 0, 0),  # 003 II.5: a multiple of seven needs nothing
        (22, 1, 0),  # one sits out
        (24, 3, 0),  # three sit out
        (25, 0, 3),  # four short: three play two boards instead
        (13, 0, 1),
    ],
)
def test_odd_fields_sit_out_or_double_each_round(players, sitting, doubling):
    field = [f"P{i}" for i in range(players)]
    sit_outs, doubles = odd_seats(field, [1, 2, 3], random.Random(1))
    for rnd in (1, 2, 3):
        assert len(sit_outs.get(rnd, [])) == sitting and len(doubles.get(rnd, [])) == doubling
        assert (players - sitting + doubling) % 7 == 0
    if sitting:  # different players each round (seed 004 section 6: "avoid that the same person sit out two times")
        assert len({p for r in sit_outs.values() for p in r}) == 3 * sitting


@pytest.mark.parametrize("players", [7, 8, 11, 13, 22, 28])
def test_codcon_tournaments_are_valid_and_seat_everyone(players):
    t = simulate("codcon2008", players, 3)
    result = find_ruleset("codcon2008").standings(t)  # raises on any invalid board
    assert {r.player for r in result.standings.rows} == {e.name for e in t.players}
    assert sorted({b.round for b in t.games}) == [1, 2, 3]  # 003 I: three rounds
    for rnd in (1, 2, 3):
        seated = [p.player for b in t.games if b.round == rnd for p in b.powers]
        assert len(seated) % 7 == 0 and len(set(seated)) >= players - 3
    if players >= 21:
        assert repeated_powers(t.games) == []  # 003 II.4: no power twice


@pytest.mark.parametrize("players", [7, 8, 12, 22, 30])
def test_italia_tournaments_have_their_top_board_of_the_best_seven(players):
    t = simulate("italia2010", players, 4)
    result = find_ruleset("italia2010").standings(t)
    tops = [b for b in t.games if b.top]
    assert len(tops) == 1 and tops[0].round == 4
    before = ranking_before_top_board(t).order
    assert sorted(p.player for p in tops[0].powers) == sorted(before[:7])  # 004 3.3 and 4.1
    assert [r.player for r in result.standings.rows[:3]] == [p.player for p in board_order(tops[0])[:3]]  # 004 section 4
    everyone = {p.player for b in t.games for p in b.powers} | {s.player for s in t.sit_outs}
    assert len(everyone) == players
    for rnd in (1, 2, 3, 4):
        playing = {p.player for b in t.games if b.round == rnd for p in b.powers}
        sat = {s.player for s in t.sit_outs if s.round == rnd}
        assert playing | sat == everyone and not playing & sat


def test_a_field_too_small_for_a_board_is_refused():
    with pytest.raises(InputError, match="needs 7"):
        simulate("codcon2008", 6, 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), years=st.integers(2, 12), draw_from=st.sampled_from([None, 1904]))
def test_every_simulated_board_is_a_possible_game(seed, years, draw_from):
    """RULES.md: at most 34 centres every year, survivors hold one, a solo (18) ends the game."""
    rng = random.Random(seed)
    seats = [(power, f"P{i}") for i, power in enumerate(Power)]
    board = play_board(1, 1, seats, {f"P{i}": rng.gauss(0, 1) for i in range(7)}, FIRST_YEAR + years - 1, draw_from, rng)
    assert board_problems(board, need_history=True) == []
    counts = [p.history for p in board.powers]
    assert len(counts[0]) <= years
    if len(counts[0]) < years and (draw_from is None or len(counts[0]) < draw_from - FIRST_YEAR + 1):
        assert max(p.centres for p in board.powers) >= SOLO_CENTRES  # only a solo ends a game before the draw may


def test_solos_and_eliminations_happen_but_not_always():
    rng = random.Random(7)
    seats = [(power, f"P{i}") for i, power in enumerate(Power)]
    boards = [play_board(1, 1, seats, {f"P{i}": rng.gauss(0, 1) for i in range(7)}, 1907, 1904, rng) for _ in range(400)]
    solos = sum(max(p.centres for p in b.powers) >= SOLO_CENTRES for b in boards)
    eliminated = sum(p.eliminated is not None for b in boards for p in b.powers) / len(boards)
    assert 0 < solos < 40 and 1 <= eliminated <= 3


# --- the Diplomacy event with each game-scoring system (simulate diplomacy --scoring ID) ---------------------------


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_system_scores_a_simulated_event_end_to_end(tmp_path, system_id):
    """simulate --scoring ID types an event that system recalculates without a problem, and the workbook reads back
    as the record simulated: the year-by-year counts, each concession and recorded draw included."""
    from tourneybook.files.filestore import FileWorkbook
    from tourneybook.simulate import write_event
    from tourneybook.workbook.event import read_event

    path = write_event("diplomacy", 14, tmp_path / "event.xlsx", seed=4, scoring=system_id)  # raises on a problem
    record = simulate("diplomacy", 14, 4, system_id)
    assert record.settings.scoring == system_id and read_event(FileWorkbook(path)).record.games == record.games
    assert all(len({len(p.history) for p in b.powers}) == 1 and b.powers[0].history for b in record.games)


def test_simulated_events_end_boards_the_ways_their_system_reads():
    """Over a few events: concessions (to a lone leader) for every system, smaller draws only where the system reads
    who shared the draw, solos left alone; the same seed seats and plays the same games whatever the system."""
    ends = {system_id: [b for seed in range(1, 9) for b in simulate("diplomacy", 21, seed, system_id).games]
            for system_id in ("dss", "manorcon")}
    for system_id, boards in ends.items():
        conceded = [b for b in boards if b.conceded_to is not None]
        assert conceded and all(max(p.centres for p in b.powers) < SOLO_CENTRES for b in conceded)
        for b in conceded:
            top = sorted((p.centres for p in b.powers), reverse=True)
            assert b.result(b.conceded_to).centres == top[0] > top[1]
    drawn = [b for b in ends["dss"] if b.draw is not None]
    assert drawn and all(2 <= len(b.draw) < sum(p.survived for p in b.powers) for b in drawn)
    assert not any(b.draw for b in ends["manorcon"])
    plain = lambda b: dataclasses.replace(b, draw=None, conceded_to=None)
    assert list(map(plain, ends["dss"])) == list(map(plain, ends["manorcon"]))


def test_scoring_is_for_the_diplomacy_event_only():
    with pytest.raises(InputError, match="--scoring chooses the game scoring of a Diplomacy event"):
        simulate("codcon2008", 14, 1, "manorcon")
    with pytest.raises(InputError, match="unknown game-scoring system 'chess'"):
        simulate("diplomacy", 14, 1, "chess")


def test_the_command_line_takes_the_system(tmp_path, capsys):
    from tourneybook.cli import main

    out = tmp_path / "maxonian.xlsx"
    assert main(["simulate", "diplomacy", "--scoring", "Maxonian", "--players", "7", "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (diplomacy, scored by Maxonian, 7 players, seed 1)"
    assert main(["simulate", "codcon2008", "--scoring", "maxonian", "--players", "7", "--out",
                 str(tmp_path / "c.xlsx")]) == 1
    assert "--scoring chooses the game scoring of a Diplomacy event" in capsys.readouterr().err
