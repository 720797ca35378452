"""The Münchhausen answers as HTML, for the companion and the table: the card lying face
down (its chance of being honest, of each value, and what believing or doubting is worth on
my pile) and each opponent's most likely hands. Every number is the core's
(:mod:`bluffmath.muenchhausen`)."""

from __future__ import annotations

from html import escape

from bluffmath.display import signed
from bluffmath.i18n import _
from bluffmath.muenchhausen import (
    MODELS,
    Knowledge,
    card_chances,
    decide,
    explain_honest,
    honest_chance,
)
from bluffmath.muenchhausen.rules import Hand

from ..common import cards_text, marked_fraction_html

__all__ = ["SCROLL", "TOP_HANDS", "choice_words", "decision_html", "hands_html", "model_options", "numbers_html"]

TOP_HANDS = 4
"""How many of an opponent's likeliest hands are listed."""
SCROLL = "overflow-x: auto; max-width: 100%"  # a wide table or text scrolls in its own box


def model_options() -> list[tuple[str, str]]:
    """The card models as a dropdown's options: the model in the language in use, its name.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     model_options()[1]
    ('niedrigste passende', 'lowest-enough')
    """
    return [(model.words, name) for name, model in MODELS.items()]


def model_words(name: str) -> str:
    """A card model's name (a key of ``MODELS``) in the language in use."""
    return MODELS[name].words if name in MODELS else name


def choice_words(choice: str) -> str:
    """``"believe"`` or ``"doubt"`` in the language in use.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     choice_words("believe"), choice_words("doubt")
    ('glauben', 'anzweifeln')
    """
    return {"believe": _("believe"), "doubt": _("doubt")}.get(choice, choice)


def cards_table(k: Knowledge, name: str) -> str:
    """The chance of each value of the card lying face down (class ``name`` on each chance)."""
    cards = "".join(f"<tr data-card='{c}'><td>{c}</td><td>{marked_fraction_html(p, name)}</td></tr>"
                    for c, p in card_chances(k).items())
    return (f"<table class='{name.removesuffix('-card-p')}-cards'><tr><th>" + _("card")
            + f"</th><th>P</th></tr>{cards}</table>")


def decision_html(believe: object, doubt: object, choice: str, prefix: str) -> str:
    """The expected score change of believing and of doubting, and the choice recommended
    (classes ``<prefix>-believe``, ``-doubt``, ``-choice``)."""
    return "<p>" + _("Expected score change: believe {believe}, doubt {doubt}; recommended: {choice}").format(
        believe=f"<span class='{prefix}-believe' data-value='{believe}'><b>{signed(believe)}</b></span>",
        doubt=f"<span class='{prefix}-doubt' data-value='{doubt}'><b>{signed(doubt)}</b></span>",
        choice=f"<b class='{prefix}-choice' data-choice='{choice}'>{choice_words(choice)}</b>") + "</p>"


def numbers_html(k: Knowledge, hand: Hand, me: int) -> str:
    """The card lying face down, if any: who laid it where, its chances, and on my pile
    (``me``, holding ``hand``) the expected score change of believing and of doubting."""
    laid = k.pending
    if laid is None:
        return ""
    if laid.seat == me:
        lies = _("A card laid by you lies face down on seat {start}'s pile, claiming at least {offer}.")
    elif laid.start == me:
        lies = _("A card laid by seat {seat} lies face down on your pile, claiming at least {offer}.")
    else:
        lies = _("A card laid by seat {seat} lies face down on seat {start}'s pile, claiming at least {offer}.")
    honest = _("P(honest) = {p}").format(p=marked_fraction_html(honest_chance(k), "bm-mhc-honest"))
    seen = _(" (as the table sees it)") if laid.seat == me else ""
    text = (f"<p>{lies.format(seat=laid.seat, start=laid.start, offer=laid.offer)} {honest}{seen}</p>"
            + cards_table(k, "bm-mhc-card-p"))
    if laid.start == me and hand:  # with no card left, nothing to weigh
        d = decide(k, hand)
        text += decision_html(d.believe, d.doubt, d.choice, "bm-mhc")
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
        more = ("<tr><td colspan='2'><i>" + _("and {count} more").format(count=len(dist) - TOP_HANDS)
                + "</i></td></tr>" if len(dist) > TOP_HANDS else "")
        how = ("<details><summary>" + _("how") + f"</summary><pre class='{prefix}-steps' data-seat='{s}' "
               f"style='{SCROLL}'>{escape(k.explain(s))}</pre></details>") if steps else ""
        title = _("<b>seat {seat}</b> ({count} possible hands)").format(seat=s, count=len(dist))
        parts.append(f"<div class='{prefix}-seat-hands' data-seat='{s}'>{title}"
                     f"<table style='border-spacing: 1em 0.1em'>{rows}{more}</table>{how}</div>")
    if not parts:
        return ""
    return ("<p>" + _("<b>Opponents' hands</b> (model: {model})").format(model=escape(model_words(model))) + "</p>"
            f"<div style='display: flex; gap: 2em; flex-wrap: wrap'>{''.join(parts)}</div>")
