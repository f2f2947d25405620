"""The shared ranking mechanism: totals, tie-breakers in order, deciding criterion, lots."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourneybook.numbers import SquareRoot
from tourneybook.rules.ranking import Adjustment, Criterion, LotState, Wins, field_values, rank

PLAYERS = ["Ann", "Bob", "Cid", "Dee"]


def test_tiebreak_order_and_deciding_criterion():
    totals = {"Ann": F(30), "Bob": F(30), "Cid": F(31), "Dee": F(30)}
    first = Criterion("first", Wins.HIGHER, field_values({"Ann": 2, "Bob": 2, "Dee": 1}))
    second = Criterion("second (lower wins)", Wins.LOWER, field_values({"Ann": F(3), "Bob": F(1)}))
    s = rank(PLAYERS, totals, [first, second], tournament="t")
    assert s.order == ["Cid", "Bob", "Ann", "Dee"]
    assert [r.decided_by for r in s.rows] == [None, "points", "second (lower wins)", "first"]
    assert s.unresolved_lots == ()


def test_lot_is_suggested_reproducibly_then_decided_by_the_organiser():
    totals = {p: F(10) for p in PLAYERS}
    s1 = rank(PLAYERS, totals, [], tournament="Essen 2004")
    s2 = rank(list(reversed(PLAYERS)), totals, [], tournament="Essen 2004")
    assert s1.order == s2.order
    assert all(r.lot is LotState.SUGGESTED for r in s1.rows)
    assert s1.unresolved_lots == (tuple(s1.order),)
    decided = rank(PLAYERS, totals, [], tournament="Essen 2004", lot_decisions={"Ann": 4, "Bob": 3, "Cid": 2, "Dee": 1})
    assert decided.order == ["Dee", "Cid", "Bob", "Ann"]
    assert all(r.lot is LotState.DECIDED for r in decided.rows)
    assert decided.unresolved_lots == ()
    # A partial decision does not settle the group: the suggestion stays, flagged.
    partial = rank(PLAYERS, totals, [], tournament="Essen 2004", lot_decisions={"Ann": 1})
    assert partial.order == s1.order and partial.unresolved_lots



@pytest.mark.parametrize(
    "lots",
    [
        pytest.param({"Ann": 1, "Bob": 1, "Cid": 2, "Dee": 3}, id="RULES.md Everywhere: two equal lot numbers decide nothing"),
        pytest.param({"Ann": 2, "Bob": 2, "Cid": 2, "Dee": 2}, id="RULES.md Everywhere: one number for all decides nothing"),
    ],
)
def test_equal_lot_numbers_leave_the_tie_to_the_suggested_lot(lots):
    """Equal numbers would order the tie by name, a silent guess (RULES.md: never guess a lot silently)."""
    totals = {p: F(10) for p in PLAYERS}
    suggested = rank(PLAYERS, totals, [], tournament="Essen 2004")
    s = rank(PLAYERS, totals, [], tournament="Essen 2004", lot_decisions=lots)
    assert s.order == suggested.order
    assert all(r.lot is LotState.SUGGESTED for r in s.rows)
    assert s.unresolved_lots == (tuple(suggested.order),)

def test_adjustments_are_added_and_shown():
    totals = {"Ann": F(100), "Bob": F(90)}
    s = rank(["Ann", "Bob"], totals, [], tournament="t", adjustments=[Adjustment("Ann", F(-20), "conduct")])
    assert s.order == ["Bob", "Ann"]
    assert s.row("Ann").total == 80 and s.row("Ann").adjustment == -20
    assert s.row("Ann").adjustment_reasons == ("conduct",)


def test_group_dependent_criterion_sees_only_the_tied_group():
    seen = []

    def head_to_head(group):
        seen.append(tuple(group))
        return {p: (1 if p == "Bob" else 0) for p in group}

    totals = {"Ann": F(5), "Bob": F(5), "Cid": F(9)}
    s = rank(["Ann", "Bob", "Cid"], totals, [Criterion("h2h", Wins.HIGHER, head_to_head, per_group=True)], tournament="t")
    assert seen == [("Ann", "Bob")]
    assert s.order == ["Cid", "Bob", "Ann"]
    assert dict(s.row("Cid").tiebreaks)["h2h"] is None


@given(st.dictionaries(st.sampled_from("ABCDEFGH"), st.integers(0, 3), min_size=1), st.integers(0, 2))
def test_total_order_independent_of_input_order(points, tb):
    players = list(points)
    totals = {p: F(v) for p, v in points.items()}
    crit = [Criterion("tb", Wins.HIGHER, field_values({p: (ord(p) * tb) % 3 for p in players}))]
    a = rank(players, totals, crit, tournament="x")
    b = rank(list(reversed(players)), totals, crit, tournament="x")
    assert a.order == b.order
    assert sorted(a.order) == sorted(players)
    assert [r.rank for r in a.rows] == list(range(1, len(players) + 1))
    # never a higher total below a lower one
    assert all(x.total >= y.total for x, y in zip(a.rows, a.rows[1:]))


def test_the_suggested_lot_depends_on_the_whole_tied_group():
    """The suggestion is seeded from the tournament and every tied name (rules/lots.py): the same pair can come
    out in either order depending on who else is tied, and never on the order the names are given in."""
    from tourneybook.rules.lots import suggested_lot

    assert suggested_lot("Open", ["Anna", "Ben"]) == ["Anna", "Ben"]
    assert suggested_lot("Open", ["Anna", "Ben", "Dora"]) == ["Ben", "Anna", "Dora"]  # Dora's tie changes the pair
    assert suggested_lot("Open", ["Anna", "Ben", "Carla"]) == ["Anna", "Carla", "Ben"]
    assert suggested_lot("Cup", ["Anna", "Ben", "Carla"]) == ["Carla", "Anna", "Ben"]  # another tournament, another lot
    assert suggested_lot("Open", ["Dora", "Ben", "Anna"]) == suggested_lot("Open", ["Anna", "Ben", "Dora"])


def test_players_without_a_result_are_listed_by_name_not_by_lot():
    # A round drawn, nothing typed: no tie a lot could settle, so none is asked for.
    totals = {p: F(0) for p in PLAYERS}
    s = rank(list(reversed(PLAYERS)), totals, [], tournament="t", without_results=set(PLAYERS))
    assert s.order == PLAYERS and s.unresolved_lots == ()
    assert [r.decided_by for r in s.rows] == [None, "no result yet", "no result yet", "no result yet"]
    assert [r.rank for r in s.rows] == [1, 1, 1, 1]  # one shared place
    assert all(r.lot is None for r in s.rows)
    # A player with a result tied with players without one: that tie is real, and goes to a lot.
    mixed = rank(PLAYERS, totals, [], tournament="t", without_results={"Bob", "Cid", "Dee"})
    assert mixed.unresolved_lots == (tuple(mixed.order),)
    # Players with results rank above; those without follow, by name.
    some = rank(PLAYERS, {"Ann": F(0), "Bob": F(5), "Cid": F(0), "Dee": F(0)}, [], tournament="t", without_results={"Cid", "Dee"})
    assert some.order[0] == "Bob" and some.unresolved_lots == (tuple(some.order[1:]),)
    assert [r.rank for r in some.rows] == [1, 2, 3, 4]
    late = rank(PLAYERS, {"Ann": F(3), "Bob": F(5), "Cid": F(0), "Dee": F(0)}, [], tournament="t", without_results={"Cid", "Dee"})
    assert late.order == ["Bob", "Ann", "Cid", "Dee"] and [r.rank for r in late.rows] == [1, 2, 3, 3]


def test_before_the_last_round_a_full_tie_shares_its_place_and_asks_for_no_lot():
    # Issue 21: a lot decides nothing until it matters; the same field after the last round asks for one.
    totals = {"Ann": F(7), "Bob": F(9), "Cid": F(7), "Dee": F(5)}
    tb = [Criterion("vp", Wins.HIGHER, field_values({"Ann": 3, "Bob": 1, "Cid": 3, "Dee": 2}))]
    early = rank(PLAYERS, totals, tb, tournament="t", lots_due=False)
    assert early.order == ["Bob", "Ann", "Cid", "Dee"]  # the tied pair by name
    assert [r.rank for r in early.rows] == [1, 2, 2, 4]
    assert [r.decided_by for r in early.rows] == [None, "points", "tied on every criterion", "points"]
    assert early.unresolved_lots == () and early.shared == (("Ann", "Cid"),)
    assert all(r.lot is None for r in early.rows)
    last = rank(PLAYERS, totals, tb, tournament="t")
    assert [r.rank for r in last.rows] == [1, 2, 3, 4] and last.unresolved_lots == (tuple(last.order[1:3]),) and last.shared == ()
    assert [r.total for r in last.rows if r.player in ("Ann", "Cid")] == [F(7), F(7)]
    # the numbers are the same either way: only the ranks and the lots differ
    assert {r.player: (r.total, r.tiebreaks) for r in early.rows} == {r.player: (r.total, r.tiebreaks) for r in last.rows}


# --- The field-wide sort (issue 23) against the recursion it replaced --------------------------------------------

def _reference_rank(players, totals, tiebreaks, *, tournament, total_name="points", lot_decisions=None,
                    adjustments=(), without_results=(), lots_due=True):
    """rank() as it was before issue 23: every tied group re-bucketed criterion by criterion, recursively."""
    from tourneybook.rules.lots import suggested_lot
    from tourneybook.rules.ranking import LOT, NO_RESULT, SHARED, Standings, StandingRow

    lot_decisions = dict(lot_decisions or {})
    adjust = {p: F(0) for p in players}
    reasons = {p: [] for p in players}
    for a in adjustments:
        adjust[a.player] += a.points
        reasons[a.player].append(a.reason)
    final_total = {p: F(totals.get(p, 0)) + adjust[p] for p in players}
    criteria = [Criterion(total_name, Wins.HIGHER, lambda group: {p: final_total[p] for p in group}), *tiebreaks]
    shown = {p: {} for p in players}
    for c in tiebreaks:
        if not c.per_group:
            values = c.values(list(players))
            for p in players:
                shown[p][c.name] = values.get(p)
    order, boundary, lot_state, unresolved, shared = [], [], {}, [], []

    def left_tied(group):
        if all(p in without_results for p in group):
            return sorted(group), NO_RESULT, None
        if not lots_due:
            return sorted(group), SHARED, None
        numbers = [lot_decisions.get(p) for p in group]
        if None not in numbers and len(set(numbers)) == len(numbers):
            return sorted(group, key=lambda p: lot_decisions[p]), LOT, LotState.DECIDED
        return suggested_lot(tournament, group), LOT, LotState.SUGGESTED

    def settle(group, level, separated_by):
        if len(group) == 1:
            order.append(group[0])
            boundary.append(separated_by)
            return
        if level == len(criteria):
            ordered, kind, state = left_tied(group)
            if kind == SHARED:
                shared.append(tuple(ordered))
            elif state is LotState.SUGGESTED:
                unresolved.append(tuple(ordered))
            for i, p in enumerate(ordered):
                order.append(p)
                boundary.append(separated_by if i == 0 else kind)
                if state is not None:
                    lot_state[p] = state
            return
        criterion = criteria[level]
        values = criterion.values(group)
        if criterion.per_group:
            for p in group:
                shown[p][criterion.name] = values.get(p)
        buckets = {}
        for p in group:
            buckets.setdefault(values.get(p), []).append(p)
        present = sorted((v for v in buckets if v is not None), reverse=criterion.higher_wins)
        for i, key in enumerate(present + ([None] if None in buckets else [])):
            settle(sorted(buckets[key]), level + 1, separated_by if i == 0 else criterion.name)

    settle(sorted(players), 0, None)
    rows, rank_no = [], 0
    for i, p in enumerate(order):
        if not (i and boundary[i] in (NO_RESULT, SHARED)):
            rank_no = i + 1
        rows.append(StandingRow(rank=rank_no, player=p, total=final_total[p],
                                tiebreaks=tuple((c.name, shown[p].get(c.name)) for c in tiebreaks),
                                decided_by=boundary[i] if i else None, lot=lot_state.get(p), adjustment=adjust[p],
                                adjustment_reasons=tuple(reasons[p])))
    return Standings(total_name, tuple(c.name for c in tiebreaks), tuple(rows), tuple(unresolved), tuple(shared))


NAMES = [f"P{i:02d}" for i in range(24)]
_small_value = st.one_of(st.none(), st.integers(0, 2), st.sampled_from([F(1, 2), F(3, 2)]))
_any_value = st.one_of(_small_value, st.sampled_from([0.5, 2.0, 2.5]))  # floats: ranked by their places, not scaled
_root = st.one_of(st.none(), st.sampled_from([0, 1, F(1, 4), F(9, 4), F(23, 7)]).map(SquareRoot))  # the sTCC's values


@st.composite
def _fields(draw):
    """A random field with many ties: small totals, few tie-breaker values, some missing (no value)."""
    players = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=len(NAMES), unique=True))
    totals = {p: draw(st.sampled_from([0, 1, 2, F(5, 2)])) for p in players if draw(st.booleans()) or p != players[0]}
    tiebreaks = []
    for i in range(draw(st.integers(0, 4))):
        wins = draw(st.sampled_from(Wins))
        if draw(st.booleans()):
            # depends on who is tied (like head-to-head): a reproducible function of the group and the player
            salt = draw(st.integers(0, 5))
            tiebreaks.append(Criterion(f"h2h{i}", wins, _group_dependent(salt), per_group=True))
        else:
            value = draw(st.sampled_from([_small_value, _small_value, _any_value, _root]))
            values = {p: draw(value) for p in players if draw(st.integers(0, 4))}
            tiebreaks.append(Criterion(f"tb{i}", wins, field_values(values)))
    adjustments = [Adjustment(draw(st.sampled_from(players)), draw(st.sampled_from([F(-1), F(1, 2), F(1)])), f"r{j}")
                   for j in range(draw(st.integers(0, 3)))]
    lots = {p: draw(st.integers(1, len(players))) for p in players if draw(st.booleans())}
    without = {p for p in players if draw(st.integers(0, 3)) == 0}
    return players, totals, tiebreaks, dict(adjustments=adjustments, lot_decisions=lots, without_results=without,
                                            lots_due=draw(st.booleans()))


def _group_dependent(salt):
    def values(group):
        key = sum(int(p[1:]) for p in group) + salt
        return {p: None if (key + int(p[1:])) % 5 == 0 else (key * int(p[1:])) % 3 for p in group}
    return values


def _recording(criteria, calls):
    """The criteria, each recording the groups it is asked about (the per-group ones: which tied groups)."""
    def wrap(c):
        def values(group):
            if c.per_group:
                calls.append((c.name, tuple(group)))
            return c.values(group)
        return Criterion(c.name, c.wins, values, per_group=c.per_group)
    return [wrap(c) for c in criteria]


@given(_fields(), st.booleans())
def test_rank_equals_the_recursive_reference_on_random_fields_with_ties(field, reverse):
    players, totals, tiebreaks, options = field
    given_order = list(reversed(players)) if reverse else players
    new_calls, old_calls = [], []
    new = rank(given_order, totals, _recording(tiebreaks, new_calls), tournament="Essen", **options)
    old = _reference_rank(given_order, totals, _recording(tiebreaks, old_calls), tournament="Essen", **options)
    assert new.rows == old.rows  # ranks, order, totals, shown values, decided_by, lot states, adjustments
    assert new.unresolved_lots == old.unresolved_lots and new.shared == old.shared
    assert new.tiebreak_names == old.tiebreak_names
    assert new_calls == old_calls  # a per-group criterion sees exactly the groups it saw before


def test_a_field_wide_sort_keeps_deciding_criterion_and_lots_of_a_worked_field():
    """Worked by hand: points, then 'vp' (field-wide, lower wins, no value last), then head-to-head per group."""
    totals = {"Ann": F(6), "Bob": F(6), "Cid": F(6), "Dee": F(6), "Eve": F(9)}
    vp = Criterion("vp", Wins.LOWER, field_values({"Ann": 2, "Bob": 1, "Cid": 2, "Dee": 2}))
    h2h = Criterion("h2h", Wins.HIGHER, lambda group: {p: (1 if p == "Dee" else 0) for p in group}, per_group=True)
    s = rank(["Eve", "Dee", "Cid", "Bob", "Ann"], totals, [vp, h2h], tournament="Essen 2004")
    # Eve on points; Bob's lowest vp; Dee wins the head-to-head of the three on vp 2; Ann and Cid to a lot
    assert s.order[:3] == ["Eve", "Bob", "Dee"] and set(s.order[3:]) == {"Ann", "Cid"}
    assert [r.decided_by for r in s.rows] == [None, "points", "vp", "h2h", "lot"]
    assert [r.rank for r in s.rows] == [1, 2, 3, 4, 5]
    assert s.unresolved_lots == (tuple(s.order[3:]),)
    assert dict(s.row("Bob").tiebreaks)["h2h"] is None and dict(s.row("Dee").tiebreaks)["h2h"] == 1


@given(data=st.binary(max_size=300))
def test_the_lots_digest_is_sha256(data):
    """The lot's key is SHA-256 of its text, whichever module of the standard library computes it."""
    import hashlib

    from tourneybook.rules.lots import sha256

    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()


def test_a_suggested_lot_does_not_load_openssl():
    """hashlib loads OpenSSL (some 2 ms of a click); the lot is drawn without it."""
    import subprocess
    import sys

    script = ("import sys; from tourneybook.rules.lots import suggested_lot\n"
              "print(suggested_lot('Open', ['Anna', 'Ben', 'Dora']), 'hashlib' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert shown.split() == ["['Ben',", "'Anna',", "'Dora']", "False"]
