"""The hall, live: ``tourneybook live`` serves the event from the organiser's laptop.

Seating, the round clock and the standings on the projector and every phone,
and results reported from the phones, all read from the workbook file through
the store (:mod:`.state`) and following its saves. Reports go to a journal
beside the workbook (:mod:`.journal`, SQLite), never into the workbook: the
director imports them (:mod:`.importing`) with the button or
``tourneybook import-reports``.

Modules: :mod:`.draw` (the drawn tables of the entry sheet), :mod:`.stages`
(the Friedrich final and the knock-out's matches, reported too), :mod:`.state`
(what the pages show), :mod:`.journal`, :mod:`.codes` (table codes and the
director key), :mod:`.reporting` (a report checked by the recalculation's own
reading), :mod:`.importing`, :mod:`.pages` (Jinja2 templates of ``templates/``),
:mod:`.static_files` (the scripts and style sheet of ``static/``), :mod:`.app` (the Starlette
app), :mod:`.guard` (size limits, rate limits, CSRF), :mod:`.params` (every request
parameter, read by one function), :mod:`.keys` (the secrets of the codes, beside the
workbook), :mod:`.serving` (uvicorn's connection limits), :mod:`.qr`.
"""
