"""Explanations: the counting behind a number, in words and as a formula.

An :class:`Explanation` shows as Markdown with LaTeX in a notebook and as plain text
anywhere else.

>>> e = Explanation("A coin", "Of the 2 equally likely sides, 1 is heads.", r"\\frac{1}{2}")
>>> print(e)
A coin: Of the 2 equally likely sides, 1 is heads.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from bluffmath.i18n import _


@dataclass(frozen=True)
class Explanation:
    """A titled counting argument (``text``) and its formula (``latex``, may be empty)."""

    title: str
    text: str
    latex: str = ""

    def __str__(self) -> str:
        return f"{self.title}: {self.text}"

    def _repr_markdown_(self) -> str:
        """The title in bold, the words, and the formula in a box of its own: a long formula
        scrolls sideways inside it (on a phone), and the box takes the keyboard's focus and
        says what it holds, so that it can be scrolled without a mouse."""
        named = escape(_("The formula"), quote=True)
        formula = (f'\n\n<div class="bm-formula" tabindex="0" role="region" aria-label="{named}" '
                   f'style="overflow-x: auto; max-width: 100%">\n\n$$ {self.latex} $$\n\n</div>'
                   if self.latex else "")
        return f"**{self.title}.** {self.text}{formula}"
