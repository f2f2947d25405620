"""The phone reports' domain, below every front end that uses it: the live server's pages, the Excel button and
LibreOffice's (:mod:`tourneybook.excel.actions`) and the commands (``import-reports``, ``forms``, ``draw``).

A report is kept in the journal beside the workbook (:mod:`.journal`, SQLite), never written into the workbook
by the server: the director imports it (:mod:`.importing`), as check-in answers are (:mod:`.checkin`).

Modules: :mod:`.sheet` (:class:`~.sheet.ReportSheet`: the entry sheet a report fills, its drawn tables and the
fields asked), :mod:`.stages` (the Friedrich final and the knock-out's matches, reported too), :mod:`.reporting`
(a report checked by the recalculation's own reading, and its points), :mod:`.journal`, :mod:`.importing`,
:mod:`.checkin`, :mod:`.codes` (table and seat codes, the director key), :mod:`.keys` (their secrets, beside the
workbook), :mod:`.stamp` and :mod:`.qr` (the code and the live address printed on the forms).
"""
