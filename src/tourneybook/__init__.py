"""TourneyBook: board-game tournament scoring, tie-breaks, draws and forms.

Layers, bottom to top: ``rules`` (pure scoring and tie-breaks), ``draws`` (pure
seating), ``workbook`` (openpyxl entry sheets and result sheets), ``excel``
(xlwings button and UDFs), ``forms`` (printable paper), ``cli``.
"""

__version__ = "0.1.0"
