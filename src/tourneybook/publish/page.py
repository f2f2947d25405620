"""standings.html: the standings as one self-contained web page, from a Jinja2 template.

Everything the page needs is inside it (styles inline, no fonts, scripts or
pictures fetched), so it opens from a USB stick, a mail or a projector laptop
without a network. Each place says why it is where it is ("decided by"),
under the player's name, so the page never needs to scroll sideways on a phone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from ..rules.base import Table
from ..rules.ranking import LOT, NO_RESULT, SHARED, LotState
from . import Published, write_output
from .classification import cut_after, cut_note, split_extras
from .tables import shown

TEMPLATE = "standings.html"


def place_reason(rows: tuple, index: int, total_name: str) -> str:
    """Why row ``index`` is below the one above, in words.

    "Tied on every criterion" only where the lot split the two (decided by 'lot'): the first of a
    tied group is below the player above on a criterion, like anyone else.
    """
    row = rows[index]
    if index == 0:
        return ""
    above = rows[index - 1]
    if row.decided_by == LOT:
        how = "a lot decides (suggested order shown)" if row.lot is LotState.SUGGESTED else "decided by lot"
        return f"tied with {above.player} on every criterion: {how}"
    if row.decided_by == NO_RESULT:  # before their first result: nothing to explain, player by player
        return NO_RESULT
    if row.decided_by == SHARED:
        return f"shares the place with {above.player}: tied on every criterion (no lot before the last round)"
    if row.rank == above.rank:
        return f"shares the place with {above.player}"
    if row.decided_by:
        return f"below {above.player} on {row.decided_by}"
    return ""


def context(published: Published) -> dict[str, Any]:
    """What the template shows."""
    standings = published.result.standings
    clubs = published.clubs
    places = []
    for i, r in enumerate(standings.rows):
        places.append(
            {
                "rank": r.rank,
                "player": r.player,
                "club": clubs.get(r.player, ""),
                "attendance": r.mark,
                "total": shown(r.total),
                "tiebreaks": [(name, shown(value)) for name, value in r.tiebreaks if value is not None],
                "reason": place_reason(standings.rows, i, standings.total_name),
                "adjustment": (shown(r.adjustment), "; ".join(r.adjustment_reasons)) if r.adjustment else None,
            }
        )
    leading, following = split_extras(published.result.extras)
    return {
        "title": published.title,
        "ruleset": published.event.ruleset.name,
        "total_name": standings.total_name,
        "places": places,
        "cut_after": cut_after(published),
        "cut_note": cut_note(published),
        "leading": [_table(t) for t in leading],
        "extras": [_table(t) for t in following],
        "notes": list(published.result.notes),
    }


def _table(table: Table) -> dict[str, Any]:
    """An extras table as the template shows it."""
    rows = [[shown(v) for v in row] for row in table.rows]
    return {"title": table.title, "headers": list(table.headers), "rows": rows, "notes": list(table.notes)}


def render_page(published: Published) -> str:
    environment = Environment(loader=PackageLoader("tourneybook.publish", "templates"), autoescape=select_autoescape(["html"]))
    return environment.get_template(TEMPLATE).render(**context(published))


def write_page(published: Published, target: Path) -> Path:
    return write_output(target, render_page(published).encode("utf-8"))


__all__ = ["context", "place_reason", "render_page", "write_page"]
