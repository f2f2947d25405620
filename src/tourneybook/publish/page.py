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

from ..i18n import ENGLISH_WORDS, N_, Words
from ..rules.base import Table
from ..rules.ranking import LOT, NO_RESULT, SHARED, LotState
from .published import Published, write_output
from .classification import cut_after, cut_note, split_extras
from .phrases import said
from ..numbers import shown

TEMPLATE = "standings.html"


def place_reason(rows: tuple, index: int, total_name: str, words: Words = ENGLISH_WORDS) -> str:
    """Why row ``index`` is below the one above, in words (``words``' language).

    "Tied on every criterion" only where the lot split the two (decided by 'lot'): the first of a
    tied group is below the player above on a criterion, like anyone else.
    """
    _ = words._
    row = rows[index]
    if index == 0:
        return ""
    above = rows[index - 1]
    if row.decided_by == LOT:
        how = _("a lot decides (suggested order shown)") if row.lot is LotState.SUGGESTED else _("decided by lot")
        return _("tied with {player} on every criterion: {how}").format(player=above.player, how=how)
    if row.decided_by == NO_RESULT:  # before their first result: nothing to explain, player by player
        return _(NO_RESULT_WORDS)
    if row.decided_by == SHARED:
        return _("shares the place with {player}: tied on every criterion (no lot before the last round)").format(
            player=above.player)
    if row.rank == above.rank:
        return _("shares the place with {player}").format(player=above.player)
    if row.decided_by:
        return _("below {player} on {criterion}").format(player=above.player, criterion=_(row.decided_by))
    return ""


NO_RESULT_WORDS = N_("no result yet")
"""The ranking's NO_RESULT reason (rules/ranking.py), marked for the catalogues."""


def context(published: Published) -> dict[str, Any]:
    """What the template shows, in the event's language."""
    words = published.words
    _ = words._
    standings = published.result.standings
    clubs = published.clubs
    places = []
    for i, r in enumerate(standings.rows):
        places.append(
            {
                "rank": r.rank,
                "player": r.player,
                "club": clubs.get(r.player, ""),
                "attendance": _(r.mark),
                "total": words.number(shown(r.total)),
                "tiebreaks": [(_(name), words.number(shown(value))) for name, value in r.tiebreaks if value is not None],
                "reason": place_reason(standings.rows, i, standings.total_name, words),
                "adjustment": ((words.number(shown(r.adjustment)), "; ".join(r.adjustment_reasons)) if r.adjustment
                               else None),
            }
        )
    leading, following = split_extras(published.result.extras)
    return {
        "lang": words.code,
        "title": published.title,
        "ruleset": published.event.ruleset.name,
        "total_name": _(standings.total_name),
        "places": places,
        "cut_after": cut_after(published),
        "cut_note": cut_note(published, words),
        "leading": [said_table(t, words) for t in leading],
        "extras": [said_table(t, words) for t in following],
        "notes": [said(n, words) for n in published.result.notes],
    }


PLAYER_HEADERS = frozenset({"player", "higher seed", "lower seed", "winner", "finalist", "club"})
"""An extras table's columns of names (or clubs): said as typed, never through the catalogue."""


def said_table(table: Table, words: Words = ENGLISH_WORDS) -> dict[str, Any]:
    """An extras table as the template shows it, in ``words``' language; a knock-out's matches as a bracket of
    rounds."""
    names = [h.casefold() in PLAYER_HEADERS for h in table.headers]
    rows = [[_cell(shown(v), words, name=name) for v, name in zip(row, names)] for row in table.rows]
    return {"title": words._(table.title), "headers": [said(h, words) for h in table.headers], "rows": rows,
            "notes": [said(n, words) for n in table.notes], "bracket": bracket(table, words)}


def _cell(value: Any, words: Words, *, name: bool) -> Any:
    """An extras table's cell: a name as typed, a number with the language's decimal mark, a word or a rules'
    phrase translated."""
    if name or not isinstance(value, str):
        return value
    return said(value, words)


BRACKET_ROUNDS = (("S", N_("Round of 16")), ("Q", N_("Quarter-finals")), ("SF", N_("Semi-finals")), ("F", N_("Final")))
"""The knock-out's rounds by the letters of their matches' names (S1-S8, Q1-Q4, SF1-SF2, F; seed 002)."""
BRACKET_HEADERS = ("stage", "higher seed", "lower seed", "games", "wins")


def bracket(table: Table, words: Words = ENGLISH_WORDS) -> list[dict[str, Any]]:
    """A knock-out table's matches in rounds, each match its two players with their wins, the winner marked
    (drawn as a bracket: a column per round on a wide screen, one round under the other on a phone);
    [] for any other table."""
    if tuple(table.headers[: len(BRACKET_HEADERS)]) != BRACKET_HEADERS:
        return []
    column = {h: i for i, h in enumerate(table.headers)}
    rounds = []
    for letters, name in BRACKET_ROUNDS:
        matches = []
        for row in table.rows:
            stage = str(row[0])
            if stage.rstrip("0123456789") != letters:
                continue
            wins = str(row[column["wins"]] or "").split("-")
            winner = row[column["winner"]] if "winner" in column else None
            players = [
                {"name": row[i] or "", "wins": wins[k] if len(wins) == 2 else "", "won": bool(row[i]) and row[i] == winner}
                for k, i in enumerate((1, 2))
            ]
            status = "" if row[column["games"]] else shown(row[column["decided by"]]) if "decided by" in column else ""
            # before it is played: 'to play', or 'waiting for S1, S8' under 'winner S1' and 'winner S8'
            games = shown(row[column["games"]]) or status
            matches.append({"stage": stage, "players": players, "games": said(games, words)})
        if matches:
            rounds.append({"name": words._(name), "matches": matches})
    first = sum(len(r["matches"]) for r in rounds[:1])
    place = bracket_places(2 * first) if first else {}
    for r in rounds:  # each match level with the two it follows from: S1, S8 beside Q1, ...
        r["matches"].sort(key=lambda m: place.get(m["stage"], 99))
    return rounds


def bracket_places(size: int) -> dict[str, int]:
    """Each match's place down the bracket of ``size`` players: that of the first match of the first round
    it follows from (seed 002: Q1 = winners of S1 and S8, drawn between them)."""
    from ..rules.carcassonne_knockout import bracket_slots  # a knock-out's page only: no other family loads it

    slots = {s.stage: s for s in bracket_slots(size)}

    def leaves(stage: str) -> list[str]:
        feeders = slots[stage].feeders
        return [stage] if feeders is None else leaves(feeders[0]) + leaves(feeders[1])

    order = leaves("F")
    return {stage: order.index(leaves(stage)[0]) for stage in slots}


def render_page(published: Published) -> str:
    """The page in the event's language (Settings, 'Language'): an environment of its own with that language's
    catalogue installed (Jinja2's i18n extension), so one event's words never reach another's page."""
    words = published.words
    environment = Environment(loader=PackageLoader("tourneybook.publish", "templates"), autoescape=select_autoescape(["html"]),
                              extensions=["jinja2.ext.i18n"])
    environment.install_gettext_translations(words.translations, newstyle=True)  # type: ignore[attr-defined]
    return environment.get_template(TEMPLATE).render(**context(published))


def write_page(published: Published, target: Path) -> Path:
    return write_output(target, render_page(published).encode("utf-8"))


__all__ = ["context", "place_reason", "render_page", "said_table", "write_page"]
