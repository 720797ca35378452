"""Doubt or raise: the expected penalty points of each answer to a call, one step ahead.

A doubt settles a call at once (the rules and docs/reference/rulings.md): the colour is shown, and one
player takes all its cards as **one penalty point**: the doubter if the total reaches the
call, the caller if it does not. Nobody else scores. So, for the player who must answer a
call, looking one step ahead:

- doubting costs 1 point exactly when the call is true: :func:`doubt_penalty` is
  ``P(call true)``;
- raising costs nothing now, and 1 point if the next player doubts the raise and it is
  false: :func:`raise_penalty` is ``doubted * (1 - P(raise true))``, where ``doubted`` is
  the chance of being doubted (1, "assume the worst", is what
  :class:`~bluffmath.hochstapler.bots.CardCountingBot` assumes).

:func:`doubt_or_raise` picks the cheaper answer; the raise's expected penalty is the
**break-even** chance of the call, below which a doubt costs less. :func:`lowest_doubt`
is the lowest call worth doubting when the only raise is one more in the same colour.
The chances are card counting's (:func:`~bluffmath.hochstapler.counting.call_odds`).

Seat 0 calls 13 in red; I hold the red 4 and the blue 7, and my best raise is 14 in blue:

>>> doubt_penalty(4, own=4, call=13), raise_penalty(4, own=7, total=14)
(Fraction(43, 91), Fraction(131, 364))
>>> doubt_or_raise(doubt_penalty(4, 4, 13), raise_penalty(4, 7, 14))
'raise'
>>> lowest_doubt(4, own=4)   # raising only in red, I doubt 13 and above
13
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.counting import call_odds, total_distribution
from bluffmath.hochstapler.rules import MAX_TOTAL, check_known_cards, check_players
from bluffmath.validate import probability, shown


def doubt_penalty(players: int, own: int | None, call: int,
                  face_up: Iterable[int] = ()) -> Fraction:
    """My expected penalty points if I doubt a call of ``call`` in a colour where I hold
    ``own`` (``None``: no card, or not looked at) and ``face_up`` lie face up: one point
    exactly when the call is true, so ``P(total >= call)``.

    >>> doubt_penalty(3, own=7, call=0)   # a call of 0 is always true
    Fraction(1, 1)
    >>> doubt_penalty(3, own=0, call=19)  # 0 + 7 + 6 = 13 at most
    Fraction(0, 1)
    """
    return call_odds(players, own, call, face_up)


def raise_penalty(players: int, own: int | None, total: int, face_up: Iterable[int] = (),
                  doubted: Fraction = Fraction(1)) -> Fraction:
    """My expected penalty points if I raise to ``total`` in a colour where I hold ``own``,
    and the next player doubts my raise with chance ``doubted`` (an exact probability;
    default 1): one point when it is doubted and false, ``doubted * (1 - P(total true))``.

    >>> raise_penalty(4, own=7, total=14), raise_penalty(4, own=7, total=14, doubted=Fraction(1, 2))
    (Fraction(131, 364), Fraction(131, 728))
    """
    doubted = probability("doubted", doubted)
    return doubted * (1 - call_odds(players, own, total, face_up))


def _points(name: str, value: object, low: int) -> Fraction:
    """``value`` as an exact number from ``low`` to 1; floats are refused, being inexact."""
    allowed = f"an exact number (an int or a Fraction, such as Fraction(1, 10)) from {low} to 1"
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise InvalidInputError(f"{name} must be {allowed}, got {shown(value)} ({type(value).__name__})")
    if not low <= value <= 1:
        raise InvalidInputError(f"{name} must be {allowed}, got {value}")
    return Fraction(value)


def _doubt_costs_less(doubt: Fraction, raise_: Fraction, bias: Fraction) -> bool:
    """The comparison itself, unchecked (the bots call it in their hot loop)."""
    return doubt - bias < raise_


def doubt_or_raise(doubt: Fraction, raise_: Fraction | None,
                   bias: Fraction = Fraction(0)) -> str:
    """``"doubt"`` when doubting costs fewer expected penalty points than raising, or when
    no raise is left (``raise_`` is ``None``); ``"raise"`` otherwise, a tie included.

    ``doubt`` and ``raise_`` are expected penalties, exact numbers from 0 to 1 (such as
    :func:`doubt_penalty` and :func:`raise_penalty` give). ``bias`` (from -1 to 1, default
    0) is taken off the doubt's penalty first: above 0 a doubt is chosen more readily, as
    :class:`~bluffmath.hochstapler.bots.CardCountingBot`'s ``doubt_bias`` does.

    >>> doubt_or_raise(Fraction(1, 3), Fraction(1, 2)), doubt_or_raise(Fraction(1, 2), Fraction(1, 2))
    ('doubt', 'raise')
    >>> doubt_or_raise(Fraction(3, 5), Fraction(1, 2), bias=Fraction(1, 5))
    'doubt'
    >>> doubt_or_raise(Fraction(1), None)
    'doubt'
    """
    doubt = _points("doubt", doubt, 0)
    bias = _points("bias", bias, -1)
    if raise_ is None:
        return "doubt"
    raise_ = _points("raise_", raise_, 0)
    return "doubt" if _doubt_costs_less(doubt, raise_, bias) else "raise"


def lowest_doubt(players: int, own: int | None, face_up: Iterable[int] = (),
                 doubted: Fraction = Fraction(1)) -> int:
    """The lowest call in a colour worth doubting when I hold ``own`` there and my only
    raise is the lowest one in the same colour (one more): the lowest ``T`` with
    ``doubt_penalty(T) < raise_penalty(T + 1)``, or the highest total a colour can reach
    (``MAX_TOTAL[players]``), which cannot be raised.

    With the default ``doubted = 1`` this is where the card-counting bot, never
    exchanging and raising only in that colour, starts to doubt. The penalty of doubting
    falls as the call rises and the raise's rises, so every higher call is worth doubting
    too.

    >>> [lowest_doubt(players, own=4) for players in range(3, 8)]
    [10, 13, 16, 18, 21]
    >>> lowest_doubt(4, own=0), lowest_doubt(4, own=7)
    (10, 15)
    """
    players = check_players(players)
    face_up = check_known_cards(players, own, face_up)
    doubted = probability("doubted", doubted)
    top = MAX_TOTAL[players]
    true = total_distribution(players, own, face_up)
    for call in range(top):
        if _doubt_costs_less(true.at_least(call), doubted * (1 - true.at_least(call + 1)),
                             Fraction(0)):
            return call
    return top

