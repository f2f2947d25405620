"""Property tests: random withdrawals and late arrivals, drawn round by round through the workbook.

Whatever the organiser types in From round / Withdrew after round, every round
drawn seats nobody who is not there, everyone who is there exactly once (twice
only as a Diplomacy double, never here), and keeps the rules' seats: a Friedrich
player never plays a role twice (seed 000 I), a table has each role once; a
Diplomacy board has the seven powers (seed 003 II).
"""

from __future__ import annotations

from collections import Counter

from event_day import new_event, players_of, seatings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourneybook.actions.attendance import join, withdraw
from tourneybook.actions.draw import draw_event
from tourneybook.files.filestore import FileWorkbook

ROUNDS = {"fwc2022": 4, "carcassonne2004": 4, "codcon2008": 3}
TABLE = {"fwc2022": 4, "codcon2008": 7}
"""Friedrich and Diplomacy seat exactly this many: a change is one out, one in (a late arrival takes a seat)."""
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@st.composite
def event_days(draw):
    ruleset = draw(st.sampled_from(sorted(ROUNDS)))
    size = TABLE.get(ruleset)
    n = draw(st.sampled_from([16, 20] if size == 4 else [14] if size == 7 else [13, 15, 17, 18]))
    last = ROUNDS[ruleset]
    changes = []
    for i in range(draw(st.integers(0, 3))):
        after = draw(st.integers(1, last - 1))
        changes.append((f"Player {draw(st.integers(0, n - 1)):02}", after, f"Late {i}"))
    late_only = [] if size else [(f"Extra {i}", draw(st.integers(2, last))) for i in range(draw(st.integers(0, 2)))]
    return ruleset, n, changes, late_only


@PROPERTY
@given(day=event_days())
def test_random_attendance_seats_exactly_who_is_there(tmp_path_factory, day):
    ruleset, n, changes, late_only = day
    path = new_event(tmp_path_factory.mktemp("day"), ruleset, [f"Player {i:02}" for i in range(n)])
    book = FileWorkbook(path)
    present = {f"Player {i:02}": (1, None) for i in range(n)}
    for name, after, newcomer in changes:
        if present[name][1] is not None:
            continue  # already withdrawn: one change per player
        withdraw(book, name, after)
        join(book, newcomer, after + 1)  # Friedrich and Diplomacy need the seat filled; Carcassonne does not mind
        present[name] = (1, after)
        present[newcomer] = (after + 1, None)
    for name, first in late_only:
        join(book, name, first)
        present[name] = (first, None)
    book.save()
    for rnd in range(1, ROUNDS[ruleset] + 1):
        book = FileWorkbook(path)
        draw_event(book, rnd)
        book.save()
        here = sorted(p for p, (first, after) in present.items() if first <= rnd and (after is None or rnd <= after))
        assert players_of(path, ruleset, rnd) == here  # nobody absent, everyone present once
    rounds = seatings(path, ruleset)  # the whole draw sheet, read once
    if ruleset == "fwc2022":
        roles = Counter((seat, p) for r in range(1, 5) for t in rounds[r].values() for seat, p in t.items())
        assert max(roles.values()) == 1  # nobody plays a role twice
        assert all(len(t) == 4 for r in range(1, 5) for t in rounds[r].values())
    if ruleset == "codcon2008":
        assert all(len(t) == 7 for r in range(1, 4) for t in rounds[r].values())
