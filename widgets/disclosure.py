"""A title that shows or hides what it holds, one press away: the rules card, a table's
setup, the save box.

It stands in for ipywidgets' ``Accordion``, whose title the keyboard cannot reach
(ipywidgets 8.1.9 draws it as a ``div`` with no place in the Tab order): here the title is a
toggle button, reached with Tab and pressed with Enter or Space, whose description (its
``title``, which a screen reader reads after the name) says whether it is open. It answers as a one-card accordion does
(``get_title(0)``, ``selected_index`` None or 0), so code that reads a card keeps working.

>>> card = Disclosure("Rules of Hoax", w.HTML("<ul></ul>"))
>>> card.get_title(0), card.selected_index, card.body.layout.display
('Rules of Hoax', None, 'none')
>>> card.toggle.value = True            # what a press does
>>> card.selected_index, card.body.layout.display, card.toggle.description, card.toggle.tooltip
(0, None, '▾ Rules of Hoax', 'shown: press to hide')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from bluffmath.i18n import _

__all__ = ["DISCLOSURE_CSS", "Disclosure"]

#: A disclosure's title reads as a title (left-aligned, the width of its words), not as a
#: command button.
DISCLOSURE_CSS = (".bm-disclosure > .jupyter-button { width: auto; max-width: 100%; text-align: left; "
                  "font-weight: 600; }")


class Disclosure(w.VBox):
    """``title`` as a toggle button, and ``body`` below it shown while it is pressed
    (closed at first unless ``opened``). Its words are those of the language in use when
    it is made."""

    def __init__(self, title: str, body: w.Widget, opened: bool = False, **kwargs: Any) -> None:
        self.title = title
        self.body = body
        self._tips = (_("hidden: press to show"), _("shown: press to hide"))
        self.toggle = w.ToggleButton(value=opened, layout=w.Layout(width="auto", max_width="100%"))
        super().__init__([self.toggle, body], **kwargs)
        self.add_class("bm-disclosure")
        self.toggle.observe(self._shown, "value")
        self._shown()

    def _shown(self, _change: object = None) -> None:
        self.toggle.description = f"{'▾' if self.toggle.value else '▸'} {self.title}"
        self.toggle.tooltip = self._tips[bool(self.toggle.value)]
        self.body.layout.display = None if self.toggle.value else "none"

    def get_title(self, index: int = 0) -> str:
        """The title (a one-card accordion's ``get_title(0)``)."""
        return self.title

    @property
    def selected_index(self) -> int | None:
        """0 while open, None while closed (as a one-card accordion)."""
        return 0 if self.toggle.value else None

    @selected_index.setter
    def selected_index(self, index: int | None) -> None:
        self.toggle.value = index == 0
