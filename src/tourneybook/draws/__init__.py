"""Draws and seating: pure generators, measured by quality figures.

Each generator takes plain inputs (players, rounds, history, constraints) and a
seeded ``random.Random`` and returns a frozen :class:`Draw`: rounds -> tables ->
seats (role, power or seat number, player), each table with the reasons for
any compromise. Nothing is printed and no input is changed; the same seed gives
the same draw.

The vocabulary (``Role``, ``Power``, ``Theatre``) is the rules' own
(:mod:`tourneybook.rules.friedrich`, :mod:`tourneybook.rules.diplomacy`),
re-exported here; seats hold their names.
"""

from .carcassonne import draw_carcassonne
from .diplomacy import UnfilledBoards, draw_diplomacy, draw_italia_top_board
from .friedrich import check_final_choices, draw_friedrich
from .model import (
    DEFAULT_THEATRES,
    DEFAULT_WEIGHTS,
    POWERS,
    ROLES,
    Draw,
    DrawnTable,
    Family,
    Power,
    Role,
    Round,
    Seat,
    Theatre,
    Weights,
)
from .quality import QualityReport, quality, rematch_bound

__all__ = [
    "DEFAULT_THEATRES",
    "DEFAULT_WEIGHTS",
    "Draw",
    "DrawnTable",
    "Family",
    "POWERS",
    "Power",
    "QualityReport",
    "ROLES",
    "Role",
    "Round",
    "Seat",
    "Theatre",
    "UnfilledBoards",
    "Weights",
    "check_final_choices",
    "draw_carcassonne",
    "draw_diplomacy",
    "draw_friedrich",
    "draw_italia_top_board",
    "quality",
    "rematch_bound",
]
