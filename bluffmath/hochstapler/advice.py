"""A rule of thumb for the seat to act, read off an :class:`~bluffmath.hochstapler.OddsTable`.

The advice is never a number of its own, only a choice among the table's exact chances:

- **Opening a round** (no call yet): the highest call whose chance of holding is at least a
  half, by card counting. A lower call is safer but hands the next player a cheap raise; a
  higher one is more likely false than true. Ties go to the likelier call, then to the
  colour listed first.
- **Facing a call**: doubt when the call is more likely false than my best raise is true
  (the doubt's expected penalty, ``P(call true)``, is below the raise's if it is doubted,
  ``1 - P(raise true)``: :func:`~bluffmath.hochstapler.doubt_or_raise`'s rule); otherwise
  raise with that best call. After an exchange the rules forbid a doubt, and when no call
  can beat the current one only a doubt is left.

>>> from bluffmath import hochstapler as hs
>>> hand = {c: 3 for c in hs.COLOURS}
>>> odds = hs.odds_table(hs.Position(players=4, hand=hand))
>>> tip = advice(odds)
>>> tip.move, tip.call.total, tip.call.colour, tip.chance
('open', 12, 'red', Fraction(1, 2))
>>> odds.probability(13, "red") < Fraction(1, 2) <= tip.chance
True
>>> facing = hs.odds_table(hs.Position(players=4, hand=hand, history=(hs.Call(3, 14, "red"),)))
>>> tip = advice(facing)
>>> tip.move, tip.against == facing.current
('doubt', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.position import Call
from bluffmath.hochstapler.rules import MAX_TOTAL
from bluffmath.hochstapler.table import OddsTable
from bluffmath.validate import shown

__all__ = ["HALF", "Advice", "advice", "colour_openings", "opening_call"]

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Advice:
    """The advised move, with the chances it was chosen by.

    ``move`` is ``"open"``, ``"raise"`` or ``"doubt"``; ``call`` the call to make (``None`` for
    a doubt); ``chance`` its chance of holding by card counting (``None`` for a doubt);
    ``against`` the chance that the call faced is true (``None`` when opening);
    ``best_raise`` the best raise and its chance when a doubt was preferred to it;
    ``forced`` the rule that left no choice (``"exchanged"``: a raise is compulsory after an
    exchange; ``"top"``: no call can beat the one faced), or ``None``.
    """

    move: Literal["open", "raise", "doubt"]
    call: Call | None
    chance: Fraction | None
    against: Fraction | None = None
    best_raise: tuple[Call, Fraction] | None = None
    forced: Literal["exchanged", "top"] | None = None


def colour_openings(odds: OddsTable) -> list[tuple[Call, Fraction]]:
    """For each colour in play, the highest call whose chance (by card counting) is at least a
    half, with that chance, in the order of the colours.

    >>> from bluffmath import hochstapler as hs
    >>> hand = dict.fromkeys(hs.COLOURS, 3) | {"red": 7, "blue": 0}
    >>> openings = colour_openings(hs.odds_table(hs.Position(players=3, hand=hand)))
    >>> [(call.colour, call.total, p) for call, p in openings[:5:4]]
    [('red', 12, Fraction(54, 91)), ('blue', 6, Fraction(4, 7))]
    """
    me, top = _odds(odds).position.me, MAX_TOTAL[odds.position.players]
    calls = []
    for row in odds.rows:
        low, high = 0, top  # a call of 0 always holds; P(total >= t) never rises with t
        while low < high:
            middle = (low + high + 1) // 2
            low, high = (middle, high) if row.chance(middle) >= HALF else (low, middle - 1)
        calls.append((Call(me, low, row.colour), row.chance(low)))
    return calls


def opening_call(odds: OddsTable, openings: list[tuple[Call, Fraction]] | None = None,
                 ) -> tuple[Call, Fraction]:
    """The advised opening (see above); ``openings`` is :func:`colour_openings` if at hand."""
    openings = colour_openings(odds) if openings is None else _openings(openings)
    return max(openings, key=lambda item: (item[0].total, item[1]))


def advice(odds: OddsTable, exchanged: bool = False,
           openings: list[tuple[Call, Fraction]] | None = None) -> Advice:
    """The advised move for the seat whose table ``odds`` is (see the module's rules);
    ``exchanged``: this seat has just exchanged a card, so it must raise."""
    _odds(odds)
    if type(exchanged) is not bool:
        raise InvalidInputError(f"exchanged must be True or False, got {shown(exchanged)}")
    if odds.position.call is None:
        call, p = opening_call(odds, openings)
        return Advice("open", call, p)
    current = odds.current
    best = odds.best_calls(1)
    if not best:
        return Advice("doubt", None, None, current, forced="top")
    (raise_, p), = best
    if not exchanged and 1 - current > p:
        return Advice("doubt", None, None, current, best_raise=(raise_, p))
    return Advice("raise", raise_, p, current, forced="exchanged" if exchanged else None)


def _odds(odds: object) -> OddsTable:
    if not isinstance(odds, OddsTable):
        raise InvalidInputError(f"odds must be an odds table (hochstapler.odds_table), got {shown(odds)}")
    return odds


def _openings(openings: object) -> list[tuple[Call, Fraction]]:
    if not (isinstance(openings, list) and openings and all(
            isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Call)
            and type(item[1]) is Fraction for item in openings)):
        raise InvalidInputError("openings must be what colour_openings(odds) gives: a list of "
                                f"(call, chance) pairs, got {shown(openings)}")
    return openings
