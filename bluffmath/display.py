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
from math import ceil
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bluffmath.distribution import Distribution


def decimal(x: Fraction | int, places: int = 2) -> str:
    """``x`` rounded to ``places`` decimals (half to even), computed without floats."""
    scaled = round(Fraction(x) * 10**places)
    sign, digits = ("-" if scaled < 0 else ""), str(abs(scaled)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


def exact(x: Fraction | int) -> str:
    """``str(x)`` for numbers of any size: Python refuses to write an int of more than
    4,300 digits (``sys.get_int_max_str_digits``), and exact answers can be longer.

    >>> exact(Fraction(-3, 4)), exact(10**5000) == "1" + "0" * 5000
    ('-3/4', True)
    >>> len(exact(7**6000))  # 6000 log10(7) = 5070.6
    5071
    """
    x = Fraction(x)
    top = _digits(x.numerator)
    return top if x.denominator == 1 else f"{top}/{_digits(x.denominator)}"


def _digits(n: int) -> str:
    """The decimal digits of ``n``, written in pieces short enough for ``str``."""
    if n < 0:
        return "-" + _digits(-n)
    if n.bit_length() < 12_000:  # about 3,600 digits
        return str(n)
    half = n.bit_length() * 3 // 20  # about half the digits (log10 2 is 0.301)
    high, low = divmod(n, 10**half)
    return _digits(high) + _digits(low).rjust(half, "0")


def signed(x: Fraction | int) -> str:
    """A change of score with its sign: ``+9/2``, ``-7``, ``0``.

    >>> signed(Fraction(9, 2)), signed(-7), signed(0)
    ('+9/2', '-7', '0')
    """
    return f"+{exact(x)}" if x > 0 else exact(x)


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
                f'<text x="{x + bar_width // 2}" y="{height + 13}" font-size="12" '
                f'text-anchor="middle">{escape(str(label))}</text>'
            )
    width = len(bars) * (bar_width + 2)
    return Raw(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 18}" '
        f'role="img" aria-label="bar chart">{"".join(parts)}</svg>'
    )


def totals_chart_svg(d: Distribution[int], highlight: int | None = None, top: int | None = None,
                     **style: int) -> Raw:
    """A bar chart of a whole-number distribution with a bar for every total from 0 to
    ``top`` (by default its largest), zero bars included, so that charts side by side
    share an axis; ``style`` goes to :func:`bar_chart_svg` (``height``, ``bar_width``).

    >>> from bluffmath import Distribution
    >>> totals_chart_svg(Distribution({0: 1, 2: 1}), highlight=2).count("<rect")
    3
    """
    last = max(d) if top is None else top
    return bar_chart_svg([(t, d[t]) for t in range(last + 1)], highlight, **style)


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


def interval_chart_svg(rows: Sequence[tuple[str, Fraction, tuple[Fraction, Fraction] | None]],
                       width: int = 420, label_width: int = 150, row_height: int = 22) -> Raw:
    """Means with their intervals, one row each on a shared axis from 0, as an inline SVG.

    Each row is ``(label, mean, (low, high))``, or ``(label, mean, None)`` for no interval:
    a dot at the mean and a bar from ``low`` to ``high``. Labels are escaped.

    >>> svg = interval_chart_svg([("<me>", Fraction(3, 2), (Fraction(1), Fraction(2))),
    ...                           ("you", Fraction(1), None)])
    >>> svg.count("<circle"), svg.count("<line") > 2, "&lt;me&gt;" in svg
    (2, True, True)
    """
    values = [mean for _, mean, _ in rows] + [iv[1] for _, _, iv in rows if iv is not None]
    top = max(1, ceil(max(values, default=Fraction(1))))
    step = max(1, ceil(Fraction(top, 8)))
    top = ceil(Fraction(top, step)) * step
    plot = width - label_width - 12
    height = row_height * len(rows) + 20

    def x(value: Fraction | int) -> int:
        return label_width + round(Fraction(value) * plot / top)

    parts = []
    for tick in range(0, top + 1, step):
        parts.append(f'<line x1="{x(tick)}" y1="0" x2="{x(tick)}" y2="{height - 16}" '
                     f'stroke="#ddd"/><text x="{x(tick)}" y="{height - 4}" font-size="12" '
                     f'text-anchor="middle">{tick}</text>')
    for i, (label, mean, interval) in enumerate(rows):
        y = i * row_height + row_height // 2
        parts.append(f'<text x="{label_width - 6}" y="{y + 4}" font-size="12" '
                     f'text-anchor="end">{escape(str(label))}</text>')
        if interval is not None:
            low, high = interval
            parts.append(f'<line x1="{x(low)}" y1="{y}" x2="{x(high)}" y2="{y}" stroke="#1f5f8b" '
                         f'stroke-width="2"><title>{decimal(low)} to {decimal(high)}</title></line>')
            for end in (low, high):
                parts.append(f'<line x1="{x(end)}" y1="{y - 5}" x2="{x(end)}" y2="{y + 5}" '
                             f'stroke="#1f5f8b" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(mean)}" cy="{y}" r="4" fill="#1f5f8b">'
                     f"<title>{escape(str(label))}: {mean} ({decimal(mean)})</title></circle>")
    return Raw(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="means with intervals">{"".join(parts)}</svg>'
    )
