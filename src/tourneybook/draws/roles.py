"""Which role each Friedrich player takes in each new round (seed 000, section I).

"Every participant will play four games, one game in each of the four roles."
The players still owing a role are balanced first (a flow: each role is needed
by a quarter of the field in each round), then split into rounds by colouring:
with each role cut into ``N/4`` slots, players and slots form a regular
bipartite graph, and a regular bipartite graph splits into perfect matchings
(Koenig), one per round. So the roles never force a rematch: tables are then
seated with one player of each role.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .model import ROLES, Role


def _augment(start: int, adjacency: Sequence[Sequence[int]], match_right: list[int], match_left: list[int]) -> bool:
    """One augmenting path from left vertex ``start`` (breadth first, no recursion)."""
    parent: dict[int, tuple[int, int]] = {}
    frontier = [start]
    seen: set[int] = set()
    while frontier:
        following = []
        for left in frontier:
            for right in adjacency[left]:
                if right in seen:
                    continue
                seen.add(right)
                parent[right] = (left, match_left[left])
                owner = match_right[right]
                if owner < 0:
                    node = right
                    while True:
                        holder, _ = parent[node]
                        previous = match_left[holder]
                        match_left[holder] = node
                        match_right[node] = holder
                        if holder == start:
                            return True
                        node = previous
                following.append(owner)
        frontier = following
    return False


def perfect_matching(adjacency: Sequence[Sequence[int]], right_size: int) -> list[int] | None:
    """A right vertex for each left vertex, or None when there is no perfect matching."""
    match_left = [-1] * len(adjacency)
    match_right = [-1] * right_size
    for left in range(len(adjacency)):
        if not _augment(left, adjacency, match_right, match_left):
            return None
    return match_left


def _balanced_choice(owed: Sequence[Sequence[Role]], rounds: int, rng: random.Random) -> list[list[Role]] | None:
    """For each player, ``rounds`` of the roles they still owe, each role chosen by rounds * N/4 players."""
    per_role = rounds * len(owed) // 4
    # Greedy first, players with the fewest options first; exchange paths fix the rest.
    capacity = {role: per_role for role in ROLES}
    chosen: list[list[Role]] = [[] for _ in owed]
    order = sorted(range(len(owed)), key=lambda p: (len(owed[p]), rng.random()))
    for p in order:
        options = sorted(owed[p], key=lambda role: (-capacity[role], rng.random()))
        if len(options) < rounds:
            return None
        chosen[p] = options[:rounds]
        for role in chosen[p]:
            capacity[role] -= 1
    if any(c != 0 for c in capacity.values()):
        return _rebalance(owed, chosen, capacity)
    return chosen


def _rebalance(owed: Sequence[Sequence[Role]], chosen: list[list[Role]], capacity: dict[Role, int]) -> list[list[Role]] | None:
    """Move choices from over-used roles to under-used ones along exchange paths."""
    while any(c < 0 for c in capacity.values()):
        over = next(role for role, c in capacity.items() if c < 0)
        # Breadth-first over roles: a player holding `role` who owes `other` unchosen can switch.
        parent: dict[Role, tuple[Role, int]] = {}
        frontier, seen, target = [over], {over}, None
        while frontier and target is None:
            following = []
            for role in frontier:
                for p, picks in enumerate(chosen):
                    if role not in picks:
                        continue
                    for other in owed[p]:
                        if other in picks or other in seen:
                            continue
                        seen.add(other)
                        parent[other] = (role, p)
                        if capacity[other] > 0:
                            target = other
                            break
                        following.append(other)
                    if target is not None:
                        break
                if target is not None:
                    break
            frontier = following
        if target is None:
            return None
        node = target
        while node != over:
            role, p = parent[node]
            chosen[p][chosen[p].index(role)] = node
            node = role
        capacity[over] += 1
        capacity[target] -= 1
    return chosen


def role_schedule(owed: Sequence[Sequence[Role]], rounds: int, rng: random.Random) -> list[list[Role]] | None:
    """``schedule[r][p]``: the role player ``p`` takes in new round ``r``; None if impossible.

    ``owed[p]`` lists the roles player ``p`` has not played yet; the field is a
    multiple of four. Each round gets each role exactly N/4 times.

    >>> import random
    >>> s = role_schedule([list(ROLES)] * 4, 4, random.Random(1))
    >>> all(sorted(s[r], key=ROLES.index) == list(ROLES) for r in range(4))
    True
    """
    n = len(owed)
    chosen = _balanced_choice(owed, rounds, rng)
    if chosen is None:
        return None
    slots_per_role = n // 4
    # Deal each role's players round-robin over its slots: every slot gets `rounds` players.
    adjacency: list[list[int]] = [[] for _ in range(n)]
    dealt = {role: 0 for role in ROLES}
    for p in rng.sample(range(n), n):
        for role in chosen[p]:
            slot = ROLES.index(role) * slots_per_role + dealt[role] % slots_per_role
            dealt[role] += 1
            adjacency[p].append(slot)
    schedule: list[list[Role]] = []
    for _ in range(rounds):
        for options in adjacency:
            rng.shuffle(options)
        matching = perfect_matching(adjacency, 4 * slots_per_role)
        if matching is None:
            return None  # cannot happen for a regular bipartite graph; kept as a guard
        schedule.append([ROLES[slot // slots_per_role] for slot in matching])
        for p, slot in enumerate(matching):
            adjacency[p].remove(slot)
    return schedule
