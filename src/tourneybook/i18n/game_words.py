"""The games' own words as their players know them, marked for the catalogues: Friedrich's roles and nations,
Diplomacy's powers, the seats of a Carcassonne table. The rules name them in English (their enums' values); a
printed or published surface says them through :meth:`~tourneybook.i18n.Words._`.

Where each language's words come from (docs/languages.md lists them): the German words are those of
Friedrich's original German edition (Histogame) and of the German Diplomacy; the Spanish, Italian and French
powers are the names those editions' maps print; Friedrich's roles elsewhere are the historical persons' names
as each language writes them (Federico, Isabel, María Teresa).
"""

from __future__ import annotations

from . import N_

FRIEDRICH_ROLES = (N_("Frederick"), N_("Elisabeth"), N_("Maria Theresa"), N_("Pompadour"))
"""The four players of Friedrich (RULES.md, Friedrich)."""
FRIEDRICH_NATIONS = (N_("Prussia"), N_("Hanover"), N_("Russia"), N_("Sweden"), N_("Austria"), N_("Imperial Army"),
                     N_("France"))
"""The seven nations of Friedrich."""
DIPLOMACY_POWERS = (N_("Austria"), N_("England"), N_("France"), N_("Germany"), N_("Italy"), N_("Russia"), N_("Turkey"))
"""The seven great powers of Diplomacy (AEFGIRT)."""
CARCASSONNE_SEATS = (N_("Player 1"), N_("Player 2"), N_("Player 3"), N_("Player 4"))
"""A Carcassonne table's seats, as the preliminary sheet names them."""
CARCASSONNE_PLACES = (N_("seat 1"), N_("seat 2"), N_("seat 3"), N_("seat 4"))
"""The same seats as the draw (the Seating sheet) and the scores (games.csv's Seat) name them."""
CARCASSONNE_MATCH_SEATS = (N_("Player A"), N_("Player B"))
"""The two seats of a Carcassonne knock-out match (A: the higher seed, who starts games 1 and 3)."""
TABLE_WORDS = (N_("Table"), N_("Board"))
"""What a game is played at: a table (Friedrich, Carcassonne) or a board (Diplomacy)."""


OFFENSIVE_ENDINGS = (N_("Prussian victory"), N_("called off"), N_("active at the end"))
"""How Friedrich's Prussian Offensive Option ends, as circled on the game report (rules/friedrich/report.py)."""
DIPLOMACY_COLUMNS = (N_("In draw"), N_("Conceded to"))
"""The centre-count sheet's columns for what a game scoring needs beyond the final count (rules/diplomacy_event.py;
'Eliminated in' is the sheet's own)."""
ANSWERS = (N_("yes"), N_("no"))
"""A circled answer on paper."""

__all__ = ["ANSWERS", "CARCASSONNE_MATCH_SEATS", "CARCASSONNE_PLACES", "CARCASSONNE_SEATS", "DIPLOMACY_COLUMNS", "DIPLOMACY_POWERS",
           "FRIEDRICH_NATIONS", "FRIEDRICH_ROLES", "OFFENSIVE_ENDINGS", "TABLE_WORDS"]
