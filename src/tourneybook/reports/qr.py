"""QR codes of the live address (segno: pure Python, maintained, no dependencies).

segno is imported when a code is made (about 20 ms): a draw or a form without the live address never loads it.
"""

from __future__ import annotations

import io


def terminal_qr(text: str) -> str:
    """``text`` as a QR code drawn with characters, for the terminal (a phone's camera reads it off the screen)."""
    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def png_qr(text: str, scale: int = 6) -> bytes:
    """``text`` as a PNG QR code, for a printed form or the Seating sheet."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()


__all__ = ["png_qr", "terminal_qr"]
