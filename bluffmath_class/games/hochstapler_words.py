"""Hochstapler's words at the class table, in the language in use: the colours with their
symbols, the log's calls (a round's first call is *angesagt*, a later one *erhöht*, as
the German rules say), the review's options and its model.

>>> from bluffmath.i18n import speaking
>>> colour_words("red"), card_colour("red"), option_words("raise 7 red"), option_words("exchange red")
('red clock', 'red', 'call 7 red', 'exchange red')
>>> with speaking("de"):
...     colour_words("red"), option_words("raise 7 red"), option_words("doubt")
('rote Uhren', '7 rot ansagen', 'anzweifeln')

The review's model is the core's, in the page's words (``call`` for ``raise``):

>>> from bluffmath.hochstapler.round_model import RoundModel
>>> from bluffmath.review.hochstapler import model_text
>>> from bluffmath_class.games.hochstapler_page import page_words
>>> ROUND_MODEL == page_words(model_text(RoundModel()))
True
"""

from __future__ import annotations

from collections.abc import Callable

from bluffmath.i18n import N_, p_


def colour_words(colour: str) -> str:
    """A colour with its symbol, as a badge and a choice show it (``red clock``)."""
    return {"red": p_("Hochstapler colour", "red clock"), "orange": p_("Hochstapler colour", "orange house"),
            "yellow": p_("Hochstapler colour", "yellow yacht"), "green": p_("Hochstapler colour", "green diamond"),
            "blue": p_("Hochstapler colour", "blue ring"), "purple": p_("Hochstapler colour", "purple wine"),
            "black": p_("Hochstapler colour", "black car")}[colour]


def card_colour(colour: str) -> str:
    """A colour's name alone (on a card in the hand, in a button's call)."""
    return {"red": p_("colour", "red"), "orange": p_("colour", "orange"), "yellow": p_("colour", "yellow"),
            "green": p_("colour", "green"), "blue": p_("colour", "blue"), "purple": p_("colour", "purple"),
            "black": p_("colour", "black")}[colour]


#: A call in the log, by (whether it opens the round, whether it is the reader's own):
#: each a whole sentence with ``{name}`` and ``{call}``.
CALL_WORDS: dict[tuple[bool, bool], Callable[[], str]] = {
    (True, True): lambda: p_("opening", "you called {call}"),
    (True, False): lambda: p_("opening", "{name} called {call}"),
    (False, True): lambda: p_("raising", "you called {call}"),
    (False, False): lambda: p_("raising", "{name} called {call}"),
}

#: The review's model (the core's round model, :func:`bluffmath.review.hochstapler.model_text`,
#: in the page's words); translated where it is shown.
ROUND_MODEL = N_(
    "the round: a call is worth P(you do not take this round's point) when every other player answers as "
    "CalledColourBot() does, in the called colour by card counting (doubt, or call one higher), and you doubt "
    "at your best turn when the round comes back; a doubt is worth P(the call is false), an exchange the best "
    "call after it averaged over the card drawn. Chances by card counting: your own cards and the face-up "
    "cards, not what the calls say. The opening call is valued.")


def option_words(option: str) -> str:
    """A review's option (the core's ``raise 7 red``, ``exchange red``, ``doubt``) in the
    page's words."""
    kind, *rest = option.split()
    if kind == "raise":
        return p_("review option", "call {total} {colour}").format(total=rest[0], colour=card_colour(rest[1]))
    if kind == "exchange":
        return p_("review option", "exchange {colour}").format(colour=card_colour(rest[0]))
    return p_("review option", "doubt") if kind == "doubt" else option
