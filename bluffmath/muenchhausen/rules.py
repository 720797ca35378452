"""Münchhausen's cards and variants: who holds what, and the numbers the rules speak of.

Every player holds one card of each value 1-8 (3-8 with 6 to 8 players); only the value
counts. A hand is a sorted tuple of values (a multiset: a player may come to hold two
cards of one value).

>>> values(4), values(7)
((1, 2, 3, 4, 5, 6, 7, 8), (3, 4, 5, 6, 7, 8))
"""

from __future__ import annotations

from bluffmath.validate import whole_number

MIN_PLAYERS, MAX_PLAYERS = 2, 8
Hand = tuple[int, ...]


def values(players: int) -> Hand:
    """The values every player starts a round with."""
    whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)
    return tuple(range(3 if players >= 6 else 1, 9))


def without(hand: Hand, card: int) -> Hand:
    """``hand`` with one card of value ``card`` taken out.

    >>> without((2, 5, 5, 7), 5)
    (2, 5, 7)
    """
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)
