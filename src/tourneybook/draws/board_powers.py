"""Powers for the boards of a Diplomacy round, and the swaps between boards that spare repeats (seed 003, II.4).

"A player should not be assigned the same power twice in the tournament [...]
If possible, the TD will try to assign countries in different theaters (East,
West, Central) in the three rounds." Powers are given board by board
(:func:`.powers.assign_powers`), a board that cannot avoid a power repeat
swapping a player with another board; a player on two boards gets the powers
of each knowing the other's (the boards given theirs in a few orders, the one
repeating least kept). For the round drawn after played ones (issue 35:
this round first), players of two boards are swapped where nothing ranked
before changes (its rematches, its keep-apart pairs) and fewer of them play a
theatre or a power they had: before the powers (:func:`.theatre_spread.spread_theatres`,
by theatre) and after (:func:`_repair_theatres`, the powers given again).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .explain import ordinal
from .model import Power, Weights
from .powers import PowerBook, assign_powers
from .search import Seating

def powers_for_round(
    seating: Seating, r: int, book: PowerBook, field: Sequence[str], weights: Weights, rng: random.Random
) -> list[tuple[list[int], list[Power], list[str]]]:
    """Powers board by board, recorded as they go (a double-board player sees their other board).

    A board that cannot avoid a power repeat swaps one player with another board
    when both can then do without one, taking the swap that costs the fewest rematches.
    """
    boards = seating.rounds[r]
    assigned: dict[int, list[Power]] = {}
    for t in range(len(boards)):
        powers = assign_powers(boards[t], book, weights, rng)
        if book.repeats(boards[t], powers):
            best = _repair_swap(seating, r, t, assigned, book, weights, rng)
            if best is not None:
                _, i, u, j = best
                if u in assigned:
                    book.forget_board(boards[u], assigned[u])
                seating.swap(r, t, i, u, j)
                if u in assigned:
                    assigned[u] = assign_powers(boards[u], book, weights, rng)
                    book.record_board(boards[u], assigned[u])
                powers = assign_powers(boards[t], book, weights, rng)
        assigned[t] = powers
        book.record_board(boards[t], powers)
    _settle_doubles(boards, assigned, book, weights, rng)
    if seating.tiers is not None and r == 0:  # the round drawn after played ones comes first (issue 35)
        _repair_theatres(seating, assigned, book, weights, rng)
    return [(list(board), assigned[t], power_reasons(board, assigned[t], book, field)) for t, board in enumerate(boards)]


def _settle_doubles(boards, assigned: dict[int, list[Power]], book: PowerBook, weights: Weights,
                    rng: random.Random) -> None:
    """A player on two boards got the powers of the first board knowing nothing of the second: the boards with
    such players given their powers again in a few orders (each knowing the boards before it, then each again
    knowing all the others while that lowers what its players repeat), and the order that repeats least kept.

    One order can leave each board unable to do better alone where another order repeats nothing (issue 35:
    18 players with three doubles, a theatre repeated twice where none was needed)."""
    twice = {p for p, times in Counter(p for board in boards for p in board).items() if times > 1}
    doubled = [t for t, board in enumerate(boards) if twice.intersection(board)]
    if not doubled:
        return
    orders = [doubled[k:] + doubled[:k] for k in range(len(doubled))]
    orders += [order[::-1] for order in orders]
    best, best_cost = {t: assigned[t] for t in doubled}, _repeats_of(boards, doubled, assigned, book, weights)
    for order in orders[:SETTLE_ORDERS]:
        if best_cost == 0:
            break
        for t in doubled:
            book.forget_board(boards[t], assigned[t])
        for t in order:
            assigned[t] = assign_powers(boards[t], book, weights, rng)
            book.record_board(boards[t], assigned[t])
        _settle_each(boards, doubled, assigned, book, weights, rng)
        cost = _repeats_of(boards, doubled, assigned, book, weights)
        if cost < best_cost:
            best, best_cost = {t: assigned[t] for t in doubled}, cost
    for t in doubled:
        book.forget_board(boards[t], assigned[t])
        assigned[t] = best[t]
        book.record_board(boards[t], assigned[t])


SETTLE_ORDERS = 8
"""Orders :func:`_settle_doubles` tries at most (each a few boards' powers given again)."""


def _settle_each(boards, doubled: Sequence[int], assigned: dict[int, list[Power]], book: PowerBook,
                 weights: Weights, rng: random.Random) -> None:
    """Each board with a player on two boards given its powers again knowing the others', while that lowers
    what its players repeat."""
    for _ in range(4):
        changed = False
        for t in doubled:
            book.forget_board(boards[t], assigned[t])
            again = assign_powers(boards[t], book, weights, rng)
            if _board_repeats(boards[t], again, book, weights) < _board_repeats(boards[t], assigned[t], book, weights):
                assigned[t], changed = again, True
            book.record_board(boards[t], assigned[t])
        if not changed:
            return


def _repeats_of(boards, doubled: Sequence[int], assigned: dict[int, list[Power]], book: PowerBook,
                weights: Weights) -> int:
    """What the players of these boards repeat, each board weighed against the book without it."""
    total = 0
    for t in doubled:
        book.forget_board(boards[t], assigned[t])
        total += _board_repeats(boards[t], assigned[t], book, weights)
        book.record_board(boards[t], assigned[t])
    return total


REPAIRS = 2
"""Swaps tried at most by :func:`_repair_theatres` per seat of the round (at least 60 in all), each two boards'
powers given again (a fraction of a ms): 60 in all left 131 players (five on two boards) a theatre repeat
that the next swaps undid."""


def _repair_theatres(seating: Seating, assigned: dict[int, list[Power]], book: PowerBook, weights: Weights,
                     rng: random.Random) -> None:
    """A player in a power or theatre they had, swapped with a player of another board where nothing ranked
    before changes, and kept where the two boards' powers, given again, then repeat less (a player on two boards
    too: their other board's powers stay in the book)."""
    boards = seating.rounds[0]
    left = max(60, REPAIRS * sum(map(len, boards)))
    for t in range(len(boards)):
        for i in range(len(boards[t])):
            x = boards[t][i]
            if not _had_before(x, assigned[t][i], book) or not _fresh_theatre_left(x, assigned[t][i], book):
                continue
            for u in range(len(boards)):
                for j in range(len(boards[u]) if u != t else 0):
                    y = boards[u][j]
                    if not seating.can_swap(0, t, i, u, j) or seating.delta(0, t, i, u, j) > 0:
                        continue
                    left -= 1
                    if left < 0:
                        return
                    if _swap_if_fewer_repeats(seating, t, i, u, j, assigned, book, weights, rng):
                        break
                else:
                    continue
                break


def _fresh_theatre_left(player: int, power: Power, book: PowerBook) -> bool:
    """Whether another board could seat ``player`` in a theatre they neither had nor play on their other board
    (or in a power they never had, where the theatre is not what repeats): a player on two boards with one
    theatre left repeats one anyway, and the swaps tried for them (in board order, first) spent the budget
    before a repeat a swap undoes was reached (issue 35: 86 players, five on two boards, 30 theatre repeats
    where 29 were needed)."""
    theatre = book.theatre_of.get(power)
    if theatre is None or book.theatres[(player, theatre)] <= 1:
        return True  # a power repeat in a theatre had once: another power of it may do
    return any(book.theatres[(player, other)] == 0 for other in set(book.theatre_of.values()))


def _had_before(player: int, power: Power, book: PowerBook) -> bool:
    """Whether ``player`` had ``power`` or its theatre before this round (the book holds this round too)."""
    theatre = book.theatre_of.get(power)
    return book.powers[(player, power)] > 1 or (theatre is not None and book.theatres[(player, theatre)] > 1)


def _swap_if_fewer_repeats(seating: Seating, t: int, i: int, u: int, j: int, assigned: dict[int, list[Power]],
                           book: PowerBook, weights: Weights, rng: random.Random) -> bool:
    """Swap seat ``i`` of board ``t`` with seat ``j`` of board ``u`` and give both boards powers again; undone
    unless they repeat less than before."""
    boards = seating.rounds[0]
    book.forget_board(boards[t], assigned[t])
    book.forget_board(boards[u], assigned[u])
    before = _board_repeats(boards[t], assigned[t], book, weights)
    book.record_board(boards[t], assigned[t])
    before += _board_repeats(boards[u], assigned[u], book, weights)
    book.forget_board(boards[t], assigned[t])
    seating.swap(0, t, i, u, j)
    mine = assign_powers(boards[t], book, weights, rng)
    after = _board_repeats(boards[t], mine, book, weights)
    book.record_board(boards[t], mine)
    theirs = assign_powers(boards[u], book, weights, rng)
    after += _board_repeats(boards[u], theirs, book, weights)
    book.record_board(boards[u], theirs)
    if after < before:
        assigned[t], assigned[u] = mine, theirs
        return True
    book.forget_board(boards[t], mine)
    book.forget_board(boards[u], theirs)
    seating.swap(0, t, i, u, j)
    book.record_board(boards[t], assigned[t])
    book.record_board(boards[u], assigned[u])
    return False


def _board_repeats(board: Sequence[int], powers: Sequence[Power], book: PowerBook, weights: Weights) -> int:
    return sum(book.cost(p, power, weights) for p, power in zip(board, powers))


def _repair_swap(
    seating: Seating, r: int, t: int, assigned: dict[int, list[Power]], book: PowerBook, weights: Weights,
    rng: random.Random,
) -> tuple[int, int, int, int] | None:
    """The cheapest swap (rematch cost, seat, board, seat) after which board ``t`` and the other avoid repeats."""
    boards = seating.rounds[r]
    best = None
    for i in range(len(boards[t])):
        for u in range(len(boards)):
            for j in range(len(boards[u]) if u != t else 0):
                if not seating.can_swap(r, t, i, u, j):
                    continue
                delta = seating.delta(r, t, i, u, j)
                if best is not None and delta >= best[0]:
                    continue
                done = u in assigned
                if done:
                    book.forget_board(boards[u], assigned[u])
                seating.swap(r, t, i, u, j)
                theirs = assign_powers(boards[u], book, weights, rng)
                book.record_board(boards[u], theirs)
                ours = assign_powers(boards[t], book, weights, rng)
                ok = book.repeats(boards[t], ours) == 0
                book.forget_board(boards[u], theirs)
                ok = ok and (not done or book.repeats(boards[u], theirs) == 0)
                seating.swap(r, t, i, u, j)
                if done:
                    book.record_board(boards[u], assigned[u])
                if ok:
                    best = (delta, i, u, j)
    return best


def power_reasons(board: Sequence[int], powers: Sequence[Power], book: PowerBook, field: Sequence[str]) -> list[str]:
    """Reasons for a repeated power, and for a theatre had more often than an even spread needs.

    ``book`` already holds this round.
    """
    reasons = []
    theatres = max(1, len(set(book.theatre_of.values())))
    for p, power in zip(board, powers):
        times = book.powers[(p, power)]
        if times > 1:
            reasons.append(f"{field[p]} plays {power.value} for the {ordinal(times)} time: no board avoided it")
        theatre = book.theatre_of.get(power)
        if theatre is not None:
            had = book.theatres[(p, theatre)]
            if had > -(-book.games[p] // theatres):
                reasons.append(f"{field[p]} plays in the {theatre.value} for the {ordinal(had)} time")
    return reasons


__all__ = ["power_reasons", "powers_for_round"]
