"""``tourneybook publish``: the event's results for others: CSV tables, a printable PDF, one web page.

Reads the workbook's entries exactly as a recalculation does (nothing is written
to the workbook) and writes into a folder:

- ``standings.csv`` and ``games.csv`` (:mod:`.tables`, pandas): what a federation asks for;
- ``standings.pdf``: the Standings and the final/knock-out/awards sheets as they print
  from the workbook, through LibreOffice;
- ``standings.html`` (:mod:`.page`, Jinja2): one self-contained page (no fonts,
  scripts or pictures fetched) for a phone or a projector, with the reason for
  every place and the final, knock-out or awards.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import InputError
from ..files.filestore import FileWorkbook
from ..workbook.printing import print_sheets
from ..workbook.event import event_result, read_event
from ..workbook.render import BY_ROUND, GAMES, ISSUES, result_sheets, sheet_name
from ..files.store import WorkbookStore
from .published import STANDINGS_HTML, STANDINGS_PDF, Published, write_output

def read_published(source: str | os.PathLike[str] | WorkbookStore) -> Published:
    """The event of a workbook (a file's path, or any store: the live workbook of the button), checked and
    computed (InputError with every problem)."""
    # only read: a workbook open in LibreOffice or Excel (its lock file beside it) publishes as last saved
    event = read_event(FileWorkbook(source, read_only=True) if isinstance(source, (str, os.PathLike)) else source)
    return Published(event, event_result(event))


def publish(path: str | os.PathLike[str], out: str | os.PathLike[str], pdf: bool = True) -> list[Path]:
    """Write the four files for workbook ``path`` into folder ``out``; return their paths."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: not a folder (give --out a folder for the published files)")
    published = read_published(path)
    if pdf:
        from ..office import INSTALL_HINT, find_soffice

        if find_soffice() is None:  # say so before writing anything, not after half the files
            raise InputError(f"standings.pdf needs LibreOffice. {INSTALL_HINT} Or add --no-pdf to publish without it.")
    return write_published(published, out, pdf=pdf)


def write_published(published: Published, out: Path, *, pdf: bool) -> list[Path]:
    """The CSV tables, the PDF (when ``pdf``) and the web page of ``published`` in folder ``out`` (made if missing)."""
    from .page import write_page  # Jinja2 and pandas only when publishing
    from .tables import write_tables

    out.mkdir(parents=True, exist_ok=True)
    written = write_tables(published, out)
    if pdf:
        written.append(write_pdf(published, out / STANDINGS_PDF))
    written.append(write_page(published, out / STANDINGS_HTML))
    return written


def write_pdf(published: Published, target: Path) -> Path:
    """The final, knock-out or awards sheets, then the Standings, printed by LibreOffice as in the workbook."""
    from .classification import cut_after, split_extras
    from .printed import printed_sheet

    sheets = result_sheets(published.result, published.title, clubs=published.clubs, cut_after=cut_after(published))
    printed = {s.name: s for s in sheets if s.name not in (GAMES, ISSUES, BY_ROUND)}
    leading = [sheet_name(t.title) for t in split_extras(published.result.extras)[0]]  # the hall reads the final places first
    order = [*(printed[n] for n in leading if n in printed), *(s for n, s in printed.items() if n not in leading)]
    order = [printed_sheet(s, published.title, published.words) for s in order]  # numbers spaced from text, the event named
    with tempfile.TemporaryDirectory(prefix="tourneybook-publish-") as folder:
        made = print_sheets(order, Path(folder) / target.name)
        return write_output(target, made.read_bytes())


__all__ = ["Published", "publish", "read_published", "write_output", "write_pdf", "write_published"]
