"""Hochstapler's actions as objects, for :meth:`State.apply <bluffmath.hochstapler.game.State.apply>`.

``state.legal_actions()`` lists them; each also has its verify / can / do methods on the
State (``raise_``, ``exchange``, ``doubt``). An action checks only its own fields; whether
it is legal now is the engine's to say.

>>> Raise(9, "blue"), ExchangeCard("red"), DoubtCall()
(Raise(total=9, colour='blue'), ExchangeCard(colour='red'), DoubtCall())
>>> Raise(9, "pink")
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: colour must be one of red, orange, yellow, green, blue, purple, black, got 'pink'
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffmath.hochstapler.rules import check_colour, check_total
from bluffmath.i18n import N_


@dataclass(frozen=True)
class Raise:
    """Call a total in a colour, higher than the call to beat."""

    total: int
    colour: str

    def __post_init__(self) -> None:
        check_total(N_("a raise's total"), self.total)
        check_colour(self.colour)


@dataclass(frozen=True)
class ExchangeCard:
    """Lay my card of ``colour`` face up and draw the top card of that colour's pile."""

    colour: str

    def __post_init__(self) -> None:
        check_colour(self.colour)


@dataclass(frozen=True)
class DoubtCall:
    """Doubt the call to beat: everyone shows that colour."""


Action = Raise | ExchangeCard | DoubtCall
