"""What a printed worksheet shows beside the text: tables of counts and chances, and
tables with empty cells for the student to fill in.

A lesson's module uses these in its ``PAPER`` (``notebooks/lessons/handouts.py`` prints
each before its exercise). Every number in them comes from :mod:`bluffmath`; this module
only lays them out for paper: the first cell of a row names the row, an empty cell is
room to write.

>>> print(table(["role", "posterior"], [["King", BLANK]]))
<table class="paper"><tr><th>role</th><th>posterior</th></tr><tr><th scope="row">King</th><td class="blank"></td></tr></table>
>>> number(Fraction(-4, 2)), number(Fraction(3, 4)), number(7)
('−2', '3/4', '7')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape

__all__ = ["BLANK", "across", "number", "table", "together"]

#: A cell left empty for the student to fill in.
BLANK = None


def number(value: object) -> str:
    """A number as it is written on paper: ``3/4``, ``−2`` (a minus sign), ``7``."""
    if isinstance(value, Fraction):
        text = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    else:
        text = str(value)
    return text.replace("-", "−")


def _cell(value: object) -> str:
    if value is BLANK:
        return '<td class="blank"></td>'
    return f"<td>{escape(number(value))}</td>"


def table(header: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    """A table for paper: ``header`` as its column names, each row's first cell as the
    row's name, :data:`BLANK` cells empty to write in; ``caption`` a line above it."""
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = "".join(f'<tr><th scope="row">{escape(number(row[0]))}</th>' + "".join(_cell(c) for c in row[1:])
                   + "</tr>" for row in rows)
    return together(caption, f'<table class="paper"><tr>{head}</tr>{body}</table>')


def together(caption: str, tables: str) -> str:
    """A caption and its tables, kept on one page (``class="together"``)."""
    above = f"<p>{caption}</p>" if caption else ""
    return f'<div class="together">{above}{tables}</div>' if caption else tables


def across(name: str, label: str, values: dict[int, object], caption: str = "", width: int = 13) -> str:
    """A count laid out across the page: a row of ``name`` (such as totals) and a row of
    ``label`` (such as sets) beneath, cut into tables of ``width`` columns to fit A4.

    >>> across("total", "sets", {0: 1, 1: 6}).count("<table")
    1
    """
    keys = list(values)
    parts = [table([name, *map(number, keys[i:i + width])], [[label, *(values[k] for k in keys[i:i + width])]])
             for i in range(0, len(keys), width)]
    return together(caption, "".join(parts))
