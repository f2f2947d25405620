"""The rules' words that the published results print (criteria, totals, the parts of a game's points, the extra
tables' titles and columns), marked for the catalogues.

The rules name them in English and compare them as names (a criterion's name is also what 'decided by' says),
so they stay English there; the published page, CSV and PDF say them through the event's
:class:`~tourneybook.i18n.Words`. tests/publish/test_languages.py publishes every example event in every
language and fails on a word of the rules this list has lost (a rule renamed, a new criterion).
"""

from __future__ import annotations

from . import N_

CRITERIA = (
    N_("winning nations"), N_("final game score"), N_("E+MT second-best"), N_("sTCC (Frederick game)"), N_("sTCC"),
    N_("Frederick opponents' quality"), N_("role's qualifying wins"), N_("Pompadour wins, Maria Theresa loses ties"),
    N_("ranking points"), N_("VP sum (3-player x 3/4)"), N_("percentage sum"), N_("points"), N_("best game"),
    N_("second-best game"), N_("top board position"), N_("all games"), N_("best 2 games"), N_("best 3 games"),
    N_("highest single game"), N_("best game against tied players"), N_("average centres"),
    N_("centre differential"), N_("distance from home"), N_("lot"), N_("tied on every criterion"),
)
"""What ranks the players: totals and tie-breaks (rules/friedrich/standings.py, carcassonne_sums.py,
italia2010.py, best_n.py, ranking.py)."""

PARTS = (
    N_("second-best"), N_("bonus"), N_("break bonus"), N_("centre points"), N_("centres"), N_("centres squared"),
    N_("elimination points"), N_("lead bonus"), N_("participation"), N_("percentage"), N_("position"),
    N_("position bonus"), N_("pot share"), N_("solo"), N_("solo bonus"), N_("sum of squares"), N_("TSS"),
    N_("TSS bonus"), N_("VP"), N_("VP total"), N_("VP totals"), N_("adjusted VP"), N_("modified"), N_("unmodified"),
    N_("raised to best eliminated"), N_("top board x6/5"), N_("Imperial Army at the switch"), N_("Austria (OO)"),
    N_("Austria (standard)"), N_("Prussia (OO)"), N_("Prussia (standard)"), N_("game wins"), N_("role"),
    N_("above the line"), N_("band points"), N_("base"), N_("before scaling"), N_("domination"),
    N_("domination shares"), N_("draw size"), N_("gap points"), N_("in the draw"), N_("lead"), N_("lead points"),
    N_("played"), N_("rank points"), N_("solo factor"), N_("sum of N"), N_("survival"), N_("survivors' share"),
    N_("top bonus"), N_("tribute"), N_("tribute paid"), N_("tribute received"), N_("years"), N_("years played"),
    N_("years survived"), N_("conceded"),
)
"""The named parts of a game's points (games.csv's columns; the Diplomacy game-scoring systems' parts from 'above the
line' on) and what a game counts, and a solo 'conceded' (games.csv says yes, no or conceded for it)."""

TABLES = (
    N_("Final"), N_("Final placings"), N_("Knock-out"), N_("Best power awards"), N_("Games counted"),
    N_("Results counted"), N_("Club ranking"),
    N_("place"), N_("player"), N_("out in"), N_("preliminary rank"), N_("qualifying rank"), N_("stage"),
    N_("higher seed"), N_("lower seed"), N_("games"), N_("wins"), N_("winner"), N_("decided by"), N_("Power"),
    N_("Score"), N_("Tie"), N_("Centres"), N_("Counted"), N_("Factor"), N_("Why"), N_("Round"), N_("Game"),
    N_("Place"), N_("Club"), N_("Players counted"), N_("Notes"), N_("Points"), N_("Seat"), N_("Rank"),
    N_("champion"), N_("final"), N_("semi-final"), N_("quarter-final"), N_("round of 16"), N_("preliminary"),
    N_("sit-out"), N_("sat out at the TD's request"), N_("tie: TD decides"), N_("to play"), N_("Every game counts."),
    N_("decided by: what put a finalist below the one above (the second: below the winner, on the winner's order)"),
    N_("Outstanding play of each power: highest single-game score; ties broken by the TD (003 VI.2)."),
)
"""The extra tables (final, knock-out, awards, what counted) by their titles, columns, words and whole notes (the result
sheets' own titles are marked where workbook/render.py names them)."""

NOTES = (
    N_("no results yet: the standings start with the first game typed"),
    N_("no results yet: the standings start with the first table typed"),
    N_("no top board entered: every place is by points"),
)
"""The rules' whole notes on an event under way (Friedrich's and Carcassonne's before the first result, Italia before
its top board); the notes with a name or a number in them are publish/phrases.py's."""

NUMBERS = (
    N_("base of N"), N_("board-top bonus"), N_("centre line"), N_("domination points"),
    N_("eliminated power's points per year"), N_("lead points per centre"), N_("losers' points per centre"),
    N_("most centres"), N_("points for playing"), N_("points per centre"), N_("second most centres"),
    N_("shares of the top"), N_("shares one centre below the top"), N_("shares two centres below the top"),
    N_("solo points"), N_("survival points"), N_("third most centres"),
)
"""The Diplomacy game-scoring systems' numbers a director may change, as the published game-scoring note names them
(each Parameter's label after its system's name, rules/game_scoring)."""

__all__ = ["CRITERIA", "NOTES", "NUMBERS", "PARTS", "TABLES"]
