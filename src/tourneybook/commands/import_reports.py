"""``tourneybook import-reports EVENT.xlsx``: the confirmed phone reports and check-in answers into the workbook.

Only empty cells are written, each report checked as recalc would; a table whose
typed result differs is listed once with both versions and nothing of it is
written (it waits on the director's page); a report of a table the draw does not
have, of a knock-out match the bracket does not have, or one recalc would refuse,
is refused, also listed once. Check-in answers go through ``absent``/``present``.

Exit status: 0 when the import ran, whatever it wrote, clashes and refusals
included: they are reports the director settles, not problems of the workbook;
1 when there is no journal beside the workbook or its draw sheet cannot be read
(nothing written). The Friedrich
final's report goes into the 'Final game' row, a knock-out match's into its row of
'Knock-out matches' (a new row when the director has not typed the match). The workbook is saved atomically, only when something was written.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import InputError


def register(sub) -> None:
    p = sub.add_parser("import-reports", help="write the results confirmed on phones (tourneybook live) into the workbook")
    p.add_argument("workbook", metavar="EVENT.xlsx", help="the tournament workbook; its EVENT.reports.sqlite is read")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..reports.checkin import import_check_ins, remember_check_ins
    from ..reports.importing import import_reports
    from ..reports.journal import Journal, JournalError, journal_path
    from ..reports.sheet import read_draw
    from ..files.filestore import FileWorkbook

    path = Path(args.workbook)
    journal_file = journal_path(path)
    if not journal_file.exists():
        raise InputError(f"{journal_file}: no reports journal beside the workbook (tourneybook live makes it)")
    book = FileWorkbook(path)
    read_draw(book)  # a draw sheet that cannot be read: InputError, exit 1, nothing written
    try:
        journal = Journal(journal_file)
        done = import_reports(book, journal)
        answers = import_check_ins(book, journal)
    except JournalError as exc:  # damaged, or locked by another program: a sentence, nothing written
        raise InputError(f"{exc}; nothing was written to {path.name}") from None
    wrote = bool(done.written) or any(a.written for a in answers)
    if wrote:
        book.save()
    try:
        done.remember(journal)
        remember_check_ins(journal, answers)
    except JournalError as exc:  # the workbook is saved; only the journal's note of what was imported is missing
        raise InputError(f"{exc}: the results are in {path.name}, but the journal could not note which were imported "
                         "(the next import finds them there already)") from None
    lines = done.lines() + [a.said for a in answers]
    for line in lines:
        print(line)
    if not lines:
        print("no confirmed reports or check-in answers to import")
    if wrote:
        print(f"written to {path}; run tourneybook recalc {path.name} for the new standings")
    if done.disagreements or done.refused:
        print("clashes and refused reports are left to the director (the director's page of tourneybook live): "
              "they are not listed again")
    return 0
