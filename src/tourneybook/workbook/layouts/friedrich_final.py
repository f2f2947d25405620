"""The Friedrich final's draw (seed 000 GFTR B, seed 001 B): the best four choose roles in ranking order.

What the Friedrich layouts provide as their ``final_draw``: the draw never
chooses a role; it lists the finalists in choosing order, or checks the roles
they chose as typed on the 'Final game' row.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...errors import Collector, InputError, Problem
from ...files.store import WorkbookStore
from ...frozen import frozen
from ...rules.attendance import passed_over
from ...rules.friedrich import Role
from ...rules.friedrich.standings import final_ranking
from ..generic import PLAYERS, player_names
from ..layout import Layout
from ..reader import read_sheet
from ..settings_sheet import SETTINGS
from .friedrich import FINAL, QUALIFYING
from .friedrich import layout as friedrich_layout

FINAL_SHEET = FINAL.name
"""The entry sheet of the final (its row holds the roles the finalists chose)."""

CHOOSING = (
    "chooses any of the four roles",
    "chooses from the three roles left",
    "chooses from the two roles left",
    "takes the role left",
)
"""Seed 000 GFTR B (seed 001 B): "The highest-ranked player has free choice of roles. The second ranked
player has the choice of the remaining three roles, and so on." """


@frozen
class FinalOutcome:
    """What ``draw_final`` found: the finalists in choosing order, and the roles typed so far."""

    finalists: tuple[str, ...]
    """The best four of the qualifying standings, best first: the order they choose roles in."""
    roles: tuple[str | None, ...]
    """Each finalist's role as typed on the 'Final game' row; None while the row is empty."""
    notes: tuple[str, ...] = ()

    @property
    def choosing(self) -> tuple[str, ...]:
        """What each finalist may choose, in choosing order (seed 000 GFTR B)."""
        return CHOOSING[:len(self.finalists)]

    @property
    def final_sheet(self) -> str:
        """The sheet whose row the finalists' roles are typed on."""
        return FINAL_SHEET

    def render(self) -> str:
        lines = ["Final: the best four choose roles in ranking order (GFTR B)"]
        for place, (name, role) in enumerate(zip(self.finalists, self.roles), start=1):
            chose = f"plays {role}" if role else CHOOSING[place - 1]
            lines.append(f"  {place}. {name}: {chose}")
        if not any(self.roles):
            lines.append(f"type each finalist under the role they choose on the '{FINAL_SHEET}' row, "
                         "then run draw --final again to check it")
        else:
            lines.append("the choices are consistent: the top four, each in a role of their own")
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def final_choices(event: Any, store: WorkbookStore) -> FinalOutcome:
    """The Friedrich final: the finalists in choosing order, or a check of the roles they chose.

    The draw never chooses a role: with the 'Final game' row empty it lists
    the best four of the qualifying standings (the rules' standings, ties and
    lots included) with what each may choose; with finalists typed in their
    roles it checks them with :func:`tourneybook.draws.check_final_choices`.
    ``event`` is the event read once (:func:`tourneybook.workbook.event.read_event`).
    Refusals (InputError): no final in the Settings, the qualifying round not complete, a wrong choice at its cell.
    """
    from ...draws import check_final_choices  # the draw engine: loaded by the final's draw, not by a recalc

    t = event.record
    if t.settings.finalists == 0:
        raise InputError(Problem("the Settings have no final (Finalists 0)", sheet=SETTINGS.name))
    missing = [n for n in range(1, t.settings.games_counted + 1) if n not in {g.round for g in t.games}]
    if missing:
        raise InputError(Problem(
            f"the qualifying round is not complete: round {', '.join(map(str, missing))} has no result at every "
            "table yet; the finalists are known once every qualifying game is entered", sheet=QUALIFYING.name))
    standings = event.ruleset.standings(t).standings
    # A withdrawn player (and a late arrival unless the Settings allow it) is passed over: the next moves up.
    choosing = final_ranking(standings.order, t)
    finalists = tuple(choosing[: t.settings.finalists])
    if len(finalists) < len(Role):
        raise InputError(Problem(f"the final needs four ranked players; the standings have {len(finalists)}",
                                 sheet=PLAYERS.name))
    out = Collector(InputError)
    names = player_names(store.read(PLAYERS.name))
    rows = read_sheet(store.read(FINAL_SHEET), FINAL, out, players=names)
    out.raise_if_any()
    typed = [(role.value, rows[0][role.value]) for role in Role if rows and rows[0][role.value] is not None]
    roles: dict[str, str] = {}
    if typed:
        row = rows[0]
        cell_of = {role: row.cell(role) for role, _ in typed}
        for role, name in typed:
            if name in roles:
                out.add(f"{name} is already in the role of {roles[name]}: one role each", sheet=FINAL_SHEET,
                        cell=cell_of[role])
            else:
                roles[name] = role
        empty = next(row.cell(r.value) for r in Role if row[r.value] is None) if len(typed) < len(Role) else row.cell()
        for p in check_final_choices(choosing, roles):
            name = p.where.removeprefix("final").lstrip(", ")
            role = roles.get(name) or next((r.value for r in Role if p.message == f"no one plays {r.value}"), None)
            cell = cell_of.get(role, empty) if role else empty
            out.add(f"{name}: {p.message}" if name else p.message, sheet=FINAL_SHEET, cell=cell)
        out.raise_if_any()
    notes = [f"the choosing order of {', '.join(g)} rests on a suggested lot: enter the lot on the Players sheet"
             for g in standings.unresolved_lots if set(g) & set(finalists)]
    skipped = passed_over(standings.order, finalists, len(finalists))  # every one ranked above the last finalist
    if skipped:
        notes.insert(0, f"not in the final (withdrawn, or arrived late or missed a round): {', '.join(skipped)}; "
                        "the next in the ranking moves up")
    return FinalOutcome(finalists, tuple(roles.get(n) for n in finalists), tuple(notes))


def layout(ruleset_id: str) -> Layout:
    """The Friedrich layout of ``ruleset_id`` with its final's draw."""
    return dataclasses.replace(friedrich_layout(ruleset_id), final_draw=final_choices)


__all__ = ["CHOOSING", "FINAL_SHEET", "FinalOutcome", "final_choices", "layout"]
