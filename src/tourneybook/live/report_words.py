"""A table's report in the phone's language: the entry sheet's columns as the paper form words them, recalc's
problems as a player reads them, each seat's points with the language's decimal mark.

The report's fields are the entry sheet's columns, whose English headers are also the cells' names in the
organiser's workbook (which stays English): they are said here, never renamed. Each Friedrich column is a whole
message (its translation uses the paper report's words: 'Rusia: salió en el turno', 'Objetivos del EI al cambiar'); a
Carcassonne or Diplomacy column is its seat or power and its column ('VP 2', 'Austria: Centres'), each said as
the paper form says it. recalc's problems are sentences of the rules and the workbook's reader: each shape
(:data:`PROBLEMS`) is a message whose ``{placeholders}`` are the sentence's values, the nations and powers among
them said as the game's words. English pages show every word as it was (the source sentences themselves).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..i18n import ENGLISH, N_, Words
from ..reports.reporting import Checked
from ..reports.sheet import KEY_JOIN, DrawnTable, ReportSheet
from ..reports.stages import STAGES_ROUND

FRIEDRICH_COLUMNS = (
    N_("IA switch turn"), N_("IA new controller"), N_("IA held at switch"), N_("OO launched in turn"),
    N_("Austria picked up set-aside TC"), N_("OO outcome"), N_("OO called off in turn"),
    N_("Bohemian objectives Prussia"), N_("Bohemian objectives Austria"), N_("Game ended in turn"), N_("Winners"),
    N_("Russia left in turn"), N_("Sweden left in turn"), N_("France left in turn"),
    N_("Russia held"), N_("Russia total"), N_("Sweden held"), N_("Sweden total"), N_("Austria held"),
    N_("Austria total"), N_("IA held"), N_("IA total"), N_("France held"), N_("France total"),
    N_("sTCC N"), N_("TCs Frederick until N"), N_("TCs attackers until N"), N_("Note"),
)
"""The Friedrich report's columns the paper words otherwise (its 'Start time' and 'First Card of Fate' are the
paper's own messages), each a whole message: its translation takes the paper report's words."""
SEAT_COLUMNS = (N_("VP {seat}"), N_("Game {number}"), N_("lost on clock"), N_("Player A"), N_("Player B"))
"""A Carcassonne slip's seat ('VP 2'), a knock-out match's game ('Game 1 VP A'), its clock and its two seats."""
GRID_WORDS = (N_("{nation} won"), N_("Power"), N_("Offensive Option"))
"""A nation's own tick-box in the end's grid, the head of a board's powers, and who a problem of the Offensive
Option is about."""
NAMED = (N_("{field}: {problem}"), N_("{seat}: {column}"))
"""A problem after the field or the nation it is about ('VP 2: ...', 'Russia: ...'), and a board's field (its power
and its column): the language's own punctuation (French writes ' : ')."""
STAGES = (N_("Match {stage}"), N_("Final, table {table}"))
"""How a knock-out match's and the final's report is headed (:func:`tourneybook.reports.stages.stage_name`)."""
HEADINGS = {"Table": N_("Round {round}, table {table}"), "Board": N_("Round {round}, board {table}")}
"""A round's table or board as its report page heads it."""

VP = re.compile(r"VP (?P<seat>\w+)")
GAME = re.compile(r"Game (?P<number>\d+)(?: (?P<rest>.+))?")


def column_words(header: str, words: Words) -> str:
    """An entry sheet's column said in ``words``' language: 'VP 2' -> 'PV 2', 'Game 1 VP A' -> 'Partida 1 PV A'."""
    if words.language is ENGLISH or not header:
        return header
    found = VP.fullmatch(header)
    if found:
        return words._("VP {seat}").format(seat=found["seat"])
    found = GAME.fullmatch(header)
    if found:
        game = words._("Game {number}").format(number=found["number"])
        return f"{game} {column_words(found['rest'], words)}" if found["rest"] else game
    return words._(header)


def field_label(draw: ReportSheet, key: str, words: Words) -> str:
    """A report field's name as a problem names it: its column, after its power on a board ('Austria: Centres')."""
    seat, joined, header = key.partition(KEY_JOIN)
    if draw.blocks and joined:
        return words._("{seat}: {column}").format(seat=words._(seat), column=column_words(header, words))
    return column_words(key, words)


def heading(draw: ReportSheet, table: DrawnTable, words: Words) -> str:
    """The report page's heading: 'Round 2, table 5', 'Round 1, board 3', 'Match SF1', 'Final, table 1'."""
    if table.round == STAGES_ROUND:
        return (words._("Match {stage}").format(stage=table.stage) if table.stage
                else words._("Final, table {table}").format(table=table.table))
    said = HEADINGS.get(draw.table_word, HEADINGS["Table"])
    return words._(said).format(round=table.round, table=table.table)


def value_words(value: str, words: Words) -> str:
    """A chosen word as the page shows it ('called off', 'yes', 'Russia, France'), in ``words``' language; the value
    sent stays the workbook's word."""
    if words.language is ENGLISH or not value.strip():
        return value
    return ", ".join(words._(w.strip()) for w in value.split(","))


THE_GAME = re.compile(r"(?:[^!:]+![A-Z]+\d+(?::[A-Z]+\d+)?: )?(?:(?:game )?(?:R\d+ [TB]\d+|Final)(?:, (?P<who>[^:]+))?: )?")
"""Where recalc's sentence says it is (the sheet's cells, the game 'R1 T2', its nation or power): the player's
page is that game's, so the place goes and its nation or power stays ('Rusia: ...')."""
PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern), message) for pattern, message in (
    (r"(?P<value>.+) is not a whole number", N_("{value} is not a whole number")),
    (r"(?P<value>.+) is not a time such as (?P<example>\S+)", N_("{value} is not a time such as {example}")),
    (r"(?P<value>.+) is not yes or no", N_("{value} is not yes or no")),
    (r"(?P<value>.+) is not one of: (?P<choices>.+)", N_("{value} is not one of: {choices}")),
    (r"(?P<value>.+) is not a nation; winners are among: (?P<choices>.+)",
     N_("{value} is not a nation; winners are among: {choices}")),
    (r"(?P<value>.+) is not on the Players sheet; add them to the Players sheet first",
     N_("{value} is not on the Players sheet; add them to the Players sheet first")),
    (r"(?P<value>\S+) is negative: 0 or more", N_("{value} is negative: 0 or more")),
    (r"(?P<value>\S+) is too high: at most (?P<most>-?\d+)", N_("{value} is too high: at most {most}")),
    (r"(?P<value>\S+) is too low: at least (?P<least>-?\d+)", N_("{value} is too low: at least {least}")),
    (r"fill this in", N_("fill this in")),
    (r"fill this in \(the game's result needs it\)", N_("fill this in (the game's result needs it)")),
    (r"fill this in \(the Offensive Option needs it\)", N_("fill this in (the Offensive Option needs it)")),
    (r"fill this in \(the Imperial Army switch needs it\)", N_("fill this in (the Imperial Army switch needs it)")),
    (r"fill this in \(the sTCC inputs are entered\)", N_("fill this in (the sTCC inputs are entered)")),
    (r"fill this in \((?P<nation>.+) left the game\)", N_("fill this in ({nation} left the game)")),
    (r"nothing is filled in: type the result as on the paper form",
     N_("nothing is filled in: type the result as on the paper form")),
    (r"(?P<name>.+)'s victory points are missing", N_("{name}'s victory points are missing")),
    (r"game (?P<game>\d+) is entered but game (?P<other>\d+) is not", N_("game {game} is entered but game {other} is not")),
    (r"game (?P<game>\d+): victory points missing", N_("game {game}: victory points missing")),
    (r"knock-out (?P<stage>\S+): entered before (?P<first>\S+) and (?P<second>\S+) decided who plays it",
     N_("match {stage}: entered before {first} and {second} decided who plays it")),
    (r"knock-out (?P<stage>\S+): entered before (?P<first>\S+) decided who plays it",
     N_("match {stage}: entered before {first} decided who plays it")),
    (r"knock-out (?P<stage>\S+): played by (?P<first>.+) and (?P<second>.+), but the bracket pairs (?P<higher>.+) "
     r"\(rank (?P<rank>\d+)\) and (?P<lower>.+) \(rank (?P<other>\d+)\)",
     N_("match {stage}: played by {first} and {second}, but the bracket pairs {higher} (rank {rank}) and {lower} "
        "(rank {other})")),
    (r"knock-out (?P<stage>\S+) game (?P<game>\d+): played after (?P<name>.+) had already won the match",
     N_("match {stage}, game {game}: played after {name} had already won the match")),
    (r"objectives held (?P<held>\d+) exceed the total (?P<total>\d+)",
     N_("objectives held {held} exceed the total {total}")),
    (r"left the game in turn (?P<turn>\d+), after the game ended in turn (?P<ended>\d+)",
     N_("left the game in turn {turn}, after the game ended in turn {ended}")),
    (r"left the game in turn (?P<turn>\d+) and cannot be a winner", N_("left the game in turn {turn} and cannot be a winner")),
    (r"Prussia's (?P<prussia>\d+) and Austria's (?P<austria>\d+) Bohemian objectives exceed the (?P<most>\d+)",
     N_("Prussia's {prussia} and Austria's {austria} Bohemian objectives exceed the {most}")),
    (r"a turn it was called off is given, but it 'succeeded'",
     N_("a turn it was called off is given, but it 'succeeded'")),
    (r"Prussia cannot win together with (?P<nation>.+)", N_("Prussia cannot win together with {nation}")),
    (r"centres missing: this board has results \(an eliminated power has 0 and its year\)",
     N_("centres missing: this board has results (an eliminated power has 0 and its year)")),
    (r"elimination year (?P<year>\d+) but the history has no centres from (?P<other>\d+)",
     N_("elimination year {year} but the history has no centres from {other}")),
    (r"elimination year (?P<year>\d+) is after the game's last year (?P<last>\d+)",
     N_("elimination year {year} is after the game's last year {last}")),
    (r"has centres again after losing all in (?P<year>\d+)", N_("has centres again after losing all in {year}")),
    (r"has no centres but no elimination year", N_("has no centres but no elimination year")),
    (r"survives with (?P<centres>\d+) centres but has elimination year (?P<year>\d+)",
     N_("survives with {centres} centres but has elimination year {year}")),
    (r"the count of (?P<year>\d+) is missing \(the count goes on to (?P<last>\d+)\)",
     N_("the count of {year} is missing (the count goes on to {last})")),
    (r"the count of (?P<year>\d+) is missing: board \S+ \S+ is counted to (?P<last>\d+)",
     N_("the count of {year} is missing: the board is counted to {last}")),
    (r"(?P<year>\d+): centres add up to (?P<centres>\d+), more than (?P<most>\d+)",
     N_("{year}: centres add up to {centres}, more than {most}")),
    (r"centres add up to (?P<centres>\d+), more than the (?P<most>\d+) on the map",
     N_("centres add up to {centres}, more than the {most} on the map")),
    (r"the game is conceded to (?P<power>.+), which has no centres", N_("the game is conceded to {power}, which has no centres")),
))
"""recalc's problems of a report, by shape (reporting.player_words has put those about a cell in a player's words):
the values in them are kept, a nation or a power (``nation``, ``power``) said as the game's word, and a list of the
allowed words (``choices``) word by word."""
SAID_AS_THE_GAMES = ("nation", "power")
"""The shapes' values that are a nation or a power (said as the game's word, not kept as typed)."""


def problem_words(problem: str, words: Words) -> str:
    """One of recalc's problems of a report said in ``words``' language; as it is in English, and where no shape
    of :data:`PROBLEMS` is its own (tests/live/test_report_language.py finds one left)."""
    if words.language is ENGLISH:
        return problem
    place = THE_GAME.match(problem)
    who, rest = (place["who"] if place else None), problem[place.end():] if place else problem
    for pattern, message in PROBLEMS:
        found = pattern.fullmatch(rest)
        if found:
            values = {k: (words._(v) if k in SAID_AS_THE_GAMES else value_words(v, words) if k == "choices" else v)
                      for k, v in found.groupdict().items()}
            said = words._(message).format(**values)
            return words._("{field}: {problem}").format(field=words._(who), problem=said) if who else said
    return problem


def parts_words(parts: str, words: Words) -> str:
    """What makes a seat's points, said in ``words``' language: 'Prussia 10.00; bonus 2.00' -> 'Prusia 10,00;
    bonificación 2,00' (each part is a name and its figure: reporting.explained)."""
    if words.language is ENGLISH:
        return parts
    said = []
    for part in parts.split("; "):
        name, _, figure = part.rpartition(" ")
        said.append(f"{words._(name)} {words.number(figure)}" if name else words.number(part))
    return "; ".join(said)


def checked_words(checked: Checked, draw: ReportSheet, words: Words) -> Checked:
    """``checked`` as a page in ``words``' language shows it: its problems (each naming its field as the page
    does), their lines at the fields, each seat's points and what makes them."""
    if words.language is ENGLISH:
        return checked
    problems = tuple(named(field_label(draw, key, words), problem_words(said, words), words) if key
                     else problem_words(said, words) for key, said in checked.reasons)
    at = {key: tuple(problem_words(p, words) for p in found) for key, found in checked.at.items()}
    return Checked(problems or checked.problems, points_words(checked.points, words), at,
                   tuple(parts_words(p, words) for p in checked.parts), checked.reasons)


def named(field: str, problem: str, words: Words) -> str:
    """A problem after the name of the field it is about, as the language punctuates it."""
    return words._("{field}: {problem}").format(field=field, problem=problem)


def points_words(points, words: Words) -> tuple[tuple[str, str, str], ...]:
    """Each (seat, player, points) with its seat (a role, a power, a match's figure) and its number in ``words``'
    language."""
    return tuple((words._(seat), player, words.number(value)) for seat, player, value in points)


def seats_words(table: DrawnTable, words: Words) -> tuple[Mapping[str, str], ...]:
    """The table's seats as the page lists them: each seat's word (a role, a power) in ``words``' language."""
    return tuple({"seat": words._(s.seat), "player": s.player} for s in table.seats)


__all__ = ["checked_words", "column_words", "field_label", "heading", "named", "parts_words", "points_words", "problem_words",
           "seats_words", "value_words"]
