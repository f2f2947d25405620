"""Each game-scoring family worked by hand from its rule text (docs/formats/diplomacy.md), AEFGIRT.

The boards are game_scoring_boards.py's. Where dipvis (UEWBot/dipvis, game_scoring/test_*.py) has the same
case, its expectation agrees (dipvis's own boards are test_game_scoring_dipvis.py's); the few decisions where we
score otherwise are docs/formats/diplomacy.md's.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from game_scoring_boards import (ELIMINATIONS, FOUR, LEADER, PUBLISHED_CARNAGE, SOLO, SOLO_HISTORY, THREE, TIE, Fr,
                                 board)
from tourneybook.rules.diplomacy import Board, Power
from tourneybook.rules.game_scoring import find_system


def points(system_id: str, b: Board, numbers=None) -> list[F]:
    game = find_system(system_id).scores(b, numbers)
    return [game.of(p.value).points for p in Power]


EXAMPLES = [
    # --- Bangkok, Olympic, Bangkok Pike ---------------------------------------------------------------------
    # France and Germany top on 9: 3 shares each, nobody on 8 or 7: 12 x 3 / 6 = 6 each; survivors + 3;
    # Austria, out in 1905, survived 4 years (1901-1904): 0.3 x 4 = 1.2
    ("bangkok", TIE, [F(6, 5), 5 + 3, 9 + 3 + 6, 9 + 3 + 6, 4 + 3, 3 + 3, 4 + 3]),
    # the published domination example 12, 11, 10, 1: 12 x 3/6 = 6, 12 x 2/6 = 4, 12 x 1/6 = 2
    ("bangkok", ((12, 11, 10, 1, 0, 0, 0), {Power.ITALY: 1905, Power.RUSSIA: 1905, Power.TURKEY: 1906}),
     [12 + 3 + 6, 11 + 3 + 4, 10 + 3 + 2, 1 + 3, F(6, 5), F(6, 5), F(3, 2)]),
    # solo 41; the other survivors 0.5 per centre; the eliminated 0
    ("bangkok", SOLO, [0, 2, 0, 41, 0, F(5, 2), F(7, 2)]),
    # Germany alone on 11, nobody on 10 or 9: all 12 points; Turkey out in 1906: 0.3 x 5 years survived
    ("olympic", LEADER, [3 + 3, 5 + 3, 6 + 3, 11 + 3 + 12, 4 + 3, 5 + 3, F(3, 2)]),
    ("olympic", SOLO, [0, 0, 0, 46, 0, 0, 0]),  # losers score 0 per centre
    # France and Germany share the top: 4 each; survivors + 3; Austria 0.1 x 5 years played
    ("bangkok_pike", TIE, [F(1, 2), 5 + 3, 9 + 4 + 3, 9 + 4 + 3, 4 + 3, 3 + 3, 4 + 3]),
    # Germany alone on 11 with nobody on 10 or 9: 6 + 4 + 2; Turkey 0.1 x 6
    ("bangkok_pike", LEADER, [6, 8, 9, 11 + 6 + 4 + 2 + 3, 7, 8, F(3, 5)]),
    # solo 60; everyone else 0.1 per year played to 1907 or their elimination (1904: 4, 1906: 6)
    ("bangkok_pike", SOLO, [F(2, 5), F(7, 10), F(3, 5), 60, F(3, 5), F(7, 10), F(7, 10)]),
    # --- Base3, Mischief, Vulcan, Detour09 ------------------------------------------------------------------
    # 3 + centres for survivors; two share the top: 9 / 3 = 3 each
    ("base3", TIE, [0, 8, 3 + 9 + 3, 3 + 9 + 3, 7, 6, 7]),
    ("base3", LEADER, [6, 8, 9, 3 + 11 + 9, 7, 8, 0]),
    # three share the top: 9 / 9 = 1 each
    ("base3", THREE, [10, 10, 10, 8, 7, 7, 6]),
    ("mischief", TIE, [0, 5, 9 + 1, 9 + 1, 4, 3, 4]),  # a two-way top: 1 each
    ("mischief", LEADER, [3, 5, 6, 11 + 5, 4, 5, 0]),
    ("mischief", THREE, [6, 6, 6, 5, 4, 4, 3]),  # three on top: no bonus
    # centres + 5 + the centres ahead of each power below (Turkey's 0 included) + 10 to the lone top:
    # Austria 3 ahead of Turkey; England 2 + 1 + 5; France 3 + 1 + 2 + 1 + 6; Germany 8 + 6 + 5 + 7 + 6 + 11
    ("vulcan", LEADER, [3 + 5 + 3, 5 + 5 + 8, 6 + 5 + 13, 11 + 5 + 43 + 10, 4 + 5 + 5, 5 + 5 + 8, 0]),
    ("vulcan", SOLO, [0, 5, 0, 130, 0, 5, 5]),
    # centres + 2 alive; no lone leader; 4 / 3 / 2 / 1 with ties taking the lower rank: France and Germany 3
    # each, England 2, Italy and Turkey (4th-5th) 0: 0, 9, 14, 14, 6, 5, 6 = 54, scaled by 100 / 54;
    # Austria then adds 0.25 x 4 years survived
    ("detour09", TIE, [1, F(50, 3), F(700, 27), F(700, 27), F(100, 9), F(250, 27), F(100, 9)]),
    # Germany leads France by 5; ranks G 4, F 3, England and Russia (3rd-4th) 1: 5, 8, 11, 22, 6, 8, 0 = 60;
    # x 100 / 60; Turkey adds 0.25 x 5
    ("detour09", LEADER, [F(25, 3), F(40, 3), F(55, 3), F(110, 3), 10, F(40, 3), F(5, 4)]),
    # solo 110; the others 0.25 per year survived before 1907 or their elimination
    ("detour09", SOLO, [F(3, 4), F(3, 2), F(5, 4), 110, F(5, 4), F(3, 2), F(3, 2)]),
    # --- Carnage, Duct Tape V2, Sydney League ---------------------------------------------------------------
    # the published example: ranks 7000 ... 1000 plus 1 per centre; Italy (out 1906) above Austria (1904)
    ("carnage", PUBLISHED_CARNAGE, [1000, 3003, 5006, 4004, 2000, 7014, 6007]),
    # France and Germany split 7000 + 6000, Italy and Turkey 4000 + 3000
    ("carnage", TIE, [1000, 5005, 6509, 6509, 3504, 2003, 3504]),
    ("carnage", ELIMINATIONS, [1000, 6010, 2500, 7012, 2500, 5007, 4005]),  # France, Italy out together: 3000 + 2000
    ("carnage", SOLO, [0, 0, 0, 28034, 0, 0, 0]),
    ("carnage_dead_equal", PUBLISHED_CARNAGE, [1500, 3003, 5006, 4004, 1500, 7014, 6007]),  # (2000 + 1000) / 2
    ("carnage_dead_equal", ELIMINATIONS, [2000, 6010, 2000, 7012, 2000, 5007, 4005]),  # (3000 + 2000 + 1000) / 3
    # 500 per centre and 7007 ... 1001; a solo 39028 and 1000 to everyone else
    ("carnage_centre_count", PUBLISHED_CARNAGE, [1001, 4503, 8005, 6004, 2002, 14007, 9506]),
    ("carnage_centre_count", SOLO, [1000, 1000, 1000, 39028, 1000, 1000, 1000]),
    # Russia leads Turkey by 7: 7 x 300 more
    ("carnage2023", PUBLISHED_CARNAGE, [1000, 3003, 5006, 4004, 2000, 7014 + 2100, 6007]),
    ("carnage2023", TIE, [1000, 5005, 6509, 6509, 3504, 2003, 3504]),  # a shared top: no lead points
    # 40, 24, 15, 9, 6, 3, 3 + centres; the eliminated split 6 + 3 + 3 = 4 each
    ("duct_tape_v2", ELIMINATIONS, [4, 24 + 10, 4, 40 + 12, 4, 15 + 7, 9 + 5]),
    # by elimination: France and Italy (1905) split 6 + 3, Austria (1903) 3
    ("duct_tape_v2_elimination", ELIMINATIONS, [3, 34, F(9, 2), 52, F(9, 2), 22, 14]),
    ("duct_tape_v2", SOLO, [0, 0, 0, 75, 0, 0, 0]),
    # 25 per centre + 700 ... 100; France and Italy split 300 + 200 and add 5 years played, Austria 100 + 3
    ("sydney_league", ELIMINATIONS, [103, 250 + 600, 255, 300 + 700, 255, 175 + 500, 125 + 400]),
    # the scores as if no solo, x 1.5 for Germany, x 0.5 for everyone else: Germany 450 + 700, Turkey 175 + 600,
    # Russia 125 + 500, England 100 + 400, France and Italy 250 + 6, Austria 100 + 4
    ("sydney_league", SOLO, [52, 250, 128, 1725, 128, F(625, 2), F(775, 2)]),
    # --- C-Diplo 100, 80, Namur -----------------------------------------------------------------------------
    ("cdiplo100", TIE, [1, 13, 36, 36, 5, 4, 5]),  # docs/formats/diplomacy.md, unchanged
    # the World Diplomacy Database's two published examples: 1 + centres + 38 / 14 / 7, ties sharing
    ("cdiplo100", ((4, 0, 9, 7, 7, 3, 4), {Power.ENGLAND: 1905}), [5, 1, 48, F(37, 2), F(37, 2), 4, 5]),
    ("cdiplo100", ((5, 9, 4, 5, 3, 1, 7), {}), [F(19, 2), 48, 5, F(19, 2), 4, 2, 22]),
    # no point for playing; France and Germany split 25 + 14, England 7
    ("cdiplo80", TIE, [0, 5 + 7, F(57, 2), F(57, 2), 4, 3, 4]),
    ("cdiplo80", SOLO, [0, 0, 0, 80, 0, 0, 0]),
    # 1 + centre points (3: 12, 4: 14, 5: 16, 6: 18, 11: 18 + 5) + 38 / 14 / 7 (England, Russia split 7)
    ("cdiplo_namur", LEADER, [13, F(41, 2), 33, 62, 15, F(41, 2), 1]),
    ("cdiplo_namur", SOLO, [0, 0, 0, 85, 0, 0, 0]),
    # --- World Classic, Summer Classic, Whipping, Haight, Ranked Classic, Southern Sun ------------------------
    # 10 per centre + 30; France and Germany share 48; Austria 4 years survived
    ("world_classic", TIE, [4, 80, 144, 144, 70, 60, 70]),
    ("world_classic", THREE, [106, 106, 106, 80, 70, 70, 60]),  # 48 / 3
    # the others a point per year survived before 1907 or their elimination (1904: 3, 1906: 5)
    ("world_classic", SOLO, [3, 6, 5, 420, 5, 6, 6]),
    ("summer_classic", SOLO, [3, 6, 5, 420, 5, 6, 6]),
    ("summer_classic", THREE, [90, 90, 90, 80, 70, 70, 60]),  # three on top: no bonus
    ("summer_classic", TIE, [4, 80, 144, 144, 70, 60, 70]),
    # 10 per centre + 60 / 6 survivors; Germany alone on top: 2 x 11; Turkey 6 years played
    ("whipping", LEADER, [40, 60, 70, 110 + 10 + 22, 50, 60, 6]),
    ("whipping", SOLO, [4, 7, 6, 468, 6, 7, 7]),  # years played to 1907 or the elimination
    # 10 per centre (eliminated: years played) + 66 ... 11, 0 with ties taking the lower rank; France and Italy
    # (out 1905) tie 5th-6th: 11 each, Austria (1903) 7th; Germany leads England by 2: 5 x 2
    ("haight", ELIMINATIONS, [3, 100 + 55, 5 + 11, 120 + 66 + 10, 5 + 11, 70 + 44, 50 + 33]),
    # two on top take second's 55; Italy and Turkey (4th-5th) take 22; Austria 5 years played + 7th's 0
    ("haight", TIE, [5, 50 + 44, 90 + 55, 90 + 55, 40 + 22, 30 + 11, 40 + 22]),
    # 451; survivors the greater of 5 per centre and 7 years played; the eliminated their years played
    ("haight", SOLO, [4, 20, 6, 451, 6, 25, 35]),
    # 30 + 10 per centre + rank: two tied from first 135 each, England 60, Italy and Turkey (two from 4th) 35,
    # Russia 6th 20; Austria 4 years survived
    ("ranked_classic", TIE, [4, 140, 255, 255, 105, 80, 105]),
    # three tied from first: the lowest rank, 3rd's 60; Italy and Russia two from 5th: 25; Turkey 7th: 10
    ("ranked_classic", THREE, [150, 150, 150, 120, 95, 95, 70]),
    ("ranked_classic_v2", THREE, [160, 160, 160, 120, 95, 95, 70]),  # as two tied for 2nd: 70
    ("ranked_classic", SOLO, [3, 6, 5, 550, 5, 6, 6]),  # years survived before 1907 or the elimination
    # 30 + 10 per centre + rank among the six survivors: (130 + 80) / 2, 50, (30 + 20) / 2, 10; Austria 3 x 5
    ("southern_sun", TIE, [15, 130, 225, 225, 95, 70, 95]),
    # four on top: (130 + 80 + 50 + 30) / 4 = 72.5, a half rounded to even: 72; Italy, Russia (20 + 10) / 2
    ("southern_sun", FOUR, [172, 172, 172, 172, 75, 75, 15]),
    ("southern_sun", SOLO, [0, 0, 0, 500, 0, 0, 0]),
    # --- Sum of Squares, ManorCon ---------------------------------------------------------------------------
    ("sos", LEADER, [F(900, 232), F(2500, 232), F(3600, 232), F(12100, 232), F(1600, 232), F(2500, 232), 0]),
    # N = S² + 4S + 16: 37, 61, 76, 181, 48, 61 and 16 for Turkey (out): 480; Turkey 0.1 x 5 years survived
    ("manorcon", LEADER, [F(3700, 480), F(6100, 480), F(7600, 480), F(18100, 480), 10, F(6100, 480), F(1, 2)]),
    # the others 0.1 per year survived before 1907 or their elimination
    ("manorcon", SOLO, [F(3, 10), F(3, 5), F(1, 2), 75, F(1, 2), F(3, 5), F(3, 5)]),
    ("manorcon_original", SOLO, [F(3, 10), F(3, 5), F(1, 2), 100, F(1, 2), F(3, 5), F(3, 5)]),
    # v2: only the survivors' N: 464
    ("manorcon_v2", LEADER, [F(3700, 464), F(6100, 464), F(7600, 464), F(18100, 464), F(4800, 464), F(6100, 464),
                             F(1, 2)]),
    # --- Tribute, OpenTribute, Open Mind the Gap ------------------------------------------------------------
    # centres + 66 / 6; Germany is 5 over 6: five survivors pay 5 each
    ("tribute", LEADER, [9, 11, 12, 11 + 11 + 25, 10, 11, 0]),
    # 3 over 6, paid by four survivors, 12 shared by France and Germany
    ("tribute", TIE, [0, 13, 26, 26, 12, 11, 12]),
    ("opentribute", LEADER, [35, 43, 47, 110, 39, 43, 0]),  # docs/formats/diplomacy.md, unchanged
    # 1.5 per centre + 9 alive + 4.5 / 3 / 1.5 (England and Russia split 1.5); Germany leads by 5, taking 5 from
    # each survivor (all have 10 or more), Turkey's 0 / 2 = 0
    ("omg", LEADER, [F(17, 2), F(49, 4), 16, 55, 10, F(49, 4), 0]),
    # no lone leader: no tribute; France and Germany split 4.5 + 3
    ("omg", TIE, [0, 18, F(105, 4), F(105, 4), 15, F(27, 2), 15]),
    # --- Draw Size, Solos, Your Draw Size -------------------------------------------------------------------
    ("dss", TIE, [0] + [F(50, 3)] * 6),
    ("solos", TIE, [0] * 7),
    ("solos", SOLO, [0, 0, 0, 100, 0, 0, 0]),
    # bands: 1-3: 21, 4-7: 30, 8-10: 42, 11-13: 70, 14-17: 105
    ("your_draw_size_short", LEADER, [21, 30, 30, 70, 30, 30, 0]),
    ("your_draw_size_unlimited", ((14, 10, 8, 2, 0, 0, 0), {Power.ITALY: 1906, Power.RUSSIA: 1906,
                                                          Power.TURKEY: 1906}),
     [105, 42, 42, 21, 0, 0, 0]),
    ("your_draw_size_short", SOLO, [0, 0, 0, 300, 0, 0, 0]),
    ("your_draw_size_unlimited", SOLO, [0, 0, 0, 320, 0, 0, 0]),
]


@pytest.mark.parametrize("system_id, example, expected", EXAMPLES,
                         ids=[f"{s}-{i}" for i, (s, _, _) in enumerate(EXAMPLES)])
def test_worked_by_hand(system_id, example, expected):
    assert points(system_id, board(example)) == expected


def test_every_system_has_a_worked_example():
    from tourneybook.rules.game_scoring import SYSTEM_IDS

    assert {s for s, _, _ in EXAMPLES} | {"maxonian", "7eleven", "dss"} == set(SYSTEM_IDS)


def test_draw_size_shares_among_the_recorded_draw():
    assert points("dss", board(TIE, draw=(Power.FRANCE, Power.GERMANY))) == [0, 0, 50, 50, 0, 0, 0]


def test_a_concession_scores_as_the_solo_of_the_power_conceded_to():
    assert points("carnage", board(TIE, conceded_to=Fr)) == [0, 0, 28034, 0, 0, 0, 0]
    assert points("whipping", board(TIE, conceded_to=Fr)) == [5, 7, 468, 7, 7, 7, 7]  # years played, out 1905


def test_maxonian_breaks_ties_by_the_years_before():
    # SOLO_HISTORY: Germany's solo ranks first (7 + 18 - 13); Turkey 6, Russia 5, England 4; Austria, France and
    # Italy end on 0: in 1906 all 0 too, in 1905 Italy 2, France 1, Austria 0: Italy 3, France 2, Austria 1
    assert points("maxonian", board(SOLO, history=SOLO_HISTORY)) == [1, 4, 2, 12, 3, 5, 6]
    assert points("7eleven", board(SOLO, history=SOLO_HISTORY)) == [1, 4, 2, 14, 3, 5, 6]  # 18 - 11


def test_maxonian_shares_a_tie_that_held_every_year():
    # 1902 only after 1901: England and Russia tie on 5 in 1902, and in 1901 Russia had 5, England 4: Russia 4th
    history = {Power.AUSTRIA: (3, 3), Power.ENGLAND: (4, 5), Power.FRANCE: (5, 6), Power.GERMANY: (6, 11),
               Power.ITALY: (4, 4), Power.RUSSIA: (5, 5), Power.TURKEY: (3, 0)}
    leader = ((3, 5, 6, 11, 4, 5, 0), {Power.TURKEY: 1902})
    assert points("maxonian", board(leader, last_year=1902, history=history)) == [2, 4, 6, 7, 3, 5, 1]
    # level in both years, England and Russia share (5 + 4) / 2
    history[Power.ENGLAND] = (5, 5)
    history[Power.FRANCE] = (4, 6)
    assert points("maxonian", board(leader, last_year=1902, history=history)) == [2, F(9, 2), 6, 7, 3, F(9, 2), 1]
    # the line tuned to 10: Germany's 11 is one above it
    assert points("maxonian", board(leader, last_year=1902, history=history), {"line": 10})[3] == 8


@pytest.mark.parametrize("system_id, numbers, example, expected", [
    # C-Diplo 100 with 50 for the most centres: France and Germany split 50 + 14
    ("cdiplo100", {"first": 50}, TIE, [1, 13, 42, 42, 5, 4, 5]),
    # Bangkok with a solo of 50 and 1 per centre for the losers
    ("bangkok", {"solo": 50, "loser_per_centre": 1}, SOLO, [0, 4, 0, 50, 0, 5, 7]),
    # Carnage with 100 lead points: Russia 7 ahead of Turkey
    ("carnage", {"lead": 100}, PUBLISHED_CARNAGE, [1000, 3003, 5006, 4004, 2000, 7714, 6007]),
    # ManorCon with base 1: N = S² + 4S + 1: 22, 46, 61, 166, 33, 46 and 1 for Turkey (out) = 375
    ("manorcon", {"base": 1}, LEADER, [F(2200, 375), F(4600, 375), F(6100, 375), F(16600, 375), F(3300, 375),
                                       F(4600, 375), F(1, 2)]),
    ("your_draw_size_short", {"solo": 250}, SOLO, [0, 0, 0, 250, 0, 0, 0]),
    # World Classic with 20 per centre and no survival points
    ("world_classic", {"per_centre": 20, "survival": 0}, TIE, [4, 100, 204, 204, 80, 60, 80]),
])
def test_tuned_numbers_worked_by_hand(system_id, numbers, example, expected):
    assert points(system_id, board(example), numbers) == expected
