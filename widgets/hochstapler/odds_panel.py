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
from bluffmath.i18n import _

from ..common import fraction_html
from .cards import call_text, card_html, colour_name, explanation_html, scrolling

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
    advice = _("Advice:")
    if tip.move == "open":
        said = _("open with {call}. It is the highest call that holds at least half the time (P = {p} by card "
                 "counting): a lower call is safer but gives the next player a cheap raise, a higher one is more "
                 "likely false than true.").format(call=f"<b>{call_text(tip.call.total, tip.call.colour)}</b>",
                                                   p=fraction_html(tip.chance))
        return (f'<p class="bm-advice" data-total="{tip.call.total}" data-colour="{tip.call.colour}">'
                f"<b>{advice}</b> {said}</p>")
    call = odds.position.call
    if tip.forced == "top":
        said = _("doubt: no call can beat {total}.").format(total=call.total)
        return f'<p class="bm-advice" data-move="doubt"><b>{advice}</b> {said}</p>'
    if tip.move == "doubt":
        raise_, p = tip.best_raise
        said = _("doubt {name}'s {call}: it is false with P = {p}, likelier than your best raise, {best}, is true "
                 "({q}).").format(name=name(call.seat), call=call_text(call.total, call.colour),
                                  p=fraction_html(1 - tip.against), best=call_text(raise_.total, raise_.colour),
                                  q=fraction_html(p))
        return f'<p class="bm-advice" data-move="doubt"><b>{advice}</b> {said}</p>'
    target = f"<b>{call_text(tip.call.total, tip.call.colour)}</b>"
    if tip.forced == "exchanged":
        said = _("raise to {call}: you exchanged, so you must raise.").format(call=target)
    else:
        said = _("raise to {call}: {name}'s call is true with P = {p}, and this raise holds with P = {q}, the best "
                 "of all raises.").format(call=target, name=name(call.seat), p=fraction_html(tip.against),
                                          q=fraction_html(tip.chance))
    return (f'<p class="bm-advice" data-move="raise" data-total="{tip.call.total}" '
            f'data-colour="{tip.call.colour}"><b>{advice}</b> {said}</p>')


def _number(odds: hs.OddsTable, why: bool, p: Fraction, total: int, colour: str, reading: bool,
            kind: str) -> str:
    explanation = explanation_html(odds.explain(total, colour, reading)) if why else ""
    return f'<span class="{kind}">{fraction_html(p)}</span>{explanation}'


def current_html(odds: hs.OddsTable, name: Callable[[int], str], why: bool) -> str:
    """The chance that the call to beat is true, both ways."""
    call = odds.position.call
    if call is None:
        return "<p>" + _("No call to beat: the round opens with a call of any total.") + "</p>"
    counting = _number(odds, why, odds.current, call.total, call.colour, False,
                       "bm-current-counting")
    reading = _number(odds, why, odds.current_reading, call.total, call.colour, True,
                      "bm-current-reading")
    said = _("The call to beat, {call} by {name}, is true with P =").format(
        call=f"<b>{call_text(call.total, call.colour)}</b>", name=name(call.seat))
    head = "".join(f"<th>{h}</th>" for h in (_("by card counting"), _("reading the bids")))
    return (f"<p style='margin: 4px 0;'>{said}</p>"
            '<table class="bm-current bm-table" style="border-collapse: collapse;"><tr>'
            f"{head}</tr><tr><td>{counting}</td><td>{reading}</td></tr></table>")


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
        title = _("Openings: each colour's highest call that holds at least half the time")
        head = "".join(f"<th>{h}</th>" for h in (_("call"), _("P(true), card counting")))
        return (f'<h4 style="margin: 4px 0;">{title}</h4><table class="bm-openings bm-table" '
                f'style="border-collapse: collapse;"><tr>{head}</tr>{rows}</table>')
    if not position.legal_totals():
        return "<p>" + _("No call can beat {total}: doubt it.").format(total=position.call.total) + "</p>"
    rows = []
    pairs = zip(odds.best_calls(3), odds.best_calls(3, reading=True), strict=True)
    for rank, ((a, p), (b, q)) in enumerate(pairs, 1):
        rows.append(
            f'<tr data-rank="{rank}"><td>{rank}</td>'
            f'<td class="bm-best-counting-call">{call_text(a.total, a.colour)}</td>'
            f"<td>{_number(odds, why, p, a.total, a.colour, False, 'bm-best-counting')}</td>"
            f'<td class="bm-best-reading-call">{call_text(b.total, b.colour)}</td>'
            f"<td>{_number(odds, why, q, b.total, b.colour, True, 'bm-best-reading')}</td></tr>")
    head = "".join(f"<th>{h}</th>" for h in ("", _("card counting"), _("P(true)"), _("reading the bids"),
                                            _("P(true)")))
    table = (f'<table class="bm-best bm-table" style="border-collapse: collapse;"><tr>{head}</tr>'
             f"{''.join(rows)}</table>")
    title = _("Your likeliest raises")
    return f'<h4 style="margin: 4px 0;">{title}</h4>{scrolling(table)}'


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
            f'<td class="bm-pinned">{card_html(row.colour, row.own, small=True)} {colour_name(row.colour)}</td>'
            f"<td>{_number(odds, why, row.chance(low), low, row.colour, False, 'bm-counting')}</td>"
            f"<td>{_number(odds, why, row.chance(low, True), low, row.colour, True, 'bm-reading')}"
            f"</td><td>{swap}</td><td>{' '.join(map(str, row.face_up)) or '—'}</td>"
            f"<td>{chart(row.counting)}</td><td>{chart(row.reading)}</td></tr>")
    your_card = _("your card")
    # The chances a player acts on come first, beside the colour (which stays in view while
    # the rest scrolls in its box on a phone); the face-up cards and the totals' charts after.
    head = "".join(f"<th>{h}</th>" for h in (
        _("P(≥ {total})<br>counting").format(total=low), _("P(≥ {total})<br>reading").format(total=low),
        _("P(≥ {total})<br>exchanging").format(total=low), _("face up"), _("total, card counting"),
        _("total, reading the bids")))
    table = (f'<table class="bm-colours bm-table" data-total="{low}" style="border-collapse: '
             'separate; border-spacing: 0; white-space: nowrap;"><tr><th class="bm-pinned">'
             f"{your_card}</th>{head}</tr>{''.join(rows)}</table>")
    title = _("Each colour: the total over all hands, and a call of {total}").format(total=f"{low}")
    hint = _("(type another total in the call box to see its chances; Enter calls it)")
    return f'<h4 style="margin: 4px 0;">{title}</h4><small>{hint}</small>{scrolling(table)}'
