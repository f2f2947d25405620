"""The rules' phrases around names and numbers in the published tables, said in the event's language.

A knock-out's games and a match not played yet read '118-93 (Anna lost on the clock)', 'waiting for S1, S8',
'game 3 next', a note 'lot needed: Anna, Ben are still tied; ...': the rules write them in English around a
name or a number. Each is found by its pattern and
said through the catalogue with the name or number in place; a whole word the catalogue has (a criterion, a
power, 'to play') is said as it translates; anything else stays as written (a player's name).
"""

from __future__ import annotations

import re

from ..i18n import ENGLISH_WORDS, N_, Phrase, Words

PHRASES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\((?P<player>[^()]+) lost on the clock\)"), N_("({player} lost on the clock)")),
    (re.compile(r"^waiting for (?P<matches>.+)$"), N_("waiting for {matches}")),
    (re.compile(r"^game (?P<number>\d+) next$"), N_("game {number} next")),
    (re.compile(r"^(?P<total>.+) per player \(top (?P<count>\d+)\)$"), N_("{total} per player (top {count})")),
    (re.compile(r"^(?P<total>.+) per player$"), N_("{total} per player")),
    (re.compile(r"^lot needed: (?P<players>.+) are still tied; the suggested order is shown until the organiser's lot "
                r"is entered$"),
     N_("lot needed: {players} are still tied; the suggested order is shown until the organiser's lot is entered")),
    (re.compile(r"^stand-ins, scored at their tables but not ranked: (?P<players>.+)$"),
     N_("stand-ins, scored at their tables but not ranked: {players}")),
    (re.compile(r"^(?P<player>.+) wins the final on (?P<criterion>.+); places 2 to 4 follow the final game score$"),
     N_("{player} wins the final on {criterion}; places 2 to 4 follow the final game score")),
    (re.compile(r"^The best (?P<count>\d+) games of each player make the tournament score(?P<source> \(.+\))?\.$"),
     N_("The best {count} games of each player make the tournament score{source}.")),
    (re.compile(r"^places 1-3 are the first three of the top board (?P<board>\S+ \S+) by position \(004 section 4\)$"),
     N_("places 1-3 are the first three of the top board {board} by position (004 section 4)")),
    (re.compile(r"^finalists, choosing roles in this order: (?P<players>.+)$"),
     N_("finalists, choosing roles in this order: {players}")),
    (re.compile(r"^round (?P<round>\d+) has no results yet$"), N_("round {round} has no results yet")),
    (re.compile(r"^rounds (?P<rounds>\d+(?:, \d+)+) have no results yet$"), N_("rounds {rounds} have no results yet")),
    (re.compile(r"^no results entered yet: none of the (?P<count>\d+) registered players has played a game$"),
     N_("no results entered yet: none of the {count} registered players has played a game")),
    (re.compile(r"^(?P<count>\d+) registered players played no game: (?P<players>.+)$"),
     N_("{count} registered players played no game: {players}")),
    (re.compile(r"^(?P<player>.+) is registered but played no game$"), N_("{player} is registered but played no game")),
    (re.compile(r"^A round sat out at the TD's request scores the Settings' sit-out points \((?P<points>[^()]+)\) and "
                r"counts as one of the player's games; the best game tie-break looks only at boards played\.$"),
     N_("A round sat out at the TD's request scores the Settings' sit-out points ({points}) and counts as one of the "
        "player's games; the best game tie-break looks only at boards played.")),
    (re.compile(r"^Next: (?P<match>\S+) (?P<higher>.+) v (?P<lower>.+) \((?P=higher), the higher seed, starts games 1 "
                r"and 3\)$"),
     N_("Next: {match} {higher} v {lower} ({higher}, the higher seed, starts games 1 and 3)")),
)
"""The rules' phrases (rules/carcassonne_knockout.py; the notes of rules/ranking.py's lot_needed, of the
Friedrich standings and final, of best_n.py's games counted, of Italia's top board, of Carcassonne's rounds without
results and of its knock-out's next match, of rules/diplomacy.py's absent_players, of best_n.py's sit-outs) and the
Standings chart's title (workbook/render.py), and their messages."""


def said(text: str, words: Words = ENGLISH_WORDS) -> str:
    """``text`` of a published table in ``words``' language, with its numbers' decimal mark."""
    if isinstance(text, Phrase):  # made of its message and values (the Diplomacy event's game-scoring note)
        return words.number(words.say(text))
    translated = words._(text)
    if translated == text:
        for pattern, message in PHRASES:
            translated = pattern.sub(lambda m, message=message: words._(message).format(
                **{k: words._(v) if v else "" for k, v in m.groupdict().items()}), translated)  # a criterion said too
    return words.number(translated)


__all__ = ["PHRASES", "said"]
