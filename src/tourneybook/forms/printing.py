"""Saving the forms workbook, and its PDF through LibreOffice.

The bytes come from :mod:`tourneybook.forms.render`; the file is written like
every file TourneyBook writes, all or nothing, by the file layer's atomic save.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .. import office
from ..errors import InputError
from ..files.filestore import replace_file
from .render import Form, workbook_bytes


def write(forms: Sequence[Form], out: Path, pdf: bool = False, overwrite: bool = False) -> list[Path]:
    """Save the forms workbook at ``out`` and, with ``pdf``, its PDF beside it.

    An existing ``out`` is replaced only with ``overwrite`` (it might be the event
    workbook itself), and then atomically. The PDF is made by LibreOffice
    (:func:`tourneybook.office.convert`), one A4 page per sheet.
    """
    out = Path(out)
    if out.suffix.lower() != ".xlsx":
        raise InputError(f"{out}: the forms workbook must be an .xlsx file")
    if out.exists() and not overwrite:
        raise InputError(f"{out} already exists: choose another name, or add --force to overwrite it")
    data = workbook_bytes(forms)
    out.parent.mkdir(parents=True, exist_ok=True)
    replace_file(out, lambda fd: write_all(fd, data))
    written = [out]
    if pdf:
        written.append(office.convert(out, "pdf", out.parent))
    return written


def write_all(fd: int, data: bytes) -> None:
    """Every byte of ``data`` to the open file ``fd`` (os.write may write fewer at once)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


__all__ = ["write"]
