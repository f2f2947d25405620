"""The quality report and its lower bounds (draws/quality.py)."""

from __future__ import annotations

import random
import re

import pytest

from tourneybook.draws import DrawnRounds, DrawnTable, Family, Round, Seat, draw_diplomacy, quality, rematch_bound

from .conftest import field


def _round(number: int, *tables: str) -> Round:
    return Round(number, tuple(DrawnTable(t + 1, tuple(Seat(f"seat {i + 1}", p) for i, p in enumerate(names)))
                               for t, names in enumerate(tables)))


@pytest.mark.parametrize(
    "history, seated, sizes, bound",
    [
        # 21 Diplomacy players after three disjoint boards: 7 over 3 boards is 3+2+2, 5 pairs each
        ([_round(1, "ABCDEFG", "HIJKLMN", "OPQRSTU")], ["ABCDEFGHIJKLMNOPQRSTU"], [[7, 7, 7]], 15),
        # 12 players at tables of four, fresh: 3 repeats per pair of rounds, 6 pairs of 4 rounds
        ([], ["ABCDEFGHIJKL"] * 4, [[4, 4, 4]] * 4, 18),
        # 16 players, four rounds: nothing forced
        ([], ["ABCDEFGHIJKLMNOP"] * 4, [[4, 4, 4, 4]] * 4, 0),
        # 5 players at one table of 5 twice: every pair meets twice (counting bound)
        ([], ["ABCDE"] * 2, [[5]] * 2, 10),
    ],
)
def test_rematch_bound(history, seated, sizes, bound):
    assert rematch_bound(history, seated, sizes) == bound


def test_report_counts_and_renders():
    history = [_round(1, "ABCD", "EFGH")]
    draw = DrawnRounds(Family.CARCASSONNE, (_round(2, "ABCE", "DFGH"), _round(3, "ABH", "CDE", "FG")))
    report = quality(draw, history, keep_apart=[["A", "B"]])
    # A-B meet three times, A-C and B-C twice, F-G and G-H and F-H twice...
    assert report.most_meetings == 3
    assert report.keep_apart_violations == 2
    assert report.small_table_repeats == 0
    text = report.render()
    assert "repeated pairs: " in text and "keep-apart violations: 2" in text


def test_draw_render_lists_tables_and_reasons():
    players = field(21)
    first = draw_diplomacy(players, rng=random.Random(1))
    second = draw_diplomacy(players, history=first.rounds, rng=random.Random(1))
    text = second.render()
    assert text.startswith("Round 2\n  Board 1: Austria: ")  # seed 003 II: Diplomacy is played on boards
    assert text.count("! rematch: ") == 15  # one reason per pair meeting again


def test_a_round_says_how_many_of_its_meetings_again_who_is_left_forces():
    """Issue 35 item 5: 21 players after three boards, round 2 (3 + 2 + 2 of each old board at best): all 15
    meetings again are forced, said in a player's words; each rematch on its table says where they met."""
    players = field(21)
    first = draw_diplomacy(players, rng=random.Random(1))
    second = draw_diplomacy(players, history=first.rounds, rng=random.Random(1))
    report = quality(second, first.rounds)
    [why] = report.rematches_why
    assert why.startswith("round 2: 15 pair(s) meet again; who is left forces at least 15 of them: 21 players at "
                          "3 boards, so the 7 players of board ")
    assert why.endswith("of round 1 sit together again at best as 3 + 2 + 2")
    assert why in report.render()
    reasons = [r for t in second.rounds[0].tables for r in t.reasons if r.startswith("rematch")]
    assert len(reasons) == 15
    assert all(re.fullmatch(r"rematch: P\d+ and P\d+ meet for the 2nd time \(last at board [123] of round 1\)", r)
               for r in reasons)


def test_meetings_again_nobody_forced_are_said_to_be_the_draws_own():
    """A round 2 that seats round 1's table of four again, though 16 players could all meet someone new."""
    first = _round(1, "ABCD", "EFGH", "IJKL", "MNOP")
    again = DrawnRounds(Family.CARCASSONNE, (_round(2, "ABCD", "EFGH", "IJKL", "MNOP"),))
    [why] = quality(again, (first,)).rematches_why
    assert why.startswith("round 2: 24 pair(s) meet again; who is left forces none of them: the draw found no "
                          "seating without them")
