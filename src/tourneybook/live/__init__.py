"""The hall, live: ``tourneybook live`` serves the event from the organiser's laptop.

Seating, the round clock and the standings on the projector and every phone,
and results reported from the phones, all read from the workbook file through
the store (:mod:`.state`) and following its saves (:mod:`.hall`). The reports
themselves (their journal, checks, import, codes) are :mod:`tourneybook.reports`,
which the Excel button and the commands use too; this package is the web side.

The routes, by who uses them: :mod:`.phone`, :mod:`.table` (a table's report),
:mod:`.projector` (and ``/api/state``, which every page follows), :mod:`.director`
(:mod:`.settling`: its page's data), :mod:`.checkin_page`; joined in :mod:`.app`
(Starlette). :mod:`.pages` (Jinja2 templates of ``templates/``), :mod:`.static_files`
(the scripts and style sheet of ``static/``), :mod:`.guard` (size limits, rate
limits, CSRF), :mod:`.params` (every request parameter, read by one function),
:mod:`.report_form` (the report as the paper form's parts), :mod:`.progress`,
:mod:`.clock`, :mod:`.serving` (uvicorn's connection limits).
"""
