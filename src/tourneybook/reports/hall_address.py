"""Where phones reach the hall: whether the event reports results live, the address ``tourneybook live`` last
served on (kept in the event's journal), and the Seating sheet's QR code of it.

What a draw asks of the live reporting, apart from the printed forms' stamp (:mod:`.stamp`): a draw reads
no form, stage or bracket, so it loads none of their modules (issue 40).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Collector, InputError
from ..files.store import WorkbookStore
from ..workbook.settings_sheet import SETTINGS, read_live_reporting
from .journal import Journal, JournalError, journal_path
from .qr import png_qr

ADDRESS_KEY = "address"
"""The journal's record of the address ``tourneybook live`` last served on."""
SEATING_QR_CELL = "D3"
"""Beside the Seating sheet's list (columns A:C), at its top: the first page printed carries it."""


def seating_pictures(store: WorkbookStore, workbook: str | Path | None) -> tuple[tuple[str, bytes], ...]:
    """The Seating sheet's QR code of the live address, when live reporting is on and ``tourneybook live`` has
    served this event on an address phones can reach; () otherwise (no journal is made for it)."""
    if workbook is None or not journal_path(workbook).is_file() or not reporting_on(store):
        return ()
    try:
        address = Journal(journal_path(workbook)).recall(ADDRESS_KEY)
    except JournalError:  # a damaged journal never stops a draw: the sheet goes without the picture
        return ()
    return ((SEATING_QR_CELL, png_qr(address, scale=4)),) if address else ()


def reporting_on(store: WorkbookStore) -> bool:
    """The Settings' "Live reporting" (off without a Settings sheet); InputError naming its cell when it is not yes or no."""
    if SETTINGS.name not in store.sheet_names():
        return False
    out = Collector(InputError)
    on = read_live_reporting(store.read(SETTINGS.name), out)
    out.raise_if_any()
    return on


__all__ = ["ADDRESS_KEY", "SEATING_QR_CELL", "reporting_on", "seating_pictures"]
