"""FWC 2022 (seed 000) in a workbook: the Friedrich game-report sheets (:mod:`.friedrich`) and
the final's draw (:mod:`.friedrich_final`)."""

from .friedrich_final import layout

LAYOUT = layout("fwc2022")
