"""A club or country ranking from the players' standings: the sum of each club's best N totals.

None of the five rule texts has one; organisers ask for it (a nations cup, a club
trophy), so it is offered on the Settings sheet and off by default. The choices
made here, as the README and the sheet's notes say:

- A club's best N players are its N highest-placed players in the standings.
- Clubs are ranked by the exact sum of those N totals; equal sums are ordered by
  the places of the players counted, best first (a club whose best player is placed
  higher comes first); clubs equal in both share the place.
- A club with fewer than N players in the standings is listed below, unranked.
- Players without a club are not in any club.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ..i18n import N_, Phrase
from .base import Table
from .ranking import Standings

TITLE = "Club ranking"


def club_ranking(standings: Standings, clubs: Mapping[str, str], best: int) -> Table:
    """The ranking of the clubs of ``clubs`` (player -> club) by their best ``best`` players' totals."""
    members: dict[str, list[tuple[int, str, Fraction]]] = {}
    for row in standings.rows:  # standings order: a club's first members are its best placed
        club = " ".join(clubs.get(row.player, "").split())
        if club:
            members.setdefault(club, []).append((row.rank, row.player, row.total))
    full = {club: rows[:best] for club, rows in members.items() if len(rows) >= best}
    short = sorted(club for club, rows in members.items() if len(rows) < best)
    order = sorted(full, key=lambda c: (-sum(t for _, _, t in full[c]), [r for r, _, _ in full[c]], c.casefold()))
    rows: list[tuple[object, ...]] = []
    place = 0
    previous: tuple[Fraction, list[int]] | None = None
    for i, club in enumerate(order, start=1):
        key = (sum(t for _, _, t in full[club]), [r for r, _, _ in full[club]])
        if key != previous:
            place = i
        previous = key
        counted = ", ".join(f"{player} ({rank})" for rank, player, _ in full[club])
        rows.append((place, club, key[0], counted))
    for club in short:
        counted = ", ".join(f"{player} ({rank})" for rank, player, _ in members[club])
        rows.append(("", club, None, Phrase(N_("{players}: fewer than {count} players, not ranked"), players=counted,
                                            count=str(best))))
    total = Phrase(standings.total_name)
    notes = (Phrase(N_("Clubs ranked by the sum of their best {count} players' {total} (places in brackets); equal sums "
                       "are ordered by the places of the players counted."), count=str(best), total=total),)
    header = Phrase(N_("{total} (best {count})"), total=total, count=str(best))
    return Table(TITLE, ("Place", "Club", header, "Players counted"), tuple(rows), notes)


__all__ = ["TITLE", "club_ranking"]
