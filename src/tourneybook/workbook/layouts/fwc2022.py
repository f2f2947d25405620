"""FWC 2022 (seed 000) in a workbook: the Friedrich game-report sheets (:mod:`.friedrich`)."""

from .friedrich import layout

LAYOUT = layout("fwc2022")
