"""HTML for notebooks: tables and bar charts as plain strings, no plotting library.

The core only formats text here; it imports nothing from Jupyter. Percentages are
rounded exactly from the Fractions, for reading; the Fractions stay the answer.

>>> percent(Fraction(1, 3)), decimal(Fraction(659, 50)), decimal(Fraction(-1, 3))
('33.3 %', '13.18', '-0.33')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bluffmath.distribution import Distribution


def decimal(x: Fraction | int, places: int = 2) -> str:
    """``x`` rounded to ``places`` decimals (half to even), computed without floats."""
    scaled = round(Fraction(x) * 10**places)
    sign, digits = ("-" if scaled < 0 else ""), str(abs(scaled)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


def percent(p: Fraction) -> str:
    """``p`` as a percentage rounded to one decimal, computed without floats."""
    return f"{decimal(p * 100, 1)} %"


_TABLE_STYLE = "border-collapse: collapse; white-space: nowrap; line-height: 1.3"


class Raw(str):
    """HTML that bluffmath built itself (a chart), to go into a table unescaped."""


def _cell(value: Any) -> str:
    return value if isinstance(value, Raw) else escape(str(value))


def table_html(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """An HTML table; every cell is escaped unless it is :class:`Raw`.

    >>> html = table_html(["name"], [["<b>Eve</b>"], [Raw("<b>7</b>")]])
    >>> "<td>&lt;b&gt;Eve&lt;/b&gt;</td>" in html, "<td><b>7</b></td>" in html
    (True, True)
    """
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_cell(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="bluffmath" style="{_TABLE_STYLE}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def bar_chart_svg(bars: Sequence[tuple[Any, Fraction]], highlight: Any = None,
                  height: int = 120, bar_width: int = 14) -> Raw:
    """A bar chart of ``(label, probability)`` pairs as an inline SVG.

    Bars for labels ``>= highlight`` are drawn darker (the calls that come true).
    """
    top = max((p for _, p in bars), default=Fraction(0)) or Fraction(1)
    parts = []
    for i, (label, p) in enumerate(bars):
        h = round(p / top * height)
        dark = highlight is not None and label >= highlight
        colour = "#1f5f8b" if dark else "#8fb8d8"
        x = i * (bar_width + 2)
        parts.append(
            f'<rect x="{x}" y="{height - h}" width="{bar_width}" height="{h}" fill="{colour}">'
            f"<title>{escape(str(label))}: {p} ({percent(p)})</title></rect>"
        )
        if i % 5 == 0:
            parts.append(
                f'<text x="{x + bar_width // 2}" y="{height + 12}" font-size="10" '
                f'text-anchor="middle">{escape(str(label))}</text>'
            )
    width = len(bars) * (bar_width + 2)
    return Raw(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 16}" '
        f'role="img" aria-label="bar chart">{"".join(parts)}</svg>'
    )


def distribution_html(d: Distribution[Any], highlight: Any = None) -> str:
    """A bar chart and a table (outcome, weight, P(= x), P(>= x)) of a distribution."""
    outcomes = list(d)
    numeric = all(isinstance(x, int) for x in outcomes)
    rows = []
    for x in outcomes:
        row: list[Any] = [x, d.weight(x), d[x], percent(d[x])]
        if numeric:
            row += [d.at_least(x), percent(d.at_least(x))]
        rows.append(row)
    header = ["outcome", "weight", "P(= x)", ""] + (["P(≥ x)", ""] if numeric else [])
    chart = bar_chart_svg([(x, d[x]) for x in outcomes], highlight) if numeric else ""
    return f'<div class="bluffmath-distribution">{chart}{table_html(header, rows)}</div>'
