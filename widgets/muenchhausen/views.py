"""The Münchhausen answers as HTML, for the companion and the table: the card lying face
down (its chance of being honest, of each value, and what believing or doubting is worth on
my pile) and each opponent's most likely hands. Every number is the core's
(:mod:`bluffmath.muenchhausen`)."""

from __future__ import annotations

from html import escape

from bluffmath.display import signed
from bluffmath.muenchhausen import Knowledge, card_chances, decide, explain_honest, honest_chance
from bluffmath.muenchhausen.rules import Hand

from ..common import cards_text, marked_fraction_html

__all__ = ["SCROLL", "TOP_HANDS", "hands_html", "numbers_html"]

TOP_HANDS = 4
"""How many of an opponent's likeliest hands are listed."""
SCROLL = "overflow-x: auto; max-width: 100%"  # a wide table or text scrolls in its own box


def numbers_html(k: Knowledge, hand: Hand, me: int) -> str:
    """The card lying face down, if any: who laid it where, its chances, and on my pile
    (``me``, holding ``hand``) the expected score change of believing and of doubting."""
    laid = k.pending
    if laid is None:
        return ""
    whose = "your" if laid.start == me else f"seat {laid.start}'s"
    by = "you" if laid.seat == me else f"seat {laid.seat}"
    cards = "".join(f"<tr data-card='{c}'><td>{c}</td><td>{marked_fraction_html(p, 'bm-mhc-card-p')}</td></tr>"
                    for c, p in card_chances(k).items())
    text = (f"<p>A card laid by {by} lies face down on {whose} pile, claiming at least {laid.offer}. "
            f"P(honest) = {marked_fraction_html(honest_chance(k), 'bm-mhc-honest')}"
            f"{' (as the table sees it)' if laid.seat == me else ''}</p>"
            f"<table class='bm-mhc-cards'><tr><th>card</th><th>P</th></tr>{cards}</table>")
    if laid.start == me and hand:  # with no card left, nothing to weigh
        d = decide(k, hand)
        text += (f"<p>Expected score change: believe <span class='bm-mhc-believe' data-value='{d.believe}'>"
                 f"<b>{signed(d.believe)}</b></span>, doubt <span class='bm-mhc-doubt' "
                 f"data-value='{d.doubt}'><b>{signed(d.doubt)}</b></span>; recommended: "
                 f"<b class='bm-mhc-choice' data-choice='{d.choice}'>{d.choice}</b></p>")
    return text + f"<pre class='bm-mhc-explain' style='white-space: pre-wrap'>{escape(explain_honest(k))}</pre>"


def hands_html(k: Knowledge, players: int, me: int, model: str, prefix: str = "bm-mhc",
               steps: bool = False) -> str:
    """Each opponent's :data:`TOP_HANDS` likeliest hands with their chances, under ``model``
    (the classes start with ``prefix``); ``steps``: with the counting behind them, folded."""
    parts = []
    for s in range(players):
        if s == me or not k.beliefs:
            continue
        dist = k.hands(s)
        rows = "".join(f"<tr><td>{cards_text(h)}</td><td>{marked_fraction_html(p, f'{prefix}-hand-p', seat=s)}</td></tr>"
                       for h, p in list(dist.items())[:TOP_HANDS])
        more = (f"<tr><td colspan='2'><i>and {len(dist) - TOP_HANDS} more</i></td></tr>"
                if len(dist) > TOP_HANDS else "")
        how = (f"<details><summary>how</summary><pre class='{prefix}-steps' data-seat='{s}' style='{SCROLL}'>"
               f"{escape(k.explain(s))}</pre></details>") if steps else ""
        parts.append(f"<div class='{prefix}-seat-hands' data-seat='{s}'><b>seat {s}</b> ({len(dist)} possible "
                     f"hands)<table style='border-spacing: 1em 0.1em'>{rows}{more}</table>{how}</div>")
    if not parts:
        return ""
    return (f"<p><b>Opponents' hands</b> (model: {escape(model)})</p>"
            f"<div style='display: flex; gap: 2em; flex-wrap: wrap'>{''.join(parts)}</div>")
