"""An exact acceptance region for simulations: how many successes a sample may show."""

from __future__ import annotations

from fractions import Fraction
from math import comb


def acceptance(n: int, p: Fraction, alpha: Fraction = Fraction(1, 10**6)) -> tuple[int, int]:
    """The central region of Binomial(n, p) holding all but at most ``alpha`` (exact): the
    fewest and most successes a sample of ``n`` draws may show.

    >>> acceptance(10, Fraction(1, 2), Fraction(1, 100))
    (1, 9)
    """
    pmf = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    low, tail = 0, Fraction(0)
    while tail + pmf[low] <= alpha / 2:
        tail += pmf[low]
        low += 1
    high, tail = n, Fraction(0)
    while tail + pmf[high] <= alpha / 2:
        tail += pmf[high]
        high -= 1
    return low, high
