"""Where the event is, for the pages: the current stage, each player's rounds, and what the standings count.

- :func:`stage`: a round of play; after the qualifying rounds the Friedrich final
  or the Carcassonne knock-out (its matches, each with its state) once their
  tables are known; Italia's top board in the round that has it.
- :class:`PlayerRounds`: every table of a player (the rounds', the final's or
  the knock-out's), with the seat or role, the opponents, the points once the
  result is in, and the latest round marked new until its result is in; worked
  out when a phone first asks, not at each save. The report's state is the
  journal's (the hall adds it: :meth:`.hall.Hall.player`).
- :func:`counted`: how far the standings have got, as the workbook reads it
  (the Issues sheet's sentences): "after round 2", and a round partly entered
  named ("round 3: 1 of 5 tables entered; the standings count rounds 1-2").
"""

from __future__ import annotations

import threading
from typing import Any

from ..i18n import ENGLISH_WORDS, Words
from ..numbers import shown
from ..workbook import cells
from ..workbook.event import Event
from ..workbook.round_progress import RoundsCounted
from ..workbook.schema import FIRST_DATA_ROW
from ..reports.sheet import ReportSheet, DrawnTable, Snapshot
from ..reports.reporting import game_of, stage_points
from ..reports.stages import stage_name

ROUND_KIND, FINAL, KNOCKOUT, TOP = "round", "final", "knockout", "top board"
PLAYED, TO_PLAY = "played", "to play"


def stage(draw: ReportSheet, stages: ReportSheet | None, top_board: int | None) -> dict[str, Any]:
    """``{kind, title, round}`` of what is being played now (and ``board``, the top board's number)."""
    if stages is not None and stages.tables:
        if any(t.stage for t in stages.tables):
            return {"kind": KNOCKOUT, "title": "Knock-out", "round": draw.current_round}
        return {"kind": FINAL, "title": "Final", "round": draw.current_round}
    number = draw.current_round
    if top_board is not None:
        return {"kind": TOP, "title": f"Round {number}: top board {top_board}", "round": number, "board": top_board}
    return {"kind": ROUND_KIND, "title": f"Round {number}" if number else "Not drawn yet", "round": number}


def stage_seating(stages: ReportSheet, extras) -> list[dict[str, Any]]:
    """The final's table or the knock-out's matches as the current seating, each with its state."""
    found = []
    for t in stages.tables:
        points = stage_points(extras, t)
        winner = next((v for h, _, v in points if h.lower() == "winner"), "")
        played = bool(winner) if t.stage else bool(points)
        found.append({"table": t.table, "label": stage_name(stages, t), "state": PLAYED if played else TO_PLAY,
                      "seats": [{"seat": s.seat, "player": s.player} for s in t.seats]})
    return found


def top_board_of(event: Event, snapshot: Snapshot, number: int) -> int | None:
    """The board number of round ``number``'s top board (Italia 2010, marked on its Rounds sheet), or None."""
    top = event.layout.top_board
    if top is None or not number or top.sheet not in snapshot.sheet_names():
        return None
    # Imported here, the layout's module being loaded already: another event's pages load no Diplomacy layout.
    from ..workbook.layouts.italia2010 import TOP_BOARD

    schema = event.layout.sheet(top.sheet)
    grid = snapshot.read(top.sheet)
    at_round, at_top = schema.index("Round"), schema.index(TOP_BOARD)
    for line in range(FIRST_DATA_ROW, len(grid.rows) + 1):
        board = grid.value(line, at_top)
        try:
            if cells.whole(grid.value(line, at_round)) == number and not cells.is_empty(board):
                return cells.whole(board)
        except cells.CellError:
            continue
    return None


class PlayerRounds:
    """Every table of each seated player (the rounds', the final's or the knock-out's), worked out when a phone
    first asks for a player after a save, not at the save: a reading of the workbook does no work per player, and
    one player's answer is a look-up.

    ``of(player)``: ``[{round, label, table, seat, opponents, points, report, new}]`` in order; ``report`` is None
    here (the hall puts the journal's state in).
    """

    def __init__(self, draw: ReportSheet, stages: ReportSheet | None, result):
        self._draw, self._stages, self._result = draw, stages, result
        self._lock = threading.Lock()
        self._by_player: dict[str, list[dict[str, Any]]] | None = None

    def of(self, player: str) -> list[dict[str, Any]]:
        with self._lock:  # phones ask at once in worker threads after a save: worked out by the first, once
            if self._by_player is None:
                self._by_player = player_rounds(self._draw, self._stages, self._result)
        return self._by_player.get(player, [])


def player_rounds(draw: ReportSheet, stages: ReportSheet | None, result) -> dict[str, list[dict[str, Any]]]:
    """Each seated player's tables in order (:class:`PlayerRounds` builds it on the first question)."""
    points: dict[tuple[int, int], dict[str, str]] = {}
    for game in result.games:
        found = game_of(game.game)
        if found is not None:
            points[found] = {s.player: str(shown(s.points)) for s in game.players}
    latest = draw.current_round
    word = draw.table_word
    players: dict[str, list[dict[str, Any]]] = {}

    def add(table: DrawnTable, label: str, scored: dict[str, str], new: bool) -> None:
        for seat in table.seats:
            players.setdefault(seat.player, []).append({
                "round": table.round, "label": label, "table": table.table, "seat": seat.seat,
                "opponents": [s.player for s in table.seats if s is not seat],
                "points": scored.get(seat.player), "report": None, "new": new})

    for table in draw.tables:
        scored = points.get((table.round, table.table), {})
        add(table, f"Round {table.round}, {word.lower()} {table.table}", scored, table.round == latest and not scored)
    if stages is not None:
        for table in stages.tables:
            figures = stage_points(result.extras, table)
            if table.stage:  # a match: its wins, VP totals and winner, the same for both
                said = match_said(figures)
                scored = {s.player: said for s in table.seats} if said else {}
            else:
                scored = {player: value for _, player, value in figures}
            add(table, stage_name(stages, table), scored, not scored)
    return players


def match_said(figures: tuple[tuple[str, str, str], ...], words: Words = ENGLISH_WORDS) -> str:
    """A knock-out match's figures ('wins 2-0; VP totals 221-197; winner Anna'), each named in ``words``' language."""
    return "; ".join(f"{words._(h)} {v}" for h, _, v in figures if v)


def counted(rounds: RoundsCounted) -> dict[str, Any]:
    """``{after_round, heading, note}``: the workbook's own reading of how far the standings have got
    (:attr:`.workbook.event.Event.counted`), so the projector says what the Issues sheet and ``recalc`` say: the
    last round counted whole, the standings heading's words ("after round 2"), and what a partly entered round
    leaves out ('' when none is); ``partly``: the heading names a round counted in part (a page in another
    language says 'after round N' itself when it does not)."""
    return {"after_round": rounds.through, "heading": rounds.heading(), "note": "; ".join(rounds.sentences()),
            "partly": bool(rounds.partly and not rounds.whole_rounds_only)}


__all__ = ["FINAL", "KNOCKOUT", "PLAYED", "PlayerRounds", "ROUND_KIND", "TOP", "TO_PLAY", "counted", "match_said", "player_rounds", "stage",
           "stage_seating", "top_board_of"]
