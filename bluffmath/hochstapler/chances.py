"""A colour's odds as tables read by index: ``chances[t]`` = P(the total >= t).

The card-counting bots (:mod:`bluffmath.hochstapler.bots`) read their odds here: the
same Fractions as :func:`~bluffmath.hochstapler.counting.total_distribution`'s and
:func:`~bluffmath.hochstapler.bids.read_bids`'s, computed once per hand of cards seen
(the tables are cached), which is what lets a five-player game of card-counting bots take
a few milliseconds.

>>> chances = counting_chances(3, 7, ())
>>> chances[7], chances.highest(Fraction(1, 2))
(Fraction(1, 1), 12)
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction
from functools import lru_cache

from bluffmath.errors import InconsistentEvidenceError
from bluffmath.hochstapler.bids import OpponentModel, read_bids
from bluffmath.hochstapler.counting import unseen_pool, ways_by_sum
from bluffmath.hochstapler.position import SpokenCall
from bluffmath.hochstapler.rules import MAX_TOTAL


@lru_cache(maxsize=16384)
def counting_chances(players: int, own: int | None, face_up: tuple[int, ...]) -> Chances:
    """P(a colour's total >= t) by card counting, for every t from 0 to one past the
    highest total: ``chances[t]``. ``face_up`` must be sorted (it is a cache key).

    The same Fractions as ``total_distribution(players, own, face_up).at_least(t)``; the
    arguments are trusted (the engine made them), so nothing is checked here.

    >>> from bluffmath.hochstapler.counting import total_distribution
    >>> chances = counting_chances(5, 3, (0, 7))
    >>> chances[12] == total_distribution(5, 3, (0, 7)).at_least(12), chances[12]
    (True, Fraction(377, 495))
    """
    k = players if own is None else players - 1
    ways = ways_by_sum(unseen_pool(own, face_up), k)
    return _tails(ways, own or 0, MAX_TOTAL[players] + 1)


class Chances(tuple[Fraction, ...]):
    """A colour's odds: ``chances[t]`` = P(the total >= t), for t from 0 to one past the
    highest total a colour can reach (so the last is 0). The bots' tables are cached, so
    a table's answers to :meth:`highest` are remembered with it.

    >>> chances = counting_chances(3, 7, ())
    >>> chances[0], chances[7], chances[8] < 1, chances[-1]
    (Fraction(1, 1), Fraction(1, 1), True, Fraction(0, 1))
    >>> chances.highest(Fraction(1, 2)), chances[12] >= Fraction(1, 2) > chances[13]
    (12, True)
    """

    def highest(self, p: Fraction) -> int:
        """The highest total ``t`` with ``chances[t] >= p`` (0 when none but the first)."""
        memo: dict[Fraction, int] = self.__dict__.setdefault("_highest", {})
        if p not in memo:  # the chances never rise with t: count those >= p, by bisection
            memo[p] = max(0, bisect_right(self, -p, key=_negative) - 1)
        return memo[p]


def _negative(p: Fraction) -> Fraction:
    return -p


def _tails(weights: dict[int, int], shift: int, top: int) -> Chances:
    """``weights`` (total - shift -> weight) as P(total >= t) for t = 0 .. top."""
    whole = sum(weights.values())
    tail, chances = 0, []
    for t in range(top, -1, -1):
        tail += weights.get(t - shift, 0)
        chances.append(Fraction(tail, whole))
    chances.reverse()
    return Chances(chances)


@lru_cache(maxsize=4096)
def reading_chances(players: int, own: int | None, calls: tuple[SpokenCall, ...],
                    face_up: tuple[int, ...], model: OpponentModel) -> Chances | None:
    """P(a colour's total >= t) given the others' ``calls`` under ``model``, for every t
    from 0 to one past the highest total (see :func:`read_bids`); None when no deal
    agrees with the calls (possible only when the model says nobody bluffs).

    >>> from bluffmath.hochstapler.bids import read_bids
    >>> calls = (SpokenCall(seat=1, total=14, face_up=()),)
    >>> chances = reading_chances(4, 2, calls, (), OpponentModel())
    >>> chances[14] == read_bids(4, 2, calls).at_least(14)
    True
    """
    try:
        d = read_bids(players, own, calls, face_up, model)
    except InconsistentEvidenceError:
        return None
    weights = {total: d.weight(total) for total in d}
    return _tails(weights, 0, MAX_TOTAL[players] + 1)
