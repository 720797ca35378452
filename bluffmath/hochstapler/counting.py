"""Card counting: a colour's total over all hands, by dynamic programming over counts.

The other hands' cards in a colour are a uniformly random set of the cards I cannot
see. So the number of ways the unseen cards make a sum is a coefficient of
``prod_v (1 + x*y**v) ** m_v``, where ``m_v`` is the number of unseen cards of value
``v``; :func:`ways_by_sum` computes those coefficients value by value, never listing hands.
For comparison, :func:`independent_total` is the total if each hand drew its card from
a full pile of its own (with replacement, like dice), which the game does not do.

>>> d = total_distribution(players=5, own=3, face_up=(0, 7))
>>> d.total_weight, d.weight_of(lambda t: t >= 12), d.at_least(12)
(495, 377, Fraction(377, 495))
>>> call_odds(5, own=3, call=12, face_up=(0, 7))
Fraction(377, 495)
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable
from fractions import Fraction
from functools import cache

from bluffmath.distribution import Distribution
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.rules import (
    CARDS_PER_COLOUR,
    PILE,
    VALUES,
    check_known_cards,
    check_players,
)
from bluffmath.validate import whole_number

Pool = tuple[int, ...]  # number of unseen cards of each value 0..7


def unseen_pool(own: int | None, face_up: Iterable[int]) -> Pool:
    """The cards of a colour nobody has shown me: the pile less my card and the face-up ones.

    The values must be card values, 0 to 7 (every caller has checked them).

    >>> unseen_pool(7, (0, 0))
    (1, 2, 2, 2, 2, 2, 1, 0)
    """
    pool = list(_PILE_COUNTS)
    if own is not None:
        pool[own] -= 1
    for value in face_up:
        pool[value] -= 1
    return tuple(pool)


_PILE_COUNTS = tuple(PILE[v] for v in VALUES)


def known_cards(players: int, own: int | None, face_up: Iterable[int]) -> tuple[tuple[int, ...], Pool]:
    """The face-up values as a tuple and the unseen pool, once they are checked exactly as
    :func:`~bluffmath.hochstapler.rules.check_known_cards` checks them (``players`` is
    taken as checked).

    The usual input (a tuple of card values that fits the pile, my card a value or None)
    is checked here in a few steps, since card counting runs thousands of times a second;
    anything else goes to ``check_known_cards``, which makes it a tuple or says what is
    wrong.

    >>> known_cards(4, 7, [0, 0])
    ((0, 0), (1, 2, 2, 2, 2, 2, 1, 0))
    >>> known_cards(4, 7, (7,))
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: a colour has only 1 card(s) of value 7, but the face-up cards with your card need 2 (...)
    """
    if (type(face_up) is tuple and len(face_up) <= CARDS_PER_COLOUR - players
            and (own is None or (type(own) is int and 0 <= own <= _TOP))):
        pool = list(_PILE_COUNTS)
        if own is not None:
            pool[own] -= 1
        for value in face_up:
            if type(value) is not int or not 0 <= value <= _TOP:
                break
            pool[value] -= 1
        else:
            if min(pool) >= 0:
                return face_up, tuple(pool)
    face_up = check_known_cards(players, own, face_up)
    return face_up, unseen_pool(own, face_up)


_TOP = max(VALUES)

# The generating function is packed into one big int: the coefficient of x**c * y**s is
# the base-2**_BITS digit number c*span + s, where span = 7k + 1 exceeds every sum of at
# most k cards. No coefficient exceeds 2**15 (the number of subsets of 15 cards), so
# digits never carry into each other; terms of more than k cards are masked off.
_BITS = 16


@cache
def ways_by_sum(pool: Pool, k: int) -> dict[int, int]:
    """For each sum s, the number of k-card sets from ``pool`` whose values add up to s.

    Cards are distinct objects, so two of the three 0s make C(3, 2) = 3 sets. Each card
    multiplies the generating function by (1 + x*y**value), one shift and one addition
    of the packed int; the sums of the k-card sets are the digits of x**k.

    >>> ways_by_sum((3, 2, 0, 0, 0, 0, 0, 0), 2)   # three 0s and two 1s, take two
    {0: 3, 1: 6, 2: 1}
    """
    if sum(pool) > CARDS_PER_COLOUR:
        raise InvalidInputError(f"a pool holds at most one colour's {CARDS_PER_COLOUR} cards, got {pool}")
    span = max(VALUES) * k + 1
    row = _BITS * span
    keep = (1 << (row * (k + 1))) - 1
    packed = 1
    for value, available in zip(VALUES, pool, strict=True):
        shift = _BITS * (span + value)
        for _ in range(available):
            packed = (packed + (packed << shift)) & keep
    digits = array("H", (packed >> (row * k)).to_bytes(2 * span, "little"))
    if sys.byteorder == "big":
        digits.byteswap()
    return {total: ways for total, ways in enumerate(digits) if ways}


def chance_at_least(pool: Pool, k: int, need: int) -> Fraction:
    """P(k cards drawn from ``pool`` add up to at least ``need``); unchecked, for hot loops."""
    ways = ways_by_sum(pool, k)
    return Fraction(sum(w for s, w in ways.items() if s >= need), sum(ways.values()))


def total_distribution(players: int, own: int | None = None,
                       face_up: Iterable[int] = ()) -> Distribution[int]:
    """The distribution of one colour's total over all ``players`` hands.

    ``own`` is my card in that colour (``None`` if I hold none or do not look) and
    ``face_up`` the values lying face up beside that colour's pile after exchanges.
    Weights are numbers of equally likely sets of the other hands' cards.

    >>> d = total_distribution(players=3)
    >>> from math import comb
    >>> d.total_weight == comb(15, 3), d.mean()
    (True, Fraction(43, 5))
    """
    players = check_players(players)
    pool = known_cards(players, own, face_up)[1]
    ways = ways_by_sum(pool, players if own is None else players - 1)
    base = own or 0
    return Distribution._counted({base + s: w for s, w in ways.items()})


def call_odds(players: int, own: int | None, call: int, face_up: Iterable[int] = ()) -> Fraction:
    """P(the colour's total >= ``call``): the chance that a call of ``call`` is true.

    >>> call_odds(3, own=7, call=0)
    Fraction(1, 1)
    """
    call = whole_number("call", call, 0)
    return total_distribution(players, own, face_up).at_least(call)


def exchange_distribution(players: int, own: int, face_up: Iterable[int] = ()) -> Distribution[int]:
    """The colour's total if I exchange my card ``own`` now, before I see the new one.

    My card goes face up and I take the top card of the pile, which is as likely to be
    any unseen card as the other hands are. Compare with ``total_distribution(players,
    own, face_up)``, the total if I keep it.

    >>> keep = total_distribution(4, own=0)
    >>> swap = exchange_distribution(4, own=0)
    >>> keep.mean() < swap.mean()
    True
    """
    players = check_players(players)
    face_up = check_known_cards(players, whole_number("own", own, 0, max(VALUES)), face_up)
    if len(face_up) == CARDS_PER_COLOUR - players:
        raise InvalidInputError(
            f"no card is left in the pile to exchange for: {len(face_up)} cards already lie "
            f"face up, the most there can be with {players} players"
        )
    return total_distribution(players, None, (*face_up, own))


def cards_to_exchange(players: int, call: int, face_up: Iterable[int] = ()) -> tuple[int, ...]:
    """The card values (lowest first) that I should exchange now if I want ``call`` true.

    A value is listed when the chance that the colour's total reaches ``call`` is higher
    after exchanging a card of that value (:func:`exchange_distribution`) than when
    keeping it (:func:`call_odds`); values none of whose cards I could hold (all face up)
    are left out. An exchange is a gamble: the higher the call, the more cards it pays to
    give up.

    >>> cards_to_exchange(4, call=12), cards_to_exchange(4, call=16)
    ((0, 1, 2), (0, 1, 2, 3))
    >>> cards_to_exchange(4, call=12, face_up=(0, 0, 0))
    (1, 2, 3)
    """
    players = check_players(players)
    call = whole_number("call", call, 0)
    face_up = check_known_cards(players, None, face_up)
    if len(face_up) >= CARDS_PER_COLOUR - players:
        raise InvalidInputError(
            f"no card is left in the pile to exchange for: {len(face_up)} cards lie face up, "
            f"and with {players} players at most {CARDS_PER_COLOUR - players - 1} may lie "
            f"face up before an exchange"
        )
    pool = unseen_pool(None, face_up)
    return tuple(v for v in VALUES if pool[v]
                 and exchange_distribution(players, v, face_up).at_least(call)
                 > total_distribution(players, v, face_up).at_least(call))


def independent_total(players: int) -> Distribution[int]:
    """A colour's total if each of the ``players`` hands drew its card from a full pile of
    its own: a sum of independent draws, like rolling a 15-sided die with the pile's values.

    This is *not* the game, whose hands share one pile (:func:`total_distribution`); it is
    the model to compare with. The weights are numbers of ordered draws, ``15 ** players``
    in all. Both models have the same mean, ``players * 43/15``; the shared pile's total
    varies less.

    >>> d = independent_total(3)
    >>> d.total_weight == 15**3, d[21]   # all three draw the 7: (1/15)**3
    (True, Fraction(1, 3375))
    >>> d.mean() == total_distribution(3).mean(), d.variance() > total_distribution(3).variance()
    (True, True)
    """
    players = check_players(players)
    one = Distribution(PILE)
    total = one
    for _ in range(players - 1):
        total = total + one
    return total
