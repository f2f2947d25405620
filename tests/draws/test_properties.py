"""Invariants of every draw, for random field sizes (hypothesis)."""

from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tourneybook.draws import POWERS, ROLES, draw_carcassonne, draw_diplomacy, draw_friedrich, quality
from tourneybook.draws.carcassonne import small_tables
from tourneybook.draws.design import rematch_free, rows_design
from tourneybook.draws.roles import role_schedule

from .conftest import field, seat_counts

FAST = settings(max_examples=25, deadline=None)


@FAST
@given(m=st.integers(1, 30), seed=st.integers(0, 10**6))
def test_friedrich_invariants(m, seed):
    players = field(4 * m)
    draw = draw_friedrich(players, rng=random.Random(seed))
    assert all(counts == Counter({p: 1 for p in players}) for counts in seat_counts(draw))  # each seated once
    assert all(len(t.seats) == 4 for r in draw.rounds for t in r.tables)
    assert all(sorted(s.seat for s in t.seats) == sorted(r.value for r in ROLES) for r in draw.rounds for t in r.tables)
    report = quality(draw)
    assert report.seat_repeats == 0  # each role once
    if m >= 4:
        assert report.repeated_pairs == 0  # seed 000 I: possible from sixteen players
    assert draw == draw_friedrich(players, rng=random.Random(seed))  # same seed, same draw


@FAST
@given(m=st.integers(4, 12), sizes=st.lists(st.integers(2, 4), min_size=1, max_size=4), seed=st.integers(0, 99))
def test_friedrich_keeps_clubs_apart_when_they_fit(m, sizes, seed):
    players = field(4 * m)
    clubs, start = [], 0
    for size in sizes:
        clubs.append(players[start : start + size])
        start += size
    draw = draw_friedrich(players, keep_apart=clubs, rng=random.Random(seed))
    assert quality(draw, keep_apart=clubs).keep_apart_violations == 0


@FAST
@given(n=st.integers(3, 120).filter(lambda n: small_tables(n) is not None), seed=st.integers(0, 10**6))
def test_carcassonne_invariants(n, seed):
    players = field(n)
    original = list(players)
    draw = draw_carcassonne(players, rng=random.Random(seed))
    assert players == original  # inputs are not changed
    b = small_tables(n)
    for counts, rnd in zip(seat_counts(draw), draw.rounds):
        assert counts == Counter({p: 1 for p in players})
        assert sorted(len(t.seats) for t in rnd.tables) == [3] * b + [4] * ((n - 3 * b) // 4)
    report = quality(draw)
    if n >= 16:
        assert report.repeated_pairs == 0
    if n >= 36:
        assert report.small_table_repeats == 0
    assert draw == draw_carcassonne(players, rng=random.Random(seed))


@FAST
@given(boards=st.integers(1, 8), rounds=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_diplomacy_invariants(boards, rounds, seed):
    players = field(7 * boards)
    draw = draw_diplomacy(players, rounds=rounds, rng=random.Random(seed))
    for counts in seat_counts(draw):
        assert counts == Counter({p: 1 for p in players})
    assert all(sorted(s.seat for s in t.seats) == sorted(p.value for p in POWERS) for r in draw.rounds for t in r.tables)
    report = quality(draw)
    assert report.seat_repeats == 0  # seed 003 II.4: no power twice
    assert report.rematch_cost >= report.rematch_bound
    assert draw == draw_diplomacy(players, rounds=rounds, rng=random.Random(seed))


@FAST
@given(boards=st.integers(2, 8), extra=st.integers(1, 6), seed=st.integers(0, 99))
def test_diplomacy_history_is_not_changed(boards, extra, seed):
    players = field(7 * boards + extra)
    choice = {1: players[:extra]}
    first = draw_diplomacy(players, sit_outs=choice, rng=random.Random(seed))
    kept = copy.deepcopy(first.rounds)
    later = draw_diplomacy(players, history=first.rounds, doubles={2: players[: 7 - extra]}, rng=random.Random(seed))
    assert first.rounds == kept
    counts = seat_counts(later)[0]
    assert sum(counts.values()) % 7 == 0
    assert all(len(set(t.players)) == 7 for t in later.rounds[0].tables)


@FAST
@given(m=st.integers(1, 60), rounds=st.integers(1, 4))
def test_rows_design_is_rematch_free_when_claimed(m, rounds):
    met = Counter()
    for rnd in rows_design(m, rounds):
        assert sorted(p for t in rnd for p in t) == list(range(4 * m))
        for t in rnd:
            met.update((a, b) for a in t for b in t if a < b)
    assert (max(met.values(), default=1) <= 1) or not rematch_free(m, rounds)


@FAST
@given(quarter=st.integers(1, 15), played=st.integers(0, 3), seed=st.integers(0, 10**6))
def test_role_schedule_balances_every_round(quarter, played, seed):
    rng = random.Random(seed)
    n = 4 * quarter
    owed = [[ROLES[(p + k) % 4] for k in range(played, 4)] for p in range(n)]
    schedule = role_schedule(owed, 4 - played, rng)
    assert schedule is not None
    for day in schedule:
        assert Counter(day) == Counter({role: quarter for role in ROLES})
    for p in range(n):
        assert Counter(day[p] for day in schedule) == Counter(owed[p])
