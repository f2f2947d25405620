"""Carcassonne 2004 (seed 002_013fbe404487106e.txt, RULES.md "Carcassonne 2004")."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourneybook.cli import main
from tourneybook.errors import InputError, ValidationError
from tourneybook.numbers import display
from tourneybook.rules import find_ruleset
from tourneybook.rules.carcassonne2004 import (
    PreliminaryTable,
    Settings,
    Tournament,
    VpResult,
    game_from_dict,
    knockout,
    score_game,
    seatable,
    standings,
    tournament_from_dict,
)
from tourneybook.rules.carcassonne_sums import PERCENTAGE_SUM, VP_SUM
from tourneybook.rules.carcassonne_knockout import (
    Decision,
    GameOutcome,
    KnockoutGame,
    Match,
    bracket,
    bracket_slots,
    decide,
    game_winner,
    knockout_table,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "carcassonne2004"


def table(vps: list[int], rnd: int = 1, no: int = 1, names: str = "ABCD") -> PreliminaryTable:
    return PreliminaryTable(rnd, no, tuple(VpResult(n, v) for n, v in zip(names, vps)))


def shown(game, player: str, part: str) -> str:
    return display(game.of(player).part(part))


# -- one table ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "player, vp, percentage, adjusted",
    [
        # seed 002 3-player example, corrected in RULES.md: total 294 + average 98 = 392
        ("A", 131, "33.42", "98.25"),
        ("B", 87, "22.19", "65.25"),
        ("C", 76, "19.39", "57.00"),
    ],
)
def test_three_player_percentage_seed_example(player, vp, percentage, adjusted):
    game = score_game(table([131, 87, 76]))
    assert game.of(player).part("VP") == vp
    assert shown(game, player, "percentage") == percentage
    assert shown(game, player, "adjusted VP") == adjusted
    assert game.of(player).part("percentage") == Fraction(100 * vp, 392)


@pytest.mark.parametrize(
    "vps, points, places",
    [
        # RULES.md: three tied behind the winner at a 4-table get (3+2+1)/3 = 2 each
        ([104, 71, 71, 71], [5, 2, 2, 2], [1, 2, 2, 2]),
        # seed 002: plain 5-3-2-1 and 5-3-1
        ([90, 80, 70, 60], [5, 3, 2, 1], [1, 2, 3, 4]),
        ([90, 80, 70], [5, 3, 1], [1, 2, 3]),
        # tied places share the places they cover (RULES.md, same line)
        ([90, 90, 70, 60], [4, 4, 2, 1], [1, 1, 3, 4]),
        ([90, 80, 60, 60], [5, 3, Fraction(3, 2), Fraction(3, 2)], [1, 2, 3, 3]),
        ([90, 90, 60, 60], [4, 4, Fraction(3, 2), Fraction(3, 2)], [1, 1, 3, 3]),
        ([90, 90, 90, 60], [Fraction(10, 3)] * 3 + [1], [1, 1, 1, 4]),
        ([70, 70, 70, 70], [Fraction(11, 4)] * 4, [1, 1, 1, 1]),
        ([90, 90, 70], [4, 4, 1], [1, 1, 3]),
        ([90, 70, 70], [5, 2, 2], [1, 2, 2]),
        ([70, 70, 70], [3, 3, 3], [1, 1, 1]),
    ],
)
def test_ranking_points_with_ties(vps, points, places):
    game = score_game(table(vps))
    for name, p, place in zip("ABCD", points, places):
        assert game.of(name).points == p
        assert game.of(name).part("place") == place


def test_tie_note_explains_the_share():
    game = score_game(game_from_dict(json.loads((EXAMPLES / "table_4p_ties.json").read_text())))
    assert game.game == "R2 T3"
    assert game.notes == ("Bram, Carla, Dieter tied at 71 VP: places 2-4 share 6.00 points, 2.00 each",)


@given(st.lists(st.integers(0, 200), min_size=3, max_size=4).filter(lambda v: sum(v) > 0))
def test_ranking_points_always_sum_to_the_places(vps):
    """seed 002: 5+3+2+1 = 11 at four players, 5+3+1 = 9 at three, whatever the ties."""
    game = score_game(table(vps))
    assert sum(p.points for p in game.players) == (11 if len(vps) == 4 else 9)
    three = len(vps) == 3
    assert sum(p.part("percentage") for p in game.players) == (75 if three else 100)


@given(st.lists(st.integers(0, 200), min_size=3, max_size=4).filter(lambda v: sum(v) > 0), st.randoms())
def test_scores_do_not_depend_on_record_order(vps, rnd):
    seats = [VpResult(n, v) for n, v in zip("ABCD", vps)]
    shuffled = seats[:]
    rnd.shuffle(shuffled)
    a, b = score_game(PreliminaryTable(1, 1, tuple(seats))), score_game(PreliminaryTable(1, 1, tuple(shuffled)))
    for p in a.players:
        assert b.of(p.player).points == p.points
        assert [v for k, v in b.of(p.player).parts] == [v for k, v in p.parts]


@pytest.mark.parametrize(
    "record, message",
    [
        ({"round": 1, "table": 1, "players": [{"player": "A", "vp": 5}, {"player": "B", "vp": 4}]}, "2 players at a table"),
        ({"round": 1, "table": 1, "players": [{"player": p, "vp": 5} for p in "ABCDE"]}, "5 players at a table"),
        ({"round": 1, "table": 1, "players": [{"player": p, "vp": -1 if p == "B" else 5} for p in "ABC"]}, "R1 T1, B: negative victory points -1"),
        ({"round": 1, "table": 1, "players": [{"player": p, "vp": 5} for p in "ABA"]}, "A is seated 2 times"),
        ({"round": 0, "table": 1, "players": [{"player": p, "vp": 5} for p in "ABC"]}, "game: round 0 must be at least 1"),
        ({"round": 1, "table": 1, "players": [{"player": p, "vp": 0} for p in "ABC"]}, "table total is 0"),
        ({"round": 1, "table": 1, "players": [{"player": p, "vp": 5.5} for p in "ABC"]}, "R1 T1, seat 1: vp must be a whole number, not 5.5"),
        ({"round": 1, "table": 1, "players": [{"player": p, "vp": 5} for p in "ABC"], "tabel": 2}, "unknown field 'tabel'"),
    ],
)
def test_invalid_game_records(record, message):
    with pytest.raises(ValidationError) as err:
        game_from_dict(record)
    assert message in str(err.value)


# -- standings ----------------------------------------------------------------------------

# seed 002 "E.g.": A and B both win two games and are third once, 223 VP each.
A_GAMES = [(92, [50, 30, 21], 1), (43, [70, 50, 14], 3), (88, [60, 40, 25], 1)]  # 193, 177, 213
B_GAMES = [(106, [60, 40, 25], 1), (34, [80, 50, 5], 3), (83, [70, 45, 30], 1)]  # 231, 169, 228


def seed_example_tournament() -> Tournament:
    tables, players = [], ["A", "B"]
    for rnd, (a, b) in enumerate(zip(A_GAMES, B_GAMES), start=1):
        for no, (who, (vp, others, _)) in enumerate((("A", a), ("B", b)), start=1):
            names = [f"R{rnd}T{no}-{i}" for i in range(3)]
            players += names
            tables.append(PreliminaryTable(rnd, no, (VpResult(who, vp), *(VpResult(n, v) for n, v in zip(names, others)))))
    return Tournament(tuple(players), tuple(tables), settings=Settings(preliminary_rounds=3, knockout_size=0))


@pytest.mark.parametrize(
    "player, rank, points, vp, percentage",
    [
        # RULES.md: computed exactly A has 113.28 (the seed's 113.27 adds rounded figures), B 102.41
        ("A", 1, "12.00", "223.00", "113.28"),
        ("B", 2, "12.00", "223.00", "102.41"),
    ],
)
def test_seed_percentage_tiebreak_example(player, rank, points, vp, percentage):
    result = standings(seed_example_tournament())
    row = result.standings.row(player)
    assert (row.rank, display(row.total)) == (rank, points)
    values = dict(row.tiebreaks)
    assert (display(values[VP_SUM]), display(values[PERCENTAGE_SUM])) == (vp, percentage)
    if rank == 2:
        assert row.decided_by == PERCENTAGE_SUM


def test_three_player_vp_counts_three_quarters_in_the_tiebreak():
    """seed 002: 3-player VP x 3/4 for the VP sum. 120 at a 3-table (90) loses to 100 at a 4-table."""
    players = ["A", "B", "C", "D", "E", "F", "G"]
    tables = (
        PreliminaryTable(1, 1, (VpResult("A", 120), VpResult("C", 50), VpResult("D", 40))),
        PreliminaryTable(1, 2, (VpResult("B", 100), VpResult("E", 60), VpResult("F", 50), VpResult("G", 10))),
    )
    result = standings(Tournament(tuple(players), tables, settings=Settings(preliminary_rounds=1, knockout_size=0)))
    assert result.standings.order[:2] == ["B", "A"]
    assert result.standings.row("A").decided_by == VP_SUM
    assert result.standings.row("A").total == result.standings.row("B").total == 5
    assert dict(result.standings.row("A").tiebreaks)[VP_SUM] == 90


def test_adjustment_and_lot_decision():
    t = seed_example_tournament()
    from tourneybook.rules.ranking import Adjustment

    penalised = Tournament(t.players, t.tables, settings=t.settings, adjustments=(Adjustment("A", Fraction(-1), "late"),))
    rows = standings(penalised).standings
    assert rows.order[:2] == ["B", "A"] and rows.row("A").adjustment_reasons == ("late",)
    # players tied on everything: the organiser's lot decides, else a flagged suggestion
    twins = Tournament(
        ("A", "B", "C", "D"),
        (PreliminaryTable(1, 1, (VpResult("A", 50), VpResult("B", 50), VpResult("C", 50), VpResult("D", 50))),),
        settings=Settings(preliminary_rounds=1, knockout_size=0),
    )
    suggested = standings(twins)
    assert len(suggested.standings.unresolved_lots) == 1 and any("lot" in n for n in suggested.notes)
    decided = standings(Tournament(twins.players, twins.tables, settings=twins.settings,
                                   lot_decisions={"D": 1, "C": 2, "B": 3, "A": 4}))
    assert decided.standings.order == ["D", "C", "B", "A"] and not decided.standings.unresolved_lots


def random_tournament(rnd: random.Random, n: int, rounds: int, vps: tuple[int, ...] = (40, 60, 60, 80, 100)) -> Tournament:
    players = [f"P{i:02d}" for i in range(n)]
    threes = next(b for b in range(4) if (n - 3 * b) % 4 == 0)
    tables = []
    for r in range(1, rounds + 1):
        order = players[:]
        rnd.shuffle(order)
        sizes = [3] * threes + [4] * ((n - 3 * threes) // 4)
        start = 0
        for no, size in enumerate(sizes, start=1):
            group = order[start : start + size]
            start += size
            tables.append(PreliminaryTable(r, no, tuple(VpResult(p, rnd.choice(vps)) for p in group)))
    return Tournament(tuple(players), tuple(tables), settings=Settings(preliminary_rounds=rounds, knockout_size=0))


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(6, 23), st.integers(1, 4))
def test_standings_are_a_total_order_independent_of_record_order(rnd, n, rounds):
    t = random_tournament(rnd, n, rounds)
    result = standings(t).standings
    assert sorted(result.order) == sorted(t.players)
    assert [r.rank for r in result.rows] == list(range(1, n + 1))
    assert all(r.decided_by is not None for r in result.rows[1:])
    assert all(a.total >= b.total for a, b in zip(result.rows, result.rows[1:]))
    shuffled = list(t.tables)
    rnd.shuffle(shuffled)
    again = standings(Tournament(t.players[::-1], tuple(shuffled), settings=t.settings)).standings
    assert again.order == result.order
    # the organiser confirming the suggested lots leaves the same, fully decided order
    lots = {p: i for i, p in enumerate(result.order)}
    confirmed = standings(Tournament(t.players, t.tables, settings=t.settings, lot_decisions=lots)).standings
    assert confirmed.order == result.order and not confirmed.unresolved_lots


def seed_sums(t: Tournament, last_round: int) -> dict[str, tuple[Fraction, Fraction, Fraction]]:
    """Each player's ranking points, VP sum and percentage sum up to ``last_round``, worked from seed 002's
    words one table at a time, as plain Fractions: the reference for the sums kept as ints and pairs."""
    sums = {p: (Fraction(0), Fraction(0), Fraction(0)) for p in t.players}
    for x in t.tables:
        if x.round > last_round:
            continue
        vps = [s.vp for s in x.seats]
        three = len(vps) == 3
        points = (5, 3, 1) if three else (5, 3, 2, 1)
        total = Fraction(sum(vps)) * (Fraction(4, 3) if three else 1)  # raised by its average at 3 players
        for s in x.seats:
            above, tied = sum(v > s.vp for v in vps), vps.count(s.vp)
            share = Fraction(sum(points[above : above + tied]), tied)  # tied places share their points
            adjusted = s.vp * (Fraction(3, 4) if three else Fraction(1))
            old = sums[s.player]
            sums[s.player] = (old[0] + share, old[1] + adjusted, old[2] + 100 * s.vp / total)
    return sums


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(6, 23), st.integers(1, 4))
def test_each_rounds_standings_hold_the_seeds_exact_sums_in_order(rnd, n, rounds):
    t = random_tournament(rnd, n, rounds, vps=(37, 60, 61, 61, 98))  # ties; 3/4 of 37, 61 or 98 is not whole
    after = find_ruleset("carcassonne2004").standings_by_round(t, list(range(1, rounds + 1)))
    assert after[-1] == standings(t).standings
    for number, table in enumerate(after, start=1):
        expected = seed_sums(t, number)
        rows = [(r.total, *(v for _, v in r.tiebreaks)) for r in table.rows]
        assert rows == [expected[r.player] for r in table.rows]
        assert all(type(v) is Fraction for row in rows for v in row)  # written as 0.00 numbers on the sheets
        assert rows == sorted(rows, reverse=True)  # ranking points, then VP sum, then percentage sum


@pytest.mark.parametrize(
    "n, ok",
    [(1, False), (2, False), (3, True), (4, True), (5, False), (6, True), (7, True), (9, True), (10, True), (22, True)],
)
def test_seatable_fields(n, ok):
    """RULES.md: N = 4a + 3b, b <= 3; N = 5 cannot be seated."""
    assert seatable(n) is ok


def valid_dict() -> dict:
    return json.loads((EXAMPLES / "tournament.json").read_text())


def seat(d: dict, t: int, s: int) -> dict:
    return d["games"][t]["players"][s]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["games"][0]["players"].append({"player": "Vera Horak", "vp": 5}), "5 players at a table"),
        (lambda d: [d["games"][i]["players"].pop() for i in (0, 1)], "round 1: 4 tables of 3; at most 3"),
        (lambda d: d.update(players=d["players"][:5], games=[], knockout=[]), "5 players cannot be seated"),
        (lambda d: seat(d, 0, 0).update(player=seat(d, 1, 0)["player"]), "plays at 2 tables in this round"),
        (lambda d: seat(d, 0, 0).update(vp=-3), "negative victory points -3"),
        (lambda d: seat(d, 0, 0).update(player="Nobody"), "unknown player 'Nobody'"),
        (lambda d: d["games"][1].update(table=1), "R1 T1: table entered 2 times"),
        (lambda d: d["games"][0].update(round=5), "the preliminary has 4 rounds"),
        (lambda d: d["settings"].update(knockout_size=12), "knock-out size must be"),
        (lambda d: d["settings"].update(knockout_sise=16), "unknown setting 'knockout_sise'"),
        (lambda d: d["adjustments"].append({"player": "X", "points": "-1", "reason": "r"}), "adjustment for unknown player"),
        (lambda d: d["adjustments"].append({"player": "X", "points": "1,5", "reason": "r"}), "adjustments, X: points must be an exact number"),
        (lambda d: d.update(lots={"Nobody": 1}), "lot decision for unknown player"),
    ],
)
def test_invalid_tournament_records(change, message):
    data = valid_dict()
    change(data)
    with pytest.raises(ValidationError) as err:
        tournament_from_dict(data)
    assert message in str(err.value)


def test_all_problems_reported_at_once():
    data = valid_dict()
    seat(data, 0, 0).update(vp=-3)
    seat(data, 7, 1).update(player="Nobody")
    data["games"][10]["players"].pop()
    with pytest.raises(ValidationError) as err:
        tournament_from_dict(data)
    text = str(err.value)
    assert "negative victory points -3" in text and "unknown player 'Nobody'" in text and "2 players at a table" in text


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.floats(allow_nan=True), st.text(max_size=4))


def json_containers(inner):
    # a named function: Hypothesis cannot read a lambda's source inside a call, and then warns it never recurses
    return st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4))


json_value = st.recursive(json_leaf, json_containers, max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_value, st.data())
def test_random_invalid_records_raise_only_validation_errors(junk, data):
    """Bad input raises only ValidationError: arbitrary JSON, and the valid example with one part replaced."""
    for parse in (game_from_dict, tournament_from_dict):
        try:
            parse(junk)
        except ValidationError:
            pass
    record = valid_dict()
    path_choice = data.draw(
        st.sampled_from(
            ["name", "settings", "players", "games", "tables", "knockout", "adjustments", "lots", "lot_decisions", "seat", "game",
             "match", "setting", "vp"]
        )
    )
    if path_choice == "setting":
        record["settings"][data.draw(st.sampled_from(sorted(record["settings"])))] = junk
    elif path_choice == "vp":
        record["games"][5]["players"][2]["vp"] = junk
    elif path_choice == "seat":
        record["games"][3]["players"][1] = junk
    elif path_choice == "game":
        record["knockout"][2]["games"][0] = junk
    elif path_choice == "match":
        record["knockout"][9] = junk
    else:
        record[path_choice] = junk
    try:
        tournament_from_dict(record)
    except ValidationError:
        pass


# -- knock-out ----------------------------------------------------------------------------

SEEDS = [f"R{i:02d}" for i in range(1, 23)]  # preliminary order: R01 is rank 1


@pytest.mark.parametrize(
    "stage, pair",
    [
        # seed 002 / RULES.md bracket
        ("S1", (1, 16)), ("S2", (2, 15)), ("S3", (3, 14)), ("S4", (4, 13)),
        ("S5", (5, 12)), ("S6", (6, 11)), ("S7", (7, 10)), ("S8", (8, 9)),
        ("Q1", ("S1", "S8")), ("Q2", ("S2", "S7")), ("Q3", ("S3", "S6")), ("Q4", ("S4", "S5")),
        ("SF1", ("Q1", "Q4")), ("SF2", ("Q2", "Q3")), ("F", ("SF1", "SF2")),
    ],
)
def test_bracket_pairs(stage, pair):
    slot = next(s for s in bracket_slots(16) if s.stage == stage)
    assert (slot.seeds or slot.feeders) == pair


def outcomes(games: list[tuple[int, int, str | None]]) -> tuple[GameOutcome, ...]:
    pair = ("H", "L")
    return tuple(GameOutcome((h, l), c, game_winner(pair, (h, l), c)) for h, l, c in games)


@pytest.mark.parametrize(
    "games, winner, decided_by",
    [
        # seed 002: best of three, two wins decide
        ([(80, 70, None), (75, 60, None)], "H", Decision.GAME_WINS),
        ([(80, 70, None), (60, 75, None), (50, 90, None)], "L", Decision.GAME_WINS),
        # seed 002: a player out of time loses the game whatever the VP
        ([(90, 60, "H"), (95, 50, "H")], "L", Decision.GAME_WINS),
        ([(60, 90, "L"), (70, 80, None), (70, 60, None)], "H", Decision.GAME_WINS),
        # RULES.md: equal wins after three games: higher VP total over the match
        ([(80, 72, None), (61, 90, None), (75, 75, None)], "L", Decision.VP_TOTAL),
        ([(70, 70, None), (70, 70, None), (71, 70, None)], "H", Decision.GAME_WINS),
        ([(70, 70, None), (80, 80, None), (60, 61, None)], "L", Decision.GAME_WINS),
        # seed 002: "three ties" or "one win one tie one loss and the same total": higher preliminary rank
        ([(70, 70, None), (80, 80, None), (60, 60, None)], "H", Decision.PRELIMINARY_RANK),
        ([(80, 70, None), (70, 80, None), (66, 66, None)], "H", Decision.PRELIMINARY_RANK),
        # not decided yet
        ([(80, 70, None)], None, None),
        ([(80, 70, None), (70, 70, None)], None, None),
    ],
)
def test_match_winner(games, winner, decided_by):
    assert decide(("H", "L"), outcomes(games)) == (winner, decided_by)


def sweep(stage: str, higher: str, lower: str, reverse: bool = False) -> Match:
    if reverse:
        return Match(stage, (lower, higher), (KnockoutGame((50, 80)), KnockoutGame((60, 90))))
    return Match(stage, (higher, lower), (KnockoutGame((80, 50)), KnockoutGame((90, 60))))


def test_partial_bracket_shows_who_plays_next():
    played = [sweep("S1", "R01", "R16"), sweep("S8", "R09", "R08", reverse=True)]  # R09 (lower seed) wins S8
    b = bracket(SEEDS, played, 16)
    q1 = b.match("Q1")
    assert q1.players == ("R01", "R09") and q1.winner is None
    assert b.match("S8").winner == "R09"
    assert b.match("Q2").players is None and b.match("Q2").waiting_for == ("S2", "S7")
    assert b.champion is None
    assert [m.stage for m in b.next_matches] == ["S2", "S3", "S4", "S5", "S6", "S7", "Q1"]
    rows = {r[0]: r for r in knockout_table(b).rows}
    assert rows["Q1"] == ("Q1", "R01", "R09", "", "", "", None, "to play")
    assert rows["Q2"][1:3] == ("winner S2", "winner S7") and rows["Q2"][-1] == "waiting for S2, S7"
    assert rows["S8"][3:] == ("50-80, 60-90", "0-2", "110-170", "R09", "game wins")  # R08, the higher seed, first
    assert "Next: Q1 R01 v R09 (R01, the higher seed, starts games 1 and 3)" in knockout_table(b).notes


def test_seeding_resting_on_a_suggested_lot_is_flagged():
    players = tuple(f"P{i:02d}" for i in range(16))
    tables = tuple(PreliminaryTable(1, t + 1, tuple(VpResult(p, 50) for p in players[4 * t : 4 * t + 4])) for t in range(4))
    result = standings(Tournament(players, tables, settings=Settings(preliminary_rounds=1)))
    assert "the knock-out seeding rests on a suggested lot: enter the organiser's decision" in result.notes
    assert [t.title for t in result.extras] == ["Knock-out"]


@pytest.mark.parametrize(
    "matches, message",
    [
        ([Match("S1", ("R01", "R15"))], "knock-out S1: played by R01 and R15, but the bracket pairs R01 (rank 1) and R16 (rank 16)"),
        ([Match("Q1", ("R01", "R09"))], "knock-out Q1: entered before S1 and S8 decided who plays it"),
        ([Match("S1", ("R01", "R16"), (KnockoutGame((80, 50)), KnockoutGame((90, 60)), KnockoutGame((70, 60))))],
         "knock-out S1 game 3: played after R01 had already won the match"),
        ([Match("S1", ("R01", "R16"), tuple(KnockoutGame((70, 70)) for _ in range(4)))],
         "game 4 cannot be played"),
        ([Match("S1", ("R01", "R16"), (KnockoutGame((80, 50), "R02"),))], "'R02' lost on the clock but does not play"),
        ([Match("V1", ("R01", "R16"))], "unknown stage 'V1'"),
        ([Match("S1", ("R01", "R16")), Match("S1", ("R01", "R16"))], "match entered twice"),
        ([Match("S1", ("R01", "R16"), (KnockoutGame((-1, 50)),))], "must be two numbers of 0 or more"),
    ],
)
def test_invalid_knockout(matches, message):
    with pytest.raises(ValidationError) as err:
        bracket(SEEDS, matches, 16)
    assert message in str(err.value)


def test_knockout_needs_a_complete_preliminary():
    data = valid_dict()
    data["games"] = [x for x in data["games"] if x["round"] < 4]
    with pytest.raises(ValidationError, match="before the preliminary is complete"):
        tournament_from_dict(data)
    data["knockout"] = []
    result = standings(tournament_from_dict(data))
    assert "round 4 has no results yet" in result.notes and not result.extras


# -- the examples and the command line ---------------------------------------------------------


def test_example_tournament_is_complete():
    t = tournament_from_dict(valid_dict())
    assert len(t.players) == 22 and {len(x.seats) for x in t.tables} == {3, 4}
    b = knockout(t)
    assert b is not None and b.champion == "Lars Jensen"
    assert b.match("S7").decided_by is Decision.VP_TOTAL  # 1-1 with a tied game, 216-237
    assert b.match("S3").winner == "Vera Horak"  # won game 2 on the opponent's clock with fewer VP
    result = standings(t)
    titles = [x.title for x in result.extras]
    assert titles == ["Knock-out", "Final placings"]
    placings = result.extras[1].rows
    assert placings[0][:2] == ("1", "Lars Jensen") and placings[1][:2] == ("2", "Vera Horak")
    assert [r[0] for r in placings].count("9-16") == 8 and placings[-1][0] == "22"


def test_the_format_page_places_everyone_outside_the_knock_out_after_its_players():
    """Issue 38 item 8: docs/formats/carcassonne2004.md said they "keep their preliminary rank", while
    docs/attendance.md and the code place them after the knock-out's players."""
    page = " ".join((EXAMPLES.parents[1] / "docs" / "formats" / "carcassonne2004.md").read_text(encoding="utf-8").split())
    assert "keep their preliminary rank" not in page
    assert "everyone who did not play the knock-out comes after its players, in preliminary order, one place each" in page
    result = standings(tournament_from_dict(valid_dict()))
    placings = result.extras[1].rows
    knockout_players = {p for row in result.extras[0].rows for p in row[1:3]}
    outside = [row for row in placings if row[1] not in knockout_players]
    assert outside and [row[0] for row in outside] == [str(n) for n in range(17, 17 + len(outside))]


def test_cli_standings_on_the_example(capsys):
    assert main(["standings", "carcassonne2004", str(EXAMPLES / "tournament.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["standings"]["rows"]
    assert [r["player"] for r in rows[:3]] == ["Lars Jensen", "Sven Olsen", "Vera Horak"]
    assert rows[0]["total"] == {"display": "18.00", "exact": "18"}
    assert rows[20]["adjustment"] == {"display": "-1.00", "exact": "-1"}
    assert out["extras"][0]["rows"][6][-2:] == ["Dieter Brandt", "VP total"]


@pytest.mark.parametrize(
    "example, player, points, percentage",
    [
        ("table_3p.json", "Player A", "5.00", "33.42"),  # seed 002 3-player example as corrected (RULES.md)
        ("table_3p.json", "Player C", "1.00", "19.39"),
        ("table_4p_ties.json", "Carla", "2.00", "22.40"),  # three tied behind the winner: 2 each
    ],
)
def test_cli_score_examples(capsys, example, player, points, percentage):
    assert main(["score", "carcassonne2004", str(EXAMPLES / example)]) == 0
    out = json.loads(capsys.readouterr().out)
    row = next(p for p in out["players"] if p["player"] == player)
    assert row["points"]["display"] == points and row["parts"]["percentage"]["display"] == percentage


def test_cli_reports_bad_input_without_a_trace(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"round": 1, "table": 1, "players": [{"player": "A", "vp": -2}]}))
    assert main(["score", "carcassonne2004", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "1 players at a table" in err and "negative victory points -2" in err


def test_registered_ruleset_and_settings_labels():
    ruleset = find_ruleset("carcassonne2004")
    assert ruleset.name == "International Carcassonne Championship 2004"
    assert ruleset.seed == "002_013fbe404487106e.txt" and ruleset.knockout is not None
    from dataclasses import fields

    for f in fields(Settings):
        assert f.metadata["label"] and f.metadata["help"]
    assert (ruleset.settings.preliminary_rounds, ruleset.settings.knockout_size) == (4, 16)
    assert issubclass(ValidationError, InputError)


def test_rounds_without_results_make_one_note():
    data = valid_dict()
    data["games"] = [x for x in data["games"] if x["round"] < 3]
    data["knockout"] = []
    result = standings(tournament_from_dict(data))
    assert [n for n in result.notes if "no results yet" in n] == ["rounds 3, 4 have no results yet"]
