"""The boards the game-scoring tests score, AEFGIRT, each adding up to at most 34 centres.

- TIE: 0 (out 1905), 5, 9, 9, 4, 3, 4: France and Germany share the top, Italy and Turkey tie on 4;
- LEADER: 3, 5, 6, 11, 4, 5, 0 (out 1906): Germany leads alone, England and Russia tie on 5;
- SOLO: 0 (out 1904), 4, 0 (out 1906), 18, 0 (out 1906), 5, 7: Germany's solo in 1907;
- PUBLISHED_CARNAGE: 0 (out 1904), 3, 6, 4, 0 (out 1906), 14, 7: the published Carnage example
  (webDiplomacy forum, Liberty Cup page): Russia 7014 ... Austria, out first, 1000;
- ELIMINATIONS: 0 (out 1903), 10, 0 (out 1905), 12, 0 (out 1905), 7, 5: three out, two the same year;
- THREE: 6, 6, 6, 5, 4, 4, 3: a three-way top, everyone alive (a seven-way draw);
- FOUR: 7, 7, 7, 7, 3, 3, 0 (out 1905): a four-way top.
Every board ends in 1907 unless it says otherwise.
"""

from __future__ import annotations

from tourneybook.rules.diplomacy import Board, Power, PowerResult

A, E, Fr, G, I, R, T = Power

TIE = (0, 5, 9, 9, 4, 3, 4), {A: 1905}
LEADER = (3, 5, 6, 11, 4, 5, 0), {T: 1906}
SOLO = (0, 4, 0, 18, 0, 5, 7), {A: 1904, Fr: 1906, I: 1906}
PUBLISHED_CARNAGE = (0, 3, 6, 4, 0, 14, 7), {A: 1904, I: 1906}
ELIMINATIONS = (0, 10, 0, 12, 0, 7, 5), {A: 1903, Fr: 1905, I: 1905}
THREE = (6, 6, 6, 5, 4, 4, 3), {}
FOUR = (7, 7, 7, 7, 3, 3, 0), {T: 1905}

SOLO_HISTORY = {  # SOLO year by year, for Maxonian's ties: Italy was ahead of France in 1905, both of Austria
    A: (3, 2, 1, 0, 0, 0, 0),
    E: (5, 5, 5, 5, 4, 4, 4),
    Fr: (4, 4, 3, 2, 1, 0, 0),
    G: (5, 7, 9, 11, 14, 16, 18),
    I: (4, 3, 3, 2, 2, 0, 0),
    R: (5, 5, 5, 5, 5, 5, 5),
    T: (4, 5, 6, 7, 7, 7, 7),
}


def board(example, *, last_year: int | None = 1907, draw=None, conceded_to=None, history=None) -> Board:
    """An example board, each power played by a player of its name."""
    counts, out = example
    return Board(1, 1, tuple(PowerResult(p, p.value, n, out.get(p), tuple(history[p]) if history else ())
                             for p, n in zip(Power, counts)),
                 last_year=last_year, draw=draw, conceded_to=conceded_to)


def flat_history(b: Board) -> dict[Power, tuple[int, ...]]:
    """A history that keeps every tie of the final count tied in every year: each survivor's final count from
    1901, and an eliminated power 1 centre before its elimination year; the biggest survivor gives up what would
    take a year over 34, and holds at most 17 before the last year (no solo before the game's end)."""
    years = (b.final_year or 1901) - 1900
    biggest = max(b.powers, key=lambda p: p.centres)
    history = {p.power: [p.centres] * years if p.survived else
               [1 if 1901 + i < (p.eliminated or 0) else 0 for i in range(years)] for p in b.powers}
    for i in range(years - 1):
        over = sum(counts[i] for counts in history.values()) - 34
        history[biggest.power][i] = min(history[biggest.power][i] - max(0, over), 17)
    return {power: tuple(counts) for power, counts in history.items()}
