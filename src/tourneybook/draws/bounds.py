"""What the club and group sizes force at these table sizes: the keep-apart lower bound (issue 32).

One round seats its players at tables whose sizes differ by at most one (all
fours; fours and threes; all sevens). A keep-apart group of ``g`` players over
``T`` tables leaves at least the pairs of its most even split together
(``g = 6`` over 4 boards: 2 + 2 + 1 + 1, two pairs). That is a lower bound
for each group alone, and it is also reached by all the groups at once: line
the players up group by group and deal them round the tables (table ``p mod
T`` takes the ``p``-th), each group's run of ``g`` places then splits as evenly
as possible, and the tables fill to sizes that differ by at most one, the
larger first. So the sum of the groups' even splits is the exact minimum of
keep-apart pairs seated together (tests/draws/test_bounds.py checks it against
every seating of small fields); a draw above it has a compromise left to undo.

Groups that share players (a club and a family) are counted over a part of
them that share no one, so the figure stays a proven lower bound there.
Rounds are independent: the bound of several rounds is the sum of theirs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..frozen import frozen


def even_split_pairs(group: int, tables: int) -> int:
    """Pairs left together when ``group`` players are spread as evenly as possible over ``tables``.

    >>> even_split_pairs(6, 4), even_split_pairs(7, 3), even_split_pairs(3, 5)
    (2, 5, 0)
    """
    q, extra = divmod(group, max(1, tables))
    return extra * (q + 1) * q // 2 + (max(1, tables) - extra) * q * (q - 1) // 2


@frozen
class ForcedKeepApart:
    """The keep-apart pairs one round cannot avoid, and why."""

    pairs: int
    """The fewest keep-apart pairs seated together in the round."""
    groups: tuple[int, ...]
    """The sizes of the groups seated that round (largest first), those that force something."""
    tables: int
    """The tables of the round."""
    seats: int
    """The largest table's seats."""

    def explain(self, table_word: str) -> str:
        """'keep-apart groups of 6, 6, 6, 5 and 5 players at 4 boards of 7: at least 8 pairs of them share a board'."""
        sizes = [str(s) for s in self.groups]
        listed = sizes[0] if len(sizes) == 1 else f"{', '.join(sizes[:-1])} and {sizes[-1]}"
        word = table_word.lower()
        groups = "a keep-apart group" if len(sizes) == 1 else "keep-apart groups"
        return (f"{groups} of {listed} players at {self.tables} {word}s of {self.seats}: "
                f"at least {self.pairs} pair(s) of them share a {word}")


def disjoint_groups(groups: Sequence[Collection[str]]) -> list[set[str]]:
    """Groups sharing no player, largest first: a club that shares a player with a larger group is left out."""
    taken: set[str] = set()
    chosen = []
    for group in sorted((set(g) for g in groups), key=len, reverse=True):
        if not group & taken:
            chosen.append(group)
            taken |= group
    return chosen


def partner_cliques(partners: Sequence[Collection[int]]) -> list[set[int]]:
    """Keep-apart groups as the search holds them (each player's partners, by index): every player with their
    partners where those all keep apart from each other too (a club); overlapping groups are left out."""
    cliques = {}
    for p, theirs in enumerate(partners):
        members = frozenset(theirs) | {p}
        if len(members) > 1 and all(members - {q} <= set(partners[q]) for q in members):
            cliques[members] = set(members)
    return list(cliques.values())


def forced_keep_apart(seated: Collection[str], table_sizes: Sequence[int],
                      groups: Sequence[Collection[str]]) -> ForcedKeepApart:
    """The keep-apart pairs one round seating ``seated`` at tables of ``table_sizes`` cannot avoid."""
    present = set(seated)
    tables = len(table_sizes)
    sizes = sorted((len(g & present) for g in disjoint_groups(groups)), reverse=True)
    forcing = tuple(s for s in sizes if even_split_pairs(s, tables))
    pairs = sum(even_split_pairs(s, tables) for s in sizes)
    return ForcedKeepApart(pairs, forcing if pairs else tuple(s for s in sizes if s > 1), tables,
                           max(table_sizes, default=0))


def keep_apart_bound(seated: Sequence[Collection[str]], table_sizes: Sequence[Sequence[int]],
                     groups: Sequence[Collection[str]]) -> int:
    """The fewest keep-apart pairs the rounds can seat together: the sum of each round's (see the module)."""
    return sum(forced_keep_apart(s, sizes, groups).pairs for s, sizes in zip(seated, table_sizes))


__all__ = ["ForcedKeepApart", "disjoint_groups", "partner_cliques", "even_split_pairs", "forced_keep_apart", "keep_apart_bound"]
