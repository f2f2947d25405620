"""CODCon 2008 Diplomacy Open (seed 003): game scores, standings, tie-breakers, awards."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.cli import main
from tourneybook.errors import ValidationError
from tourneybook.rules import find_ruleset
from tourneybook.rules.codcon2008 import (
    Entrant,
    Settings,
    Tournament,
    best_power_awards,
    game_from_dict,
    score_game,
    standings,
    tournament_from_dict,
)
from tourneybook.rules.diplomacy import Board, Power, PowerResult
from tourneybook.rules.ranking import Adjustment, LotState

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "codcon2008"
A, E, F, G, I, R, T = Power

# A plain non-solo board: every survivor on 5 centres (Turkey 4), 34 in all.
PLAIN = {A: (5, None), E: (5, None), F: (5, None), G: (5, None), I: (5, None), R: (5, None), T: (4, None)}
# A solo board: Austria 18; Russia out in 1908, Turkey in 1906.
SOLO = {A: (18, None), E: (4, None), F: (4, None), G: (4, None), I: (4, None), R: (0, 1908), T: (0, 1906)}


def board(rnd: int, no: int, special: dict[Power, tuple[str, int, int | None]], base=PLAIN) -> Board:
    """A valid board: ``special`` seats as given, the others filled by players named after the board."""
    seats = []
    for power in Power:
        if power in special:
            player, centres, eliminated = special[power]
        else:
            (centres, eliminated), player = base[power], f"r{rnd}b{no}-{power.value}"
        seats.append(PowerResult(power, player, centres, eliminated))
    return Board(rnd, no, tuple(seats))


@pytest.mark.parametrize(
    "example, expected",
    [
        ("example_a", {A: 4, E: 156, F: 42, G: 72, I: 102, R: 8, T: 52}),  # 003 VII.4.a
        ("example_b", {A: 219, E: 11, F: 25, G: 135, I: 6, R: 55, T: 5}),  # 003 VII.4.b
        ("example_c", {A: 450, E: 15, F: 20, G: 8, I: 5, R: 45, T: 4}),  # 003 VII.4.c (solo)
    ],
)
def test_seed_examples(example, expected):
    record = game_from_dict(json.loads((EXAMPLES / f"{example}.json").read_text()))
    game = score_game(record)
    assert {Power(p.seat): p.points for p in game.players} == expected


@pytest.mark.parametrize(
    "example, power, parts",
    [
        # 003 VII.4.a England: 120 + 12 + 24
        ("example_a", E, {"centre points": 120, "pot share": 12, "lead bonus": 24}),
        # 003 VII.4.b Austria: 170 + 15 + 34
        ("example_b", A, {"centre points": 170, "pot share": 15, "lead bonus": 34}),
        # 003 VII.4.a Austria: eliminated 1904 -> 4
        ("example_a", A, {"elimination points": 4}),
        # 003 VII.4.c England: 3 SCs x 5 = 15, above the best eliminated (Germany 8)
        ("example_c", E, {"centre points": 15, "raised to best eliminated": 0}),
    ],
)
def test_seed_example_parts(example, power, parts):
    game = score_game(game_from_dict(json.loads((EXAMPLES / f"{example}.json").read_text())))
    seat = next(p for p in game.players if p.seat == power.value)
    assert {k: seat.part(k) for k in parts} == parts


@pytest.mark.parametrize(
    "special, base, power, points",
    [
        # RULES.md CODCon: a solo survivor never scores less than the best eliminated (1908 -> 8): 1 SC = 8, not 5
        ({E: ("x", 1, None)}, SOLO, E, 8),
        # RULES.md CODCon: "no bonus on a tie": two leaders on 6, pot 60/6 = 10 each -> 6*10 + 10 = 70
        ({A: ("x", 6, None), E: ("y", 6, None), T: ("z", 0, 1907)}, PLAIN, A, 70),
        # a pot that does not divide: 7 survivors, 60/7 each; Turkey 4 SCs -> 40 + 60/7
        ({}, PLAIN, T, 40 + Fraction(60, 7)),
    ],
)
def test_game_rules(special, base, power, points):
    game = score_game(board(1, 1, special, base))
    assert next(p for p in game.players if p.seat == power.value).points == points


def tourney(*boards: Board, **kwargs) -> Tournament:
    return Tournament("test cup", tuple(boards), **kwargs)


# Each row: boards giving players P and Q the same best-2 total, differing first at the named tie-breaker.
TIE_CASES = [
    # VI.1.b.i highest single game: P 10 + 5, Q 8 + 7 -> P
    ("highest single game", "P",
     [board(1, 1, {A: ("P", 0, 1910), E: ("Q", 0, 1908)}), board(2, 1, {A: ("P", 0, 1905), E: ("Q", 0, 1907)})]),
    # VI.1.b.ii head-to-head: they met in R1 B1 where Q scored 10, P 5; elsewhere P 10, Q 5 -> Q
    ("best game against tied players", "Q",
     [board(1, 1, {A: ("P", 0, 1905), E: ("Q", 0, 1910)}), board(2, 1, {A: ("P", 0, 1910)}),
      board(2, 2, {A: ("Q", 0, 1905)})]),
    # VI.1.b.iii average centres: P survives a solo on 1 SC raised to 8 (avg 1/2), Q out in 1908 (avg 0) -> P
    ("average centres", "P",
     [board(1, 1, {E: ("P", 1, None)}, SOLO), board(1, 2, {E: ("Q", 0, 1908)}),
      board(2, 1, {E: ("P", 0, 1910)}), board(2, 2, {E: ("Q", 0, 1910)})]),
    # VI.1.b.iv differential: P as Russia (starts 4) -4-3 = -7, Q as Austria -3-3 = -6 -> Q
    ("centre differential", "Q",
     [board(1, 1, {R: ("P", 0, 1908)}), board(1, 2, {A: ("Q", 0, 1908)}),
      board(2, 1, {E: ("P", 0, 1910)}), board(2, 2, {E: ("Q", 0, 1910)})]),
]


@pytest.mark.parametrize("criterion, winner, boards", TIE_CASES, ids=[c[0] for c in TIE_CASES])
def test_tie_breakers(criterion, winner, boards):
    table = standings(tourney(*boards)).standings
    first, second = sorted((table.row("P"), table.row("Q")), key=lambda r: r.rank)
    assert first.total == second.total
    assert (first.player, second.rank - first.rank, second.decided_by) == (winner, 1, criterion)


SAME = [board(1, 1, {E: ("P", 0, 1910)}), board(1, 2, {E: ("Q", 0, 1910)})]


def test_distance_from_home_is_the_fifth_tie_breaker():
    """VI.1.b.v: identical records, P came from further -> P."""
    players = (Entrant("P", Fraction(500)), Entrant("Q", Fraction(100)))
    table = standings(tourney(*SAME, players=players + _fillers(SAME))).standings
    assert table.row("P").rank + 1 == table.row("Q").rank
    assert table.row("Q").decided_by == "distance from home"


def _fillers(boards):
    return tuple(Entrant(p.player) for b in boards for p in b.powers if p.player not in ("P", "Q", "TD"))


def test_identical_records_go_to_a_lot_suggested_then_decided():
    """RULES.md Everywhere: an unresolved tie is shown with a reproducible suggestion; the organiser's lot rules.
    A lot is asked for once the last of the three rounds (003) has boards; before it the tie shares its place."""
    early = standings(tourney(*SAME)).standings
    assert early.unresolved_lots == () and ("P", "Q") in early.shared  # the board fillers are twins too
    assert early.row("P").rank == early.row("Q").rank and early.row("Q").lot is None
    last = [board(3, 1, {E: ("P", 0, 1910)}), board(3, 2, {E: ("Q", 0, 1910)})]
    result = standings(tourney(*last))
    assert ("P", "Q") in result.standings.unresolved_lots or ("Q", "P") in result.standings.unresolved_lots
    assert {result.standings.row(p).lot for p in "PQ"} == {LotState.SUGGESTED}
    assert any("lot needed" in n and "P" in n for n in result.notes)
    decided = standings(tourney(*last, lot_decisions=(("Q", 1), ("P", 2)))).standings
    assert decided.row("Q").rank + 1 == decided.row("P").rank
    assert decided.row("P").lot is LotState.DECIDED and decided.row("P").decided_by == "lot"


def test_best_two_games_count_and_adjustment_is_shown():
    """003 VII: best 2 of 3 games (10 + 8, the 5 dropped); a penalty is shown with its reason."""
    boards = [board(1, 1, {A: ("P", 0, 1905)}), board(2, 1, {A: ("P", 0, 1910)}), board(3, 1, {A: ("P", 0, 1908)})]
    row = standings(tourney(*boards, adjustments=(Adjustment("P", Fraction(-3), "late"),))).standings.row("P")
    assert (row.total, row.adjustment, row.adjustment_reasons) == (15, -3, ("late",))
    one = standings(tourney(*boards, settings=Settings(games_counted=1))).standings.row("P")
    assert one.total == 10


def test_the_games_counted_table_marks_the_best_games_and_only_them():
    """003 VII: P's games score 5 (1905), 10 (1910) and 8 (1908); with best 2 the 10 and the 8 count, best first."""
    boards = [board(1, 1, {A: ("P", 0, 1905)}), board(2, 1, {A: ("P", 0, 1910)}), board(3, 1, {A: ("P", 0, 1908)})]
    for n, counted in ((2, ["yes", "yes", "no"]), (1, ["yes", "no", "no"]), (3, ["yes", "yes", "yes"])):
        table = next(x for x in standings(tourney(*boards, settings=Settings(games_counted=n))).extras
                     if x.title == "Games counted")
        assert table.headers == ("Player", "Game", "Power", "Centres", "Score", "Counted")
        rows = [r for r in table.rows if r[0] == "P"]
        assert [(r[1], r[2], r[3], r[4]) for r in rows] == [("R2 B1", "Austria", 0, 10), ("R3 B1", "Austria", 0, 8),
                                                            ("R1 B1", "Austria", 0, 5)]
        assert [r[5] for r in rows] == counted, n
        assert table.notes == (f"The best {n} games of each player make the tournament score (003 VII).",)


def test_double_board_is_two_games():
    """003 II.2/II.5: a player on two boards in one round has two games."""
    boards = [board(1, 1, {A: ("P", 0, 1905)}), board(1, 2, {E: ("P", 0, 1907)})]
    assert standings(tourney(*boards)).standings.row("P").total == 12


def test_td_is_not_ranked_nor_awarded():
    """003 VII: the TD is ineligible for awards; his board still scores."""
    boards = [board(1, 1, {A: ("TD", 5, None)})]
    result = standings(tourney(*boards, players=(Entrant("TD", td=True),) + _fillers(boards)))
    assert "TD" not in result.standings.order
    assert all(row[1] != "TD" for row in result.extras[0].rows)


def test_best_power_awards_show_ties():
    """003 VI.2: highest single-game score per power; a tie is left to the TD."""
    boards = [board(1, 1, {A: ("P", 5, None)}), board(1, 2, {A: ("Q", 6, None), T: ("t", 3, None)}),
              board(2, 1, {A: ("S", 6, None), T: ("u", 3, None)})]
    table = best_power_awards(tourney(*boards))
    austria = [row for row in table.rows if row[0] == "Austria"]
    # R1 B2 and R2 B1: Austria alone on 6 SCs, 7 survivors: 60 + 60/7 + lead 12; R1 B1's 50 + 60/7 is behind
    assert [(r[1], r[2], r[4]) for r in austria] == [
        ("Q", 72 + Fraction(60, 7), "tie: TD decides"), ("S", 72 + Fraction(60, 7), "tie: TD decides")]


@pytest.mark.parametrize(
    "data, message",
    [
        ({"games": []}, "no games entered"),
        ({"games": [{"round": 1}], "bogus": 1}, "unknown field 'bogus'"),
        ({"settings": {"games_counted": 0}}, "games counted 0 must be at least 1"),
        ({"settings": {"theatres": "West: England"}}, "France is in no theatre"),
        ({"players": ["Somebody"]}, "plays but is not in the players list"),
        ({"adjustments": [{"player": "Nobody", "points": -1, "reason": "x"}]}, "Nobody has an adjustment"),
        ({"lots": {"Nobody": 1}}, "Nobody has a lot decision"),
    ],
)
def test_tournament_problems(data, message):
    base = json.loads((EXAMPLES / "example_a.json").read_text())
    record = {"name": "t", "games": [base], **data}
    with pytest.raises(ValidationError) as err:
        tournament_from_dict(record)
    assert any(message in str(p) for p in err.value.problems), err.value.problems


def test_example_tournament_through_the_cli(capsys):
    """examples/codcon2008/tournament.json: 21 players, 3 rounds, a double board in round 3."""
    assert main(["standings", "codcon2008", str(EXAMPLES / "tournament.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["standings"]["rows"]
    assert len(rows) == 21 and [r["rank"] for r in rows] == list(range(1, 22))
    # Olga's solo (450) + her next best game 68.57 = 518.57, first
    assert (rows[0]["player"], rows[0]["total"]["display"]) == ("Olga", "518.57")
    assert [t["title"] for t in out["extras"]] == ["Best power awards", "Games counted"]


def test_example_games_through_the_cli(capsys):
    assert main(["score", "codcon2008", str(EXAMPLES / "example_b.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["points"]["exact"] for p in out["players"]] == ["219", "11", "25", "135", "6", "55", "5"]


def test_registry_entry():
    ruleset = find_ruleset("codcon2008")
    assert (ruleset.name, ruleset.seed) == ("CODCon 2008 Diplomacy Open", "003_a374cd2d35a5d38e.txt")
    # the best-power awards are a table of its standings, no stage of their own
    assert (ruleset.preliminary, ruleset.knockout, ruleset.final, ruleset.top_board_ranking) == (None, None, None, None)


@st.composite
def non_solo_boards(draw):
    """Random valid non-solo boards: 1 to 7 survivors under 18 centres, at most 34 in all."""
    survivors = draw(st.lists(st.sampled_from(list(Power)), min_size=1, max_size=7, unique=True))
    seats = []
    room, waiting = 34, len(survivors)
    for power in Power:
        if power in survivors:
            waiting -= 1
            centres = draw(st.integers(1, min(17, room - waiting)))  # leave one centre for each survivor to come
            room -= centres
        else:
            centres = 0
        eliminated = None if centres else draw(st.integers(1902, 1910))
        seats.append(PowerResult(power, power.value, centres, eliminated))
    return Board(1, 1, tuple(seats))


@settings(max_examples=150, deadline=None)
@given(non_solo_boards(), st.randoms(use_true_random=False))
def test_pot_shares_sum_to_60_and_order_does_not_matter(record, rnd):
    """003 VII.2: the 60-point pot is all shared out; scores do not depend on the order powers are entered."""
    game = score_game(record)
    shares = [p.part("pot share") for p in game.players if p.parts[0][1]]
    assert sum(shares) == 60
    shuffled = list(record.powers)
    rnd.shuffle(shuffled)
    again = score_game(Board(1, 1, tuple(shuffled)))
    assert {p.player: p.points for p in again.players} == {p.player: p.points for p in game.players}
