"""The hall's state said in a page's language: what /api/state and /api/player answer a Spanish phone or a German
projector.

The state is read once per save, in English (the rules' own words, which the director's page shows); a page in
another language asks for its words (``?lang=es``), and the words the state carries (the stage, the final's and
the knock-out's labels and tables, the placings and their reasons, the winner's heading, the notes) are said as
the published page says them (:func:`tourneybook.publish.page.said_table`, :func:`~tourneybook.publish.phrases.said`),
with the language's decimal mark. Names stay as typed. The hall keeps each language's answer per version
(:meth:`.hall.Hall.api_json`): five languages at most, made once each.
"""

from __future__ import annotations

from typing import Any

from ..i18n import ENGLISH, N_, Words
from ..publish.page import said_table
from ..publish.phrases import said
from ..reports.reporting import stage_points
from ..reports.sheet import DrawnTable
from ..reports.stages import STAGES_ROUND
from ..workbook.round_progress import RoundsCounted
from . import progress
from .state import HallState, standings, winner

FINAL_TABLE, MATCH = N_("Final, table {table}"), N_("Match {stage}")
"""A table of the final, a knock-out match ('Final, table 1', 'Match SF1': :func:`tourneybook.reports.stages.stage_name`)."""
ROUND_TABLE = {"Table": N_("Round {round}, table {table}"), "Board": N_("Round {round}, board {table}")}
"""A round's table as a player's rounds name it ('Round 2, table 5': :func:`.progress.player_rounds`)."""


def stage_title(stage: dict[str, Any], words: Words) -> str:
    """What is being played now (:func:`.progress.stage`) in ``words``' language."""
    _ = words._
    kind = stage.get("kind")
    if kind == progress.FINAL:
        return _("Final")
    if kind == progress.KNOCKOUT:
        return _("Knock-out")
    if kind == progress.TOP:
        return _("Round {round}: top board {board}").format(round=stage["round"], board=stage["board"])
    return _("Round {round}").format(round=stage["round"]) if stage.get("round") else _("Not drawn yet")


def stage_label(table: DrawnTable, words: Words) -> str:
    """A table of the final or a knock-out match as the pages name it, in ``words``' language."""
    return words._(MATCH).format(stage=table.stage) if table.stage else words._(FINAL_TABLE).format(table=table.table)


COUNTED_HEADING = N_("after round {round}")
PART_HEADING = {"table": N_("after round {round} and {entered} of {tables} tables of round {part}"),
                "board": N_("after round {round} and {entered} of {tables} boards of round {part}")}
"""A standings heading's words (:meth:`tourneybook.workbook.round_progress.RoundsCounted.heading`)."""
ONCE_WHOLE = {"table": (N_("round {part}: {entered} of {tables} tables entered; the standings count {rounds} (a round "
                           "counts once every table is entered)"),
                        N_("round {part}: {entered} of {tables} tables entered; the standings count no round yet (a "
                           "round counts once every table is entered)")),
              "board": (N_("round {part}: {entered} of {tables} boards entered; the standings count {rounds} (a round "
                           "counts once every board is entered)"),
                        N_("round {part}: {entered} of {tables} boards entered; the standings count no round yet (a "
                           "round counts once every board is entered)"))}
"""A round partly entered where a round counts once whole (Friedrich)."""
AS_ENTERED = {"table": (N_("round {part}: {entered} of {tables} tables entered; the standings count those {entered} and "
                           "{rounds} whole"),
                        N_("round {part}: {entered} of {tables} tables entered; the standings count those {entered}")),
              "board": (N_("round {part}: {entered} of {tables} boards entered; the standings count those {entered} and "
                           "{rounds} whole"),
                        N_("round {part}: {entered} of {tables} boards entered; the standings count those {entered}"))}
"""A round partly entered where each table counts as it is entered (Carcassonne, Diplomacy's boards)."""


def rounds_said(numbers: tuple[int, ...], words: Words) -> str:
    """'round 1', 'rounds 1-2', 'rounds 1, 3' in ``words``' language."""
    if len(numbers) == 1:
        return words._("round {round}").format(round=numbers[0])
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return words._("rounds {first}-{last}").format(first=numbers[0], last=numbers[-1])
    return words._("rounds {rounds}").format(rounds=", ".join(map(str, numbers)))


def counted_in(rounds: RoundsCounted, words: Words) -> dict[str, Any]:
    """How far the standings have got (:func:`.progress.counted`) in ``words``' language: the heading's words and
    the sentence of each round partly entered, as the Issues sheet says them in English."""
    _, word = words._, "board" if rounds.table_word == "board" else "table"
    heading = ""
    if rounds.through:
        part = rounds.partly[0] if rounds.partly and not rounds.whole_rounds_only else None
        heading = (_(PART_HEADING[word]).format(round=rounds.through, entered=part.entered, tables=part.tables,
                                                part=part.number) if part else _(COUNTED_HEADING).format(round=rounds.through))
    notes = []
    for part in rounds.partly:
        counted = rounds_said(rounds.whole, words) if rounds.whole else ""
        message = (ONCE_WHOLE if rounds.whole_rounds_only else AS_ENTERED)[word][0 if counted else 1]
        notes.append(_(message).format(part=part.number, entered=part.entered, tables=part.tables, rounds=counted))
    return {**progress.counted(rounds), "heading": heading, "note": "; ".join(notes)}


def state_in(state: HallState, words: Words) -> dict[str, Any]:
    """``state``'s data with its words in ``words``' language (the data itself for English)."""
    data = state.data
    if words.language is ENGLISH or state.published is None:
        return data
    stage = {**data["stage"], "title": stage_title(data["stage"], words)}
    staged = {t.table: t for t in state.stages.tables} if state.stages is not None else {}
    seating = []
    for table in data["seating"]:
        if stage["kind"] in (progress.FINAL, progress.KNOCKOUT) and table["table"] in staged:
            table = {**table, "label": stage_label(staged[table["table"]], words)}
        elif "label" in table:  # Italia's top board
            table = {**table, "label": words._("Top board {table}").format(table=table["table"])}
        seating.append(table)
    extras = [{k: v for k, v in said_table(t, words).items() if k != "bracket"} for t in state.published.result.extras]
    counted = counted_in(state.event.counted, words) if state.event is not None else data["counted"]
    return {**data, "stage": stage, "seating": seating, "counted": counted, "standings": standings(state.published, words),
            "extras": extras, "notes": [said(n, words) for n in data["notes"]], "winner": winner(state.published, words)}


def rounds_in(state: HallState, rounds: list[dict[str, Any]], words: Words) -> list[dict[str, Any]]:
    """A player's tables (:class:`.progress.PlayerRounds`) in ``words``' language: their labels, and a knock-out
    match's figures."""
    if words.language is ENGLISH or state.published is None:
        return rounds
    staged = {t.table: t for t in state.stages.tables} if state.stages is not None else {}
    round_table = words._(ROUND_TABLE.get(state.draw.table_word, ROUND_TABLE["Table"]))
    said_rounds = []
    for r in rounds:
        table = staged.get(r["table"]) if r["round"] == STAGES_ROUND else None
        if table is None:
            r = {**r, "label": round_table.format(round=r["round"], table=r["table"])}
        else:
            r = {**r, "label": stage_label(table, words)}
            if table.stage and r["points"]:
                r["points"] = progress.match_said(stage_points(state.published.result.extras, table), words)
        said_rounds.append(r)
    return said_rounds


__all__ = ["counted_in", "rounds_in", "stage_label", "stage_title", "state_in"]
