"""Constructions that start a draw with no rematch at all, when mathematics allows.

Players stand in four rows of ``m``. In round ``r`` table ``k`` takes from row
``a`` the player in column ``k + c_a * d_r``, computed in a ring of order ``m``.
Players of one row never meet, and two players of rows ``a`` and ``b`` meet in
rounds ``r`` and ``s`` only if ``(c_b - c_a) * (d_r - d_s) = 0``: never in a field
(orders 4, 5, 7, 8 as Z_8 happens to work, 9, and every order from 10 up with
coefficients 0..3, whose differences multiply to at most 9). Only m = 6 (24
players) has no such ring; the search then removes the rematches.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

Ring = tuple[Callable[[int, int], int], Callable[[int, int], int]]

_PRIME_SQUARES = {4: (2, 1, 1), 9: (3, 0, 2)}
"""GF(p^2) as polynomials a + b*x with x^2 = alpha*x + beta: order -> (p, alpha, beta)."""


def _ring(m: int) -> Ring:
    """Addition and multiplication on 0..m-1: GF(4), GF(9), or the integers modulo m."""
    if m in _PRIME_SQUARES:
        p, alpha, beta = _PRIME_SQUARES[m]

        def add(u: int, v: int) -> int:
            return (u % p + v % p) % p + ((u // p + v // p) % p) * p

        def mul(u: int, v: int) -> int:
            a1, b1, a2, b2 = u % p, u // p, v % p, v // p
            low = a1 * a2 + b1 * b2 * beta
            high = a1 * b2 + a2 * b1 + b1 * b2 * alpha
            return low % p + (high % p) * p

        return add, mul
    return (lambda u, v: (u + v) % m), (lambda u, v: (u * v) % m)


def rematch_free(m: int, rounds: int) -> bool:
    """Whether :func:`rows_design` gives no rematch for four rows of ``m`` over ``rounds`` rounds."""
    return m >= max(4, rounds) and m != 6 and (m not in (4, 9) or rounds <= m)


def rows_design(m: int, rounds: int) -> list[list[list[int]]]:
    """Tables of four by round; player ``a * m + x`` stands in row ``a``, column ``x``.

    >>> rows_design(5, 2)[1][0]  # round 2, table 1: rows 0..3 at columns 0, 1, 2, 3
    [0, 6, 12, 18]
    """
    add, mul = _ring(m)
    coefficient = [i % m for i in range(max(4, rounds))]
    return [
        [[a * m + add(k, mul(coefficient[a], coefficient[r])) for a in range(4)] for k in range(m)]
        for r in range(rounds)
    ]


def rows_by_cluster(
    n: int, groups: Sequence[Sequence[str]], index: Mapping[str, int], capacities: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """Players ``0..n-1`` into rows of the given sizes; each keep-apart cluster in one row when it fits.

    A cluster too big for any row is spread, each member to the roomiest row.
    """
    clusters = _clusters(n, groups, index)
    rng.shuffle(clusters)
    clusters.sort(key=len, reverse=True)
    rows: list[list[int]] = [[] for _ in capacities]

    def roomiest() -> int:
        return max(range(len(rows)), key=lambda a: capacities[a] - len(rows[a]))

    for cluster in clusters:
        a = roomiest()
        if len(cluster) <= capacities[a] - len(rows[a]):
            rows[a].extend(cluster)
        else:
            for p in cluster:
                rows[roomiest()].append(p)
    for row in rows:
        rng.shuffle(row)
    return rows


def spread_clusters_apart(rows: list[list[int]], groups: Sequence[Sequence[str]], index: Mapping[str, int], rounds: int) -> None:
    """Move a keep-apart cluster spread over several rows onto a table of a round not drawn.

    A cluster that fits no row (the fifth club of four among rows of five) has
    one member in each of several rows, and the rows design may seat them
    together. In the design's round of coefficient ``d`` no one plays when ``d``
    is not among the rounds drawn; its table ``k`` takes from row ``a`` column
    ``k + c_a * d``. Moving the cluster's members to such a table's columns
    (swapping places within each row, where everyone already never meets)
    keeps them apart whenever the ring allows: each placement is checked
    against the rounds drawn. Clusters with two members in one row, or no
    free table, are left to the search. ``rows`` changes in place.
    """
    m = len(rows[0])
    if any(len(row) != m for row in rows) or not rematch_free(m, rounds):
        return
    n = 4 * m
    add, mul = _ring(m)
    design = rows_design(m, rounds)
    row_of = {p: (a, x) for a, row in enumerate(rows) for x, p in enumerate(row)}
    spread = [c for c in _clusters(n, groups, index) if len({row_of[p][0] for p in c}) == len(c) > 1]
    taken: set[tuple[int, int]] = set()  # (row, column) already given to a spread cluster
    for cluster in spread:
        for d, k in ((d, k) for d in range(rounds, m) for k in range(m)):
            columns = {row_of[p][0]: add(k, mul(d % m, row_of[p][0] % m)) for p in cluster}
            if any((a, x) in taken for a, x in columns.items()):
                continue
            if any(sum(a * m + columns[a] in table for a in columns) > 1 for rnd in design for table in rnd):
                continue  # this ring seats two of them together after all
            for p in cluster:
                a, x = row_of[p]
                other = rows[a][columns[a]]
                rows[a][x], rows[a][columns[a]] = other, p
                row_of[other], row_of[p] = (a, x), (a, columns[a])
            taken.update(columns.items())
            break


def _clusters(n: int, groups: Sequence[Sequence[str]], index: Mapping[str, int]) -> list[list[int]]:
    """Players joined through shared keep-apart groups; everyone else alone."""
    parent = list(range(n))

    def root(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for group in groups:
        first = root(index[group[0]])
        for name in group[1:]:
            parent[root(index[name])] = first
    clusters: dict[int, list[int]] = {}
    for p in range(n):
        clusters.setdefault(root(p), []).append(p)
    return list(clusters.values())
