"""``tourneybook import-reports EVENT.xlsx``: the confirmed phone reports into the workbook's entry rows.

Only empty cells are written; a table whose typed result differs is listed with
both versions and nothing of it is written; a report of a table the draw does not
have, or of a knock-out match the bracket does not have, is refused. The Friedrich
final's report goes into the 'Final game' row, a knock-out match's into its row of
'Knock-out matches' (a new row when the director has not typed the match). The workbook is saved atomically, only when something was written.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import EXIT_PROBLEMS, InputError


def register(sub) -> None:
    p = sub.add_parser("import-reports", help="write the results confirmed on phones (tourneybook live) into the workbook")
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook; its EVENT.reports.sqlite is read")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..live.importing import import_reports
    from ..live.journal import Journal, JournalError, journal_path
    from ..files.filestore import FileWorkbook

    path = Path(args.workbook)
    journal_file = journal_path(path)
    if not journal_file.is_file():
        raise InputError(f"{journal_file}: no reports journal beside the workbook (tourneybook live makes it)")
    book = FileWorkbook(path)
    try:
        done = import_reports(book, Journal(journal_file))
    except JournalError as exc:  # damaged, or locked by another program: a sentence, nothing written
        raise InputError(f"{exc}; nothing was written to {path.name}") from None
    if done.written:
        book.save()
    for line in done.lines():
        print(line)
    if not done.lines():
        print("no confirmed reports to import")
    if done.written:
        print(f"written to {path}; run tourneybook recalc {path.name} for the new standings")
    return EXIT_PROBLEMS if done.disagreements or done.refused else 0
