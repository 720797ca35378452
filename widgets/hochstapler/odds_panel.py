"""The Hochstapler table's odds panel as HTML, and its advice, all from an
:class:`~bluffmath.hochstapler.OddsTable`; the advice itself is the core's
(:func:`bluffmath.hochstapler.advice`), put into words here.

>>> from bluffmath import hochstapler as hs
>>> hand = {c: 3 for c in hs.COLOURS}
>>> odds = hs.odds_table(hs.Position(players=4, hand=hand))
>>> print(advice_html(odds, "seat {}".format, exchanged=False))  # doctest: +ELLIPSIS
<p class="bm-advice" data-total="12" data-colour="red"><b>Advice:</b> open with <b>...
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from bluffmath import hochstapler as hs
from bluffmath.display import bar_chart_svg

from ..common import fraction_html
from .cards import call_text, card_html, explanation_html, scrolling

__all__ = [
    "advice_html",
    "best_html",
    "colours_html",
    "current_html",
]

#: Each colour's opening call with its chance, as :func:`~bluffmath.hochstapler.colour_openings` gives them.
Openings = list[tuple[hs.Call, Fraction]]


def advice_html(odds: hs.OddsTable, name: Callable[[int], str], exchanged: bool,
                openings: Openings | None = None) -> str:
    """The core's advice (:func:`bluffmath.hochstapler.advice`) in a sentence, with its reason."""
    tip = hs.advice(odds, exchanged, openings)
    if tip.move == "open":
        return (f'<p class="bm-advice" data-total="{tip.call.total}" data-colour="{tip.call.colour}">'
                f"<b>Advice:</b> open with <b>{call_text(tip.call.total, tip.call.colour)}</b>. It is "
                f"the highest call that holds at least half the time (P = {fraction_html(tip.chance)} "
                "by card counting): a lower call is safer but gives the next player a cheap raise, a "
                "higher one is more likely false than true.</p>")
    call = odds.position.call
    if tip.forced == "top":
        return (f'<p class="bm-advice" data-move="doubt"><b>Advice:</b> doubt: no call can '
                f"beat {call.total}.</p>")
    if tip.move == "doubt":
        raise_, p = tip.best_raise
        return (f'<p class="bm-advice" data-move="doubt"><b>Advice:</b> doubt '
                f"{name(call.seat)}'s {call_text(call.total, call.colour)}: it is false with "
                f"P = {fraction_html(1 - tip.against)}, likelier than your best raise, "
                f"{call_text(raise_.total, raise_.colour)}, is true ({fraction_html(p)}).</p>")
    reason = ("you exchanged, so you must raise" if tip.forced == "exchanged" else
              f"{name(call.seat)}'s call is true with P = {fraction_html(tip.against)}, and this "
              f"raise holds with P = {fraction_html(tip.chance)}, the best of all raises")
    return (f'<p class="bm-advice" data-move="raise" data-total="{tip.call.total}" '
            f'data-colour="{tip.call.colour}"><b>Advice:</b> raise to '
            f"<b>{call_text(tip.call.total, tip.call.colour)}</b>: {reason}.</p>")


def _number(odds: hs.OddsTable, why: bool, p: Fraction, total: int, colour: str, reading: bool,
            kind: str) -> str:
    explanation = explanation_html(odds.explain(total, colour, reading)) if why else ""
    return f'<span class="{kind}">{fraction_html(p)}</span>{explanation}'


def current_html(odds: hs.OddsTable, name: Callable[[int], str], why: bool) -> str:
    """The chance that the call to beat is true, both ways."""
    call = odds.position.call
    if call is None:
        return "<p>No call to beat: the round opens with a call of any total.</p>"
    counting = _number(odds, why, odds.current, call.total, call.colour, False,
                       "bm-current-counting")
    reading = _number(odds, why, odds.current_reading, call.total, call.colour, True,
                      "bm-current-reading")
    return (f"<p style='margin: 4px 0;'>The call to beat, <b>{call_text(call.total, call.colour)}"
            f"</b> by {name(call.seat)}, is true with P =</p>"
            '<table class="bm-current bm-table" style="border-collapse: collapse;"><tr>'
            f"<th>by card counting</th><th>reading the bids</th></tr><tr><td>{counting}</td>"
            f"<td>{reading}</td></tr></table>")


def best_html(odds: hs.OddsTable, why: bool, openings: Openings | None = None) -> str:
    """Facing a call: the three likeliest raises both ways. Opening: each colour's highest call
    that holds at least half the time (the likeliest calls would all be 0)."""
    position = odds.position
    if position.call is None:
        rows = "".join(
            f'<tr data-colour="{c.colour}"><td class="bm-opening-call">'
            f"{call_text(c.total, c.colour)}</td><td>"
            f"{_number(odds, why, p, c.total, c.colour, False, 'bm-opening')}</td></tr>"
            for c, p in (hs.colour_openings(odds) if openings is None else openings))
        return ('<h4 style="margin: 4px 0;">Openings: each colour\'s highest call that holds at '
                'least half the time</h4><table class="bm-openings bm-table" style="border-'
                'collapse: collapse;"><tr><th>call</th><th>P(true), card counting</th></tr>'
                f"{rows}</table>")
    if not position.legal_totals():
        return f"<p>No call can beat {position.call.total}: doubt it.</p>"
    rows = []
    pairs = zip(odds.best_calls(3), odds.best_calls(3, reading=True), strict=True)
    for rank, ((a, p), (b, q)) in enumerate(pairs, 1):
        rows.append(
            f'<tr data-rank="{rank}"><td>{rank}</td>'
            f'<td class="bm-best-counting-call">{call_text(a.total, a.colour)}</td>'
            f"<td>{_number(odds, why, p, a.total, a.colour, False, 'bm-best-counting')}</td>"
            f'<td class="bm-best-reading-call">{call_text(b.total, b.colour)}</td>'
            f"<td>{_number(odds, why, q, b.total, b.colour, True, 'bm-best-reading')}</td></tr>")
    table = ('<table class="bm-best bm-table" style="border-collapse: collapse;"><tr><th></th>'
             "<th>card counting</th><th>P(true)</th><th>reading the bids</th><th>P(true)</th></tr>"
             f"{''.join(rows)}</table>")
    return f'<h4 style="margin: 4px 0;">Your likeliest raises</h4>{scrolling(table)}'


def colours_html(odds: hs.OddsTable, low: int, why: bool) -> str:
    """Each colour: my card, the face-up cards, the total both ways, a call of ``low``."""
    rows = []
    for row in odds.rows:
        def chart(d: Any) -> str:
            return bar_chart_svg(list(d.items()), highlight=low, height=36, bar_width=4)

        swap = ("—" if row.exchange is None else
                f'<span class="bm-exchange">{fraction_html(row.exchange.at_least(low))}</span>')
        rows.append(
            f'<tr data-colour="{row.colour}" style="border-top: 1px solid #eee;">'
            f'<td class="bm-pinned">{card_html(row.colour, row.own, small=True)} {row.colour}</td>'
            f"<td>{_number(odds, why, row.chance(low), low, row.colour, False, 'bm-counting')}</td>"
            f"<td>{_number(odds, why, row.chance(low, True), low, row.colour, True, 'bm-reading')}"
            f"</td><td>{swap}</td><td>{' '.join(map(str, row.face_up)) or '—'}</td>"
            f"<td>{chart(row.counting)}</td><td>{chart(row.reading)}</td></tr>")
    # The chances a player acts on come first, beside the colour (which stays in view while
    # the rest scrolls in its box on a phone); the face-up cards and the totals' charts after.
    table = (f'<table class="bm-colours bm-table" data-total="{low}" style="border-collapse: '
             'separate; border-spacing: 0; white-space: nowrap;"><tr><th class="bm-pinned">your card</th>'
             f"<th>P(≥ {low})<br>counting</th><th>P(≥ {low})<br>reading</th>"
             f"<th>P(≥ {low})<br>exchanging</th><th>face up</th>"
             "<th>total, card counting</th><th>total, reading the bids</th></tr>"
             f"{''.join(rows)}</table>")
    return (f'<h4 style="margin: 4px 0;">Each colour: the total over all hands, and a '
            f"call of {low}</h4><small>(type another total in the call box to see its chances; "
            f"Enter calls it)</small>{scrolling(table)}")
