"""The comparison baseline: dipvis's board-first game seeder, re-implemented for the benchmark.

Method of UEWBot/dipvis ``tournament/game_seeder.py`` (SeedMethod.BOARD), as
read through the search tool, written anew here:

1. Greedy construction. Repeatedly: for every unplaced player, the least
   "badness" (sum of games already played with the players on a board) over
   the boards with room; take the players whose least badness is the largest
   (the most constrained), among them those with the fewest boards reaching it,
   pick one at random, and put them on a board reaching it, the emptiest first.
2. Pairwise swaps. Fitness = sum over boards of (games played together)^2 over
   ordered pairs. Scan (board 1, seat 1, board 2 > board 1, seat 2) and take the
   first swap that lowers fitness; rescan from the start; stop when a scan finds
   none or fitness is 0.
3. Restarts. Steps 1-2 run ``starts`` times (10), keeping the best; once games
   have been played (the first round is seeded once, without swaps).
4. Powers. For each board every one of the 7! assignments is tried in random
   order; the first with the fewest powers already played is kept.

Differences, none changing what the method computes: a seeded ``random.Random``
instead of the global one; the badness of a board is updated when a player
joins it rather than recomputed for all boards; no printing. Only the sit-out
and single-double cases of the original are supported (the benchmark uses
neither).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
BOARD = 7
_SAME_PLAYER = 25 * 1000
"""Badness between two entries of one player (double board): never on one board."""


class BaselineSeeder:
    """Seeds rounds of Diplomacy boards after the games already played."""

    def __init__(self, players: Sequence[str], rng: random.Random, starts: int = 10):
        self.players = list(players)
        self.rng = rng
        self.starts = starts
        self.played = {p: {} for p in self.players}  # player -> other -> games together
        self.powers_played = {p: {power: 0 for power in POWERS} for p in self.players}
        self.games_played = False

    def add_played_game(self, game: Sequence[tuple[str, str]]) -> None:
        """Record a board as (player, power) pairs."""
        for p, power in game:
            for q, _ in game:
                if p != q:
                    self.played[p][q] = self.played[p].get(q, 0) + 1
            self.powers_played[p][power] += 1
        self.games_played = True

    def seed_games_and_powers(self, omitting: Sequence[str] = (), doubling: Sequence[str] = ()) -> list[list[tuple[str, str]]]:
        """Boards as lists of (player, power)."""
        entries = [p for p in self.players if p not in set(omitting)] + list(doubling)
        if len(entries) % BOARD:
            raise ValueError(f"{len(entries)} is not a multiple of {BOARD}")
        starts = self.starts if self.games_played else 1
        best, best_fitness = None, None
        for _ in range(starts):
            boards, fitness = self._seed_once(entries, optimise=self.games_played)
            if best_fitness is None or fitness < best_fitness:
                best, best_fitness = boards, fitness
            if best_fitness == 0:
                break
        return [self._assign_powers(board) for board in best]

    def _seed_once(self, entries: list[str], optimise: bool) -> tuple[list[list[str]], int]:
        n, boards_count = len(entries), len(entries) // BOARD
        badness = [[0] * n for _ in range(n)]
        for i, a in enumerate(entries):
            for j, b in enumerate(entries):
                if i != j:
                    badness[i][j] = _SAME_PLAYER if a == b else self.played[a].get(b, 0)
        boards: list[list[int]] = [[] for _ in range(boards_count)]
        names: list[set[str]] = [set() for _ in range(boards_count)]
        board_badness = [[0] * n for _ in range(boards_count)]  # board -> entry -> badness
        unassigned = set(range(n))
        rng = self.rng
        while unassigned:
            open_boards = [b for b in range(boards_count) if len(boards[b]) < BOARD]
            least = {}
            for e in unassigned:
                values = [board_badness[b][e] for b in open_boards if entries[e] not in names[b]]
                least[e] = min(values)
            critical = max(least.values())
            set1 = [e for e in sorted(unassigned) if least[e] == critical]

            def reaching(e: int) -> list[int]:
                return [b for b in open_boards if entries[e] not in names[b] and board_badness[b][e] == critical]

            fewest = min(len(reaching(e)) for e in set1)
            set2 = [e for e in set1 if len(reaching(e)) == fewest]
            chosen = rng.choice(set2)
            possible = reaching(chosen)
            emptiest = min(len(boards[b]) for b in possible)
            board = rng.choice([b for b in possible if len(boards[b]) == emptiest])
            boards[board].append(chosen)
            names[board].add(entries[chosen])
            unassigned.remove(chosen)
            row = board_badness[board]
            for e in range(n):
                row[e] += badness[e][chosen]

        def board_fitness(board: list[int]) -> int:
            return sum(badness[i][j] ** 2 for i in board for j in board if i != j)

        costs = [board_fitness(b) for b in boards]
        fitness = sum(costs)
        if optimise:
            fitness = self._swaps(boards, names, entries, costs, board_fitness)
        return [[entries[e] for e in board] for board in boards], fitness

    @staticmethod
    def _swaps(boards, names, entries, costs, board_fitness) -> int:
        fitness = sum(costs)
        improved = True
        while improved and fitness > 0:
            improved = False
            for g1, i1, g2, i2 in _scan_order(len(boards)):
                p1, p2 = boards[g1][i1], boards[g2][i2]
                v1, v2 = entries[p1], entries[p2]
                if v2 in names[g1] or v1 in names[g2]:
                    continue
                boards[g1][i1], boards[g2][i2] = p2, p1
                new1, new2 = board_fitness(boards[g1]), board_fitness(boards[g2])
                candidate = fitness - costs[g1] - costs[g2] + new1 + new2
                if candidate < fitness:
                    names[g1].discard(v1), names[g1].add(v2)
                    names[g2].discard(v2), names[g2].add(v1)
                    costs[g1], costs[g2], fitness = new1, new2, candidate
                    improved = True
                    break
                boards[g1][i1], boards[g2][i2] = p1, p2
        return fitness

    def _assign_powers(self, board: list[str]) -> list[tuple[str, str]]:
        players = list(board)
        self.rng.shuffle(players)
        best, best_fitness = None, None
        for order in itertools.permutations(POWERS):
            fitness = sum(self.powers_played[p][power] for p, power in zip(players, order))
            if best_fitness is None or fitness < best_fitness:
                best, best_fitness = order, fitness
        return list(zip(players, best))


def _scan_order(boards: int):
    """The original's loop nest: board 1, its seat, a later board 2, its seat."""
    for g1 in range(boards):
        for i1 in range(BOARD):
            for g2 in range(g1 + 1, boards):
                for i2 in range(BOARD):
                    yield g1, i1, g2, i2
