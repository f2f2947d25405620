"""The quality report and its lower bounds (draws/quality.py)."""

from __future__ import annotations

import random

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
