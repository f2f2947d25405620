"""CAFE'23 (seed 001) in a workbook: the Friedrich game-report sheets (:mod:`.friedrich`) and
the final's draw (:mod:`.friedrich_final`)."""

from .friedrich_final import layout

LAYOUT = layout("cafe2023")
