"""What the hall's pages show, read from the workbook through the store: one JSON-ready snapshot.

The standings come from the very reading and computing ``tourneybook recalc``
does (:func:`~tourneybook.workbook.event.read_event`, ``event_result``), so a
phone shows what the Standings sheet will; nothing is written to the workbook.
Names are data here: the pages escape them (:mod:`.pages`).
"""

from __future__ import annotations

from typing import Any

from ..frozen import frozen
from ..i18n import ENGLISH_WORDS, N_, Words, find_words
from ..publish import Published
from ..publish.classification import cut_after
from ..publish.page import place_reason
from ..numbers import shown
from ..rules.ranking import NO_RESULT
from ..workbook.event import event_result, read_event
from ..workbook.nameorder import in_name_order, name_order
from ..reports.sheet import ReportSheet, DrawnTable, Snapshot, read_draw
from . import progress
from ..reports.stages import STAGES_ROUND, read_stages

PLACE, PLAYER, DECIDED_BY, OUT_IN = "place", "player", "decided by", "out in"
"""Headers of an extra table that places players (the Friedrich final, the knock-out's final placings, awards)."""


@frozen
class HallState:
    """A workbook read at one moment: the pages' data, and the draw the reports are checked against."""

    data: dict[str, Any]
    draw: ReportSheet
    snapshot: Snapshot
    stages: ReportSheet | None = None
    """The final's or the knock-out's reportable tables (:mod:`tourneybook.reports.stages`), None for an event with neither."""
    rounds: progress.PlayerRounds | None = None
    """Each player's tables, for the phone that asks for its player (/api/player): not in ``data``, which every
    page polls; a thousand players' rounds are 750 KB."""
    event: Any = None
    """The event as read: the games the workbook holds, whose points an earlier round's line shows without scoring
    each report again (:meth:`tourneybook.live.hall.Hall.workbook_points`)."""
    published: Published | None = None
    """The event's result as the published page shows it, for the pages that say it in another language
    (:mod:`.spoken`)."""

    @property
    def tables(self) -> tuple[DrawnTable, ...]:
        """Every table a report can be for: the rounds', then the final's or the knock-out's."""
        return self.draw.tables + (self.stages.tables if self.stages else ())

    def draw_of(self, table: DrawnTable) -> ReportSheet:
        """The sheet ``table`` is reported into."""
        return self.stages if table.round == STAGES_ROUND and self.stages is not None else self.draw


def read_state(snapshot: Snapshot) -> HallState:
    """The state of ``snapshot``; InputError (every problem, as recalc lists them) while the workbook has any."""
    event = read_event(snapshot)
    result = event_result(event)
    draw = read_draw(snapshot)
    stages = read_stages(snapshot, event)  # the event read once: the standings and the knock-out's bracket
    published = Published(event, result)
    now = progress.stage(draw, stages, progress.top_board_of(event, snapshot, draw.current_round))
    staged = now["kind"] in (progress.FINAL, progress.KNOCKOUT) and stages is not None
    data = {
        "title": published.title,
        "language": find_words(event.language).code,  # the players' language (Settings): the projector's
        "ruleset": event.ruleset.name,
        "round": draw.current_round,
        "stage": now,
        "table_word": draw.table_word,
        # after the qualifying rounds the current seating is the final's table or the knock-out's matches
        "seating": progress.stage_seating(stages, result.extras) if staged else seating(draw, draw.current_round),
        "by_name": latest_seat(by_name(stages, STAGES_ROUND, event.language)) if staged
        else by_name(draw, draw.current_round, event.language),
        "counted": progress.counted(event.counted),
        "names": in_name_order(list(names_of(draw, published)), event.language),
        "standings": standings(published),
        "extras": [
            {"title": t.title, "headers": list(t.headers), "rows": [[shown(v) for v in row] for row in t.rows], "notes": list(t.notes)}
            for t in result.extras
        ],
        "notes": list(result.notes),
        "winner": winner(published),
        "stand_ins": sorted(p.name for p in event.players if p.stand_in),
    }
    if now["kind"] == progress.TOP:
        for table in data["seating"]:
            if table["table"] == now["board"]:
                table["label"] = f"Top board {table['table']}"
    return HallState(data, draw, snapshot, stages, progress.PlayerRounds(draw, stages, result), event, published)


def seating(draw: ReportSheet, round: int) -> list[dict[str, Any]]:
    """The tables of ``round``, each with its players by seat."""
    return [
        {"table": t.table, "seats": [{"seat": s.seat, "player": s.player} for s in t.seats]}
        for t in draw.tables
        if t.round == round
    ]


def by_name(draw: ReportSheet, round: int, language: str) -> list[dict[str, Any]]:
    """Every seated player of ``round`` with their table and seat, in the event's Language (Settings), as the wall
    list of the Seating sheet sorts them: Álvaro among the A's, not after Z."""
    seated = [{"player": s.player, "table": t.table, "seat": s.seat} for t in draw.tables if t.round == round for s in t.seats]
    return sorted(seated, key=lambda p: (name_order(p["player"], language), p["table"]))


def latest_seat(seated: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each player once, at their last table: a knock-out player is in every match they reached (bracket order),
    the projector lists them by name at the match they play or played last."""
    last = {p["player"]: p for p in sorted(seated, key=lambda p: p["table"])}
    return [p for p in seated if last[p["player"]] is p]


def names_of(draw: ReportSheet, published: Published) -> set[str]:
    """Everyone a phone can find: the ranked players and everyone seated (a stand-in plays but is never ranked)."""
    ranked = {r.player for r in published.result.standings.rows}
    current = draw.current_round  # once: it looks at every table
    return ranked | {s.player for t in draw.tables if t.round == current for s in t.seats}


def placings(extras: tuple, words: Words = ENGLISH_WORDS) -> dict[str, list[dict[str, str]]]:
    """Each player's place in every table that places players ahead of the standings (the final, the knock-out's
    placings, awards), with why they are below the one above when the table says it (in ``words``' language)."""
    _ = words._
    found: dict[str, list[dict[str, str]]] = {}
    for extra in extras:
        headers = [str(h).lower() for h in extra.headers]
        if PLACE not in headers or PLAYER not in headers:
            continue
        at_place, at_player = headers.index(PLACE), headers.index(PLAYER)
        at_decided = headers.index(DECIDED_BY) if DECIDED_BY in headers else None
        at_out = headers.index(OUT_IN) if OUT_IN in headers else None
        for i, row in enumerate(extra.rows):
            decided = str(shown(row[at_decided])) if at_decided is not None and row[at_decided] else ""
            why = _("below {player} on {criterion}").format(player=shown(extra.rows[i - 1][at_player]),
                                                            criterion=_(decided)) if decided and i else ""
            if at_out is not None and row[at_out]:  # the knock-out: the round a player lost in is why
                out = str(shown(row[at_out]))
                why = _(out) if out == "champion" else _("out in the {stage}").format(stage=_(out))
            found.setdefault(str(shown(row[at_player])), []).append(
                {"title": _(extra.title), "place": str(shown(row[at_place])), "reason": why})
    return found


WINNER, CHAMPION = N_("Winner"), N_("Champion")
"""The winner's heading: of a final (Friedrich), of a knock-out's final (Carcassonne)."""


def winner(published: Published, words: Words = ENGLISH_WORDS) -> dict[str, str] | None:
    """``{title, player}`` of the event's winner once its final (Friedrich) or its knock-out's final (Carcassonne) is
    decided: the one first place of the result's final table ('Final', 'Final placings'); None before, and for an
    event decided by its standings alone (its leader is the standings' first place, shown there)."""
    if published.event.ruleset.qualification is None:
        return None
    for extra in published.result.extras:
        headers = [str(h).lower() for h in extra.headers]
        if "final" not in extra.title.casefold() or PLACE not in headers or PLAYER not in headers:
            continue
        first = [row for row in extra.rows if str(shown(row[headers.index(PLACE)])) == "1"]
        if len(first) == 1:
            champion = OUT_IN in headers and shown(first[0][headers.index(OUT_IN)]) == "champion"
            return {"title": words._(CHAMPION if champion else WINNER), "player": str(shown(first[0][headers.index(PLAYER)]))}
    return None


def withdrew(after: int, words: Words = ENGLISH_WORDS) -> str:
    """Why a player without a game is last: the hall says it once, as the Players sheet does."""
    return (words._("withdrew after round {round}, without a game").format(round=after) if after
            else words._("withdrew, without a game"))


def standings(published: Published, words: Words = ENGLISH_WORDS) -> dict[str, Any]:
    """Every place with its reason and the player's games so far; ``cut``: how many qualify (0: no cut); the
    reasons in ``words``' language."""
    table = published.result.standings
    games: dict[str, list[dict[str, str]]] = {}
    for game in published.result.games:
        for score in game.players:
            games.setdefault(score.player, []).append({"game": game.game, "seat": score.seat, "points": shown(score.points)})
    after = cut_after(published)  # the published page's line: withdrawn finalists passed over, none before results
    cut = 0 if after is None else after + 1
    placed = placings(published.result.extras, words)
    gone = {p.name: p.withdrew_after for p in published.event.players if p.withdrew_after is not None}
    clubs = published.clubs  # worked out from every player on each asking: once, not once a row
    rows = [
        {
            "rank": None if unplaced else r.rank,  # before their first result nobody has a place
            "placings": placed.get(r.player, []),
            "player": r.player,
            "club": clubs.get(r.player, ""),
            "total": shown(r.total),
            "reason": words._(NO_RESULT) if unplaced else withdrew(gone[r.player], words)
            if r.player in gone and r.player not in games else place_reason(table.rows, i, table.total_name, words),
            "decided_by": r.decided_by or "",
            "games": games.get(r.player, []),
        }
        for i, r in enumerate(table.rows)
        # a player who withdrew without a game has the place the Standings sheet gives (the last), and says why
        for unplaced in [r.decided_by == NO_RESULT or (r.player not in games and r.player not in gone)]
    ]
    return {"total_name": words._(table.total_name), "rows": rows, "cut": cut}


__all__ = ["HallState", "by_name", "placings", "read_state", "seating", "standings", "winner"]
