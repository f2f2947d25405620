"""What the director can do when a Friedrich round cannot be seated: only advice that leads to a draw (issue 35).

Tables hold exactly four, and every player plays each role once (seed 000,
section I): each round needs each role a quarter of the players. A field short
of a table's four asks for stand-ins, or for fewer stand-ins playing; and after
withdrawals, late arrivals and absences the roles the players still owe can
fail to fill the rounds left ("the roles still owed cannot be balanced"). Each
way out offered here is checked first (:func:`.draws.friedrich_round.still_drawable`),
with the exact commands to type: followed as written, the next draw seats the
round. A way that would not is not offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..draws.friedrich_round import fresh_players_needed, roles_owed, still_drawable
from ..draws.model import Round
from ..workbook.generic import PLAYERS, Player

COMBINATIONS = 2000
"""Sets of stand-ins tried for 'fewer stand-ins playing' (a field has a handful of stand-ins)."""


def stand_in_ways(players: Sequence[Player], history: Sequence[Round], number: int, rounds_left: int,
                  workbook: str) -> list[str]:
    """The ways to seat round ``number`` with stand-ins, each leading to a draw: stand-ins added (as many as
    the roles need), or some of the stand-ins playing marked absent; [] when neither would."""
    here = [p for p in players if p.plays(number)]
    owed = roles_owed([p.name for p in here], history)
    ways = []
    added = fresh_players_needed(owed, rounds_left)
    if added:
        names = _new_names(players, added)
        short = (-len(here)) % 4
        what = "them" if added == short else (
            f"{added} stand-ins ({added}, not {short}: the roles still owed need them)" if short else
            f"{added} stand-ins (the roles the players still owe cannot fill the {rounds_left} round(s) left without)")
        commands = "; ".join(f"'tourneybook join {workbook} \"{n}\" --from-round {number} --stand-in'" for n in names)
        ways.append(f"add {what} as rows of {PLAYERS.name} with Stand-in yes, or one by one with {commands}")
    fewer = _fewer_stand_ins(here, owed, rounds_left)
    if fewer:
        left = len(here) - len(fewer)
        names = ", ".join(f'"{p.name}"' for p in fewer)
        commands = "; ".join(f"'tourneybook absent {workbook} \"{p.name}\" --round {number}'" for p in fewer)
        ways.append(f"with {len(fewer)} fewer stand-in{'s' if len(fewer) > 1 else ''} playing, the {left} players "
                    f"fill {left // 4} tables and nobody is added: mark {names} absent, {commands}")
    return ways


def _fewer_stand_ins(here: Sequence[Player], owed, rounds_left: int) -> list[Player]:
    """Stand-ins whose absence leaves a field of fours whose roles can be balanced (the fewest; [] if none)."""
    playing = [i for i, p in enumerate(here) if p.stand_in]
    extra = len(here) % 4
    for count in (extra, extra + 4) if extra else (4,):
        tried = 0
        for out in combinations(playing, count):
            tried += 1
            if tried > COMBINATIONS:
                break
            rest = [o for i, o in enumerate(owed) if i not in out]
            if rest and still_drawable(rest, rounds_left):
                return [here[i] for i in out]
    return []


def _new_names(players: Sequence[Player], count: int) -> list[str]:
    """'Stand-in 1', 'Stand-in 2'... not yet on the Players sheet."""
    taken = {p.name.casefold() for p in players}
    names, k = [], 0
    while len(names) < count:
        k += 1
        if f"stand-in {k}" not in taken:
            names.append(f"Stand-in {k}")
    return names


__all__ = ["stand_in_ways"]
