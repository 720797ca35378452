"""What the German widget tests share (issue 44): every text a widget shows a reader, drawn
from the widget and all its children, and its HTML, for the numbers."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as w

from tests.german import texts_of


def _descendants(widget: w.Widget) -> Iterator[w.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _descendants(child)


def shown(widget: w.Widget) -> tuple[list[str], str]:
    """Every text ``widget`` shows (HTML, labels, descriptions, tooltips, placeholders and
    choices), and all its HTML (for the numbers)."""
    texts, html = [], []
    for part in _descendants(widget):
        if isinstance(part, w.HTML | w.HTMLMath):
            texts += texts_of(part.value)
            html.append(part.value)
        elif isinstance(part, w.Label):
            texts.append(part.value)
        for name in ("description", "tooltip", "placeholder"):
            texts.append(str(getattr(part, name, "") or ""))
        if isinstance(part, w.Dropdown | w.Select):
            texts += [str(o[0] if isinstance(o, tuple) else o) for o in part.options]
    return texts, "".join(html)
