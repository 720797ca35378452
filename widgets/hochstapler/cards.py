"""Small pieces of HTML the Hochstapler table draws with: cards, calls, an explanation; and
the colours' words in the language in use (a colour's name, the colour as a noun, its
symbol, a card, a call).

Nothing here computes: each function formats what the core returned.

>>> call_text(12, "green"), calls_text(13, "purple")
('12 green diamond', '13 purple wines')
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     call_text(12, "green"), calls_text(1, "red"), card_label("black"), colour_noun("red")
('12 grüne Diamanten', '1 rote Uhr', 'schwarzes Auto', 'Rot')
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from bluffmath.explain import Explanation
from bluffmath.hochstapler.rules import colour_noun
from bluffmath.i18n import _, n_, p_

__all__ = ["BOX", "CARD_COLOURS", "STYLE", "call_text", "calls_text", "card_html", "card_label", "colour_name",
           "colour_noun", "explanation_html", "scrolling", "symbol"]

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


def colour_name(colour: str) -> str:
    """A colour's name as an adjective: ``red`` (German ``rot``)."""
    return {"red": p_("colour", "red"), "orange": p_("colour", "orange"), "yellow": p_("colour", "yellow"),
            "green": p_("colour", "green"), "blue": p_("colour", "blue"), "purple": p_("colour", "purple"),
            "black": p_("colour", "black")}[colour]


def symbol(colour: str) -> str:
    """The symbol on a colour's cards: ``clock`` (German ``Uhr``)."""
    return {"red": p_("Hochstapler symbol", "clock"), "orange": p_("Hochstapler symbol", "house"),
            "yellow": p_("Hochstapler symbol", "yacht"), "green": p_("Hochstapler symbol", "diamond"),
            "blue": p_("Hochstapler symbol", "ring"), "purple": p_("Hochstapler symbol", "wine"),
            "black": p_("Hochstapler symbol", "car")}[colour]


def card_label(colour: str) -> str:
    """A card of ``colour`` named by its colour and symbol: ``red clock`` (German ``rote Uhr``)."""
    return {"red": p_("Hochstapler card", "red clock"), "orange": p_("Hochstapler card", "orange house"),
            "yellow": p_("Hochstapler card", "yellow yacht"), "green": p_("Hochstapler card", "green diamond"),
            "blue": p_("Hochstapler card", "blue ring"), "purple": p_("Hochstapler card", "purple wine"),
            "black": p_("Hochstapler card", "black car")}[colour]


def call_text(total: int, colour: str) -> str:
    """A call as players say it: total, colour, symbol (``12 green diamond``; German
    ``12 grüne Diamanten``)."""
    return {"red": p_("Hochstapler call", "{total} red clock"),
            "orange": p_("Hochstapler call", "{total} orange house"),
            "yellow": p_("Hochstapler call", "{total} yellow yacht"),
            "green": p_("Hochstapler call", "{total} green diamond"),
            "blue": p_("Hochstapler call", "{total} blue ring"),
            "purple": p_("Hochstapler call", "{total} purple wine"),
            "black": p_("Hochstapler call", "{total} black car")}[colour].format(total=total)


def calls_text(total: int, colour: str) -> str:
    """A call with its symbol in the plural when ``total`` asks for it (``13 purple wines``)."""
    return {"red": n_("{total} red clock", "{total} red clocks", total),
            "orange": n_("{total} orange house", "{total} orange houses", total),
            "yellow": n_("{total} yellow yacht", "{total} yellow yachts", total),
            "green": n_("{total} green diamond", "{total} green diamonds", total),
            "blue": n_("{total} blue ring", "{total} blue rings", total),
            "purple": n_("{total} purple wine", "{total} purple wines", total),
            "black": n_("{total} black car", "{total} black cars", total)}[colour].format(total=total)


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
                              f"{colour_name(colour)}<br>{symbol(colour)}</small>")
    return (f'<span class="bm-card bm-{kind}" data-colour="{colour}"{data} '
            f'style="{style}" title="{card_label(colour)}">{shown}{label}</span>')


def explanation_html(explanation: Explanation) -> str:
    """A closed "why?" with the counting behind a number, in words and as a formula."""
    formula = f"<p>$$ {escape(explanation.latex)} $$</p>" if explanation.latex else ""
    why = _("why?")
    return (f'<details class="bm-why"><summary style="cursor: pointer; color: #1f5f8b;">'
            f"{why}</summary><p><b>{escape(explanation.title)}.</b> "
            f"{escape(explanation.text)}</p>{formula}</details>")
