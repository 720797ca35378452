"""The Hoax grid as a player reads it: every cell's exact fraction with its percentage beside it.

Each number stays on one line (``white-space: nowrap``), its percentage under it on a phone; a
zero reads ``0``, a certainty ``1``;
the table scrolls inside its own box, with the names column kept in view, so that a phone
never scrolls the page sideways. A cell is shaded by its probability, from white to a light
coral at 1, light enough that the text keeps a contrast of at least 4.5:1 (WCAG AA).

>>> from bluffmath.hoax import Case, Holds, deduce
>>> html = grid_html(deduce(Case("original", 3, (Holds(0, "King", "own card"),))), "bm-hoax-cell")
>>> "data-player='1' data-role='King' data-p='1/11'" in html, "<span class='bm-hoax-frac'>0</span>" in html
(True, True)
>>> shade(Fraction(0)), shade(Fraction(1)), shade(Fraction(1, 2))
('#ffffff', '#f0a082', '#f8d0c0')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from bluffmath.display import exact, percent
from bluffmath.hoax import Deduction
from bluffmath.hoax.roles import role_words
from bluffmath.i18n import _

__all__ = ["FULL", "TEXT", "grid_html", "shade"]

#: The shade of a certain cell and the colour of the text on every cell.
FULL, TEXT = (240, 160, 130), "#1a1a1a"
_NOWRAP = "white-space: nowrap"
#: On a phone each percentage goes under its fraction: the columns take half the width.
_NARROW = ("@media (max-width: 600px) { .bluffmath-sheet .bm-hoax-pct { display: block; } "
           ".bluffmath-sheet :is(td, th) { padding: 0.2em 0.2em !important; } }")


def shade(p: Fraction) -> str:
    """The background of a cell of probability ``p``: white blended toward :data:`FULL`."""
    return "#" + "".join(f"{round(255 - (255 - c) * p):02x}" for c in FULL)


def number_html(p: Fraction) -> str:
    """An exact probability with its percentage beside it, each kept on one line.

    >>> number_html(Fraction(2, 11))
    "<span class='bm-hoax-frac'>2/11</span> <span class='bm-hoax-pct'>(18.2 %)</span>"
    """
    return (f"<span class='bm-hoax-frac'>{exact(p)}</span> "
            f"<span class='bm-hoax-pct'>({percent(p)})</span>")


def grid_html(d: Deduction, name: str, names: Sequence[str] | None = None) -> str:
    """Players by roles, each cell (class ``name``) the exact posterior with its percentage,
    the fraction also in ``data-p`` for pages and tests to read; each row named by ``names``
    (by default the case's)."""
    case = d.case
    names = case.names if names is None else names
    head = "".join(f"<th style='{_NOWRAP}; padding: 0.2em 0.5em'>{role_words(r)}</th>" for r in case.edition.roles)
    rows = []
    for p, row in enumerate(d.grid()):
        cells = "".join(
            f"<td class='{name}' data-player='{p}' data-role='{r}' data-p='{exact(q)}' "
            f"style='background: {shade(q)}; color: {TEXT}; text-align: center; {_NOWRAP}; "
            f"padding: 0.2em 0.5em'>{number_html(q)}</td>" for r, q in row.items())
        rows.append(f"<tr><th style='position: sticky; left: 0; background: #fff; color: {TEXT}; "
                    f"text-align: left; {_NOWRAP}; padding: 0.2em 0.5em'>{escape(names[p])}</th>"
                    f"{cells}</tr>")
    # a box that scrolls sideways is reached by the keyboard, and says what it holds
    label = escape(_("The chance of each player holding each role"), quote=True)
    return (f"<style>{_NARROW}</style><div class='bm-hoax-grid-box' tabindex='0' role='region' "
            f"aria-label='{label}' style='overflow-x: auto; max-width: 100%'>"
            f"<table class='bluffmath-sheet' style='border-collapse: collapse; color: {TEXT}'>"
            f"<tr><th></th>{head}</tr>{''.join(rows)}</table></div>")
