"""HTML for notebooks: tables and bar charts as plain strings, no plotting library.

The core only formats text here; it imports nothing from Jupyter. Percentages are
rounded exactly from the Fractions, for reading; the Fractions stay the answer.

>>> percent(Fraction(1, 3)), decimal(Fraction(659, 50)), decimal(Fraction(-1, 3))
('33.3 %', '13.18', '-0.33')

**Long numbers.** Exact values stay exact (Fractions) inside; only their text is bounded.
A value is written as its exact fraction when the numerator and the denominator have at
most :data:`MAX_EXACT_DIGITS` (60) digits each (:func:`fits`), else as a decimal of
:data:`SIGNIFICANT_DIGITS` (12) significant digits, rounded exactly (half to even) from the
Fraction (:func:`rounded`), in scientific notation below 0.0001 or from 10**12 on. So no
number bluffmath writes has more than 60 digits in a row, far below the 4,300 that Python
refuses to write (``sys.get_int_max_str_digits``), and a long game's sums (whose
denominators grow with every decision) stay readable:

- for people, :func:`written`: ``"3/4"``, ``"2"``, or the decimal marked as one,
  ``"0.123456789012 (decimal; the exact fraction has 2,417 digits)"``
  (:func:`written_about` adds "(about 0.750)" to an exact fraction);
- for machines (JSON, CSV), :func:`fraction_json`: ``"3/4"``, ``"2/1"`` (always with a
  slash when exact), or the bare decimal ``"0.123456789012"`` or ``"1.5e-70"`` (never a
  slash). A reader knows a value is exact by its slash, and :func:`read_fraction_json`
  gives the Fraction and that flag back; ``Fraction(text)``, ``float(text)`` and
  ``decimal.Decimal(text)`` all read both forms.

>>> big = Fraction(10**70 + 1, 3 * 10**70)
>>> fits(Fraction(1, 3)), fits(big)
(True, False)
>>> written(Fraction(3, 4)), written(big)
('3/4', '0.333333333333 (decimal; the exact fraction has 142 digits)')
>>> fraction_json(Fraction(2)), fraction_json(big), read_fraction_json("3/4")
('2/1', '0.333333333333', (Fraction(3, 4), True))

:func:`exact` still writes a number in full, of any size, where the exact digits are the
point (a Hoax sheet's counting).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from html import escape
from math import ceil
from typing import Any, Protocol

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _, language, number
from bluffmath.i18n import percent as _percent
from bluffmath.validate import digits, shown

#: A fraction is written exactly ("p/q") when its numerator and its denominator have at
#: most this many digits each; a longer one as a decimal (see the module docstring).
MAX_EXACT_DIGITS = 60
#: The significant digits of the decimal written for a fraction too long to write exactly.
SIGNIFICANT_DIGITS = 12
#: The longest text :func:`read_fraction_json` reads (the longest :func:`fraction_json` writes
#: is 122 characters).
_MAX_JSON_TEXT = 2 * MAX_EXACT_DIGITS + 40


def decimal(x: Fraction | int, places: int = 2) -> str:
    """``x`` rounded to ``places`` decimals (half to even), computed without floats; a
    number of more than :data:`MAX_EXACT_DIGITS` digits before the point is written as
    :func:`rounded` writes it.

    >>> decimal(Fraction(2, 3), 3), decimal(-5, 0), decimal(Fraction(10**70, 3))
    ('0.667', '-5', '3.33333333333e+69')
    """
    if abs(x) >= 10**MAX_EXACT_DIGITS:
        return rounded(x)
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


def fits(x: Fraction | int) -> bool:
    """Whether ``x`` is written as its exact fraction: numerator and denominator of at most
    :data:`MAX_EXACT_DIGITS` digits each.

    >>> fits(Fraction(1, 10**60 - 1)), fits(Fraction(1, 10**60)), fits(-(10**60 - 1))
    (True, False, True)
    """
    x = Fraction(x)
    bound = 10**MAX_EXACT_DIGITS
    return abs(x.numerator) < bound and x.denominator < bound


def rounded(x: Fraction | int, significant: int = SIGNIFICANT_DIGITS) -> str:
    """``x`` as a decimal of ``significant`` significant digits, rounded exactly from the
    Fraction (half to even), whatever its size: positional from 0.0001 up to (not
    including) ``10**significant``, else in scientific notation (``e-7``, ``e+70``). The
    text is a plain decimal that ``Fraction``, ``float`` and ``decimal.Decimal`` read.

    >>> rounded(Fraction(1, 3)), rounded(Fraction(-2, 3), 4), rounded(Fraction(1, 7 * 10**9))
    ('0.333333333333', '-0.6667', '1.42857142857e-10')
    >>> rounded(Fraction(99999995, 10**8), 7), rounded(10**5000 // 3, 3), rounded(0)
    ('1.000000', '3.33e+4999', '0')
    >>> rounded(Fraction(5, 2), 1), rounded(Fraction(7, 2), 1), rounded(123456, 3)
    ('2', '4', '1.23e+5')
    """
    if isinstance(significant, bool) or not isinstance(significant, int) or significant < 1:
        raise InvalidInputError(f"significant must be a whole number of at least 1, got {shown(significant)}")
    x = Fraction(x)
    if not x:
        return "0"
    top, bottom = abs(x.numerator), x.denominator
    power = digits(top) - digits(bottom)  # 10**power <= |x| < 10**(power + 1), or one less
    if (top < bottom * 10**power) if power >= 0 else (top * 10**-power < bottom):
        power -= 1
    shift = significant - 1 - power
    scaled = round(Fraction(top * 10**shift, bottom) if shift >= 0 else Fraction(top, bottom * 10**-shift))
    if scaled == 10**significant:  # 9.99...5 rounds up to 10.0...
        scaled, power = scaled // 10, power + 1
    figures, sign = str(scaled), "-" if x < 0 else ""
    if -4 <= power < significant:
        whole, tail = (figures[:power + 1], figures[power + 1:]) if power >= 0 else ("0", "0" * (-power - 1) + figures)
        return f"{sign}{whole}.{tail}" if tail else f"{sign}{whole}"
    return f"{sign}{figures[0]}{'.' + figures[1:] if figures[1:] else ''}e{power:+d}"


def written(x: Fraction | int) -> str:
    """``x`` for people: its exact fraction (as ``str`` writes it: ``"3/4"``, ``"-2"``) when
    it :func:`fits`, else the :func:`rounded` decimal, marked as one with the exact
    fraction's size (the digits of its numerator and denominator together).

    >>> written(Fraction(-7, 2)), written(Fraction(1, 3 * 10**80))
    ('-7/2', '3.33333333333e-81 (decimal; the exact fraction has 82 digits)')
    >>> written(7**100)
    '3.23447650962e+84 (decimal; the exact number has 85 digits)'
    """
    x = Fraction(x)
    if fits(x):
        return str(x)
    size = digits(x.numerator) + (digits(x.denominator) if x.denominator != 1 else 0)
    count = f"{size:,}" if language() == "en" else number(size, 0)  # English: grouped by commas, as always
    said = (_("{decimal} (decimal; the exact number has {size} digits)") if x.denominator == 1 else
            _("{decimal} (decimal; the exact fraction has {size} digits)"))
    return said.format(decimal=rounded(x), size=count)


def written_about(x: Fraction | int, places: int = 3) -> str:
    """``x`` :func:`written`, followed by its :func:`decimal` to ``places`` places when that
    is the exact fraction (a decimal written already stands alone).

    >>> written_about(Fraction(2, 3)), written_about(Fraction(1, 3 * 10**80))
    ('2/3 (about 0.667)', '3.33333333333e-81 (decimal; the exact fraction has 82 digits)')
    """
    return f"{written(x)} (about {decimal(x, places)})" if fits(x) else written(x)


def fraction_json(x: Fraction | int) -> str:
    """``x`` for machines (JSON, CSV): ``"p/q"``, always with the slash, when it
    :func:`fits`, else the bare :func:`rounded` decimal, which never has one.

    >>> fraction_json(Fraction(3, 4)), fraction_json(-2), fraction_json(Fraction(2, 3 * 10**80))
    ('3/4', '-2/1', '6.66666666667e-81')
    """
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}" if fits(x) else rounded(x)


def read_fraction_json(text: str) -> tuple[Fraction, bool]:
    """A number as :func:`fraction_json` writes it, and whether it is exact (it has a
    slash); an InvalidInputError if it is not such a number.

    >>> read_fraction_json("-7/2"), read_fraction_json("6.66666666667e-81")[1]
    ((Fraction(-7, 2), True), False)
    >>> read_fraction_json("1/0")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a number must be "p/q" or a decimal, as fraction_json writes it; got '1/0'
    """
    allowed = 'a number must be "p/q" or a decimal, as fraction_json writes it'
    if not isinstance(text, str) or len(text) > _MAX_JSON_TEXT:
        raise InvalidInputError(f"{allowed}; got {shown(text)}")
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InvalidInputError(f"{allowed}; got {shown(text)}") from None
    return value, "/" in text


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
    """A change of score with its sign: ``+9/2``, ``-7``, ``0`` (as :func:`written` writes it).

    >>> signed(Fraction(9, 2)), signed(-7), signed(0)
    ('+9/2', '-7', '0')
    """
    return f"+{written(x)}" if x > 0 else written(x)


def percent(p: Fraction) -> str:
    """``p`` as a percentage rounded to one decimal, computed without floats, as the
    language in use writes it (:func:`bluffmath.i18n.percent`: ``76.2 %``, German ``76,2 %``)."""
    return _percent(p)


_TABLE_STYLE = "border-collapse: collapse; white-space: nowrap; line-height: 1.3"


class Raw(str):
    """HTML that bluffmath built itself (a chart), to go into a table unescaped."""


def _cell(value: Any) -> str:
    if isinstance(value, Raw):
        return value
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        return escape(written(value))
    return escape(str(value))


def table_html(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """An HTML table; every cell is escaped unless it is :class:`Raw`; numbers are
    :func:`written`.

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
            f"<title>{escape(str(label))}: {written(p)} ({percent(p)})</title></rect>"
        )
        if i % 5 == 0:
            parts.append(
                f'<text x="{x + bar_width // 2}" y="{height + 13}" font-size="12" '
                f'text-anchor="middle">{escape(str(label))}</text>'
            )
    width, named = len(bars) * (bar_width + 2), escape(_("bar chart"))
    return Raw(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 18}" '
        f'role="img" aria-label="{named}">{"".join(parts)}</svg>'
    )


class Charted(Protocol):
    """What the charts read of a distribution: its outcomes in order, the weight and the
    chance of each, and the chance of at least each. A
    :class:`~bluffmath.distribution.Distribution` has them all; this module names only what
    it reads, for a Distribution draws itself with :func:`distribution_html`."""

    def __iter__(self) -> Iterator[Any]: ...

    def __getitem__(self, outcome: Any) -> Fraction: ...

    def weight(self, outcome: Any) -> int | Fraction: ...

    def at_least(self, x: Any) -> Fraction: ...


def totals_chart_svg(d: Charted, highlight: int | None = None, top: int | None = None,
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


def distribution_html(d: Charted, highlight: Any = None) -> str:
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
    values = [mean for _label, mean, _iv in rows] + [iv[1] for _label, _mean, iv in rows if iv is not None]
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
            span = _("{low} to {high}").format(low=decimal(low), high=decimal(high))
            parts.append(f'<line x1="{x(low)}" y1="{y}" x2="{x(high)}" y2="{y}" stroke="#1f5f8b" '
                         f'stroke-width="2"><title>{span}</title></line>')
            for end in (low, high):
                parts.append(f'<line x1="{x(end)}" y1="{y - 5}" x2="{x(end)}" y2="{y + 5}" '
                             f'stroke="#1f5f8b" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(mean)}" cy="{y}" r="4" fill="#1f5f8b">'
                     f"<title>{escape(str(label))}: {written(mean)} ({decimal(mean)})</title></circle>")
    chart = _("means with intervals")
    return Raw(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="{chart}">{"".join(parts)}</svg>'
    )


def line_chart_svg(points: Sequence[tuple[str, Fraction | int | float]], label: str,
                   low: Fraction | int | float | None = None, high: Fraction | int | float | None = None,
                   say: Callable[[Any], str] = written, width: int = 320, height: int = 120) -> Raw:
    """A line through ``(x label, value)`` points, in order, as an inline SVG named ``label``
    (its ``aria-label``). The axis runs from ``low`` to ``high`` (by default the least and
    the greatest value), both written at its left end; each point is a circle whose title
    says its x label and its value (``say`` writes each value, given as a Fraction:
    :func:`written` by default). Labels are escaped.

    >>> svg = line_chart_svg([("1", Fraction(0)), ("2", Fraction(1, 2)), ("<3>", Fraction(2, 3))],
    ...                      "share best", low=0, high=1)
    >>> svg.count("<circle"), "<title>&lt;3&gt;: 2/3</title>" in svg, 'aria-label="share best"' in svg
    (3, True, True)
    """
    values = [Fraction(v) for _, v in points]
    bottom = Fraction(min(values, default=0) if low is None else low)
    top = Fraction(max(values, default=1) if high is None else high)
    span = top - bottom or Fraction(1)
    left, pad = 44, 8
    plot_x, plot_y = width - left - pad, height - 2 * pad
    gaps = max(1, len(points) - 1)
    at = [(left + round(Fraction(i * plot_x, gaps)), pad + round((top - v) / span * plot_y))
          for i, v in enumerate(values)]
    parts = [f'<line x1="{left}" y1="{pad}" x2="{left}" y2="{pad + plot_y}" stroke="#767676"/>',
             f'<line x1="{left}" y1="{pad + plot_y}" x2="{left + plot_x}" y2="{pad + plot_y}" stroke="#767676"/>']
    for value, y in ((top, pad), (bottom, pad + plot_y)):
        parts.append(f'<text x="{left - 4}" y="{y + 4}" font-size="12" text-anchor="end">'
                     f"{escape(say(value))}</text>")
    if len(at) > 1:
        parts.append('<polyline fill="none" stroke="#1f5f8b" stroke-width="2" points="'
                     + " ".join(f"{x},{y}" for x, y in at) + '"/>')
    for (x, y), (name, _raw), value in zip(at, points, values, strict=True):
        parts.append(f'<circle cx="{x}" cy="{y}" r="3" fill="#1f5f8b">'
                     f"<title>{escape(str(name))}: {escape(say(value))}</title></circle>")
    return Raw(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'role="img" aria-label="{escape(label)}">{"".join(parts)}</svg>')
