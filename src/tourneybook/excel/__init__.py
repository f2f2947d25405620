"""The Excel layer (xlwings): the "Recalculate standings" button, cell functions, .xlsm and Lite export.

Nothing here imports xlwings when the package is imported: xlwings picks its
decorators (classic, or the remote engine of xlwings Server/Lite) at its own
import time, from XLWINGS_ON_SERVER, so only the modules that need it import it.
"""
