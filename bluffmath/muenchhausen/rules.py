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
#: Rounds in one game (a game is an agreed number of rounds; each ends, see turns_bound).
Hand = tuple[int, ...]


def values(players: int) -> Hand:
    """The values every player starts a round with."""
    if type(players) is int and players in _VALUES:
        return _VALUES[players]
    whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)
    raise AssertionError("unreachable")


_VALUES = {n: tuple(range(3 if n >= 6 else 1, 9)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def without(hand: Hand, card: int) -> Hand:
    """``hand`` with one card of value ``card`` taken out.

    >>> without((2, 5, 5, 7), 5)
    (2, 5, 7)
    """
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)


def turns_bound(players: int, declined: int = 0) -> int:
    """The most turns a round can last: ``N (N (V - 1) + 2 + declined)`` for ``N`` players
    holding ``V`` values each, where ``declined`` counts the rewards declined in the round.

    Why: a card put on a pile stays there, and while no hand is empty at most ``N V - N``
    cards lie on piles. A turn with an offer ends the round, or puts exactly one card on a
    pile (a believed card; after a doubt, the reward), or has a declined reward: at most
    ``N (V - 1) + 1 + declined`` such turns. Turns with no offer come at most ``N - 1`` in a
    row between them, and the ``N``-th in a row ends the round. With two players every turn
    puts its card on a pile. Bots never decline, so their rounds last at most
    ``turns_bound(N)`` turns (120 with 4 players, 336 with 8).

    >>> turns_bound(4), turns_bound(8), turns_bound(2), turns_bound(4, declined=3)
    (120, 336, 32, 132)
    """
    whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)
    whole_number("declined", declined, 0)
    return players * (players * (len(values(players)) - 1) + 2 + declined)


def turn_actions_bound(players: int) -> int:
    """The most actions one turn can take: a name, at most ``V`` rising offers from each of
    the ``N - 1`` others with fewer than ``N - 1`` passes before each and ``N - 1`` to close,
    a choice, a card, believe or doubt, a reward: ``(N - 1)^2 V + N + 4``.

    >>> turn_actions_bound(4), turn_actions_bound(8)
    (80, 306)
    """
    whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)
    return (players - 1) ** 2 * len(values(players)) + players + 4
