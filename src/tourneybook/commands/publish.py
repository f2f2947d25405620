"""``tourneybook publish EVENT.xlsx --out DIR``: standings.csv, games.csv, standings.pdf and standings.html.

Nothing in the workbook changes. Problems in the entries are reported as by
``recalc`` (each with its sheet and cell, exit status 1) and nothing is written.
``--no-pdf`` skips the PDF (it needs LibreOffice).
"""

from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser(
        "publish",
        help="standings.csv, games.csv, standings.pdf and standings.html of an event, into a folder",
        description="The event's results for others: CSV tables, a printable PDF and one self-contained web page.",
    )
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for the published files (made if missing)")
    p.add_argument("--no-pdf", action="store_true", help="skip standings.pdf (LibreOffice not needed)")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..publish import publish  # pandas and Jinja2 load here, never at start-up

    for path in publish(args.workbook, args.out, pdf=not args.no_pdf):
        print(path)
    return 0
