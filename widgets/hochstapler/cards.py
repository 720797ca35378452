"""Small pieces of HTML the Hochstapler table draws with: cards, calls, an explanation.

Nothing here computes: each function formats what the core returned.

>>> call_text(12, "green")
'12 green diamond'
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from bluffmath import hochstapler as hs
from bluffmath.explain import Explanation

__all__ = ["BOX", "CARD_COLOURS", "STYLE", "call_text", "card_html", "explanation_html", "scrolling"]

#: Background and text colour of each colour's cards (text on card at least 4.5:1).
CARD_COLOURS: Mapping[str, tuple[str, str]] = {
    "red": ("#c62828", "#fff"), "orange": ("#b45309", "#fff"), "yellow": ("#fbc02d", "#000"),
    "green": ("#2e7d32", "#fff"), "blue": ("#1565c0", "#fff"), "purple": ("#6a1b9a", "#fff"),
    "black": ("#212121", "#fff"),
}
#: The frame of each panel.
BOX = ("border: 1px solid #ccc; border-radius: 6px; padding: 6px 10px; margin: 4px 0; "
       "box-sizing: border-box; max-width: 100%;")
#: The tables' style, once per drawing.
STYLE = ("<style>.bm-table td, .bm-table th { padding: 2px 8px; text-align: left; "
         "vertical-align: top; } .bm-table th { border-bottom: 1px solid #bbb; } "
         ".bm-why { white-space: normal; max-width: 36em; font-size: max(12px, 0.9em); } "
         ".bm-scroll { overflow-x: auto; max-width: 100%; } "
         ".bm-pinned { position: sticky; left: 0; background: #fff; z-index: 1; } "
         ".bm-colours :is(.bm-counting, .bm-reading, .bm-exchange) > b { display: block; } "
         ".bm-colours :is(td, th) { padding: 2px 5px; }</style>")


def scrolling(html: str) -> str:
    """``html`` (a wide table) in a box that scrolls sideways on its own, never the page."""
    return f'<div class="bm-scroll">{html}</div>'


def card_html(colour: str, value: int | None, small: bool = False, kind: str = "mine") -> str:
    """A card as a little styled box: value, colour and symbol. ``value`` None: face down.

    >>> print(card_html("red", 3))
    <span class="bm-card bm-mine" data-colour="red" data-value="3" ...>3<small ...>red<br>clock</small></span>
    """
    background, text = CARD_COLOURS[colour]
    size = "width: 2.2em; height: 3em; font-size: max(12px, 0.9em);" if small else \
        "width: 3.4em; height: 4.6em; font-size: 1.35em;"
    shown = "?" if value is None else str(value)
    data = "" if value is None else f' data-value="{value}"'
    style = (f"display: inline-flex; flex-direction: column; align-items: center; "
             f"justify-content: center; {size} margin: 2px; border-radius: 6px; "
             f"border: 2px solid #333; background: {background}; color: {text}; "
             f"font-weight: bold; line-height: 1.1; box-shadow: 1px 1px 3px rgba(0,0,0,.35); "
             f"vertical-align: middle;")
    label = "" if small else (f'<small style="font-size: 12px; font-weight: normal;">'
                              f"{colour}<br>{hs.SYMBOLS[colour]}</small>")
    return (f'<span class="bm-card bm-{kind}" data-colour="{colour}"{data} '
            f'style="{style}" title="{colour} {hs.SYMBOLS[colour]}">{shown}{label}</span>')


def call_text(total: int, colour: str) -> str:
    """A call as players say it: total, colour, symbol."""
    return f"{total} {colour} {hs.SYMBOLS[colour]}"


def explanation_html(explanation: Explanation) -> str:
    """A closed "why?" with the counting behind a number, in words and as a formula."""
    formula = f"<p>$$ {escape(explanation.latex)} $$</p>" if explanation.latex else ""
    return (f'<details class="bm-why"><summary style="cursor: pointer; color: #1f5f8b;">'
            f"why?</summary><p><b>{escape(explanation.title)}.</b> "
            f"{escape(explanation.text)}</p>{formula}</details>")
