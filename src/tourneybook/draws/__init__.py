"""Draws and seating: pure generators, measured by quality figures.

Each generator takes plain inputs (players, rounds, history, constraints) and a
seeded ``random.Random`` and returns a frozen :class:`~.model.DrawnRounds`: rounds -> tables ->
seats (role, power or seat number, player), each table with the reasons for
any compromise. Nothing is printed and no input is changed; the same seed gives
the same draw.

The vocabulary (``Role``, ``Power``, ``Theatre``) is the rules' own
(:mod:`tourneybook.rules.friedrich`, :mod:`tourneybook.rules.diplomacy`),
re-exported here; seats hold their names.

Importing this package loads only the quality figures (:mod:`.quality`, the
model, the bounds): each generator is loaded from its module when first asked
for (PEP 562), so a Friedrich draw loads no Carcassonne or Diplomacy module
(issue 40).
"""

from __future__ import annotations

from ..lazy import lazy_names

_HOME = {
    "draw_carcassonne": "carcassonne",
    "UnfilledBoards": "inputs",
    "draw_diplomacy": "diplomacy",
    "draw_italia_top_board": "diplomacy",
    "check_final_choices": "friedrich",
    "draw_friedrich": "friedrich",
    **{name: "model" for name in ("DEFAULT_THEATRES", "DEFAULT_WEIGHTS", "POWERS", "ROLES", "DrawnRounds",
                                  "DrawnTable", "Family", "Power", "Role", "Round", "Seat", "Theatre", "Weights")},
}
"""Each public name and the module (of this package) that defines it."""

# The figures are imported now: the function ``quality`` shares its name with its module, which would
# otherwise hide it once any draw had imported the module.
from .quality import QualityReport, quality, rematch_bound  # noqa: E402

__all__ = sorted([*_HOME, "QualityReport", "quality", "rematch_bound"])


__getattr__, __dir__ = lazy_names(__name__, _HOME, globals())
