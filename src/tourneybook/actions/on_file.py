"""The day's actions run on a workbook file: open the file store, act, save atomically.

An action takes a store (:mod:`tourneybook.files.store`); here it meets a file.
The file is written only when the action succeeded, so a run with any problem
leaves the organiser's file byte-identical.
"""

from __future__ import annotations

import dataclasses
import os

from ..errors import InputError
from ..files.filestore import FileWorkbook
from .recalc import RecalcReport, recalculate


def recalc_file(path: str | os.PathLike[str]) -> RecalcReport:
    """Recalculate a workbook file and save it atomically; on any problem the file is not written."""
    try:
        book = FileWorkbook(path)
    except InputError as exc:
        return RecalcReport("", None, tuple(exc.problems), ())
    try:
        report = recalculate(book)
    except InputError as exc:  # a result sheet that cannot be written (an organiser's sheet has its name)
        return RecalcReport("", None, tuple(exc.problems), ())
    if not report.ok:
        return report
    try:
        book.save()
    except InputError as exc:
        return dataclasses.replace(report, problems=tuple(exc.problems), sheets=())
    return report


__all__ = ["recalc_file"]
