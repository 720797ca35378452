"""A deal of Hochstapler: the cards dealt, what a doubt reveals, what one seat may see.

:func:`deal_cards` shuffles and deals by a seed, the same on every machine; the engine
(:mod:`bluffmath.hochstapler.game`) records each doubt as a :class:`Reveal` and hands a
seat its :class:`SeatView`.

>>> hands, piles = deal_cards(players=3, seed=7, deal=0)
>>> len(hands["red"]), len(hands["red"]) + len(piles["red"])
(3, 15)
>>> deal_cards(3, 7, 0) == (hands, piles)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bluffmath.hochstapler.position import Call, Position
from bluffmath.hochstapler.rules import COLOURS, PILE


def deal_cards(players: int, seed: int, deal: int) -> tuple[Mapping[str, tuple[int, ...]],
                                                            Mapping[str, tuple[int, ...]]]:
    """Shuffle each colour's pile and give every seat one card of each colour.

    The same ``seed`` and ``deal`` give the same cards on every machine and Python.
    """
    rng = random.Random(f"bluffmath-hochstapler/{seed}/{deal}")
    hands, piles = {}, {}
    for colour in COLOURS:
        cards = sorted(Counter(PILE).elements())
        rng.shuffle(cards)
        hands[colour], piles[colour] = tuple(cards[:players]), tuple(cards[players:])
    return MappingProxyType(hands), MappingProxyType(piles)


@dataclass(frozen=True)
class Reveal:
    """What a doubt showed: each seat's card in the called colour and who took the colour."""

    deal: int
    call: Call
    doubter: int
    cards: tuple[int, ...]
    taker: int

    @property
    def total(self) -> int:
        """The colour's total over all hands."""
        return sum(self.cards)

    @property
    def call_was_true(self) -> bool:
        """True when the total reached the call (so the doubter took the colour)."""
        return self.total >= self.call.total


@dataclass(frozen=True)
class SeatView:
    """What one seat may know: its Position (hand and public history of this deal), the
    scores, whose turn it is, and every reveal so far."""

    position: Position
    to_act: int
    scores: tuple[int, ...]
    reveals: tuple[Reveal, ...]
    deal: int

    @property
    def me(self) -> int:
        """The seat this view belongs to."""
        return self.position.me
