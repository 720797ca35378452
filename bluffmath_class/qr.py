"""The join address as a QR code, for the teacher's screen (SVG) and the terminal (text).

>>> svg = qr_svg("http://192.168.1.20:8000/?code=123456")
>>> svg.startswith("<svg") and "</svg>" in svg
True
>>> text = qr_text("http://192.168.1.20:8000/?code=123456")
>>> len(text.splitlines()) > 10
True
"""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> str:
    """An SVG QR code of ``url``, dark on light, scaled by the page's CSS."""
    return segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff", omitsize=True)


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with block characters, for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()
