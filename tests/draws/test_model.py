"""The draws' seat order is the rules' own: a Diplomacy board is seated AEFGIRT, like its rows and its form."""

from __future__ import annotations

import random

from tourneybook.draws import POWERS, draw_diplomacy
from tourneybook.rules.diplomacy import POWER_NAMES
from tourneybook.rules.italia2010_game import TIE_ORDER


def test_a_board_is_seated_in_the_rules_power_order_not_italias_tie_order():
    assert tuple(p.value for p in POWERS) == POWER_NAMES == (
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")  # seed 003 IV.6
    assert POWERS != TIE_ORDER  # 004 3.2 breaks ties with it; it says nothing about seats
    draw = draw_diplomacy([f"P{i}" for i in range(14)], 2, rng=random.Random(3))
    for rnd in draw.rounds:
        for board in rnd.tables:
            assert tuple(s.seat for s in board.seats) == POWER_NAMES
