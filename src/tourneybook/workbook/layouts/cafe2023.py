"""CAFE'23 (seed 001) in a workbook: the Friedrich game-report sheets (:mod:`.friedrich`)."""

from .friedrich import layout

LAYOUT = layout("cafe2023")
