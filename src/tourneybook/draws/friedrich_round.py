"""This round first, for Friedrich (issue 35): the round being drawn searched alone, roles moving with the seats.

A plan of the remaining rounds fixes first which role each player takes in
each round (:mod:`.roles`), and then seats them, swapping only players of one
role. Which players take which role in the round being drawn can then force
rematches the round need not have: a 16-player day (two stand-ins in round 1,
a no-show who then withdrew, a skip at the check-in) drew round 3 with 6 pairs
meeting again, where a search over round 3 alone seats it with none, every
player in a role they still owe, and round 4 still drawable.

So the round being drawn is searched alone as well, a swap exchanging two
players' seats with their roles, as long as each takes a role they still owe
and the roles still owed after it can fill the rounds after it: each of those
rounds needs each role a quarter of the players. Supply and demand (Gale's
theorem, for the players and the roles) says when they can: for every set S
of roles, the players can give S at least ``|S| * rounds left * players / 4``
games, a player giving at most min(rounds left, roles of S they still owe).
:class:`RoleBalance` keeps those sums up to date, so a swap is checked in a
few additions.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import ROLES, Role, Round

ROLES_UNBALANCED = "the roles still owed cannot be balanced over the remaining rounds"
"""The refusal when the players of a round cannot each play a role they still owe in every round left."""
SUBSETS = tuple(range(1, 1 << len(ROLES)))
"""Every non-empty set of roles, as a bit mask over the roles' order."""


class RoleBalance:
    """Whether the roles still owed after this round can fill the rounds after it (a :class:`.search.Guard`).

    A table lists its players in role order, so a player's seat at their table
    is their role this round.
    """

    def __init__(self, owed: Sequence[Sequence[Role]], table_round: Sequence[Sequence[int]], rounds_after: int):
        self.owed = [sum(1 << ROLES.index(role) for role in roles) for roles in owed]
        self.gives = [
            {k: tuple(min(rounds_after, bin(mask & mine & ~(1 << k)).count("1")) for mask in SUBSETS)
             for k in range(len(ROLES)) if mine >> k & 1}
            for mine in self.owed
        ]
        """Per player and role they may take now, what they can give each set of roles afterwards."""
        self.need = tuple(bin(mask).count("1") * rounds_after * len(owed) // len(ROLES) for mask in SUBSETS)
        self.reset([table_round])

    def reset(self, rounds: Sequence[Sequence[Sequence[int]]]) -> None:
        self.role = [0] * len(self.owed)
        for table in rounds[0]:
            for k, p in enumerate(table):
                self.role[p] = k
        supply = [0] * len(SUBSETS)
        for p, k in enumerate(self.role):
            for i, v in enumerate(self.gives[p].get(k, ())):
                supply[i] += v
        self.supply = supply

    def drawable(self) -> bool:
        """Every player in a role they owe, and the rounds after this one can be drawn."""
        return (all(k in g for k, g in zip(self.role, self.gives))
                and all(s >= n for s, n in zip(self.supply, self.need)))

    def allows(self, x: int, seat_x: int, y: int, seat_y: int) -> bool:
        if seat_x == seat_y:
            return True
        gx, gy = self.gives[x], self.gives[y]
        if seat_y not in gx or seat_x not in gy:
            return False  # a role already played
        old_x, new_x, old_y, new_y = gx[seat_x], gx[seat_y], gy[seat_y], gy[seat_x]
        return all(s - a + b - c + d >= n
                   for s, a, b, c, d, n in zip(self.supply, old_x, new_x, old_y, new_y, self.need))

    def swapped(self, x: int, seat_x: int, y: int, seat_y: int) -> None:
        if seat_x == seat_y:
            return
        gx, gy = self.gives[x], self.gives[y]
        self.supply = [s - a + b - c + d for s, a, b, c, d in zip(self.supply, gx[seat_x], gx[seat_y], gy[seat_y],
                                                                    gy[seat_x])]
        self.role[x], self.role[y] = seat_y, seat_x


def still_drawable(owed: Sequence[Sequence[Role]], rounds_after: int) -> bool:
    """Whether players owing these roles can play ``rounds_after`` more rounds, each role a quarter of them each
    round (the same test as :class:`RoleBalance`, before a round is seated).

    >>> from tourneybook.draws.model import Role
    >>> still_drawable([list(Role)] * 4, 4), still_drawable([[Role.FREDERICK]] * 4, 1)
    (True, False)
    """
    if len(owed) % len(ROLES):
        return False
    supply = [0] * len(SUBSETS)
    for roles in owed:
        mine = sum(1 << ROLES.index(role) for role in roles)
        for i, mask in enumerate(SUBSETS):
            supply[i] += min(rounds_after, bin(mask & mine).count("1"))
    return all(s >= bin(mask).count("1") * rounds_after * len(owed) // len(ROLES)
               for s, mask in zip(supply, SUBSETS))


def roles_owed(players: Sequence[str], history: Sequence[Round]) -> list[list[Role]]:
    """The roles each player has not played in ``history`` (a player not seated there owes all four)."""
    had = {(s.player, s.seat) for rnd in history for t in rnd.tables for s in t.seats}
    return [[role for role in ROLES if (name, role.value) not in had] for name in players]


def fresh_players_needed(owed: Sequence[Sequence[Role]], rounds_left: int, most: int = 40) -> int | None:
    """The fewest newcomers (owing every role) that make the field a multiple of four whose roles can be
    balanced over ``rounds_left`` rounds; None beyond ``most``.

    Six players who still owe Frederick and Elisabeth, two rounds left: two
    newcomers would make 8, but Maria Theresa and Pompadour need two players
    each in both rounds, and only newcomers can play them; with six newcomers
    the 12 fill three tables in each round.

    >>> from tourneybook.draws.model import Role
    >>> fresh_players_needed([[Role.FREDERICK, Role.ELISABETH]] * 6, 2)
    6
    """
    for extra in range((-len(owed)) % len(ROLES), most + 1, len(ROLES)):
        if still_drawable([*owed, *([list(ROLES)] * extra)], rounds_left):
            return extra
    return None


__all__ = ["RoleBalance", "fresh_players_needed", "roles_owed", "still_drawable"]
