"""The file layer: a workbook file's parts, cells in and result sheets out; nothing of tournaments.

* :mod:`.address` - the one column letter ('AA' after 'Z') and the one cell-address parser.
* :mod:`.package` - the zip of parts, read and written back unchanged but for ours.
* :mod:`.zipcontainer` - the zip itself: its entries read from the central directory, and written entry by entry.
* :mod:`.sheetreader` / :mod:`.sheetwriter` / :mod:`.charts` / :mod:`.resultstyles` - cells in, result parts out.
* :mod:`.tablegrowth` - rows typed below an Excel table grow the table.
* :mod:`.filekind` / :mod:`.saving` - what kind of file was given; atomic saving.
* :mod:`.store` - the read/write interface the file and the workbook open in Excel implement.
* :mod:`.marks` - the note by which a sheet says TourneyBook wrote it (and may replace it).
* :mod:`.filestore` - ``FileWorkbook``: the store over a file, saved atomically.
"""
