"""Scoring System Italia 2010, WDC 2024 (seed 004): games, positions, tournament rules."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tourneybook.cli import main
from tourneybook.errors import ValidationError
from tourneybook.rules import find_ruleset
from tourneybook.rules.diplomacy import FIRST_YEAR, Board, Power, PowerResult
from tourneybook.rules.italia2010 import (
    Settings,
    SitOut,
    Tournament,
    board_order,
    game_from_dict,
    ranking_before_top_board,
    score_game,
    standings,
    tournament_from_dict,
)
from tourneybook.rules.ranking import Adjustment, Criterion, LotState, Wins, field_values, rank

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "italia2010"
A, E, F, G, I, R, T = Power


def board(finals, players=None, hist=None, rnd=1, no=1, years=7, top=False) -> Board:
    """A valid board: each power's history is its starting centres until the last year, unless given;
    an eliminated power loses its last centre in 1905."""
    players, hist = players or {}, hist or {}
    seats = []
    for power in Power:
        centres = finals[power]
        if power in hist:
            history = hist[power]
        elif centres:
            history = [power.starting_centres] * (years - 1) + [centres]
        else:
            history = [power.starting_centres] * 4 + [0] * (years - 4)
        name = players.get(power, f"r{rnd}b{no}-{power.value}")
        eliminated = FIRST_YEAR + history.index(0) if centres == 0 else None
        seats.append(PowerResult(power, name, centres, eliminated, tuple(history)))
    return Board(rnd, no, tuple(seats), top=top)


def points(game, power):
    return next(p.points for p in game.players if p.seat == power.value)


BREAK = {A: 10, E: 7, F: 6, G: 5, I: 3, R: 2, T: 0}
NO_BREAK = {A: 8, E: 6, F: 6, G: 5, I: 4, R: 3, T: 2}
NO_BREAK_HIST = {E: [3, 4, 5, 6, 7, 7, 6], F: [3, 4, 5, 6, 6, 5, 6]}  # 1906: England 7, France 5


@pytest.mark.parametrize(
    "finals, hist, expected",
    [
        # Break (10 - 7 = 3), 5 powers on 3+ -> TSS 0.4.
        # A (40 + 70 + 30) x 1.4 + 1 = 197; E (28 + 34) x 1.4 + 1 = 87.8; F (24 + 16) x 1.4 + 1 = 57;
        # G 20 x 1.4 + 1 = 29; I 12 x 1.4 + 1 = 17.8; R 8 x 1.4 + 1 = 12.2; T eliminated 1.
        (BREAK, {}, {A: 197, E: Fraction("87.8"), F: 57, G: 29, I: Fraction("17.8"), R: Fraction("12.2"), T: 1}),
        # No break (8 - 6 = 2), 6 powers on 3+ -> TSS 0.5; England above France on 1906 (7 to 5).
        # A (32 + 70) x 1.5 + 1 = 154; E (24 + 34 + 10) x 1.5 + 1 = 103; F (24 + 16 + 10) x 1.5 + 1 = 76;
        # G 30 x 1.5 + 1 = 46; I 26 x 1.5 + 1 = 40; R 22 x 1.5 + 1 = 34; T (8 + 10) x 1.5 + 1 = 28.
        (NO_BREAK, NO_BREAK_HIST, {A: 154, E: 103, F: 76, G: 46, I: 40, R: 34, T: 28}),
    ],
    ids=["break", "no break"],
)
def test_hand_computed_boards(finals, hist, expected):
    game = score_game(board(finals, hist=hist))
    assert {p: points(game, p) for p in Power} == expected


def test_seed_solo_check():
    """004 2.4.1: "18 centers with 4 players with 3 centers or more = 445,9"; everyone else 1."""
    game = game_from_dict(json.loads((EXAMPLES / "solo.json").read_text()))
    scored = score_game(game)
    assert points(scored, A) == Fraction("445.9")
    assert all(points(scored, p) == 1 for p in Power if p is not A)


def test_seed_tie_example():
    """004 3.2: A and B on 9 in 1907, 1906 A 9 B 8: A takes 70, B 34 + 10 (no break)."""
    scored = score_game(game_from_dict(json.loads((EXAMPLES / "tie.json").read_text())))
    first, second = scored.of("A"), scored.of("B")
    assert (first.part("position"), first.part("position bonus"), first.part("break bonus")) == (1, 70, 0)
    assert (second.part("position"), second.part("position bonus"), second.part("break bonus")) == (2, 34, 10)
    assert "Austria placed above France on 9 centres each (1906: 9 to 8 centres)" in scored.notes


@pytest.mark.parametrize(
    "hist, second",
    [
        # 004 3.2: "if France and Italy are even in 1901, then Italy has precedence"
        ({F: [3, 4, 5, 5, 5, 6, 6], I: [3, 4, 5, 5, 5, 6, 6]}, I),
        # ... but any earlier year with a difference decides first: France ahead in 1901
        ({F: [4, 4, 5, 5, 5, 6, 6], I: [3, 4, 5, 5, 5, 6, 6]}, F),
    ],
)
def test_power_order_breaks_a_tie_equal_back_to_1901(hist, second):
    finals = {A: 10, E: 3, F: 6, G: 3, I: 6, R: 3, T: 3}
    order = board_order(board(finals, hist=hist))
    assert [p.power for p in order[:3]] == [A, second, F if second is I else I]
    game = score_game(board(finals, hist=hist))
    assert game.of(f"r1b1-{second.value}").part("position bonus") == 34


def test_top_board_factor_and_top_three():
    """004 section 4: top board x 1.2; places 1-3 are the top board's first three, even below others on points."""
    r1 = board(BREAK, players={A: "Star", E: "P1", F: "P2", G: "P3"})  # Star 197
    top = board(BREAK, players={A: "P1", E: "P2", F: "P3", G: "Star"}, rnd=2, top=True)
    result = standings(Tournament("cup", (r1, top)))
    table = result.standings
    # P1: 87.8 + 197 x 1.2 = 324.2; P2: 57 + 87.8 x 1.2 = 162.36; P3: 29 + 57 x 1.2 = 97.4; Star 197 + 29 x 1.2 = 231.8
    assert [(r.player, r.total) for r in table.rows[:4]] == [
        ("P1", Fraction("324.2")), ("P2", Fraction("162.36")), ("P3", Fraction("97.4")), ("Star", Fraction("231.8"))]
    assert [r.decided_by for r in table.rows[1:4]] == ["top board position"] * 3
    before = ranking_before_top_board(Tournament("cup", (r1, top)))
    assert before.order[0] == "Star"


def test_the_ranking_before_the_top_board_is_made_only_when_read(monkeypatch):
    """A recalc never reads it (only the JSON output does): standings() leaves it to be made, once, when asked."""
    import pickle

    from tourneybook.rules import italia2010

    r1 = board(BREAK, players={A: "Star", E: "P1", F: "P2", G: "P3"})
    top = board(BREAK, players={A: "P1", E: "P2", F: "P3", G: "Star"}, rnd=2, top=True)
    ranked = []
    real = italia2010._rank
    monkeypatch.setattr(italia2010, "_rank", lambda *a, **k: ranked.append(a[2] if len(a) > 2 else None) or real(*a, **k))
    result = standings(Tournament("cup", (r1, top)))
    assert len(ranked) == 2  # everyone, and the players below the top board's three
    before = result.details["before_top_board"]
    assert result.details["before_top_board"] is before and len(ranked) == 3
    assert before.order == ranking_before_top_board(Tournament("cup", (r1, top))).order
    assert [r.total for r in before.rows][:1] == [Fraction(197)]  # Star's round-1 board alone
    copied = pickle.loads(pickle.dumps(result))
    assert dict(copied.details).keys() == {"before_top_board"} and copied.details["before_top_board"] == before


def test_two_boards_survived_get_15_percent_on_both():
    """004 section 6: +15 % on both results only if the player survived on both boards."""
    both = (board(BREAK, players={F: "Twin"}), board(BREAK, players={G: "Twin"}, no=2))
    assert standings(Tournament("cup", both)).standings.row("Twin").total == (57 + 29) * Fraction(23, 20)  # 98.9
    one_out = (board(BREAK, players={F: "Twin"}), board(BREAK, players={T: "Twin"}, no=2))
    assert standings(Tournament("cup", one_out)).standings.row("Twin").total == 57 + 1


@pytest.mark.parametrize("settings, expected", [(Settings(), 50), (Settings(sit_out_points=Fraction(40)), 40)])
def test_sit_out_points(settings, expected):
    """004 section 6: a sit-out asked by the TD scores 50 at WDC 2024 (configurable)."""
    games = (board(BREAK, players={A: "Sam"}), board(BREAK, rnd=2))
    t = Tournament("cup", games, settings, sit_outs=(SitOut(2, "Sam"),))
    assert standings(t).standings.row("Sam").total == 197 + expected


def test_conduct_penalty_is_shown_and_limited_to_200():
    """004 section 8: a conduct penalty of up to 200 points, always shown with its reason."""
    games = (board(BREAK, players={A: "Rude"}),)
    row = standings(Tournament("cup", games, adjustments=(Adjustment("Rude", Fraction(-30), "conduct"),))).standings.row("Rude")
    assert (row.total, row.adjustment_reasons) == (167, ("conduct",))
    with pytest.raises(ValidationError, match="penalty 250 exceeds the 200"):
        standings(Tournament("cup", games, adjustments=(Adjustment("Rude", Fraction(-250), "conduct"),)))


@pytest.mark.parametrize(
    "rounds, ok",
    [((), False), (((1, 8),), True)],  # 004 3.1: 7 years unless the TD announces another length for the round
)
def test_game_length_per_round(rounds, ok):
    t = Tournament("cup", (board(BREAK, years=8),), round_years=rounds)
    if ok:
        assert standings(t).standings.rows
    else:
        with pytest.raises(ValidationError, match="runs to 1908, but round 1 games end in 1907"):
            standings(t)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"sit_outs": [{"round": 1, "player": "A"}]}, "sits out and plays in the same round"),
        ({"rounds": [{"round": 1, "years": 0}]}, "years 0 must be at least 1"),
        ({"settings": {"top_board_factor": "0"}}, "top_board_factor must be more than 0"),
        ({"games": "none"}, "games must be a list"),
    ],
)
def test_tournament_problems(change, message):
    record = {"name": "t", "games": [json.loads((EXAMPLES / "tie.json").read_text())], **change}
    with pytest.raises(ValidationError) as err:
        tournament_from_dict(record)
    assert any(message in str(p) for p in err.value.problems), err.value.problems


def test_two_top_boards_are_refused():
    games = (board(BREAK, top=True), board(BREAK, no=2, top=True))
    with pytest.raises(ValidationError, match="2 top boards"):
        standings(Tournament("cup", games))


def test_example_tournament_through_the_cli(capsys):
    """examples/italia2010/tournament.json: 21 players, 3 rounds, a sit-out, a double board, a top board,
    and Zeno, registered but absent: in the players list, named in the notes, not ranked."""
    assert main(["standings", "italia2010", str(EXAMPLES / "tournament.json")]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert captured.err == ""  # the example is in the current vocabulary: no note about earlier keys
    rows = out["standings"]["rows"]
    assert len(rows) == 21 and "Zeno" not in [r["player"] for r in rows]
    assert "Zeno is registered but played no game" in out["notes"]
    top = next(g for g in out["games"] if g["game"] == "R3 B1")
    by_position = sorted(top["players"], key=lambda p: p["parts"]["position"])
    assert [r["player"] for r in rows[:3]] == [p["player"] for p in by_position[:3]]
    counted = out["extras"][0]["rows"]
    assert ["Umberto", 2, "sit-out"] in [row[:3] for row in counted]
    # 004 3.3: the ranking of rounds 1-2 that seeded the top board, its own field: its first seven are the top board
    before = out["before_top_board"]["rows"]
    assert (before[0]["player"], before[0]["total"]["exact"]) == ("Luca", "1258/5")  # 251.60
    assert {r["player"] for r in before[:7]} == {p["player"] for p in top["players"]}
    assert out["before_top_board"]["total"] == "points"


@pytest.mark.parametrize(
    "players, message",
    [
        (["A", "Ben", "B", "Dmitri", "Elena", "Farid"], "Greta plays or sits out but is not in the players list"),
        (["A", "Ben", "B", "Dmitri", "Elena", "Farid", "Greta", "A"], "A is listed twice"),
    ],
)
def test_players_list_problems(players, message):
    record = {"name": "t", "players": players, "games": [json.loads((EXAMPLES / "tie.json").read_text())]}
    with pytest.raises(ValidationError) as err:
        tournament_from_dict(record)
    assert any(message in str(p) for p in err.value.problems), err.value.problems


def test_a_registered_player_who_never_played_is_named_not_ranked():
    """As on the workbook's Players sheet (and in CODCon): registered without a result is noted, not ranked;
    an adjustment or a lot needs a result to act on."""
    tie = json.loads((EXAMPLES / "tie.json").read_text())
    names = [p["player"] for p in tie["powers"]]
    result = standings(tournament_from_dict({"name": "t", "players": [*names, "Yves"], "games": [tie]}))
    assert len(result.standings.rows) == 7 and "Yves" not in result.standings.order
    assert "Yves is registered but played no game" in result.notes
    with pytest.raises(ValidationError, match="Yves has a lot decision but played no game"):
        tournament_from_dict({"name": "t", "players": [*names, "Yves"], "games": [tie], "lots": {"Yves": 1}})


def test_registry_entry():
    ruleset = find_ruleset("italia2010")
    assert (ruleset.name, ruleset.seed) == ("Scoring System Italia 2010 (WDC 2024)", "004_21ff48e050ca1434.txt")
    assert "best single game, then second-best game, then lot" in ruleset.summary


# --- 004 section 4: a place the top board fixes is never part of a lot ---------------------

TWO_LEADS = {A: 2, E: 3, F: 10, G: 0, I: 1, R: 1, T: 1}
"""England 2nd: break (France 10 to 3), TSS 10 %: (12 + 34) x 1.1 + 1 = 51.6."""
TOP_BOARDS = {
    # Russia 2nd: break (France 5 to 2), TSS 0: 8 + 34 + 1 = 43
    2: ({A: 0, E: 0, F: 5, G: 0, I: 0, R: 2, T: 1}, R),
    # Austria 3rd (3 centres like England, France, Italy; power order): break (Germany 7 to 4), TSS 50 %: (12 + 16) x 1.5 + 1 = 43
    3: ({A: 3, E: 3, F: 3, G: 7, I: 3, R: 4, T: 2}, A),
    # France 4th (5 like Germany and England; power order Germany, England, France): no break, TSS 40 %: (20 + 10) x 1.4 + 1 = 43
    4: ({A: 3, E: 5, F: 5, G: 5, I: 0, R: 0, T: 6}, F),
}


def tied_with_the_top_board(position: int, lots=()) -> Tournament:
    """Tops (top board, round 2) ties with Xena and Yuri on every criterion: each has 29 and 43 x 1.2 = 51.6 = 80.6.

    Round 1: Xena and Yuri are England on a board like TWO_LEADS (51.6), Tops is Germany on a BREAK board (29);
    round 2: Tops plays the top board, Xena and Yuri are Germany on BREAK boards (29).
    """
    finals, power = TOP_BOARDS[position]
    games = (
        board(TWO_LEADS, players={E: "Xena"}, no=1), board(TWO_LEADS, players={E: "Yuri"}, no=2),
        board(BREAK, players={G: "Tops"}, no=3),
        board(finals, players={power: "Tops"}, rnd=2, no=1, top=True),
        board(BREAK, players={G: "Xena"}, rnd=2, no=2), board(BREAK, players={G: "Yuri"}, rnd=2, no=3),
    )
    return Tournament("Tied cup", games, lot_decisions=tuple(lots))


def plain_lot_groups(result) -> set[frozenset[str]]:
    """The lot groups of a ranking by points, best and second-best game only (the same ranking mechanism,
    fed from the 'Results counted' table), as if no place were fixed."""
    counted = next(x for x in result.extras if x.title == "Results counted").rows
    players = sorted({row[0] for row in counted})
    games = {p: sorted((row[6] for row in counted if row[0] == p), reverse=True) for p in players}
    criteria = [Criterion("best", Wins.HIGHER, field_values({p: g[0] for p, g in games.items()})),
                Criterion("second", Wins.HIGHER, field_values({p: g[1] if len(g) > 1 else None for p, g in games.items()}))]
    table = rank(players, {p: sum(g) for p, g in games.items()}, criteria, tournament="Tied cup")
    return {frozenset(g) for g in table.unresolved_lots}


@pytest.mark.parametrize("position", [2, 3])
def test_a_top_three_place_is_never_part_of_a_lot(position):
    result = standings(tied_with_the_top_board(position))
    table = result.standings
    tops, xena, yuri = (table.row(p) for p in ("Tops", "Xena", "Yuri"))
    assert tops.total == xena.total == yuri.total == Fraction("80.6")
    assert dict(tops.tiebreaks) == dict(xena.tiebreaks) == {"best game": Fraction("51.6"), "second-best game": 29}
    assert (tops.rank, tops.decided_by, tops.lot) == (position, "top board position", None)
    groups = {frozenset(g) for g in table.unresolved_lots}
    assert frozenset({"Xena", "Yuri"}) in groups
    assert not any("Tops" in g for g in groups)
    assert not any("Tops" in n for n in result.notes if n.startswith("lot needed"))
    # the others' lot groups are those of the plain ranking, without the places the top board fixes
    podium = {r.player for r in table.rows[:3]}
    assert frozenset({"Tops", "Xena", "Yuri"}) in plain_lot_groups(result)
    assert groups == {g - podium for g in plain_lot_groups(result) if len(g - podium) > 1}


@pytest.mark.parametrize("lots", [{"Tops": 1, "Xena": 2, "Yuri": 3}, {"Tops": 3, "Xena": 2, "Yuri": 1}])
def test_the_organisers_lots_do_not_move_a_top_three_place(lots):
    result = standings(tied_with_the_top_board(3, lots.items()))
    table = result.standings
    assert table.order[2] == "Tops" and table.row("Tops").lot is None
    assert "Tops's lot number is not used: the top board fixes places 1-3 (004 section 4)" in result.notes
    below = [r for r in table.rows if r.player in ("Xena", "Yuri")]
    assert [r.player for r in below] == sorted(("Xena", "Yuri"), key=lots.get)
    assert [r.lot for r in below] == [LotState.DECIDED] * 2
    assert below[1].rank == below[0].rank + 1 and below[1].decided_by == "lot"
    # the 4th (a BREAK board winner, 197) has more points than the 3rd: the top board put it below
    fourth = table.rows[3]
    assert fourth.total == 197 > table.rows[2].total and fourth.decided_by == "top board position"
    assert frozenset({"Xena", "Yuri"}) not in {frozenset(g) for g in table.unresolved_lots}


def test_the_top_boards_fourth_is_in_the_lot_like_anyone():
    """Only places 1-3 are fixed: the top board's 4th tied with players below draws lots with them."""
    table = standings(tied_with_the_top_board(4)).standings
    assert frozenset({"Tops", "Xena", "Yuri"}) in {frozenset(g) for g in table.unresolved_lots}
    assert table.row("Tops").lot is LotState.SUGGESTED
    decided = standings(tied_with_the_top_board(4, {"Tops": 3, "Xena": 1, "Yuri": 2}.items())).standings
    assert [r.player for r in decided.rows if r.player in ("Tops", "Xena", "Yuri")] == ["Xena", "Yuri", "Tops"]


def test_all_seven_tied_powers_take_the_seven_positions_in_the_rules_power_order():
    """3.2: equal centres in every year back to 1901 leave the power order: Austria, Germany, Italy, Turkey,
    England, Russia, France. Every position is checked, whatever order the powers are entered in."""
    level = board({p: 4 for p in Power}, hist={p: [4] * 7 for p in Power})
    expected = [A, G, I, T, E, R, F]
    assert [p.power for p in board_order(level)] == expected
    backwards = Board(level.round, level.board, tuple(reversed(level.powers)))
    assert [p.power for p in board_order(backwards)] == expected
    # the position bonus follows: 70 to Austria, 34 to Germany, 16 to Italy, none to the other four
    # no break (0 ahead): every survivor but the first +10; TSS 0.6 (seven on 3+, beyond the first):
    # A (16 + 70) x 1.6 + 1 = 138.6; G (16 + 34 + 10) x 1.6 + 1 = 97; I (16 + 16 + 10) x 1.6 + 1 = 68.2;
    # T, E, R, F (16 + 10) x 1.6 + 1 = 42.6
    game = score_game(level)
    assert [points(game, p) for p in expected] == [
        Fraction("138.6"), 97, Fraction("68.2"), Fraction("42.6"), Fraction("42.6"), Fraction("42.6"), Fraction("42.6")]
